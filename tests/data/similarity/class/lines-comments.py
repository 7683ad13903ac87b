from __future__ import annotations
from agents.base import Agent
from app.core import Action, Observation, all_cells

def unknown_cells(observation: Observation) -> list[tuple[int, int]]:
    return [c for c in all_cells() if observation.is_unknown(c) and c not in observation.flags]

def forced_cells(observation: Observation, unknown: list[tuple[int, int]]) -> list[tuple[int, int]]:
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
    name = 'lines'
    description = 'flags forced lines, fires at the fullest crossing'

    def act(self, observation: Observation) -> Action:
        unknown = unknown_cells(observation)
        forced = forced_cells(observation, unknown)
        if forced and observation.guesses_left > 0:
            return Action.guess(*forced[0])
        if unknown and observation.fires_left > 0:
            best = max(unknown, key=lambda c: (observation.remaining_in_row(c[0]) + observation.remaining_in_col(c[1]), -c[0], -c[1]))
            return Action.fire(*best)
        return Action.solve()
AGENT = LinesAgent
