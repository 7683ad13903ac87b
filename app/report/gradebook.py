"""Grades out: the teacher's grading scheme and the gradebook CSV an LMS imports.

A scheme is TOML: a built-in one by name (``SCHEMES``: ``reference``, the default, ``class``, ``oracle``) or a
file (``grade --scheme FILE``; ``--thresholds FILE`` is the same option's older name)::

    by = "lower"            # lower: the lower end of the 95% interval of the mean score; mean; percent; rank
    not_played = "F"        # the grade of a submission that could not be played
    [[grade]]               # best first: the first grade whose threshold the submission reaches
    grade = "A"
    from = { agent = "probabilistico" }   # or a number, or { class = 80 } (the class's 80th percentile)
    ...
    [[grade]]
    grade = "F"             # no threshold: every submission below the others

The gradebook has one row per submission: ``identifier`` (the roster's id, else the folder name), ``name``,
``email``, ``grade``, the figures it came from (``rank``, ``mean_score``, ``score_lower_95``,
``percent_of_oracle``), ``strongest_pair`` (the classmate whose code is most like it, and the code score),
``feedback`` (a one-line comment) and ``feedback_link`` (the student's page, relative to the gradebook).
"""

from __future__ import annotations

import csv
import io
import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from app.core import BattleshipError

BY = ("lower", "mean", "percent", "rank")
FIGURES = {"lower": "the lower end of the 95% interval of the mean score", "mean": "the mean score",
           "percent": "the mean % of the oracle", "rank": "the rank in the class"}
SHORT = {"lower": "lower end", "mean": "mean score", "percent": "mean % of the oracle", "rank": "rank"}
REFERENCE_SCHEME = """\
# Battleship Lab's default grading scheme (docs/tournament.md, "Grades"): copy it, edit it, pass --scheme FILE.
# Anchored in shipped agents played on the same maps: a grade says which of them the submission matched.
by = "lower"            # lower: the lower end of the 95% interval of the mean score over the maps
not_played = "F"        # the grade of a submission that could not be played
[[grade]]               # best first: the first grade whose threshold the submission reaches
grade = "A"
from = { agent = "probabilistico" }   # that agent's own lower end, on the same maps
[[grade]]
grade = "B"
from = { agent = "incrocio" }
[[grade]]
grade = "C"
from = { agent = "bdi" }
[[grade]]
grade = "D"
from = { agent = "cross" }
[[grade]]
grade = "F"             # no threshold: every submission below the others
"""
CLASS_SCHEME = """\
# Grading on the class's own distribution (docs/tournament.md, "Grades"): --scheme class.
by = "lower"            # lower: the lower end of the 95% interval of the mean score over the maps
not_played = "F"
[[grade]]
grade = "A"
from = { class = 80 }   # the class's 80th percentile of the same figure
[[grade]]
grade = "B"
from = { class = 50 }
[[grade]]
grade = "C"
from = { class = 20 }
[[grade]]
grade = "D"
from = { class = 5 }
[[grade]]
grade = "F"
"""
ORACLE_SCHEME = """\
# The mean % of the oracle (Battleship Lab's default before the reference scheme): --scheme oracle.
by = "percent"          # percent: mean % of the oracle over the maps
not_played = "F"
[[grade]]
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
grade = "F"
"""
SCHEMES = {"reference": REFERENCE_SCHEME, "class": CLASS_SCHEME, "oracle": ORACLE_SCHEME}
DEFAULT_SCHEME = "reference"
COLUMNS = ("identifier", "name", "email", "grade", "rank", "mean_score", "score_lower_95", "percent_of_oracle",
           "strongest_pair", "feedback", "feedback_link")


@dataclass(frozen=True, slots=True)
class Figures:
    """The figures a grade can come from, for one submission or reference agent over the same maps."""

    mean: float
    lower: float  # the lower end of the 95% bootstrap interval of the mean (the mean itself with one map)
    percent: float | None
    rank: int | None = None

    def value(self, by: str) -> float | None:
        """The figure ``by`` names."""
        return {"lower": self.lower, "mean": self.mean, "percent": self.percent,
                "rank": None if self.rank is None else float(self.rank)}[by]


@dataclass(frozen=True, slots=True)
class Anchor:
    """A threshold: a number, a reference agent's own figure on the same maps, or a percentile of the class's."""

    number: float | None = None
    agent: str = ""
    percentile: float | None = None

    def describe(self, by: str) -> str:
        """How a teacher says it: ``50``, ``incrocio's lower end``, ``the class's 80th percentile``."""
        if self.agent:
            return f"{self.agent}'s {SHORT[by]}"
        if self.percentile is not None:
            return f"the class's {self.percentile:g}th percentile"
        return f"{self.number:g}"

    def resolve(self, by: str, references: Mapping[str, Figures], class_values: Sequence[float]) -> float | None:
        """The threshold's value (None: a class percentile with no submission played)."""
        if self.agent:
            return references[self.agent].value(by)
        if self.percentile is not None:
            return float(np.percentile(class_values, self.percentile)) if len(class_values) else None
        return self.number


@dataclass(frozen=True, slots=True)
class Threshold:
    """One step of a scheme, resolved for a class: the grade, its anchor and the value it stood at."""

    grade: str
    anchor: Anchor | None
    value: float | None


