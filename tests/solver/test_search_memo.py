"""SearchMemo: a posterior is named by its reveals whatever their order, and a remembered search answers as
the search itself does."""

from __future__ import annotations

import numpy as np
import pytest

from app.core import PROFILES, Cell, Piece
from app.solver.bayes.decisions import ScoreModel, best_flags, choose_fire
from app.solver.bayes.memo import SearchMemo
from app.solver.bayes.posterior import build_posterior
from app.solver.fast import Constraints
from tests.solver.test_bayes_posterior import _situation, tiny_map


@pytest.fixture(scope="module")
def posterior():
    built, report = build_posterior(Constraints.from_map(tiny_map({Cell(2, 0): Piece.WATER})), cap=100_000)
    assert report.exact and built.size >= 3
    return built


def _two_open_cells(posterior) -> tuple[int, int]:
    uncertain = np.flatnonzero((posterior.marginals() > 0) & (posterior.marginals() < 1)).tolist()
    return uncertain[0], uncertain[1]


def test_two_orders_of_the_same_reveals_have_one_origin_and_the_same_layouts(posterior):
    a, b = _two_open_cells(posterior)
    code_a, code_b = int(posterior.pieces[0, a]), int(posterior.pieces[0, b])
    one = posterior.given(a, code_a).given(b, code_b)
    other = posterior.given(b, code_b).given(a, code_a)
    assert one.origin == other.origin == (posterior.origin[0], frozenset({(a, code_a), (b, code_b)}))
    np.testing.assert_array_equal(one.pieces, other.pieces)
    np.testing.assert_allclose(one.weights, other.weights, rtol=0, atol=1e-15)
    assert posterior.restrict(np.arange(posterior.size)).origin is None  # rows: never remembered


def test_a_remembered_search_answers_as_the_search_and_is_not_run_again(posterior):
    game_map = tiny_map({Cell(2, 0): Piece.WATER})
    situation = _situation(game_map, fires_left=2, budget=20)
    model = ScoreModel(PROFILES["unito-2019"].weights)
    memo = SearchMemo()
    plain = choose_fire(posterior, situation, model, depth=2)
    first = choose_fire(posterior, situation, model, depth=2, memo=memo)
    assert first == plain
    hits = memo.hits
    assert choose_fire(posterior, situation, model, depth=2, memo=memo) is first and memo.hits == hits + 1
    a, _ = _two_open_cells(posterior)
    branch = posterior.given(a, int(posterior.pieces[0, a]))
    after = situation.after_fire(a, int(posterior.pieces[0, a]))
    assert best_flags(branch, after, model, memo=memo) == best_flags(branch, after, model)
    # a different situation is a different question
    fewer = _situation(game_map, fires_left=1, budget=20)
    assert choose_fire(posterior, fewer, model, depth=2, memo=memo) == choose_fire(posterior, fewer, model, depth=2)
