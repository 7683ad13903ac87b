"""Board geometry and the pieces a cell can hold.

A cell is ``Cell(x, y)``: x is the row (0 = top), y is the column (0 = left),
as in docs/rules.md. Row counts belong to x, column counts to y.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from typing import NamedTuple

SIZE = 10
STANDARD_FLEET: tuple[int, ...] = (4, 3, 3, 2, 2, 2, 1, 1, 1, 1)


class Cell(NamedTuple):
    """A board coordinate: ``x`` is the row, ``y`` the column."""

    x: int
    y: int

    def on_board(self) -> bool:
        """True when the cell lies inside the 10x10 grid."""
        return 0 <= self.x < SIZE and 0 <= self.y < SIZE

    def neighbours(self) -> Iterator[Cell]:
        """The up to 8 surrounding cells that lie on the board."""
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    cell = Cell(self.x + dx, self.y + dy)
                    if cell.on_board():
                        yield cell

    def __str__(self) -> str:
        return f"({self.x}, {self.y})"


def all_cells() -> Iterator[Cell]:
    """Every cell of the board, row by row."""
    for x in range(SIZE):
        for y in range(SIZE):
            yield Cell(x, y)


class Piece(enum.Enum):
    """The content of a cell, named as the CLIPS ``k-cell`` content slot."""

    WATER = "water"
    SUB = "sub"
    LEFT = "left"
    RIGHT = "right"
    TOP = "top"
    BOT = "bot"
    MIDDLE = "middle"

    @property
    def is_ship(self) -> bool:
        """True for every piece but water."""
        return self is not Piece.WATER

    @property
    def letter(self) -> str:
        """The upper-case letter of the Bimaru and native formats."""
        return _LETTERS[self]

    @classmethod
    def from_letter(cls, letter: str) -> Piece:
        """The piece of a letter (either case); raises KeyError if unknown."""
        return _BY_LETTER[letter.upper()]

    def __repr__(self) -> str:
        return f"Piece.{self.name}"


_LETTERS = {
    Piece.WATER: "W",
    Piece.SUB: "C",
    Piece.LEFT: "L",
    Piece.RIGHT: "R",
    Piece.TOP: "T",
    Piece.BOT: "B",
    Piece.MIDDLE: "M",
}
_BY_LETTER = {letter: piece for piece, letter in _LETTERS.items()}


def grid_text(letter: Callable[[Cell], str]) -> str:
    """The board as docs/rules.md prints a solution: 10 lines of ``letter(cell)``, each ending in a newline."""
    return "".join("".join(letter(Cell(x, y)) for y in range(SIZE)) + "\n" for x in range(SIZE))


def ship_pieces(cells: list[Cell]) -> list[Piece]:
    """The pieces of a straight ship laid on ``cells`` (sorted, contiguous)."""
    if len(cells) == 1:
        return [Piece.SUB]
    horizontal = cells[0].x == cells[1].x
    first, last = (Piece.LEFT, Piece.RIGHT) if horizontal else (Piece.TOP, Piece.BOT)
    return [first] + [Piece.MIDDLE] * (len(cells) - 2) + [last]
