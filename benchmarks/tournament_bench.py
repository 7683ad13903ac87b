"""Benchmark: a tournament on a Dask LocalCluster against the plain bench, and a class tournament's projected time.

    python benchmarks/tournament_bench.py [--maps maps/bench] [--limit N] [--agents a,b] [--rules unito-2019]

Plays the same games (every shipped agent unless --agents says otherwise, on
the maps) three ways, back to back: the plain bench (a process pool of 2
jobs), ``--cluster local`` with 1 worker and with 2 workers (cluster start-up
included). Prints the games/s of each, the ratio of the 2-worker cluster to the
plain bench (target: within 1.2x), whether the three gave the same scores game
for game, and the time a class tournament (200 agents x 500 maps x 2 rules
profiles) would take per worker core, from the measured mean time of a game.
Figures only: nothing is asserted. The machine may be shared: say so with the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.backends.bench import Bench, BenchConfig, expand_maps  # noqa: E402
from app.backends.bench.cluster import ClusterBench  # noqa: E402
from app.backends.bench.plan import plan  # noqa: E402
from app.backends.registry import discover  # noqa: E402

CLASS = (200, 500, 2)  # agents, maps, rules profiles


def timed(label: str, games) -> tuple[dict, float]:
    """Play ``games`` (an iterator of (index, row)), print games/s, return the rows and the seconds."""
    started = time.perf_counter()
    rows = dict(games)
    seconds = time.perf_counter() - started
    print(f"{label:<28} {len(rows):5d} games in {seconds:7.1f} s = {len(rows) / seconds:6.2f} games/s", flush=True)
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
    print(f"{len(agents)} agents ({', '.join(agents)}) x {len(maps)} maps = {len(games)} games; "
          f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f}", flush=True)
    plain, plain_seconds = timed("plain bench, 2 jobs", Bench.for_tasks([g.task for g in games], config, 2,
                                                                        args.timeout).run())
    one, _ = timed("--cluster local, 1 worker", ClusterBench("local", games, config, 1, args.timeout).run())
    two, two_seconds = timed("--cluster local, 2 workers", ClusterBench("local", games, config, 2, args.timeout).run())
    same = all({i: r.score for i, r in run.items()} == {i: r.score for i, r in plain.items()} for run in (one, two))
    print(f"cluster (2 workers) / plain: {two_seconds / plain_seconds:.2f}x time; same scores game for game: {same}")
    per_game = sum(r.seconds for r in plain.values()) / len(plain)
    total = CLASS[0] * CLASS[1] * CLASS[2]
    core_hours = total * per_game / 3600
    print(f"mean game {per_game:.3f} s (these agents) -> a class tournament of {CLASS[0]} agents x {CLASS[1]} maps "
          f"x {CLASS[2]} profiles = {total} games: {core_hours:.1f} core-hours "
          f"({core_hours / 20:.1f} h on 20 worker cores, {core_hours / 100:.2f} h on 100)")


if __name__ == "__main__":
    main()
