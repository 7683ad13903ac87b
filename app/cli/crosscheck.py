"""``crosscheck``: play a CLIPS agent in the course's own environment and through the app, and compare."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.analysis.crosscheck import crosscheck
from app.cli import SUMMARIES, Subcommand, add_sandbox_option
from app.cli.common import add_rules_options, profile_from_args
from app.core import BattleshipError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``crosscheck``."""
    parser.add_argument("--course-main", required=True, type=Path, metavar="FILE", help="the course's main.clp")
    parser.add_argument("--course-env", required=True, type=Path, metavar="FILE",
                        help="the course's env.clp (of the edition --rules names)")
    parser.add_argument("--agent", required=True, metavar="FILE[,FILE...]",
                        help="the agent's .clp files, loaded in this order")
    parser.add_argument("--map", required=True, nargs="+", type=Path, metavar="MAP", help="course map files (.clp)")
    add_rules_options(parser)
    parser.add_argument("--max-firings", type=int, help="rule firings per step before a game is stopped "
                        "(default: the bridge's, 200000)")
    parser.add_argument("--time-limit", type=float, help="seconds per step before a game is stopped "
                        "(default: the bridge's, 5)")
    add_sandbox_option(parser)


def run_command(args: argparse.Namespace) -> int:
    """Handle ``crosscheck``."""
    profile = profile_from_args(args)
    agents = [Path(part.strip()) for part in args.agent.split(",") if part.strip()]
    if not agents:
        raise BattleshipError("--agent names no file")
    for path in [args.course_main, args.course_env, *agents, *args.map]:
        if not path.is_file():
            raise BattleshipError(f"{path}: no such file")
    for name, value in (("--max-firings", args.max_firings), ("--time-limit", args.time_limit)):
        if value is not None and value <= 0:
            raise BattleshipError(f"{name} must be more than 0, not {value:g}")
    different = 0
    for map_file in args.map:
        comparison = crosscheck(args.course_main, args.course_env, agents, map_file, profile,
                                args.max_firings, args.time_limit)
        different += comparison.difference is not None
        print(comparison.describe(), flush=True)
    print(f"{len(args.map) - different}/{len(args.map)} SAME")
    return 1 if different else 0


COMMAND = Subcommand("crosscheck", SUMMARIES["crosscheck"],
                     "Play each map twice: in a plain CLIPS environment with the course's main.clp and env.clp "
                     "(load, reset, run, under the bridge's caps) and through the app (its agent host, as every "
                     "game); print SAME or the first difference for each game. Exit 0 when all are the same, 1 otherwise, "
                     "2 on bad input.",
                     add_arguments, run_command)
