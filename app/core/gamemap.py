"""The map model: the hidden fleet, the row/column counts and the cells known at start."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from app.core.errors import MapError
from app.core.grid import SIZE, STANDARD_FLEET, Cell, Piece, ship_pieces


@dataclass(frozen=True, slots=True)
class Ship:
    """One straight ship: its cells in order (left to right or top to bottom)."""

    cells: tuple[Cell, ...]

    @property
    def length(self) -> int:
        """Number of cells."""
        return len(self.cells)

    @property
    def horizontal(self) -> bool:
        """True when all cells share a row (a 1-cell ship counts as horizontal)."""
        return all(cell.x == self.cells[0].x for cell in self.cells)

    def pieces(self) -> dict[Cell, Piece]:
        """The piece of each cell (sub, left/middle/right, top/middle/bot)."""
        return dict(zip(self.cells, ship_pieces(list(self.cells))))

    def problems(self) -> list[str]:
        """What makes this ship malformed (empty when it is a proper ship)."""
        if not self.cells:
            return ["a ship has no cells"]
        off = [c for c in self.cells if not c.on_board()]
        if off:
            return [f"ship {self} has cell {off[0]} off the board"]
        xs = {c.x for c in self.cells}
        ys = {c.y for c in self.cells}
        if len(xs) > 1 and len(ys) > 1:
            return [f"ship {self} is not straight"]
        line = sorted(self.cells)
        step = (0, 1) if len(xs) == 1 else (1, 0)
        for a, b in zip(line, line[1:]):
            if (b.x - a.x, b.y - a.y) != step:
                return [f"ship {self} has a gap or a repeated cell"]
        return []

    def __str__(self) -> str:
        first, last = self.cells[0], self.cells[-1]
        return f"{first}" if len(self.cells) == 1 else f"{first}-{last}"


@dataclass(frozen=True, slots=True)
class MapProblem:
    """One thing wrong with a map, with the cells, row or column it concerns."""

    message: str
    cells: tuple[Cell, ...] = ()
    row: int | None = None
    col: int | None = None
    course_plays: bool = False  # the course's environment plays such a map (it never validates one)

    def error(self, more: int = 0) -> MapError:
        """This problem as a MapError (saying how many more problems there are)."""
        suffix = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        return MapError(self.message + suffix)

    def __str__(self) -> str:
        return self.message


def _counts(ship_cells: Iterable[Cell]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    rows = [0] * SIZE
    cols = [0] * SIZE
    for cell in ship_cells:
        rows[cell.x] += 1
        cols[cell.y] += 1
    return tuple(rows), tuple(cols)


@dataclass(frozen=True, slots=True, weakref_slot=True, eq=False)  # weakref: the oracle's cache
class GameMap:
    """A whole game map: the hidden truth the environment owns.

    ``known`` holds the cells known at start (the k-cells), in file order.
    ``row_counts[x]`` / ``col_counts[y]`` are the ship cells per row / column
    as told to the player. ``fact_order`` keeps the order of the k-cell,
    k-per-row and k-per-col facts of a course map file, only those it declares (None: all, in canonical order).
    Build maps with ``GameMap.create`` (validates) or ``from_pieces``.
    """

    ships: tuple[Ship, ...]
    known: Mapping[Cell, Piece]
    row_counts: tuple[int, ...]
    col_counts: tuple[int, ...]
    name: str = ""
    author: str = ""
    notes: str = ""
    fact_order: tuple[tuple[str, int | Cell], ...] | None = None
    warnings: tuple[str, ...] = ()  # problems a course map file may have, which the course plays anyway
    _pieces: dict[Cell, Piece] = field(default_factory=dict, init=False, repr=False, compare=False)
    _fleet: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        pieces: dict[Cell, Piece] = {}
        for ship in self.ships:
            if not ship.problems():
                pieces.update(ship.pieces())
        object.__setattr__(self, "_pieces", pieces)
        object.__setattr__(self, "_fleet", tuple(sorted((s.length for s in self.ships), reverse=True)))

    # ----- construction -------------------------------------------------
    @classmethod
    def create(
        cls,
        ships: Iterable[Ship],
        known: Mapping[Cell, Piece] | None = None,
        row_counts: Iterable[int] | None = None,
        col_counts: Iterable[int] | None = None,
        locate: Callable[[MapProblem], int | None] | None = None,
        course: bool = False,
        **meta,
    ) -> GameMap:
        """A validated map; missing counts are derived from the ships.

        Raises MapError naming the first problem found; ``locate`` maps a
        problem to the line of the file it comes from. ``course``: a course
        map file, which the course's environment plays whatever it holds:
        touching ships and k-cells that contradict the hidden cells become
        ``warnings`` instead (docs/rules.md); ``problems()`` still lists them.
        """
        ships = tuple(sorted(ships, key=lambda s: s.cells))
        derived_rows, derived_cols = _counts(c for s in ships for c in s.cells)
        game_map = cls(
            ships=ships,
            known=dict(known or {}),
            row_counts=tuple(row_counts) if row_counts is not None else derived_rows,
            col_counts=tuple(col_counts) if col_counts is not None else derived_cols,
            **meta,
        )
        problems = game_map.problems()
        if course and problems and all(problem.course_plays for problem in problems):
            warnings = tuple(f"{problem}" + (f" (line {locate(problem)})" if locate and locate(problem) else "")
                             for problem in problems)
            return dataclasses.replace(game_map, warnings=warnings)
        if problems:
            error = problems[0].error(len(problems) - 1)
            error.line = locate(problems[0]) if locate else None
            raise MapError(error.problem, line=error.line)
        return game_map

    @classmethod
    def from_pieces(
        cls,
        ship_cells: Mapping[Cell, Piece],
        known: Mapping[Cell, Piece] | None = None,
        locate: Callable[[MapProblem], int | None] | None = None,
        **meta,
    ) -> GameMap:
        """A map from the piece of every ship cell (as drawn in the native grid).

        Ships are the orthogonally connected groups of ship cells; each
        group's pieces must be exactly those of one straight ship.
        """
        ships = []
        seen: set[Cell] = set()
        for start in sorted(ship_cells):
            if start in seen:
                continue
            group = []
            todo = [start]
            seen.add(start)
            while todo:
                cell = todo.pop()
                group.append(cell)
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    nxt = Cell(cell.x + dx, cell.y + dy)
                    if nxt in ship_cells and nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
            ship = Ship(tuple(sorted(group)))
            problem = None
            if ship.problems():
                problem = MapProblem(f"ship cells {ship} are not one straight ship (touching ships?)", ship.cells)
            else:
                drawn = "".join(ship_cells[c].letter.lower() for c in ship.cells)
                want = "".join(p.letter.lower() for p in ship.pieces().values())
                if drawn != want:
                    problem = MapProblem(
                        f"ship {ship} is drawn as '{drawn}' but a ship there reads '{want}' (touching ships?)",
                        ship.cells,
                    )
            if problem:
                raise MapError(problem.message, line=locate(problem) if locate else None)
            ships.append(ship)
        return cls.create(ships, known, locate=locate, **meta)

    # ----- queries --------------------------------------------------------
    def piece_at(self, cell: Cell) -> Piece:
        """The hidden content of ``cell``."""
        return self._pieces.get(cell, Piece.WATER)

    def is_ship(self, cell: Cell) -> bool:
        """True when ``cell`` holds a ship piece."""
        return cell in self._pieces

    @property
    def ship_cells(self) -> frozenset[Cell]:
        """All cells occupied by ships."""
        return frozenset(self._pieces)

    @property
    def fleet(self) -> tuple[int, ...]:
        """Ship lengths, longest first."""
        return self._fleet

    @property
    def is_standard(self) -> bool:
        """True for the standard fleet (1x4, 2x3, 3x2, 4x1)."""
        return self.fleet == STANDARD_FLEET

    def rows(self) -> list[str]:
        """The map drawn as the native 10-line grid (see formats.native)."""
        lines = []
        for x in range(SIZE):
            line = []
            for y in range(SIZE):
                cell = Cell(x, y)
                letter = self.piece_at(cell).letter
                line.append(letter if cell in self.known else ("." if letter == "W" else letter.lower()))
            lines.append("".join(line))
        return lines

    def same_game(self, other: GameMap) -> bool:
        """True when both maps describe the same game (metadata aside)."""
        return (
            set(self.ships) == set(other.ships)
            and dict(self.known) == dict(other.known)
            and self.row_counts == other.row_counts
            and self.col_counts == other.col_counts
        )

    # ----- validation -------------------------------------------------
    def problems(self) -> list[MapProblem]:
        """Everything wrong with this map, most basic first; empty when valid."""
        problems: list[MapProblem] = []
        for ship in self.ships:
            problems += [MapProblem(text, ship.cells) for text in ship.problems()]
        if problems:
            return problems
        owner: dict[Cell, Ship] = {}
        for ship in self.ships:
            for cell in ship.cells:
                if cell in owner:
                    problems.append(MapProblem(f"ships {owner[cell]} and {ship} overlap at {cell}", (cell,)))
                owner[cell] = ship
        if problems:
            return problems
        for ship in self.ships:
            touch = next(
                ((cell, near) for cell in ship.cells for near in cell.neighbours()
                 if owner.get(near) not in (None, ship) and ship.cells < owner[near].cells),
                None,
            )
            if touch:
                other = owner[touch[1]]
                problems.append(MapProblem(f"ships {ship} and {other} touch at {touch[0]} and {touch[1]}", touch,
                                           course_plays=True))
        for name, counts in (("row", self.row_counts), ("column", self.col_counts)):
            if len(counts) != SIZE:
                problems.append(MapProblem(f"{len(counts)} {name} counts, expected {SIZE}"))
        if len(self.row_counts) == SIZE and len(self.col_counts) == SIZE:
            rows, cols = _counts(owner)
            for x in range(SIZE):
                if self.row_counts[x] != rows[x]:
                    problems.append(MapProblem(
                        f"row {x} count is {self.row_counts[x]} but its ships have {rows[x]} cells", row=x))
            for y in range(SIZE):
                if self.col_counts[y] != cols[y]:
                    problems.append(MapProblem(
                        f"column {y} count is {self.col_counts[y]} but its ships have {cols[y]} cells", col=y))
        for cell, piece in self.known.items():
            if not cell.on_board():
                problems.append(MapProblem(f"known cell {cell} is off the board", (cell,)))
            elif self.piece_at(cell) != piece:
                problems.append(MapProblem(
                    f"known cell {cell} says {piece.value} but the map has {self.piece_at(cell).value} there",
                    (cell,), course_plays=True))
        if not self.ships:
            problems.append(MapProblem("the map has no ships", course_plays=True))
        return problems

    def is_valid(self) -> bool:
        """True when ``problems()`` is empty."""
        return not self.problems()

    def validate(self) -> None:
        """Raise MapError naming the first problem (and how many more)."""
        problems = self.problems()
        if problems:
            raise problems[0].error(len(problems) - 1)

    def fleet_description(self) -> str:
        """E.g. '1x4, 2x3, 3x2, 4x1'."""
        counts = Counter(self.fleet)
        return ", ".join(f"{counts[n]}x{n}" for n in sorted(counts, reverse=True))
