"""What the window asks about an agent's kind: the label it is listed with, and what its driver can show.

The one place in ``app/gui`` that looks at ``AgentSpec.kind``: the drop-downs, the Compare lanes and the
session ask here, and each answer comes from the kind itself (``app.backends.kinds``: its label, its
capabilities), so a new kind needs no edit here.
"""

from __future__ import annotations

from pathlib import Path

from app.backends.kinds import HUMAN, AgentSpec, Capability, for_file


def kind_label(spec: AgentSpec) -> str:
    """"CLIPS" or "Python" (the kind's own label), as the agent lists show it after the agent's name."""
    return spec.kind.label


def listed_name(name: str, spec: AgentSpec) -> str:
    """An agent's entry in a list: its name and its kind."""
    return f"{name}  ·  {kind_label(spec)}"


def can_show(spec: AgentSpec | None, capability: Capability) -> bool:
    """True when the agent's driver can show ``capability`` (Step rule, "why didn't it fire?", the trace)."""
    return spec is not None and spec.kind.can_show(capability)


def is_human(spec: AgentSpec | None) -> bool:
    """True for the person playing (the "Human" agent): no agent file to load, moves from the board."""
    return spec is not None and spec.kind is HUMAN


def agent_files(paths: list[str]) -> list[str]:
    """The dropped or picked files that hold an agent of a kind the app knows (a dropped ``.clp`` may be a
    course map: the kind says)."""
    return [p for p in paths if (kind := for_file(p)) is not None and kind.is_agent_file(Path(p))]
