"""The sequential test of an A/B comparison: after each map's paired score delta, stop as soon as the answer is clear.

Wald's sequential probability ratio test on the mean delta ``mu``: H0 mu = 0 against the two-sided alternative
mu = +D or mu = -D, weighted half and half (a mixture SPRT). With ``n`` deltas summing to ``S`` and their sample
variance ``s2`` (a normal model whose variance is estimated as the maps come: the "sequential t" approximation),
the log likelihood ratios of each side and of the mixture are

    L+ = D (S - n D / 2) / s2        L- = D (-S - n D / 2) / s2        L = log((exp(L+) + exp(L-)) / 2)

and with Wald's bounds ``upper = log((1 - beta) / alpha)``, ``lower = log(beta / (1 - alpha))``:

- ``better`` when L >= upper and S > 0, ``worse`` when L >= upper and S < 0;
- ``no difference`` (none as large as D) when L <= lower;
- otherwise one more map. No verdict before ``min_maps`` maps (the variance estimate needs them); maps running
  out first leave the answer ``undecided``.

So a wrong "better" or "worse" when the agents are equal has probability about alpha, and missing a difference of
D (either way, on average) about beta. Against running two one-sided tests, one per side, the mixture may say
"no difference" before both sides are sure, which saves maps when there is none. ``benchmarks/ab_sim.py`` checks
the rates by simulation on real deltas. Plain numpy; the same function decides one run (``SequentialTest``) and
10,000 simulated runs at once.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

import numpy as np

from app.core import BattleshipError


class Verdict(enum.StrEnum):
    """What an A/B comparison concluded about the new agent against the old."""

    BETTER = "better"
    WORSE = "worse"
    NO_DIFFERENCE = "no difference"
    UNDECIDED = "undecided"


# ``decisions`` codes -> verdicts (0: go on)
VERDICT_CODES = {1: Verdict.BETTER, 2: Verdict.WORSE, 3: Verdict.NO_DIFFERENCE}
MIN_MAPS = 30


@dataclass(frozen=True, slots=True)
class Design:
    """What the user asks of the test: error rates and the smallest difference worth finding (points a game).

    ``alpha``: a wrong "better" or "worse" verdict when there is no difference (both sides together);
    ``beta``: a difference of ``delta`` points or more not reported as such.
    """

    alpha: float = 0.05
    beta: float = 0.05
    delta: float = 10.0
    min_maps: int = MIN_MAPS

    def __post_init__(self) -> None:
        for name in ("alpha", "beta"):
            value = getattr(self, name)
            if not 0 < value < 0.5:
                raise BattleshipError(f"--{name} must be between 0 and 0.5 (an error rate), not {value:g}")
        if not self.delta > 0 or not math.isfinite(self.delta):
            raise BattleshipError(f"--delta must be more than 0 points, not {self.delta:g}")
        if self.min_maps < 2:
            raise BattleshipError(f"the sequential test needs at least 2 maps before a verdict, not {self.min_maps}")

    @property
    def upper(self) -> float:
        """Wald's upper bound on the log likelihood ratio: crossing it says "better" (or "worse")."""
        return math.log((1 - self.beta) / self.alpha)

    @property
    def lower(self) -> float:
        """Wald's lower bound: below it says "no difference as large as delta"."""
        return math.log(self.beta / (1 - self.alpha))

    def fixed_maps(self, sd: float, power: float | None = None) -> int:
        """Maps a fixed-sample two-sided z-test at ``alpha`` needs for ``power`` (default ``1 - beta``) at
        ``delta``, for deltas of standard deviation ``sd``: what the sequential test is weighed against."""
        from statistics import NormalDist

        z = NormalDist().inv_cdf
        power = 1 - self.beta if power is None else power
        return math.ceil(((z(1 - self.alpha / 2) + z(power)) * sd / self.delta) ** 2)


def decisions(design: Design, count, total, variance) -> np.ndarray:
    """The decision after ``count`` maps whose deltas sum to ``total`` with sample variance ``variance``
    (arrays of one shape, or numbers): 0 go on, else a key of ``VERDICT_CODES``."""
    count, total = np.asarray(count, dtype=float), np.asarray(total, dtype=float)
    variance = np.maximum(np.asarray(variance, dtype=float), 1e-9)  # all deltas equal so far: no spread yet
    half = count * design.delta / 2
    plus = design.delta * (total - half) / variance
    minus = design.delta * (-total - half) / variance
    mixture = np.logaddexp(plus, minus) - math.log(2)
    code = np.zeros(mixture.shape, dtype=np.int8)
    code[mixture <= design.lower] = 3
    code[(mixture >= design.upper) & (total < 0)] = 2
    code[(mixture >= design.upper) & (total > 0)] = 1
    code[np.broadcast_to(count < design.min_maps, code.shape)] = 0
    return code


def run_decisions(design: Design, deltas: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Many runs at once: ``deltas[r, i]`` the ``i``-th map's delta of run ``r``. Returns each run's verdict code
    (0: undecided when the maps ran out) and the maps it used (all of them when undecided)."""
    deltas = np.asarray(deltas, dtype=float)
    runs, maps = deltas.shape
    count = np.arange(1, maps + 1, dtype=float)
    total = np.cumsum(deltas, axis=1)
    squares = np.cumsum(deltas * deltas, axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        variance = (squares - total * total / count) / np.maximum(count - 1, 1)
    codes = decisions(design, count, total, variance)
    decided = codes != 0
    first = np.argmax(decided, axis=1)
    any_decided = decided[np.arange(runs), first]
    verdict = np.where(any_decided, codes[np.arange(runs), first], 0)
    used = np.where(any_decided, first + 1, maps)
    return verdict, used


class SequentialTest:
    """The test fed one map's delta at a time (a live A/B): ``add`` returns the verdict once it is decided."""

    def __init__(self, design: Design):
        self.design = design
        self.count = 0
        self.total = 0.0
        self.squares = 0.0
        self.verdict: Verdict | None = None

    def add(self, delta: float) -> Verdict | None:
        """Count one more map; its verdict when this map decides (or decided earlier), else None."""
        if self.verdict is not None:
            return self.verdict
        self.count += 1
        self.total += delta
        self.squares += delta * delta
        variance = (self.squares - self.total ** 2 / self.count) / max(self.count - 1, 1)
        code = int(decisions(self.design, self.count, self.total, variance))
        self.verdict = VERDICT_CODES.get(code)
        return self.verdict
