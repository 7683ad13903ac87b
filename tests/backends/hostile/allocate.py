"""Allocates 10 GB at once."""
from agents.base import Agent
from app.core import Action


class Hog(Agent):
    def act(self, observation):
        hoard = bytearray(10 * 10 ** 9)
        return Action.fire(0, len(hoard) % 10)


AGENT = Hog
