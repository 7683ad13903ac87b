"""``similar``: which submissions of a class are copies of each other (code and behaviour), ranked."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.cli import SUMMARIES, Subcommand, add_sandbox_option
from app.similarity.behaviour import default_maps
from app.similarity.compare import compare_class
from app.similarity.page import write_page
from app.similarity.pairs import FLAG_AT, pairs_csv
from app.similarity.sources import unchanged_starters
from app.tournament import submissions as found_in
from app.tournament.bench.inputs import expand_maps


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``similar``."""
    parser.add_argument("submissions", metavar="SUBMISSIONS",
                        help="a folder with one sub-folder per student (its .clp or .py files, in the order of its "
                             "load-order.txt or by name) or single .clp/.py files")
    parser.add_argument("--base", action="append", default=[], metavar="FILE",
                        help="a starter file you handed out: code in it is not counted (repeatable; the game's "
                        "MAIN/ENV, the shipped CLIPS library and the templates are never counted)")
    parser.add_argument("--count-shipped", action="store_true", help="count the game's MAIN/ENV, the shipped CLIPS "
                        "library and the templates too")
    parser.add_argument("--roster", metavar="CSV", help="students: id,name,email: the reports name them (a submission "
                        "is matched by its folder or file name to the id or the e-mail's user)")
    parser.add_argument("--csv", metavar="PAIRS.csv", help="write every pair: left, right, code_score, "
                        "behaviour_score, flagged")
    parser.add_argument("--html", metavar="DIR", help="write DIR/similarity.html: the ranking and each flagged pair's "
                        "matched rules side by side")
    parser.add_argument("--maps", metavar="DIR", help="maps each submission plays for the behaviour score "
                        "(default: three of maps/bench)")
    parser.add_argument("--no-behaviour", action="store_true", help="compare code only (no games played)")
    parser.add_argument("--threshold", type=float, metavar="SCORE",
                        help="flag pairs whose code score reaches this (default: the benchmarked 0.5)")
    parser.add_argument("--top", type=int, default=20, metavar="N",
                        help="pairs printed besides the flagged ones (default 20)")
    parser.add_argument("--jobs", type=int, default=2, metavar="N", help="games played at once (default 2)")
    add_sandbox_option(parser)


def similar_command(args: argparse.Namespace) -> int:
    """Handle ``similar``."""
    roster = found_in.read_roster(args.roster) if args.roster else None
    threshold = FLAG_AT if args.threshold is None else args.threshold
    maps = None if args.no_behaviour else expand_maps([args.maps]) if args.maps else [str(p) for p in default_maps()]

    def playing(submissions: int, map_count: int) -> None:
        print(f"playing {submissions} submissions on {map_count} maps for the behaviour score (--no-behaviour to "
              f"skip)", file=sys.stderr)

    submissions, pairs = compare_class(args.submissions, args.base, maps, threshold, args.jobs, playing,
                                       shipped=not args.count_shipped)
    names = {name: student.name for name, student in
             found_in.identify(found_in.find(args.submissions), roster).items()} if roster else {}
    flagged = [p for p in pairs if p.flagged]
    print(f"{len(submissions)} submissions, {len(pairs)} pairs, {len(flagged)} flagged (code score >= {threshold:g})")
    print(f"{'#':>4}  {'code':>5}  {'behav':>5}  flag  pair")
    for rank, pair in enumerate(flagged + [p for p in pairs if not p.flagged][:args.top], start=1):
        behaviour = "-" if pair.behaviour is None else f"{pair.behaviour:.2f}"
        print(f"{rank:>4}  {pair.code:>5.2f}  {behaviour:>5}  {'yes' if pair.flagged else 'no':>4}  "
              f"{names.get(pair.left, pair.left)} — {names.get(pair.right, pair.right)}")
    starters = unchanged_starters(submissions)
    for name, starter in starters.items():
        print(f"unchanged starter: {names.get(name, name)} is {starter}")
    if args.csv:
        with open(args.csv, "w", encoding="utf-8", newline="") as out:
            out.write(pairs_csv(pairs, names))
        print(f"pairs: {args.csv}", file=sys.stderr)
    if args.html:
        summary = (f"{len(submissions)} submissions in {Path(args.submissions).resolve().name}; base files: "
                   f"{', '.join(Path(b).name for b in args.base) or 'none'}"
                   + ("" if args.count_shipped else " and the shipped ones (MAIN/ENV, CLIPS library, templates)")
                   + f"; flagged at code score {threshold:g}."
                   + (f" Unchanged starters: {', '.join(f'{names.get(n, n)} ({s})' for n, s in starters.items())}."
                      if starters else ""))
        print(f"report: {write_page(pairs, args.html, summary, names)}", file=sys.stderr)
    return 0


COMMAND = Subcommand("similar", SUMMARIES["similar"],
                     "Compare every pair of submissions: CLIPS and Python code normalised so that renaming, "
                     "reordering rules or patterns, saliences, comments, splitting files and dead rules do not hide "
                     "a copy (code from --base files not counted), and the decisions each takes on the same maps. "
                     "Prints the ranking; --csv and --html write it. See docs/tournament.md.",
                     add_arguments, similar_command)
