"""``maps``: check and convert map files."""

from __future__ import annotations

import argparse
import random
import secrets
import sys
from pathlib import Path

from app.cli import SUMMARIES, Subcommand, add_subcommand
from app.core import BattleshipError
from app.core.formats import Puzzle, format_for_path, read, save
from app.solver.generator import generate_map, map_seed
from app.solver.playable import load_game_map


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Its actions: ``maps check``, ``maps convert`` and ``maps generate``."""
    actions = parser.add_subparsers(dest="maps_command", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    for action in (CHECK, CONVERT, GENERATE):
        add_subcommand(actions, action)


def add_check_arguments(check: argparse.ArgumentParser) -> None:
    """The arguments of ``maps check``."""
    check.add_argument("paths", nargs="+", metavar="PATH")


def add_convert_arguments(convert: argparse.ArgumentParser) -> None:
    """The arguments of ``maps convert``."""
    convert.add_argument("source", metavar="IN")
    convert.add_argument("target", metavar="OUT")
    convert.add_argument("--to", choices=("native", "clp", "bimaru"),
                         help="output format (default: from OUT's extension: .map native, .clp course)")
    convert.add_argument("--pick-first", action="store_true",
                         help="convert a Bimaru puzzle with several solutions using the first one")


SECRET_SEED_BITS = 64  # a default seed from the OS's randomness: too many to try


def add_generate_arguments(generate: argparse.ArgumentParser) -> None:
    """The options of ``maps generate``."""
    generate.add_argument("--count", type=int, required=True, metavar="N", help="how many maps")
    generate.add_argument("--known", type=int, metavar="K",
                          help="K cells known at start, uniform over all 100 cells")
    generate.add_argument("--known-ships", type=int, metavar="A",
                          help="A ship cells known at start (uniform over the ship cells)")
    generate.add_argument("--known-water", type=int, metavar="B",
                          help="B water cells known at start (uniform over the water cells)")
    generate.add_argument("--seed", type=int, help="random seed: map i depends only on the seed and i (default: "
                          "a secret random seed, printed on stderr only, so agents cannot draw the same maps again)")
    generate.add_argument("--out", required=True, metavar="DIR", help="folder to write to (created if missing)")
    generate.add_argument("--format", choices=("native", "clp", "bimaru"), default="native",
                          help="native .map (default), course .clp or Bimaru puzzle .txt")
    generate.add_argument("--unique", action="store_true",
                          help="add known cells until the puzzle has exactly one solution")
    generate.add_argument("--prefix", default="gen-", help="file name prefix (default gen-)")


def describe(item) -> str:
    """A one-line summary of a loaded map or puzzle."""
    if isinstance(item, Puzzle):
        return f"Bimaru puzzle, {len(item.hints)} hints"
    fleet = "standard fleet" if item.is_standard else f"NON-STANDARD fleet ({item.fleet_description()})"
    return f"map, {fleet}, {len(item.known)} cells known at start"


def check_maps_command(args: argparse.Namespace) -> int:
    """Handle ``maps check``: prints ``PATH: ok (...)`` or the error; exit 1 if any is bad."""
    bad = 0
    for path in args.paths:
        try:
            item = read(path)
        except BattleshipError as error:
            bad += 1
            text = str(error)
            print(text if text.startswith(str(path)) else f"{path}: {text}")
            continue
        warnings = getattr(item, "warnings", ())
        if warnings:
            bad += 1
            print(f"{path}: problem: {'; '.join(warnings)} (the course plays it as it is; so does the app, with this "
                  f"warning) ({describe(item)})")
            continue
        print(f"{path}: ok ({describe(item)})")
    return 1 if bad else 0


def convert_command(args: argparse.Namespace) -> int:
    """Handle ``maps convert``."""
    fmt = args.to or format_for_path(args.target)
    if fmt is None:
        raise BattleshipError(f"{args.target}: cannot tell the format from the extension; add --to native|clp|bimaru")
    item = read(args.source)
    if isinstance(item, Puzzle) and fmt != "bimaru":
        item = load_game_map(args.source, pick_first=args.pick_first)
    used = save(item, Path(args.target), fmt)
    print(f"{args.source} -> {args.target} ({used})")
    return 0


def generate_command(args: argparse.Namespace) -> int:
    """Handle ``maps generate``: one line per map written."""
    if args.count < 0:
        raise BattleshipError(f"--count {args.count}: must be 0 or more")
    split = args.known_ships is not None or args.known_water is not None
    if split and args.known is not None:
        raise BattleshipError("use either --known or --known-ships/--known-water, not both")
    if not split and args.known is None:
        raise BattleshipError("say how many cells are known at start: --known K or --known-ships A --known-water B")
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BattleshipError(f"{out}: cannot create the folder ({exc.strerror or exc})") from None
    extension = {"native": ".map", "clp": ".clp", "bimaru": ".txt"}[args.format]
    seed = args.seed
    if seed is None:  # 0 or any small number is a seed an agent would try: it can run this generator too
        seed = secrets.randbits(SECRET_SEED_BITS)
    for number in range(1, args.count + 1):
        name = f"{args.prefix}{number:04d}"
        rng = random.Random(map_seed(seed, number))
        game_map = generate_map(rng, known=args.known, known_ships=args.known_ships or 0,
                                known_water=args.known_water or 0, unique=args.unique, name=name)
        path = out / (name + extension)
        save(game_map, path, args.format)
        if number == 1 and args.seed is None:  # told once a map is written (a bad option is its error alone)
            print(f"maps generate: secret random seed {seed} (not written in the maps; keep it where agents "
                  f"cannot read it: --seed {seed} makes the same maps again)", file=sys.stderr)
        print(f"{path}: {len(game_map.known)} cells known")
    return 0


CHECK = Subcommand("check", "validate map files: one line per file",
                   "Validate map and puzzle files; exit 0 only if all are valid.",
                   add_check_arguments, check_maps_command)
CONVERT = Subcommand("convert", "convert a map between formats",
                     "Convert a map: native (.map), course (.clp) or Bimaru puzzle (.txt).",
                     add_convert_arguments, convert_command)
GENERATE = Subcommand("generate", "write random standard-fleet maps",
                      "Write random maps: the fleet uniform over all legal placements (rejection sampling), "
                      "then the cells known at start (see README, 'Generating maps').",
                      add_generate_arguments, generate_command)
COMMAND = Subcommand("maps", SUMMARIES["maps"],
                     "Work with map files.",
                     add_arguments, None)
