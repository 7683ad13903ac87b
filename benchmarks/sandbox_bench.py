"""Benchmark of the agent host (docs/sandbox.md): the cost of running agents in their own confined processes.

    python benchmarks/sandbox_bench.py [--agent incrocio] [--games 20] [--bench-maps 30] [--jobs 2]

1. Whole games of a course (CLIPS) agent on ``maps/*.map``, one after another
   as the GUI and ``run`` play them: in this process (as ``clips_bench.py``
   measures) and through the agent host, interleaved game by game. Prints both
   medians and their ratio (target: the host within 1.3x).
2. ``bench`` over ``maps/bench`` (the first ``--bench-maps`` maps) with every
   shipped agent, in-process (``--no-sandbox``) and through the host, one after
   the other. Prints both wall times and their ratio (target within 1.2x).
Prints figures, asserts nothing; the machine's load average is printed too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.backends import host  # noqa: E402
from app.backends.drivers import create_driver  # noqa: E402
from app.backends.registry import discover, resolve  # noqa: E402
from app.backends.runner import Match  # noqa: E402
from app.cli import run_command  # noqa: E402
from app.core import PROFILES, Game  # noqa: E402
from app.core.formats import load_map  # noqa: E402


def one_game(spec, game_map, profile, sandbox: bool) -> float:
    """Wall time of one whole game, from creating the driver to closing it."""
    started = time.perf_counter()
    match = Match(Game(game_map, profile), create_driver(spec, sandbox=sandbox))
    try:
        match.run()
    finally:
        match.close()
    return time.perf_counter() - started


def course_games(agent: str, games: int, profile) -> tuple[list[float], list[float]]:
    """(in-process times, host times) of ``games`` games per map, interleaved."""
    spec = resolve(agent)
    inside, hosted = [], []
    for path in sorted((ROOT / "maps").glob("*.map")):
        game_map = load_map(path)
        one_game(spec, game_map, profile, False)  # warm-up: imports, file cache, a loaded environment
        one_game(spec, game_map, profile, True)  # and a kept agent process
        for _ in range(games):
            inside.append(one_game(spec, game_map, profile, False))
            hosted.append(one_game(spec, game_map, profile, True))
    return inside, hosted


def bench_seconds(agents: list[str], maps: list[str], jobs: int, sandbox: bool) -> tuple[float, int]:
    """Wall time of one bench (agent processes on or off) and the number of scored games."""
    from app.backends.bench import Bench

    host.set_enabled(sandbox)  # the bench's worker processes read it from the environment
    try:
        started = time.perf_counter()
        rows = dict(Bench(agents, maps, jobs=jobs).run())
        return time.perf_counter() - started, sum(row.scored for row in rows.values())
    finally:
        host.set_enabled(None)


def main(argv: list[str] | None = None) -> int:
    """Run both measures and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="incrocio", help="the course agent of part 1 (default incrocio)")
    parser.add_argument("--games", type=int, default=20, help="games per map and way in part 1 (default 20)")
    parser.add_argument("--bench-maps", type=int, default=30, help="maps of maps/bench in part 2 (default 30; 0: skip)")
    parser.add_argument("--jobs", type=int, default=0, help="bench worker processes (default: every core)")
    parser.add_argument("--rules", default="unito-2019", choices=sorted(PROFILES))
    args = parser.parse_args(argv)
    print(f"{host.status()}; load average {os.getloadavg()[0]:.2f}")
    inside, hosted = course_games(args.agent, args.games, PROFILES[args.rules])
    ratio = statistics.median(hosted) / statistics.median(inside)
    print(f"1. {args.agent}: {len(inside)} games each way, median wall time of a whole game: in-process "
          f"{statistics.median(inside) * 1000:.1f} ms, through the agent host {statistics.median(hosted) * 1000:.1f} ms "
          f"= {ratio:.2f}x (target within 1.3x)")
    if args.bench_maps:
        agents = sorted(discover())
        maps = [str(p) for p in sorted((ROOT / "maps" / "bench").glob("*.map"))[:args.bench_maps]]
        before, scored_before = bench_seconds(agents, maps, args.jobs, False)
        after, scored_after = bench_seconds(agents, maps, args.jobs, True)
        print(f"2. bench, {len(agents)} agents ({', '.join(agents)}) x {len(maps)} maps of maps/bench: in-process "
              f"{before:.1f} s ({scored_before} scored), through the agent host {after:.1f} s ({scored_after} scored) "
              f"= {after / before:.2f}x (target within 1.2x)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))
