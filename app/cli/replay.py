"""``replay``: re-play a game log through the engine and print the same result."""

from __future__ import annotations

import argparse
import sys

from app.cli import SUMMARIES, Subcommand
from app.cli.result import print_result
from app.core import StepEvent
from app.core.gamelog import interleaved, replay_file


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``replay``."""
    parser.add_argument("log", metavar="LOG.jsonl")
    parser.add_argument("--quiet", action="store_true", help="no per-step lines")
    parser.add_argument("--json", action="store_true", help="end with the result as one JSON line")


def replay_command(args: argparse.Namespace) -> int:
    """Handle ``replay``; exit 1 when the log disagrees with the engine."""
    replay = replay_file(args.log)
    if not args.quiet:
        for item in interleaved(replay.game):
            print(item.describe() if isinstance(item, StepEvent) else f"  {item[1]}")
    print_result(replay.result, args.json)
    for mismatch in replay.mismatches:
        print(f"{args.log}: mismatch: {mismatch}", file=sys.stderr)
    if replay.mismatches:
        print(f"{args.log}: the log disagrees with the engine ({len(replay.mismatches)} mismatches)", file=sys.stderr)
        return 1
    return 0


COMMAND = Subcommand("replay", SUMMARIES["replay"],
                     "Re-play a JSON Lines game log through the engine.",
                     add_arguments, replay_command)
