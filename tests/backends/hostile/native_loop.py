"""A long loop inside one C call: no Python instruction runs until it ends."""
from agents.base import Agent
from app.core import Action


class Busy(Agent):
    def act(self, observation):
        sum(range(10 ** 13))
        return Action.solve()


AGENT = Busy
