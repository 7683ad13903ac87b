"""What a bench is asked to play: map files from folders, patterns and names; agents from ``A,B,...``."""

from __future__ import annotations

import glob
from collections.abc import Iterable
from pathlib import Path

from app.core import BattleshipError
from app.core.formats import EXTENSIONS


def expand_maps(specs: Iterable[str]) -> list[str]:
    """Map files from folders (their map files, sorted), glob patterns and file names, in order, once each."""
    found: list[str] = []
    for spec in specs:
        path = Path(spec)
        if path.is_dir():
            matches = sorted(str(p) for p in path.iterdir() if p.is_file() and p.suffix.lower() in EXTENSIONS)
            if not matches:
                raise BattleshipError(f"{spec}: folder holds no map files ({', '.join(sorted(EXTENSIONS))})")
        elif glob.has_magic(spec):
            matches = sorted(p for p in glob.glob(spec) if Path(p).is_file())
            if not matches:
                raise BattleshipError(f"{spec}: pattern matches no files")
        elif path.is_file():
            matches = [spec]
        else:
            raise BattleshipError(f"{spec}: no such map file, folder or pattern")
        found.extend(matches)
    return list(dict.fromkeys(found))


def split_agents(text: str) -> list[str]:
    """Agent names or paths from ``A,B,...`` (a multi-file CLIPS agent is given as its folder)."""
    agents = [part.strip() for part in text.split(",") if part.strip()]
    if not agents:
        raise BattleshipError("--agents: no agent given")
    return list(dict.fromkeys(agents))
