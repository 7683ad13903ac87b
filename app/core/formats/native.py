"""Our native map format: the 10-line grid of docs/rules.md with optional header lines.

```
# name: Harbour
# author: Ada
# notes: four cells known at start
T.....t...
b.....M..t
...
```
Upper case = known at start (``W`` known water, ``C T B L R M`` ship pieces),
lower case = hidden ship piece (``c t b l r m``), ``.`` = hidden water.
Lines starting with ``#`` are comments; ``# key: value`` with key name,
author or notes sets the map's metadata. Blank lines are ignored.
"""

from __future__ import annotations

from app.core.errors import MapError
from app.core.gamemap import GameMap, MapProblem
from app.core.grid import SIZE, Cell, Piece

META_KEYS = ("name", "author", "notes")
_HIDDEN = {"c", "t", "b", "l", "r", "m"}
_KNOWN = {"W", "C", "T", "B", "L", "R", "M"}


def parse(text: str, path: str = "<text>") -> GameMap:
    """The map a native-format text describes; MapError(path:line: ...) if malformed."""
    meta: dict[str, str] = {}
    rows: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.lstrip().startswith("#"):
            body = line.lstrip()[1:].strip()
            key, sep, value = body.partition(":")
            key = key.strip().lower()
            if sep and key in META_KEYS:
                meta[key] = (meta[key] + " " + value.strip()) if key in meta else value.strip()
            continue
        line = line.strip()
        if len(rows) == SIZE:
            raise MapError(f"more than {SIZE} grid rows", path, number)
        if len(line) != SIZE:
            raise MapError(f"row {len(rows)} has {len(line)} cells, expected {SIZE}", path, number)
        for column, letter in enumerate(line):
            if letter != "." and letter not in _HIDDEN and letter not in _KNOWN:
                raise MapError(
                    f"unknown letter '{letter}' at column {column} (use . W C T B L R M or c t b l r m)",
                    path,
                    number,
                )
        rows.append((number, line))
    if len(rows) < SIZE:
        raise MapError(f"only {len(rows)} grid rows, expected {SIZE} (truncated file?)", path)

    pieces: dict[Cell, Piece] = {}
    known: dict[Cell, Piece] = {}
    for x, (_, line) in enumerate(rows):
        for y, letter in enumerate(line):
            cell = Cell(x, y)
            if letter == ".":
                continue
            piece = Piece.from_letter(letter)
            if piece.is_ship:
                pieces[cell] = piece
            if letter.isupper():
                known[cell] = piece

    def locate(problem: MapProblem) -> int | None:
        if problem.cells:
            return rows[problem.cells[0].x][0]
        return rows[problem.row][0] if problem.row is not None else None

    try:
        return GameMap.from_pieces(pieces, known, locate=locate, **meta)
    except MapError as error:
        raise error.located(path) from None


def dump(game_map: GameMap) -> str:
    """The native text of ``game_map`` (header lines for non-empty metadata)."""
    lines = []
    for key in META_KEYS:
        value = getattr(game_map, key)
        if value:
            lines.append(f"# {key}: {' '.join(value.split())}")
    lines += game_map.rows()
    return "\n".join(lines) + "\n"
