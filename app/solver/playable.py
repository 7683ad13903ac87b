"""Bimaru puzzles as playable maps: solve for the hidden grid, or say why that is impossible."""

from __future__ import annotations

from pathlib import Path

from app.core.errors import MapError
from app.core.formats import load_map
from app.core.gamemap import GameMap
from app.core.grid import SIZE
from app.core.paths import shipped_map
from app.solver.fast import Constraints, iter_solutions, solve


def contradiction(c: Constraints) -> str:
    """Why ``c`` has no solution, in one line (call it only when it has none)."""
    total = sum(c.fleet)
    if sum(c.row_counts) != sum(c.col_counts):
        return f"row counts add up to {sum(c.row_counts)} but column counts to {sum(c.col_counts)}"
    if sum(c.row_counts) != total:
        return f"counts add up to {sum(c.row_counts)} ship cells but the fleet has {total}"
    for name, counts, index in (("row", c.row_counts, 0), ("column", c.col_counts, 1)):
        for line in range(SIZE):
            ships = sum(1 for cell, piece in c.known.items() if cell[index] == line and piece.is_ship)
            water = sum(1 for cell, piece in c.known.items() if cell[index] == line and not piece.is_ship)
            if ships > counts[line]:
                return f"{name} {line} holds {ships} ship hints but its count is {counts[line]}"
            if SIZE - water < counts[line]:
                return f"{name} {line} needs {counts[line]} ship cells but only {SIZE - water} are not water hints"
    bare = Constraints(c.row_counts, c.col_counts, c.fleet, {})
    if solve(bare) is None:
        return "no placement of the fleet fits the row and column counts (even ignoring the hints)"
    for cell, piece in c.known.items():
        alone = Constraints(c.row_counts, c.col_counts, c.fleet, {cell: piece})
        if solve(alone) is None:
            return f"hint {piece.letter} at {cell} fits no fleet placement with these counts"
    for cell, piece in c.known.items():
        others = {k: v for k, v in c.known.items() if k != cell}
        if solve(Constraints(c.row_counts, c.col_counts, c.fleet, others)) is not None:
            return f"hint {piece.letter} at {cell} contradicts the other hints and the counts"
    return "the hints together contradict the counts (no single hint is to blame)"


def puzzle_to_map(puzzle, source_path: str | Path, pick_first: bool = False) -> GameMap:
    """The map a Bimaru puzzle describes: its solution, with the hints known at start.

    Raises MapError naming the file if the puzzle has no solution (saying
    why) or several (unless ``pick_first``: then the solver's first one).
    """
    c = Constraints.from_puzzle(puzzle)
    first_two = list(iter_solutions(c, limit=2))
    if not first_two:
        raise MapError(f"the puzzle has no solution: {contradiction(c)}", source_path)
    if len(first_two) > 1 and not pick_first:
        raise MapError("the puzzle has several solutions, so the hidden map is not determined "
                       "(use --pick-first to play the solver's first one)", source_path)
    return first_two[0].to_map(c, name=puzzle.name or Path(source_path).stem)


def load_game_map(path: str | Path, pick_first: bool = False) -> GameMap:
    """A playable map from any supported file (Bimaru puzzles are solved first); a shipped map by name
    (``four-known``) when ``path`` is no file."""
    def solved(puzzle, source):
        return puzzle_to_map(puzzle, source, pick_first=pick_first)

    return load_map(shipped_map(str(path)) or path, solved)
