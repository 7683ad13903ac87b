"""A Python agent that sends the app far too many markers, with endless labels, NaN and infinite numbers, unknown
colours and off-board cells: it replaces its own driver's ``markers`` in its process with raw lists that skip the
driver's capping. Fires once, then solves."""
import gc

from agents.base import Agent
from app.core import Action


class Raw:
    """What the host sends up for one marker (``to_list``), forged."""

    def __init__(self, item):
        self.item = item

    def to_list(self):
        return self.item


FORGED = [Raw([x % 12, x // 12 % 12, [float("nan"), float("inf"), 1e308 * 10, x][x % 4], "L" * 5000, "purple"])
          for x in range(3000)]  # 15 MB: under the reply cap


class Flooder(Agent):
    def act(self, observation):
        if observation.step == 0:
            patched = 0
            for thing in gc.get_objects():
                if type(thing).__name__ in ("PythonDriver", "HostedDriver") and hasattr(thing, "markers"):
                    thing.markers = lambda: FORGED
                    patched += 1
            self.log(f"patched {patched} drivers")
            return Action.fire(0, 0)
        return Action.solve()


AGENT = Flooder
