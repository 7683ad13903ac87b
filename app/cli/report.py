"""``report``: a tournament results file -> a self-contained HTML page, CSV tables and a manifest."""

from __future__ import annotations

import argparse
import sys

from app.cli import SUMMARIES, Subcommand
from app.report import write_report
from app.tournament.bench.store import ResultStore


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``report``."""
    parser.add_argument("results", metavar="RESULTS.jsonl", help="the tournament results file")
    add_report_options(parser, required=True)


def add_report_options(parser: argparse.ArgumentParser, required: bool = False) -> None:
    """``--out``/``--report`` DIR, ``--baseline`` and ``--worst`` (shared with bench)."""
    if required:
        parser.add_argument("--out", required=True, metavar="DIR", help="folder for the report (created)")
    else:
        parser.add_argument("--report", metavar="DIR", help="with --out RESULTS.jsonl: write the tournament "
                            "report (index.html, CSVs, manifest.json) into DIR at the end")
    parser.add_argument("--baseline", metavar="AGENT", help="compare every agent with this one (Wilcoxon, Holm)")
    parser.add_argument("--worst", type=int, default=3, metavar="N", help="worst maps listed per agent (default 3)")


def make_report(results: str, out_dir: str, baseline: str | None, worst: int) -> None:
    """Read the results file and write the report, saying where it went."""
    page = write_report(ResultStore(results).records(), out_dir, results, baseline, worst)
    print(f"report: {page}", file=sys.stderr)


def report_command(args: argparse.Namespace) -> int:
    """Handle ``report``."""
    make_report(args.results, args.out, args.baseline, args.worst)
    return 0


COMMAND = Subcommand("report", SUMMARIES["report"],
                     "Standings with bootstrap intervals, tests against a baseline, Friedman test and "
                     "critical-difference diagram, results by difficulty, a maps x agents heat map and each "
                     "agent's worst maps, from a results file written by bench --out RESULTS.jsonl.",
                     add_arguments, report_command)
