"""``bayes``: exact posterior over fleet placements, fires and flags chosen by expected final score.

Enumerates every fleet placement consistent with the counts and the known
cells (uniform prior), filters it after each fire, and at every step fires
at the cell whose one-step lookahead (each possible revealed piece, then the
best flag set) has the highest expected final score, but only when that
beats stopping now (when few layouts are left, ``FirePlanner`` searches the
whole tree of remaining fires exactly instead); then places the flag set that
maximises the expected final score (sinks and safe cells included, flag limit respected). All values
come from the game's rules profile, so unito-2019 and unito-2022 get
different play. Deterministic: ties go to the first cell in row-major order.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import numpy as np

from agents.base import Agent
from app.core import PROFILES, SIZE, Action, Cell, Observation
from app.solver.bayes.decisions import FireChoice, FlagPlan, ScoreModel, Situation, best_flags, choose_fire
from app.solver.bayes.planner import FirePlanner, OutOfBudget
from app.solver.bayes.policy import DEFAULT_SETTINGS, one_blas_thread
from app.solver.bayes.posterior import CELLS, Posterior, build_posterior, cell_index, piece_code


def _cell(index: int) -> Cell:
    return Cell(*divmod(index, SIZE))


# Posteriors built lately, by constraints: a rerun (or the next game) on the same map starts at once and
# from the very same posterior, even when the enumeration time guard cut it short the first time.
_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 4
_CACHE_LOCK = threading.Lock()


class BayesAgent(Agent):
    """Fires and flags by expected score over the exact posterior of fleet placements."""

    name = "bayes"
    description = "exact posterior over fleet placements; fires and flags by expected final score"

    parameters = ("layout_cap", "enumeration_seconds", "shortlist", "node_limit", "plan_layouts", "plan_fires",
                  "plan_last_shortlist", "plan_exact_layouts", "plan_budget")
    #: at most this many layouts are enumerated; above it the posterior is sampled
    layout_cap = DEFAULT_SETTINGS.layout_cap
    #: guard against an overloaded machine (steps have a time cap): enumeration stops after this long
    enumeration_seconds = 6.0
    #: fire candidates re-valued exactly after the quick ranking
    shortlist = DEFAULT_SETTINGS.shortlist
    #: branch-and-bound nodes per flag optimisation before settling for the best found
    node_limit = DEFAULT_SETTINGS.node_limit
    #: fires looked ahead, by the number of layouts left: (at most this many layouts, depth);
    #: depth 1 is "fire, see, flag", each further level allows one more fire after each outcome
    depths = DEFAULT_SETTINGS.depths
    #: at most this many layouts left: fires are chosen by the exact search of ``FirePlanner``
    plan_layouts = DEFAULT_SETTINGS.plan_layouts
    #: ... and at most this many fires left (the tree grows fast with both)
    plan_fires = DEFAULT_SETTINGS.plan_fires
    #: with one fire left the exact search weighs only this many cells, the lookahead's best (None: all)
    plan_last_shortlist: int | None = DEFAULT_SETTINGS.plan_last_shortlist  # 0 or None: all
    #: at most this many layouts left: the exact search however many fires are left, weighing every
    #: cell at the last one too (no shortlist: on so few layouts that is also the cheaper search)
    plan_exact_layouts = DEFAULT_SETTINGS.plan_exact_layouts
    #: stop evaluations the exact search may spend in a game before falling back to the lookahead
    plan_budget = DEFAULT_SETTINGS.plan_budget

    def __init__(self, seed: int | None = None, layout_cap: int | None = None):
        super().__init__(seed)
        if layout_cap is not None:
            self.layout_cap = layout_cap
        self.posterior: Posterior | None = None
        self.model: ScoreModel | None = None
        self._applied: dict[int, int] = {}
        self._done_firing = False
        self._plan: FlagPlan | None = None
        self._belief: np.ndarray | None = None
        self._planner: FirePlanner | None = None
        self._plan_failed_at: tuple[int, int] | None = None  # (placements, fires left) of the last failure

    # ----- posterior ---------------------------------------------------------------
    def start(self, observation: Observation) -> None:
        """Enumerate the layouts consistent with what is known at start."""
        self.model = ScoreModel(PROFILES[observation.rules].weights)
        self._rebuild(observation)
        self.log(f"start: {self._report}; flag when P(ship) > {self.model.always_threshold:.3f}, "
                 f"never at or below {self.model.never_threshold:.3f}, search the cells in between")

    def _facts(self, observation: Observation) -> dict[int, int]:
        facts = {cell_index(c): piece_code(p) for c, p in observation.known.items()}
        facts.update({cell_index(c): piece_code(p) for c, p in observation.fired.items()})
        return facts

    def _rebuild(self, observation: Observation) -> None:
        from app.solver.fast import Constraints

        constraints = Constraints.from_observation(observation)
        key = (constraints, self.layout_cap, self.enumeration_seconds)
        with _CACHE_LOCK:
            built = _CACHE.get(key)
        if built is None:
            built = build_posterior(constraints, self.layout_cap, seconds=self.enumeration_seconds)
            with _CACHE_LOCK:
                _CACHE[key] = built
                while len(_CACHE) > _CACHE_SIZE:
                    _CACHE.popitem(last=False)
        self.posterior, report = built
        self._report = report.detail
        self._applied = self._facts(observation)

    def _sync(self, observation: Observation) -> None:
        if self.posterior is None or self.model is None:
            self.start(observation)
        assert self.posterior is not None
        for cell, code in self._facts(observation).items():
            if self._applied.get(cell) != code:
                self.posterior = self.posterior.given(cell, code)
                self._applied[cell] = code
        sampled_thin = not self.posterior.exact and self.posterior.effective_size() < 50
        if self.posterior.size == 0 or sampled_thin:
            self._rebuild(observation)
            self.log(f"posterior rebuilt: {self._report}")
        p = self.posterior.marginals() if self.posterior.size else np.zeros(CELLS)
        self._belief = p.reshape(SIZE, SIZE).copy()

    # ----- decisions ---------------------------------------------------------------
    def act(self, observation: Observation) -> Action:
        """Fire while a fire beats stopping, then place the best flag set, spend leftovers if they cost, solve."""
        with one_blas_thread():
            return self._act(observation)

    def _act(self, observation: Observation) -> Action:
        self._sync(observation)
        assert self.posterior is not None and self.model is not None
        situation = Situation.from_observation(observation)
        p = self.posterior.marginals()
        size = self.posterior.size
        if not self._done_firing and observation.fires_left > 0 and size:
            choice, how = self._planned_fire(observation, situation)
            if choice is None:
                depth = next((d for most, d in self.depths if size <= most), 1)
                choice = choose_fire(self.posterior, situation, self.model, self.shortlist, self.node_limit, depth)
                how = f"{how}{depth}-fire lookahead"
            if choice.cell is not None:
                cell = _cell(choice.cell)
                self.log(f"fire {cell.x} {cell.y}: P(ship) {choice.p_ship:.3f}, expected score {choice.value:.1f} "
                         f"(stop now {choice.stop_value:.1f}; {how}), {self._placements()} left")
                return Action.fire(*cell)
            self._done_firing = True
            self._plan = choice.plan
            self.log(f"stop firing: no fire beats stopping (expected score {choice.stop_value:.1f}; {how}), "
                     f"{self._placements()} left")
        if self._plan is None:
            self._plan = best_flags(self.posterior, situation, self.model, self.node_limit) if size else \
                FlagPlan((), 0.0, True, 0)
            self._done_firing = True
        return self._finish(observation, situation, p)

    def _planned_fire(self, observation: Observation, situation: Situation) -> tuple[FireChoice | None, str]:
        """The exact search's choice when few enough layouts are left (None: look ahead instead), and how."""
        assert self.posterior is not None and self.model is not None
        size = self.posterior.size
        if not self.posterior.exact or size > self.plan_layouts:
            return None, ""
        if situation.fires_left > self.plan_fires and size > self.plan_exact_layouts:
            return None, ""
        if self._plan_failed_at is not None:  # retried once the tree is clearly smaller: half the layouts, or a fire less
            failed_size, failed_fires = self._plan_failed_at
            if size > failed_size // 2 and situation.fires_left >= failed_fires:
                return None, self._over_budget()
        if self._planner is None or self._planner.root.size < size:
            self._planner = FirePlanner(self.posterior, self.model, self.plan_budget, self.node_limit,
                                        self.plan_last_shortlist, self.plan_exact_layouts)
        fired = 0
        for cell in observation.fired:
            fired |= 1 << cell_index(cell)
        try:
            return self._planner.choose(self._planner.rows_of(self._applied), situation, fired), "exact search"
        except OutOfBudget:
            self._plan_failed_at = (self._planner.root.size, situation.fires_left)
            self._planner = None
            return None, self._over_budget()

    def _over_budget(self) -> str:
        size, fires = self._plan_failed_at or (0, 0)
        return f"exact search over its budget at {size} placements and {fires} fires, "

    def _finish(self, observation: Observation, situation: Situation, p: np.ndarray) -> Action:
        assert self._plan is not None and self.model is not None
        plan = set(self._plan.cells)
        where = f"expected score {self._plan.value:.1f}{'' if self._plan.exact else ' (search cut short)'}"
        for cell in sorted(observation.flags):
            index = cell_index(cell)
            if situation.open_cells[index] and index not in plan:
                self.log(f"unguess {cell.x} {cell.y}: P(ship) {p[index]:.3f}, not in the best flag set; {where}, "
                         f"{self._placements()} left")
                return Action.unguess(*cell)
        if observation.guesses_left > 0:
            for index in sorted(plan):
                cell = _cell(index)
                if cell not in observation.flags:
                    self.log(f"guess {cell.x} {cell.y}: P(ship) {p[index]:.3f}; {where}, {self._placements()} left")
                    return Action.guess(*cell)
        spare = self._spare_target(observation)
        if self.model.waste_flags and observation.guesses_left > 0 and spare is not None:
            self.log(f"guess {spare.x} {spare.y}: a spare flag where it counts for nothing "
                     f"(unused flags cost {-self.model.w('guesses_left'):.0f})")
            return Action.guess(*spare)
        fire_spare = self._spare_target(observation, for_fire=True)
        if self.model.waste_fires and observation.fires_left > 0 and fire_spare is not None:
            self.log(f"fire {fire_spare.x} {fire_spare.y}: a spare fire where it counts for nothing "
                     f"(unused fires cost {-self.model.w('fires_left'):.0f})")
            return Action.fire(*fire_spare)
        self.log(f"solve: {where}, {self._placements()} left")
        return Action.solve()

    @staticmethod
    def _spare_target(observation: Observation, for_fire: bool = False) -> Cell | None:
        """A cell where a fire or flag counts for nothing: a fired cell, a ship known at start (or a flag)."""
        cells = sorted(observation.fired) + sorted(c for c, p in observation.start_known.items() if p.is_ship)
        if not for_fire:
            cells += sorted(observation.flags)
        return cells[0] if cells else None

    def _placements(self) -> str:
        post = self.posterior
        if post is None:
            return "no placements"
        if post.exact:
            return f"{post.size} placements"
        return f"{post.size} sampled placements (effective {post.effective_size():.0f})"

    def belief(self) -> np.ndarray | None:
        """P(ship) per cell from the posterior (known cells are 0 or 1)."""
        return self._belief


AGENT = BayesAgent
