"""Finds agents by name or path and builds their drivers (imports are lazy).

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
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from app.backends.base import Driver
from app.core import AgentError

ROOT = Path(__file__).resolve().parents[2]
AGENTS_DIR = ROOT / "agents"
CLIPS_DIR = AGENTS_DIR / "clips"
LOAD_ORDER = "load-order.txt"
_NOT_AGENTS = {"__init__", "base"}


class AgentKind(StrEnum):
    """How an agent is driven."""

    PYTHON = "python"  # an ``Agent`` subclass in a .py file
    CLIPS = "clips"  # .clp module files, through the CLIPS bridge
    HUMAN = "human"  # the person at the window


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """How to find and start one agent."""

    name: str
    kind: AgentKind
    paths: tuple[Path, ...]
    description: str = ""
    folder: Path | None = None  # a load-order agent's: every file of ``paths`` must be inside it (``check_inside``)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", AgentKind(self.kind))  # "python" given as text is the same kind


def _python_name(path: Path) -> str:
    stem = path.stem
    return stem[: -len("_agent")] if stem.endswith("_agent") else stem


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


def _load_order(folder: Path, root: Path | None = None) -> tuple[Path, ...]:
    """The files ``folder``'s load order lists, each checked to be a file inside ``root`` (default: ``folder``)."""
    root = (root or folder).resolve()
    order_file = folder / LOAD_ORDER
    try:
        lines = order_file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise AgentError(f"{order_file}: cannot read the load order ({exc})") from None
    paths = []
    for number, line in enumerate(lines, start=1):
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        where = f"{order_file}:{number}"
        if Path(entry).is_absolute():
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
    """Every agent shipped in ``agents_dir``, by name (Python first, then CLIPS)."""
    found: dict[str, AgentSpec] = {}
    for path in sorted(agents_dir.glob("*.py")):
        if path.stem not in _NOT_AGENTS:
            name = _python_name(path)
            found[name] = AgentSpec(name, AgentKind.PYTHON, (path,), _docstring_summary(path))
    clips_dir = agents_dir / "clips"
    if clips_dir.is_dir():
        for path in sorted(clips_dir.glob("*.clp")):
            found.setdefault(path.stem, AgentSpec(path.stem, AgentKind.CLIPS, (path,), _first_comment(path, ";")))
        for folder in sorted(p for p in clips_dir.iterdir() if (p / LOAD_ORDER).is_file()):
            try:
                paths = _load_order(folder, clips_dir)
            except AgentError:
                continue  # reported when the agent is chosen
            found.setdefault(folder.name, AgentSpec(folder.name, AgentKind.CLIPS, paths, _first_comment(paths[0], ";"),
                                                    clips_dir.resolve()))
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


def resolve(text: str, agents_dir: Path = AGENTS_DIR) -> AgentSpec:
    """The agent named ``text``, or the file(s) it names (comma-separated for CLIPS modules)."""
    text = text.strip()
    if not text:
        raise AgentError("no agent given")
    agents = discover(agents_dir)
    if text in agents:
        return agents[text]
    parts = [Path(p.strip()) for p in text.split(",") if p.strip()]
    if len(parts) == 1 and parts[0].is_dir():
        folder = parts[0]
        if (folder / LOAD_ORDER).is_file():
            root = _confinement_root(folder, agents_dir)
            return AgentSpec(folder.name, AgentKind.CLIPS, _load_order(folder, root), folder=root.resolve())
        raise AgentError(f"{folder}: a folder agent needs a {LOAD_ORDER} listing its files in order")
    for path in parts:
        if not path.exists():
            known = ", ".join(sorted(agents)) or "none"
            raise AgentError(f"unknown agent '{path}': not a shipped agent ({known}) nor an existing file")
        if path.suffix not in (".py", ".clp"):
            raise AgentError(f"{path}: an agent file must end in .py (Python) or .clp (CLIPS)")
    suffixes = {p.suffix for p in parts}
    if suffixes == {".py"}:
        if len(parts) > 1:
            raise AgentError("a Python agent is one .py file; only CLIPS agents take several files")
        return AgentSpec(_python_name(parts[0]), AgentKind.PYTHON, (parts[0].resolve(),))
    if suffixes == {".clp"}:
        name = "+".join(p.stem for p in parts)  # several module files: all their names, in load order
        return AgentSpec(name, AgentKind.CLIPS, tuple(p.resolve() for p in parts))
    raise AgentError("do not mix .py and .clp files in one agent")


def _load_python_class(path: Path):
    from app.core.agent import Agent

    module_name = f"_battleship_agent_{abs(hash(str(path)))}"
    module = sys.modules.get(module_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(module_name, path)
        if spec is None or spec.loader is None:
            raise AgentError(f"{path}: cannot load as a Python module")
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except SyntaxError as exc:
            raise AgentError(f"{path}:{exc.lineno}: syntax error: {exc.msg}") from None
        except (Exception, SystemExit) as exc:  # an agent file that calls exit() must not end the app
            raise AgentError(f"{path}: failed to import: {type(exc).__name__}: {exc}") from None
        sys.modules[module_name] = module
    cls = getattr(module, "AGENT", None)
    if cls is None:
        candidates = [v for v in vars(module).values()
                      if isinstance(v, type) and issubclass(v, Agent) and v is not Agent and v.__module__ == module_name]
        if len(candidates) != 1:
            raise AgentError(f"{path}: define AGENT = YourAgentClass (a subclass of agents.base.Agent)")
        cls = candidates[0]
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise AgentError(f"{path}: AGENT must be a subclass of agents.base.Agent")
    return cls


def create_driver(spec: AgentSpec, seed: int | None = None, step_seconds: float | None = None,
                  sandbox: bool | None = None) -> Driver:
    """A fresh driver for ``spec`` (one per game); ``step_seconds`` caps one step (Python default 10 s, CLIPS 5 s).

    The agent runs in its own confined process (``app.backends.host``) unless
    ``sandbox`` is False, or None and the sandbox is switched off (``--no-sandbox``).
    """
    from app.backends import host

    check_inside(spec)
    if sandbox if sandbox is not None else host.enabled():
        from app.backends.host.driver import HostedDriver

        return HostedDriver(spec, seed=seed, step_seconds=step_seconds)
    return create_local_driver(spec, seed=seed, step_seconds=step_seconds)


def create_local_driver(spec: AgentSpec, seed: int | None = None, step_seconds: float | None = None) -> Driver:
    """A driver running the agent in this process (what the host's child uses, and ``--no-sandbox``)."""
    if spec.kind is AgentKind.PYTHON:
        from app.backends.python_runner import DEFAULT_STEP_SECONDS, PythonDriver

        cls = _load_python_class(spec.paths[0])
        try:
            agent = cls(seed=seed)
        except (Exception, SystemExit) as exc:
            raise AgentError(f"{spec.paths[0]}: creating the agent failed: {type(exc).__name__}: {exc}") from None
        if spec.name and agent.name == "agent":
            agent.name = spec.name
        return PythonDriver(agent, step_seconds or DEFAULT_STEP_SECONDS)
    if spec.kind is AgentKind.CLIPS:
        try:
            from app.backends.clips import ClipsDriver
        except ImportError as exc:
            raise AgentError(f"CLIPS agents need clipspy (pip install -r requirements.txt): {exc}") from None
        return ClipsDriver(spec) if step_seconds is None else ClipsDriver(spec, time_limit=step_seconds)
    raise AgentError(f"unknown agent kind '{spec.kind}'")
