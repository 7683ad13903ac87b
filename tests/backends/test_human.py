"""The HumanDriver hands the match the person's actions in order and stops waiting when cancelled."""

import threading

import pytest

from app.backends.base import AgentFailure
from app.backends.human import HumanDriver
from app.backends.runner import Match
from app.core import PROFILES, Action, Game
from app.solver.playable import load_game_map
from tests.paths import MAPS_DIR


def test_submitted_actions_are_played_in_order_and_scored_by_the_engine():
    game_map = load_game_map(MAPS_DIR / "open-sea.map")
    driver = HumanDriver()
    match = Match(Game(game_map, PROFILES["unito-2019"]), driver)
    moves = [Action.fire(0, 2), Action.guess(0, 3), Action.unguess(0, 3), Action.guess(0, 4), Action.solve()]
    for move in moves:
        driver.submit(move)
        match.step()
    reference = Game(game_map, PROFILES["unito-2019"])
    for move in moves:
        reference.apply(move)
    assert match.game.over
    assert [str(e.action) for e in match.game.events] == [str(e.action) for e in reference.events]
    assert match.game.score() == reference.score()


def test_cancel_wakes_a_waiting_next_action():
    game_map = load_game_map(MAPS_DIR / "open-sea.map")
    driver = HumanDriver(poll_seconds=0.01)
    observation = Game(game_map).observation()
    errors = []

    def wait():
        try:
            driver.next_action(observation)
        except AgentFailure as failure:
            errors.append(str(failure))

    thread = threading.Thread(target=wait)
    thread.start()
    driver.request_cancel()
    thread.join(timeout=5)
    assert not thread.is_alive()
    assert errors == ["the game was reset"]
    with pytest.raises(AgentFailure):
        driver.next_action(observation)
