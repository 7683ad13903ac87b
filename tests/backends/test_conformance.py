"""Every registered agent on every example map: terminates, plays by the rules, is deterministic.

Agents added to ``agents/`` (Python or CLIPS) are picked up automatically.
"""

from __future__ import annotations

import pytest

from app.backends.registry import create_driver, discover
from app.backends.runner import Match
from app.core import PROFILES, Game, Outcome
from app.core.formats import load_map
from tests.paths import MAPS_DIR

AGENTS = sorted(discover())
MAPS = sorted(MAPS_DIR.glob("*.map"))


def play(agent: str, map_path, rules: str, seed: int):
    game = Game(load_map(map_path), PROFILES[rules])
    lines: list[str] = []
    match = Match(game, create_driver(discover()[agent], seed=seed), on_log=lines.append)
    try:
        result = match.run()
    finally:
        match.close()
    return result, lines


@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
@pytest.mark.parametrize("agent", AGENTS)
def test_agent_conforms(agent, map_path):
    rules = "unito-2019"
    result, lines = play(agent, map_path, rules, seed=1)
    assert result.events[-1].outcome is Outcome.SOLVED
    assert result.steps <= PROFILES[rules].max_steps + 1
    for event in result.events:
        if event.outcome is Outcome.REJECTED:
            assert event.reason, f"{agent} rejected without a reason at step {event.step}"
    again, _ = play(agent, map_path, rules, seed=1)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in result.events]
    assert again.score == result.score


@pytest.mark.parametrize("agent", AGENTS)
def test_agent_plays_unito_2022(agent):
    result, _ = play(agent, MAPS[0], "unito-2022", seed=2)
    assert result.events[-1].outcome is Outcome.SOLVED and result.rules == "unito-2022"


def test_registry_lists_the_python_agents():
    agents = discover()
    assert {"random", "cross"} <= set(agents)
    assert agents["cross"].kind == "python" and agents["cross"].description
