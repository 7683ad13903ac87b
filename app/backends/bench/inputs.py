"""What a bench is asked to play: map files from folders, patterns and names; agents from ``A,B,...``."""

from __future__ import annotations

import glob
from collections.abc import Iterable
from pathlib import Path

from app.backends import kinds
from app.core import BattleshipError
from app.core.formats import EXTENSIONS
from app.core.paths import shipped_map


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


def expand_agents(text: str) -> list[str]:
    """``split_agents``, where a folder of submissions stands for its agents (sorted by name).

    A folder with a ``load-order.txt`` is one CLIPS agent; any other folder is a
    folder of submissions: each ``.py`` file, ``.clp`` file, and sub-folder of
    ``.clp`` modules (with its ``load-order.txt``, or holding one ``.clp``) is one agent.
    """
    from app.backends.registry import LOAD_ORDER

    found: list[str] = []
    for part in split_agents(text):
        folder = Path(part)
        if not folder.is_dir() or (folder / LOAD_ORDER).is_file():
            found.append(part)
            continue
        submissions = [_submission(entry) for entry in sorted(folder.iterdir(), key=lambda p: p.name)
                       if not entry.name.startswith((".", "_"))]
        submissions = [s for s in submissions if s]
        if not submissions:
            raise BattleshipError(f"{folder}: a folder of submissions holds no {', '.join(kinds.endings())} file "
                                  f"or agent folder")
        found.extend(submissions)
    return list(dict.fromkeys(found))


def _submission(entry: Path) -> str | None:
    """The agent text for one entry of a folder of submissions (None for files that are not agents)."""
    from app.backends.registry import LOAD_ORDER

    if entry.is_file():
        return str(entry) if kinds.for_file(entry) is not None else None
    if not entry.is_dir():
        return None
    if (entry / LOAD_ORDER).is_file():
        return str(entry)
    modules = sorted(entry.glob("*.clp"))
    if len(modules) == 1:
        return str(modules[0])
    if modules:
        raise BattleshipError(f"{entry}: {len(modules)} .clp modules and no {LOAD_ORDER} saying their order")
    return None
