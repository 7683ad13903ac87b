"""``bench --agents NEW --versus OLD``: a paired A/B comparison that stops as soon as the answer is clear
(docs/ab.md). ``bench`` adds these options and hands the run over here."""

from __future__ import annotations

import argparse
import json
import sys

UNUSED_OPTIONS = ("cluster", "out", "resume", "report", "plot", "coach")
VERSUS_DEFAULTS = {"alpha": 0.05, "beta": 0.05, "delta": 10.0, "results": None, "json": False}


def add_versus_arguments(parser: argparse.ArgumentParser) -> None:
    """``bench``'s A/B options."""
    group = parser.add_argument_group("A/B comparison (docs/ab.md)")
    group.add_argument("--versus", metavar="OLD",
                       help="compare the one agent of --agents (the new version) with OLD, paired by map, stopping "
                            "as soon as a sequential test says better, worse or no difference larger than --delta")
    group.add_argument("--alpha", type=float, default=VERSUS_DEFAULTS["alpha"],
                       help="with --versus: the rate of wrong 'better'/'worse' verdicts when there is no difference "
                            "(default 0.05)")
    group.add_argument("--beta", type=float, default=VERSUS_DEFAULTS["beta"],
                       help="with --versus: the rate of missing a difference of --delta points (default 0.05)")
    group.add_argument("--delta", type=float, default=VERSUS_DEFAULTS["delta"], metavar="POINTS",
                       help="with --versus: the smallest difference in points a game worth finding (default 10)")
    group.add_argument("--results", metavar="RESULTS.jsonl|.csv|.json",
                       help="with --versus: read the games already in this results file (a tournament's .jsonl, or "
                            "a bench --out file) instead of playing them")
    group.add_argument("--json", action="store_true", help="with --versus: print the comparison as one JSON object")


def refuse_versus_options(args: argparse.Namespace) -> None:
    """A one-line error for an A/B option given to a plain ``bench`` (without ``--versus``)."""
    from app.core import BattleshipError

    for name, default in VERSUS_DEFAULTS.items():
        if getattr(args, name) != default:
            raise BattleshipError(f"--{name} is for an A/B comparison: add --versus OLD (docs/ab.md)")


def versus_command(args: argparse.Namespace) -> int:
    """Handle ``bench --versus``: 0 when a verdict (or ``undecided``, maps run out) was printed, 130 on Ctrl-C."""
    from app.backends.params import parse_agent_params
    from app.backends.registry import resolve
    from app.cli.bench import Progress
    from app.cli.common import profile_from_args, step_timeout
    from app.core import BattleshipError
    from app.tournament import bench
    from app.tournament.ab import Design, VersusBench, shuffled, stored_games

    for name in UNUSED_OPTIONS:
        if getattr(args, name, None):
            raise BattleshipError(f"--{name} is not available with --versus")
    agents = bench.expand_agents(args.agents)
    if len(agents) != 1:
        raise BattleshipError(f"--versus compares one agent with another: --agents must name one agent, not "
                              f"{len(agents)} ({', '.join(agents)})")
    new, old = agents[0], args.versus.strip()
    if not old:
        raise BattleshipError("--versus: no agent given")
    if old == new:
        raise BattleshipError(f"--versus {old} is --agents {new}: name two different agents (the same agent at two "
                              f"settings: name it by its path on one side, e.g. --versus agents/clips/{new}, and "
                              f"give --agent-param {new}:KEY=VALUE)")
    for agent in (new, old):
        resolve(agent)  # an unknown agent is one line before any game is played
    if args.jobs < 0:
        raise BattleshipError(f"--jobs must be 0 (all cores) or more, not {args.jobs}")
    if args.timeout_per_game <= 0:
        raise BattleshipError(f"--timeout-per-game must be more than 0, not {args.timeout_per_game:g}")
    design = Design(args.alpha, args.beta, args.delta)
    maps = shuffled(bench.expand_maps(args.maps))
    profile = profile_from_args(args)
    config = bench.BenchConfig(rules=profile.name, fires=args.fires, guesses=args.guesses, max_steps=args.max_steps,
                               seed=args.seed, params=tuple(parse_agent_params(args.agent_param, [new, old]).items()),
                               pick_first=args.pick_first, step_seconds=step_timeout(args))
    stored = stored_games(args.results, new, old, maps, config) if args.results else {}
    notes = [f"{len(stored)} games read from {args.results}"] if args.results else []
    if len(maps) < design.min_maps:
        notes.append(f"the test gives no verdict before {design.min_maps} maps; {len(maps)} were given")
    progress = Progress(2 * len(maps) - len(stored), enabled=not args.no_progress)
    runner = VersusBench(new, old, maps, design, config, jobs=args.jobs, timeout=args.timeout_per_game,
                         stored=stored, on_game=lambda row: progress.update(bool(row.failure)))
    print(f"A/B: {new} against {old} on up to {len(maps)} maps (shuffled); rules {profile.name}; seed {args.seed}; "
          f"alpha {design.alpha:g}, beta {design.beta:g}, delta {design.delta:g} points", file=sys.stderr)
    interrupted = False
    try:
        for _pair in runner.run():
            pass
    except KeyboardInterrupt:
        interrupted = True
        notes.append("interrupted: the figures are those of the maps finished")
    finally:
        progress.close()
    result = runner.comparison(notes)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print("\n".join(result.lines()))
    return 130 if interrupted else 0
