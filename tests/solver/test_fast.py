"""The fast exact solver/enumerator against a brute force, the real Bimaru puzzles and the API contract."""

from __future__ import annotations

import random

import numpy as np
import pytest

from app.core.formats import bimaru, native
from app.core.grid import SIZE, STANDARD_FLEET, Cell, Piece, ship_pieces
from app.solver.bitboard import mask_of
from app.solver.fast import (
    Constraints,
    Solution,
    count_solutions,
    iter_solutions,
    solutions_array,
    solve,
)
from tests.paths import BIMARU_DIR, MAPS_DIR

PUZZLES = sorted(BIMARU_DIR.glob("*.txt"))


# ----- an independent brute force: place ships one by one, checking only the rules ------------------


def _lines(length: int) -> list[tuple[Cell, ...]]:
    out = []
    for x in range(SIZE):
        for y in range(SIZE):
            for dx, dy in ((0, 1), (1, 0)) if length > 1 else ((0, 1),):
                cells = tuple(Cell(x + dx * i, y + dy * i) for i in range(length))
                if all(c.on_board() for c in cells):
                    out.append(cells)
    return out


def brute_force(row_counts, col_counts, fleet, known) -> set[frozenset[tuple[Cell, ...]]]:
    """Every fleet (as a set of ships) obeying the rules, the counts and the known cells."""
    fleet = sorted(fleet, reverse=True)
    found: set[frozenset[tuple[Cell, ...]]] = set()

    def place(i: int, ships: list[tuple[Cell, ...]], rows: list[int], cols: list[int], taken: set[Cell],
              start: int = 0):
        if i == len(fleet):
            if rows == list(row_counts) and cols == list(col_counts):
                pieces = {}
                for ship in ships:
                    pieces.update(zip(ship, ship_pieces(list(ship))))
                if all(pieces.get(c, Piece.WATER) == p for c, p in known.items()):
                    found.add(frozenset(ships))
            return
        lines = _lines(fleet[i])
        for number in range(start, len(lines)):  # equal ships in line order: each fleet once
            cells = lines[number]
            if any(c in taken or any(n in taken for n in c.neighbours()) for c in cells):
                continue
            new_rows, new_cols = rows.copy(), cols.copy()
            for c in cells:
                new_rows[c.x] += 1
                new_cols[c.y] += 1
            if any(a > b for a, b in zip(new_rows, row_counts)) or any(a > b for a, b in zip(new_cols, col_counts)):
                continue
            same_next = i + 1 < len(fleet) and fleet[i + 1] == fleet[i]
            place(i + 1, ships + [cells], new_rows, new_cols, taken | set(cells), number + 1 if same_next else 0)

    place(0, [], [0] * SIZE, [0] * SIZE, set())
    return found


def random_fleet(rng: random.Random, fleet) -> list[tuple[Cell, ...]]:
    """A random legal placement of ``fleet`` (rejection sampling)."""
    while True:
        taken: set[Cell] = set()
        ships = []
        for length in sorted(fleet, reverse=True):
            options = [cells for cells in _lines(length)
                       if not any(c in taken or any(n in taken for n in c.neighbours()) for c in cells)]
            if not options:
                break
            cells = rng.choice(options)
            ships.append(cells)
            taken |= set(cells)
        else:
            return ships


def small_case(seed: int, fleet, n_known: int):
    rng = random.Random(seed)
    ships = random_fleet(rng, fleet)
    rows, cols = [0] * SIZE, [0] * SIZE
    pieces = {}
    for ship in ships:
        pieces.update(zip(ship, ship_pieces(list(ship))))
        for c in ship:
            rows[c.x] += 1
            cols[c.y] += 1
    cells = [Cell(x, y) for x in range(SIZE) for y in range(SIZE)]
    known = {c: pieces.get(c, Piece.WATER) for c in rng.sample(cells, n_known)}
    return Constraints(tuple(rows), tuple(cols), tuple(fleet), known), ships


def as_fleets(solutions) -> set[frozenset[tuple[Cell, ...]]]:
    return {frozenset(tuple(cells) for cells in s.ship_cells()) for s in solutions}


