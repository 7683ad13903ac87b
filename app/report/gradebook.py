"""Grades out: a thresholds file (the teacher's scheme) and the gradebook CSV an LMS imports.

The scheme is a TOML file (``DEFAULT_SCHEME`` is the one used without ``--thresholds``)::

    by = "percent"          # percent: mean % of the oracle; mean: mean score; rank: 1 is the best
    not_played = "F"        # the grade of a submission that could not be played
    [[grade]]               # best first: the first grade whose threshold the submission reaches
    grade = "A"
    from = 60               # percent and mean: at least this; rank: this rank or better
    ...
    [[grade]]
    grade = "F"             # no threshold: every submission below the others

The gradebook has one row per submission: ``identifier`` (the roster's id, else the folder name), ``name``,
``email``, ``grade``, the figures it came from (``rank``, ``mean_score``, ``percent_of_oracle``), ``feedback``
(a one-line comment) and ``feedback_link`` (the student's page, relative to the gradebook).
"""

from __future__ import annotations

import csv
import io
import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from app.core import BattleshipError

BY = ("percent", "mean", "rank")
DEFAULT_SCHEME = """\
# Battleship Lab's default grading scheme (docs/tournament.md, "Grades"): copy it, edit it, pass --thresholds.
by = "percent"          # percent: mean % of the oracle over the maps; mean: mean score; rank: 1 is the best
not_played = "F"        # the grade of a submission that could not be played
[[grade]]               # best first: the first grade whose threshold the submission reaches
grade = "A"
from = 50
[[grade]]
grade = "B"
from = 35
[[grade]]
grade = "C"
from = 20
[[grade]]
grade = "D"
from = 5
[[grade]]
grade = "F"             # no threshold: every submission below the others
"""
COLUMNS = ("identifier", "name", "email", "grade", "rank", "mean_score", "percent_of_oracle", "feedback",
           "feedback_link")


@dataclass(frozen=True, slots=True)
class Scheme:
    """How figures become grades: what is compared (``by``) and the (grade, threshold) steps, best first."""

    by: str
    steps: tuple[tuple[str, float | None], ...]
    not_played: str
    text: str  # the file's text (kept in the manifest)

    def grade(self, rank: int | None, mean: float | None, percent: float | None) -> str:
        """The grade of a submission's figures (all None: not played)."""
        value = {"percent": percent, "mean": mean, "rank": rank}[self.by]
        if value is None:
            return self.not_played
        for grade, threshold in self.steps:
            if threshold is None or (value <= threshold if self.by == "rank" else value >= threshold):
                return grade
        return self.not_played


def read_scheme(path: str | Path | None = None) -> Scheme:
    """The scheme of a thresholds file (None: ``DEFAULT_SCHEME``); BattleshipError naming the file and problem."""
    where = str(path) if path else "the default scheme"
    try:
        text = DEFAULT_SCHEME if path is None else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BattleshipError(f"{where}: cannot read the thresholds ({getattr(exc, 'strerror', None) or exc})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BattleshipError(f"{where}: not a TOML thresholds file ({exc})") from None
    by = data.get("by", "percent")
    if by not in BY:
        raise BattleshipError(f"{where}: by = {by!r}: expected one of {', '.join(BY)}")
    grades = data.get("grade")
    if not isinstance(grades, list) or not grades:
        raise BattleshipError(f"{where}: no [[grade]] entries (each: grade = \"A\", from = 50)")
    steps = []
    for number, entry in enumerate(grades, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("grade"), str | int | float):
            raise BattleshipError(f"{where}: grade entry {number} has no grade")
        threshold = entry.get("from")
        if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, int | float)
                                      or math.isnan(threshold)):
            raise BattleshipError(f"{where}: grade entry {number} ({entry['grade']}): from must be a number")
        steps.append((str(entry["grade"]), None if threshold is None else float(threshold)))
    thresholds = [t for _, t in steps if t is not None]
    ordered = sorted(thresholds) if by == "rank" else sorted(thresholds, reverse=True)
    if thresholds != ordered:
        raise BattleshipError(f"{where}: list the grades best first ({'rank from 1 up' if by == 'rank' else 'highest from first'})")
    return Scheme(by, tuple(steps), str(data.get("not_played", steps[-1][0])), text)


@dataclass(frozen=True, slots=True)
class GradeRow:
    """One submission's line of the gradebook."""

    identifier: str
    name: str
    email: str
    grade: str
    rank: int | None
    mean_score: float | None
    percent_of_oracle: float | None
    feedback: str
    feedback_link: str


def gradebook_csv(rows: Sequence[GradeRow]) -> str:
    """The gradebook as CSV text, ``COLUMNS`` as its header."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow(["" if value is None else round(value, 2) if isinstance(value, float) else value
                         for value in (getattr(row, column) for column in COLUMNS)])
    return out.getvalue()
