"""The bench: batch layer (app.tournament.bench) and the ``bench`` subcommand."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.cli import main
from app.core import BattleshipError
from app.tournament.bench import (
    Bench,
    BenchConfig,
    BenchTask,
    FailureKind,
    GameRow,
    RowStatus,
    expand_maps,
    format_table,
    load_results,
    play_row,
    save_results,
    split_agents,
    summarize,
)
from tests.paths import COURSE_MAPS, MAPS_DIR, ROOT

THREE_MAPS = [str(MAPS_DIR / "four-known.map"), str(COURSE_MAPS / "mappa1.clp"), str(MAPS_DIR / "open-sea.map")]


def write_agent(folder, name: str, act_body: str) -> str:
    """A Python agent file whose ``act`` runs ``act_body`` (lines), then plays as the random agent."""
    body = "".join(f"        {line}\n" for line in act_body.splitlines())
    path = folder / f"{name}.py"
    path.write_text(
        "import time\n"
        "from agents.random_agent import RandomAgent\n\n\n"
        "class TestAgent(RandomAgent):\n"
        f"    name = '{name}'\n\n"
        "    def act(self, observation):\n"
        f"{body}"
        "        return super().act(observation)\n\n\n"
        "AGENT = TestAgent\n"
    )
    return str(path)


@contextlib.contextmanager
def bench_at_first_checkpoint(tmp_path: Path, sleep: float, out: Path, **popen):
    """``main.py bench`` of cross and an agent sleeping ``sleep`` s a step on THREE_MAPS, writing ``out`` (Popen
    options ``popen``): yields the process once its first checkpoint is on disk; kills it if it still runs at the
    end (its whole session, when it has one)."""
    slow = write_agent(tmp_path, "slow", f"time.sleep({sleep})")
    process = subprocess.Popen(
        [sys.executable, "main.py", "bench", "--agents", f"cross,{slow}", "--maps", *THREE_MAPS, "--jobs", "1",
         "--out", str(out), "--no-progress"], cwd=ROOT, **popen)
    try:
        deadline = time.monotonic() + 60
        while not out.exists() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.02)
        assert out.exists(), "no checkpoint was written"
        yield process
    finally:
        if process.poll() is None:
            if popen.get("start_new_session"):
                os.killpg(process.pid, signal.SIGKILL)
            else:
                process.kill()
            process.communicate()


def run_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


class TestSameAsRun:
    def test_bench_rows_have_the_scores_of_single_runs(self, tmp_path):
        out = tmp_path / "results.json"
        options = ["--rules", "unito-2022", "--seed", "7"]
        runs = {(agent, map_path): subprocess.Popen(
                    [sys.executable, "main.py", "run", "--agent", agent, "--map", map_path, *options, "--quiet",
                     "--json"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for agent in ("random", "cross") for map_path in THREE_MAPS}
        bench = run_cli("bench", "--agents", "random,cross", "--maps", *THREE_MAPS, *options, "--jobs", "2",
                        "--out", str(out), "--no-progress")
        assert bench.returncode == 0, bench.stderr
        rows = {(r.agent, r.map_path): r for r in load_results(out)}
        assert len(rows) == 6
        for key, process in runs.items():
            stdout, stderr = process.communicate(timeout=120)
            assert process.returncode == 0, stderr
            single = json.loads(stdout.strip().splitlines()[-1])
            row = rows[key]
            assert row.status == "ok" and row.failure == ""
            assert (row.score, row.oracle, row.steps) == (single["score"], single["oracle"], single["steps"])
            assert {k: getattr(row, k) for k in single["statistics"]} == single["statistics"]
            assert row.stop_reason == single["stop_reason"] == "solved by the agent"
            assert row.actions == len(single["actions"])

    def test_the_table_names_every_agent(self, tmp_path):
        bench = run_cli("bench", "--agents", "cross,random", "--maps", THREE_MAPS[0], "--jobs", "1", "--no-progress")
        assert bench.returncode == 0, bench.stderr
        lines = bench.stdout.splitlines()
        assert lines[0].startswith("2 of 2 games")
        assert lines[1].split()[:2] == ["agent", "games"]
        assert [line.split()[0] for line in lines[2:4]] == ["cross", "random"]


class TestInterrupt:
    def test_ctrl_c_keeps_the_finished_games_in_a_valid_file(self, tmp_path):
        out = tmp_path / "results.csv"
        with bench_at_first_checkpoint(tmp_path, 0.5, out, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       text=True) as process:
            process.send_signal(signal.SIGINT)
            stdout, stderr = process.communicate(timeout=30)
        assert process.returncode == 130, stderr
        assert "Traceback" not in stderr
        rows = load_results(out)
        assert 1 <= len(rows) < 6
        assert all(r.status == "ok" and r.score is not None for r in rows)
        assert f"interrupted: kept the {len(rows)} finished games of 6" in stderr
        assert stdout.startswith(f"{len(rows)} of 6 games")
        assert not list(tmp_path.glob(".results.csv.*")), "a temporary file was left behind"


class TestFailures:
    @pytest.fixture
    def in_workers(self, monkeypatch):
        """Agents in the bench workers' own process (--no-sandbox): a stuck or dying agent takes its worker."""
        monkeypatch.setenv("BATTLESHIP_NO_SANDBOX", "1")

    def test_a_hung_game_is_killed_and_counted(self, tmp_path, in_workers):
        hung = write_agent(tmp_path, "hung", "time.sleep(1000)")
        bench = Bench([hung, "cross"], [THREE_MAPS[0]], jobs=2, timeout=1.0)
        rows = dict(bench.run())
        assert rows[0].status == rows[0].failure == "timeout"
        assert rows[0].score is None and "timed out" in rows[0].error
        assert rows[1].status == "ok" and rows[1].failure == ""

    def test_a_dead_worker_is_the_apps_failure_and_is_replaced(self, tmp_path, in_workers):
        dying = write_agent(tmp_path, "dying", "import os\nos._exit(3)")
        rows = dict(Bench([dying, "cross"], THREE_MAPS[:2], jobs=1, timeout=30).run())
        assert [rows[i].failure for i in range(4)] == ["app", "", "app", ""]  # played twice, lost twice
        assert "exit code 3" in rows[0].error and "twice" in rows[0].error
        assert rows[1].score is not None and rows[3].score is not None

    def test_a_dying_agent_in_its_own_process_leaves_the_worker_alone(self, tmp_path):
        dying = write_agent(tmp_path, "dying", "import os\nos._exit(3)")
        rows = dict(Bench([dying, "cross"], THREE_MAPS[:2], jobs=1, timeout=30).run())
        assert [rows[i].failure for i in range(4)] == ["agent", "", "agent", ""]
        assert "agent process died: exit code 3" in rows[0].stop_reason and rows[0].score is not None
        assert rows[1].score is not None and rows[3].score is not None

    def test_crash_stall_illegal_and_bad_map(self, tmp_path):
        crash = write_agent(tmp_path, "crash", "if observation.step == 2:\n    raise RuntimeError('boom')")
        stall = write_agent(tmp_path, "stall", "if observation.step == 3:\n    return None")
        illegal = write_agent(tmp_path, "illegal", "if observation.step == 1:\n    return 'shoot 4 0'")
        bad_map = tmp_path / "bad.map"
        bad_map.write_text("not a map\n")
        config = BenchConfig()
        crashed = play_row(BenchTask(crash, THREE_MAPS[0]), config)
        assert (crashed.status, crashed.failure) == ("ok", "agent") and "boom" in crashed.stop_reason
        assert crashed.score is not None and crashed.steps == 3
        stalled = play_row(BenchTask(stall, THREE_MAPS[0]), config)
        assert (stalled.status, stalled.failure) == ("ok", "agent")
        wrong = play_row(BenchTask(illegal, THREE_MAPS[0]), config)
        assert (wrong.status, wrong.failure, wrong.rejected) == ("ok", "illegal", 1)
        broken = play_row(BenchTask("cross", str(bad_map)), config)
        assert (broken.status, broken.failure) == ("error", "error") and str(bad_map) in broken.error
        clean = play_row(BenchTask("cross", THREE_MAPS[0]), config)
        assert clean.failure == "" and clean.rejected == 0

    def test_stop_ends_the_run_early(self, tmp_path):
        slow = write_agent(tmp_path, "slow", "time.sleep(0.05)")
        bench = Bench([slow], THREE_MAPS * 3, jobs=1)
        seen = []
        for index, _row in bench.run():
            seen.append(index)
            bench.stop()
        assert seen == [0]


