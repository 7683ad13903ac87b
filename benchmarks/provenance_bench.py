"""What provenance chains cost: the chain of every action of whole traced games (prints, asserts nothing).

    python benchmarks/provenance_bench.py [--agent bdi --agent incrocio] [--maps 4] [--map FILE] [--repeat 5]

Each agent plays ``--maps`` maps of maps/bench in this process with tracing on (as ``run --trace`` and the GUI
collect it). Then, from the games' traces alone, it times building the chain of every action: the index of
which firing made which fact (``Provenance``) and the chain of each step's exec, every firing behind them
resolved once (the chains share most of their firings: ``run --trace why`` prints each once and "see above"
after); and, apart, the longest single action's chain walked in full, as the GUI's tree shows one action.
Prints per game the firings, the steps, the lines of all the chains, the best of ``--repeat`` timings in ms,
the memory they add (tracemalloc, peak), and the longest chain's lines and ms. Target: at most
200 ms for a game of 5,000 firings (bdi's games stop near 2,500 firings; with
``--param give-up=retry`` it plays on, past 5,000 on some maps).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.backends.drivers import create_local_driver  # noqa: E402
from app.backends.registry import resolve  # noqa: E402
from app.backends.runner import Match  # noqa: E402
from app.backends.tracing.provenance import Provenance  # noqa: E402
from app.cli.common import add_rules_options, profile_from_args  # noqa: E402
from app.core import Game  # noqa: E402
from app.core.formats import load_map  # noqa: E402


def traced_game(agent: str, path: Path, profile=None, params: dict | None = None) -> list:
    """Every step's trace of ``agent``'s game on ``path`` under ``profile`` with the agent's ``params``
    (in this process)."""
    driver = create_local_driver(resolve(agent), seed=0)
    driver.tracing = True
    traces: list = []
    match = Match(Game(load_map(path), profile), driver, params=params, on_trace=traces.append)
    try:
        match.run()
    finally:
        match.close()
    return traces


def every_chain(traces: list) -> tuple[Provenance, int]:
    """The index and the chain of every step's exec, each firing behind them resolved once (what
    ``run --trace why`` prints: a firing met again is "see above"); the chain lines in all."""
    provenance = Provenance(traces)
    shown: dict[int, int] = {}
    return provenance, sum(len(provenance.exec_lines(trace.step, shown)) for trace in traces)


def measure(traces: list, repeat: int) -> tuple[float, int, int, float, int]:
    """Best of ``repeat``: (time in s of ``every_chain``, its lines, its peak bytes, time in s of the longest single
    action's chain walked in full as the GUI's tree shows it, that chain's lines)."""
    best = tree = float("inf")
    lines = longest = 0
    for _ in range(repeat):
        started = time.perf_counter()
        provenance, lines = every_chain(traces)
        best = min(best, time.perf_counter() - started)
        sizes = {trace.step: len(provenance.exec_lines(trace.step)) for trace in traces}
        step = max(sizes, key=sizes.get)
        started = time.perf_counter()
        longest = len(Provenance(traces).exec_lines(step))
        tree = min(tree, time.perf_counter() - started)
    tracemalloc.start()
    every_chain(traces)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return best, lines, peak, tree, longest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", action="append", help="agent name or .clp file (repeatable; default bdi, incrocio)")
    parser.add_argument("--maps", type=int, default=4, help="how many maps of maps/bench (default 4)")
    parser.add_argument("--map", action="append", default=[], help="a map file to play besides (repeatable)")
    parser.add_argument("--repeat", type=int, default=5, help="time each game's chains this many times (best kept)")
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="an agent parameter (repeatable; bdi's give-up=retry plays on: games past 5,000 firings)")
    add_rules_options(parser)
    args = parser.parse_args(argv)
    profile = profile_from_args(args)
    params = dict(item.split("=", 1) for item in args.param if "=" in item)
    agents = args.agent or ["bdi", "incrocio"]
    maps = sorted((ROOT / "maps" / "bench").glob("*.map"))[: args.maps] + [Path(name) for name in args.map]
    print(f"rules {profile.name}, {profile.fires} fires, {profile.guesses} flags, params {params or 'default'}; "
          f"{platform.node()} {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'agent':<14} {'map':<12} {'firings':>7} {'steps':>5} {'lines':>6} {'all ms':>7} {'peak KiB':>8} "
          f"{'tree lines':>10} {'tree ms':>7}")
    for agent in agents:
        for path in maps:
            traces = traced_game(agent, path, profile, params)
            firings = sum(len(trace.firings) for trace in traces)
            seconds, lines, peak, tree, longest = measure(traces, args.repeat)
            print(f"{Path(agent).name:<14} {path.stem:<12} {firings:>7} {len(traces):>5} {lines:>6} "
                  f"{seconds * 1000:>7.1f} {peak / 1024:>8.0f} {longest:>10} {tree * 1000:>7.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
