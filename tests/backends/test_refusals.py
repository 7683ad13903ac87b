"""What an agent tried that its confinement refuses reaches the game, the bench rows and the report (issue 32):
the agent host's child notes it with an audit hook (app/backends/host/refusals.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from app.backends import host
from app.backends.games import play
from app.solver.playable import load_game_map
from tests.paths import MAPS_DIR, ROOT

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the agent host confines agents on Linux")

PEEK = '''"""Tries the map, a socket, a process, a write outside its folder and a ctypes syscall; swallows each refusal."""
import ctypes
import socket
import subprocess

from agents.base import Agent
from app.core import Action


class Peek(Agent):
    def act(self, observation):
        for attempt in (lambda: open(SECRET).read(), lambda: socket.socket(),
                        lambda: subprocess.run(["true"]), lambda: open(OUTSIDE, "w").write("x"),
                        lambda: ctypes.CDLL(None).syscall):
            try:
                attempt()
            except Exception:
                pass
        return Action.solve()


AGENT = Peek
'''


@pytest.fixture
def peek(tmp_path):
    secret, outside = MAPS_DIR / "four-known.map", tmp_path / "outside" / "leak.txt"
    outside.parent.mkdir()
    agent = tmp_path / "agent" / "peek.py"
    agent.parent.mkdir()
    agent.write_text(PEEK.replace("SECRET", repr(str(secret))).replace("OUTSIDE", repr(str(outside))))
    return agent, secret, outside


def _expected(secret, outside) -> list[str]:
    return [f"tried to open {secret.resolve()} (outside what it may read)", "tried to make a network socket",
            "tried to start a process", f"tried to write {outside.resolve()} (outside its scratch folder)",
            "reached for the C function syscall through ctypes"]


def test_the_game_keeps_each_attempt_in_order_and_says_it_in_its_notes(peek):
    agent, secret, outside = peek
    assert host.enabled()
    lines: list[str] = []
    game = play(str(agent), load_game_map(MAPS_DIR / "four-known.map"), _rules(), on_log=lines.append)
    assert game.refusals == _expected(secret, outside)
    assert [line for line in lines if line.startswith("confinement:")] == [
        f"confinement: the agent {attempt}" for attempt in _expected(secret, outside)]
    assert not outside.exists()


@pytest.mark.parametrize("agent", ["incrocio", "bayes", "bdi"])
def test_the_shipped_agents_try_nothing(agent):
    game = play(agent, load_game_map(MAPS_DIR / "four-known.map"), _rules())
    assert game.refusals == []


def test_every_game_of_a_bench_and_the_report_tell_the_teacher(peek, tmp_path):
    agent, secret, outside = peek
    out = tmp_path / "class.jsonl"
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "bench", "--agents", f"{agent},cross", "--maps",
                           str(MAPS_DIR / "four-known.map"), str(MAPS_DIR / "open-sea.map"), "--out", str(out),
                           "--no-progress"], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    refused = {(r["agent"], r["map"]): r.get("refusals") for r in records if r.get("type", "game") == "game"}
    assert [value for (name, _), value in refused.items() if name == str(agent)] == [_expected(secret, outside)] * 2
    assert not any(value for (name, _), value in refused.items() if name == "cross")
    report = subprocess.run([sys.executable, str(ROOT / "main.py"), "report", str(out), "--out", str(tmp_path / "r")],
                            capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    page = (tmp_path / "r" / "index.html").read_text()
    assert "refused 5" in page and str(secret.resolve()) in page


SILENCE = '''"""Finds its process's refusal recorder through gc and silences it, then tries the map."""
import gc

from agents.base import Agent
from app.core import Action, ActionKind

for thing in gc.get_objects():
    if type(thing).__name__ == "Recorder" and hasattr(thing, "take"):
        thing._busy = True  # the hook skips everything from now on

class Silent(Agent):
    def act(self, observation):
        try:
            open(SECRET).read()
        except OSError:
            return Action.solve()
        return Action(ActionKind.FIRE, 0, 0)  # the read worked


AGENT = Silent
'''


def test_an_agent_can_silence_its_own_notes_but_not_the_refusals(tmp_path):
    # docs/sandbox.md, "What the notes do not prove": the recorder is the agent's process's own; the kernel's
    # refusal is not
    secret = MAPS_DIR / "four-known.map"
    agent = tmp_path / "silent.py"
    agent.write_text(SILENCE.replace("SECRET", repr(str(secret))))
    lines: list[str] = []
    game = play(str(agent), load_game_map(secret), _rules(), on_log=lines.append)
    assert game.refusals == [] and not any(line.startswith("confinement:") for line in lines)
    assert [event.text for event in game.events] == ["solve"]  # its read was refused: it solved at once


def _rules():
    from app.core import PROFILES

    return PROFILES["unito-2019"]


FORKED = '''import json, os, sys
from pathlib import Path
from app.backends.host.refusals import Recorder

recorder = Recorder([Path(sys.prefix)], [Path(SCRATCH)])
recorder.install()
with recorder.aside():  # as a template forks a game's process
    pid = os.fork()
    if pid == 0:
        for moved in (False, True):  # the host's own restrictions, then the agent's code
            if moved:
                recorder.moved([Path(SCRATCH)])
            try:
                open(SECRET).read()
            except OSError:
                pass
        print(json.dumps(recorder.take()), flush=True)
        os._exit(0)
os.waitpid(pid, 0)
print(json.dumps(recorder.take()), flush=True)
'''


def test_a_forked_games_recorder_notes_the_agent_from_its_move_on(tmp_path):
    """A template's game process inherits its recorder, aside during the fork: the host's own doing up to ``moved``
    is not noted, the agent's from then on is, and the template notes nothing of either."""
    secret = MAPS_DIR / "four-known.map"
    script = FORKED.replace("SCRATCH", repr(str(tmp_path))).replace("SECRET", repr(str(secret)))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    game, template = done.stdout.splitlines()
    assert json.loads(game) == [f"tried to open {secret.resolve()} (outside what it may read)"]
    assert json.loads(template) == []
