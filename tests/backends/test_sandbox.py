"""The hostile corpus: agents that try what they must not, each in its own confined process (docs/sandbox.md).

Every game must end cleanly with a one-line reason, nothing may be written or
read where it must not be, and the score stays the engine's. The same agents go
through ``run``, ``bench`` (among good agents) and the GUI.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from app.backends import host
from app.backends.drivers import create_driver
from app.backends.host import landlock
from app.backends.host import layers as host_layers
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import Game
from app.core.formats import load_map
from tests.helpers import OPEN_GRID
from tests.paths import ROOT

HOSTILE = Path(__file__).parent / "hostile"
HAS_LANDLOCK = sys.platform == "linux" and landlock.abi_version() >= 1
needs_landlock = pytest.mark.skipif(not HAS_LANDLOCK, reason="this kernel has no Landlock: file access is not confined")
needs_linux = pytest.mark.skipif(sys.platform != "linux", reason="seccomp and rlimits as tested here are Linux's")


class Setting:
    """A hostile agent copied into a folder of its own, with the map and an outside path to aim at."""

    def __init__(self, tmp_path: Path, name: str, port: int = 0):
        self.secret = tmp_path / "secret" / "hidden.map"
        self.secret.parent.mkdir()
        self.secret.write_text("\n".join(OPEN_GRID) + "\n")
        self.outside = tmp_path / "outside.txt"
        folder = tmp_path / "agent"
        folder.mkdir()
        text = (HOSTILE / name).read_text()
        text = text.replace("SECRET", str(self.secret)).replace("OUTSIDE", str(self.outside))
        self.agent = folder / name
        self.agent.write_text(text.replace("PORT", str(port)))

    def play(self, step_seconds: float = 2.0):
        """The game, its log and the match (closed)."""
        game = Game(load_map(self.secret))
        log: list[str] = []
        match = Match(game, create_driver(resolve(str(self.agent)), step_seconds=step_seconds), on_log=log.append)
        try:
            match.run()
        finally:
            match.close()
        return game.result(), log, match

    def read_nothing(self, log: list[str]) -> None:
        rows = [row for row in OPEN_GRID if row.strip(".")]
        assert not any(row in line for line in log for row in rows), "the agent saw the map"


def solve_at_once_score(secret: Path) -> int:
    """The score of a game whose only action is solve, as the engine computes it."""
    game = Game(load_map(secret))
    game.apply("solve")
    return game.result().score


def one_line(reason: str) -> str:
    assert "\n" not in reason and reason
    return reason


@needs_linux
class TestHostileCorpus:
    def test_clips_system_starts_nothing(self, tmp_path):
        setting = Setting(tmp_path, "system.clp")
        result, log, _ = setting.play()
        assert result.stop_reason == "solved by the agent"
        assert not setting.outside.exists()

    @needs_landlock
    def test_clips_open_for_writing_outside_fails_inside_is_kept(self, tmp_path):
        setting = Setting(tmp_path, "open_write.clp")
        result, log, match = setting.play()
        assert result.stop_reason == "solved by the agent"
        assert not setting.outside.exists()
        assert any(f"open {setting.outside} failed" in line for line in log)
        assert match.written_files == {"results.txt": b"kept\n"}
        assert "the agent wrote results.txt (5 bytes)" in log

    @needs_landlock
    def test_clips_cannot_read_the_map_file(self, tmp_path):
        setting = Setting(tmp_path, "read_map.clp")
        result, log, _ = setting.play()
        assert result.stop_reason == "solved by the agent"
        assert any(f"open {setting.secret} failed" in line for line in log)
        setting.read_nothing(log)

    def test_clips_growing_multifield_is_stopped(self, tmp_path):
        result, log, _ = Setting(tmp_path, "grow.clp").play()
        reason = one_line(result.stop_reason)
        assert any(words in reason for words in ("memory limit of 1 GiB", "time limit", "its process was ended")), reason

    @pytest.mark.parametrize(("agent", "step_seconds", "reason"), [
        pytest.param("exit3.py", 2.0, "agent process died: exit code 3", id="os_exit"),
        pytest.param("segfault.py", 2.0, "agent process died: signal 11 (SIGSEGV)", id="segfault"),
        pytest.param("native_loop.py", 0.5, "its process was ended", id="busy_native_loop_is_killed"),
        pytest.param("allocate.py", 2.0, "over the memory limit of 1 GiB", id="allocating_10_gb"),
    ])
    def test_python_agent_whose_process_dies_or_is_ended(self, tmp_path, agent, step_seconds, reason):
        result, _, _ = Setting(tmp_path, agent).play(step_seconds=step_seconds)
        assert reason in one_line(result.stop_reason)

    def test_python_subprocess_is_refused(self, tmp_path):
        setting = Setting(tmp_path, "subprocess_run.py")
        result, _, _ = setting.play()
        assert "PermissionError" in one_line(result.stop_reason)
        assert not setting.outside.exists()

    def test_python_socket_is_refused(self, tmp_path):
        with socket.socket() as listener:
            listener.bind(("127.0.0.1", 0))
            listener.listen(1)
            listener.settimeout(0.2)
            setting = Setting(tmp_path, "socket_connect.py", port=listener.getsockname()[1])
            result, _, _ = setting.play()
            with pytest.raises(TimeoutError):
                listener.accept()
        assert "PermissionError" in one_line(result.stop_reason)

    @needs_landlock
    def test_python_cannot_read_the_map_file(self, tmp_path):
        setting = Setting(tmp_path, "read_map.py")
        result, log, _ = setting.play()
        assert "PermissionError" in one_line(result.stop_reason)
        setting.read_nothing(log + [result.stop_reason])

    @needs_landlock
    def test_python_writes_only_in_its_scratch_folder(self, tmp_path):
        setting = Setting(tmp_path, "write_file.py")
        result, log, match = setting.play()
        assert "PermissionError" in one_line(result.stop_reason)
        assert not setting.outside.exists()
        assert match.written_files == {"notes.txt": b"mine\n"}

    def test_python_cannot_signal_the_app(self, tmp_path):
        result, log, _ = Setting(tmp_path, "kill_parent.py").play()
        assert result.stop_reason == "solved by the agent"
        said = " ".join(log)
        assert "kill_parent: signalling parent refused" in said and "kill_parent: signalling everyone refused" in said

    def test_python_cannot_change_its_score(self, tmp_path):
        setting = Setting(tmp_path, "cheat.py")
        result, log, _ = setting.play()
        assert result.stop_reason == "solved by the agent"
        assert "cheat: touched 0 engine values" in " ".join(log)
        assert result.score == solve_at_once_score(setting.secret)
        assert result.statistics.fok == result.statistics.gok == 0

    def test_the_driver_says_what_confines_the_agent(self, tmp_path):
        setting = Setting(tmp_path, "cheat.py")
        driver = create_driver(resolve(str(setting.agent)))
        try:
            expected = "agent confined (seccomp, landlock, rlimits" if HAS_LANDLOCK else "agent confined (seccomp,"
            assert driver.confinement().startswith(expected)
            assert driver.confinement() == host_layers.status()
        finally:
            driver.close()


#: every case of the hostile corpus and how its game ends (any of the texts); each ends at its first step, so its
#: score is that of a game solved at once (the engine's); the Landlock cases also need the kernel's file rules
SOLVED = ("solved by the agent",)
CORPUS = {
    "system.clp": SOLVED, "open_write.clp": SOLVED, "read_map.clp": SOLVED,
    "grow.clp": ("memory limit of 1 GiB", "time limit", "its process was ended"),
    "exit3.py": ("agent process died: exit code 3",), "subprocess_run.py": ("PermissionError",),
    "socket_connect.py": ("PermissionError",), "read_map.py": ("PermissionError",),
    "write_file.py": ("PermissionError",), "segfault.py": ("agent process died: signal 11 (SIGSEGV)",),
    "native_loop.py": ("its process was ended",), "allocate.py": ("over the memory limit of 1 GiB",),
    "cheat.py": SOLVED, "kill_parent.py": SOLVED,
}
LANDLOCK_CASES = {"open_write.clp", "read_map.clp", "read_map.py", "write_file.py"}
CASES = [pytest.param(name, marks=needs_landlock) if name in LANDLOCK_CASES else name for name in CORPUS]


@pytest.fixture
def listener():
    """A port on this machine the socket agent aims at; the test checks nobody connected."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(1)
        sock.settimeout(0.2)
        yield sock


