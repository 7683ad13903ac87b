"""The exact fire search against plain expectimax (every open cell, every outcome, no pruning) on tiny boards."""

from __future__ import annotations

import numpy as np
import pytest

from app.core import PROFILES, Cell, Piece
from app.solver.bayes.decisions import ScoreModel, Situation, best_flags, choose_fire
from app.solver.bayes.planner import FirePlanner, OutOfBudget
from app.solver.bayes.posterior import Posterior, build_posterior
from app.solver.fast import Constraints
from tests.solver.test_bayes_posterior import _situation, tiny_map


def expectimax(posterior: Posterior, situation: Situation, model: ScoreModel) -> float:
    """The best expected final score: stop and flag, or fire any open cell and go on, all tried.

    Cells that are water in every layout are left out: a sure miss teaches nothing and
    scores nothing better than not firing (-25 under unito-2019, 0 under unito-2022).
    """
    value = best_flags(posterior, situation, model).value
    if situation.fires_left == 0:
        return value
    for cell in np.flatnonzero(situation.open_cells & (posterior.marginals() > 0)).tolist():
        probs = posterior.outcome_probabilities(cell)
        fire = sum(pk * expectimax(posterior.given(cell, code), situation.after_fire(cell, code), model)
                   for code, pk in enumerate(probs) if pk > 0)
        value = max(value, fire)
    return value


CASES = {
    "counts-only": {},
    "one-known": {Cell(0, 3): Piece.LEFT},
    "water-known": {Cell(2, 0): Piece.WATER, Cell(4, 0): Piece.WATER},
}
FIRES = {"counts-only": 2, "one-known": 3, "water-known": 3}  # the reference's time grows fast with both


@pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_planner_value_equals_expectimax(case, rules):
    game_map = tiny_map(CASES[case])
    posterior, report = build_posterior(Constraints.from_map(game_map), cap=100_000)
    assert report.exact and posterior.size >= 3
    model = ScoreModel(PROFILES[rules].weights)
    situation = _situation(game_map, fires_left=FIRES[case], budget=20)
    planner = FirePlanner(posterior, model, budget=100_000)
    choice = planner.choose(np.ones(posterior.size, dtype=bool), situation, fired=0)
    assert choice.value == pytest.approx(expectimax(posterior, situation, model))
    assert choice.stop_value == pytest.approx(best_flags(posterior, situation, model).value)
    if choice.cell is not None:  # the cell it picks is worth what it says
        probs = posterior.outcome_probabilities(choice.cell)
        fire = sum(pk * expectimax(posterior.given(choice.cell, code), situation.after_fire(choice.cell, code), model)
                   for code, pk in enumerate(probs) if pk > 0)
        assert fire == pytest.approx(choice.value)


@pytest.mark.parametrize("last_shortlist", [None, 2])
def test_planner_is_never_worse_than_the_lookahead(last_shortlist):
    game_map = tiny_map(CASES["water-known"])
    posterior, _ = build_posterior(Constraints.from_map(game_map), cap=100_000)
    model = ScoreModel(PROFILES["unito-2019"].weights)
    situation = _situation(game_map, fires_left=3, budget=20)
    planner = FirePlanner(posterior, model, budget=100_000, last_shortlist=last_shortlist)
    choice = planner.choose(np.ones(posterior.size, dtype=bool), situation, 0)
    assert choice.value >= choose_fire(posterior, situation, model, depth=2).value - 1e-9
    if last_shortlist:  # the shortlist at the last fire may only lose against the exact search
        assert choice.value <= expectimax(posterior, situation, model) + 1e-9


def test_shortlist_is_not_used_in_states_with_few_layouts():
    """With ``last_exact`` at least the root's size, the shortlisted search does the exact search's work."""
    game_map = tiny_map(CASES["counts-only"])
    posterior, _ = build_posterior(Constraints.from_map(game_map), cap=100_000)
    model = ScoreModel(PROFILES["unito-2019"].weights)
    situation = _situation(game_map, fires_left=FIRES["counts-only"], budget=20)
    everything = np.ones(posterior.size, dtype=bool)
    planners = {name: FirePlanner(posterior, model, budget=100_000, **kwargs) for name, kwargs in {
        "exact": {}, "shortlist": {"last_shortlist": 1},
        "small": {"last_shortlist": 1, "last_exact": posterior.size}}.items()}
    values = {name: planner.choose(everything, situation, 0).value for name, planner in planners.items()}
    assert values["small"] == pytest.approx(expectimax(posterior, situation, model))
    assert planners["small"].evaluations == planners["exact"].evaluations
    assert planners["shortlist"].evaluations != planners["exact"].evaluations  # the shortlist's own path differs


def test_budget_is_enforced():
    game_map = tiny_map()
    posterior, _ = build_posterior(Constraints.from_map(game_map), cap=100_000)
    planner = FirePlanner(posterior, ScoreModel(PROFILES["unito-2019"].weights), budget=3)
    with pytest.raises(OutOfBudget):
        planner.choose(np.ones(posterior.size, dtype=bool), _situation(game_map, fires_left=3, budget=20), 0)
    assert planner.evaluations == 4
