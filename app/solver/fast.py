"""The fast exact solver and enumerator: bitboards, propagation and backtracking.

A board is a Python int of 100 bits; cell ``(x, y)`` is bit ``10*x + y``
(``app.solver.bitboard``: the masks, tables and ship placements it searches).
Given row/column counts, a fleet and the cells known so far,
``iter_solutions`` yields every fleet placement consistent with them, each
exactly once, in a deterministic order.

How the search works (one node = some ships placed):

- ``free`` holds the cells that may still become ship: not known water, not
  next to a placed ship, not in a row or column whose count is used up.
- Propagation: a row (column) whose free cells are exactly as many as it
  still needs forces all of them to be ship; cells diagonal to a cell that
  must be ship are water; a line with fewer free cells than it needs fails.
- Branching: if some cell must be ship (a known piece not yet covered, or a
  forced cell), branch over the ships that can cover it; otherwise branch
  over the placements of the longest ship still to place. Ships of equal
  length are interchangeable: after choosing a placement for "the next"
  ship of length L, later ships of that length must come after it in a
  fixed placement order, so every fleet is produced exactly once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from app.core.frozen import Frozen
from app.core.grid import SIZE, STANDARD_FLEET, Cell, Piece, grid_text, ship_pieces
from app.solver.bitboard import (
    COL_MASKS,
    FULL,
    IMPLIED_WATER,
    LINE_BITS,
    ROW_MASKS,
    ROWS_OF_COLUMN,
    Placement,
    bit,
    cells_of,
    diagonal_neighbours,
    mask_of,
    placements,
)

if TYPE_CHECKING:
    import numpy as np

    from app.core.gamemap import GameMap

# ----- the value objects of the API ----------------------------------------------------------


class Constraints(Frozen):
    """What is known about a board: counts, fleet and the cells whose content is known.

    ``known`` maps cells to their exact content (water or a ship piece); a
    known ``left`` means a horizontal ship starts there, a known ``sub`` is a
    1-cell ship, and so on. Immutable, hashable, equal when all four agree.
    (A plain class, not a dataclass: ``python main.py solve`` starts without
    importing ``dataclasses``.)
    """

    row_counts: tuple[int, ...]
    col_counts: tuple[int, ...]
    fleet: tuple[int, ...]  # longest first
    known: Mapping[Cell, Piece]

    _change_hint = " (use with_known)"

    def __init__(self, row_counts: Iterable[int], col_counts: Iterable[int], fleet: Iterable[int],
                 known: Mapping[Cell, Piece]):
        object.__setattr__(self, "__dict__", {
            "row_counts": tuple(row_counts), "col_counts": tuple(col_counts),
            "fleet": tuple(sorted(fleet, reverse=True)), "known": MappingProxyType(dict(known)),
        })

    def __repr__(self) -> str:
        return (f"Constraints(row_counts={self.row_counts!r}, col_counts={self.col_counts!r}, "
                f"fleet={self.fleet!r}, known={self.known!r})")

    def __hash__(self) -> int:
        return hash((self.row_counts, self.col_counts, self.fleet, frozenset(self.known.items())))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Constraints)
            and (self.row_counts, self.col_counts, self.fleet) == (other.row_counts, other.col_counts, other.fleet)
            and dict(self.known) == dict(other.known)
        )

    @classmethod
    def from_map(cls, game_map: GameMap) -> Constraints:
        """What a player of ``game_map`` knows at start (its counts, fleet and known cells)."""
        return cls(game_map.row_counts, game_map.col_counts, game_map.fleet, dict(game_map.known))

    @classmethod
    def from_puzzle(cls, puzzle, fleet: tuple[int, ...] | None = None) -> Constraints:
        """A Bimaru puzzle's constraints (standard fleet unless ``fleet`` is given)."""
        return cls(puzzle.row_counts, puzzle.col_counts, fleet or STANDARD_FLEET, dict(puzzle.hints))

    @classmethod
    def from_observation(cls, obs) -> Constraints:
        """What an agent knows from an ``Observation``: k-cells plus what its fires revealed."""
        known = dict(obs.known)
        for cell, piece in obs.fired.items():
            known.setdefault(cell, piece)
        return cls(obs.row_counts, obs.col_counts, obs.fleet, known)

    def with_known(self, more: Mapping[Cell, Piece]) -> Constraints:
        """These constraints with more cells known."""
        known = dict(self.known)
        known.update(more)
        return Constraints(self.row_counts, self.col_counts, self.fleet, known)