def corpus(tmp_path: Path, listener) -> dict[str, Setting]:
    """Every case this machine confines, each in a folder of its own, aimed at ``listener``'s port."""
    settings = {}
    for name in CORPUS:
        if name not in LANDLOCK_CASES or HAS_LANDLOCK:
            (tmp_path / name).mkdir()
            settings[name] = Setting(tmp_path / name, name, port=listener.getsockname()[1])
    return settings


def ended_as_expected(name: str, setting: Setting, reason: str, score: int, listener) -> None:
    """The game's one-line reason is the case's, the score the engine's, nothing escaped."""
    assert any(text in one_line(reason) for text in CORPUS[name]), (name, reason)
    assert score == solve_at_once_score(setting.secret), name
    assert not setting.outside.exists(), name
    with pytest.raises(TimeoutError):
        listener.accept()


@needs_linux
def test_the_whole_corpus_through_run(tmp_path, listener):
    for name, setting in corpus(tmp_path, listener).items():
        log = tmp_path / name / "game.jsonl"
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "run", "--agent", str(setting.agent),
                               "--map", str(setting.secret), "--step-timeout", "1", "--json", "--log", str(log)],
                              capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert done.returncode == 0, (name, done.stderr)
        assert "Traceback" not in done.stdout + done.stderr, name
        lines = done.stdout.splitlines()
        assert lines[0].endswith(f"; {host_layers.status()}")
        result = json.loads(lines[-1])
        ended_as_expected(name, setting, result["stop_reason"], result["score"], listener)
        assert log.is_file()
    kept = tmp_path / "open_write.clp" / "game.agent-files" / "results.txt"
    assert not HAS_LANDLOCK or kept.read_bytes() == b"kept\n"


@needs_linux
def test_bench_keeps_the_good_agents_results(tmp_path, listener):
    from app.backends.games import play
    from app.core.rules import PROFILES
    from app.solver.playable import load_game_map
    from app.tournament.bench import Bench

    settings = corpus(tmp_path, listener)
    maps = [str(settings["cheat.py"].secret)]
    good = ["random", "incrocio"]
    bench = Bench(good + [str(setting.agent) for setting in settings.values()], maps, jobs=2, timeout=60)
    bench.config = type(bench.config)(step_seconds=1.0)
    rows = bench.ordered(dict(bench.run()))
    assert len(rows) == len(maps) * (len(good) + len(settings))
    host.set_enabled(False)
    try:
        expected = {agent: play(agent, load_game_map(maps[0]), PROFILES["unito-2019"]).result().score
                    for agent in good}
    finally:
        host.set_enabled(None)
    for row in rows:
        if row.agent in good:
            assert row.score == expected[row.agent] and not row.error, row
        else:
            name = Path(row.agent).name
            ended_as_expected(name, settings[name], row.stop_reason or row.error, row.score, listener)