class TestAgainstBruteForce:
    @pytest.mark.parametrize("seed", range(12))
    @pytest.mark.parametrize("fleet", [(3, 2, 1), (2, 2, 1, 1), (2, 1, 1, 1, 1), (3, 3, 1, 1)])
    def test_same_fleets_as_brute_force(self, seed, fleet):
        c, truth = small_case(seed, fleet, n_known=seed % 4)
        expected = brute_force(c.row_counts, c.col_counts, c.fleet, c.known)
        solutions = list(iter_solutions(c))
        assert frozenset(truth) in expected
        assert len(solutions) == len(expected) == count_solutions(c)
        assert as_fleets(solutions) == expected  # each fleet exactly once
        assert len({s.mask for s in solutions}) == len(solutions)

    @pytest.mark.parametrize("seed", range(30))
    def test_random_known_pieces_that_may_contradict(self, seed):
        c, _ = small_case(seed, (3, 2, 1, 1), 0)
        rng = random.Random(seed)
        cells = rng.sample([Cell(x, y) for x in range(SIZE) for y in range(SIZE)], 1 + seed % 3)
        c = c.with_known({cell: rng.choice(list(Piece)) for cell in cells})
        expected = brute_force(c.row_counts, c.col_counts, c.fleet, c.known)
        assert as_fleets(iter_solutions(c)) == expected

    def test_known_end_is_not_taken_for_a_sub(self):
        # the example in docs/rules.md with its last hint C turned into L: no solution
        rows, cols = (2, 3, 2, 2, 3, 0, 1, 3, 2, 2), (6, 0, 1, 0, 2, 1, 3, 1, 2, 4)
        hints = {Cell(0, 0): Piece.TOP, Cell(1, 6): Piece.MIDDLE, Cell(3, 2): Piece.SUB, Cell(6, 0): Piece.WATER,
                 Cell(8, 8): Piece.BOT, Cell(9, 5): Piece.SUB}
        assert count_solutions(Constraints(rows, cols, STANDARD_FLEET, hints)) == 1
        hints[Cell(9, 5)] = Piece.LEFT
        assert count_solutions(Constraints(rows, cols, STANDARD_FLEET, hints)) == 0

    def test_known_pieces_are_honoured_exactly(self):
        # a lone 'left' hint: every solution has a horizontal ship starting there
        c, _ = small_case(3, (3, 2, 1), 0)
        for solution in iter_solutions(c):
            pieces = solution.pieces()
            cell = next(cell for cell, piece in pieces.items() if piece is Piece.LEFT)
            narrowed = c.with_known({cell: Piece.LEFT})
            for other in iter_solutions(narrowed):
                assert other.pieces()[cell] is Piece.LEFT
            break


class TestRealPuzzles:
    @pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.name)
    def test_unique_solution_equals_out_file(self, path):
        puzzle = bimaru.parse(path.read_text(), str(path))
        c = Constraints.from_puzzle(puzzle)
        assert count_solutions(c) == 1
        assert solve(c).grid(c.known) == path.with_suffix(".out").read_text()

    def test_map_round_trip(self):
        game_map = native.parse((MAPS_DIR / "bimaru-example.map").read_text())
        c = Constraints.from_map(game_map)
        assert solve(c).to_map(c).same_game(game_map)


class TestApi:
    def test_standard_fleet_without_hints_is_enumerated_in_order(self):
        game_map = native.parse((MAPS_DIR / "bimaru-example.map").read_text())
        c = Constraints(game_map.row_counts, game_map.col_counts, STANDARD_FLEET, {})
        first = list(iter_solutions(c, limit=50))
        again = list(iter_solutions(c, limit=50))
        assert first == again
        assert len(set(first)) == 50
        assert count_solutions(c, limit=7) == 7
        every = [s.mask for s in iter_solutions(c)]
        assert len(every) == count_solutions(c) > 50
        assert every[:50] == [s.mask for s in first]
        assert every.count(mask_of(game_map.ship_cells)) == 1

    def test_ships_order_and_mask(self):
        c, _ = small_case(5, STANDARD_FLEET, 3)
        for s in iter_solutions(c, limit=20):
            lengths = [bin(m).count("1") for m in s.ships]
            assert lengths == sorted(lengths, reverse=True) == list(STANDARD_FLEET)
            combined = 0
            for m in s.ships:
                assert not combined & m
                combined |= m
            assert combined == s.mask

    def test_solutions_array(self):
        c, _ = small_case(7, STANDARD_FLEET, 4)
        solutions = list(iter_solutions(c))
        occupancy, index = solutions_array(solutions)
        assert occupancy.shape == index.shape == (len(solutions), 100)
        assert occupancy.dtype == bool and index.dtype == np.int8
        assert (occupancy == (index >= 0)).all()
        for row, s in enumerate(solutions):
            for cell in s.cells():
                assert occupancy[row, 10 * cell.x + cell.y]
            assert occupancy[row].sum() == 20
        empty_occupancy, _ = solutions_array([])
        assert empty_occupancy.shape == (0, 100)

    @pytest.mark.parametrize("known", [
        {Cell(0, 9): Piece.LEFT},                         # a left end on the last column
        {Cell(4, 4): Piece.SUB, Cell(4, 5): Piece.SUB},  # two ships touching
    ])
    def test_impossible_known_cells_give_no_solution(self, known):
        c, _ = small_case(1, STANDARD_FLEET, 0)
        c = c.with_known(known)
        assert solve(c) is None
        assert count_solutions(c) == 0

    def test_counts_that_do_not_add_up_give_no_solution(self):
        c = Constraints((2,) * 10, (2,) * 10, STANDARD_FLEET, {})
        assert count_solutions(c) == 0

    def test_solution_is_a_value(self):
        s = Solution((0b11,), 0b11)
        assert s.cells() == {Cell(0, 0), Cell(0, 1)}
        assert s.pieces() == {Cell(0, 0): Piece.LEFT, Cell(0, 1): Piece.RIGHT}
        assert s == Solution((0b11,), 0b11) != Solution((0b110,), 0b110)
        assert len({s, Solution((0b11,), 0b11)}) == 1
        assert repr(s) == "Solution(ships=(3,), mask=3)"
        with pytest.raises(AttributeError, match="immutable"):
            s.mask = 0
        with pytest.raises(AttributeError, match="immutable"):
            del s.ships

    def test_constraints_are_a_value(self):
        known = {Cell(1, 2): Piece.SUB}
        c = Constraints([1] * 10, (1,) * 10, [1, 2], known)
        assert c.row_counts == (1,) * 10 and c.fleet == (2, 1)  # normalised: tuples, longest first
        known[Cell(3, 3)] = Piece.WATER  # the caller's dict is copied
        assert dict(c.known) == {Cell(1, 2): Piece.SUB}
        same = Constraints((1,) * 10, [1] * 10, (1, 2), {Cell(1, 2): Piece.SUB})
        assert c == same and hash(c) == hash(same) and c != c.with_known({Cell(0, 0): Piece.WATER})
        assert repr(c).startswith("Constraints(row_counts=(1, 1, 1, 1, 1, 1, 1, 1, 1, 1), col_counts=")
        with pytest.raises(AttributeError, match="immutable"):
            c.fleet = ()
        with pytest.raises(TypeError):
            c.known[Cell(0, 0)] = Piece.WATER  # type: ignore[index]


