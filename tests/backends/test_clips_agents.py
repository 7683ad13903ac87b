"""The CLIPS agents of seed report 000 (incrocio, probabilistico): whole games, sound knowledge."""

from __future__ import annotations

import re

import pytest

from app.backends.drivers import create_driver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import PROFILES, Cell, Game, Piece
from app.core.formats import load_map
from tests.paths import COURSE_MAPS, MAPS_DIR

MAPS = sorted(MAPS_DIR.glob("*.map")) + sorted(COURSE_MAPS.glob("*.clp"))
AGENTS = ("incrocio", "probabilistico")
_FACT = re.compile(r"\((my-k-cell|f-cell) \(x (\d+)\) \(y (\d+)\)(?: \(content (\w+)\))?\)")


def play(agent: str, map_path, profile: str):
    game_map = load_map(map_path)
    game = Game(game_map, PROFILES[profile])
    driver = create_driver(resolve(agent))
    log: list[str] = []
    Match(game, driver, on_log=log.append).run()
    facts = driver.facts()
    driver.close()
    return game_map, game, log, facts


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.name)
def test_plays_a_whole_game_with_sound_knowledge(agent, map_path):
    game_map, game, log, facts = play(agent, map_path, "unito-2019")
    assert game.stop_reason == "solved by the agent"
    assert not [line for line in log if "CLIPS:" in line]
    order = game_map.fact_order
    if order is not None and all(kind == "k-cell" for kind, _ in order):
        return  # a course file without counts tells the agent none (docs/rules.md): it solves at once, as in the course
    assert any("Fire (" in line or "Flag (" in line for line in log)  # the printouts explain the moves
    pieces = {**{c: Piece.WATER for c in (Cell(x, y) for x in range(10) for y in range(10))},
              **{c: p for ship in game_map.ships for c, p in ship.pieces().items()}}
    beliefs = [_FACT.match(text).groups() for name, text in facts if name in ("my-k-cell", "f-cell")]
    assert beliefs
    for kind, x, y, content in beliefs:
        truth = pieces[Cell(int(x), int(y))]
        if kind == "f-cell":
            assert truth.is_ship, f"f-cell ({x}, {y}) is water"
        else:
            assert truth.value == content, f"my-k-cell ({x}, {y}) {content} is {truth.value}"


@pytest.mark.parametrize("agent", AGENTS)
def test_same_game_twice_and_under_the_other_profile(agent):
    first = play(agent, MAPS_DIR / "four-known.map", "unito-2022")[1]
    second = play(agent, MAPS_DIR / "four-known.map", "unito-2022")[1]
    assert [e.text for e in first.events] == [e.text for e in second.events]
    assert first.stop_reason == "solved by the agent"
