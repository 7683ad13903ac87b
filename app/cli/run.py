"""``run``: one headless game, one line per step, then the score table."""

from __future__ import annotations

import argparse
import sys

from app.backends.games import play
from app.backends.host import layers as host_layers
from app.backends.kinds import Capability, registered
from app.backends.params import parse_agent_params
from app.backends.registry import resolve
from app.backends.tracing import Aspect, Provenance, parse_aspects, render
from app.cli import SUMMARIES, Subcommand
from app.cli.common import (
    APP_FAILED,
    add_agent_options,
    add_course_options,
    add_rules_options,
    course_from_args,
    profile_from_args,
    step_timeout,
)
from app.cli.result import print_result
from app.core import BattleshipError, gamelog
from app.solver.playable import load_game_map


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``run``."""
    parser.add_argument("--agent", required=True,
                        help="agent name, a .py/.clp file, or several .clp files a.clp,b.clp loaded in order")
    parser.add_argument("--map", required=True, help="map file (native, course .clp, or Bimaru puzzle)")
    add_rules_options(parser)
    add_course_options(parser)
    parser.add_argument("--seed", type=int, default=0, help="seed for agents that draw at random (default 0)")
    parser.add_argument("--log", metavar="OUT.jsonl", help="save the game log (JSON Lines) for replay")
    parser.add_argument("--quiet", action="store_true", help="no per-step lines")
    parser.add_argument("--trace", metavar="ASPECTS",
                        help="CLIPS agents: after each step print what happened inside CLIPS, any of rules (every "
                             "rule firing in order, with its module, salience and matched facts), facts (the facts "
                             "asserted, retracted and modified), agenda (activations waiting, focus stack) and why (under each "
                             "action, the chain of rule firings that led to it, back to the environment's facts), "
                             "comma-separated, e.g. rules,facts,agenda; with --log the trace is saved in the log")
    parser.epilog = ("Protocol warnings (no exec for a step, the focus kept after the exec, a fire at a cell "
                     "already fired, a flag beyond the limit, a rule firing more than 500 times in a turn...) are "
                     "printed as the game goes (not with --quiet), each on a `  warning:` line; the focus and rule checks "
                     "need --trace.")
    parser.add_argument("--json", action="store_true", help="end with the result as one JSON line")
    add_agent_options(parser)
    parser.add_argument("--allow-load-errors", action="store_true",
                        help="exit 0 although some of the agent's files did not load (the game plays what loaded, "
                             "as the course's CLIPS does); without it such a game ends in exit code 1")


def run_game_command(args: argparse.Namespace) -> int:
    """Handle ``run``."""
    profile = profile_from_args(args)
    course = course_from_args(args)
    step_seconds = step_timeout(args)
    quiet = args.quiet

    def on_event(event):
        if not quiet:
            print(event.describe())

    def on_log(line):
        if not quiet:
            print(line)

    on_trace = None
    if args.trace is not None:
        try:
            aspects = parse_aspects(args.trace)
        except ValueError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        provenance = Provenance() if Aspect.WHY in aspects else None
        shown: dict[int, int] = {}  # firings whose chain was printed under an earlier action

        def on_trace(trace):
            if quiet:
                return
            lines = trace.lines(aspects)
            if provenance is not None:
                provenance.add(trace)
                why = provenance.exec_lines(trace.step, shown)
                lines += ["why:", *(f"  {line}" for line in render(why))] if why else ["why: no exec this step"]
            print("\n".join(f"    {line}" for line in lines))

    def on_finding(finding):
        if not quiet:
            print(f"  warning: {finding.kind}: {finding.message}")

    game_map = load_game_map(args.map, pick_first=args.pick_first)
    spec = resolve(args.agent)  # an unknown agent is reported before anything is printed
    if on_trace is not None and not spec.kind.can_show(Capability.TRACE):
        tracing = " and ".join(kind.label for kind in registered() if kind.can_show(Capability.TRACE))
        print(f"note: --trace shows rule firings for {tracing} agents only; {spec.name} is a {spec.kind} agent, so "
              f"there is nothing to trace"
              + (" (the chains of --trace why exist for CLIPS agents, whose rules record what they matched)"
                 if "why" in args.trace.split(",") else ""), file=sys.stderr)
    params = parse_agent_params(args.agent_param, [args.agent])
    if not quiet:
        kind = "standard fleet" if game_map.is_standard else f"NON-STANDARD fleet {game_map.fleet_description()}"
        print(f"map {game_map.name}: {kind}, {len(game_map.known)} cells known at start; rules {profile.name}; "
              f"agent {args.agent}; {host_layers.status()}")
    for warning in game_map.warnings:
        print(f"warning: {args.map}: {warning} (the course plays it as it is; so does the app)", file=sys.stderr)
    game = _played(lambda: play(args.agent, game_map, profile, seed=args.seed, params=params, on_event=on_event,
                                on_log=on_log, step_seconds=step_seconds, on_trace=on_trace, on_finding=on_finding,
                                markers=bool(args.log),  # what the agent draws is kept only for the log, which shows it
                                course=course, map_file=args.map))
    if game is None:
        return APP_FAILED
    if args.log:
        files = gamelog.save(game, args.log, seed=args.seed)
        if files is not None and not quiet:
            print(f"the files the agent wrote saved in {files}")
    result = game.result()
    print_result(result, args.json)
    if result.load_errors and not args.allow_load_errors:
        print(f"error: {result.load_note}; the game was played with what loaded (pass --allow-load-errors to "
              f"accept that):", file=sys.stderr)
        for message in result.load_errors:
            print(f"  {message}", file=sys.stderr)
        return 1
    return 0


def _played(play_once):
    """The game ``play_once()`` plays, played once more when the app failed to play it (an exception that is not
    the user's ``BattleshipError``: the agent's own failures end its game, they do not raise); None, said on
    stderr, when it failed twice."""
    for attempt in (1, 2):
        try:
            return play_once()
        except BattleshipError:
            raise
        except Exception as error:  # noqa: BLE001  (the app's failure: said in one line, never a traceback)
            what = f"{type(error).__name__}: {error}"
            if attempt == 1:
                print(f"note: the app failed to play the game ({what}); playing it again", file=sys.stderr)
            else:
                print(f"error: the app could not play this game, twice: {what} (exit code {APP_FAILED})",
                      file=sys.stderr)
    return None


COMMAND = Subcommand("run", SUMMARIES["run"],
                     "Play one game of an agent on a map, headless.",
                     add_arguments, run_game_command)
