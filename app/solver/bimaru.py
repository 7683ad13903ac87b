"""The Bimaru puzzle as a search problem: a ``Board`` and ``Bimaru(Problem)``.

Model: an action places the next ship of the fleet (longest first) at a
legal position; equal ships are placed in increasing position order, so no
fleet is reached twice. After every placement the board is propagated:

- a ship's surrounding cells are water;
- a row or column holding as many ship cells as its count gets water in
  its unknown cells; one whose unknown cells are exactly what it still
  needs gets ships there;
- cells diagonal to a ship cell are water;
- a hint forces its neighbours (a ``T`` has a ship cell below and water
  above and beside it, a ``C`` water all around, ...).

A board that breaks a rule is dead: it has no actions. The goal is a board
with every ship placed, every ship cell covered by a placed ship and every
count met. Path cost is one per ship; ``h`` is the number of ships still to
place (the exact remaining cost) plus a tie-breaking fraction below one.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TextIO

from app.core.formats import bimaru as bimaru_format
from app.core.grid import SIZE, STANDARD_FLEET, Cell, Piece, grid_text, ship_pieces
from app.solver.bitboard import (
    COL_MASKS,
    FULL,
    IMPLIED_WATER,
    ROW_MASKS,
    Placement,
    bit,
    diagonal_neighbours,
    placements,
)
from app.solver.search import Node, Problem

_IMPLIED_SHIP = {Piece.LEFT: (0, 1), Piece.RIGHT: (0, -1), Piece.TOP: (1, 0), Piece.BOT: (-1, 0)}


@dataclass(frozen=True, slots=True, eq=False)
class PuzzleInfo:
    """What does not change during a search: counts, fleet, hints, and the placements the hints forbid."""

    row_counts: tuple[int, ...]
    col_counts: tuple[int, ...]
    hints: Mapping[Cell, Piece]
    fleet: tuple[int, ...] = STANDARD_FLEET
    forbidden: frozenset[tuple[int, int]] = field(default=frozenset())  # (length, index) clashing with a hint

    @classmethod
    def create(cls, row_counts, col_counts, hints: Mapping[Cell, Piece], fleet=STANDARD_FLEET) -> PuzzleInfo:
        """The info with the placements that disagree with a hint worked out."""
        forbidden = set()
        for length in set(fleet):
            for p in placements(length).values():
                cells = p.cells()
                if any(cell in hints and hints[cell] != piece for cell, piece in zip(cells, ship_pieces(cells))):
                    forbidden.add((length, p.index))
        return cls(tuple(row_counts), tuple(col_counts), dict(hints), tuple(sorted(fleet, reverse=True)),
                   frozenset(forbidden))


@dataclass(frozen=True, slots=True)
class Board:
    """A Bimaru grid during the search (immutable and hashable).

    ``ship`` / ``water`` are bitboards (bit 10*row + col) of cells known to
    be ship / water; ``placed`` are the ships placed so far; ``remaining``
    the lengths still to place (longest first); ``after``: the next ship,
    if as long as the last one placed, must have a greater placement index.
    """

    info: PuzzleInfo = field(compare=False, hash=False, repr=False)
    ship: int = 0
    water: int = 0
    placed: tuple[Placement, ...] = ()
    remaining: tuple[int, ...] = ()
    after: int = -1
    dead: bool = False

    # ----- construction -------------------------------------------------------------------------
    @staticmethod
    def parse_instance(stream: TextIO | None = None, path: str = "<stdin>") -> Board:
        """The board of a Bimaru instance read from ``stream`` (default stdin); MapError if malformed."""
        text = (stream or sys.stdin).read()
        puzzle = bimaru_format.parse(text, path)
        return Board.from_puzzle(puzzle)

    @classmethod
    def from_puzzle(cls, puzzle, fleet=STANDARD_FLEET) -> Board:
        """The initial board of a parsed puzzle, hints applied and propagated."""
        info = PuzzleInfo.create(puzzle.row_counts, puzzle.col_counts, puzzle.hints, fleet)
        ship = water = 0
        dead = False
        for cell, piece in info.hints.items():
            if not piece.is_ship:
                water |= 1 << bit(cell)
                continue
            ship |= 1 << bit(cell)
            for dx, dy in IMPLIED_WATER[piece]:
                near = Cell(cell.x + dx, cell.y + dy)
                if near.on_board():
                    water |= 1 << bit(near)
            if piece in _IMPLIED_SHIP:
                dx, dy = _IMPLIED_SHIP[piece]
                near = Cell(cell.x + dx, cell.y + dy)
                if near.on_board():
                    ship |= 1 << bit(near)
                else:
                    dead = True
        board = cls(info, ship, water, (), info.fleet, -1, dead or bool(ship & water))
        return board.propagated()

    # ----- queries ----------------------------------------------------------------------------------
    @property
    def covered(self) -> int:
        """Cells covered by placed ships."""
        mask = 0
        for p in self.placed:
            mask |= p.mask
        return mask

    @property
    def unknown(self) -> int:
        """Cells not yet known to be ship or water."""
        return FULL & ~self.ship & ~self.water

    def _pieces(self) -> dict[Cell, Piece]:
        out: dict[Cell, Piece] = {}
        for p in self.placed:
            cells = p.cells()
            out.update(zip(cells, ship_pieces(cells)))
        return out

    def get_value(self, row: int, col: int) -> str | None:
        """The cell as printed (hint upper case, placed piece lower case, water '.'); 'x' for a ship
        cell whose piece is not settled yet; None when unknown or off the board."""
        cell = Cell(row, col)
        if not cell.on_board():
            return None
        if cell in self.info.hints:
            return self.info.hints[cell].letter
        b = 1 << bit(cell)
        if self.water & b:
            return "."
        if self.ship & b:
            piece = self._pieces().get(cell)
            return piece.letter.lower() if piece else "x"
        return None

    def adjacent_vertical_values(self, row: int, col: int) -> tuple[str | None, str | None]:
        """The values above and below the cell (None off the board or unknown)."""
        return self.get_value(row - 1, col), self.get_value(row + 1, col)

    def adjacent_horizontal_values(self, row: int, col: int) -> tuple[str | None, str | None]:
        """The values left and right of the cell (None off the board or unknown)."""
        return self.get_value(row, col - 1), self.get_value(row, col + 1)

    def to_text(self) -> str:
        """The grid in the Bimaru output format (unknown cells as '.'): 10 lines, each ending in a newline."""
        pieces, hints = self._pieces(), self.info.hints

        def letter(cell: Cell) -> str:
            if cell in hints:
                return hints[cell].letter
            if cell in pieces:
                return pieces[cell].letter.lower()
            return "x" if self.ship >> bit(cell) & 1 else "."

        return grid_text(letter)

    def print(self, file: TextIO | None = None) -> None:
        """Write ``to_text()`` to ``file`` (default stdout)."""
        (file or sys.stdout).write(self.to_text())

    # ----- moves ----------------------------------------------------------------------------------
    def legal_placements(self) -> list[Placement]:
        """Where the next ship can go (none when dead or the fleet is placed)."""
        if self.dead or not self.remaining:
            return []
        length = self.remaining[0]
        forbidden = self.info.forbidden
        rows, cols = self.info.row_counts, self.info.col_counts
        ship, water, covered = self.ship, self.water, self.covered
        out = []
        for p in placements(length).values():
            if p.index <= self.after or p.mask & (water | covered) or p.halo & ~p.mask & ship:
                continue
            if (length, p.index) in forbidden:
                continue
            after = ship | p.mask
            if any((after & ROW_MASKS[x]).bit_count() > rows[x] for x, _ in p.rows):
                continue
            if any((after & COL_MASKS[y]).bit_count() > cols[y] for y, _ in p.cols):
                continue
            out.append(p)
        return out

    def place(self, p: Placement) -> Board:
        """The board after placing the next ship at ``p`` (propagated)."""
        remaining = self.remaining[1:]
        after = p.index if remaining and remaining[0] == p.length else -1
        board = replace(self, ship=self.ship | p.mask, water=self.water | (p.halo & ~p.mask),
                        placed=self.placed + (p,), remaining=remaining, after=after)
        return board.propagated()

    def propagated(self) -> Board:
        """This board with the counts and the no-touching rule applied until nothing changes."""
        if self.dead:
            return self
        ship, water = self.ship, self.water
        rows, cols = self.info.row_counts, self.info.col_counts
        while True:
            if ship & water:
                return replace(self, ship=ship, water=water, dead=True)
            before = (ship, water)
            for masks, counts in ((ROW_MASKS, rows), (COL_MASKS, cols)):
                for mask, need in zip(masks, counts):
                    unknown = mask & ~ship & ~water
                    have = (ship & mask).bit_count()
                    free = unknown.bit_count()
                    if have > need or have + free < need:
                        return replace(self, ship=ship, water=water, dead=True)
                    if unknown:
                        if have == need:
                            water |= unknown
                        elif have + free == need:
                            ship |= unknown
            water |= diagonal_neighbours(ship)
            if (ship, water) == before:
                return replace(self, ship=ship, water=water)

    def is_solved(self) -> bool:
        """Every ship placed, every ship cell covered by one, every count met."""
        if self.dead or self.remaining:
            return False
        covered = self.covered
        if self.ship & ~covered:
            return False
        rows, cols = self.info.row_counts, self.info.col_counts
        return all((covered & ROW_MASKS[i]).bit_count() == rows[i] and (covered & COL_MASKS[i]).bit_count() == cols[i]
                   for i in range(SIZE))

    def __str__(self) -> str:
        return self.to_text()


class Bimaru(Problem):
    """Bimaru as a search problem: each action places the next (longest remaining) ship."""

    def __init__(self, board: Board):
        super().__init__(board)

    def actions(self, state: Board) -> list[Placement]:
        """Legal positions for the next ship."""
        return state.legal_placements()

    def result(self, state: Board, action: Placement) -> Board:
        """The board with the ship placed and propagated."""
        return state.place(action)

    def goal_test(self, state: Board) -> bool:
        """True when the board is a complete, valid solution."""
        return state.is_solved()

    def h(self, node: Node) -> float:
        """Ships still to place, plus the share of cells still undetermined (less than 1).

        The ship count is the exact remaining cost (one action per ship);
        the fraction breaks ties toward boards that propagation settled more.
        Every goal lies at the same depth, so any goal A* returns is optimal.
        """
        state = node.state
        return len(state.remaining) + state.unknown.bit_count() / (SIZE * SIZE + 1)
