"""The command line: ``python main.py [SUBCOMMAND ...]`` (no subcommand opens the GUI).

Each subcommand lives in its own module, which ends with ``COMMAND = Subcommand(...)``: its name, help texts,
options and handler, all that ``add_subcommand`` needs; it imports at its top what its handler needs. So that
start-up stays light, this package imports no subcommand's module at its top: when the first argument names a
subcommand (``SUMMARIES``; its module is ``app.cli.<name>``), only that module is imported; ``--help`` and
unknown names get the list of subcommands with their summaries, which imports none.
Exit codes: 0 success, 1 a check found problems, 2 bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from app.core.errors import BattleshipError

SUMMARIES = {  # every subcommand, in the order ``--help`` lists them, with the line it gives it
    "run": "play one game headless and print it",
    "maps": "check, convert (and generate) map files",
    "replay": "re-play a game log and check its score",
    "bench": "compare agents on many maps (process pool, table, results file, plot)",
    "solve": "solve a Bimaru puzzle: python main.py solve < puzzle.txt",
    "gui": "open the desktop app (default)",
    "check-agent": "check an agent for common mistakes",
    "coach": "grade a saved game's decisions (expected loss, luck-adjusted score)",
    "report": "a tournament's results file -> index.html, CSVs and manifest.json",
    "crosscheck": "check an agent's games against the course's own CLIPS environment",
    "desktop-entry": "add the app to the system's launcher (menu, Start menu, Launchpad)",
    "similar": "find copied submissions: pairs ranked by code and behaviour similarity",
    "diff": "where two versions of an agent first act differently on a map, and both scores",
    "grade": "a class's submissions -> tournament, report, a page per student, copies, gradebook",
    "new-agent": "make your own agent's folder from a shipped agent or a template",
    "arena": "the class arena: serve it, submit to it, read its standings, freeze it, export the gradebook",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, as for every bad input
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser with every subcommand registered (each subcommand's module imported)."""
    parser, subparsers = _parser()
    for name in SUMMARIES:
        add_subcommand(subparsers, _command(name))
    return parser


def _parser():
    """The top-level parser and its (empty) subcommand list."""
    parser = _Parser(
        prog=program(),
        description="Battleship Lab: play and watch solitaire Battleship agents. "
        "With no subcommand the desktop app opens.",
    )
    return parser, parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)


def _command(name: str) -> Subcommand:
    """The subcommand ``name`` of ``SUMMARIES``, its module imported (dispatched by name: start-up time)."""
    return importlib.import_module(f"app.cli.{name.replace('-', '_')}").COMMAND


def program() -> str:
    """How the user started the app: ``battleship-lab`` (installed) or ``main.py`` (a clone)."""
    return "battleship-lab" if Path(sys.argv[0]).name == "battleship-lab" else "main.py"


def _parser_for(argv: list[str]) -> argparse.ArgumentParser:
    """A parser for ``argv``: only its subcommand's module when the first argument names one (``solve`` is run
    once per puzzle: it should not import the GUI or the agents); else the subcommands' names and summaries,
    for ``--help`` and the error naming them, with no module of theirs imported."""
    parser, subparsers = _parser()
    if argv and argv[0] in SUMMARIES:
        add_subcommand(subparsers, _command(argv[0]))
    else:
        for name, summary in SUMMARIES.items():
            subparsers.add_parser(name, help=summary)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    argv = argv or ["gui"]
    args = _parser_for(argv).parse_args(argv)
    if getattr(args, "no_sandbox", False):
        from app.backends import host  # lazy: start-up time (solve and maps start without the backends)

        host.set_enabled(False)
    return run_command(lambda: _checked(args))


def _checked(args: argparse.Namespace) -> int | None:
    """``args.func(args)``, after the settings a command that plays agents (each has ``--no-sandbox``) depends on
    are checked (one line if one is bad); the others (``solve``, ``maps``) start without the backends."""
    if hasattr(args, "no_sandbox"):
        from app.backends import host  # lazy: start-up time (solve and maps start without the backends)

        host.kind()
    return args.func(args)


class Subcommand(NamedTuple):  # not a dataclass: ``solve``'s start-up does without that import (~15 ms)
    """A subcommand: listed with ``summary`` in its parent's ``--help``, explained by ``description`` in its own, its
    options added by ``add_arguments(parser)``, run by ``handler(args)`` (None: by its own subcommands)."""

    name: str
    summary: str
    description: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    handler: Callable[[argparse.Namespace], int | None] | None


def add_subcommand(subparsers, command: Subcommand) -> argparse.ArgumentParser:
    """Add ``command`` (its parser, options and handler) to ``subparsers``; returns its parser."""
    parser = subparsers.add_parser(command.name, help=command.summary, description=command.description)
    if command.handler is not None:
        parser.set_defaults(func=command.handler)
    command.add_arguments(parser)
    return parser


def add_sandbox_option(parser: argparse.ArgumentParser) -> None:
    """--no-sandbox: agents run in the app's own process (for debugging the app; see docs/sandbox.md)."""
    parser.add_argument("--no-sandbox", action="store_true",
                        help="run agents inside this process, unconfined (default: each agent in its own confined "
                             "process; see docs/sandbox.md). The caps then hold between rule firings only: a loop "
                             "inside one CLIPS rule's actions stops only when you end the app (Ctrl+C), and a CLIPS "
                             "agent that calls (exit) is refused")


def run_command(run: Callable[[], int | None]) -> int:
    """The exit code of ``run()``; a user's mistake (``BattleshipError``) is one line on stderr and code 2.

    Also used by the scripts under ``benchmarks/``, which take maps and agents from the user too.
    """
    try:
        return int(run() or 0)
    except BattleshipError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
