"""Broken on purpose (tests of check-agent): it raises at its third step."""

from agents.base import Agent
from app.core import Action, Observation


class Crashes(Agent):
    """Flags row 0, then divides by zero."""

    name = "crashes"

    def act(self, observation: Observation) -> Action:
        if observation.step == 2:
            return Action.guess(0, 1 // (observation.step - 2))
        return Action.guess(0, observation.step)


AGENT = Crashes
