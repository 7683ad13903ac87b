"""The default grading scheme on a realistic class (``benchmarks/grade_spread.py``'s: the shipped agents as
students' copies and incrocio with rules removed at four levels, ten agents of very different strength): the
grades use at least four letters and follow the order of the mean scores."""

from __future__ import annotations

import csv
import json

import pytest

from app.cli import main
from benchmarks.grade_spread import WEAKENED, bench_maps, make_class, without_rules
from tests.paths import ROOT

MAPS = 12  # four of each level of cells known at start


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    work = tmp_path_factory.mktemp("spread")
    class_dir = work / "class"
    make_class(class_dir)
    out = work / "out"
    assert main(["grade", str(class_dir), "--maps", str(bench_maps(work / "maps", MAPS)), "--out", str(out),
                 "--jobs", "2", "--no-coach", "--no-progress"]) == 0
    rows = list(csv.DictReader((out / "gradebook.csv").open(encoding="utf-8")))
    return rows, json.loads((out / "manifest.json").read_text(encoding="utf-8"))["scheme"]


def test_the_class_is_ten_agents_of_very_different_strength(graded):
    rows, _ = graded
    means = sorted(float(r["mean_score"]) for r in rows)
    assert len(rows) == 10 and means[-1] - means[0] > 500
    assert all(not r["feedback"].count("load errors") for r in rows)  # the weakened copies load whole


def test_the_grades_use_four_letters_and_follow_the_mean_scores(graded):
    rows, scheme = graded
    assert scheme["name"] == "reference"
    letters = [t["grade"] for t in scheme["thresholds"]]
    ranked = sorted(rows, key=lambda r: -float(r["mean_score"]))
    grades = [r["grade"] for r in ranked]
    assert len(set(grades)) >= 4, grades
    assert [letters.index(g) for g in grades] == sorted(letters.index(g) for g in grades), grades
    assert ranked[0]["identifier"] == "student-bayes" and grades[0] == "A"
    assert ranked[-1]["identifier"] == "student-random" and grades[-1] == "F"


def test_the_weakened_copies_lose_exactly_their_rules():
    library = (ROOT / "agents" / "clips" / "lib" / "knowledge.clp").read_text(encoding="utf-8")
    for rules in WEAKENED.values():
        text = without_rules(library, rules)
        assert all(f"(defrule {rule} " not in text for rule in rules)
        assert text.count("(defrule ") == library.count("(defrule ") - len(rules)
