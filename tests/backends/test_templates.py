"""Loaded templates (issue 41; docs/sandbox.md, "Templates"): an agent loaded once in a confined process that
forks each later game's process. Every game must start pristine, a load that starts a process or a thread must end
the template with it, and a load error must read as it does without templates."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.backends.drivers import create_driver
from app.backends.host import forkers, kind, warm
from app.backends.host.limits import Limits
from app.backends.host.protocol import Request
from app.backends.kinds import CLIPS, COURSE_FILES, PYTHON
from app.backends.kinds.course_side import COURSE_SIDE
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import PROFILES, Game
from app.core.formats import load_map
from tests.paths import ROOT

HOSTILE = Path(__file__).parent / "hostile"
MAPS = sorted((ROOT / "maps" / "bench").glob("*.map"))
pytestmark = pytest.mark.skipif(sys.platform != "linux" or not hasattr(os, "pidfd_open") or kind() != "zygote",
                                reason="templates are forks of the zygote's host (Linux with pidfds)")


@pytest.fixture
def templates(monkeypatch):
    """The default: templates on (whatever the environment the tests run in says)."""
    monkeypatch.delenv(warm.TEMPLATE_VARIABLE, raising=False)


def _copy(tmp_path: Path, name: str, mode: str = "") -> Path:
    agent = tmp_path / name
    agent.write_text((HOSTILE / name).read_text().replace("MODE", mode))
    return agent


def _play(agent: Path | str, games: int, maps: list[Path] = MAPS) -> list[tuple[str, list[str], bool, dict]]:
    """Each game's stop reason, log, whether its process was forked from a template (not the zygote), and the
    files it wrote; the first ``games`` of ``maps``, in turn."""
    played = []
    for game_map in (maps * games)[:games]:
        log: list[str] = []
        driver = create_driver(resolve(str(agent)))
        parent = int(Path(f"/proc/{driver._child.process.pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        match = Match(Game(load_map(game_map)), driver, on_log=log.append)
        try:
            match.run()
        finally:
            match.close()
        played.append((match.game.result().stop_reason, log, parent != forkers.zygote().process.pid,
                       match.written_files))
    return played


def _lines(log: list[str], *words: str) -> list[str]:
    return [line.strip() for line in log if any(word in line for word in words)]


def test_kinds_say_whether_they_load_ahead():
    assert CLIPS.loads_ahead
    assert not PYTHON.loads_ahead  # its top level would run Python in the template's own interpreter
    assert not COURSE_FILES.loads_ahead and not COURSE_SIDE.loads_ahead  # their files are a game's own


def test_clips_state_left_at_load_is_pristine_in_every_game(tmp_path, templates):
    agent = _copy(tmp_path, "leave_state.clp")
    played = _play(agent, 20)
    assert [forked for _, _, forked, _ in played] == [False, False] + [True] * 18  # from its third game on
    for _, log, _, _ in played:
        assert _lines(log, "games seen", "facts from", "file lines", "the agent wrote") == [
            "leave_state: games seen: 1", "leave_state: facts from the load: 1 0", "leave_state: file lines: load",
            "the agent wrote left-at-load.txt (10 bytes)"]


def test_clips_state_left_at_load_is_pristine_in_every_game_of_a_bench(tmp_path, templates):
    """The issue's own words: a ``bench`` of 20 games (one worker: its games from the third on fork from the
    template). The agent solves at once when what it sees is pristine, and fires when not: the rows say which."""
    agent = _copy(tmp_path, "leave_state.clp")
    out = tmp_path / "bench.jsonl"
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "bench", "--agents", str(agent), "--maps",
                           *map(str, MAPS[:20]), "--jobs", "1", "--out", str(out), "--no-progress"],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    assert [(row["actions"], row["stop_reason"]) for row in rows] == [(1, "solved by the agent")] * 20


def test_python_state_left_at_load_is_pristine_and_its_fork_refused(tmp_path, templates):
    agent = _copy(tmp_path, "leave_state.py")
    played = _play(agent, 20)
    assert not any(forked for _, _, forked, _ in played)  # never loaded ahead
    for *_, files in played:
        assert files["state.txt"] == (b"module list: 1; fork at load: refused (PermissionError); signal at load: "
                                      b"refused (PermissionError)")


def _requests(agent: Path) -> list[tuple[str, tuple]]:
    spec = resolve(str(agent))
    fields = {"name": spec.name, "kind": str(spec.kind), "module": spec.kind.module,
              "paths": [str(p) for p in spec.paths]}
    return [(str(Request.CREATE), ((fields, None, 5.0, Limits(), str(ROOT)), [], False)),
            (str(Request.CALL), (("preload", (PROFILES["unito-2019"],), {}), [], False))]


@pytest.mark.parametrize(("mode", "words"), [("process", "the agent started a process while loading"),
                                             ("thread", "the agent started a thread while loading")])
def test_a_load_that_starts_a_process_or_a_thread_ends_the_template(tmp_path, monkeypatch, mode, words):
    """Loaded in a template by hand (its kind is never loaded ahead): what the load started is found from outside
    and ended with the template."""
    found: list[int] = []
    below = forkers._below

    def noting(pid: int) -> list[int]:
        pids = below(pid)
        found.extend(pids)
        return pids

    monkeypatch.setattr(forkers, "_below", noting)
    with pytest.raises(forkers.TemplateRefused, match=words):
        forkers.Template(forkers.zygote(), _requests(_copy(tmp_path, "load_forks.py", mode)), 30.0)
    assert bool(found) == (mode == "process")
    deadline = time.monotonic() + 5.0  # SIGKILL is sent: the kernel ends them in a moment
    while any(_running(pid) for pid in found) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_running(pid) for pid in found), "a process the load started still runs"


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def test_a_template_that_fails_to_load_reports_as_before(tmp_path, templates, monkeypatch):
    agent = tmp_path / "broken.clp"
    agent.write_text("(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))\n(defrule AGENT::r =>\n")
    with pytest.raises(forkers.TemplateRefused):
        forkers.Template(forkers.zygote(), _requests(agent), 30.0)
    with_templates = [reason for reason, *_ in _play(agent, 4)]
    monkeypatch.setenv(warm.TEMPLATE_VARIABLE, "0")
    assert with_templates == [reason for reason, *_ in _play(agent, 4)]
    assert len(set(with_templates)) == 1 and with_templates[0]


@pytest.mark.parametrize("agent", ["incrocio", "bdi"])
def test_a_forked_game_logs_as_a_fresh_one_and_notes_no_refusal(agent, templates):
    """The host's own doing in a game's process (its parent-death signal, seccomp filter and Landlock layer, set
    after the fork) is not the agent's: a game's log does not depend on which process played it."""
    played = _play(agent, 4, MAPS[:1])
    assert [forked for _, _, forked, _ in played] == [False, False, True, True]
    logs = [log for _, log, _, _ in played]
    assert not _lines(logs[-1], "confinement:")
    assert logs[2] == logs[3] == logs[0]


def test_each_of_a_class_of_agents_finds_its_next_games_process_forked_ahead(monkeypatch):
    """A class of more agents than fresh children are kept (``PREPARED``), maps outer: each agent's next game's
    process, forked from its template while the games of the others play, is kept until that game takes it (as
    many as templates are kept), never forked ahead and ended unused."""
    ahead, ended = [], []
    monkeypatch.setattr(warm, "templates_on", lambda: True)
    monkeypatch.setattr(warm, "_template_for", lambda key, requests, memory: True)
    monkeypatch.setattr(warm, "_from_template", lambda key, memory: ahead.append(key) or key)
    monkeypatch.setattr(warm, "_discard", lambda future: ended.append(future.result()))
    monkeypatch.setattr(warm, "_SEEN", {})
    monkeypatch.setattr(warm, "_PREPARED", {})
    monkeypatch.setattr(warm, "_FORKED", set())
    agents = [("agent", str(n)) for n in range(warm.PREPARED + 2)]
    taken = []
    for _ in range(3):
        for key in agents:
            future = warm._PREPARED.get(key)
            taken.append(future is not None and warm.take_prepared(key) == key)
            warm.prepare(key, [("create", (key,))], 1 << 30, ahead=True)
    warm.SPAWNER.submit(lambda: None).result()  # every process forked ahead is made (or ended) by now
    assert ended == []
    assert taken == [False] * 2 * len(agents) + [True] * len(agents)  # made from each agent's 2nd game on
    assert ahead == agents * 2


def test_a_game_forked_from_a_template_starts_nothing(tmp_path, templates):
    outside = tmp_path / "outside.txt"
    agent = tmp_path / "system.clp"
    agent.write_text((HOSTILE / "system.clp").read_text().replace("OUTSIDE", str(outside)))
    played = _play(agent, 4)
    assert played[-1][2]  # forked from the template
    assert all(reason == "solved by the agent" for reason, *_ in played)
    assert not outside.exists()


def test_templates_can_be_switched_off(tmp_path, monkeypatch):
    monkeypatch.setenv(warm.TEMPLATE_VARIABLE, "0")
    agent = _copy(tmp_path, "leave_state.clp")
    assert not any(forked for _, _, forked, _ in _play(agent, 4))


def test_the_portable_host_has_no_templates(monkeypatch, templates):
    monkeypatch.setenv("BATTLESHIP_LAB_HOST", "spawn")
    assert not warm.templates_on()
