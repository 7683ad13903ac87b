"""Benchmark of the CLIPS bridge: whole games of a CLIPS agent, timed (prints figures, asserts nothing).

    python benchmarks/clips_bench.py [--agent incrocio] [--map maps/four-known.map ...] [--games 20]

For each game: wall time from creating the driver to closing it (load, reset,
every step, the engine's work), and the part of it spent inside ``env.run``
(CLIPS firing the agent's rules, and ENV's two rules that end the agent's
turn and mirror each step's outcome into facts, as the course's ENV rules
do; the mirroring's part is printed on its own). Prints the median wall time per game
(target < 1 s) and the share outside rule firing (target < 20%), split into
start-up (loading and reset) and the per-step bridge work, and how much of it
is CLIPS's own work outside ``env.run``: the ``(reset)`` (retracting the
previous game's facts) and the pattern matching of every fact the bridge
modifies or asserts. The machine's load average is printed with the figures:
they are shares of wall time, so re-run on a quiet machine.
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

from app.backends.drivers import create_driver  # noqa: E402
from app.backends.registry import resolve  # noqa: E402
from app.backends.runner import Match  # noqa: E402
from app.cli import run_command  # noqa: E402
from app.core import PROFILES, Game  # noqa: E402
from app.core.formats import load_map  # noqa: E402


class _Timed:
    """Wraps a driver method and adds up the wall time spent in it."""

    def __init__(self, method):
        self.method = method
        self.seconds = 0.0

    def __call__(self, *args):
        started = time.perf_counter()
        try:
            return self.method(*args)
        finally:
            self.seconds += time.perf_counter() - started


def one_game(spec, game_map, profile) -> dict[str, float]:
    """Times of one whole game: total, start-up, inside env.run, in the bridge; plus steps and firings."""
    started = time.perf_counter()
    driver = create_driver(spec, sandbox=False)  # the bridge in this process: its own timers are read
    driver.next_action = _Timed(driver.next_action)
    driver.after = _Timed(driver.after)
    game = Game(game_map, profile)
    match = Match(game, driver)
    match.start()
    after_start = time.perf_counter()
    clips_at_start, mirror_at_start = driver.clips_seconds, driver.mirror_seconds
    match.run()
    match.close()
    ended = time.perf_counter()
    clips_time = driver.clips_seconds - clips_at_start
    bridge = driver.next_action.seconds + driver.after.seconds - clips_time
    return {"total": ended - started, "startup": after_start - started, "clips": clips_time,
            "mirror": driver.mirror_seconds - mirror_at_start,
            "bridge": bridge, "updates": driver.update_seconds, "steps": game.step, "firings": driver.firings}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="incrocio")
    parser.add_argument("--map", action="append", help="map file (repeatable; default maps/*.map)")
    parser.add_argument("--games", type=int, default=20, help="games per map (default 20)")
    parser.add_argument("--rules", default="unito-2019", choices=sorted(PROFILES))
    args = parser.parse_args(argv)
    paths = [Path(p) for p in args.map] if args.map else sorted((ROOT / "maps").glob("*.map"))
    profile = PROFILES[args.rules]
    spec = resolve(args.agent)
    rows = []
    load_before = os.getloadavg()[0]
    for path in paths:
        game_map = load_map(path)
        one_game(spec, game_map, profile)  # warm-up (imports, file cache)
        rows += [one_game(spec, game_map, profile) for _ in range(args.games)]
    totals = [r["total"] for r in rows]
    total_time = sum(totals)
    clips_time = sum(r["clips"] for r in rows)
    startup_time = sum(r["startup"] for r in rows)
    outside = total_time - clips_time
    print(f"agent {args.agent}, rules {args.rules}, {len(paths)} map(s) x {args.games} games = {len(rows)} games "
          f"(load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after)")
    print(f"median wall time of a whole game: {statistics.median(totals) * 1000:.1f} ms "
          f"(min {min(totals) * 1000:.1f}, max {max(totals) * 1000:.1f}; target < 1000 ms)")
    print(f"mean steps per game {statistics.mean(r['steps'] for r in rows):.1f}, "
          f"mean rule firings per game {statistics.mean(r['firings'] for r in rows):.0f}")
    print(f"share of the time inside CLIPS rule firing (env.run): {100 * clips_time / total_time:.1f}%, of which "
          f"ENV's mirror-outcome rule (each step's changes to status, moves, k-cell, statistics): "
          f"{100 * sum(r['mirror'] for r in rows) / total_time:.1f}%")
    bridge_time = sum(r["bridge"] for r in rows)
    print(f"share outside rule firing: {100 * outside / total_time:.1f}% (target < 20%), of which")
    print(f"  start-up (load or reuse, map facts, reset): {100 * startup_time / total_time:.1f}%")
    print(f"  bridge per step (exec lookup, mirroring facts, output): {100 * bridge_time / total_time:.1f}%")
    print(f"  engine and match runner (Game.apply, observations, result/oracle, close): "
          f"{100 * (outside - startup_time - bridge_time) / total_time:.1f}%")
    updates = sum(r["updates"] for r in rows)
    print(f"  (across those: CLIPS's own work outside env.run, the (reset) and the pattern matching of the "
          f"facts the bridge modifies and asserts: {100 * updates / total_time:.1f}%; the rest is Python)")
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))