class Solution(Frozen):
    """One fleet placement: a bitmask per ship, longest first, equal lengths by first cell.

    Immutable, hashable, equal when the ships agree.
    """

    ships: tuple[int, ...]
    mask: int

    def __init__(self, ships: tuple[int, ...], mask: int):
        object.__setattr__(self, "__dict__", {"ships": ships, "mask": mask})

    def __repr__(self) -> str:
        return f"Solution(ships={self.ships!r}, mask={self.mask!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Solution) and (self.ships, self.mask) == (other.ships, other.mask)

    def __hash__(self) -> int:
        return hash((self.ships, self.mask))

    def cells(self) -> frozenset[Cell]:
        """Every ship cell."""
        return frozenset(cells_of(self.mask))

    def ship_cells(self) -> list[tuple[Cell, ...]]:
        """The cells of each ship, in ``ships`` order."""
        return [tuple(cells_of(ship)) for ship in self.ships]

    def pieces(self) -> dict[Cell, Piece]:
        """The piece of every ship cell."""
        out: dict[Cell, Piece] = {}
        for cells in self.ship_cells():
            out.update(zip(cells, ship_pieces(list(cells))))
        return out

    def to_map(self, constraints: Constraints, name: str = "") -> GameMap:
        """The game map this placement makes, with the constraints' known cells known at start."""
        from app.core.gamemap import GameMap, Ship  # here, not at the top: ``solve`` starts without dataclasses

        ships = [Ship(cells) for cells in self.ship_cells()]
        return GameMap.create(ships, dict(constraints.known), constraints.row_counts, constraints.col_counts,
                              name=name)

    def grid(self, known: Mapping[Cell, Piece] | None = None) -> str:
        """The solution as docs/rules.md prints it: known cells upper case, other pieces lower case, water '.'."""
        known = known or {}
        pieces = self.pieces()

        def letter(cell: Cell) -> str:
            piece = pieces.get(cell, Piece.WATER)
            if cell in known:
                return piece.letter
            return "." if piece is Piece.WATER else piece.letter.lower()

        return grid_text(letter)


@cache
def _covering(length: int) -> tuple[tuple[Placement, ...], ...]:
    """For every bit b, the placements of ``length`` covering b, in index order (one pass over them)."""
    by_bit: list[list[Placement]] = [[] for _ in range(SIZE * SIZE)]
    for p in placements(length).values():
        m = p.mask
        while m:
            low = m & -m
            by_bit[low.bit_length() - 1].append(p)
            m ^= low
    return tuple(tuple(found) for found in by_bit)


def _runs(free: int, length: int, horizontal: bool) -> int:
    """Anchors of ``length`` consecutive free cells in a row (or column)."""
    if horizontal:
        runs = free
        for i in range(1, length):
            runs &= free >> i
        for y in range(SIZE - length + 1, SIZE):  # a run may not wrap to the next row
            runs &= ~COL_MASKS[y]
        return runs
    runs = free
    for i in range(1, length):
        runs &= free >> (SIZE * i)
    return runs


# ----- the search ----------------------------------------------------------------------------------


_LINE = (1 << SIZE) - 1  # every row (or column) of a line mask


