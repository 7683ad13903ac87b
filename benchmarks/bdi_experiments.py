"""Seed report 001's Experiments 1 (aging) and 2 (fire strategy) with the BDI CLIPS agent.

Plays ``bdi`` on every map of a folder (default ``maps/bench``) once per
configuration: max-age 5, 10 and 20 with median fires, and max-max fires with
max-age 5, all through the bench's worker pool (``app.backends.bench``), and
prints one table: games, mean score, score standard deviation, median, min,
max, mean steps and games the agent solved by itself, next to the same figures
computed from the report's own tables (8 maps of its own). For max-max it also
prints on how many maps it scored below median fires (the report's "less
stable"). Usage::

    python benchmarks/bdi_experiments.py [--maps maps/bench] [--jobs 2] [--out results.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.backends.bench import Bench, BenchConfig, GameRow, expand_maps  # noqa: E402
from app.cli import run_command  # noqa: E402
from app.core.fileio import atomic_write_text  # noqa: E402

#: (label, agent params) of each configuration, as in the report's experiments.
CONFIGS = (
    ("max-age 5, median", {"max-age": "5", "fire-strategy": "median"}),
    ("max-age 10, median", {"max-age": "10", "fire-strategy": "median"}),
    ("max-age 20, median", {"max-age": "20", "fire-strategy": "median"}),
    ("max-age 5, max-max", {"max-age": "5", "fire-strategy": "max-max"}),
)

#: The report's Tables 1 and 2, per map 0..7: (steps, score). Median fires in Table 1.
REPORT = {
    "max-age 5, median": [(25, 115), (29, 70), (28, 55), (25, -70), (28, -210), (28, 60), (25, 275), (24, 150)],
    "max-age 10, median": [(25, 115), (34, 50), (34, 55), (25, -70), (34, -210), (33, 40), (25, 275), (24, 150)],
    "max-age 20, median": [(25, 115), (61, 50), (45, -15), (25, -70), (42, -210), (83, 0), (25, 275), (24, 150)],
    "max-age 5, max-max": [(25, 140), (34, 85), (34, 120), (25, -105), (34, 100), (33, 95), (25, 200), (24, 55)],
}


def figures(scores: list[float], steps: list[float]) -> dict[str, float]:
    """Mean, standard deviation, median, min, max of the scores and the mean steps."""
    return {"games": len(scores), "mean": statistics.fmean(scores), "sd": statistics.pstdev(scores),
            "median": statistics.median(scores), "min": min(scores), "max": max(scores),
            "steps": statistics.fmean(steps)}


def play(maps: list[str], params: dict[str, str], jobs: int) -> list[GameRow]:
    """Every map once with ``params``; rows in map order."""
    bench = Bench(["bdi"], maps, BenchConfig(params=tuple(params.items())), jobs=jobs)
    finished = dict(bench.run())
    return bench.ordered(finished)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maps", default=str(ROOT / "maps" / "bench"), help="map folder, glob or file")
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (default: all cores)")
    parser.add_argument("--out", help="write every row and the summary as JSON")
    args = parser.parse_args(argv)
    maps = expand_maps([args.maps])
    results: dict[str, list[GameRow]] = {}
    for label, params in CONFIGS:
        started = time.perf_counter()
        results[label] = play(maps, params, args.jobs)
        print(f"{label}: {len(results[label])} games in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    head = ("| configuration | games | mean score | sd | median | min | max | mean steps | solved by itself "
            "| failures | report: mean score | report: sd | report: mean steps |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    summary = {}
    for label, rows in results.items():
        ok = [r for r in rows if r.status == "ok"]
        ours = figures([r.score for r in ok], [r.steps for r in ok])
        theirs = figures([s for _, s in REPORT[label]], [n for n, _ in REPORT[label]])
        itself = sum(r.stop_reason == "solved by the agent" for r in ok)
        failures = sum(bool(r.failure) for r in rows)
        summary[label] = {"ours": ours, "report": theirs, "solved_by_itself": itself, "failures": failures}
        lines.append(f"| {label} | {ours['games']} | {ours['mean']:.1f} | {ours['sd']:.1f} | {ours['median']:.0f} "
                     f"| {ours['min']:.0f} | {ours['max']:.0f} | {ours['steps']:.1f} | {itself} | {failures} "
                     f"| {theirs['mean']:.1f} | {theirs['sd']:.1f} | {theirs['steps']:.1f} |")
    print("\n".join(lines))
    median_rows = {r.map_path: r for r in results["max-age 5, median"] if r.status == "ok"}
    maxmax_rows = [r for r in results["max-age 5, max-max"] if r.status == "ok" and r.map_path in median_rows]
    worse = sum(r.score < median_rows[r.map_path].score for r in maxmax_rows)
    better = sum(r.score > median_rows[r.map_path].score for r in maxmax_rows)
    report_worse = sum(m[1] < s[1] for m, s in zip(REPORT["max-age 5, max-max"], REPORT["max-age 5, median"]))
    print(f"\nmax-max vs median (max-age 5), map by map: better on {better}, worse on {worse} of {len(maxmax_rows)} "
          f"maps (report: worse on {report_worse} of 8)")
    if args.out:
        rows = {label: [r.__dict__ for r in rows] for label, rows in results.items()}
        atomic_write_text(args.out, json.dumps({"summary": summary, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))
