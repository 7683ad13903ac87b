"""The command line: ``python main.py [SUBCOMMAND ...]`` (no subcommand opens the GUI).

Each subcommand lives in its own module with a ``register(subparsers)``
function; handlers import what they need lazily so start-up stays light.
Exit codes: 0 success, 1 a check found problems, 2 bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import importlib
import sys

from app.core.errors import BattleshipError

COMMAND_MODULES = ("app.cli.run", "app.cli.maps", "app.cli.replay", "app.cli.bench", "app.cli.solve", "app.cli.gui")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, as for every bad input
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser with every subcommand registered."""
    parser = _Parser(
        prog="main.py",
        description="Battleship Lab: play and watch solitaire Battleship agents. "
        "With no subcommand the desktop app opens.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser()
    args = parser.parse_args(argv or ["gui"])
    try:
        return int(args.func(args) or 0)
    except BattleshipError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
