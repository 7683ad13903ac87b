"""The shipped strategies draw their own scores on the board: incrocio and probabilistico each cell they weighed
(the chosen one in green), bdi its heat map; drawing changes none of their moves."""

from __future__ import annotations

import pytest

from app.backends.drivers import create_driver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import PROFILES, Game
from app.core.markers import markers_at
from app.solver.playable import load_game_map
from tests.paths import MAPS_DIR


def played(agent: str, params: dict | None = None) -> Game:
    game = Game(load_game_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"])
    match = Match(game, create_driver(resolve(agent), seed=0), params=params, markers=True)
    try:
        match.run()
    finally:
        match.close()
    return game


@pytest.mark.parametrize("agent", ["incrocio", "probabilistico"])
def test_a_strategy_draws_the_scores_it_chose_by(agent):
    game = played(agent)
    assert game.markers
    for step, markers in game.markers.items():
        if not markers:
            continue  # a step decided by its knowledge rules: the scores of the step before are gone
        chosen = [m for m in markers if m.colour == "green"]
        assert len(chosen) == 1, markers
        assert chosen[0].value == max(m.value for m in markers)
        action = game.events[step].action
        assert action is not None and action.cell == chosen[0].cell  # what it fired at or flagged
    assert any(markers == () for markers in game.markers.values())


def test_bdi_draws_its_heat_map_of_the_cells_not_known():
    game = played("bdi")
    first = game.markers[0]
    assert len(first) > 50 and all(m.value is not None and not m.colour for m in first)
    last = markers_at(game.markers, game.events[-1].step)
    known = set(game.observation().fired) | set(game.observation().known)
    assert not ({m.cell for m in last} & {c for c in known if game.observation().content(c).is_ship})


def test_bdi_with_markers_off_draws_nothing_and_plays_the_same():
    on, off = played("bdi"), played("bdi", {"markers": "off"})
    assert off.markers == {} and on.markers
    assert [e.text for e in on.events] == [e.text for e in off.events] and on.score() == off.score()
