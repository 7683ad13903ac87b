"""What an agent kind is (``AgentKind``), how one agent is named (``AgentSpec``), and the register of kinds."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from app.core import AgentError

if TYPE_CHECKING:
    from app.backends.base import Driver


class Capability(StrEnum):
    """What a kind's driver can show beyond its moves (the app switches the matching features on by asking)."""

    TRACE = "trace"  # each step's rule firings, fact changes and agenda (``run --trace``, the Rules tab)
    STEP_RULE = "step-rule"  # a turn played rule by rule, paused at breakpoints (the window's Step rule)
    WHY_NOT = "why-not"  # how far a rule matches the facts now (the window's "why didn't it fire?")
    DECLARED_K_CELLS = "declared-k-cells"  # k-cells the agent asserts itself, fired at as the course does
    # (docs/rules.md): the agent host forwards them only for a kind that shows this


def _stems(paths: tuple[Path, ...]) -> str:
    return "+".join(path.stem for path in paths)  # several module files: all their names, in load order


def _any_file(path: Path) -> bool:
    return True


@dataclass(frozen=True, eq=False)
class AgentKind:
    """One kind of agent, declared once (``app/backends/kinds/<kind>.py``, registered in ``kinds/__init__.py``).

    ``name``: how the kind is written in specs and sent to the agent host; ``label``: how the app shows it
    (``cross  ·  Python``); ``module``: the module that declares and registers it (the agent host's child
    imports it to find the kind); ``endings``: the file endings of its agents (``.py``); ``build``: its
    in-process driver for a spec, a seed and a step cap (None: the app plays it itself, as the Human);
    ``shows``: what its driver can show (``Capability``); ``several_files``: one agent may be several files
    loaded in order; ``agent_name``: an agent's name from its files; ``is_agent_file``: whether a file with
    one of its endings holds an agent (a dropped ``.clp`` may be a course map); ``loads_ahead``: the agent host
    may load an agent of this kind once in a template process and fork each game's process from it
    (``host/template.py``, docs/sandbox.md "Templates"), with the reason at the kind's declaration; False: every
    game loads it in a fresh process.
    """

    name: str
    label: str
    module: str
    endings: tuple[str, ...] = ()
    build: Callable[[AgentSpec, int | None, float | None], Driver] | None = None
    shows: frozenset[Capability] = frozenset()
    several_files: bool = False
    agent_name: Callable[[tuple[Path, ...]], str] = _stems
    is_agent_file: Callable[[Path], bool] = _any_file
    loads_ahead: bool = False

    def can_show(self, capability: Capability) -> bool:
        """True when this kind's driver can show ``capability``."""
        return capability in self.shows

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other: object) -> bool:  # a kind equals its name, as in specs written as text ("python")
        return other is self or (isinstance(other, str) and other == self.name)

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"AgentKind(name={self.name!r}, label={self.label!r}, endings={self.endings!r})"

    def __reduce__(self):  # a kind crossing to a bench worker is the one registered there
        return named, (self.name, self.module)


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """How to find and start one agent: its name, its kind (an ``AgentKind`` or its name), its files."""

    name: str
    kind: AgentKind
    paths: tuple[Path, ...]
    description: str = ""
    folder: Path | None = None  # a load-order agent's: every file of ``paths`` must be inside it (``check_inside``)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, AgentKind):
            object.__setattr__(self, "kind", named(str(self.kind)))  # "python" given as text is the same kind


_KINDS: dict[str, AgentKind] = {}


def register(kind: AgentKind) -> AgentKind:
    """Add ``kind`` to the kinds the app knows (once per name); returns it."""
    known = _KINDS.setdefault(kind.name, kind)
    if known is not kind:
        raise ValueError(f"an agent kind named {kind.name!r} is registered already (by {known.module})")
    return kind


def registered() -> tuple[AgentKind, ...]:
    """Every kind, in the order registered."""
    return tuple(_KINDS.values())


def named(name: str, module: str = "") -> AgentKind:
    """The kind called ``name``; ``module`` (the one declaring it) is imported first when it is not registered."""
    if name not in _KINDS and module:
        importlib.import_module(module)
    try:
        return _KINDS[name]
    except KeyError:
        raise AgentError(f"unknown agent kind '{name}'") from None


def declared_elsewhere() -> tuple[str, ...]:
    """The modules of the kinds registered from outside this package (worker processes import them too)."""
    return tuple(dict.fromkeys(kind.module for kind in _KINDS.values() if not kind.module.startswith(f"{__package__}.")))


def import_modules(modules: tuple[str, ...]) -> None:
    """Import (and so register) the kinds declared in ``modules``, in a process started without them."""
    for module in modules:
        importlib.import_module(module)


def for_file(path: Path | str) -> AgentKind | None:
    """The kind whose agents end like ``path`` (None: no kind's)."""
    suffix = Path(path).suffix.lower()
    return next((kind for kind in _KINDS.values() if suffix in kind.endings), None)


def endings() -> tuple[str, ...]:
    """Every agent file ending, in the order the kinds were registered."""
    return tuple(ending for kind in _KINDS.values() for ending in kind.endings)


def endings_text(joiner: str = "or") -> str:
    """``.py (Python) or .clp (CLIPS)``: every kind's endings, for a message."""
    items = [f"{ending} ({kind.label})" for kind in _KINDS.values() for ending in kind.endings]
    return ", ".join(items[:-1]) + f" {joiner} {items[-1]}" if len(items) > 1 else "".join(items)


def spec_for_files(paths: list[Path]) -> AgentSpec:
    """The agent made of the existing ``paths`` (several only for a kind that loads several in order)."""
    kinds = []
    for path in paths:
        kind = for_file(path)
        if kind is None:
            raise AgentError(f"{path}: an agent file must end in {endings_text()}")
        kinds.append(kind)
    kind = kinds[0]
    if any(other is not kind for other in kinds):
        mixed = " and ".join(dict.fromkeys(path.suffix for path in paths))
        raise AgentError(f"do not mix {mixed} files in one agent")
    if len(paths) > 1 and not kind.several_files:
        several = ", ".join(other.label for other in _KINDS.values() if other.several_files) or "no"
        raise AgentError(f"a {kind.label} agent is one {paths[0].suffix} file; only {several} agents take "
                         f"several files")
    resolved = tuple(path.resolve() for path in paths)
    return AgentSpec(kind.agent_name(resolved), kind, resolved)


def create_local_driver(spec: AgentSpec, seed: int | None = None, step_seconds: float | None = None) -> Driver:
    """A driver running the agent in this process (what the agent host's child runs, and ``--no-sandbox``)."""
    if spec.kind.build is None:
        raise AgentError(f"{spec.kind.label} agents are played by the app itself; they have no driver to build")
    return spec.kind.build(spec, seed, step_seconds)
