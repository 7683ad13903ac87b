"""``grade`` as a teacher runs it in a folder of their own: what students see names no path of the grading
machine, a copied shipped agent plays, a renamed copy's row names its partner, an unchanged starter is said,
each map's row says why the game ended, and an agent's printout cannot break its page.

The class, in ``tmp_path / "Secret-Grading-Folder-XYZ"`` with its maps and the output: the small class of
tests/data/grade-class (a rule that does not load, a load order reaching outside its folder: messages that
quote paths), ``peach`` (``new-agent --from probabilistico``, unchanged), ``mario`` (``new-agent --from
incrocio``, then changed), ``luigi`` (mario's copy with its variables renamed and its comments rewritten), and
tests/data/grade-teacher's ``looper`` and ``printer``.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
from html.parser import HTMLParser

import pytest

from app.cli import main
from app.cli.new_agent import make_agent
from app.report.student import ending, script_json
from tests.paths import DATA, MAPS_DIR

SECRET = "Secret-Grading-Folder-XYZ"
GAMES = re.compile(r'<script id="games" type="application/json">(.*?)</script>', re.S)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    secret = tmp_path_factory.mktemp("grading") / SECRET
    class_dir, maps = secret / "class", secret / "maps"
    shutil.copytree(DATA / "grade-class", class_dir)
    maps.mkdir()
    for k in (0, 2):
        shutil.copy(MAPS_DIR / "bench" / f"k{k}-0001.map", maps)
    make_agent("peach", "probabilistico", class_dir)
    mario = make_agent("mario", "incrocio", class_dir)
    strategy = (mario / "strategy.clp").read_text(encoding="utf-8")
    (mario / "strategy.clp").write_text(strategy.replace("(> (+ ?in-row ?in-col) ?best-sum)",
                                                         "(>= (+ ?in-row ?in-col) ?best-sum)"), encoding="utf-8")
    luigi = class_dir / "luigi"
    shutil.copytree(class_dir / "mario", luigi)
    strategy = (luigi / "strategy.clp").read_text(encoding="utf-8")
    strategy = re.sub(r";;;.*", ";;; my own strategy", strategy).replace("?best", "?top").replace("?open", "?free")
    (luigi / "strategy.clp").write_text(strategy, encoding="utf-8")
    for name in ("looper.clp", "printer.clp"):
        shutil.copy(DATA / "grade-teacher" / name, class_dir)
    with (class_dir / "roster.csv").open("a", encoding="utf-8") as roster:
        roster.write("mario,Mario Bros,mario@example.org\nluigi,Luigi Bros,luigi@example.org\npeach,Peach T,\n")
    out = secret / "out"
    assert main(["grade", str(class_dir), "--maps", str(maps), "--out", str(out), "--roster",
                 str(class_dir / "roster.csv"), "--jobs", "1", "--no-coach", "--no-progress"]) == 0
    rows = {r["identifier"]: r for r in csv.DictReader((out / "gradebook.csv").open(encoding="utf-8"))}
    return secret, out, rows


def _student_outputs(out):
    yield from (out / "students").glob("*.html")
    yield from (out / "gradebook.csv", out / "similarity" / "pairs.csv", out / "similarity" / "similarity.html")


def test_no_student_facing_output_holds_the_grading_folder(graded):
    secret, out, _ = graded
    for path in _student_outputs(out):
        text = path.read_text(encoding="utf-8")
        assert SECRET not in text and str(secret.parent) not in text, path.name


def test_the_messages_keep_their_paths_relative_to_the_submission(graded):
    _, out, rows = graded
    dave = (out / "students" / "dave.html").read_text(encoding="utf-8")
    assert re.search(r"<code>agent\.clp:\d+", dave)  # dave's load error, from his folder
    assert "not played:" in rows["eve"]["feedback"] and "eve" in rows["eve"]["feedback"]


def test_a_copied_shipped_agent_plays_and_is_said_to_be_the_starter_unchanged(graded):
    _, _, rows = graded
    peach = rows["peach"]
    assert peach["mean_score"] and "load errors" not in peach["feedback"]
    assert "unchanged starter: the shipped agent probabilistico" in peach["feedback"]
    assert "unchanged starter" not in rows["mario"]["feedback"] and rows["mario"]["mean_score"]


def test_a_renamed_copy_s_row_names_its_partner_by_the_roster(graded):
    _, out, rows = graded
    assert rows["luigi"]["strongest_pair"] == "Mario Bros (1.00, flagged)"
    assert rows["mario"]["strongest_pair"] == "Luigi Bros (1.00, flagged)"
    pairs = list(csv.DictReader((out / "similarity" / "pairs.csv").open(encoding="utf-8")))
    assert {pairs[0]["left"], pairs[0]["right"]} == {"Mario Bros", "Luigi Bros"}
    assert "Mario Bros (mario)" in (out / "similarity" / "similarity.html").read_text(encoding="utf-8")


def test_an_agent_that_played_despite_load_errors_has_a_behaviour_score(graded):
    _, out, rows = graded
    assert "games played with load errors" in rows["dave"]["feedback"]
    pairs = [r for r in csv.DictReader((out / "similarity" / "pairs.csv").open(encoding="utf-8"))
             if "dave" in (r["left_submission"], r["right_submission"])]
    assert pairs and all(r["behaviour_score"] for r in pairs)


def test_the_per_map_table_says_the_agent_looped(graded):
    _, out, _ = graded
    page = (out / "students" / "looper.clp.html").read_text(encoding="utf-8")
    assert page.count("looped: 200000 rule firings in one step") == 2


def test_an_agent_s_printout_cannot_break_its_page(graded):
    _, out, _ = graded
    page = (out / "students" / "printer.clp.html").read_text(encoding="utf-8")
    embedded = GAMES.search(page).group(1)
    assert "<" not in embedded and ">" not in embedded
    notes = [note for game in json.loads(embedded) for said in game["notes"].values() for note in said]
    assert "printer: <!--<script>" in notes and "printer: </script><b>not markup</b>" in notes
    scripts = ScriptCounter()
    scripts.feed(page)
    assert scripts.opened == scripts.closed == 2  # the games' data and the replay's script, as a browser reads them


class ScriptCounter(HTMLParser):
    """The <script> elements of a page as a browser's parser sees them (their content is not markup)."""

    def __init__(self):
        super().__init__()
        self.opened = self.closed = 0

    def handle_starttag(self, tag, attrs):
        self.opened += tag == "script"

    def handle_endtag(self, tag):
        self.closed += tag == "script"


