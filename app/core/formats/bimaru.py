"""Bimaru puzzle files: row and column counts plus hints.

```
ROW	2	3	2	2	3	0	1	3	2	2
COLUMN	6	0	1	0	2	1	3	1	2	4
6
HINT	0	0	T
...
```
Fields are separated by any mix of tabs and spaces. Here the puzzle is only
parsed and validated; turning it into a playable map needs the solver.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.errors import MapError
from app.core.frozen import Frozen
from app.core.grid import SIZE, STANDARD_FLEET, Cell, Piece

if TYPE_CHECKING:
    from app.core.gamemap import GameMap


class Puzzle(Frozen):
    """A Bimaru puzzle: counts per row (x) and column (y), and hint cells in file order.

    Immutable; equal when counts and hints agree (the name is not compared).
    (A plain class, not a dataclass: ``python main.py solve`` starts without
    importing ``dataclasses``.)
    """

    row_counts: tuple[int, ...]
    col_counts: tuple[int, ...]
    hints: dict[Cell, Piece]
    name: str

    def __init__(self, row_counts: tuple[int, ...], col_counts: tuple[int, ...],
                 hints: dict[Cell, Piece] | None = None, name: str = ""):
        object.__setattr__(self, "__dict__", {"row_counts": row_counts, "col_counts": col_counts,
                                              "hints": {} if hints is None else hints, "name": name})

    def __repr__(self) -> str:
        return (f"Puzzle(row_counts={self.row_counts!r}, col_counts={self.col_counts!r}, "
                f"hints={self.hints!r}, name={self.name!r})")

    def problems(self) -> list[str]:
        """What makes the puzzle impossible at a glance (empty when it may be solvable)."""
        problems = []
        total = sum(STANDARD_FLEET)
        if sum(self.row_counts) != sum(self.col_counts):
            problems.append(
                f"row counts add up to {sum(self.row_counts)} but column counts to {sum(self.col_counts)}"
            )
        elif sum(self.row_counts) != total:
            problems.append(f"counts add up to {sum(self.row_counts)} ship cells, the standard fleet has {total}")
        for cell, piece in self.hints.items():
            if piece.is_ship and (self.row_counts[cell.x] == 0 or self.col_counts[cell.y] == 0):
                problems.append(f"hint {piece.letter} at {cell} lies in a row or column whose count is 0")
        return problems

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Puzzle)
            and self.row_counts == other.row_counts
            and self.col_counts == other.col_counts
            and self.hints == other.hints
        )


def _counts(fields: list[str], label: str, path: str, line: int) -> tuple[int, ...]:
    if len(fields) != SIZE + 1:
        raise MapError(f"{label} line has {len(fields) - 1} counts, expected {SIZE}", path, line)
    try:
        counts = tuple(int(v) for v in fields[1:])
    except ValueError:
        raise MapError(f"{label} counts must be whole numbers: {' '.join(fields[1:])}", path, line) from None
    for value in counts:
        if not 0 <= value <= SIZE:
            raise MapError(f"{label} count {value} is out of range 0..{SIZE}", path, line)
    return counts


def parse(text: str, path: str = "<text>") -> Puzzle:
    """The puzzle of a Bimaru file; MapError(path:line: ...) if malformed."""
    lines = [(n, raw.split()) for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]
    if not lines:
        raise MapError("file is empty", path)
    expect = ["ROW", "COLUMN"]
    counts = []
    for label in expect:
        if not lines:
            raise MapError(f"missing the {label} line (truncated file?)", path)
        number, fields = lines.pop(0)
        if fields[0].upper() != label:
            raise MapError(f"expected a {label} line, found '{fields[0]}'", path, number)
        counts.append(_counts(fields, label, path, number))
    if not lines:
        raise MapError("missing the number of hints (truncated file?)", path)
    number, fields = lines.pop(0)
    if len(fields) != 1 or not (fields[0].isascii() and fields[0].isdigit()):
        raise MapError(f"expected the number of hints, found '{' '.join(fields)}'", path, number)
    declared = int(fields[0])
    hints: dict[Cell, Piece] = {}
    for number, fields in lines:
        if fields[0].upper() != "HINT":
            raise MapError(f"expected a HINT line, found '{fields[0]}'", path, number)
        if len(fields) != 4:
            raise MapError("a HINT line needs row, column and letter", path, number)
        try:
            cell = Cell(int(fields[1]), int(fields[2]))
        except ValueError:
            raise MapError(f"hint coordinates must be whole numbers: {fields[1]} {fields[2]}", path, number) from None
        if not cell.on_board():
            raise MapError(f"hint {cell} is off the board", path, number)
        try:
            piece = Piece.from_letter(fields[3])
        except KeyError:
            raise MapError(f"unknown hint letter '{fields[3]}' (use W C T M B L R)", path, number) from None
        if cell in hints and hints[cell] != piece:
            raise MapError(f"hint {cell} given twice, as {hints[cell].letter} and {piece.letter}", path, number)
        hints[cell] = piece
    if declared != len(lines):
        raise MapError(f"the file announces {declared} hints but has {len(lines)}", path, lines[-1][0] if lines else None)
    puzzle = Puzzle(counts[0], counts[1], hints)
    problems = puzzle.problems()
    if problems:
        raise MapError(problems[0], path)
    return puzzle


def dump(puzzle: Puzzle) -> str:
    """The puzzle in the Bimaru file format (tab separated)."""
    out = ["ROW\t" + "\t".join(map(str, puzzle.row_counts)), "COLUMN\t" + "\t".join(map(str, puzzle.col_counts))]
    out.append(str(len(puzzle.hints)))
    out += [f"HINT\t{c.x}\t{c.y}\t{p.letter}" for c, p in puzzle.hints.items()]
    return "\n".join(out) + "\n"


def puzzle_of(game_map: GameMap) -> Puzzle:
    """The puzzle a map poses: its counts, with its known cells as hints."""
    return Puzzle(game_map.row_counts, game_map.col_counts, dict(game_map.known), game_map.name)


def solution_text(game_map: GameMap) -> str:
    """The solution grid as docs/rules.md prints it (hints upper case, other pieces lower case)."""
    return "\n".join(game_map.rows()) + "\n"
