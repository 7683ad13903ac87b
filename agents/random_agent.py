"""``random``: the uniform baseline.

Fires at uniformly random unknown cells while it has fires, then flags
uniformly random unknown, unflagged cells while it has flags, then solves.
"""

from __future__ import annotations

import random

from agents.base import Agent
from app.core import Action, Observation, all_cells


class RandomAgent(Agent):
    """Uniform random fires, then uniform random flags."""

    name = "random"
    description = "uniform random fires, then random flags (baseline)"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> Action:
        """Fire or flag a random unknown cell; solve when out of both."""
        unknown = [c for c in all_cells() if observation.is_unknown(c) and c not in observation.flags]
        if not unknown:
            return Action.solve()
        cell = self.rng.choice(unknown)
        if observation.fires_left > 0:
            return Action.fire(*cell)
        if observation.guesses_left > 0:
            return Action.guess(*cell)
        return Action.solve()


AGENT = RandomAgent
