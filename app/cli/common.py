"""Helpers shared by subcommands: rules options and agent parameters."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from app.core import BattleshipError, RulesProfile, get_profile
from app.core.rules import DEFAULT_PROFILE, PROFILES


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """--rules plus the limit overrides."""
    parser.add_argument("--rules", default=DEFAULT_PROFILE, choices=sorted(PROFILES),
                        help=f"rules profile (default {DEFAULT_PROFILE})")
    parser.add_argument("--fires", type=int, help="fires allowed (default 5)")
    parser.add_argument("--guesses", type=int, help="flags allowed at once (default 20)")
    parser.add_argument("--max-steps", type=int, help="steps before the automatic solve (default 100)")


def profile_from_args(args: argparse.Namespace) -> RulesProfile:
    """The rules profile the options ask for."""
    return get_profile(args.rules).with_limits(
        getattr(args, "fires", None), getattr(args, "guesses", None), getattr(args, "max_steps", None)
    )


def parse_params(items: list[str] | None, agents: Sequence[str] = ()) -> dict[str, str]:
    """``[AGENT:]KEY=VALUE`` pairs from repeated --agent-param options.

    ``AGENT:`` gives the value to that one of ``agents`` only (kept as ``AGENT:KEY``
    for ``app.backends.games.params_for``); a prefix naming none of them is an error.
    """
    params = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BattleshipError(f"--agent-param wants KEY=VALUE or AGENT:KEY=VALUE, not '{item}'")
        key = key.strip()
        agent, scoped, name = key.rpartition(":")
        if scoped and not name:
            raise BattleshipError(f"--agent-param {item}: no KEY after '{agent}:'")
        if scoped and agent not in agents:
            raise BattleshipError(f"--agent-param {item}: '{agent}' is not an agent of this command "
                                  f"({', '.join(agents)})")
        params[key] = value.strip()
    return params
