"""The match runner contains agents that crash, stall or return garbage."""

from __future__ import annotations

import re
import threading

import pytest

from agents.base import Agent
from app.backends.base import Driver
from app.backends.drivers import create_driver
from app.backends.python_runner import PythonDriver
from app.backends.registry import AgentSpec, resolve
from app.backends.runner import MAX_LINES, Match
from app.core import Action, AgentError, Game, Outcome
from tests.helpers import OPEN_GRID, grid_map


class Scripted(Agent):
    name = "scripted"

    def __init__(self, moves):
        super().__init__()
        self.moves = list(moves)

    def act(self, observation):
        move = self.moves.pop(0)
        if isinstance(move, Exception):
            raise move
        return move


def run(moves):
    game = Game(grid_map(OPEN_GRID))
    log: list[str] = []
    result = Match(game, PythonDriver(Scripted(moves)), on_log=log.append).run()
    return result, log


def test_crash_ends_the_game_with_the_reason():
    result, log = run([Action.fire(0, 2), ValueError("boom")])
    assert result.stop_reason.startswith("agent scripted raised ValueError: boom")
    assert result.events[0].outcome is Outcome.HIT and result.events[-1].by_engine
    assert any("boom" in line for line in log)


def test_stall_is_detected():
    result, _ = run([None])
    assert "stalled" in result.stop_reason


class RaisingDriver(Driver):
    """Fires along row 0; its ``method`` raises an unexpected (multi-line) RuntimeError at the second step."""

    name = "raiser"

    def __init__(self, method: str):
        self.method, self.calls = method, 0

    def _maybe_raise(self, method: str) -> None:
        if method == self.method and (method == "start" or self.calls >= 2):
            raise RuntimeError("modify failed\n  in fact f-12")

    def start(self, observation, context):
        self._maybe_raise("start")

    def next_action(self, observation):
        self.calls += 1
        self._maybe_raise("next_action")
        return Action.fire(0, self.calls)

    def after(self, event, observation):
        self._maybe_raise("after")

    def output(self):
        self._maybe_raise("output")
        return []


@pytest.mark.parametrize("method", ["start", "next_action", "after", "output"])
def test_any_exception_from_a_driver_method_ends_the_game_with_a_one_line_reason(method):
    game = Game(grid_map(OPEN_GRID))
    log: list[str] = []
    result = Match(game, RaisingDriver(method), on_log=log.append).run()
    reason = f"agent raiser: {method} raised RuntimeError: modify failed in fact f-12"
    assert result.stop_reason == reason and result.agent_failed
    assert f"game stopped: {reason}" in log
    assert result.steps < game.profile.max_steps


class Believer(Scripted):
    """Its ``belief()`` returns (or raises) ``value``."""

    def __init__(self, value):
        super().__init__(["solve"])
        self.value = value

    def belief(self):
        if isinstance(self.value, Exception):
            raise self.value
        return self.value


def test_a_belief_that_is_none_or_a_grid_is_passed_on():
    assert PythonDriver(Believer(None)).belief() is None
    assert PythonDriver(Believer([[0.5] * 10] * 10)).belief().shape == (10, 10)


@pytest.mark.parametrize(("value", "error", "words"), [
    (KeyError("posterior"), KeyError, "posterior"),
    ([[0.5] * 3] * 3, AgentError, "agent scripted: belief() returned an array of shape (3, 3), not (10, 10)"),
    ("high", AgentError, "agent scripted: belief() returned str, not a 10x10 array of numbers"),
])
def test_a_broken_belief_is_reported_not_swallowed(value, error, words):
    with pytest.raises(error, match=re.escape(words)):
        PythonDriver(Believer(value)).belief()


class Talker(Scripted):
    def act(self, observation):
        self.log(f"deciding step {observation.step}")
        return super().act(observation)


def test_what_is_logged_is_kept_with_its_step_for_the_game_log():
    game = Game(grid_map(OPEN_GRID))
    log: list[str] = []
    Match(game, PythonDriver(Talker([Action.fire(0, 2), None])), on_log=log.append).run()
    assert game.notes == [(0, "scripted: deciding step 0"), (1, "scripted: deciding step 1"),
                          (1, "game stopped: the agent stalled (it gave no action for this step)")]
    assert log == ["  scripted: deciding step 0", "  scripted: deciding step 1",
                   "game stopped: the agent stalled (it gave no action for this step)"]


class Chatty(Scripted):
    def act(self, observation):
        for i in range(MAX_LINES + 500):
            self.log(f"line {i}")
        return super().act(observation)


def test_a_flood_of_printouts_is_cut_to_the_per_step_limit():
    game = Game(grid_map(OPEN_GRID))
    log: list[str] = []
    Match(game, PythonDriver(Chatty(["solve"])), on_log=log.append).run()
    assert len(log) == MAX_LINES + 1 and log[0] == "  scripted: line 0"
    assert log[-1] == f"  scripted: [500 more lines not shown: at most {MAX_LINES} lines per step]"
    assert len(game.notes) == MAX_LINES + 1  # the saved log is cut the same way


