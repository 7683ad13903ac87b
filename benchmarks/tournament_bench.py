"""Benchmark: a tournament on a Dask LocalCluster against the plain bench, and a class tournament's projected time.

    python benchmarks/tournament_bench.py [--maps maps/bench] [--limit N] [--agents a,b] [--rules unito-2019]

Plays the same games (every shipped agent unless --agents says otherwise, on
the maps) in this order: the plain bench (a process pool of 2 jobs),
``--cluster local`` with 2 workers, with 1 worker, with 2 workers again, the
plain bench again (cluster start-up included). The machine may be shared and
its load may drift: the order is symmetric, so the ratio of the two cluster
runs to the two plain runs (target: within 1.2x) is fair to both; the load
average is printed with each run. Prints the games/s of each run, whether
every run gave the same scores game for game, and the time a class
tournament (200 agents x 500 maps x 2 rules profiles) would take per worker
core, from the measured times (the games' own, and the cluster's wall time
per game times its workers, which counts everything around the games too).
Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.backends.registry import discover  # noqa: E402
from app.tournament.bench import Bench, BenchConfig, expand_maps  # noqa: E402
from app.tournament.bench.cluster import ClusterBench  # noqa: E402
from app.tournament.bench.plan import plan  # noqa: E402

CLASS = (200, 500, 2)  # agents, maps, rules profiles


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def timed(label: str, runner) -> tuple[dict, float]:
    """Play ``runner``'s games, print games/s and the load average, return the rows and the seconds."""
    before = load()
    started = time.perf_counter()
    rows = dict(runner.run())
    seconds = time.perf_counter() - started
    chunks = getattr(runner, "chunk_sizes", None)
    extra = f"; {len(chunks)} chunks of {min(chunks)}-{max(chunks)} games" if chunks else ""
    print(f"{label:<30} {len(rows):5d} games in {seconds:7.1f} s = {len(rows) / seconds:6.2f} games/s   "
          f"(load {before} -> {load()}{extra})", flush=True)
    return rows, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default="maps/bench")
    parser.add_argument("--limit", type=int, default=0, help="only the first N maps")
    parser.add_argument("--agents", help="comma-separated (default: every shipped agent)")
    parser.add_argument("--rules", default="unito-2019")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    maps = expand_maps([args.maps])[: args.limit or None]
    agents = args.agents.split(",") if args.agents else sorted(discover())
    config = BenchConfig(rules=args.rules)
    games = plan(agents, maps, config)
    commit = subprocess.run(["git", "log", "-1", "--format=%h %cs"], capture_output=True, text=True,
                            cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
    print(f"{len(agents)} agents ({', '.join(agents)}) x {len(maps)} maps = {len(games)} games; commit {commit}; "
          f"{os.cpu_count()} cores; {time.strftime('%Y-%m-%d %H:%M')}", flush=True)

    def plain() -> Bench:
        return Bench.for_tasks([g.task for g in games], config, 2, args.timeout)

    def cluster(workers: int) -> ClusterBench:
        return ClusterBench("local", games, config, workers, args.timeout)

    runs = [timed("plain bench, 2 jobs", plain()), timed("--cluster local, 2 workers", cluster(2)),
            timed("--cluster local, 1 worker", cluster(1)), timed("--cluster local, 2 workers", cluster(2)),
            timed("plain bench, 2 jobs", plain())]
    scores = [{i: r.score for i, r in rows.items()} for rows, _ in runs]
    plain_seconds = runs[0][1] + runs[4][1]
    two_seconds = runs[1][1] + runs[3][1]
    print(f"plain: {plain_seconds / 2:.1f} s, cluster (2 workers): {two_seconds / 2:.1f} s (means of two runs each) "
          f"-> cluster / plain = {two_seconds / plain_seconds:.2f}x time; "
          f"same scores game for game: {all(s == scores[0] for s in scores)}")
    one_rows, one_seconds = runs[2]
    total = CLASS[0] * CLASS[1] * CLASS[2]
    own = sum(r.seconds for r in one_rows.values()) / len(one_rows)
    wall = one_seconds / len(one_rows)  # one worker: the wall time per game is one worker core's time
    wall_two = two_seconds / 2 * 2 / len(games)  # two workers on two cores
    print(f"a game: {own:.3f} s of its own (mean, these agents), {wall:.3f} worker-core s with everything around it "
          f"(1 worker), {wall_two:.3f} (2 workers)")
    for label, per_game in (("games' own time", own), ("1-worker wall time", wall), ("2-worker wall time", wall_two)):
        hours = total * per_game / 3600
        print(f"class tournament, {CLASS[0]} agents x {CLASS[1]} maps x {CLASS[2]} profiles = {total} games, from the "
              f"{label}: {hours:.1f} core-hours = {hours / 20:.1f} h on 20 worker cores, {hours / 100:.2f} h on 100")


if __name__ == "__main__":
    main()
