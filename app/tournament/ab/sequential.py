"""The anytime-valid test of an A/B comparison: after any map, a verdict and an interval that may be read as often as
one likes, the error rates holding however often they are read.

The interval is a confidence sequence for the mean delta ``mu`` (new score minus old, a map): with probability
``1 - alpha`` it holds ``mu`` after every map at once, not only at one planned count. It comes from Lai's mixture
sequential t-test: for a candidate mean ``m``, with ``S = sum(x - m)`` and ``V = sum((x - m)^2)`` over ``n`` maps,

    M(m) = sqrt(c / (n + c)) * (1 - S^2 / ((n + c) V)) ** (-n / 2)

is the likelihood ratio of "the mean is m" against a mean ``m + theta * sigma`` with ``theta`` drawn from
N(0, 1 / c), the spread ``sigma`` unknown (integrated out with the scale-invariant prior). Under normal deltas it is
a test martingale for every ``sigma``, so by Ville's inequality ``M(m)`` ever reaching ``1 / alpha`` has probability at
most ``alpha``; the means it has not rejected form the interval, ``mean +- sqrt(K SS / (n (n - K)))`` with
``SS`` the squared deviations, ``K = q (n + c)`` and ``q = 1 - (alpha sqrt(c / (n + c))) ** (2 / n)`` (no bound while
``K >= n``: the method's own few first maps). Two choices, both measured in benchmarks/ab_sim.py (docs/ab.md):

- ``PRIOR_EFFECT`` ``c = 3``: differences of about half the deltas' spread are the ones looked for; a smaller ``c``
  bounds the interval a map or two earlier and is wider at a few hundred maps.
- ``PRIOR_SPREAD``: ``SS`` starts at ``200^2``, as if one map had already been seen 200 points from the mean (a
  big swing on one map of this game). A run of equal scores (two versions that play alike, or the first maps of
  two that differ on few) then needs about 65 maps to say "the same within +-10", not 7 (16 within +-50). Adding
  to ``SS`` only widens the interval, so the error rates stay within those asked for. 200 is the least of those
  measured (100, 150, 200) that keeps two versions differing on one map in ten within ``beta`` at D.

The verdict follows the interval, so the two never contradict: ``better`` when its ``1 - alpha`` interval is above
0, ``worse`` below, ``the same`` when its ``1 - beta`` interval is inside (-D, +D) (so a true difference of D is
called "the same" at most ``beta`` of the time), else one more map. Each interval is the intersection of those of
all the maps so far (still a confidence sequence). Plain numpy: ``SequentialTest`` takes a live A/B map by map,
``judge`` a list of deltas, ``run_decisions`` thousands of simulated runs at once, all three with one formula.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from app.core import BattleshipError

PRIOR_EFFECT = 3.0
PRIOR_SPREAD = 200.0  # points: the squared deviations start at PRIOR_SPREAD ** 2
MAX_PROJECTED = 1_000_000  # an undecided test's projection looks no further (maps)


class Verdict(enum.StrEnum):
    """What an A/B comparison concluded about the new agent against the old."""

    BETTER = "better"
    WORSE = "worse"
    SAME = "the same"
    UNDECIDED = "undecided"


# ``run_decisions`` codes -> verdicts (0: undecided)
VERDICT_CODES = {1: Verdict.BETTER, 2: Verdict.WORSE, 3: Verdict.SAME}


@dataclass(frozen=True, slots=True)
class Design:
    """What the user asks of the test: error rates and the difference within which two agents are the same.

    ``alpha``: a "better" or "worse" verdict when there is no difference (both sides together);
    ``beta``: a difference of ``delta`` points a game called "the same".
    """

    alpha: float = 0.05
    beta: float = 0.05
    delta: float = 10.0

    def __post_init__(self) -> None:
        for name in ("alpha", "beta"):
            value = getattr(self, name)
            if not 0 < value < 0.5:
                raise BattleshipError(f"--{name} must be between 0 and 0.5 (an error rate), not {value:g}")
        if not self.delta > 0 or not math.isfinite(self.delta):
            raise BattleshipError(f"--delta must be more than 0 points, not {self.delta:g}")

    @property
    def prior_squares(self) -> float:
        """The squared deviations the test starts from (``PRIOR_SPREAD``)."""
        return PRIOR_SPREAD ** 2


def half_width(level: float, count, squares) -> np.ndarray:
    """Half the width of the confidence sequence at error rate ``level`` after ``count`` maps whose squared
    deviations from their mean (prior included) are ``squares`` (numbers or arrays): inf while unbounded."""
    count = np.asarray(count, dtype=float)
    share = 1 - (level * np.sqrt(PRIOR_EFFECT / (count + PRIOR_EFFECT))) ** (2 / np.maximum(count, 1))
    k = share * (count + PRIOR_EFFECT)
    with np.errstate(divide="ignore", invalid="ignore"):
        width = np.sqrt(k * np.asarray(squares, dtype=float) / (count * (count - k)))
    return np.where((k < count) & (count > 0), width, np.inf)


def decide(design: Design, low_alpha, high_alpha, low_beta, high_beta) -> np.ndarray:
    """The verdict codes of the intervals (0: go on): above 0 better, below worse, inside (-D, D) the same."""
    code = np.zeros(np.shape(low_alpha), dtype=np.int8)
    code[(np.asarray(low_beta) > -design.delta) & (np.asarray(high_beta) < design.delta)] = 3
    code[np.asarray(high_alpha) < 0] = 2
    code[np.asarray(low_alpha) > 0] = 1
    return code


def run_decisions(design: Design, deltas: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Many runs at once: ``deltas[r, i]`` the ``i``-th map's delta of run ``r``. Returns each run's verdict code
    (0: undecided when the maps ran out) and the maps it used (all of them when undecided)."""
    deltas = np.asarray(deltas, dtype=float)
    runs, maps = deltas.shape
    count = np.arange(1, maps + 1, dtype=float)
    total = np.cumsum(deltas, axis=1)
    squares = np.maximum(np.cumsum(deltas * deltas, axis=1) - total * total / count, 0) + design.prior_squares
    mean = total / count
    bounds = []
    for level in (design.alpha, design.beta):
        width = half_width(level, count, squares)
        bounds += [np.maximum.accumulate(mean - width, axis=1), np.minimum.accumulate(mean + width, axis=1)]
    codes = decide(design, *bounds)
    decided = codes != 0
    first = np.argmax(decided, axis=1)
    rows = np.arange(runs)
    verdict = np.where(decided[rows, first], codes[rows, first], 0)
    return verdict, np.where(decided[rows, first], first + 1, maps)


