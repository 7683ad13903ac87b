"""The course's game through the app, for our case agents (tests/data/course-cases), without the course's files.

``tests/data/course-cases/expected.jsonl`` holds what the course's own MAIN/ENV did with each of our case agents on
the two course maps with known cells, under both editions (the fields of ``cases/expected.jsonl`` beside the
course's files, plus the k-cells the agent sees at the end). It was written from the course's side of
``crosscheck``; tests/analysis/test_crosscheck.py checks that the course still does so when its files are beside
the repository. Here the app alone must play each game as recorded: several execs in one step (one carried out,
the others left in working memory), k-cells the agent asserts itself, CLIPS 6.3's length, long turns.
Regenerate (with ../shared/course-env present) only when a case changes::

    PYTHONPATH=. python tests/backends/test_clips_course_game.py --write
"""

from __future__ import annotations

import json
import sys

import pytest

from app.analysis.crosscheck import GameRecord, first_difference, play_app, play_course
from app.backends.clips.running import DEFAULT_MAX_FIRINGS, DEFAULT_TIME_LIMIT
from app.core import PROFILES
from tests.paths import COURSE_CASES, COURSE_ENV, COURSE_MAPS

EXPECTED = COURSE_CASES / "expected.jsonl"
CASE_MAPS = ("mappa1.clp", "test_a_obs.clp")


def recorded() -> list[dict]:
    """The course's games of our cases, as recorded."""
    return [json.loads(line) for line in EXPECTED.read_text().splitlines() if line.strip()]


def record_of(line: dict) -> GameRecord:
    """A recorded game as the crosscheck's record."""
    return GameRecord(line["course_stop"], line["score"], tuple(line["statistics"].items()),
                      (line["moves_left"]["fires"], line["moves_left"]["guesses"]),
                      tuple(tuple(fact) for fact in line["exec_facts"]), tuple(tuple(k) for k in line["k_cells"]))


def course_line(case: str, map_name: str, rules: str) -> dict:
    """The course's own game of ``case`` (needs ../shared/course-env)."""
    record = play_course(COURSE_ENV / rules / "main.clp", COURSE_ENV / rules / "env.clp", COURSE_MAPS / map_name,
                         [COURSE_CASES / f"{case}.clp"], PROFILES[rules], DEFAULT_MAX_FIRINGS, DEFAULT_TIME_LIMIT)
    return {"case": case, "map": map_name, "rules": rules, **record.to_dict(),
            "k_cells": [list(fact) for fact in record.k_cells]}


@pytest.mark.parametrize("line", recorded(), ids=lambda line: f"{line['case']}-{line['map']}-{line['rules']}")
def test_the_app_plays_the_recorded_course_game(line):
    app = play_app([COURSE_CASES / f"{line['case']}.clp"], COURSE_MAPS / line["map"], PROFILES[line["rules"]],
                   DEFAULT_MAX_FIRINGS, DEFAULT_TIME_LIMIT)
    assert first_difference(record_of(line), app) is None


def test_every_case_is_recorded():
    cases = {path.stem for path in COURSE_CASES.glob("*.clp")}
    assert {(line["case"], line["map"], line["rules"]) for line in recorded()} == \
        {(case, name, rules) for case in cases for name in CASE_MAPS for rules in PROFILES}


def test_several_execs_one_carried_out_the_others_left():
    line = next(line for line in recorded() if line["case"] == "several_execs" and line["rules"] == "unito-2019")
    step_4 = [fact for fact in line["exec_facts"] if fact[0] == 4]
    assert len(step_4) == 4 and line["moves_left"]["guesses"] == 17  # four flags, one taken back
    assert line["exec_facts"][-1] == [5, "solve", "nil", "nil"]  # the game goes on after the step


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    cases = sorted(path.stem for path in COURSE_CASES.glob("*.clp"))
    lines = [course_line(case, name, rules) for case in cases for name in CASE_MAPS for rules in sorted(PROFILES)]
    EXPECTED.write_text("".join(json.dumps(line) + "\n" for line in lines))
    print(f"{EXPECTED}: {len(lines)} games")
