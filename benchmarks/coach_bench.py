"""Benchmark: how long the coach takes to grade a whole game, for three agents.

    python benchmarks/coach_bench.py [--maps maps/bench] [--known 0] [--limit N] [--agents bayes,cross,incrocio]
                                     [--rules unito-2019] [--verbose]

Plays each agent on the maps with ``--known`` cells known at start (default 0,
the typical and the slowest case: the most layouts), then times
``app.solver.coach.coach_game`` on each finished game from a cold start (the
posterior is built again for every game, as for a log opened fresh). Prints,
per agent, the median and the worst grading time (target: within 5 s), both
wall-clock and CPU (the coach runs on one thread, so on a shared, busy machine
its CPU seconds are the fairer figure), next
to the mean actual score, the mean luck-adjusted score and the mean points
lost in expectation, and the median time the agent took to play the game (for
``bayes``, the cost of the search the coach repeats: on a busy machine compare
the two). Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.backends.games import play  # noqa: E402
from app.cli import run_command  # noqa: E402
from app.core import PROFILES, BattleshipError  # noqa: E402
from app.solver.coach import coach_game  # noqa: E402
from app.solver.coach.review import clear_cache  # noqa: E402
from app.solver.playable import load_game_map  # noqa: E402
from app.tournament.bench import expand_maps, split_agents  # noqa: E402

TARGET_SECONDS = 5.0


def main(argv: list[str] | None = None) -> int:
    """Parse the options and print the figures."""
    parser = argparse.ArgumentParser(description="Benchmark: the coach's time per whole game, for three agents.")
    parser.add_argument("--maps", default=str(ROOT / "maps" / "bench"), help="a folder of maps, a glob or one map")
    parser.add_argument("--known", type=int, default=0, help="only maps with this many cells known at start "
                                                             "(-1: every map)")
    parser.add_argument("--limit", type=int, default=0, help="at most this many maps (0: all)")
    parser.add_argument("--agents", default="bayes,cross,incrocio", help="agents, comma-separated")
    parser.add_argument("--rules", choices=sorted(PROFILES), default="unito-2019")
    parser.add_argument("--verbose", action="store_true", help="one line per game")
    args = parser.parse_args(argv)
    return run_command(lambda: run(args))


def run(args: argparse.Namespace) -> int:
    """Play, grade and print."""
    paths = expand_maps([args.maps])
    maps = []
    for path in paths:
        game_map = load_game_map(path)
        if args.known < 0 or len(game_map.known) == args.known:
            maps.append(game_map)
        if args.limit and len(maps) >= args.limit:
            break
    if not maps:
        raise BattleshipError(f"{args.maps}: no map with {args.known} cells known at start")
    profile = PROFILES[args.rules]
    print(f"coach on {len(maps)} maps from {args.maps} ({args.known} known) under {args.rules}; "
          f"grading timed from a cold start, target {TARGET_SECONDS:g} s per game")
    print(f"{'agent':<10} {'games':>5} {'median s':>9} {'worst s':>8}  {'worst map':<10} {'<= 5 s':>7} "
          f"{'cpu median':>10} {'cpu worst':>9} {'score':>7} {'luck-adj':>8} {'lost':>6} {'play s':>7}")
    for agent in split_agents(args.agents):
        times, scores, adjusted, lost, worst, plays, cpu = [], [], [], [], ("", 0.0), [], []
        for game_map in maps:
            started = time.perf_counter()
            game = play(agent, game_map, profile)
            plays.append(time.perf_counter() - started)
            clear_cache()
            started, cpu_started = time.perf_counter(), time.process_time()
            report = coach_game(game)
            seconds = time.perf_counter() - started
            cpu.append(time.process_time() - cpu_started)
            times.append(seconds)
            scores.append(report.score)
            adjusted.append(report.luck_adjusted)
            lost.append(report.total_loss)
            if seconds > worst[1]:
                worst = (game_map.name, seconds)
            if args.verbose:
                print(f"  {agent} {game_map.name}: {seconds:.2f} s ({cpu[-1]:.2f} s CPU), score {report.score}, "
                      f"luck-adjusted {report.luck_adjusted:.1f}, lost {report.total_loss:.1f}; {report.layouts}")
        within = sum(t <= TARGET_SECONDS for t in times) / len(times)
        print(f"{agent:<10} {len(times):>5} {statistics.median(times):>9.2f} {worst[1]:>8.2f}  {worst[0]:<10} "
              f"{within:>6.0%} {statistics.median(cpu):>10.2f} {max(cpu):>9.2f} {statistics.mean(scores):>7.1f} {statistics.mean(adjusted):>8.1f} "
              f"{statistics.mean(lost):>6.1f} {statistics.median(plays):>7.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
