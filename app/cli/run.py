"""``run``: one headless game, one line per step, then the score table."""

from __future__ import annotations

import argparse
import json
import sys

from app.backends.params import parse_agent_params
from app.cli import Subcommand
from app.cli.common import add_agent_options, add_rules_options, profile_from_args, step_timeout


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``run``."""
    parser.add_argument("--agent", required=True,
                        help="agent name, a .py/.clp file, or several .clp files a.clp,b.clp loaded in order")
    parser.add_argument("--map", required=True, help="map file (native, course .clp, or Bimaru puzzle)")
    add_rules_options(parser)
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


def score_table(result) -> str:
    """The score table of a result."""
    s = result.statistics
    percent = f"{result.percent_of_oracle:.1f}%" if result.percent_of_oracle is not None else "-"
    heads = ["fok", "fko", "gok", "gko", "safe", "sink", "fires left", "flags left", "score", "oracle", "% of oracle"]
    values = [s.fok, s.fko, s.gok, s.gko, s.safe, s.sink, s.fires_left, s.guesses_left, result.score,
              result.oracle, percent]
    widths = [max(len(h), len(str(v))) for h, v in zip(heads, values)]
    line1 = "  ".join(h.rjust(w) for h, w in zip(heads, widths))
    line2 = "  ".join(str(v).rjust(w) for v, w in zip(values, widths))
    return f"{line1}\n{line2}"


def print_result(result, as_json: bool, out=None) -> None:
    """The summary lines, the table and (with --json) the JSON line (to ``out``, default stdout)."""
    out = out if out is not None else sys.stdout  # looked up per call: callers may redirect stdout
    print(f"result: {result.agent} on {result.map_name} under {result.rules}: score {result.score} "
          f"(oracle {result.oracle}) after {result.steps} steps; {result.stop_reason}"
          + (f"; {result.load_note}" if result.load_errors else ""), file=out)
    print(score_table(result), file=out)
    if as_json:
        print(json.dumps(result.to_dict()), file=out)


def run_game_command(args: argparse.Namespace) -> int:
    """Handle ``run``."""
    from app.backends import host
    from app.backends.games import play
    from app.backends.kinds import Capability, registered
    from app.backends.registry import resolve
    from app.core import gamelog
    from app.solver.playable import load_game_map

    profile = profile_from_args(args)
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
        from app.backends.tracing import Aspect, Provenance, parse_aspects, render
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
              f"agent {args.agent}; {host.status()}")
    for warning in game_map.warnings:
        print(f"warning: {args.map}: {warning} (the course plays it as it is; so does the app)", file=sys.stderr)
    game = play(args.agent, game_map, profile, seed=args.seed, params=params, on_event=on_event, on_log=on_log,
                step_seconds=step_seconds, on_trace=on_trace, on_finding=on_finding,
                markers=bool(args.log))  # what the agent draws is kept only for the log, which shows it
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


COMMAND = Subcommand("run", "play one game headless and print it",
                     "Play one game of an agent on a map, headless.",
                     add_arguments, run_game_command)