class _Search:
    """The tables of one search (placements that agree with the known cells) and the recursion.

    A state is ``(free, required, rows, cols)``: cells that may still be
    ship, cells that must be ship and are not yet covered, and what each
    row and column still needs. ``free`` never holds a cell of a row or
    column that needs nothing more.
    """

    def __init__(self, c: Constraints):
        self.ok = len(c.row_counts) == SIZE and len(c.col_counts) == SIZE
        self.lengths = sorted(set(c.fleet), reverse=True)
        self.longest = max(c.fleet, default=0)
        self.remaining0 = [c.fleet.count(n) for n in range(self.longest + 1)]
        known_ship = 0
        known_water = 0
        implied_water = 0
        for cell, piece in c.known.items():
            if not cell.on_board():
                self.ok = False
                continue
            if piece.is_ship:
                known_ship |= 1 << bit(cell)
                for dx, dy in IMPLIED_WATER[piece]:
                    near = Cell(cell.x + dx, cell.y + dy)
                    if near.on_board():
                        implied_water |= 1 << bit(near)
            else:
                known_water |= 1 << bit(cell)
        if known_ship & known_water or sum(c.row_counts) != sum(c.fleet) or sum(c.col_counts) != sum(c.fleet):
            self.ok = False
        if any(n < 1 or n > SIZE for n in c.fleet):
            self.ok = False
        self.known_ship = known_ship
        self.not_sub = mask_of(cell for cell, piece in c.known.items() if piece.is_ship and piece is not Piece.SUB)
        self.free0 = FULL & ~known_water & ~implied_water
        self.known = c.known
        self.known_water = known_water
        self._cover: dict[int, list[Placement]] = {}
        self.rows0 = list(c.row_counts)
        self.cols0 = list(c.col_counts)

    def cover(self, b: int) -> list[Placement]:
        """Placements (of any fleet length) covering bit ``b`` that agree with every known cell (cached)."""
        found = self._cover.get(b)
        if found is None:
            found = []
            known, known_ship, known_water = self.known, self.known_ship, self.known_water
            for length in self.lengths:
                for p in _covering(length)[b]:
                    if p.mask & known_water or p.halo & ~p.mask & known_ship:
                        continue
                    if p.mask & known_ship:
                        cells = p.cells()
                        if any(known.get(cell, piece) != piece for cell, piece in zip(cells, ship_pieces(cells))):
                            continue
                    found.append(p)
            self._cover[b] = found
        return found

    def run(self) -> Iterator[tuple[Placement, ...]]:
        """Every consistent fleet as a tuple of placements."""
        if not self.ok:
            return iter(())
        free = self.free0
        for x in range(SIZE):
            if self.rows0[x] == 0:
                free &= ~ROW_MASKS[x]
        for y in range(SIZE):
            if self.cols0[y] == 0:
                free &= ~COL_MASKS[y]
        if self.known_ship & ~free:
            return iter(())
        state = _settle(free, self.known_ship, self.rows0, self.cols0, _LINE, _LINE, self.known_ship)
        if state is None:
            return iter(())
        min_index = [-1] * (self.longest + 1)
        return self._node(*state, self.remaining0, min_index, ())

    def _node(self, free, required, rows, cols, remaining, min_index, chosen):
        left = sum(remaining)
        if left == remaining[1] if len(remaining) > 1 else left == 0:
            if required & self.not_sub:  # a known end or middle can only be covered by a longer ship
                return
            subs = placements(1)
            for cells in _place_subs(free, required, rows.copy(), cols.copy(), left):
                yield chosen + tuple(subs[2 * b] for b in cells)
            return
        if required:
            target = required & -required
            options = [
                p for p in self.cover(target.bit_length() - 1)
                if remaining[p.length] and p.index > min_index[p.length] and not p.mask & ~free
            ]
            set_min = False
        else:
            length = len(remaining) - 1
            while not remaining[length]:
                length -= 1
            options = _longest_options(length, free, rows, cols, min_index[length])
            set_min = True
        for p in options:
            child = _place(p, free, required, rows, cols)
            if child is None:
                continue
            new_remaining = remaining.copy()
            new_remaining[p.length] -= 1
            new_min = min_index
            if set_min:
                new_min = min_index.copy()
                new_min[p.length] = p.index
            yield from self._node(*child, new_remaining, new_min, chosen + (p,))


def _place(p: Placement, free: int, required: int, rows: list[int], cols: list[int]):
    """The state after placing ``p`` (propagated), or None on a contradiction."""
    required = required & ~p.mask
    if required & p.halo:
        return None
    free &= ~p.halo
    rows = rows.copy()
    cols = cols.copy()
    dirty_rows = p.halo_rows
    dirty_cols = p.halo_cols
    for x, used in p.rows:
        need = rows[x] - used
        if need < 0:
            return None
        rows[x] = need
        if need == 0:
            gone = free & ROW_MASKS[x]
            if gone:
                if gone & required:
                    return None
                free &= ~gone
                dirty_cols |= gone >> (SIZE * x)
    for y, used in p.cols:
        need = cols[y] - used
        if need < 0:
            return None
        cols[y] = need
        if need == 0:
            gone = free & COL_MASKS[y]
            if gone:
                if gone & required:
                    return None
                free &= ~gone
                dirty_rows |= ROWS_OF_COLUMN[gone >> y]
    return _settle(free, required, rows, cols, dirty_rows, dirty_cols, 0)


def _settle(free: int, required: int, rows: list[int], cols: list[int], dirty_rows: int, dirty_cols: int,
            fresh: int):
    """Propagate until nothing changes: lines with as many free cells as they need force them to be ship,
    cells diagonal to a must-be-ship cell become water. Returns (free, required, rows, cols) or None."""
    while True:
        forced = 0
        for x in LINE_BITS[dirty_rows]:
            need = rows[x]
            if need:
                line = free & ROW_MASKS[x]
                have = line.bit_count()
                if have <= need:
                    if have < need:
                        return None
                    forced |= line
        for y in LINE_BITS[dirty_cols]:
            need = cols[y]
            if need:
                line = free & COL_MASKS[y]
                have = line.bit_count()
                if have <= need:
                    if have < need:
                        return None
                    forced |= line
        fresh |= forced & ~required
        if not fresh:
            return free, required, rows, cols
        required |= fresh
        diagonal = diagonal_neighbours(fresh) & free
        fresh = 0
        if not diagonal:
            return free, required, rows, cols
        if diagonal & required:
            return None
        free &= ~diagonal
        dirty_rows = dirty_cols = 0
        while diagonal:
            low = diagonal & -diagonal
            x, y = divmod(low.bit_length() - 1, SIZE)
            dirty_rows |= 1 << x
            dirty_cols |= 1 << y
            diagonal ^= low


