"""Random maps: a fleet drawn uniformly over all legal placements, then the cells known at start.

How a map is drawn:

1. The fleet: every ship, longest first, gets a placement chosen uniformly
   among all placements of its length on the empty board; as soon as one
   overlaps or touches an earlier ship the whole draw starts again. This is
   rejection sampling, so every legal fleet placement (a set of ships) is
   equally likely.
2. The known cells: ``known`` cells chosen uniformly among the 100 (so most
   are water), or ``known_ships`` cells uniformly among the ship cells plus
   ``known_water`` uniformly among the water cells.
3. ``unique``: while the puzzle (counts + known cells) has more than one
   solution, one more cell becomes known: chosen uniformly among the cells
   where the solver's first two solutions differ.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.core.errors import MapError
from app.core.gamemap import GameMap, Ship
from app.core.grid import SIZE, STANDARD_FLEET, Cell, Piece
from app.solver.bitboard import cells_of, mask_of, placements
from app.solver.fast import Constraints, iter_solutions


def random_ships(rng: random.Random, fleet: Sequence[int] = STANDARD_FLEET, max_tries: int = 1_000_000,
                 placed: Sequence[Ship] = ()) -> list[Ship]:
    """A fleet placement drawn uniformly among all legal ones (rejection sampling).

    ``placed``: ships already on the board (legal, part of ``fleet``); the rest of
    the fleet is drawn uniformly among the legal completions around them, and
    the whole fleet is returned (``placed`` first).
    """
    remaining = list(fleet)
    fixed = 0
    for ship in placed:
        if ship.length not in remaining:
            raise MapError(f"ship {ship} is not part of the fleet {tuple(fleet)} (or one too many)")
        remaining.remove(ship.length)
        fixed |= mask_of({near for cell in ship.cells for near in cell.neighbours()} | set(ship.cells))
    tables = {length: list(placements(length).values()) for length in set(remaining)}
    order = sorted(remaining, reverse=True)
    for _ in range(max_tries):
        taken = fixed  # ships and the cells around them
        chosen = []
        for length in order:
            p = rng.choice(tables[length])
            if p.mask & taken:
                break
            taken |= p.halo
            chosen.append(p)
        else:
            return list(placed) + [Ship(tuple(cells_of(p.mask))) for p in chosen]
    if placed:
        raise MapError(f"could not fit the rest of the fleet {tuple(order)} around the ships placed "
                       f"in {max_tries} draws")
    raise MapError(f"could not place the fleet {tuple(fleet)} in {max_tries} draws")


def _counts(ships: list[Ship]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    rows = [0] * SIZE
    cols = [0] * SIZE
    for ship in ships:
        for cell in ship.cells:
            rows[cell.x] += 1
            cols[cell.y] += 1
    return tuple(rows), tuple(cols)


def make_unique(game_map: GameMap, rng: random.Random) -> GameMap:
    """``game_map`` with known cells added until its puzzle has exactly one solution."""
    known = dict(game_map.known)
    while True:
        c = Constraints(game_map.row_counts, game_map.col_counts, game_map.fleet, known)
        first_two = list(iter_solutions(c, limit=2))
        if len(first_two) < 2:
            break
        differ = sorted(first_two[0].cells() ^ first_two[1].cells())
        cell = rng.choice(differ)
        known[cell] = game_map.piece_at(cell)
    return GameMap.create(game_map.ships, known, game_map.row_counts, game_map.col_counts, name=game_map.name,
                          notes=game_map.notes)


def generate_map(
    rng: random.Random,
    known: int | None = None,
    known_ships: int = 0,
    known_water: int = 0,
    unique: bool = False,
    fleet: Sequence[int] = STANDARD_FLEET,
    name: str = "",
) -> GameMap:
    """One random map (see the module docstring for the distribution)."""
    ships = random_ships(rng, fleet)
    ship_pieces: dict[Cell, Piece] = {}
    for ship in ships:
        ship_pieces.update(ship.pieces())
    water = [Cell(x, y) for x in range(SIZE) for y in range(SIZE) if Cell(x, y) not in ship_pieces]
    if known is not None:
        if not 0 <= known <= SIZE * SIZE:
            raise MapError(f"--known {known}: must be 0..{SIZE * SIZE}")
        cells = rng.sample([Cell(x, y) for x in range(SIZE) for y in range(SIZE)], known)
        notes = f"{known} cells known at start (uniform over all cells)"
    else:
        if not 0 <= known_ships <= len(ship_pieces) or not 0 <= known_water <= len(water):
            raise MapError(f"--known-ships {known_ships} / --known-water {known_water}: the fleet has "
                           f"{len(ship_pieces)} ship cells and {len(water)} water cells")
        cells = rng.sample(sorted(ship_pieces), known_ships) + rng.sample(water, known_water)
        notes = f"{known_ships} ship cells and {known_water} water cells known at start"
    known_cells = {cell: ship_pieces.get(cell, Piece.WATER) for cell in cells}
    rows, cols = _counts(ships)
    game_map = GameMap.create(ships, known_cells, rows, cols, name=name, notes=notes)
    if unique:
        game_map = make_unique(game_map, rng)
        if len(game_map.known) > len(known_cells):
            game_map = GameMap.create(game_map.ships, game_map.known, rows, cols, name=name,
                                      notes=notes + f", then {len(game_map.known) - len(known_cells)} more "
                                      "until the solution is unique")
    return game_map


def map_seed(seed: int, number: int) -> int:
    """The random seed of map ``number`` of a run seeded with ``seed`` (maps do not depend on --count)."""
    return seed * 1_000_003 + number
