"""The expected score of solving now with a given flag set, over a posterior, by docs/rules.md's counts.

Unlike ``bayes``'s ``best_flags`` (which values only flags on cells of unknown
content), this scores any flag set the way the engine does at solve: a flag on a
fired cell or on a ship known from the start counts for nothing, a flag on water
known from the start counts in ``gko``, a flag off the board counts for nothing.
Vectorised over the layouts: every count is a (layouts,) array, the score their
weighted sum, its expectation a dot product with the posterior's weights.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from app.core import Cell, Observation
from app.core.rules import RulesProfile
from app.solver.bayes.posterior import CELLS, WATER, Posterior, cell_index, split_words


@dataclass(frozen=True, slots=True)
class SolveState:
    """What a solve's score depends on besides the hidden layout and the flags: the public counts."""

    fok: int
    fko: int
    fires_left: int
    guesses_left: int
    open_cells: np.ndarray  # (100,) bool: unknown content
    covered: int  # bitboard: ship cells fired or known from the start
    known_water: frozenset[int]  # cells known as water from the start (a flag there is gko)

    @classmethod
    def from_observation(cls, observation: Observation) -> SolveState:
        """The counts of an agent's position."""
        open_cells = np.ones(CELLS, dtype=bool)
        covered = 0
        for cell, piece in list(observation.known.items()) + list(observation.fired.items()):
            open_cells[cell_index(cell)] = False
            if piece.is_ship:
                covered |= 1 << cell_index(cell)
        fok = sum(p.is_ship for p in observation.fired.values())
        water = frozenset(cell_index(c) for c, p in observation.start_known.items()
                          if not p.is_ship and c not in observation.fired)
        return cls(fok, len(observation.fired) - fok, observation.fires_left, observation.guesses_left,
                   open_cells, covered, water)


def counted_flags(state: SolveState, flags: Iterable[Cell]) -> tuple[list[int], int]:
    """The flags that count: (open cells flagged, flags on water known from the start)."""
    open_flags, on_water = [], 0
    for cell in flags:
        if not cell.on_board():
            continue
        index = cell_index(cell)
        if state.open_cells[index]:
            open_flags.append(index)
        elif index in state.known_water:
            on_water += 1
    return sorted(open_flags), on_water


def scores(posterior: Posterior, state: SolveState, flags: Iterable[Cell], profile: RulesProfile,
           spend_leftovers: bool = False) -> np.ndarray:
    """(layouts,) the score of solving now with ``flags`` in each layout of the posterior.

    ``spend_leftovers``: unused fires and flags are valued as if spent where they count for
    nothing when that is better (``bayes``'s assumption; it matters under unito-2022 only).
    """
    open_flags, on_water = counted_flags(state, flags)
    ships = posterior.pieces != WATER
    flagged = np.zeros(CELLS, dtype=bool)
    flagged[open_flags] = True
    gok = ships[:, flagged].sum(axis=1)
    gko = len(open_flags) - gok + on_water
    safe = ships[:, state.open_cells & ~flagged].sum(axis=1)
    cover = state.covered | sum(1 << d for d in open_flags)
    lo, hi = posterior.table.words
    c_lo, c_hi = (np.uint64(v) for v in split_words(cover))
    sunk_placement = ((lo & ~c_lo) | (hi & ~c_hi)) == 0
    sink = sunk_placement[posterior.ship_ids].sum(axis=1)
    counts = {"fok": state.fok, "fko": state.fko, "gok": gok, "gko": gko, "safe": safe, "sink": sink,
              "fires_left": state.fires_left, "guesses_left": state.guesses_left}
    total = np.zeros(posterior.size)
    for key, weight in profile.weights.items():
        if spend_leftovers and key in ("fires_left", "guesses_left"):
            weight = max(weight, 0)
        total = total + weight * counts[key]
    return total


def expected_score(posterior: Posterior, state: SolveState, flags: Iterable[Cell], profile: RulesProfile,
                   spend_leftovers: bool = False) -> float:
    """The posterior expectation of ``scores``."""
    return float(posterior.weights @ scores(posterior, state, flags, profile, spend_leftovers))
