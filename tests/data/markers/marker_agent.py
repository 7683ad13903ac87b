"""A test agent that draws on the board: each step it marks the cell it fires at with the step number, and a
running heat row; it fires along row 9, then solves."""

from agents.base import Agent, Marker
from app.core import Action, Cell


class MarkerAgent(Agent):
    """Fires at (9, step) for 4 steps and marks each cell it fired at."""

    name = "marker"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.fired: list[Cell] = []

    def act(self, observation):
        step = observation.step
        if step >= 4:
            return Action.solve()
        self.fired.append(Cell(9, step))
        return Action.fire(9, step)

    def markers(self):
        return [Marker(cell, float(index), colour="red") for index, cell in enumerate(self.fired)] + [
            (0, 0, None, "start", "blue")]

AGENT = MarkerAgent
