"""Sets its own driver's step cap to VALUE ("None": no cap; "nan") at its first step, which its process then reports
to the app; at its second step it loops in native code holding the GIL: only the app's own cap can end it."""
import gc

from agents.base import Agent
from app.core import Action


class NoCap(Agent):
    def act(self, observation):
        if observation.step == 0:
            for thing in gc.get_objects():
                if type(thing).__name__ == "PythonDriver":
                    thing.step_seconds = {"None": None, "nan": float("nan")}["VALUE"]
            return Action.fire(0, 0)
        return sum(range(10**13))


AGENT = NoCap
