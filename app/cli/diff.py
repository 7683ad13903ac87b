"""``diff``: two agents (two versions of one) on the same map: where they first act differently, and the scores."""

from __future__ import annotations

import argparse
import json

from app.analysis.diff import diff_agents
from app.backends.params import parse_agent_params
from app.backends.registry import resolve
from app.cli import SUMMARIES, Subcommand
from app.cli.common import add_agent_options, add_rules_options, profile_from_args, step_timeout
from app.solver.playable import load_game_map


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``diff``."""
    parser.add_argument("old_agent", metavar="OLD_AGENT",
                        help="the old version: agent name, a .py/.clp file, a.clp,b.clp, or a multi-file agent's folder")
    parser.add_argument("new_agent", metavar="NEW_AGENT", help="the new version, given the same ways")
    parser.add_argument("--map", required=True, help="map file (native, course .clp, or Bimaru puzzle)")
    add_rules_options(parser)
    parser.add_argument("--seed", type=int, default=0, help="seed for agents that draw at random, the same for "
                        "both games (default 0)")
    parser.add_argument("--json", action="store_true", help="print the comparison as one JSON object")
    add_agent_options(parser, several=True)


def diff_command(args: argparse.Namespace) -> int:
    """Handle ``diff``: exit 0 whatever the games did (a difference is the answer, not a failure)."""
    profile = profile_from_args(args)
    step_seconds = step_timeout(args)
    for agent in (args.old_agent, args.new_agent):
        resolve(agent)  # an unknown agent or a bad file is one line before any game is played
    game_map = load_game_map(args.map, pick_first=args.pick_first)
    params = parse_agent_params(args.agent_param, [args.old_agent, args.new_agent])
    result = diff_agents(args.old_agent, args.new_agent, game_map, profile, seed=args.seed, params=params,
                         step_seconds=step_seconds)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print("\n".join(result.lines()))
    return 0


COMMAND = Subcommand("diff", SUMMARIES["diff"],
                     "Play OLD_AGENT and NEW_AGENT on the same map (same rules, same seed) and print the first "
                     "step where their actions differ (numbered as the game log numbers steps), both actions, for "
                     "CLIPS agents the first rule firing that differs (rule name and firing number), both final "
                     "scores and the delta.",
                     add_arguments, diff_command)
