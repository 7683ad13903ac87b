"""The board as bits, as the fast solver and the Bimaru model search it: a board is a Python int of 100 bits, cell
``(x, y)`` is bit ``10*x + y``. Cells to bits and back, the row and column masks, the cells diagonal to a mask, the
line tables (a 10-bit row or column pattern's bits, spread onto a column and back), every placement of a ship with
its halo (``Placement``, ``placements``) and the water a known piece implies (``IMPLIED_WATER``). Plain ints and
tuples, no search (``app.solver.fast`` searches; ``app.solver.bimaru`` is the course's model over the same bits).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from app.core.frozen import Frozen
from app.core.grid import SIZE, Cell, Piece

FULL = (1 << (SIZE * SIZE)) - 1
ROW_MASKS = tuple(((1 << SIZE) - 1) << (SIZE * x) for x in range(SIZE))
COL_MASKS = tuple(sum(1 << (SIZE * x + y) for x in range(SIZE)) for y in range(SIZE))
_NOT_FIRST_COL = FULL & ~COL_MASKS[0]
_NOT_LAST_COL = FULL & ~COL_MASKS[SIZE - 1]


def bit(cell: Cell) -> int:
    """The bit index of a cell (10*x + y)."""
    return SIZE * cell.x + cell.y


def mask_of(cells: Iterable[Cell]) -> int:
    """The bitboard holding ``cells``."""
    mask = 0
    for cell in cells:
        mask |= 1 << (SIZE * cell.x + cell.y)
    return mask


def cells_of(mask: int) -> list[Cell]:
    """The cells of a bitboard, in bit order (row by row)."""
    cells = []
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        cells.append(Cell(*divmod(index, SIZE)))
        mask ^= low
    return cells


def diagonal_neighbours(mask: int) -> int:
    """The cells diagonally next to any cell of ``mask``."""
    return (
        ((mask << (SIZE + 1)) & _NOT_FIRST_COL)
        | ((mask << (SIZE - 1)) & _NOT_LAST_COL)
        | ((mask >> (SIZE - 1)) & _NOT_FIRST_COL)
        | ((mask >> (SIZE + 1)) & _NOT_LAST_COL)
    ) & FULL


def _line_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """For every 10-bit line mask m: its set bits in increasing order, and m spread onto column 0
    (bit i of m becomes bit ``SIZE * i``). Built incrementally: m is its lowest bit plus m without it."""
    bits: list[tuple[int, ...]] = [()]
    spread = [0]
    for m in range(1, 1 << SIZE):
        low = (m & -m).bit_length() - 1
        rest = m & (m - 1)
        bits.append((low, *bits[rest]))
        spread.append(spread[rest] | 1 << (SIZE * low))
    return tuple(bits), tuple(spread)


LINE_BITS, SPREAD = _line_tables()
ROWS_OF_COLUMN = {s: m for m, s in enumerate(SPREAD)}  # a column's cells (on column 0) -> its rows


#: the orthogonal neighbours (dx, dy) that a known piece makes water (the fast search's and the Bimaru model's)
IMPLIED_WATER = {
    Piece.SUB: ((0, -1), (0, 1), (-1, 0), (1, 0)),
    Piece.LEFT: ((0, -1), (-1, 0), (1, 0)),
    Piece.RIGHT: ((0, 1), (-1, 0), (1, 0)),
    Piece.TOP: ((-1, 0), (0, -1), (0, 1)),
    Piece.BOT: ((1, 0), (0, -1), (0, 1)),
    Piece.MIDDLE: (),
}


class Placement(Frozen):
    """A ship of ``length`` laid at ``anchor`` (its first cell), horizontal or not.

    ``index`` orders placements of one length (``2 * anchor``, plus 1 when
    vertical). ``halo`` is the ship with every cell around it. Immutable;
    equal when length, anchor and direction agree. (A plain class: the
    solver's inner loop reads these attributes, which is fastest on a plain
    instance, and ``solve`` starts without importing ``dataclasses``.)
    """

    length: int
    anchor: int
    horizontal: bool
    mask: int
    halo: int
    rows: tuple[tuple[int, int], ...]  # (row, cells used)
    cols: tuple[tuple[int, int], ...]  # (column, cells used)
    halo_rows: int  # rows the halo touches, as a 10-bit mask
    halo_cols: int  # columns the halo touches, as a 10-bit mask
    index: int

    def __init__(self, length: int, anchor: int, horizontal: bool, mask: int, halo: int,
                 rows: tuple[tuple[int, int], ...], cols: tuple[tuple[int, int], ...], halo_rows: int,
                 halo_cols: int):
        object.__setattr__(self, "__dict__", {
            "length": length, "anchor": anchor, "horizontal": horizontal, "mask": mask, "halo": halo,
            "rows": rows, "cols": cols, "halo_rows": halo_rows, "halo_cols": halo_cols,
            "index": 2 * anchor + (0 if horizontal else 1),
        })

    def __repr__(self) -> str:
        return (f"Placement(length={self.length}, anchor={self.anchor}, horizontal={self.horizontal}, "
                f"mask={self.mask}, halo={self.halo}, rows={self.rows}, cols={self.cols}, "
                f"halo_rows={self.halo_rows}, halo_cols={self.halo_cols}, index={self.index})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Placement) and (self.length, self.index) == (other.length, other.index)

    def __hash__(self) -> int:
        return hash((self.length, self.index))

    def cells(self) -> list[Cell]:
        """The ship's cells in order."""
        return cells_of(self.mask)


@cache
def placements(length: int) -> dict[int, Placement]:
    """Every placement of a ship of ``length`` on the empty board, by index."""
    out: dict[int, Placement] = {}
    line = (1 << length) - 1
    runs = [tuple((start + i, 1) for i in range(length)) for start in range(SIZE - length + 1)]
    for x in range(SIZE):
        for y in range(SIZE):
            for horizontal in (True,) if length == 1 else (True, False):
                height, width = (1, length) if horizontal else (length, 1)
                if x + height > SIZE or y + width > SIZE:
                    continue
                # the halo of a straight ship is its bounding box grown by one cell, cut at the edges
                top, bottom = max(x - 1, 0), min(x + height, SIZE - 1)
                left, right = max(y - 1, 0), min(y + width, SIZE - 1)
                halo_cols = ((1 << (right - left + 1)) - 1) << left
                halo_rows = ((1 << (bottom - top + 1)) - 1) << top
                halo = halo_cols * SPREAD[halo_rows]  # that row pattern in each of those rows
                if horizontal:
                    mask, rows, cols = line << (SIZE * x + y), ((x, length),), runs[y]
                else:
                    mask, rows, cols = SPREAD[line << x] << y, runs[x], ((y, length),)
                p = Placement(length, SIZE * x + y, horizontal, mask, halo, rows, cols, halo_rows, halo_cols)
                out[p.index] = p
    return out
