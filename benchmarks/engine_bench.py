"""Benchmark: headless games of a Python agent through the engine (no display needed).

    python benchmarks/engine_bench.py [--agent cross] [--games 200]

Prints the mean / median / worst wall time per whole game (map already
loaded; agent created, played to the end, result and oracle computed) over
every map in maps/ and the course maps in tests/data/, and the same figures for the
engine alone replaying the agent's actions, so the ratio shows where time goes.
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="cross")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rules", default="unito-2019", choices=sorted(PROFILES))
    args = parser.parse_args()
    paths = sorted((ROOT / "maps").glob("*.map")) + sorted((ROOT / "tests/data/course-maps").glob("*.clp"))
    maps = [load_map(p) for p in paths]
    spec = resolve(args.agent)
    profile = PROFILES[args.rules]
    whole, engine_only = [], []
    for i in range(args.games):
        game_map = maps[i % len(maps)]
        start = time.perf_counter()
        game = Game(game_map, profile)
        Match(game, create_driver(spec, seed=i, sandbox=False)).run()  # the engine, not the agent host
        game.result()
        whole.append(time.perf_counter() - start)
        actions = [e.text for e in game.events if not e.by_engine]
        start = time.perf_counter()
        replay = Game(game_map, profile)
        for text in actions:
            if not replay.over:
                replay.apply(text)
        replay.result()
        engine_only.append(time.perf_counter() - start)
    for label, times in (("whole game", whole), ("engine only", engine_only)):
        print(f"{args.agent} {label:12s}: mean {1000 * statistics.mean(times):6.2f} ms  "
              f"median {1000 * statistics.median(times):6.2f} ms  worst {1000 * max(times):6.2f} ms  "
              f"({len(times)} games on {len(maps)} maps)")
    print(f"engine share of a game: {100 * sum(engine_only) / sum(whole):.0f}%")


if __name__ == "__main__":
    sys.exit(run_command(main))