class TestOrder:
    def test_maps_outer_while_playing_agents_first_in_the_file(self):
        bench = Bench(["a", "b"], ["m1", "m2", "m3"])
        assert [(t.map_path, t.agent) for t in bench.tasks[:3]] == [("m1", "a"), ("m1", "b"), ("m2", "a")]
        finished = {i: GameRow(t.agent, t.map_path, t.map_path, "unito-2019", 0) for i, t in enumerate(bench.tasks)}
        del finished[5]  # a game still running when the bench stopped
        rows = bench.ordered(finished)
        assert [(r.agent, r.map) for r in rows] == [("a", "m1"), ("a", "m2"), ("a", "m3"), ("b", "m1"), ("b", "m2")]


class TestInputs:
    def test_expand_maps_folder_glob_file_once_each(self):
        from_folder = expand_maps([str(MAPS_DIR)])
        assert from_folder == sorted(from_folder) and all(p.endswith(".map") for p in from_folder)
        from_glob = expand_maps([str(COURSE_MAPS / "mappa*.clp")])
        assert from_glob == sorted(str(p) for p in COURSE_MAPS.glob("mappa*.clp"))
        both = expand_maps([THREE_MAPS[0], str(MAPS_DIR), THREE_MAPS[0]])
        assert both[0] == THREE_MAPS[0] and len(both) == len(set(both))

    @pytest.mark.parametrize("spec", ["no/such/folder", "maps/*.nothing"])
    def test_expand_maps_bad_input(self, spec):
        with pytest.raises(BattleshipError, match="no such|matches no"):
            expand_maps([spec])

    def test_split_agents(self):
        assert split_agents(" cross, random ,cross,") == ["cross", "random"]
        with pytest.raises(BattleshipError):
            split_agents(" , ")

    @pytest.mark.parametrize("args, message", [
        (["--agents", "nobody", "--maps", "maps"], "unknown agent 'nobody'"),
        (["--agents", "cross", "--maps", "maps", "--out", "r.txt"], "must end in .csv or .json"),
        (["--agents", "cross", "--maps", "maps", "--plot", "r.gif"], "must end in .png"),
        (["--agents", "cross", "--maps", "nowhere"], "nowhere: no such"),
        (["--agents", "cross", "--maps", "maps", "--timeout-per-game", "0"], "more than 0"),
    ])
    def test_bad_input_is_one_line_exit_2(self, args, message, capsys):
        assert main(["bench", *args]) == 2
        err = capsys.readouterr().err.strip()
        assert message in err and len(err.splitlines()) == 1


