"""Ends its own process at the first step."""
import os

from agents.base import Agent


class Exit(Agent):
    def act(self, observation):
        os._exit(3)


AGENT = Exit