@dataclass(frozen=True, slots=True)
class Judgement:
    """The test's answer after ``maps`` deltas: the verdict, the mean delta and the interval printed with it.

    ``low``/``high`` bound the mean at ``confidence`` (``1 - alpha`` for better, worse and undecided, ``1 - beta`` for
    the same; the stricter of the two when undecided); infinite before the method's first bounded map.
    ``more_maps``: when undecided, about how many more maps like these would likely decide (None otherwise).
    """

    verdict: Verdict
    maps: int
    mean: float
    low: float
    high: float
    confidence: float
    more_maps: int | None = None

    @property
    def bounded(self) -> bool:
        """True once the interval has both ends."""
        return math.isfinite(self.low) and math.isfinite(self.high)

    def interval_text(self, digits: int = 0) -> str:
        """``[+3, +47]``, or ``(unbounded: too few maps)``."""
        if not self.bounded:
            return "(unbounded: too few maps)"
        return f"[{self.low:+.{digits}f}, {self.high:+.{digits}f}]"


class SequentialTest:
    """The test fed one map's delta at a time (a live A/B): ``add`` returns the verdict once it is decided; after that,
    more deltas are not taken (the verdict and its interval are those of the map that decided)."""

    def __init__(self, design: Design):
        self.design = design
        self.count = 0
        self.total = 0.0
        self.squares = 0.0
        self.bounds = [-math.inf, math.inf, -math.inf, math.inf]  # alpha low, high; beta low, high (intersected)
        self.verdict: Verdict | None = None

    def add(self, delta: float) -> Verdict | None:
        """Count one more map; its verdict when this map decides (or decided earlier), else None."""
        if self.verdict is not None:
            return self.verdict
        self.count += 1
        self.total += delta
        self.squares += delta * delta
        mean, deviations = self.total / self.count, self._deviations()
        for i, level in enumerate((self.design.alpha, self.design.beta)):
            width = float(half_width(level, self.count, deviations))
            self.bounds[2 * i] = max(self.bounds[2 * i], mean - width)
            self.bounds[2 * i + 1] = min(self.bounds[2 * i + 1], mean + width)
        self.verdict = VERDICT_CODES.get(int(decide(self.design, *self.bounds)))
        return self.verdict

    def _deviations(self) -> float:
        """Squared deviations from the mean so far, prior included."""
        spread = self.squares - self.total ** 2 / self.count if self.count else 0.0
        return max(spread, 0.0) + self.design.prior_squares

    def judgement(self) -> Judgement:
        """The verdict so far with its interval (see ``Judgement``)."""
        verdict = self.verdict or Verdict.UNDECIDED
        mean = self.total / self.count if self.count else 0.0
        alpha_low, alpha_high, beta_low, beta_high = self.bounds
        if verdict is Verdict.SAME:
            low, high, level = beta_low, beta_high, self.design.beta
        elif verdict is Verdict.UNDECIDED and self.design.beta < self.design.alpha:
            low, high, level = beta_low, beta_high, self.design.beta
        else:
            low, high, level = alpha_low, alpha_high, self.design.alpha
        more = self.more_maps() if verdict is Verdict.UNDECIDED else None
        return Judgement(verdict, self.count, mean, low, high, 1 - level, more)

    def more_maps(self) -> int:
        """About how many more maps would decide if they went on as so far (same mean, same spread a map): the first
        count whose interval, centred on this mean, is clear of 0 or inside (-D, D)."""
        mean = self.total / self.count if self.count else 0.0
        spread = (self._deviations() - self.design.prior_squares) / max(self.count - 1, 1)
        counts = np.unique(np.geomspace(self.count + 1, MAX_PROJECTED, 4000).astype(int))
        squares = spread * (counts - 1) + self.design.prior_squares
        apart = half_width(self.design.alpha, counts, squares) < abs(mean)
        inside = half_width(self.design.beta, counts, squares) < self.design.delta - abs(mean)
        enough = counts[apart | inside]
        return int(enough[0] - self.count) if len(enough) else MAX_PROJECTED


def judge(deltas: Sequence[float], design: Design | None = None) -> Judgement:
    """The verdict on paired deltas (new minus old, a map each, in the order played): they are fed to the test one by
    one and it stops at the first that decides. The function the command line, Compare ▸ A/B and the class arena use
    for a verdict on scores they already have."""
    test = SequentialTest(design or Design())
    for delta in deltas:
        if test.add(float(delta)) is not None:
            break
    return test.judgement()
