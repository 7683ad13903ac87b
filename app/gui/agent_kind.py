"""What the window asks about an agent's kind: the label it is listed with, and whether it has rules to debug.

The one place in ``app/gui`` that looks at ``AgentSpec.kind``: the drop-downs, the Compare lanes and the
session ask here, so that a kind's capabilities can come from the kind itself in one edit.
"""

from __future__ import annotations

from app.backends.registry import AgentKind, AgentSpec


def kind_label(spec: AgentSpec) -> str:
    """"CLIPS" or "Python", as the agent lists show it after the agent's name."""
    return "CLIPS" if spec.kind is AgentKind.CLIPS else "Python"


def listed_name(name: str, spec: AgentSpec) -> str:
    """An agent's entry in a list: its name and its kind."""
    return f"{name}  ·  {kind_label(spec)}"


def has_rules(spec: AgentSpec | None) -> bool:
    """True when the agent's turn is made of rules it can be stepped through, paused in and asked about (Step
    rule, breakpoints, "why didn't it fire?"): a CLIPS agent."""
    return spec is not None and spec.kind is AgentKind.CLIPS


def is_human(spec: AgentSpec | None) -> bool:
    """True for the person playing (the "Human" agent): no agent file to load, moves from the board."""
    return spec is not None and spec.kind is AgentKind.HUMAN
