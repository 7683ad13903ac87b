"""Where the app's own files are, and where a user's own files go.

The app reads four top-level folders at run time: ``app``, ``agents``,
``maps`` and ``resources``. A clone has them side by side; so does an
installed copy (``pipx install .`` puts them side by side in its
site-packages), so one rule finds them both ways: beside ``app``.

A user's own files follow the platform's conventions (``platformdirs``): on
Linux, agents dropped into ``~/.local/share/battleship-lab/agents`` are listed
by name as the shipped ones are, and file dialogs start in the user's
documents folder rather than inside the installation.
"""

from __future__ import annotations

import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHIPPED_AGENTS = ROOT / "agents"
SHIPPED_MAPS = ROOT / "maps"
RESOURCES = ROOT / "resources"
APP_NAME = "battleship-lab"


@functools.cache
def user_data() -> Path:
    """The user's own data folder for the app (not created here)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_agents() -> Path:
    """Where a user's own agents are listed by name, beside the shipped ones (``agents/`` of the user's data)."""
    return user_data() / "agents"


def user_documents() -> Path:
    """Where file dialogs start: the user's documents folder, or the home folder when there is none."""
    import platformdirs

    documents = Path(platformdirs.user_documents_dir())
    return documents if documents.is_dir() else Path.home()


def shipped_map(spec: str) -> Path | None:
    """The shipped map or map folder ``spec`` names (``four-known``, ``four-known.map``, ``bench``,
    ``maps/bench``), when ``spec`` is no path that exists; None otherwise.

    So an installed copy, run from any folder, finds its own maps by name.
    """
    path = Path(spec)
    if path.exists() or path.is_absolute() or ".." in path.parts:
        return None
    relative = Path(*path.parts[1:]) if path.parts[:1] == ("maps",) else path
    candidates = [SHIPPED_MAPS / relative]
    if relative.name:
        candidates.append(SHIPPED_MAPS / relative.with_name(relative.name + ".map"))
    for candidate in candidates:
        if candidate.exists() and candidate.resolve().is_relative_to(SHIPPED_MAPS.resolve()):
            return candidate
    return None
