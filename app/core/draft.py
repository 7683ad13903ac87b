"""The map being drawn in the editor, as plain data (no Qt): ships, cells known at start, metadata.

Validation is the engine's: ``GameMap.problems()`` (overlap, touching, counts,
known cells) plus the fleet compared with the standard one. A ship that would
make the map invalid is refused, and the problems it would cause (with their
cells) are returned so a window can mark them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from app.core.gamemap import GameMap, MapProblem, Ship
from app.core.grid import SIZE, STANDARD_FLEET, Cell, Piece

SHIP_NAMES = {4: "battleship", 3: "cruiser", 2: "destroyer", 1: "submarine"}


def ship_name(length: int) -> str:
    """The name of a ship of ``length`` cells ("cruiser"; unusual lengths: "5-cell ship")."""
    return SHIP_NAMES.get(length, f"{length}-cell ship")


def line_between(start: Cell, end: Cell) -> tuple[Cell, ...]:
    """The straight run of cells from ``start`` towards ``end`` (along the longer direction)."""
    if abs(end.x - start.x) >= abs(end.y - start.y):
        lo, hi = sorted((start.x, end.x))
        return tuple(Cell(x, start.y) for x in range(lo, hi + 1))
    lo, hi = sorted((start.y, end.y))
    return tuple(Cell(start.x, y) for y in range(lo, hi + 1))


@dataclass
class MapDraft:
    """The map being drawn: ships, cells known at start (any cell, water or ship) and metadata."""

    ships: list[Ship] = field(default_factory=list)
    known: set[Cell] = field(default_factory=set)
    name: str = ""
    author: str = ""
    notes: str = ""
    standard: bool = True  # refuse ships the standard fleet has no room for

    @classmethod
    def from_map(cls, game_map: GameMap) -> MapDraft:
        """A draft holding ``game_map`` (a non-standard fleet switches the standard check off)."""
        return cls(list(game_map.ships), set(game_map.known), game_map.name, game_map.author, game_map.notes,
                   standard=game_map.is_standard)

    def _map(self, ships: list[Ship], known: set[Cell]) -> GameMap:
        pieces = {}
        for ship in ships:
            if not ship.problems():
                pieces.update(ship.pieces())
        return GameMap(ships=tuple(sorted(ships, key=lambda s: s.cells)),
                       known={c: pieces.get(c, Piece.WATER) for c in sorted(known)},
                       row_counts=tuple(sum(c.x == x for s in ships for c in s.cells) for x in range(SIZE)),
                       col_counts=tuple(sum(c.y == y for s in ships for c in s.cells) for y in range(SIZE)),
                       name=self.name, author=self.author, notes=self.notes)

    def game_map(self) -> GameMap:
        """The draft as a GameMap (not validated; counts derived from the ships)."""
        return self._map(self.ships, self.known)

    def to_map(self) -> GameMap:
        """The draft as a validated GameMap; MapError naming the first problem."""
        game_map = self.game_map()
        return GameMap.create(game_map.ships, game_map.known, name=self.name, author=self.author, notes=self.notes)

    # ----- the fleet ------------------------------------------------------------------
    def placed(self) -> Counter[int]:
        """How many ships of each length are on the board."""
        return Counter(ship.length for ship in self.ships)

    def fleet_left(self) -> list[int]:
        """The lengths of the standard fleet not placed yet, longest first."""
        left = Counter(STANDARD_FLEET) - self.placed()
        return sorted(left.elements(), reverse=True)

    def fleet_problems(self) -> list[MapProblem]:
        """Ships beyond the standard fleet (empty when the standard check is off)."""
        if not self.standard:
            return []
        wanted = Counter(STANDARD_FLEET)
        problems = []
        for length, count in sorted(self.placed().items(), reverse=True):
            if count > wanted[length]:
                cells = tuple(c for s in self.ships if s.length == length for c in s.cells)
                allowed = f"only {wanted[length]}" if wanted[length] else "none"
                problems.append(MapProblem(f"{count} ships of {length} cells: the standard fleet has {allowed}",
                                           cells))
        return problems

    def problems(self) -> list[MapProblem]:
        """Everything wrong with the draft as it stands (an empty board is not a problem here)."""
        problems = [p for p in self.game_map().problems() if p.message != "the map has no ships"]
        return problems + self.fleet_problems()

    def is_complete(self) -> bool:
        """True when the standard fleet is placed exactly and nothing is wrong."""
        return sorted((s.length for s in self.ships), reverse=True) == list(STANDARD_FLEET) and not self.problems()

    # ----- editing ----------------------------------------------------------------------
    def check_ship(self, cells: tuple[Cell, ...]) -> list[MapProblem]:
        """The problems a new ship on ``cells`` would cause (empty: it may be placed)."""
        ship = Ship(tuple(sorted(cells)))
        shape = ship.problems()
        if shape:
            return [MapProblem(shape[0], ship.cells)]
        if self.standard:
            wanted = Counter(STANDARD_FLEET)[ship.length]
            if not wanted:
                return [MapProblem(f"the standard fleet has no ship of {ship.length} cells "
                                   f"(longest is {max(STANDARD_FLEET)})", ship.cells)]
            if self.placed()[ship.length] >= wanted:
                same = tuple(c for s in self.ships if s.length == ship.length for c in s.cells)
                return [MapProblem(f"all {wanted} {ship_name(ship.length)}s ({ship.length} cells) are placed already",
                                   ship.cells + same)]
        before = {p.message for p in self.game_map().problems()}
        after = self._map(self.ships + [ship], self.known).problems()
        return [p for p in after if p.message not in before and p.message != "the map has no ships"
                and p.row is None and p.col is None]

    def add_ship(self, cells: tuple[Cell, ...]) -> list[MapProblem]:
        """Place a ship on ``cells`` unless it causes problems; returns them (empty: placed)."""
        problems = self.check_ship(cells)
        if not problems:
            self.ships.append(Ship(tuple(sorted(cells))))
        return problems

    def ship_at(self, cell: Cell) -> Ship | None:
        """The ship covering ``cell``, if any."""
        return next((s for s in self.ships if cell in s.cells), None)

    def remove_ship_at(self, cell: Cell) -> Ship | None:
        """Remove the ship covering ``cell``; returns it (None: there was none)."""
        ship = self.ship_at(cell)
        if ship is not None:
            self.ships.remove(ship)
        return ship

    def toggle_known(self, cell: Cell) -> bool:
        """Mark ``cell`` known at start, or unmark it; returns True when it is now known."""
        if cell in self.known:
            self.known.discard(cell)
            return False
        self.known.add(cell)
        return True

