"""Regenerates the maps of likely seeds with the app's own generator and plays the oracle on the one that matches.

``maps generate`` draws map i from ``Random(map_seed(seed, i))``, the fleet first. An agent may import the
generator (``app.solver`` is readable), so for every likely seed (0, the default, and seeds a bench or the docs
use) and the first few map numbers it draws the fleet again, keeps the one whose row and column counts and
start cells are those it was told, then fires at its ship cells and flags the rest: the oracle's score. With
no match (maps made from a secret seed) it solves at once.
"""

import random

from agents.base import Agent
from app.core import Action
from app.solver.generator import map_seed, random_ships

LIKELY_SEEDS = (0, 1, 2, 3, 7, 42, 102, 104, 902, 904)
MAP_NUMBERS = range(1, 5)


def regenerated_fleet(observation):
    """The ship cells of a regenerated map matching what the agent was told, or None."""
    for seed in LIKELY_SEEDS:
        for number in MAP_NUMBERS:
            pieces = {}
            for ship in random_ships(random.Random(map_seed(seed, number))):
                pieces.update(ship.pieces())
            rows = tuple(sum(cell.x == x for cell in pieces) for x in range(10))
            cols = tuple(sum(cell.y == y for cell in pieces) for y in range(10))
            told = all(pieces.get(cell) == piece or (cell not in pieces and not piece.is_ship)
                       for cell, piece in observation.start_known.items())
            if rows == tuple(observation.row_counts) and cols == tuple(observation.col_counts) and told:
                return sorted(pieces)
    return None


class RegenOracle(Agent):
    """Fires at, then flags, the ship cells of the regenerated map."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.targets = None

    def act(self, observation):
        if self.targets is None:
            fleet = regenerated_fleet(observation)
            self.log(f"regen_oracle: {'found the map' if fleet else 'no likely seed made this map'}")
            self.targets = [cell for cell in fleet or () if cell not in observation.start_known]
        while self.targets:
            cell = self.targets.pop(0)
            if observation.fires_left > 0:
                return Action.fire(*cell)
            if observation.guesses_left > 0:
                return Action.guess(*cell)
        return Action.solve()


AGENT = RegenOracle
