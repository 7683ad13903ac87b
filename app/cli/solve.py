"""``solve``: solve a Bimaru puzzle read from stdin (or a file) and print the grid of docs/rules.md.

Kept light on purpose: it runs once per puzzle, so nothing here (or in what
it imports) loads Qt, clipspy or matplotlib.
"""

from __future__ import annotations

import argparse
import sys
import time

from app.cli import SUMMARIES, Subcommand
from app.core.errors import BattleshipError, MapError
from app.core.fileio import read_text
from app.core.formats import bimaru
from app.solver.fast import Constraints, count_solutions, solve

ALGORITHM_NAMES = ("fast", "dfs", "bfs", "greedy", "astar")
MAX_STDIN_BYTES = 1_000_000
MAX_SEARCH_NODES = 2_000_000  # a tree search stops here too, whatever --timeout says (memory)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``solve``."""
    parser.add_argument("path", nargs="?", metavar="PUZZLE", help="puzzle file (default: read stdin)")
    parser.add_argument("--algorithm", choices=ALGORITHM_NAMES, default="fast",
                        help="fast (exact bitboard solver, default) or a tree search over ship placements: "
                        "dfs, bfs, greedy, astar")
    parser.add_argument("--stats", action="store_true", help="print search figures on stderr")
    parser.add_argument("--count", action="store_true",
                        help="print the exact number of solutions instead of a grid (fast solver)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="SEC",
                        help="give up a tree search after SEC seconds (default 60; exit 1)")


def _read_puzzle(args: argparse.Namespace):
    if args.path:
        return bimaru.parse(read_text(args.path), args.path)
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:  # a text stream put in place of stdin (tests)
        text = sys.stdin.read()
    else:
        data = raw.read(MAX_STDIN_BYTES + 1)
        if len(data) > MAX_STDIN_BYTES:
            raise MapError(f"input is too large (more than {MAX_STDIN_BYTES} bytes)", "<stdin>")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            raise MapError(f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})", "<stdin>",
                           line) from None
    if "\x00" in text:
        raise MapError("binary data (NUL byte), not a puzzle", "<stdin>")
    return bimaru.parse(text.lstrip("\ufeff"), "<stdin>")


def solve_command(args: argparse.Namespace) -> int:
    """Handle ``solve``."""
    if args.count and args.algorithm != "fast":
        raise BattleshipError("--count uses the fast solver; leave out --algorithm")
    if args.timeout <= 0:
        raise BattleshipError(f"--timeout {args.timeout:g}: must be more than 0")
    where = args.path or "<stdin>"
    puzzle = _read_puzzle(args)
    start = time.perf_counter()
    if args.algorithm == "fast":
        constraints = Constraints.from_puzzle(puzzle)
        if args.count:
            count = count_solutions(constraints)
            elapsed = time.perf_counter() - start
            print(count)
            if args.stats:
                print(f"algorithm: fast\ntime: {elapsed * 1000:.2f} ms\nsolutions: {count}", file=sys.stderr)
            return 0
        solution = solve(constraints)
        elapsed = time.perf_counter() - start
        if solution is None:
            from app.solver.playable import contradiction  # lazy: start-up time (the map model, for the error only)

            raise MapError(f"the puzzle has no solution: {contradiction(constraints)}", where)
        sys.stdout.write(solution.grid(constraints.known))
        if args.stats:
            print(f"algorithm: fast\ntime: {elapsed * 1000:.2f} ms", file=sys.stderr)
        return 0

    # lazy: start-up time (the tree search, not the default)
    from app.solver.bimaru import Bimaru, Board
    from app.solver.search import run_search

    board = Board.from_puzzle(puzzle)
    goal, stats = run_search(args.algorithm, Bimaru(board), seconds=args.timeout, max_nodes=MAX_SEARCH_NODES)
    if args.stats:
        print("\n".join(stats.lines()), file=sys.stderr)
    if goal is None:
        if stats.timed_out:
            print(f"error: {where}: {args.algorithm} gave up after {stats.seconds:.1f} s "
                  f"({stats.generated} nodes generated; limits --timeout {args.timeout:g} s, "
                  f"{MAX_SEARCH_NODES} nodes); try --algorithm fast", file=sys.stderr)
            return 1
        from app.solver.playable import contradiction  # lazy: start-up time (the map model, for the error only)

        raise MapError(f"the puzzle has no solution: {contradiction(Constraints.from_puzzle(puzzle))}", where)
    sys.stdout.write(goal.state.to_text())
    return 0


COMMAND = Subcommand("solve", SUMMARIES["solve"],
                     "Solve a Bimaru puzzle (ROW/COLUMN/hint count/HINT lines) and print the solution grid on "
                     "stdout: hints upper case, other ship pieces lower case, water '.'. With several solutions "
                     "the first one (deterministic) is printed; with none, a one-line error (exit 2).",
                     add_arguments, solve_command)
