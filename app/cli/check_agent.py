"""``check-agent``: play an agent on a few maps and say in plain words what it gets wrong."""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

from app.analysis.mistakes import check_agent
from app.backends.params import parse_agent_params
from app.backends.registry import resolve
from app.cli import SUMMARIES, Subcommand, add_sandbox_option
from app.core import BattleshipError
from app.core.formats import EXTENSIONS
from app.core.paths import ROOT
from app.core.rules import PROFILES
from app.solver.playable import load_game_map

DEFAULT_COUNT = 5  # maps taken from --maps
SHOWN = 3  # findings of one kind printed in full; the rest are counted


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``check-agent``."""
    parser.add_argument("agent", metavar="FILE[,FILE...]",
                        help="the agent: a .py file, .clp file(s) loaded in order, a folder with load-order.txt, "
                             "or a shipped agent's name")
    parser.add_argument("--maps", metavar="DIR",
                        help=f"play the first {DEFAULT_COUNT} maps of DIR (or one map file); default: the shipped "
                             f"example maps")
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT, help="maps taken from --maps (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of both runs of each game (default 1)")
    parser.add_argument("--agent-param", action="append", metavar="KEY=VALUE",
                        help="a parameter for the agent (repeatable)")
    parser.add_argument("--step-timeout", type=float, metavar="SEC",
                        help="the time cap per step (default: Python 10, CLIPS 5)")
    add_sandbox_option(parser)


def map_files(folder: str | None, count: int) -> list[Path]:
    """The map files to play: the first ``count`` of ``folder`` (or the file it names), else the shipped examples."""
    if count < 1:
        raise BattleshipError("--count must be at least 1")
    if folder is None:
        return sorted((ROOT / "maps").glob("*.map"))
    path = Path(folder)
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise BattleshipError(f"{path}: no such folder of maps")
    files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix in EXTENSIONS)
    if not files:
        raise BattleshipError(f"{path}: no map files in it ({', '.join(sorted(EXTENSIONS))})")
    return files[:count]


def format_report(report, maps: list[str], profiles: list[str], seed: int) -> str:
    """The report as text: what was played, then the findings grouped by kind (a few of each in full)."""
    lines = [f"check-agent: {report.agent}: {_count(report.games, 'game')} ({_count(len(maps), 'map')} x "
             f"{_count(len(profiles), 'rules profile')} x 2 runs, seed {seed}): {', '.join(maps)}; "
             f"{', '.join(profiles)}"]
    if report.ok:
        lines.append("no problems found")
        return "\n".join(lines)
    groups = defaultdict(list)
    for finding in report.findings:
        groups[finding.kind].append(finding)
    lines.append(f"{_count(len(report.findings), 'problem')} of {_count(len(groups), 'kind')}:")
    for kind, findings in groups.items():
        lines.append(f"{kind} ({len(findings)}):")
        for finding in findings[:SHOWN]:
            where = finding.where()
            lines.append(f"  - {where + ': ' if where else ''}{finding.message}")
        if len(findings) > SHOWN:
            lines.append(f"  - ... and {len(findings) - SHOWN} more")
    return "\n".join(lines)


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'s' if number != 1 else ''}"


def check_command(args: argparse.Namespace) -> int:
    """Handle ``check-agent``: 0 when nothing is wrong, 1 when something is."""
    if args.step_timeout is not None and args.step_timeout <= 0:
        raise BattleshipError("--step-timeout must be more than 0 seconds")
    spec = resolve(args.agent)
    params = parse_agent_params(args.agent_param)
    files = map_files(args.maps, args.count)
    maps = [load_game_map(path, pick_first=True) for path in files]
    profiles = [PROFILES[name] for name in sorted(PROFILES)]
    report = check_agent(spec, maps, profiles, seed=args.seed, params=params, step_seconds=args.step_timeout)
    print(format_report(report, [p.name for p in files], [p.name for p in profiles], args.seed))
    return 0 if report.ok else 1


COMMAND = Subcommand("check-agent", SUMMARIES["check-agent"],
                     "Load an agent, play it on a few maps under both rules profiles (twice each, one seed) and "
                     "report what course agents commonly get wrong. Exit 0: nothing found; 1: problems listed; "
                     "2: bad input.",
                     add_arguments, check_command)
