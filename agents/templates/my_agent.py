"""A minimal Python agent to copy and change: it works as it is.

Run it:    python main.py run --agent agents/templates/my_agent.py --map maps/four-known.map
Watch it:  python main.py gui --agent agents/templates/my_agent.py --map maps/four-known.map
Bench it:  python main.py bench --agents agents/templates/my_agent.py,cross --maps maps/bench

What it does: it never fires (a miss costs 25 points under unito-2019); it
flags every cell next to a known ship piece in the ship's direction, then the
cells of rows and columns whose remaining count equals their unknown cells,
then solves. Replace ``act`` with your own strategy.
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent
from app.core import SIZE, Action, Cell, Observation, Piece

# Where a known piece says the ship goes on: top -> the cell below, left -> the cell to the right, ...
CONTINUES = {
    Piece.TOP: [(1, 0)],
    Piece.BOT: [(-1, 0)],
    Piece.LEFT: [(0, 1)],
    Piece.RIGHT: [(0, -1)],
}


class MyAgent(Agent):
    """Flags only what it can be sure of, then solves."""

    name = "my-agent"
    description = "template: flags sure cells only"

    def start(self, observation: Observation) -> None:
        """Called once: here the agent sees the counts and the cells known at start."""
        self.log(f"fleet {observation.fleet}, {len(observation.known)} cells known at start")

    def sure_ship_cells(self, obs: Observation) -> list[Cell]:
        """Unknown, unflagged cells that must hold a ship piece."""
        sure = []
        for cell, piece in obs.known.items():
            for dx, dy in CONTINUES.get(piece, []):
                near = Cell(cell.x + dx, cell.y + dy)
                if near.on_board() and obs.is_unknown(near):
                    sure.append(near)
        for x in range(SIZE):  # a row whose unknown cells are exactly what is left: all ship
            unknown = [Cell(x, y) for y in range(SIZE) if obs.is_unknown(Cell(x, y))]
            if unknown and len(unknown) == obs.remaining_in_row(x):
                sure += unknown
        for y in range(SIZE):
            unknown = [Cell(x, y) for x in range(SIZE) if obs.is_unknown(Cell(x, y))]
            if unknown and len(unknown) == obs.remaining_in_col(y):
                sure += unknown
        return [cell for cell in dict.fromkeys(sure) if cell not in obs.flags]

    def act(self, observation: Observation) -> Action:
        """One action per step: flag a sure cell while flags last, else solve."""
        sure = self.sure_ship_cells(observation)
        if sure and observation.guesses_left > 0:
            self.log(f"flag {sure[0]}: it must be a ship piece")
            return Action.guess(*sure[0])
        return Action.solve()

    def belief(self) -> np.ndarray | None:
        """Optional: P(ship) per cell for the GUI overlay (None: no overlay)."""
        return None


AGENT = MyAgent
