"""Helpers shared by subcommands: the rules options."""

from __future__ import annotations

import argparse

from app.core import RulesProfile, get_profile
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
