"""Small builders shared by tests."""

from __future__ import annotations

from app.core import Cell, GameMap, Piece
from app.core.formats import native

# A standard-fleet map with no cell known at start (row x, column y).
OPEN_GRID = [
    "..lmmr....",
    ".........t",
    ".t..c....m",
    ".b.......b",
    "......lr..",
    "c.........",
    "..t.......",
    "..m..c..lr",
    "..b.......",
    ".........c",
]


def grid_map(rows: list[str], **known: str) -> GameMap:
    """A map from grid rows; ``known`` upper-cases the letters at cells given as 'x_y'."""
    rows = [list(r) for r in rows]
    for key in known:
        x, y = (int(v) for v in key.split("_"))
        rows[x][y] = rows[x][y].upper() if rows[x][y] != "." else "W"
    return native.parse("\n".join("".join(r) for r in rows))


def cell_of(piece_letter: str, rows: list[str]) -> Cell:
    """The first cell drawn with ``piece_letter``."""
    for x, row in enumerate(rows):
        if piece_letter in row:
            return Cell(x, row.index(piece_letter))
    raise ValueError(piece_letter)


__all__ = ["OPEN_GRID", "grid_map", "cell_of", "Piece"]
