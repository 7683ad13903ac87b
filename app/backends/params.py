"""Agent parameters given as text: ``[AGENT:]KEY=VALUE`` items (``run``, ``bench``, the GUI)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from app.core import BattleshipError


def parse_agent_params(items: Sequence[str] | None, agents: Sequence[str] = ()) -> dict[str, str]:
    """``[AGENT:]KEY=VALUE`` items (repeated --agent-param options, or the GUI's field) as a dict.

    ``AGENT:`` gives the value to that one of ``agents`` only (kept as ``AGENT:KEY``
    for ``params_for``); a prefix naming none of them is an error.
    """
    params = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BattleshipError(f"--agent-param wants KEY=VALUE or AGENT:KEY=VALUE, not '{item}'")
        key = key.strip()
        agent, scoped, name = key.rpartition(":")
        if scoped and not name:
            raise BattleshipError(f"--agent-param {item}: no KEY after '{agent}:'")
        if scoped and agent not in agents:
            raise BattleshipError(f"--agent-param {item}: '{agent}' is not an agent of this command "
                                  f"({', '.join(dict.fromkeys(agents))})")
        params[key] = value.strip()
    return params


def params_for(params: Mapping[str, str], agent_text: str) -> dict[str, str]:
    """The parameters for one agent: plain ``KEY``s, and ``AGENT:KEY``s whose AGENT is ``agent_text``."""
    mine = {}
    for key, value in params.items():
        agent, scoped, name = key.rpartition(":")
        if not scoped:
            mine[key] = value
        elif agent == agent_text:
            mine[name] = value
    return mine
