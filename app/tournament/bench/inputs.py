"""What a bench is asked to play: map files from folders, patterns and names; agents from ``A,B,...``."""

from __future__ import annotations

import glob
from collections.abc import Iterable
from pathlib import Path

from app.backends.registry import load_order_file
from app.core import BattleshipError
from app.core.formats import EXTENSIONS
from app.core.paths import shipped_map
from app.tournament import submissions


def expand_maps(specs: Iterable[str]) -> list[str]:
    """Map files from folders (their map files, sorted), glob patterns and file names, in order, once each."""
    found: list[str] = []
    for spec in specs:
        path = shipped_map(spec) or Path(spec)
        if path.is_dir():
            matches = sorted(str(p) for p in path.iterdir() if p.is_file() and p.suffix.lower() in EXTENSIONS)
            if not matches:
                raise BattleshipError(f"{spec}: folder holds no map files ({', '.join(sorted(EXTENSIONS))})")
        elif glob.has_magic(spec):
            matches = sorted(p for p in glob.glob(spec) if Path(p).is_file())
            if not matches:
                raise BattleshipError(f"{spec}: pattern matches no files")
        elif path.is_file():
            matches = [str(path)]
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


def expand_agents(text: str, refused: list | None = None) -> list[str]:
    """``split_agents``, where a folder of submissions stands for its agents (``app.tournament.submissions``).

    A folder with a ``load-order.txt`` is one CLIPS agent; any other folder is a folder of submissions. A
    submission that cannot be played is added to ``refused`` (its ``Found``, with the error) and left out;
    without ``refused`` it is a BattleshipError.
    """
    found: list[str] = []
    for part in split_agents(text):
        folder = Path(part)
        if not folder.is_dir() or load_order_file(folder):
            found.append(part)
            continue
        for submission in submissions.find(folder):
            if submission.ok:
                found.append(submission.agent)
            elif refused is None:
                raise BattleshipError(submission.error)
            else:
                refused.append(submission)
    return list(dict.fromkeys(found))
