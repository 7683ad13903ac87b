"""Map and puzzle formats: one reader and one writer each, chosen by name or file.

- ``native``: the 10-line grid (``.map``, or any text file holding a grid);
- ``clp``: course CLIPS map files (``.clp``);
- ``bimaru``: Bimaru puzzles (``ROW``/``COLUMN``/``HINT`` lines).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.errors import MapError
from app.core.formats import bimaru
from app.core.formats.bimaru import Puzzle

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from app.core.gamemap import GameMap

    PuzzleSolver = Callable[[Puzzle, Path], GameMap]

# ``clp``, ``native`` and the map model load on first use (PEP 562 below): reading a
# Bimaru puzzle (``python main.py solve``) needs only ``bimaru``.
_LAZY = {
    "clp": ("app.core.formats.clp", None),
    "native": ("app.core.formats.native", None),
    "GameMap": ("app.core.gamemap", "GameMap"),
    "atomic_write_text": ("app.core.fileio", "atomic_write_text"),
    "read_text": ("app.core.fileio", "read_text"),
}

FORMATS = ("native", "clp", "bimaru")
EXTENSIONS = {".map": "native", ".clp": "clp", ".txt": None, ".bim": "bimaru"}


def __getattr__(name: str):
    if name == "PuzzleSolver":  # the type of ``load_map``'s solver: (puzzle, its path) -> map
        from collections.abc import Callable
        from pathlib import Path

        from app.core.gamemap import GameMap  # lazy: start-up time (solve reads a puzzle without the map model)

        return Callable[[Puzzle, Path], GameMap]
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    module_name, attribute = _LAZY[name]
    module = importlib.import_module(module_name)
    value = module if attribute is None else getattr(module, attribute)
    globals()[name] = value
    return value


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
    from pathlib import Path

    return EXTENSIONS.get(Path(path).suffix.lower()) or "native"


def format_for_path(path: str | Path) -> str | None:
    """The format an output file's extension asks for (None when it does not say)."""
    from pathlib import Path

    return EXTENSIONS.get(Path(path).suffix.lower())


def read(path: str | Path) -> GameMap | Puzzle:
    """A map or a puzzle from a file, whatever its format; MapError naming file and line."""
    from app.core.fileio import read_text  # lazy: start-up time (importing the package reads no file)

    text = read_text(path)
    kind = detect(text, path)
    if kind == "bimaru":
        return bimaru.parse(text, str(path))
    from app.core.formats import clp, native  # lazy: start-up time (solve reads Bimaru puzzles only)

    return (native.parse if kind == "native" else clp.parse)(text, str(path))


def load_map(path: str | Path, solve_puzzle: PuzzleSolver | None = None) -> GameMap:
    """A playable map from a file; a Bimaru puzzle needs ``solve_puzzle`` to become one."""
    import dataclasses
    from pathlib import Path

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
    from app.core.formats import clp, native  # lazy: start-up time (solve reads Bimaru puzzles only)

    return native.dump(item) if fmt == "native" else clp.dump(item)


def save(item: GameMap | Puzzle, path: str | Path, fmt: str | None = None) -> str:
    """Write ``item`` atomically to ``path``; returns the format used."""
    fmt = fmt or format_for_path(path) or ("bimaru" if isinstance(item, Puzzle) else "native")
    from app.core.fileio import atomic_write_text  # lazy: start-up time (importing the package writes no file)

    text = dumps(item, fmt)
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise MapError(f"{path}: cannot write ({exc.strerror or exc})") from None
    return fmt
