"""What the usability test of a real class found wrong in the report, one test each (issue #32).

Load errors shown per agent and per game (not as an ordinary game), a named baseline missing from the
results (the error gives the command that plays it, and that command works), the worst maps' replay
commands run as printed from another folder, the header counts the current games only, and every agent
has a colour of its own in the "by difficulty" chart.
"""

from __future__ import annotations

import html
import re
import shlex
import subprocess

import markupsafe
import pytest

from app.cli import main
from app.core import BattleshipError
from app.report import analyse, figures, write_report
from app.tournament.bench.store import ResultStore
from tests.paths import MAPS_DIR, ROOT

BROKEN = ROOT / "tests" / "backends" / "broken_agents" / "misspelt.clp"  # a rule that does not load
MAPS = [str(MAPS_DIR / "bench" / f"k{k}-0001.map") for k in (0, 2)]


@pytest.fixture(scope="module")
def class_run(tmp_path_factory):
    """cross and an agent with a load error on two maps, as a tournament file (played once for the module)."""
    folder = tmp_path_factory.mktemp("class")
    results = folder / "class.jsonl"
    assert main(["bench", "--agents", f"cross,{BROKEN}", "--maps", *MAPS, "--jobs", "1", "--no-progress",
                 "--out", str(results)]) == 0
    return results


def records(results) -> list[dict]:
    return ResultStore(results).records()


def test_load_errors_are_shown_per_agent_and_per_game(class_run, tmp_path):
    page = write_report(records(class_run), tmp_path / "report", class_run).read_text()
    agent = str(BROKEN)
    notes = analyse(records(class_run), draw=False)[0].notes[agent]
    assert notes.games_with_load_errors == 2
    assert notes.load_errors and all(re.search(r"misspelt\.clp:\d+", e) for e in notes.load_errors)
    assert str(markupsafe.escape(notes.load_errors[0])) in page
    assert "loaded with errors in 2 of 2 games" in page
    assert "played with 1 load error" in page  # the failures table says so, not just "solved by the agent"


def test_check_agent_findings_and_unplayed_submissions_are_listed(class_run, tmp_path):
    page = write_report(records(class_run), tmp_path / "report", class_run,
                        findings={"cross": ["step 3: fire 0 0 fired twice"]},
                        not_played={"eve": "load-order.txt:1: x is outside the agent's folder"}).read_text()
    assert "step 3: fire 0 0 fired twice" in page and "1 check-agent finding" in page
    assert "not played: load-order.txt:1: x is outside" in page


def test_the_refusals_have_their_place_per_game(class_run):
    notes = analyse([{**r, "refusals": ["open /secret/map (outside its folder)"]} if r["agent"] == "cross" else r
                     for r in records(class_run)], draw=False)[0].notes
    assert notes["cross"].refusals == ["open /secret/map (outside its folder)"]


def test_a_missing_baseline_says_how_to_play_it_and_that_command_works(class_run, tmp_path):
    copy = tmp_path / "class.jsonl"
    copy.write_bytes(class_run.read_bytes())
    with pytest.raises(BattleshipError, match="--baseline random: no such agent in the results") as caught:
        write_report(records(copy), tmp_path / "report", copy, baseline="random")
    command = str(caught.value).split("seed first: ", 1)[1]
    done = subprocess.run([*shlex.split(command), "--no-progress"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert main(["report", str(copy), "--out", str(tmp_path / "report"), "--baseline", "random"]) == 0
    assert "Against the baseline random" in (tmp_path / "report" / "index.html").read_text()


def test_the_replay_commands_run_as_printed_from_another_folder(class_run, tmp_path):
    page = write_report(records(class_run), tmp_path / "report", class_run).read_text()
    commands = [html.unescape(c) for c in re.findall(r"<code>([^<]* run --agent [^<]*)</code>", page)]
    assert len(commands) == 4  # two agents, two maps each
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for command in commands[:3:2]:  # one of each agent's (the broken one needs --allow-load-errors)
        done = subprocess.run(shlex.split(command) + ["--quiet"], cwd=elsewhere, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, (command, done.stderr)
        assert (tmp_path / "report" / "replays").is_dir()
    assert len(list((tmp_path / "report" / "replays").glob("*.jsonl"))) == 2


def test_the_header_counts_the_current_games_only(class_run, tmp_path):
    now = records(class_run)
    older = [{**r, "agent_hash": "f" * 16, "finished": r["finished"] - 3600} for r in now if r["agent"] == "cross"]
    page = write_report(older + now, tmp_path / "report", class_run).read_text()
    assert "4 games: 2 agents on 2 maps" in page
    assert "2 older games of resubmitted agents left out" in page


def test_every_agent_has_its_own_colour_by_difficulty(monkeypatch):
    drawn = []
    monkeypatch.setattr(figures, "data_uri", lambda figure: drawn.append(figure) or "")
    agents = {f"student{i:02d}": [float(i), float(i + 1)] for i in range(30)}
    figures.difficulty_figure([0, 2], agents, "by difficulty")
    lines = drawn[0].axes[0].get_lines()
    assert len(lines) == 30
    assert len({line.get_color() for line in lines}) == 30
