"""``cross``: the "incrocio" (crossing) heuristic of seed report 000.

For every unknown cell (not known water, not fired, not flagged), add what is
left to find in its row and in its column (count minus the ship cells known
or flagged there). Fire at the highest such cell while fires last, then flag
the highest while flags last; rows or columns with nothing left are skipped.
Ties go to the first cell in row-major order.
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent
from app.core import SIZE, Action, Cell, Observation, all_cells


class CrossAgent(Agent):
    """Fire, then flag, where remaining row + column counts are highest."""

    name = "cross"
    description = "seed report 000's crossing heuristic: highest row+column remainder first"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self._belief: np.ndarray | None = None

    def _scores(self, observation: Observation) -> dict[Cell, int]:
        taken = observation.known_ship_cells() | set(observation.flags)
        rows = [observation.row_counts[x] for x in range(SIZE)]
        cols = [observation.col_counts[y] for y in range(SIZE)]
        for cell in taken:
            rows[cell.x] -= 1
            cols[cell.y] -= 1
        return {
            cell: rows[cell.x] + cols[cell.y]
            for cell in all_cells()
            if observation.is_unknown(cell) and cell not in observation.flags and rows[cell.x] > 0 and cols[cell.y] > 0
        }

    def act(self, observation: Observation) -> Action:
        """The next fire or flag at the best crossing; solve when none is left."""
        scores = self._scores(observation)
        top = max(scores.values(), default=0)
        self._belief = np.zeros((SIZE, SIZE))
        for cell, value in scores.items():
            self._belief[cell] = value / top if top else 0.0
        if not scores or (observation.fires_left == 0 and observation.guesses_left == 0):
            return Action.solve()
        best = max(scores, key=lambda cell: (scores[cell], -cell.x, -cell.y))
        kind = Action.fire if observation.fires_left > 0 else Action.guess
        self.log(f"{kind.__name__} {best.x} {best.y}: row+column remainder {scores[best]}")
        return kind(*best)

    def belief(self) -> np.ndarray | None:
        """The crossing scores scaled to 0..1 (not a probability: a heat map)."""
        return self._belief


AGENT = CrossAgent