class TestEnding:
    @pytest.mark.parametrize("record, said", [
        ({"status": "timeout", "failure": "timeout"}, "timed out: the whole game ran over the per-game time limit"),
        ({"status": "error", "failure": "error"}, "could not be played"),
        ({"status": "ok", "failure": "agent", "stop_reason": "step 3: the agent fired 200000 rules without ending "
          "its turn (limit 200000): stopped (an endless rule chain?)"}, "looped: 200000 rule firings in one step"),
        ({"status": "ok", "failure": "agent", "stop_reason": "step 0: the agent ran over the time limit of 5 s "
          "(81234 rule firings): stopped (an endless rule chain?)"},
         "timed out: one step ran over 5 s (81234 rule firings)"),
        ({"status": "ok", "failure": "agent", "stop_reason": "agent x took more than 10 s for act: stopped"},
         "timed out: one step ran over 10 s"),
        ({"status": "ok", "failure": "agent", "stop_reason": "the agent stalled (it gave no action for this step)"},
         "stalled: no action the game could carry out"),
        ({"status": "ok", "failure": "agent", "stop_reason": "agent x: act raised ZeroDivisionError: division"},
         "crashed"),
        ({"status": "ok", "failure": "load-errors", "stop_reason": "solved by the agent"}, "played with load errors"),
        ({"status": "ok", "failure": "", "stop_reason": "solved by the agent"}, ""),
    ])
    def test_why_a_game_ended(self, record, said):
        assert ending(record) == said


def test_script_json_round_trips_and_holds_no_markup():
    value = {"note": "<!--<script>", "end": "</script>", "amp": "a & b", "line": "\u2028"}
    text = script_json(value)
    assert not set("<>&\u2028") & set(text) and json.loads(text) == value
