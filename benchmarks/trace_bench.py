"""What tracing a CLIPS agent costs: whole games with the trace off and on, interleaved (prints, asserts nothing).

    python benchmarks/trace_bench.py [--agent incrocio --agent bdi] [--maps 6] [--rounds 1] [--in-process]

Each map is played twice in a row by each agent, tracing off then on (the
rules, fact changes and agenda of every step, as ``run --trace`` and the GUI's
Rules tab collect them), ``--rounds`` times over; prints the median wall time
per game both ways and their ratio (target: on <= 3x off), the median of
each game's own ratio (the two runs of a map are back to back: on a busy
machine the steadier figure), and with several rounds the lowest and highest
of the rounds' ratios. Off, the bridge runs
exactly as without the feature (one check per chunk of firings).
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


def one_game(agent: str, path: Path, tracing: bool, local: bool = False) -> tuple[float, int]:
    """Wall time of one game (driver created to closed) and the rule firings traced (``local``: the agent in
    this process, not the agent host's)."""
    started = time.perf_counter()
    driver = (create_local_driver if local else create_driver)(resolve(agent), seed=0)
    driver.tracing = tracing
    traced = []
    match = Match(Game(load_map(path)), driver, on_trace=traced.append)
    try:
        match.run()
    finally:
        match.close()
    return time.perf_counter() - started, sum(len(trace.firings) for trace in traced)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", action="append", help="agent name (repeatable; default incrocio and bdi)")
    parser.add_argument("--maps", type=int, default=6, help="how many maps of maps/bench (default 6)")
    parser.add_argument("--rounds", type=int, default=1, help="play the maps this many times (default 1)")
    parser.add_argument("--in-process", action="store_true",
                        help="the agent in this process (default: in the agent host, as the app runs it)")
    args = parser.parse_args(argv)
    agents = args.agent or ["incrocio", "bdi"]
    maps = sorted((ROOT / "maps" / "bench").glob("*.map"))[: args.maps]
    print(f"load average {os.getloadavg()[0]:.1f}; {len(maps)} maps of maps/bench")
    for agent in agents:
        one_game(agent, maps[0], False, args.in_process)  # load once: the environment pool serves the rest
        off, on, firings, ratios = [], [], [], []
        for _ in range(max(1, args.rounds)):
            for path in maps:
                off.append(one_game(agent, path, False, args.in_process)[0])
                seconds, fired = one_game(agent, path, True, args.in_process)
                on.append(seconds)
                firings.append(fired)
            ratios.append(statistics.median(on[-len(maps):]) / statistics.median(off[-len(maps):]))
        a, b = statistics.median(off), statistics.median(on)
        paired = statistics.median(traced / plain for plain, traced in zip(off, on))
        spread = f"   rounds {min(ratios):.2f}-{max(ratios):.2f}x" if len(ratios) > 1 else ""
        print(f"{agent:<16} off {a * 1000:8.1f} ms/game   on {b * 1000:8.1f} ms/game   on/off {b / a:4.2f}x   "
              f"per game {paired:4.2f}x   ({statistics.median(firings):.0f} firings/game traced){spread}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
