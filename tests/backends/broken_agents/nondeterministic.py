"""Broken on purpose (tests of check-agent): it draws from an unseeded generator, not from its seed."""

import random

from agents.base import Agent
from app.core import Action, Observation, all_cells


class Unseeded(Agent):
    """Flags random unknown cells, then solves."""

    name = "unseeded"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.rng = random.Random()  # the mistake: random.Random(seed) plays the same game for a seed

    def act(self, observation: Observation) -> Action:
        cells = [c for c in all_cells() if observation.is_unknown(c) and c not in observation.flags]
        if observation.guesses_left <= 0 or not cells:
            return Action.solve()
        return Action.guess(*self.rng.choice(cells))


AGENT = Unseeded
