"""The oracle score: the best score an agent that knew the hidden map could reach.

Computed from the profile's weights and limits, not from a formula: the final
statistics are fixed by how many hidden ship cells are fired (fok) and
flagged (gok), how many water cells are fired (fko) and flagged (gko), and how
many fires and flags are spent for nothing (re-firing a fired cell, a second
flag on a flagged cell). For a number of covered ship cells, the most ships
are sunk by covering the ships with the fewest hidden cells first. The score
is linear in the spent-for-nothing and on-water counts, so only their extreme
values need trying.
"""

from __future__ import annotations

from itertools import accumulate
from weakref import WeakKeyDictionary

from app.core.gamemap import GameMap
from app.core.rules import STAT_KEYS, RulesProfile, Statistics


def best_statistics(game_map: GameMap, profile: RulesProfile) -> Statistics:
    """The statistics of an optimal game on ``game_map`` under ``profile``."""
    known_ship = {c for c, p in game_map.known.items() if p.is_ship}
    hidden_per_ship = sorted(sum(c not in known_ship for c in ship.cells) for ship in game_map.ships)
    hidden_total = sum(hidden_per_ship)
    # sunk_with[k]: ships sunk when k hidden ship cells are covered, smallest ships first
    cumulative = list(accumulate(hidden_per_ship))
    sunk_with = [sum(total <= k for total in cumulative) for k in range(hidden_total + 1)]
    water_cells = 100 - len(game_map.ship_cells)
    fires, guesses, steps = profile.fires, profile.guesses, profile.max_steps
    weight = {key: profile.weights.get(key, 0) for key in STAT_KEYS}
    best_score: int | None = None
    best: tuple[int, ...] = ()
    for fok in range(min(fires, hidden_total) + 1):
        for gok in range(min(guesses, hidden_total - fok) + 1):
            fires_rest, flags_rest = fires - fok, guesses - gok
            covered = (weight["fok"] * fok + weight["gok"] * gok + weight["safe"] * (hidden_total - fok - gok)
                       + weight["sink"] * sunk_with[fok + gok])
            for fko, fire_waste in ((0, 0), (min(fires_rest, water_cells), 0), (0, fires_rest)):
                if fire_waste and not (fok or known_ship):
                    continue  # nothing to re-fire yet: the first fire is never wasted
                fires_left = fires_rest - fko - fire_waste
                for gko, flag_waste in ((0, 0), (min(flags_rest, water_cells), 0), (0, flags_rest)):
                    if flag_waste and not (gok or fok or fko or known_ship):
                        continue  # a flag counts for nothing only on a fired, known or flagged cell
                    if fok + gok + fko + gko + fire_waste + flag_waste > steps:
                        continue
                    guesses_left = flags_rest - gko - flag_waste
                    score = (covered + weight["fko"] * fko + weight["gko"] * gko
                             + weight["fires_left"] * fires_left + weight["guesses_left"] * guesses_left)
                    if best_score is None or score > best_score:
                        best_score = score
                        best = (fok, fko, gok, gko, hidden_total - fok - gok, sunk_with[fok + gok],
                                fires_left, guesses_left)
    return Statistics(*best)


_SCORES: WeakKeyDictionary[GameMap, dict[tuple, int]] = WeakKeyDictionary()


def oracle_score(game_map: GameMap, profile: RulesProfile) -> int:
    """The best score reachable on ``game_map`` knowing the hidden map.

    Remembered per map object (maps are immutable) and per weights and limits,
    so replaying a map does not search again.
    """
    key = (tuple(profile.weights.items()), profile.fires, profile.guesses, profile.max_steps)
    scores = _SCORES.setdefault(game_map, {})
    if key not in scores:
        scores[key] = profile.score(best_statistics(game_map, profile))
    return scores[key]
