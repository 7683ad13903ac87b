"""bench --cluster: the same games on a small Dask LocalCluster, surviving a killed worker and a hung agent."""

from __future__ import annotations

import json
import os
import signal

import pytest

from app.cli import main
from app.core import BattleshipError
from app.tournament.bench import Bench, BenchConfig, RowStatus
from app.tournament.bench.cluster import ALLOWED_FAILURES, ClusterBench
from app.tournament.bench.plan import plan
from tests.paths import MAPS_DIR
from tests.test_bench import write_agent

distributed = pytest.importorskip("distributed", reason="bench --cluster needs dask and distributed")
dask = pytest.importorskip("dask")

MAPS = [str(MAPS_DIR / "bench" / f"k{k}-000{n}.map") for k in (0, 2, 4) for n in (1, 2)]
SAME = ("agent", "map", "status", "failure", "score", "oracle", "fok", "fko", "gok", "gko", "sink", "steps",
        "actions", "stop_reason", "agent_hash", "map_hash", "rules_key", "seed", "known")


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes of one thread, as ``--cluster local --workers 2`` starts them."""
    with dask.config.set({"distributed.worker.daemon": False,
                          "distributed.scheduler.allowed-failures": ALLOWED_FAILURES}):
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0",
                                      silence_logs=50) as local:
            yield local


def games(path) -> dict:
    """The stored games by key, without what may differ between two runs of the same game (time, machine)."""
    found = {}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        found[record["agent_hash"], record["map_hash"]] = {f: record[f] for f in SAME}
    return found


def test_results_equal_plain_bench_game_for_game(cluster, tmp_path, capsys):
    common = ["bench", "--agents", "random,cross,incrocio", "--maps", *MAPS, "--no-progress"]
    assert main([*common, "--jobs", "2", "--out", str(tmp_path / "plain.jsonl")]) == 0
    assert main([*common, "--cluster", cluster.scheduler_address, "--chunk-games", "4",
                 "--out", str(tmp_path / "cluster.jsonl")]) == 0
    assert f"cluster {cluster.scheduler_address}" in capsys.readouterr().err
    plain, clustered = games(tmp_path / "plain.jsonl"), games(tmp_path / "cluster.jsonl")
    assert len(plain) == 18 and clustered == plain


def test_killing_a_worker_mid_run_loses_nothing(cluster, tmp_path):
    slow = write_agent(tmp_path, "slow", "time.sleep(0.05)")
    config = BenchConfig()
    planned = plan([slow, "random"], MAPS, config)
    runner = ClusterBench(cluster.scheduler_address, planned, config, timeout=60, chunk_games=2)
    rows = {}
    killed = False
    for index, row in runner.run():
        rows[index] = row
        if not killed:  # the first chunk is back, others are being played: kill one worker outright
            pids = runner.client.run(os.getpid)
            os.kill(pids[sorted(pids)[0]], signal.SIGKILL)
            killed = True
    assert sorted(rows) == list(range(len(planned)))
    assert all(row.status == RowStatus.OK for row in rows.values())
    plain = dict(Bench.for_tasks([g.task for g in planned], config, jobs=2).run())
    assert {i: r.score for i, r in rows.items()} == {i: r.score for i, r in plain.items()}


def test_a_hung_agent_only_costs_its_own_timeout(cluster, tmp_path, capsys):
    hung = write_agent(tmp_path, "hung", "time.sleep(1000)")
    out = tmp_path / "r.jsonl"
    assert main(["bench", "--agents", f"random,{hung},cross", "--maps", *MAPS[:3], "--no-progress",
                 "--cluster", cluster.scheduler_address, "--chunk-games", "3", "--timeout-per-game", "5",
                 "--out", str(out)]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 9
    for record in records:
        if record["agent"] == hung:
            assert record["failure"] == "timeout" and "timed out after 5 s" in record["error"]
        else:
            assert record["status"] == "ok" and record["score"] is not None


def test_agent_parameters_reach_the_agent_as_in_plain_bench(cluster, tmp_path):
    """``AGENT:KEY`` parameters name the agent as given, while a chunk plays it from a temporary copy."""
    patient = tmp_path / "patient.py"
    patient.write_text(
        "from agents.random_agent import RandomAgent\n\n\n"
        "class Patient(RandomAgent):\n"
        "    parameters = ('moves',)\n"
        "    moves = 100\n\n"
        "    def act(self, observation):\n"
        "        return super().act(observation) if observation.step < self.moves else self.solve_now()\n\n"
        "    def solve_now(self):\n"
        "        from app.core import Action\n"
        "        return Action.solve()\n\n\n"
        "AGENT = Patient\n")
    common = ["bench", "--agents", f"{patient},random", "--maps", *MAPS[:2], "--no-progress",
              "--agent-param", f"{patient}:moves=3"]
    results = {}
    for where in (["--jobs", "2"], ["--cluster", cluster.scheduler_address, "--chunk-games", "2"]):
        out = tmp_path / f"r{len(results)}.jsonl"
        assert main([*common, *where, "--out", str(out)]) == 0
        results[where[0]] = games(out)
    assert results["--cluster"] == results["--jobs"]
    steps = {record["agent"]: record["steps"] for record in results["--cluster"].values()}
    assert steps[str(patient)] == 4  # three moves, then the solve: the parameter reached it
    assert steps["random"] > 4


def test_a_worker_of_another_build_is_refused(cluster):
    runner = ClusterBench(cluster.scheduler_address, plan(["random"], MAPS[:1], BenchConfig()), build="0123456789ab")
    with pytest.raises(BattleshipError, match="every worker runs another build of Battleship Lab"):
        list(runner.run())


def test_workers_only_with_a_local_cluster(capsys):
    assert main(["bench", "--agents", "random", "--maps", MAPS[0], "--cluster", "tcp://127.0.0.1:1",
                 "--workers", "2"]) != 0
    assert "--workers is for --cluster local" in capsys.readouterr().err


def test_a_loopback_cluster_of_dask_scheduler_and_dask_worker(tmp_path, capsys):
    """The lab-PC commands of docs/tournament.md, on this machine: the same games, the same results."""
    import socket
    import subprocess
    import sys
    import time

    from tests.paths import ROOT

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    dask_cli = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    address = f"tcp://127.0.0.1:{port}"
    started = [subprocess.Popen([*dask_cli, "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        deadline = time.monotonic() + 60  # the scheduler listening (a loaded machine takes seconds to start it)
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        started.append(subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address,
                                         "--nworkers", "2", "--nthreads", "1", "--no-dashboard"], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        common = ["bench", "--agents", "random,cross", "--maps", *MAPS[:4], "--no-progress"]
        assert main([*common, "--cluster", address, "--out", str(tmp_path / "loop.jsonl")]) == 0
        assert main([*common, "--jobs", "2", "--out", str(tmp_path / "plain.jsonl")]) == 0
        assert games(tmp_path / "loop.jsonl") == games(tmp_path / "plain.jsonl")
    finally:
        for process in reversed(started):
            process.terminate()
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()


def test_a_game_that_keeps_killing_its_worker_is_reported_not_retried_forever(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLESHIP_NO_SANDBOX", "1")  # in its own process an agent cannot signal its worker
    # Only ever its own parent, the Dask worker: never pid 1 or a reaper it was handed to if the worker is gone.
    killer = write_agent(tmp_path, "killer", "import os, signal\nparent = os.getppid()\n"
                         "if parent > 1 and b'python' in open(f'/proc/{parent}/cmdline', 'rb').read():\n"
                         "    os.kill(parent, signal.SIGKILL)")
    config = BenchConfig()
    planned = plan([killer, "random"], MAPS[:1], config)
    with dask.config.set({"distributed.worker.daemon": False, "distributed.scheduler.allowed-failures": 0}):
        with distributed.LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=":0",
                                      silence_logs=50) as local:
            runner = ClusterBench(local.scheduler_address, planned, config, timeout=60, chunk_games=2)
            rows = dict(runner.run())
    assert rows[1].status == RowStatus.OK  # the good game of the chunk, played on its own
    assert rows[0].failure == "error" and "kept killing its Dask worker: not retried" in rows[0].error
    assert any("playing its games one by one" in note for note in runner.notes)


@pytest.fixture
def unconfined_cluster(monkeypatch):
    """``cluster`` with agents in the workers' own process (--no-sandbox): an agent may write where the test
    looks (confined, it could write only in its scratch folder)."""
    monkeypatch.setenv("BATTLESHIP_NO_SANDBOX", "1")
    with dask.config.set({"distributed.worker.daemon": False,
                          "distributed.scheduler.allowed-failures": ALLOWED_FAILURES}):
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0",
                                      silence_logs=50) as local:
            yield local


def test_stop_ends_the_chunks_in_flight_on_the_workers(unconfined_cluster, tmp_path):
    import threading
    import time

    cluster = unconfined_cluster

    marker = tmp_path / "acts.txt"
    busy = write_agent(tmp_path, "busy", f"open({str(marker)!r}, 'a').write('x')\ntime.sleep(0.02)")
    config = BenchConfig()
    planned = plan([busy], [str(MAPS_DIR / "bench" / m) for m in sorted(os.listdir(MAPS_DIR / "bench"))
                            if m.endswith(".map")][:60], config)
    runner = ClusterBench(cluster.scheduler_address, planned, config, timeout=60, chunk_games=30)

    def stop_once_playing() -> None:
        while not marker.exists():
            time.sleep(0.05)
        runner.stop()

    stopper = threading.Thread(target=stop_once_playing, daemon=True)
    stopper.start()
    rows = dict(runner.run())
    assert runner.stopped and len(rows) < len(planned)
    time.sleep(3.0)  # a stopped chunk ends at its next look (about a second); a running game is cut off
    acts = marker.stat().st_size if marker.exists() else 0
    time.sleep(3.0)
    assert (marker.stat().st_size if marker.exists() else 0) == acts  # nothing is playing any more


def test_a_bad_or_unreachable_scheduler_address_is_one_line(capsys):
    import socket

    common = ["bench", "--agents", "random", "--maps", MAPS[0], "--no-progress"]
    assert main([*common, "--cluster", "tcp://lab-pc"]) != 0
    err = capsys.readouterr().err.strip()
    assert err.endswith("tcp://lab-pc: not a scheduler address: write local, or the scheduler's address as "
                        "tcp://HOST:8786") and "\n" not in err
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main([*common, "--cluster", f"127.0.0.1:{port}"]) != 0
    err = capsys.readouterr().err
    assert f"tcp://127.0.0.1:{port}: cannot reach the scheduler" in err and "Traceback" not in err
