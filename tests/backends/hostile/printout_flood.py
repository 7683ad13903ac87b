"""Prints 8 lines of 4 MB at each step (32 MB a step), for three steps, then solves."""
from agents.base import Agent
from app.core import Action


class Flood(Agent):
    def act(self, observation):
        for _ in range(8):
            self.log("x" * (4 << 20))
        return Action.solve() if observation.step >= 2 else Action.fire(0, observation.step)


AGENT = Flood
