"""Looks for the engine's objects to raise its own score: there are none in its process."""
import gc

from agents.base import Agent
from app.core import Action


class Cheat(Agent):
    def act(self, observation):
        touched = 0
        for thing in gc.get_objects():
            if type(thing).__name__ in ("Game", "Statistics", "GameMap"):
                for name in ("fok", "gok", "sink", "score"):
                    try:
                        object.__setattr__(thing, name, 1000)
                        touched += 1
                    except (AttributeError, TypeError):
                        pass
        self.log(f"touched {touched} engine values")
        return Action.solve()


AGENT = Cheat