def make_row(agent: str, score: int | None, **counts) -> GameRow:
    row = GameRow(agent, "m", "m.map", "unito-2019", 0)
    if score is None:
        row.status, row.failure = RowStatus.TIMEOUT, FailureKind.TIMEOUT
        row.seconds = 5.0
        return row
    row.score, row.oracle, row.percent_of_oracle = score, 200, 100.0 * score / 200
    for key in ("fok", "fko", "gok", "gko", "safe", "sink"):
        setattr(row, key, counts.get(key, 0))
    row.seconds = counts.get("seconds", 1.0)
    return row


class TestSummary:
    def test_statistics_over_scored_games(self):
        rows = [make_row("a", 10, fok=2, fko=3, safe=5, seconds=1.0), make_row("a", 20, gok=4, gko=1, seconds=3.0),
                make_row("a", 60), make_row("a", None), make_row("b", -5)]
        first, second, third = summarize(rows, ["a", "b", "c"])
        assert (first.games, first.scored, first.failures, first.timeouts) == (4, 3, 1, 1)
        assert (first.mean, first.median, first.min, first.max) == (30, 20, 10, 60)
        assert first.mean_percent_of_oracle == pytest.approx(15.0)
        assert first.precision == pytest.approx(6 / 10)  # pooled: (2 + 4) hits of 10 shots
        assert first.recall == pytest.approx(6 / 11)  # 6 found of 6 + 5 hidden
        assert first.mean_seconds == pytest.approx(5 / 3)  # timeouts do not count as game times
        assert second.games == 1 and second.mean == -5
        assert third.games == 0 and third.mean is None
        text = format_table([first, second, third])
        assert "1 (1 timeout)" in text and text.splitlines()[3].split()[:3] == ["c", "0", "-"]

    @pytest.mark.parametrize("name", ["r.csv", "r.json"])
    def test_results_round_trip(self, tmp_path, name):
        rows = [make_row("a", 10, fok=2), make_row("a", None), make_row("b", -5, sink=1)]
        rows[0].error, rows[0].precision = 'a "quoted", comma', 0.25
        save_results(tmp_path / name, rows, {"rules": "unito-2019"}, ["a", "b"])
        loaded = load_results(tmp_path / name)
        assert loaded == rows
        assert (loaded[1].status, loaded[1].failure, loaded[0].failure) == (RowStatus.TIMEOUT, FailureKind.TIMEOUT,
                                                                            FailureKind.NONE)
        assert all(isinstance(r.status, RowStatus) and isinstance(r.failure, FailureKind) for r in loaded)
        assert oct((tmp_path / name).stat().st_mode & 0o777) == oct(0o644)
