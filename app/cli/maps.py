"""``maps``: check and convert map files."""

from __future__ import annotations

import argparse
from pathlib import Path


def register(subparsers) -> None:
    """Add ``maps check`` and ``maps convert``."""
    parser = subparsers.add_parser("maps", help="check, convert (and generate) map files",
                                   description="Work with map files.")
    actions = parser.add_subparsers(dest="maps_command", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    check = actions.add_parser("check", help="validate map files: one line per file",
                               description="Validate map and puzzle files; exit 0 only if all are valid.")
    check.add_argument("paths", nargs="+", metavar="PATH")
    check.set_defaults(func=check_command)
    convert = actions.add_parser("convert", help="convert a map between formats",
                                 description="Convert a map: native (.map), course (.clp) or Bimaru puzzle (.txt).")
    convert.add_argument("source", metavar="IN")
    convert.add_argument("target", metavar="OUT")
    convert.add_argument("--to", choices=("native", "clp", "bimaru"),
                         help="output format (default: from OUT's extension: .map native, .clp course)")
    convert.add_argument("--pick-first", action="store_true",
                         help="convert a Bimaru puzzle with several solutions using the first one")
    convert.set_defaults(func=convert_command)


def describe(item) -> str:
    """A one-line summary of a loaded map or puzzle."""
    from app.core.formats import Puzzle

    if isinstance(item, Puzzle):
        return f"Bimaru puzzle, {len(item.hints)} hints"
    fleet = "standard fleet" if item.is_standard else f"NON-STANDARD fleet ({item.fleet_description()})"
    return f"map, {fleet}, {len(item.known)} cells known at start"


def check_command(args: argparse.Namespace) -> int:
    """Handle ``maps check``: prints ``PATH: ok (...)`` or the error; exit 1 if any is bad."""
    from app.core import BattleshipError
    from app.core.formats import read

    bad = 0
    for path in args.paths:
        try:
            item = read(path)
        except BattleshipError as error:
            bad += 1
            text = str(error)
            print(text if text.startswith(str(path)) else f"{path}: {text}")
            continue
        print(f"{path}: ok ({describe(item)})")
    return 1 if bad else 0


def convert_command(args: argparse.Namespace) -> int:
    """Handle ``maps convert``."""
    from app.cli.common import load_game_map
    from app.core import BattleshipError
    from app.core.formats import Puzzle, format_for_path, read, save

    fmt = args.to or format_for_path(args.target)
    if fmt is None:
        raise BattleshipError(f"{args.target}: cannot tell the format from the extension; add --to native|clp|bimaru")
    item = read(args.source)
    if isinstance(item, Puzzle) and fmt != "bimaru":
        item = load_game_map(args.source, pick_first=args.pick_first)
    used = save(item, Path(args.target), fmt)
    print(f"{args.source} -> {args.target} ({used})")
    return 0
