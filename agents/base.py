"""The Python agent interface.

An agent gets ``start(observation)`` once, then ``act(observation)`` once per
step and returns an ``Action`` (or action text such as ``"fire 3 4"``). It may
expose ``belief()``: a 10x10 numpy array of P(ship) per cell, shown by the
GUI as an overlay; and it may ``log()`` lines that the game log shows.
"""

from __future__ import annotations

import numpy as np

from app.core import Action, Observation


class Agent:
    """Base class of Python agents; subclasses set ``name`` and implement ``act``."""

    name = "agent"
    description = ""

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._log: list[str] = []

    def start(self, observation: Observation) -> None:
        """Called once before the first step."""

    def act(self, observation: Observation) -> Action | str:
        """The action for the current step."""
        raise NotImplementedError

    def belief(self) -> np.ndarray | None:
        """P(ship) per cell as a 10x10 array, or None when the agent has no belief."""
        return None

    def log(self, text: str) -> None:
        """Add a line to the game log (explain what the agent thinks)."""
        self._log.append(text)

    def take_log(self) -> list[str]:
        """The lines logged since the last call (the runner calls this)."""
        lines, self._log = self._log, []
        return lines
