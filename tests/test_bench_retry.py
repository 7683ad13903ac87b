"""No game lost to the app (issue 42): a game that could not be played is played once more; what fails twice for
the app's reasons is the app's failure (``app``), never the agent's, and bench, grade and run exit 3 for it."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
import uuid

import pytest

from app.cli import main
from app.tournament.bench import Bench, FailureKind, GameRow, RowStatus
from app.tournament.bench.rows import after_retry, failed_row, retried
from tests.paths import MAPS_DIR, ROOT
from tests.test_bench import THREE_MAPS, write_agent

BENCH_MAPS = sorted(str(path) for path in (MAPS_DIR / "bench").glob("*.map"))[:12]


def _row(kind: FailureKind | None, error: str = "") -> GameRow:
    row = GameRow("a", "m", "m.map", "unito-2019", 0)
    if kind is None:
        row.score = 10
        return row
    return failed_row(row, kind, error, 0.1)


class TestAfterRetry:
    def test_only_games_that_could_not_be_played_are_retried(self):
        assert retried(_row(FailureKind.ERROR, "x")) and retried(_row(FailureKind.APP, "x"))
        assert not retried(_row(FailureKind.TIMEOUT, "slow")) and not retried(_row(None))

    def test_played_the_second_time_it_is_the_game(self):
        second = _row(None)
        assert after_retry(_row(FailureKind.ERROR, "failed to import: No module named 'agents'"), second) is second
        assert second.failure == FailureKind.NONE and second.scored

    def test_the_same_load_error_twice_stays_the_agents(self):
        row = after_retry(_row(FailureKind.ERROR, "a.py:3: syntax error"), _row(FailureKind.ERROR, "a.py:3: syntax error"))
        assert row.failure == FailureKind.ERROR and row.error == "a.py:3: syntax error"

    def test_a_crash_or_two_different_errors_are_the_apps(self):
        row = after_retry(_row(FailureKind.ERROR, "one"), _row(FailureKind.ERROR, "two"))
        assert row.failure == FailureKind.APP and row.status == RowStatus.ERROR
        assert row.error == "the app could not play this game, twice: one; then: two"
        crash = after_retry(_row(FailureKind.APP, "KeyError: 3"), _row(FailureKind.APP, "KeyError: 3"))
        assert crash.failure == FailureKind.APP


@pytest.fixture
def in_workers(monkeypatch):
    """Agents in the bench workers' own process (--no-sandbox), where a test agent may keep a file of its own."""
    monkeypatch.setenv("BATTLESHIP_NO_SANDBOX", "1")


def test_a_game_that_fails_once_is_played_again(tmp_path, in_workers):
    flaky = tmp_path / "flaky.py"
    flaky.write_text("import pathlib\n"
                     "_TRIED = pathlib.Path(__file__).with_suffix('.tried')\n"
                     "if not _TRIED.exists():\n"
                     "    _TRIED.write_text('once')\n"
                     "    raise RuntimeError('not this time')\n"
                     "from agents.random_agent import RandomAgent\n"
                     "AGENT = RandomAgent\n")
    rows = dict(Bench([str(flaky)], THREE_MAPS[:1], jobs=1, timeout=30).run())
    assert (tmp_path / "flaky.tried").exists()  # it did fail once
    assert rows[0].status == RowStatus.OK and rows[0].failure == FailureKind.NONE and rows[0].score is not None


def test_an_agent_that_cannot_load_is_still_its_own_error_and_bench_exits_0(tmp_path, capsys):
    broken = tmp_path / "broken.py"
    broken.write_text("def act(:\n")
    code = main(["bench", "--agents", f"{broken},cross", "--maps", THREE_MAPS[0], "--jobs", "1", "--no-progress"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "1 error" in captured.out and "app" not in captured.out.split("failures")[-1]


def test_bench_exits_3_when_the_app_lost_a_game(tmp_path, in_workers, capsys):
    dying = write_agent(tmp_path, "dying", "import os\nos._exit(3)")
    code = main(["bench", "--agents", f"{dying},cross", "--maps", THREE_MAPS[0], "--jobs", "1", "--no-progress"])
    captured = capsys.readouterr()
    assert code == 3
    assert "1 game could not be played for the app's reasons" in captured.err
    assert "(1 app)" in captured.out


class TestRun:
    ARGS = ["run", "--agent", "cross", "--map", str(MAPS_DIR / "four-known.map"), "--quiet"]

    def test_a_crash_once_is_played_again(self, monkeypatch, capsys):
        from app.cli import run as run_command

        real, calls = run_command.play, []

        def flaky(*args, **kwargs):
            calls.append(1)
            if len(calls) == 1:
                raise RuntimeError("lost the agent's process")
            return real(*args, **kwargs)

        monkeypatch.setattr(run_command, "play", flaky)  # run imports play at its top
        assert main(self.ARGS) == 0
        assert "playing it again" in capsys.readouterr().err and len(calls) == 2

    def test_a_crash_twice_exits_3_in_one_line(self, monkeypatch, capsys):
        from app.cli import run as run_command

        def broken(*_args, **_kwargs):
            raise RuntimeError("lost the agent's process")

        monkeypatch.setattr(run_command, "play", broken)
        assert main(self.ARGS) == 3
        err = capsys.readouterr().err
        assert "the app could not play this game, twice: RuntimeError: lost the agent's process" in err
        assert "Traceback" not in err


def test_a_bench_loses_no_game_while_the_repository_root_changes(tmp_path):
    """The README's bench, run from the root while files appear and go there (a results file being written):
    the agents' processes, confined, may not list the root; their imports must not depend on it."""
    stop = threading.Event()
    changed = []

    def churn():
        while not stop.is_set():
            path = ROOT / f".churn-{uuid.uuid4().hex}.tmp"
            path.write_text("x")
            path.unlink()
            changed.append(1)
            time.sleep(0.005)

    toucher = threading.Thread(target=churn, daemon=True)
    toucher.start()
    try:
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "bench", "--agents", "cross,random", "--maps",
                               *BENCH_MAPS, "--jobs", "2", "--no-progress", "--out", str(tmp_path / "r.csv")],
                              cwd=ROOT, capture_output=True, text=True, timeout=600)
    finally:
        stop.set()
        toucher.join()
    assert len(changed) > 10
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith(("cross ", "random "))]
    assert len(lines) == 2 and all(line.split()[-1] == "0" for line in lines), done.stdout
