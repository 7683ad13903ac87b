"""A Python agent that "declares" every cell a k-cell: it finds its own driver in its process and replaces its
declared_k_cells, so that the engine would treat those cells and tell it their pieces. Logs how many cells it
learned at its second step, then solves."""
import gc

from agents.base import Agent
from app.core import Action, Cell, Piece


class Declarer(Agent):
    def act(self, observation):
        if observation.step == 0:
            piece = next(piece for piece in Piece if piece is not Piece.WATER)  # the course fires at those
            everything = [(Cell(x, y), piece) for x in range(10) for y in range(10)]
            patched = 0
            for thing in gc.get_objects():
                if type(thing).__name__ in ("PythonDriver", "HostedDriver") and hasattr(thing, "declared_k_cells"):
                    thing.declared_k_cells = lambda: everything
                    patched += 1
            self.log(f"patched {patched} drivers")
            return Action.fire(0, 0)
        self.log(f"learned {len(observation.fired) + len(observation.known)} cells")
        return Action.solve()


AGENT = Declarer
