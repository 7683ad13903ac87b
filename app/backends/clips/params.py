"""An agent's own parameters: the slots of its ``agent-params`` fact, and the bridge's caps beside them."""

from __future__ import annotations

from collections.abc import Mapping

import clips

from app.backends.base import PROTOCOL_MODULES, RUNNER_PARAMS
from app.core import AgentError

BRIDGE_PARAMS = tuple(RUNNER_PARAMS)  # agent params the bridge itself consumes
PARAMS_TEMPLATE = "agent-params"  # an agent's own parameters: the slots of its one fact of this template


def params_template(env: clips.Environment):
    """The agent's ``agent-params`` template (the first of its modules that declares one), or None."""
    for module in env.modules():
        if module.name not in PROTOCOL_MODULES:
            try:
                return env.find_template(f"{module.name}::{PARAMS_TEMPLATE}")
            except LookupError:
                continue
    return None


def param_value(slot, text: str):
    """``text`` as a value of the agent-params slot ``slot``: integer, float, symbol or string, as it allows."""
    types = set(slot.types)
    for kind, convert in (("INTEGER", int), ("FLOAT", float)):
        if kind in types:
            try:
                return convert(text)
            except ValueError:
                pass
    if "SYMBOL" in types and text and not any(char.isspace() or char in '()";&|~<' for char in text):
        return clips.Symbol(text)
    if "STRING" in types:
        return text
    raise AgentError(f"agent parameter {slot.name}={text!r}: expected {slot_constraint(slot)}")


def slot_constraint(slot) -> str:
    """What an agent-params slot accepts, for error messages."""
    if isinstance(slot.allowed_values, tuple):  # clipspy gives FALSE when there are none
        return "one of " + ", ".join(str(value) for value in slot.allowed_values)
    text = " or ".join(sorted(slot.types))
    if isinstance(slot.range, tuple) and tuple(slot.range) != ("-oo", "+oo"):
        text += f" in {slot.range[0]}..{slot.range[1]}"
    return text


def agent_param_values(env: clips.Environment) -> dict[str, str]:
    """The slots of the agent's ``agent-params`` fact (its defaults before one exists) as text."""
    values: dict[str, str] = {}
    template = params_template(env)
    if template is not None:
        fact = next(template.facts(), None)
        for slot in template.slots:
            value = fact[slot.name] if fact is not None else slot.default_value
            values[slot.name] = " ".join(map(str, value)) if isinstance(value, tuple) else str(value)
    return values


def set_agent_params(env: clips.Environment, params: Mapping[str, str], agent: str) -> None:
    """Put every param but the bridge's own into the agent's ``agent-params`` fact (asserted if absent).

    The agent declares ``(deftemplate agent-params (slot NAME ...) ...)`` in one
    of its modules, one slot per parameter, with its default, type and allowed
    values; CLIPS checks the values. A param the agent does not declare is an error.
    """
    given = {key: text for key, text in params.items() if key not in BRIDGE_PARAMS}
    if not given:
        return
    template = params_template(env)
    if template is None:
        raise AgentError(f"agent {agent} takes no parameter {', '.join(sorted(given))} (it declares no "
                         f"{PARAMS_TEMPLATE} template; the bridge takes {', '.join(BRIDGE_PARAMS)})")
    slots = {slot.name: slot for slot in template.slots}
    values = {}
    for key, text in given.items():
        if key not in slots:
            raise AgentError(f"agent {agent} has no parameter '{key}' (its parameters: "
                             f"{', '.join(sorted(slots))}; the bridge's: {', '.join(BRIDGE_PARAMS)})")
        values[key] = param_value(slots[key], text)
    env.current_module = template.module
    try:
        found = env.eval(f"(find-all-facts ((?f {PARAMS_TEMPLATE})) TRUE)")
        if found:
            found[0].modify_slots(**values)
        else:
            template.assert_fact(**values)
    except (TypeError, ValueError, clips.CLIPSError) as exc:
        wanted = "; ".join(f"{key} takes {slot_constraint(slots[key])}" for key in values)
        raise AgentError(f"agent {agent}: bad parameter value ({exc}): {wanted}") from None
    finally:
        env.current_module = env.find_module("MAIN")

