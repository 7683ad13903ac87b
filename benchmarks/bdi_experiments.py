"""The BDI CLIPS agent per parameter setting, next to seed report 001's own figures.

Plays ``bdi`` on every map of a folder (default ``maps/bench``) once per
setting, through the bench's worker pool (``app.tournament.bench``, as
``python main.py bench`` does), and prints:

- one table, a row per setting: games, mean score with its 95% confidence
  interval, median, min, max, steps a game, flags right/wrong, and the paired
  difference from the defaults (same maps) with its 95% interval; the rows of
  the report's Experiments 1 (max-age 5, 10, 20) and 2 (max-max) also carry
  the mean score and steps the report gives for its own 8 maps (Tables 1, 2);
- the defaults by cells known at start (the ``k0``/``k2``/``k4`` groups of
  ``maps/bench``), next to the report's Table 3 (its maps with 0, 2, 4 known);
- on how many maps max-max beat median fires and lost to them.

The defaults are the report's rules (max-age 5, median fires, the median of
the distinct starting heat values, aging by convolution passes, surrender at
the first revival); the other settings change one parameter at a time, and
the last one is the agent as it was before issue 21. Usage::

    python benchmarks/bdi_experiments.py [--maps maps/bench] [--jobs 2] [--settings NAME,...] [--out results.json]
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.cli import run_command  # noqa: E402
from app.core.errors import BattleshipError  # noqa: E402
from app.core.fileio import atomic_write_text  # noqa: E402
from app.tournament.bench import Bench, BenchConfig, GameRow, expand_maps  # noqa: E402

#: The agent's defaults: seed report 001's rules.
DEFAULTS = {"max-age": "5", "fire-strategy": "median", "median": "report", "aging": "report", "give-up": "report"}

#: (name, the parameters that differ from the defaults), in the order printed.
SETTINGS: tuple[tuple[str, dict[str, str]], ...] = (
    ("defaults", {}),
    ("max-age=10", {"max-age": "10"}),
    ("max-age=20", {"max-age": "20"}),
    ("max-max", {"fire-strategy": "max-max"}),
    ("max-max max-age=10", {"fire-strategy": "max-max", "max-age": "10"}),
    ("max-max max-age=20", {"fire-strategy": "max-max", "max-age": "20"}),
    ("median=cells", {"median": "cells"}),
    ("aging=pushes", {"aging": "pushes"}),
    ("give-up=keep-best", {"give-up": "keep-best"}),
    ("give-up=dead-end", {"give-up": "dead-end"}),
    ("give-up=retry", {"give-up": "retry"}),
    ("before issue 21", {"median": "cells", "aging": "pushes", "give-up": "retry"}),
)

#: The report's Tables 1 and 2, per map 0..7: (steps, score). Table 1 is median fires.
REPORT = {
    "defaults": [(25, 115), (29, 70), (28, 55), (25, -70), (28, -210), (28, 60), (25, 275), (24, 150)],
    "max-age=10": [(25, 115), (34, 50), (34, 55), (25, -70), (34, -210), (33, 40), (25, 275), (24, 150)],
    "max-age=20": [(25, 115), (61, 50), (45, -15), (25, -70), (42, -210), (83, 0), (25, 275), (24, 150)],
    "max-max": [(25, 140), (34, 85), (34, 120), (25, -105), (34, 100), (33, 95), (25, 200), (24, 55)],
}

#: The report's Table 3 (median fires, max-age 5): its 8 maps with 0, 2 and 4 cells known at start.
REPORT_KNOWN = {
    0: [(25, 115), (29, 70), (28, 55), (25, -70), (28, -210), (28, 60), (25, 275), (24, 150)],
    2: [(25, 105), (29, 155), (28, 45), (29, -260), (28, -200), (28, 50), (27, -55), (27, 65)],
    4: [(25, 95), (29, 120), (29, 85), (28, -310), (32, -55), (28, 40), (25, 255), (24, 95)],
}


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    if not values:
        return math.nan, math.nan
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return statistics.fmean(values), half


def play(maps: list[str], params: dict[str, str], jobs: int) -> list[GameRow]:
    """Every map once with ``params``; rows in map order."""
    bench = Bench(["bdi"], maps, BenchConfig(params=tuple(params.items())), jobs=jobs)
    finished = dict(bench.run())
    return bench.ordered(finished)


def scored(rows: list[GameRow]) -> dict[str, GameRow]:
    """The scored rows by map path."""
    return {r.map_path: r for r in rows if r.scored}


def known_group(row: GameRow) -> int | None:
    """The cells known at start from a ``maps/bench`` name (``k2-0007`` -> 2), or None."""
    match = re.match(r"k(\d+)-", row.map)
    return int(match.group(1)) if match else None


def report_figures(pairs: list[tuple[int, int]]) -> str:
    """``mean score, mean steps`` of some of the report's (steps, score) pairs."""
    return f"{statistics.fmean(s for _, s in pairs):.1f} | {statistics.fmean(n for n, _ in pairs):.1f}"


