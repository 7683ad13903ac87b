"""Map and puzzle formats: one reader and one writer each, chosen by name or file.

- ``native``: the 10-line grid (``.map``, or any text file holding a grid);
- ``clp``: course CLIPS map files (``.clp``);
- ``bimaru``: Bimaru puzzles (``ROW``/``COLUMN``/``HINT`` lines).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

from app.core.errors import MapError
from app.core.fileio import atomic_write_text, read_text
from app.core.formats import bimaru, clp, native
from app.core.formats.bimaru import Puzzle
from app.core.gamemap import GameMap

FORMATS = ("native", "clp", "bimaru")
EXTENSIONS = {".map": "native", ".clp": "clp", ".txt": None, ".bim": "bimaru"}

PuzzleSolver = Callable[[Puzzle, Path], GameMap]


def detect(text: str, path: str | Path = "") -> str:
    """The format of a file's text: by its first meaningful line, then its extension."""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", ";")):
            continue
        if stripped.startswith("("):
            return "clp"
        if stripped.split()[0].upper() in ("ROW", "COLUMN"):
            return "bimaru"
        break
    suffix = Path(path).suffix.lower()
    return EXTENSIONS.get(suffix) or "native"


def format_for_path(path: str | Path) -> str | None:
    """The format an output file's extension asks for (None when it does not say)."""
    return EXTENSIONS.get(Path(path).suffix.lower())


def read(path: str | Path) -> GameMap | Puzzle:
    """A map or a puzzle from a file, whatever its format; MapError naming file and line."""
    text = read_text(path)
    kind = detect(text, path)
    parser = {"native": native.parse, "clp": clp.parse, "bimaru": bimaru.parse}[kind]
    return parser(text, str(path))


def load_map(path: str | Path, solve_puzzle: PuzzleSolver | None = None) -> GameMap:
    """A playable map from a file; a Bimaru puzzle needs ``solve_puzzle`` to become one."""
    loaded = read(path)
    if isinstance(loaded, Puzzle):
        if solve_puzzle is None:
            raise MapError(f"{path}: a Bimaru puzzle, not a map: solve it first (python main.py solve)")
        return solve_puzzle(loaded, Path(path))
    if not loaded.name:
        loaded = dataclasses.replace(loaded, name=Path(path).stem)
    return loaded


def dumps(item: GameMap | Puzzle, fmt: str) -> str:
    """The text of a map (any format) or a puzzle (bimaru only) in format ``fmt``."""
    if fmt not in FORMATS:
        raise MapError(f"unknown format '{fmt}' (use {', '.join(FORMATS)})")
    if isinstance(item, Puzzle):
        if fmt != "bimaru":
            raise MapError(f"a Bimaru puzzle can only be written as bimaru, not {fmt} (solve it first)")
        return bimaru.dump(item)
    if fmt == "bimaru":
        return bimaru.dump(bimaru.puzzle_of(item))
    return native.dump(item) if fmt == "native" else clp.dump(item)


def save(item: GameMap | Puzzle, path: str | Path, fmt: str | None = None) -> str:
    """Write ``item`` atomically to ``path``; returns the format used."""
    fmt = fmt or format_for_path(path) or ("bimaru" if isinstance(item, Puzzle) else "native")
    text = dumps(item, fmt)
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise MapError(f"{path}: cannot write ({exc.strerror or exc})") from None
    return fmt
