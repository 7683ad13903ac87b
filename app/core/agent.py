"""The Python agent interface (agent files import it as ``agents.base.Agent``).

An agent gets ``start(observation)`` once, then ``act(observation)`` once per
step and returns an ``Action`` (or action text such as ``"fire 3 4"``). It may
expose ``belief()``: a 10x10 numpy array of P(ship) per cell, shown by the
GUI as an overlay; it may expose ``markers()``: what it draws on the board after
each step (a number and/or a short label per cell, in a colour of
``app.core.markers.COLOURS``; docs/markers.md), kept in game logs;
and it may ``log()`` lines that the game log shows.

``--agent-param KEY=VALUE`` (``run``, ``bench``, the GUI) sets the class
attributes an agent lists in ``parameters`` on its instance before ``start``,
converted to the type of the attribute's default (int, float, bool or str);
any other key is an error naming the ones it takes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from app.core.actions import Action
from app.core.errors import AgentError
from app.core.events import Observation
from app.core.markers import Marker

_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


class Agent:
    """Base class of Python agents; subclasses set ``name`` and implement ``act``."""

    name = "agent"
    description = ""
    #: attributes ``--agent-param`` may set (typed by their defaults)
    parameters: tuple[str, ...] = ()

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._log: list[str] = []

    def set_params(self, params: Mapping[str, str]) -> None:
        """Set the ``parameters`` given as text; AgentError (one line) for an unknown key or a bad value."""
        for key, text in params.items():
            if key not in self.parameters:
                takes = ", ".join(self.parameters) or "none"
                raise AgentError(f"agent {self.name} has no parameter '{key}' (its parameters: {takes})")
            default = getattr(self, key)
            try:
                value = _convert(text, default)
            except ValueError:
                raise AgentError(f"agent {self.name}: parameter {key}={text!r} is not "
                                 f"{_kind(default)} (default {default!r})") from None
            setattr(self, key, value)

    def start(self, observation: Observation) -> None:
        """Called once before the first step."""

    def act(self, observation: Observation) -> Action | str:
        """The action for the current step."""
        raise NotImplementedError

    def belief(self) -> np.ndarray | None:
        """P(ship) per cell as a 10x10 array, or None when the agent has no belief."""
        return None

    def markers(self) -> Iterable[Marker | tuple] | None:
        """What to draw on the board after this step, read once after each ``act``: ``Marker`` objects, or
        tuples ``(x, y, value, label, colour)`` / ``(cell, value, label, colour)`` with the last ones optional;
        the app caps them (app/core/markers.py). None (the default): nothing, at no cost."""
        return None

    def log(self, text: str) -> None:
        """Add a line to the game log (explain what the agent thinks)."""
        self._log.append(text)

    def take_log(self) -> list[str]:
        """The lines logged since the last call (the runner calls this)."""
        lines, self._log = self._log, []
        return lines


def _kind(default) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number"}.get(type(default), "text")


def _convert(text: str, default):
    """``text`` as a value of the type of ``default``; ValueError if it is not one."""
    if isinstance(default, bool):
        word = text.strip().lower()
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
        raise ValueError(text)
    if isinstance(default, int):
        return int(text)
    if isinstance(default, float):
        return float(text)
    return text
