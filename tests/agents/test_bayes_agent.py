"""The bayes agent in real games: legal, always solves, deterministic, profile-aware, explains itself."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from agents.bayes_agent import BayesAgent
from app.backends.python_runner import PythonDriver
from app.backends.runner import Match
from app.core import PROFILES, Game, Outcome
from app.core.formats import load_map
from app.solver.bayes.decisions import Situation
from tests.paths import MAPS_DIR
from tests.solver.test_bayes_posterior import tiny_map

# maps with cells known at start (a few hundred layouts at most) keep this quick; the
# conformance test plays every agent on every map, open sea included
MAPS = [MAPS_DIR / "four-known.map", MAPS_DIR / "bimaru-example.map"]


def play(game_map, rules: str, agent: BayesAgent | None = None):
    agent = agent or BayesAgent()
    game = Game(game_map, PROFILES[rules])
    lines: list[str] = []
    match = Match(game, PythonDriver(agent, step_seconds=None), on_log=lines.append)
    try:
        result = match.run()
    finally:
        match.close()
    return result, lines, agent


@pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
@pytest.mark.parametrize("map_path", MAPS + ["tiny"], ids=lambda p: getattr(p, "stem", p))
def test_legal_solves_and_reruns_identically(map_path, rules):
    game_map = tiny_map() if map_path == "tiny" else load_map(map_path)
    result, lines, agent = play(game_map, rules)
    assert result.stop_reason == "solved by the agent"
    wasted_ok = rules == "unito-2022"  # leftovers cost points there: spare flags go where they count for nothing
    for event in result.events:
        assert event.outcome is not Outcome.REJECTED, event.describe()
        if event.outcome in (Outcome.FIRE_WASTED, Outcome.FLAG_WASTED):
            assert wasted_ok, event.describe()
    said = [line.split("bayes: ", 1)[1] for line in lines if "bayes: " in line]
    acted = [line.split(":", 1)[0] for line in said if not line.startswith(("start", "stop firing"))]
    assert acted == [e.text for e in result.events]  # one line per decision, naming it
    again, _, _ = play(game_map, rules)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in result.events]
    belief = agent.belief()
    assert belief.shape == (10, 10) and belief.min() >= 0 and belief.max() <= 1 + 1e-9


def test_perfect_information_reaches_the_oracle():
    """When the known cells leave one layout, the agent flags it all and scores the oracle."""
    game_map = load_map(MAPS_DIR / "bimaru-example.map")
    for rules in PROFILES:
        result, lines, _ = play(game_map, rules)
        if "1 layouts, exact" in " ".join(lines):
            assert result.score == result.oracle


def test_profiles_lead_to_different_play():
    """unito-2022 charges unused fires and flags and does not score fok: every resource gets spent."""
    game_map = load_map(MAPS_DIR / "four-known.map")
    old, _, _ = play(game_map, "unito-2019")
    new, _, _ = play(game_map, "unito-2022")
    assert new.statistics.fires_left == 0 and new.statistics.guesses_left == 0
    assert old.statistics.gko <= old.statistics.gok


def test_belief_matches_the_posterior_and_logs_name_the_cell():
    game_map = tiny_map()
    agent = BayesAgent()
    game = Game(game_map, PROFILES["unito-2019"])
    agent.start(game.observation())
    action = agent.act(game.observation())
    np.testing.assert_allclose(agent.belief().ravel(), agent.posterior.marginals())
    line = agent.take_log()[-1]
    assert line.startswith(f"{action.kind.value} {action.x} {action.y}") and "P(ship)" in line
    assert "placements" in line


def test_sampled_posterior_still_plays_legally():
    """With a layout cap below the count the agent samples, says so, and still solves legally."""
    game_map = load_map(MAPS_DIR / "four-known.map")
    result, lines, _ = play(game_map, "unito-2019", BayesAgent(layout_cap=50))
    assert any("sample" in line for line in lines)
    assert result.stop_reason == "solved by the agent"
    assert all(e.outcome is not Outcome.REJECTED for e in result.events)


def test_exact_search_over_budget_is_retried_with_a_fire_less():
    """An exact search that ran out of budget is not retried on the same tree, but is once a fire is spent."""
    game_map = tiny_map()  # 12 layouts: the exact search covers every fire
    observation = Game(game_map).observation()
    agent = BayesAgent()
    agent.start(observation)
    situation = Situation.from_observation(observation)
    agent.plan_budget = 1
    choice, how = agent._planned_fire(observation, situation)
    assert choice is None and "over its budget" in how and f"{situation.fires_left} fires" in how
    agent.plan_budget = 1_000_000
    assert agent._planned_fire(observation, situation)[0] is None  # same tree: not searched again
    fewer = dataclasses.replace(situation, fires_left=situation.fires_left - 1)
    choice, how = agent._planned_fire(observation, fewer)
    assert choice is not None and how == "exact search"