def _longest_options(length: int, free: int, rows: list[int], cols: list[int], after: int) -> list[Placement]:
    """Placements of a ship of ``length`` inside ``free`` that the counts allow, index above ``after``."""
    table = placements(length)
    row_ok = 0
    col_ok = 0
    for i in range(SIZE):
        if rows[i] >= length:
            row_ok |= ROW_MASKS[i]
        if cols[i] >= length:
            col_ok |= COL_MASKS[i]
    horizontal = _runs(free & row_ok, length, True)
    vertical = _runs(free & col_ok, length, False) if length > 1 else 0
    out = []
    anchors = (horizontal | vertical) & ~((1 << ((after + 1) // 2)) - 1)
    while anchors:
        low = anchors & -anchors
        anchor = low.bit_length() - 1
        anchors ^= low
        if low & horizontal and 2 * anchor > after:
            out.append(table[2 * anchor])
        if low & vertical and 2 * anchor + 1 > after:
            out.append(table[2 * anchor + 1])
    return out


_SUB_HALO = tuple(placements(1)[2 * b].halo for b in range(SIZE * SIZE))


def _place_subs(free: int, required: int, rows: list[int], cols: list[int], count: int) -> Iterator[tuple[int, ...]]:
    """Every way to finish with ``count`` 1-cell ships: bit indices, each set once (lists are modified)."""
    fixed = []
    while required:
        low = required & -required
        b = low.bit_length() - 1
        x, y = divmod(b, SIZE)
        if not free & low or rows[x] == 0 or cols[y] == 0:
            return
        rows[x] -= 1
        cols[y] -= 1
        free &= ~_SUB_HALO[b]
        required ^= low
        fixed.append(b)
    if len(fixed) > count:
        return
    for rest in _subs_rest(free, rows, cols, count - len(fixed), -1):
        yield tuple(fixed) + rest


def _subs_rest(free: int, rows: list[int], cols: list[int], count: int, after: int) -> Iterator[tuple[int, ...]]:
    if count == 0:
        yield ()
        return
    x = next((i for i in range(SIZE) if rows[i]), None)
    if x is None:
        return
    line = free & ROW_MASKS[x] & ~((1 << (after + 1)) - 1)
    while line:
        low = line & -line
        b = low.bit_length() - 1
        line ^= low
        y = b - SIZE * x
        if cols[y]:
            rows[x] -= 1
            cols[y] -= 1
            for rest in _subs_rest(free & ~_SUB_HALO[b], rows, cols, count - 1, b):
                yield (b,) + rest
            rows[x] += 1
            cols[y] += 1


def _solution(chosen: tuple[Placement, ...]) -> Solution:
    ordered = sorted(chosen, key=lambda p: (-p.length, p.anchor))
    mask = 0
    for p in ordered:
        mask |= p.mask
    return Solution(tuple(p.mask for p in ordered), mask)


def iter_solutions(c: Constraints, limit: int | None = None) -> Iterator[Solution]:
    """Every fleet placement consistent with ``c``, each once, in a deterministic order."""
    count = 0
    if limit is not None and limit <= 0:
        return
    for chosen in _Search(c).run():
        yield _solution(chosen)
        count += 1
        if limit is not None and count >= limit:
            return


def count_solutions(c: Constraints, limit: int | None = None) -> int:
    """How many fleet placements are consistent with ``c`` (stopping at ``limit``)."""
    count = 0
    if limit is not None and limit <= 0:
        return 0
    for _ in _Search(c).run():
        count += 1
        if limit is not None and count >= limit:
            break
    return count


def solve(c: Constraints) -> Solution | None:
    """The first solution of ``iter_solutions`` (None when there is none)."""
    return next(iter_solutions(c, 1), None)


def solutions_array(solutions: Iterable[Solution]) -> tuple[np.ndarray, np.ndarray]:
    """(N, 100) bool occupancy and (N, 100) int8 ship index (-1 water), one row per solution."""
    import numpy as np  # here, not at the top: ``solve`` starts without numpy

    solutions = list(solutions)
    occupancy = np.zeros((len(solutions), SIZE * SIZE), dtype=bool)
    ship_index = np.full((len(solutions), SIZE * SIZE), -1, dtype=np.int8)
    for row, solution in enumerate(solutions):
        for number, ship in enumerate(solution.ships):
            m = ship
            while m:
                low = m & -m
                b = low.bit_length() - 1
                occupancy[row, b] = True
                ship_index[row, b] = number
                m ^= low
    return occupancy, ship_index
