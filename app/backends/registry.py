"""Finds agents by name or path (which files are agents of which kind: ``app.backends.kinds``).

- Python agents: ``agents/*.py`` modules (not ``base.py``); the name is the
  file name without ``.py`` and without a trailing ``_agent``. A module
  defines ``AGENT`` (an ``agents.base.Agent`` subclass).
- CLIPS agents: ``agents/clips/*.clp`` (one file), or a folder
  ``agents/clips/NAME/`` with a ``load-order.txt`` listing its module files
  (one per line, relative to that folder; ``#`` comments). Every entry must
  stay inside the agent's folder (``..`` and symbolic links followed; the
  shipped agents share ``agents/clips/lib/``): an agent cannot have the
  teacher's files loaded, nor put them on its process's reading list.
- Any ``.py`` / ``.clp`` file can be given by path, and several ``.clp``
  files as ``a.clp,b.clp`` (loaded in that order, as one agent).

Drivers are built by ``app.backends.drivers.create_driver`` (confined or in-process).
"""

from __future__ import annotations

from pathlib import Path, PureWindowsPath

from app.backends.kinds import CLIPS, PYTHON, AgentSpec, spec_for_files
from app.core import AgentError
from app.core.fileio import decode
from app.core.paths import ROOT, user_agents

AGENTS_DIR = ROOT / "agents"
CLIPS_DIR = AGENTS_DIR / "clips"
LOAD_ORDER = "load-order.txt"
_NOT_AGENTS = {"__init__", "base"}


def _first_comment(path: Path, prefix: str) -> str:
    try:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()[:20]:
            line = line.strip()
            if line.startswith(prefix):
                text = line.lstrip(prefix).strip().strip('"')
                if text:
                    return text
    except OSError:
        pass
    return ""


def _inside(path: Path, root: Path) -> bool:
    """True when ``path``, with its symbolic links and ``..`` followed, is beneath ``root`` (resolved)."""
    return path.resolve().is_relative_to(root.resolve())


def load_order_file(folder: Path) -> Path | None:
    """``folder``'s ``load-order.txt``, its case aside (``Load-Order.txt`` from a Windows or macOS laptop, which
    does not tell the two apart, is one on Linux too); None when it has none."""
    exact = folder / LOAD_ORDER
    if exact.is_file():
        return exact
    try:
        return next((entry for entry in folder.iterdir() if entry.name.casefold() == LOAD_ORDER and entry.is_file()),
                    None)
    except OSError:  # not a folder, or unreadable
        return None