def settings_table(results: dict[str, list[GameRow]]) -> list[str]:
    """The Markdown table, a row per setting."""
    head = ("| setting | games | mean score ± 95% CI | median | min | max | steps a game | flags ok/ko "
            "| vs defaults (same maps) | report: mean score | report: steps a game |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    base = scored(results["defaults"]) if "defaults" in results else {}
    for name, rows in results.items():
        ok = list(scored(rows).values())
        if not ok:
            lines.append(f"| {name} | 0 | | | | | | | | | |")
            continue
        scores = [float(r.score) for r in ok]
        mean, half = mean_ci(scores)
        diffs = [float(r.score - base[r.map_path].score) for r in ok if r.map_path in base]
        versus = "" if name == "defaults" or not diffs else "{:+.1f} ± {:.1f}".format(*mean_ci(diffs))
        theirs = report_figures(REPORT[name]) if name in REPORT else "– | –"
        lines.append(f"| {name} | {len(ok)} | {mean:.1f} ± {half:.1f} | {statistics.median(scores):.0f} "
                     f"| {min(scores):.0f} | {max(scores):.0f} | {statistics.fmean(r.steps for r in ok):.1f} "
                     f"| {statistics.fmean(r.gok for r in ok):.1f}/{statistics.fmean(r.gko for r in ok):.1f} "
                     f"| {versus} | {theirs} |")
    return lines


def known_table(rows: list[GameRow]) -> list[str]:
    """The defaults by cells known at start, next to the report's Table 3."""
    groups: dict[int, list[GameRow]] = {}
    for row in scored(rows).values():
        group = known_group(row)
        if group is not None:
            groups.setdefault(group, []).append(row)
    if not groups:
        return []
    lines = ["| known at start | games | mean score ± 95% CI | steps a game | report (Table 3): mean score | report: steps a game |",
             "|---|---|---|---|---|---|"]
    for group in sorted(groups):
        ok = groups[group]
        theirs = report_figures(REPORT_KNOWN[group]) if group in REPORT_KNOWN else "– | –"
        lines.append("| {} | {} | {:.1f} ± {:.1f} | {:.1f} | {} |".format(
            group, len(ok), *mean_ci([float(r.score) for r in ok]), statistics.fmean(r.steps for r in ok), theirs))
    return lines


def main(argv: list[str] | None = None) -> int:
    names = [name for name, _ in SETTINGS]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maps", default=str(ROOT / "maps" / "bench"), help="map folder, glob or file")
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (default: all cores)")
    parser.add_argument("--settings", default=",".join(names),
                        help=f"comma-separated settings to play (default all: {', '.join(names)})")
    parser.add_argument("--out", help="write every row and the tables as JSON")
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.settings.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in names]
    if unknown:
        raise BattleshipError(f"--settings: unknown setting {unknown[0]!r}; known: {', '.join(names)}")
    maps = expand_maps([args.maps])
    results: dict[str, list[GameRow]] = {}
    for name, changes in SETTINGS:
        if name not in chosen:
            continue
        started = time.perf_counter()
        results[name] = play(maps, DEFAULTS | changes, args.jobs)
        print(f"{name}: {len(results[name])} games in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    tables = {"settings": settings_table(results)}
    if "defaults" in results:
        tables["known at start (defaults)"] = known_table(results["defaults"])
    for lines in tables.values():
        if lines:
            print("\n".join(lines) + "\n")
    if "defaults" in results and "max-max" in results:
        median_rows, maxmax_rows = scored(results["defaults"]), scored(results["max-max"])
        common = [path for path in maxmax_rows if path in median_rows]
        better = sum(maxmax_rows[p].score > median_rows[p].score for p in common)
        worse = sum(maxmax_rows[p].score < median_rows[p].score for p in common)
        report_worse = sum(m[1] < s[1] for m, s in zip(REPORT["max-max"], REPORT["defaults"]))
        print(f"max-max vs median (max-age 5), map by map: better on {better}, worse on {worse} of {len(common)} "
              f"maps (report: worse on {report_worse} of 8)")
    if args.out:
        rows = {name: [r.__dict__ for r in rows] for name, rows in results.items()}
        atomic_write_text(args.out, json.dumps({"tables": tables, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))