class TestTables:
    """The bitboard tables are computed with shifts; check them against the cell geometry of app.core.grid."""

    @pytest.mark.parametrize("length", range(1, SIZE + 1))
    def test_placements_match_the_cells_they_cover(self, length):
        from app.solver.bitboard import placements
        from app.solver.fast import _covering

        table = placements(length)
        expected_count = SIZE * (SIZE - length + 1) * (1 if length == 1 else 2)
        assert len(table) == expected_count
        for index, p in table.items():
            x, y = divmod(p.anchor, SIZE)
            cells = [Cell(x, y + i) if p.horizontal else Cell(x + i, y) for i in range(length)]
            halo = set(cells)
            for cell in cells:
                halo.update(cell.neighbours())
            assert index == p.index == 2 * p.anchor + (0 if p.horizontal else 1)
            assert all(cell.on_board() for cell in cells)
            assert p.cells() == cells and p.mask == mask_of(cells) and p.halo == mask_of(halo)
            assert dict(p.rows) == {r: sum(c.x == r for c in cells) for r in {c.x for c in cells}}
            assert dict(p.cols) == {k: sum(c.y == k for c in cells) for k in {c.y for c in cells}}
            assert p.halo_rows == sum(1 << r for r in {c.x for c in halo})
            assert p.halo_cols == sum(1 << k for k in {c.y for c in halo})
        assert list(table) == sorted(table)
        covering = _covering(length)
        for b in range(SIZE * SIZE):
            assert covering[b] == tuple(p for p in table.values() if p.mask >> b & 1)

    def test_line_tables(self):
        from app.solver.bitboard import LINE_BITS, ROWS_OF_COLUMN

        for m in range(1 << SIZE):
            assert LINE_BITS[m] == tuple(i for i in range(SIZE) if m >> i & 1)
            column = mask_of(Cell(x, 0) for x in LINE_BITS[m])
            assert ROWS_OF_COLUMN[column] == m


class TestObservation:
    def test_fires_become_known_cells(self):
        from app.core import Game

        game_map = native.parse((MAPS_DIR / "four-known.map").read_text())
        game = Game(game_map)
        ship_cell = sorted(game_map.ship_cells)[0]
        water_cell = next(c for c in sorted(game_map.ship_cells ^ {Cell(x, y) for x in range(10) for y in range(10)})
                          if c not in game_map.known)
        game.apply(f"fire {ship_cell.x} {ship_cell.y}")
        game.apply(f"fire {water_cell.x} {water_cell.y}")
        c = Constraints.from_observation(game.observation())
        assert c.known[ship_cell] == game_map.piece_at(ship_cell)
        assert c.known[water_cell] is Piece.WATER
        assert set(game_map.known) < set(c.known)
        truth = mask_of(game_map.ship_cells)
        masks = [s.mask for s in iter_solutions(c)]
        assert masks.count(truth) == 1
        assert len(masks) <= count_solutions(Constraints.from_map(game_map))
