"""Course CLIPS map files: one ``(deffacts ...)`` of cell, boat, k-cell and count facts.

The file is parsed as text and never executed. Tolerated: ``;`` comments,
tabs, CRLF, extra spaces, 1-cell ships written as boat-hor or boat-ver,
missing ``cell`` facts, missing k-per-row / k-per-col facts (derived from the
boats for the map model; ``fact_order`` keeps what the file declared, which
is all a CLIPS agent is told). Counts that disagree with the boats are rejected naming the row or
column. Metadata may be given as leading ``; name: ...`` comment lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from app.core.errors import MapError
from app.core.gamemap import GameMap, MapProblem, Ship
from app.core.grid import SIZE, Cell, Piece

_TOKEN = re.compile(r'\(|\)|"(?:[^"\\]|\\.)*"|[^\s()";]+')
_META = re.compile(r"^\s*;+\s*(name|author|notes)\s*:(.*)$", re.IGNORECASE)


@dataclass
class _Fact:
    name: str
    slots: dict[str, list[str]]
    line: int


def _tokens(text: str, path: str) -> list[tuple[str, int]]:
    tokens = []
    for number, line in enumerate(text.splitlines(), start=1):
        code = _strip_comment(line)
        for match in _TOKEN.finditer(code):
            tokens.append((match.group(), number))
    return tokens


def _strip_comment(line: str) -> str:
    inside = False
    for i, char in enumerate(line):
        if char == '"':
            inside = not inside
        elif char == ";" and not inside:
            return line[:i]
    return line


def _parse_lists(tokens: list[tuple[str, int]], path: str) -> list[tuple[list, int]]:
    """Top-level s-expressions as nested lists, each with its first line."""
    result: list[tuple[list, int]] = []
    stack: list[tuple[list, int]] = []
    for token, line in tokens:
        if token == "(":
            stack.append(([], line))
        elif token == ")":
            if not stack:
                raise MapError("unbalanced ')' with no matching '('", path, line)
            items, start = stack.pop()
            if stack:
                stack[-1][0].append((items, start))
            else:
                result.append((items, start))
        elif stack:
            stack[-1][0].append(token)
        else:
            raise MapError(f"unexpected '{token}' outside any construct", path, line)
    if stack:
        raise MapError("'(' opened here is never closed (truncated file?)", path, stack[-1][1])
    return result


def _facts(text: str, path: str) -> list[_Fact]:
    facts = []
    constructs = _parse_lists(_tokens(text, path), path)
    if not constructs:
        raise MapError("no (deffacts ...) found", path)
    found = False
    for items, _line in constructs:
        if not items or items[0] != "deffacts":
            continue
        found = True
        body = items[2:] if len(items) > 1 and isinstance(items[1], str) else items[1:]
        for item in body:
            if isinstance(item, str):
                continue  # the optional comment string
            elements, fact_line = item
            if not elements or not isinstance(elements[0], str):
                raise MapError("a fact must start with its template name", path, fact_line)
            slots: dict[str, list[str]] = {}
            for slot in elements[1:]:
                if isinstance(slot, str):
                    raise MapError(
                        f"ordered value '{slot}' in ({elements[0]} ...): expected (slot value) pairs", path, fact_line
                    )
                slot_items, slot_line = slot
                if not slot_items or not all(isinstance(v, str) for v in slot_items):
                    raise MapError(f"malformed slot in ({elements[0]} ...)", path, slot_line)
                slots[slot_items[0]] = slot_items[1:]
            facts.append(_Fact(elements[0], slots, fact_line))
    if not found:
        raise MapError("no (deffacts ...) found", path)
    return facts


def _int(fact: _Fact, slot: str, path: str, many: bool = False) -> list[int] | int:
    if slot not in fact.slots:
        raise MapError(f"({fact.name} ...) has no ({slot} ...) slot", path, fact.line)
    values = fact.slots[slot]
    if not values or (not many and len(values) != 1):
        raise MapError(f"({fact.name} ...) slot {slot} needs {'values' if many else 'one value'}", path, fact.line)
    try:
        numbers = [int(v) for v in values]
    except ValueError:
        raise MapError(f"({fact.name} ...) slot {slot} is not a whole number: {' '.join(values)}", path, fact.line) from None
    return numbers if many else numbers[0]


def _symbol(fact: _Fact, slot: str, path: str) -> str:
    values = fact.slots.get(slot)
    if not values or len(values) != 1:
        raise MapError(f"({fact.name} ...) needs one ({slot} ...) value", path, fact.line)
    return values[0]


def _metadata(text: str) -> dict[str, str]:
    """The leading ``; name: ...`` (author, notes) comment lines."""
    meta: dict[str, str] = {}
    for line in text.splitlines():
        match = _META.match(line)
        if match:
            meta[match.group(1).lower()] = match.group(2).strip()
        elif line.strip() and not line.strip().startswith(";"):
            break
    return meta


@dataclass
class _Declared:
    """What a map file's facts declare, each with the line it is on (for the errors)."""

    path: str
    ships: list[Ship] = field(default_factory=list)  # in the file's order, a boat given twice twice
    ship_lines: dict[Ship, int] = field(default_factory=dict)
    cells: dict[Cell, tuple[str, int]] = field(default_factory=dict)
    known: dict[Cell, tuple[Piece, int]] = field(default_factory=dict)
    rows: dict[int, tuple[int, int]] = field(default_factory=dict)
    cols: dict[int, tuple[int, int]] = field(default_factory=dict)
    order: list[tuple[str, int | Cell]] = field(default_factory=list)  # the k-facts in the file's order

    def read(self, fact: _Fact) -> None:
        """Take in one fact; other facts (comments, environment extras) carry nothing for the map."""
        reader = {"cell": self._cell, "boat-hor": self._boat, "boat-ver": self._boat, "k-cell": self._known,
                  "k-per-row": self._count, "k-per-col": self._count}.get(fact.name)
        if reader is not None:
            reader(fact)

    def _cell(self, fact: _Fact) -> None:
        cell = Cell(_int(fact, "x", self.path), _int(fact, "y", self.path))
        content = _symbol(fact, "content", self.path)
        if content not in ("water", "boat"):
            raise MapError(f"cell {cell} content '{content}' is neither water nor boat", self.path, fact.line)
        if not cell.on_board():
            raise MapError(f"cell {cell} is off the board", self.path, fact.line)
        self.cells[cell] = (content, fact.line)

    def _boat(self, fact: _Fact) -> None:
        path = self.path
        if fact.name == "boat-hor":
            x = _int(fact, "x", path)
            line_cells = [Cell(x, y) for y in _int(fact, "ys", path, many=True)]
        else:
            y = _int(fact, "y", path)
            line_cells = [Cell(x, y) for x in _int(fact, "xs", path, many=True)]
        if "size" in fact.slots and _int(fact, "size", path) != len(line_cells):
            raise MapError(
                f"{fact.name} has size {_int(fact, 'size', path)} but lists {len(line_cells)} cells", path, fact.line
            )
        ship = Ship(tuple(sorted(line_cells)))
        problems = ship.problems()
        if problems:
            raise MapError(problems[0], path, fact.line)
        if len(line_cells) > 1 and ship.horizontal != (fact.name == "boat-hor"):
            raise MapError(f"{fact.name} {ship} runs the other way", path, fact.line)
        self.ships.append(ship)
        self.ship_lines[ship] = fact.line

    def _known(self, fact: _Fact) -> None:
        cell = Cell(_int(fact, "x", self.path), _int(fact, "y", self.path))
        content = _symbol(fact, "content", self.path)
        try:
            self.known[cell] = (Piece(content), fact.line)
        except ValueError:
            raise MapError(f"k-cell {cell} has unknown content '{content}'", self.path, fact.line) from None
        self.order.append(("k-cell", cell))

    def _count(self, fact: _Fact) -> None:
        key = "row" if fact.name == "k-per-row" else "col"
        index, num = _int(fact, key, self.path), _int(fact, "num", self.path)
        if not 0 <= index < SIZE:
            raise MapError(f"{fact.name} {key} {index} is off the board", self.path, fact.line)
        target = self.rows if key == "row" else self.cols
        if index in target and target[index][0] != num:
            raise MapError(f"{fact.name} {key} {index} given twice with different numbers", self.path, fact.line)
        target[index] = (num, fact.line)
        self.order.append((fact.name, index))
    def check_cells(self) -> None:
        """MapError for a ``cell`` fact that says boat where no boat is, or water where one is."""
        ship_cells = {c for s in self.ships for c in s.cells}
        for cell, (content, line) in self.cells.items():
            if (content == "boat") != (cell in ship_cells):
                side = "boat but no boat covers it" if content == "boat" else "water but a boat covers it"
                raise MapError(f"cell {cell} says {side}", self.path, line)

    def counts(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The row and column counts: as declared, else derived from the boats."""
        ship_cells = {c for s in self.ships for c in s.cells}
        rows = tuple(self.rows[x][0] if x in self.rows else sum(c.x == x for c in ship_cells) for x in range(SIZE))
        cols = tuple(self.cols[y][0] if y in self.cols else sum(c.y == y for c in ship_cells) for y in range(SIZE))
        return rows, cols

    def locate(self, problem: MapProblem) -> int | None:
        """The line of the fact a map problem is about (its row or column count, a k-cell, a boat)."""
        if problem.row is not None:
            return self.rows.get(problem.row, (0, None))[1]
        if problem.col is not None:
            return self.cols.get(problem.col, (0, None))[1]
        for cell in problem.cells:
            if cell in self.known:
                return self.known[cell][1]
            for ship, line in self.ship_lines.items():
                if cell in ship.cells:
                    return line
        return None

    def fact_order(self) -> tuple[tuple[str, int | Cell], ...] | None:
        """The k-facts in the file's order; None when it is the canonical one (k-cells, rows, columns)."""
        canonical = [("k-cell", c) for c in self.known] + [("k-per-row", x) for x in range(SIZE)]
        canonical += [("k-per-col", y) for y in range(SIZE)]
        return tuple(self.order) if self.order != canonical else None  # () when it declares none


def parse(text: str, path: str = "<text>") -> GameMap:
    """The map a course map file describes; MapError(path:line: ...) if malformed."""
    declared = _Declared(path)
    for fact in _facts(text, path):
        declared.read(fact)
    declared.check_cells()
    row_counts, col_counts = declared.counts()
    known = {cell: piece for cell, (piece, _line) in declared.known.items()}
    try:
        return GameMap.create(declared.ships, known, row_counts, col_counts, locate=declared.locate,
                              fact_order=declared.fact_order(), course=True, **_metadata(text))
    except MapError as error:
        raise error.located(path) from None


def dump(game_map: GameMap) -> str:
    """The course-format text of ``game_map``: cells, boats, k-cells, then counts."""
    out = [f"; {key}: {' '.join(getattr(game_map, key).split())}" for key in ("name", "author", "notes")
           if getattr(game_map, key)]
    out.append("(deffacts battle-field")
    for x in range(SIZE):
        for y in range(SIZE):
            content = "boat" if game_map.is_ship(Cell(x, y)) else "water"
            out.append(f"(cell (x {x}) (y {y}) (content {content}) (status none))")
    for number, ship in enumerate(game_map.ships, start=1):
        name = f"{'sub' if ship.length == 1 else 'nav'}{number}"
        status = " ".join(["safe"] * ship.length)
        if ship.horizontal:
            ys = " ".join(str(c.y) for c in ship.cells)
            out.append(f"(boat-hor (name {name}) (x {ship.cells[0].x}) (ys {ys}) (size {ship.length}) (status {status}))")
        else:
            xs = " ".join(str(c.x) for c in ship.cells)
            out.append(f"(boat-ver (name {name}) (xs {xs}) (y {ship.cells[0].y}) (size {ship.length}) (status {status}))")
    for cell, piece in game_map.known.items():
        out.append(f"(k-cell (x {cell.x}) (y {cell.y}) (content {piece.value}))")
    for x, num in enumerate(game_map.row_counts):
        out.append(f"(k-per-row (row {x}) (num {num}))")
    for y, num in enumerate(game_map.col_counts):
        out.append(f"(k-per-col (col {y}) (num {num}))")
    out.append(")")
    return "\n".join(out) + "\n"
