"""``lines`` (written for the similarity corpus): fires at the unknown cell of the fullest row and column
pair, flags every unknown cell of a line whose count equals its unknown cells, then solves."""

from __future__ import annotations

from agents.base import Agent
from app.core import Action, Observation, all_cells


def unknown_cells(observation: Observation) -> list[tuple[int, int]]:
    """Cells whose content the agent does not know and has not flagged."""
    return [c for c in all_cells() if observation.is_unknown(c) and c not in observation.flags]


def forced_cells(observation: Observation, unknown: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Unknown cells of a row or column that needs all its unknown cells to be ship."""
    forced = []
    for index in range(10):
        row = [c for c in unknown if c[0] == index]
        if row and observation.remaining_in_row(index) == len(row):
            forced.extend(row)
        column = [c for c in unknown if c[1] == index]
        if column and observation.remaining_in_col(index) == len(column):
            forced.extend(column)
    return sorted(set(forced))


class LinesAgent(Agent):
    """Forced flags first, then fires at the fullest crossing."""

    name = "lines"
    description = "flags forced lines, fires at the fullest crossing"

    def act(self, observation: Observation) -> Action:
        """One action for this step."""
        unknown = unknown_cells(observation)
        forced = forced_cells(observation, unknown)
        if forced and observation.guesses_left > 0:
            return Action.guess(*forced[0])
        if unknown and observation.fires_left > 0:
            best = max(unknown, key=lambda c: (observation.remaining_in_row(c[0]) + observation.remaining_in_col(c[1]),
                                               -c[0], -c[1]))
            return Action.fire(*best)
        return Action.solve()


AGENT = LinesAgent