def _load_order(folder: Path, root: Path | None = None) -> tuple[Path, ...]:
    """The files ``folder``'s load order lists, each checked to be a file inside ``root`` (default: ``folder``).

    A load order written on Windows reads the same: a byte order mark, CRLF line ends, the Windows code page and
    ``sub\\agent.clp`` (a backslash is a folder separator; no agent file name has one).
    """
    root = (root or folder).resolve()
    order_file = load_order_file(folder) or folder / LOAD_ORDER
    try:
        lines = decode(order_file.read_bytes()).splitlines()
    except OSError as exc:
        raise AgentError(f"{order_file}: cannot read the load order ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise AgentError(f"{order_file}: cannot read the load order (not text: {exc.reason})") from None
    paths = []
    for number, line in enumerate(lines, start=1):
        entry = line.split("#", 1)[0].strip().replace("\\", "/")
        if not entry:
            continue
        where = f"{order_file}:{number}"
        if Path(entry).is_absolute() or PureWindowsPath(entry).drive or PureWindowsPath(entry).root:
            raise AgentError(f"{where}: {entry} is an absolute path: list the agent's own files, relative to "
                             "its folder")
        path = folder / entry
        if not _inside(path, root):
            raise AgentError(f"{where}: {entry} is outside the agent's folder {root} (an agent loads only its "
                             "own files)")
        path = path.resolve()
        if not path.is_file():
            raise AgentError(f"{where}: no such file {entry}")
        paths.append(path)
    if not paths:
        raise AgentError(f"{order_file}: lists no files")
    return tuple(paths)


def _confinement_root(folder: Path, agents_dir: Path = AGENTS_DIR) -> Path:
    """Where a folder agent's files must be: the folder, or for a shipped agent the shipped CLIPS agents' folder."""
    clips_dir = agents_dir / "clips"
    return clips_dir if _inside(folder, clips_dir) else folder


def check_inside(spec: AgentSpec) -> None:
    """An ``AgentError`` unless every file of a load-order agent is a file inside its folder.

    The second check, where a driver is made (the files a hosted agent's
    process may read are the ones checked here): a spec made by hand, or a
    file swapped for a symbolic link after ``resolve``, is refused too.
    """
    if spec.folder is None:
        return
    for path in spec.paths:
        if not _inside(Path(path), spec.folder) or not Path(path).is_file():
            raise AgentError(f"{path}: not a file inside the agent's folder {spec.folder.resolve()}: the agent "
                             "is not started")


def discover(agents_dir: Path = AGENTS_DIR) -> dict[str, AgentSpec]:
    """Every agent in ``agents_dir``, by name (Python first, then CLIPS); with the shipped folder, also those in
    the user's own agents folder (``app.core.paths.user_agents``), where a shipped name wins."""
    found = _agents_in(agents_dir)
    if agents_dir == AGENTS_DIR:
        for name, spec in _agents_in(user_agents(), own=True).items():
            found.setdefault(name, spec)
    return found


def _agents_in(agents_dir: Path, own: bool = False) -> dict[str, AgentSpec]:
    """The agents of one folder: ``*.py`` files, and ``*.clp`` files and folders with a load order under
    ``clips/`` (shipped), or beside the Python files too (``own``: the user's folder, as a student fills it)."""
    found: dict[str, AgentSpec] = {}
    if not agents_dir.is_dir():
        return found
    for path in sorted(agents_dir.glob("*.py")):
        if path.stem not in _NOT_AGENTS:
            name = PYTHON.agent_name((path,))
            found[name] = AgentSpec(name, PYTHON, (path,), _docstring_summary(path))
    for clips_dir in (agents_dir / "clips", agents_dir) if own else (agents_dir / "clips",):
        if not clips_dir.is_dir():
            continue
        for path in sorted(clips_dir.glob("*.clp")):
            found.setdefault(path.stem, AgentSpec(path.stem, CLIPS, (path,), _first_comment(path, ";")))
        for folder in sorted(p for p in clips_dir.iterdir() if load_order_file(p)):
            root = folder if own else clips_dir  # the shipped agents share agents/clips/lib/
            try:
                paths = _load_order(folder, root)
            except AgentError:
                continue  # reported when the agent is chosen
            found.setdefault(folder.name, AgentSpec(folder.name, CLIPS, paths, _first_comment(paths[0], ";"),
                                                    root.resolve()))
    return found


def _docstring_summary(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
    for quote in ('"""', "'''"):
        if text.lstrip().startswith(quote):
            body = text.lstrip()[3:].split(quote, 1)[0]
            return body.strip().splitlines()[0] if body.strip() else ""
    return ""


def _named(agents: dict[str, AgentSpec], text: str) -> AgentSpec | None:
    """The agent named ``text``, its case aside (Windows and macOS match file names so: ``Greedy`` is ``greedy``
    there); None when none is. An ``AgentError`` when two agents' names differ only by case: on those systems
    their files and results would be taken for one another."""
    same = [name for name in agents if name.casefold() == text.casefold()]
    if len(same) > 1:
        files = " and ".join(f"{name!r} ({agents[name].paths[0]})" for name in same)
        raise AgentError(f"agents {files} differ only by the case of their names, which Windows and macOS do "
                         "not tell apart: rename one of them")
    return agents[same[0]] if same else None


def resolve(text: str, agents_dir: Path = AGENTS_DIR) -> AgentSpec:
    """The agent named ``text``, or the file(s) it names (comma-separated for CLIPS modules)."""
    text = text.strip()
    if not text:
        raise AgentError("no agent given")
    agents = discover(agents_dir)
    named = _named(agents, text)
    if named is not None:
        return named
    parts = [Path(p.strip()) for p in text.split(",") if p.strip()]
    if len(parts) == 1 and parts[0].is_dir():
        folder = parts[0]
        if load_order_file(folder):
            root = _confinement_root(folder, agents_dir)
            return AgentSpec(folder.name, CLIPS, _load_order(folder, root), folder=root.resolve())
        raise AgentError(f"{folder}: a folder agent needs a {LOAD_ORDER} listing its files in order")
    for path in parts:
        if not path.exists():
            known = ", ".join(sorted(agents)) or "none"
            raise AgentError(f"unknown agent '{path}': not a shipped agent ({known}) nor an existing file")
    return spec_for_files(parts)
