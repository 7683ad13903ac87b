"""Helpers shared by subcommands: the rules options and the options of the agents a command plays."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.backends.kinds.course_files import CourseFiles, course_files
from app.cli import add_sandbox_option
from app.core import BattleshipError, RulesProfile, get_profile
from app.core.rules import DEFAULT_PROFILE, PROFILES

APP_FAILED = 3  # the exit code of bench, grade and run when a game could not be played for the app's reasons


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """--rules plus the limit overrides."""
    parser.add_argument("--rules", default=DEFAULT_PROFILE, choices=sorted(PROFILES),
                        help=f"rules profile (default {DEFAULT_PROFILE})")
    parser.add_argument("--fires", type=int, help="fires allowed (default 5)")
    parser.add_argument("--guesses", type=int, help="flags allowed at once (default 20)")
    parser.add_argument("--max-steps", type=int, help="steps before the automatic solve (default 100)")


def add_course_options(parser: argparse.ArgumentParser) -> None:
    """--course-main and --course-env: CLIPS agents play against a course edition's own MAIN and ENV files."""
    parser.add_argument("--course-main", type=Path, metavar="FILE",
                        help="play CLIPS agents against this course's main.clp (with --course-env), for agents "
                        "written for an edition whose MAIN or ENV differs; --rules still scores the game")
    parser.add_argument("--course-env", type=Path, metavar="FILE", help="the course's env.clp (with --course-main)")


def course_from_args(args: argparse.Namespace) -> CourseFiles | None:
    """The course files the options name (None without them); BattleshipError for one without the other, or a
    missing file."""
    return course_files(getattr(args, "course_main", None), getattr(args, "course_env", None))


def profile_from_args(args: argparse.Namespace) -> RulesProfile:
    """The rules profile the options ask for."""
    return get_profile(args.rules).with_limits(
        getattr(args, "fires", None), getattr(args, "guesses", None), getattr(args, "max_steps", None)
    )


def add_agent_options(parser: argparse.ArgumentParser, several: bool = False) -> None:
    """--agent-param, --step-timeout and --pick-first, as ``run`` (one agent) and ``bench`` (``several``) take them."""
    parser.add_argument("--agent-param", action="append", metavar="[AGENT:]KEY=VALUE",
                        help="a parameter for every agent, AGENT:KEY=VALUE for one of them (repeatable)" if several
                        else "a parameter for the agent (repeatable)")
    parser.add_argument("--step-timeout", type=float, metavar="SEC",
                        help="stop an agent that takes longer than this for one step (default: Python 10, CLIPS 5)")
    parser.add_argument("--pick-first", action="store_true",
                        help="play Bimaru puzzles with several solutions using the first one")
    add_sandbox_option(parser)


def step_timeout(args: argparse.Namespace) -> float | None:
    """The --step-timeout asked for (None: the drivers' defaults); BattleshipError unless more than 0."""
    if args.step_timeout is not None and args.step_timeout <= 0:
        raise BattleshipError("--step-timeout must be more than 0 seconds")
    return args.step_timeout
