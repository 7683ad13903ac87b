"""The coach grades a fixed set of games exactly as it did before it was made faster.

``tests/data/coach/reference.json`` holds seven finished games (their logs) and every number
the coach reported for them, written by ``tests/data/coach/make_reference.py`` with the coach
as it was before issue 33's speed work. Each game is graded again from a cold start and every
number must agree to 1e-9.
"""

from __future__ import annotations

import json

import pytest

from app.core.gamelog import replay_text
from app.solver.coach import coach_game
from app.solver.coach.review import clear_cache
from tests.data.coach.make_reference import grades
from tests.paths import DATA

REFERENCE = json.loads((DATA / "coach" / "reference.json").read_text())["games"]


def _close(expected, actual, where: str) -> None:
    if isinstance(expected, dict):
        assert expected.keys() == actual.keys(), where
        for key in expected:
            _close(expected[key], actual[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert len(expected) == len(actual), where
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            _close(e, a, f"{where}[{i}]")
    elif isinstance(expected, float) and actual is not None:
        assert actual == pytest.approx(expected, abs=1e-9), where
    else:
        assert expected == actual, where


@pytest.mark.parametrize("entry", REFERENCE, ids=[f"{g['agent']}-{g['map']}-{g['rules']}" for g in REFERENCE])
def test_the_coach_grades_the_reference_games_as_before(entry):
    replay = replay_text(entry["log"], entry["map"])
    assert not replay.mismatches
    clear_cache()
    report = coach_game(replay.game)
    _close(entry["grades"], json.loads(json.dumps(grades(report))), "report")