def test_the_clips_router_keeps_a_bounded_share_of_an_endless_printout():
    from app.backends.clips.messages import CaptureRouter

    router = CaptureRouter()
    chunk = "spam " * 20 + "\n"
    for _ in range(CaptureRouter.LIMIT // len(chunk) + 1000):
        router.write("stdout", chunk)
    router.write("stderr", "an error is always kept\n")
    text = router.take_output()
    first, rest = text.split("\n", 1)
    assert first.startswith("[the agent printed ") and "dropped]" in first
    assert CaptureRouter.LIMIT <= len(rest) < CaptureRouter.LIMIT + len(chunk)
    assert router.take_errors() == "an error is always kept\n"
    router.write("stdout", "next step\n")
    assert router.take_output() == "next step\n"  # the limit is per take


def test_garbage_is_rejected_not_fatal():
    result, _ = run([42, {"fire": 1}, "solve"])
    assert [e.outcome for e in result.events] == [Outcome.REJECTED, Outcome.REJECTED, Outcome.SOLVED]
    assert "malformed action" in result.events[0].reason


def test_resolve_by_path(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(
        "from agents.base import Agent\n"
        "class Mine(Agent):\n"
        "    name = 'mine'\n"
        "    def act(self, observation):\n"
        "        return 'solve'\n"
        "AGENT = Mine\n"
    )
    spec = resolve(str(path))
    assert spec.kind == "python"
    result = Match(Game(grid_map(OPEN_GRID)), create_driver(spec)).run()
    assert result.agent == "mine" and result.steps == 1


def test_resolve_module_files_names_the_agent_after_all_of_them(tmp_path):
    """Two lists ending in the same file (a shared strategy on different knowledge) get different names."""
    for name in ("knowledge.clp", "other.clp", "strategy.clp"):
        (tmp_path / name).write_text("; empty\n")
    first = resolve(f"{tmp_path / 'knowledge.clp'},{tmp_path / 'strategy.clp'}")
    second = resolve(f"{tmp_path / 'other.clp'}, {tmp_path / 'strategy.clp'}")
    assert (first.kind, first.name, [p.name for p in first.paths]) == ("clips", "knowledge+strategy",
                                                                      ["knowledge.clp", "strategy.clp"])
    assert second.name == "other+strategy"
    assert resolve(str(tmp_path / "strategy.clp")).name == "strategy"


@pytest.mark.parametrize("text, words", [
    ("no-such-agent", "unknown agent"),
    ("README.md", "must end in .py"),
])
def test_resolve_errors(text, words):
    with pytest.raises(AgentError, match=words):
        resolve(text)


def test_python_syntax_error_names_file_and_line(tmp_path):
    path = tmp_path / "broken.py"
    path.write_text("x = 1\ndef (:\n")
    with pytest.raises(AgentError, match=r"broken.py:2: syntax error"):
        create_driver(AgentSpec("broken", "python", (path,)))


@pytest.mark.parametrize("source, words", [
    ("import sys\nsys.exit(3)\n", "exiting.py: failed to import: SystemExit: 3"),
    ("from agents.base import Agent\nclass A(Agent):\n    def __init__(self, seed=None):\n        raise SystemExit(4)\n"
     "AGENT = A\n", "exiting.py: creating the agent failed: SystemExit: 4"),
])
def test_an_agent_file_that_exits_is_an_error_not_the_end(tmp_path, source, words):
    path = tmp_path / "exiting.py"
    path.write_text(source)
    with pytest.raises(AgentError, match=words):
        create_driver(AgentSpec("exiting", "python", (path,)))


class Slow(Agent):
    """An agent whose step does not return until the test releases it.

    It waits in C (``Event.wait``), where the driver's interruption of an abandoned
    step cannot reach it (``Spin`` below is the busy loop it does end).
    """

    name = "slow"

    def __init__(self):
        super().__init__()
        self.released = threading.Event()

    def act(self, observation):
        self.released.wait()
        return "solve"


def test_overlong_step_is_stopped():
    agent = Slow()
    game = Game(grid_map(OPEN_GRID))
    try:
        result = Match(game, PythonDriver(agent, step_seconds=0.2)).run()
    finally:
        agent.released.set()
    assert "took more than 0.2 s for step 0" in result.stop_reason


def test_cancel_stops_waiting():
    agent = Slow()
    driver = PythonDriver(agent, step_seconds=None)
    game = Game(grid_map(OPEN_GRID))
    threading.Timer(0.2, driver.request_cancel).start()
    try:
        result = Match(game, driver).run()
    finally:
        agent.released.set()
    assert "cancelled" in result.stop_reason


class Spin(Agent):
    """An agent whose step never ends: a busy loop of Python code."""

    name = "spin"

    def __init__(self):
        super().__init__()
        self.spinning = threading.Event()  # set once its step is under way

    def act(self, observation):
        self.spinning.set()
        while True:
            pass


@pytest.mark.parametrize("how", ["time cap", "cancel"])
def test_abandoned_busy_step_is_interrupted(how):
    agent = Spin()
    driver = PythonDriver(agent, step_seconds=0.2 if how == "time cap" else None)
    if how == "cancel":  # once the step spins (a cancel before the step starts is cleared by its start)
        threading.Thread(target=lambda: agent.spinning.wait(60) and driver.request_cancel(), daemon=True).start()
    match = Match(Game(grid_map(OPEN_GRID)), driver)
    result = match.run()
    assert ("took more than 0.2 s" if how == "time cap" else "cancelled") in result.stop_reason
    worker = next(t for t in threading.enumerate() if t.name == "agent-spin")
    match.close()
    worker.join(5)
    assert not worker.is_alive()  # the loop was interrupted: it does not spin on in the background


def test_hung_agent_does_not_block_exit(tmp_path):
    import subprocess
    import sys

    from tests.paths import MAPS_DIR, ROOT

    path = tmp_path / "hang.py"
    path.write_text("from agents.base import Agent\nclass Hang(Agent):\n    name = 'hang'\n"
                    "    def act(self, observation):\n        while True:\n            pass\nAGENT = Hang\n")
    proc = subprocess.run([sys.executable, "main.py", "run", "--agent", str(path), "--map", str(MAPS_DIR / "open-sea.map"),
                           "--quiet", "--step-timeout", "0.3"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "took more than" in proc.stdout
