"""Reads the map file by its path: refused."""
from agents.base import Agent
from app.core import Action


class Peek(Agent):
    def act(self, observation):
        with open("SECRET", encoding="utf-8") as secret:
            self.log("READ: " + secret.read())
        return Action.solve()


AGENT = Peek