@dataclass(frozen=True, slots=True)
class Scheme:
    """How figures become grades: what is compared (``by``) and the (grade, anchor) steps, best first.

    A submission gets the first grade whose threshold its figure reaches (by rank: this rank or better), and
    never a lower grade than a submission with a lower mean score: the interval of a steady agent is narrower
    than that of one that scored unevenly, and a grade must not reward a lower mean."""

    name: str  # the built-in scheme's name or the file's path
    by: str
    steps: tuple[tuple[str, Anchor | None], ...]
    not_played: str
    text: str  # the scheme's text (kept in the manifest)

    @property
    def references(self) -> tuple[str, ...]:
        """The agents whose figures anchor the grades: ``grade`` plays them on the class's maps."""
        return tuple(dict.fromkeys(a.agent for _, a in self.steps if a is not None and a.agent))

    def thresholds(self, references: Mapping[str, Figures], class_figures: Sequence[Figures]) -> list[Threshold]:
        """The steps with their values for this class (``references``: each reference agent's figures)."""
        values = [v for v in (f.value(self.by) for f in class_figures) if v is not None]
        return [Threshold(grade, anchor, None if anchor is None else anchor.resolve(self.by, references, values))
                for grade, anchor in self.steps]

    def grade_class(self, figures: Mapping[str, Figures | None], references: Mapping[str, Figures]
                    ) -> tuple[dict[str, str], list[Threshold]]:
        """Each submission's grade (``None`` figures: not played), and the thresholds they were given by."""
        steps = self.thresholds(references, [f for f in figures.values() if f is not None])
        levels = {name: self._level(f.value(self.by), steps) for name, f in figures.items() if f is not None}
        best = len(steps)
        for name in sorted(levels, key=lambda n: figures[n].mean):  # never below a lower mean's grade
            best = min(best, levels[name])
            levels[name] = best
        grades = {name: self.not_played if figures[name] is None or levels[name] == len(steps)
                  else steps[levels[name]].grade for name in figures}
        return grades, steps

    def _level(self, value: float | None, steps: Sequence[Threshold]) -> int:
        """The index of the first step ``value`` reaches (``len(steps)``: none)."""
        for level, step in enumerate(steps):
            if step.anchor is None or (value is not None and step.value is not None and (
                    value <= step.value if self.by == "rank" else value >= step.value)):
                return level
        return len(steps)

    def explain(self, steps: Sequence[Threshold]) -> str:
        """The scheme in one paragraph, with the values of this class's thresholds (pages and manifest)."""
        parts = []
        for step in steps:
            if step.anchor is None:
                parts.append(f"{step.grade} below")
                continue
            at = "" if step.anchor.number is not None or step.value is None else f" ({step.value:.1f})"
            verb = "rank" if self.by == "rank" else "from"
            parts.append(f"{step.grade} {verb} {step.anchor.describe(self.by)}{at}")
        played = (" (played on the same maps)" if self.references else "")
        return (f"Grades ({self.name} scheme) come from {FIGURES[self.by]} over the maps"
                + (", so a few lucky maps cannot decide a grade" if self.by == "lower" else "")
                + f": {', '.join(parts)}{played}. A submission never gets a lower grade than one with a lower "
                f"mean score; one that could not be played gets {self.not_played}.")


def read_scheme(choice: str | Path | None = None) -> Scheme:
    """A built-in scheme by name (``SCHEMES``; None: ``DEFAULT_SCHEME``) or a scheme file's;
    BattleshipError naming the file and problem."""
    name = str(choice) if choice is not None else DEFAULT_SCHEME
    if name in SCHEMES:
        text, where = SCHEMES[name], f"the {name} scheme"
    else:
        where = name
        try:
            text = Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BattleshipError(f"{where}: cannot read the grading scheme ({getattr(exc, 'strerror', None) or exc};"
                                  f" built-in schemes: {', '.join(SCHEMES)})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BattleshipError(f"{where}: not a TOML grading scheme ({exc})") from None
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
        anchor = _anchor(entry.get("from"), by, f"{where}: grade entry {number} ({entry['grade']})")
        steps.append((str(entry["grade"]), anchor))
    numbers = [a.number for _, a in steps if a is not None and a.number is not None]
    ordered = sorted(numbers) if by == "rank" else sorted(numbers, reverse=True)
    if numbers != ordered:
        raise BattleshipError(f"{where}: list the grades best first ({'rank from 1 up' if by == 'rank' else 'highest from first'})")
    return Scheme(name, by, tuple(steps), str(data.get("not_played", steps[-1][0])), text)


def _anchor(value, by: str, where: str) -> Anchor | None:
    """A step's ``from``: a number, ``{ agent = "NAME" }`` or ``{ class = PERCENTILE }`` (None: no threshold)."""
    if value is None:
        return None
    if isinstance(value, dict) and set(value) == {"agent"} and isinstance(value["agent"], str) and value["agent"]:
        if by == "rank":
            raise BattleshipError(f"{where}: by = \"rank\" takes ranks, not an agent")
        return Anchor(agent=value["agent"])
    if isinstance(value, dict) and set(value) == {"class"} and _number(value["class"]) and 0 <= value["class"] <= 100:
        if by == "rank":
            raise BattleshipError(f"{where}: by = \"rank\" takes ranks, not a percentile")
        return Anchor(percentile=float(value["class"]))
    if _number(value):
        return Anchor(number=float(value))
    raise BattleshipError(f"{where}: from must be a number, {{ agent = \"NAME\" }} or {{ class = 0..100 }}")


def _number(value) -> bool:
    return not isinstance(value, bool) and isinstance(value, int | float) and not math.isnan(value)


@dataclass(frozen=True, slots=True)
class GradeRow:
    """One submission's line of the gradebook."""

    identifier: str
    name: str
    email: str
    grade: str
    rank: int | None
    mean_score: float | None
    score_lower_95: float | None
    percent_of_oracle: float | None
    strongest_pair: str
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
