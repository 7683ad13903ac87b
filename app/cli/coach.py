"""``coach``: grade a saved game's decisions against ``bayes``'s play with the agent's own information."""

from __future__ import annotations

import argparse
import json
import sys

from app.cli import SUMMARIES, Subcommand
from app.core.gamelog import replay_file
from app.solver.coach import coach_game
from app.solver.coach.text import format_report


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coach``."""
    parser.add_argument("log", metavar="GAME_LOG", help="a game log (.jsonl) saved by run --log, the GUI or bench")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object instead")
    parser.add_argument("--all-flags", action="store_true", help="also list the flags that cost nothing")


def coach_command(args: argparse.Namespace) -> int:
    """Handle ``coach``."""
    replay = replay_file(args.log)
    for mismatch in replay.mismatches:
        print(f"{args.log}: warning: {mismatch} (the engine's replay is graded)", file=sys.stderr)
    report = coach_game(replay.game)
    if args.json:
        print(json.dumps(report.to_dict()))
    else:
        sys.stdout.write(format_report(report, args.all_flags))
    return 0


COMMAND = Subcommand("coach", SUMMARIES["coach"],
                     "Replay a JSON Lines game log and grade each decision with the information the agent had: "
                     "each fire's expected loss against the best action, the flag set at solve, stopping, and "
                     "the luck-adjusted score. See docs/coach.md.",
                     add_arguments, coach_command)
