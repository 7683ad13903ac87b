"""Broken on purpose (tests of check-agent): its first step takes 1.2 s (run it with a 2 s cap per step)."""

import time

from agents.base import Agent
from app.core import Action, Observation


class Slow(Agent):
    """Thinks for a long time, then solves."""

    name = "slow"

    def act(self, observation: Observation) -> Action:
        time.sleep(1.2)  # at least this long: the check's "more than half of the cap" cannot miss it
        return Action.solve()


AGENT = Slow
