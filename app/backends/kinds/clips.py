"""The CLIPS kind: ``.clp`` module files loaded in order, played through the CLIPS bridge."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from app.backends.kinds.base import AgentKind, AgentSpec, Capability
from app.core import AgentError

if TYPE_CHECKING:
    from app.backends.base import Driver


def build(spec: AgentSpec, seed: int | None, step_seconds: float | None) -> Driver:
    """A ``ClipsDriver`` for the spec's files (CLIPS agents take no seed)."""
    try:  # lazy: start-up time (the bridge imports clipspy), and without clipspy one line when a CLIPS agent is chosen
        from app.backends.clips import ClipsDriver
    except ImportError as exc:
        raise AgentError(f"CLIPS agents need clipspy (pip install -r requirements.txt): {exc}") from None
    return ClipsDriver(spec) if step_seconds is None else ClipsDriver(spec, time_limit=step_seconds)


def defines_agent(path: Path) -> bool:
    """True when a .clp file defines the AGENT module (a course map never does)."""
    try:
        return "defmodule agent" in Path(path).read_text(encoding="utf-8", errors="replace").lower()
    except OSError:
        return False


CLIPS = AgentKind("clips", "CLIPS", __name__, endings=(".clp",), build=build,
                  shows=frozenset({Capability.TRACE, Capability.STEP_RULE, Capability.WHY_NOT,
                                  Capability.DECLARED_K_CELLS}), several_files=True,
                  is_agent_file=defines_agent,
                  # loaded ahead: CLIPS code cannot fork, and loading (MAIN, ENV, the agent) is most of a game's
                  # cost; each game's process builds its own driver on the environment the template loaded
                  loads_ahead=True)
