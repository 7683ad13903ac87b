"""What drawing markers costs per step: bdi's games with markers wanted and not, interleaved (prints, asserts
nothing).

    python benchmarks/marker_bench.py [--agent bdi] [--maps 6] [--rounds 3] [--in-process]

Each map is played by the agent with markers off (not wanted, as bench, grade and the coach play: the agent is
told none are wanted and draws nothing, the app reads none) and on (wanted, as the window and ``run --log`` play:
bdi's heat map, up to 100 markers, drawn in CLIPS, read by the driver after each step, sent up from the agent
host, capped and kept by the game), the two games back to back, which goes first alternating from map to map and round to round. Prints the median wall time per step
both ways, their ratio (target: on <= 1.10x off), the median of each pair's own ratio (steadier on a busy
machine), the markers kept per game, and the time of the app's own part alone (the driver's read and the capping,
per step). A game is timed from its driver's creation to its close, as ``trace_bench`` does.
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

from app.backends.drivers import create_driver, create_local_driver  # noqa: E402
from app.backends.registry import resolve  # noqa: E402
from app.backends.runner import Match  # noqa: E402
from app.core import Game  # noqa: E402
from app.core.formats import load_map  # noqa: E402


class _Timed:
    """Wraps a driver's ``markers`` to add up the time the app spends reading them."""

    def __init__(self, driver):
        self.seconds, self.read = 0.0, driver.markers

    def __call__(self):
        started = time.perf_counter()
        try:
            return self.read()
        finally:
            self.seconds += time.perf_counter() - started


def one_game(agent: str, path: Path, markers: bool, local: bool) -> tuple[float, int, int, float]:
    """(wall seconds, steps, markers kept, seconds reading markers) of one game."""
    started = time.perf_counter()
    driver = (create_local_driver if local else create_driver)(resolve(agent), seed=0)
    timed = driver.markers = _Timed(driver)
    game = Game(load_map(path))
    match = Match(game, driver, markers=markers)
    try:
        match.run()
    finally:
        match.close()
    return time.perf_counter() - started, game.step, sum(len(m) for m in game.markers.values()), timed.seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="bdi", help="an agent that draws markers (default bdi)")
    parser.add_argument("--maps", type=int, default=6, help="how many maps of maps/bench (default 6)")
    parser.add_argument("--rounds", type=int, default=3, help="play the maps this many times (default 3)")
    parser.add_argument("--in-process", action="store_true",
                        help="the agent in this process (default: in the agent host, as the app runs it)")
    args = parser.parse_args(argv)
    maps = sorted((ROOT / "maps" / "bench").glob("*.map"))[: args.maps]
    where = "in this process" if args.in_process else "in the agent host"
    print(f"{args.agent} {where}; {len(maps)} maps of maps/bench x {args.rounds} rounds; "
          f"load average {os.getloadavg()[0]:.1f}")
    one_game(args.agent, maps[0], True, args.in_process)  # load once: the environment pool serves the rest
    off, on, ratios, kept, reading = [], [], [], [], []
    for round_number in range(max(1, args.rounds)):
        for index, path in enumerate(maps):
            pair = {}
            for markers in ((True, False) if (index + round_number) % 2 else (False, True)):
                seconds, steps, count, read = one_game(args.agent, path, markers, args.in_process)
                pair[markers] = seconds / max(1, steps)
                if markers:
                    kept.append(count)
                    reading.append(read / max(1, steps))
            off.append(pair[False])
            on.append(pair[True])
            ratios.append(pair[True] / pair[False])
    a, b = statistics.median(off), statistics.median(on)
    print(f"off {a * 1000:7.2f} ms/step   on {b * 1000:7.2f} ms/step   on/off {b / a:4.2f}x   "
          f"per pair {statistics.median(ratios):4.2f}x (lowest {min(ratios):.2f}x, highest {max(ratios):.2f}x)")
    print(f"markers kept per game (only the steps they changed): median {statistics.median(kept):.0f}; "
          f"the app's read and capping: median {statistics.median(reading) * 1e6:.0f} us/step")
    return 0


if __name__ == "__main__":
    sys.exit(main())
