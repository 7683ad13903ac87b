"""``bayes``'s policy as a value function: the expected final score of a state, and of each fire from it.

The ``bayes`` agent decides with two searches over the posterior: the lookahead of
``decisions.choose_fire`` (one or two fires deep, by the number of layouts left)
and, once few layouts are left, the exact tree search of ``planner.FirePlanner``.
``Continuation`` picks between them exactly as the agent does, with the agent's
settings (``PolicySettings``), and answers what the coach asks: the best action of
a state with its value, and the value of every outcome of a given fire. A fire's
value is the probability-weighted value of its outcomes, each computed by the same
function, so the difference between the outcome that came and the fire's value has
mean zero over the posterior (the coach's luck).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace

import numpy as np

from app.solver.bayes.decisions import EPS, FireChoice, ScoreModel, Situation, best_flags, choose_fire
from app.solver.bayes.memo import SearchMemo
from app.solver.bayes.planner import FirePlanner, OutOfBudget
from app.solver.bayes.posterior import Posterior


@dataclass(frozen=True, slots=True)
class PolicySettings:
    """The ``bayes`` agent's search settings (its class attributes are these defaults)."""

    layout_cap: int = 20_000
    shortlist: int = 4
    node_limit: int = 20_000
    depths: tuple[tuple[int, int], ...] = ((3000, 2),)
    plan_layouts: int = 40
    plan_fires: int = 3
    plan_last_shortlist: int | None = 4
    plan_exact_layouts: int = 12
    plan_budget: int = 1500

    def depth(self, layouts: int) -> int:
        """Fires looked ahead with this many layouts left."""
        return next((d for most, d in self.depths if layouts <= most), 1)


DEFAULT_SETTINGS = PolicySettings()

_BLAS = None


def one_blas_thread() -> contextlib.AbstractContextManager:
    """Run numpy's matrix products on one thread: the products are small, and on a busy
    machine OpenBLAS's worker threads spin and make them many times slower."""
    global _BLAS
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:  # still correct, only slower
        return contextlib.nullcontext()
    if _BLAS is None:
        try:
            _BLAS = ThreadpoolController()
        except Exception:  # noqa: BLE001  (it inspects the process's libraries as each system allows: still correct)
            _BLAS = False
    return _BLAS.limit(limits=1, user_api="blas") if _BLAS else contextlib.nullcontext()


@dataclass(frozen=True, slots=True)
class Branch:
    """One possible outcome of a fire: the piece code it reveals, its probability, the value after it."""

    code: int
    probability: float
    value: float


class Continuation:
    """Values of states and fires under ``bayes``'s policy, for one game (the exact planner is reused)."""

    def __init__(self, model: ScoreModel, settings: PolicySettings = DEFAULT_SETTINGS):
        self.model = model
        self.settings = settings
        self._planner: FirePlanner | None = None
        self._failed_at: tuple[int, int] | None = None
        self.memo = SearchMemo()  # the lookahead from each step revalues much of the step before's

    # ----- which search ---------------------------------------------------------------
    def _planner_for(self, posterior: Posterior, situation: Situation) -> FirePlanner | None:
        s = self.settings
        size = posterior.size
        if not posterior.exact or size > s.plan_layouts:
            return None
        if situation.fires_left > s.plan_fires and size > s.plan_exact_layouts:
            return None
        if self._failed_at is not None:
            failed_size, failed_fires = self._failed_at
            if size > failed_size // 2 and situation.fires_left >= failed_fires:
                return None
        if self._planner is None or self._planner.root.size < size:
            self._planner = FirePlanner(posterior, self.model, s.plan_budget, s.node_limit, s.plan_last_shortlist,
                                        s.plan_exact_layouts)
        return self._planner

    def _give_up_planner(self, situation: Situation) -> None:
        assert self._planner is not None
        self._failed_at = (self._planner.root.size, situation.fires_left)
        self._planner = None

    # ----- what the coach asks ------------------------------------------------------------
    def best(self, posterior: Posterior, situation: Situation, facts: dict[int, int], fired: int) -> FireChoice:
        """The best action of the state (cell None: stop firing) and its expected final score.

        ``facts``: every cell's revealed piece code; ``fired``: bitboard of the fired cells.
        """
        planner = self._planner_for(posterior, situation)
        if planner is not None:
            try:
                return planner.choose(planner.rows_of(facts), situation, fired)
            except OutOfBudget:
                self._give_up_planner(situation)
        s = self.settings
        return choose_fire(posterior, situation, self.model, s.shortlist, s.node_limit, s.depth(posterior.size),
                           memo=self.memo)

    def branches(self, posterior: Posterior, situation: Situation, facts: dict[int, int], fired: int,
                 cell: int) -> list[Branch]:
        """Every outcome of a fire at the open ``cell``, with the value of the state it leads to."""
        probs = posterior.outcome_probabilities(cell)
        total = float(probs.sum())
        codes = [code for code, pk in enumerate(probs) if pk > EPS]
        planner = self._planner_for(posterior, situation)
        if planner is not None:
            try:
                rows = planner.rows_of(facts)
                column = planner.root.pieces[:, cell]
                return [Branch(code, float(probs[code]) / total,
                               planner.value(rows & (column == code), situation.after_fire(cell, code),
                                             fired | (1 << cell)))
                        for code in codes]
            except OutOfBudget:
                self._give_up_planner(situation)
        s = self.settings
        depth = s.depth(posterior.size)
        out = []
        for code in codes:
            branch, after = posterior.given(cell, code), situation.after_fire(cell, code)
            if depth > 1:
                value = choose_fire(branch, after, self.model, s.shortlist, s.node_limit, depth - 1,
                                    memo=self.memo).value
            else:
                value = best_flags(branch, after, self.model, s.node_limit, self.memo).value
            out.append(Branch(code, float(probs[code]) / total, value))
        return out


    def unseen_fire_value(self, posterior: Posterior, situation: Situation) -> float:
        """What one more fire is worth where the search cannot see it (0 when it sees every fire left).

        The lookahead sees ``depth`` fires; a fire spent for nothing with more fires left than that changes
        no value it computes. Its worth is then taken as that of the last fire the lookahead sees: the
        value with ``depth`` fires left minus the value with one fewer (an estimate: later fires are
        usually worth less than earlier ones).
        """
        s = self.settings
        if posterior.exact and posterior.size <= s.plan_layouts and (
                situation.fires_left <= s.plan_fires or posterior.size <= s.plan_exact_layouts):
            return 0.0  # the exact search weighs every fire left
        depth = s.depth(posterior.size)
        if situation.fires_left <= depth:
            return 0.0
        values = [choose_fire(posterior, replace(situation, fires_left=fires), self.model, s.shortlist,
                              s.node_limit, depth, memo=self.memo).value for fires in (depth, depth - 1)]
        return max(values[0] - values[1], 0.0)


def fire_value(branches: list[Branch]) -> float:
    """The expected final score of a fire: its outcomes' values weighted by their probabilities."""
    return float(sum(b.probability * b.value for b in branches))


def information_bits(posterior: Posterior, cell: int) -> float:
    """What a fire at ``cell`` tells, in bits: the entropy of the piece it reveals (0 for a known cell)."""
    probs = posterior.outcome_probabilities(cell)
    probs = probs[probs > EPS] / probs.sum()
    return float(-(probs * np.log2(probs)).sum()) + 0.0
