"""The coach: replay a finished game and grade every decision with the information the agent had.

At each step the agent's information is its ``Observation`` (counts, known cells,
fire outcomes so far, flags, resources); the hidden map is never read (only the
actual score is, to report the luck). With ``bayes``'s posterior over the layouts
consistent with that information and ``bayes``'s policy as the continuation
(``app.solver.bayes.policy``):

- a fire's *value* is the expected final score of firing there and playing on
  as ``bayes`` would; its *loss* is the value of the best action (``bayes``'s
  choice, a fire or stopping, or the agent's own fire if it is worth more)
  minus the fire's value, so never below zero;
- at solve, the *stopping* loss is what firing on (as ``bayes`` would) was worth
  over solving now; the *flags* loss is the expected score of ``bayes``'s best
  flag set minus that of the agent's flag set, with each of the agent's flags
  (and each missing flag) costed alone against the agent's set; the *leftovers*
  loss is what unused fires and flags cost when the profile charges for them;
- the *luck* of a fire is the value of the outcome that came minus the fire's
  value; the luck at solve is the actual score minus its expectation. The
  *luck-adjusted score* is the actual score minus the luck: its mean over the
  hidden fleets consistent with the start equals the mean actual score.
"""

from __future__ import annotations

import enum
import threading
import time
from dataclasses import dataclass, field

import numpy as np

from app.core import BattleshipError, Cell, Game, Observation, Outcome, StepEvent
from app.core.actions import ActionKind
from app.core.gamelog import rerun
from app.core.grid import SIZE
from app.solver.bayes.decisions import FireChoice, ScoreModel, Situation, best_flags
from app.solver.bayes.policy import (
    DEFAULT_SETTINGS,
    Continuation,
    PolicySettings,
    fire_value,
    information_bits,
    one_blas_thread,
)
from app.solver.bayes.posterior import CELLS, Posterior, build_posterior, cell_index, piece_code
from app.solver.coach.scoring import SolveState, expected_score
from app.solver.fast import Constraints

TIE = 1e-6


class DecisionKind(enum.StrEnum):
    """What a graded decision was."""

    FIRE = "fire"  # a fire, against the best other fire
    LATE_FIRE = "late fire"  # a fire when stopping was worth more
    FLAG = "flag"  # a flag of the final set, costed alone
    MISSING_FLAG = "missing flag"  # a cell of the best flag set the agent left unflagged
    STOP = "stop"  # solving with fires left when firing on was worth more
    LEFTOVER = "leftovers"  # unused fires and flags the profile charges for


#: the four places losses are summed in: fires, stopping, flags, leftovers
CATEGORY = {DecisionKind.FIRE: "fires", DecisionKind.LATE_FIRE: "stopping", DecisionKind.STOP: "stopping",
            DecisionKind.FLAG: "flags", DecisionKind.MISSING_FLAG: "flags", DecisionKind.LEFTOVER: "leftovers"}
CATEGORIES = ("fires", "stopping", "flags", "leftovers")


@dataclass(frozen=True, slots=True)
class Decision:
    """One graded decision.

    ``value``/``best_value``: expected final scores after the agent's choice and after
    the best one; ``best``: the best alternative's cell (None: stop firing and solve);
    ``p_ship``/``best_p_ship`` and ``bits``/``best_bits``: P(ship) of the cells and what a
    fire there tells (entropy of the revealed piece); ``luck``: for a fire, the value of
    the outcome that came minus ``value``.
    """

    step: int
    kind: DecisionKind
    cell: Cell | None
    loss: float
    value: float | None = None
    best_value: float | None = None
    best: Cell | None = None
    p_ship: float | None = None
    best_p_ship: float | None = None
    bits: float | None = None
    best_bits: float | None = None
    luck: float = 0.0

    def to_dict(self) -> dict:
        """A JSON-ready dict."""
        out = {"step": self.step, "kind": self.kind.value, "loss": round(self.loss, 3)}
        for name in ("cell", "best"):
            cell = getattr(self, name)
            out[name] = None if cell is None else [cell.x, cell.y]
        for name in ("value", "best_value", "p_ship", "best_p_ship", "bits", "best_bits", "luck"):
            value = getattr(self, name)
            out[name] = None if value is None else round(value, 4)
        return out


@dataclass(frozen=True, slots=True)
class CoachReport:
    """A game's decisions graded, and its luck-adjusted score."""

    map_name: str
    rules: str
    agent: str
    score: int
    expected_start: float  # expected final score of bayes's play from the start
    expected_final: float  # expected score of the agent's final position (flags as placed)
    luck_adjusted: float
    decisions: tuple[Decision, ...]
    layouts: str  # how the posterior was built (exact or sampled, how many)
    exact: bool  # every posterior of the game was exact (not sampled)
    seconds: float = 0.0
    losses: dict[str, float] = field(default_factory=dict)

    @property
    def luck(self) -> float:
        """Actual score minus luck-adjusted score."""
        return self.score - self.luck_adjusted

    @property
    def total_loss(self) -> float:
        """Expected points the decisions lost (fires, stopping, flag set, leftovers)."""
        return sum(self.losses.values())

    def at_step(self, step: int) -> list[Decision]:
        """The decisions graded at ``step``."""
        return [d for d in self.decisions if d.step == step]

    def fire_losses(self) -> dict[Cell, float]:
        """The loss of each fired cell (the overlay of the GUI)."""
        return {d.cell: d.loss for d in self.decisions
                if d.kind in (DecisionKind.FIRE, DecisionKind.LATE_FIRE) and d.cell is not None}

    def to_dict(self) -> dict:
        """A JSON-ready dict."""
        return {"map": self.map_name, "rules": self.rules, "agent": self.agent, "score": self.score,
                "expected_start": round(self.expected_start, 3), "expected_final": round(self.expected_final, 3),
                "luck_adjusted": round(self.luck_adjusted, 3), "luck": round(self.luck, 3),
                "losses": {k: round(v, 3) for k, v in self.losses.items()}, "total_loss": round(self.total_loss, 3),
                "layouts": self.layouts, "exact": self.exact, "seconds": round(self.seconds, 3),
                "decisions": [d.to_dict() for d in self.decisions]}


def _cell(index: int | None) -> Cell | None:
    return None if index is None else Cell(*divmod(index, SIZE))


def _facts(observation: Observation) -> dict[int, int]:
    facts = {cell_index(c): piece_code(p) for c, p in observation.known.items()}
    facts.update({cell_index(c): piece_code(p) for c, p in observation.fired.items()})
    return facts


def _fired_bits(observation: Observation) -> int:
    return sum(1 << cell_index(c) for c in observation.fired)


class _Tracker:
    """The posterior of the agent's information, kept in step as the game is replayed (as ``bayes`` keeps it)."""

    def __init__(self, settings: PolicySettings):
        self.settings = settings
        self.posterior: Posterior | None = None
        self.applied: dict[int, int] = {}
        self.details: list[str] = []
        self.exact = True

    def _build(self, observation: Observation) -> None:
        self.posterior, report = _cached_posterior(Constraints.from_observation(observation), self.settings.layout_cap)
        self.details.append(report.detail)
        self.exact &= report.exact
        self.applied = _facts(observation)

    def sync(self, observation: Observation) -> Posterior:
        """The posterior given everything ``observation`` shows."""
        if self.posterior is None:
            self._build(observation)
        assert self.posterior is not None
        for cell, code in _facts(observation).items():
            if self.applied.get(cell) != code:
                self.posterior = self.posterior.given(cell, code)
                self.applied[cell] = code
        if self.posterior.size == 0 or (not self.posterior.exact and self.posterior.effective_size() < 50):
            self._build(observation)
        if self.posterior.size == 0:
            raise BattleshipError(f"step {observation.step}: no fleet layout fits the counts and the cells known "
                                  f"(a map that breaks the fleet rules, e.g. touching ships): nothing to grade")
        return self.posterior


_CACHE: dict = {}
_CACHE_LOCK = threading.Lock()  # the GUI may grade two games at once


def _cached_posterior(constraints, cap: int):
    """``build_posterior`` without a time guard (deterministic), remembering the last few builds."""
    key = (constraints, cap)
    with _CACHE_LOCK:
        built = _CACHE.get(key)
    if built is None:
        built = build_posterior(constraints, cap)
        with _CACHE_LOCK:
            if len(_CACHE) >= 8:
                _CACHE.pop(next(iter(_CACHE)))
            _CACHE[key] = built
    return built


def clear_cache() -> None:
    """Forget the posteriors built so far (the next game is graded from a cold start)."""
    with _CACHE_LOCK:
        _CACHE.clear()


class Coach:
    """Grades one finished game; see the module docstring."""

    def __init__(self, game: Game, settings: PolicySettings = DEFAULT_SETTINGS):
        if not game.over:
            raise ValueError("the coach grades finished games only")
        self.game = game
        self.profile = game.profile
        self.model = ScoreModel(self.profile.weights)
        self.settings = settings
        self.tracker = _Tracker(settings)
        self.continuation = Continuation(self.model, settings)
        self.decisions: list[Decision] = []
        self.luck = 0.0
        self._best_at: dict[int, FireChoice] = {}
        self._flag_set_loss = 0.0

    def _best(self, posterior: Posterior, observation: Observation) -> FireChoice:
        """The best action at ``observation`` and its value (once per step)."""
        choice = self._best_at.get(observation.step)
        if choice is None:
            choice = self.continuation.best(posterior, Situation.from_observation(observation), _facts(observation),
                                            _fired_bits(observation))
            self._best_at[observation.step] = choice
        return choice

    def run(self) -> CoachReport:
        """Replay the game and grade it."""
        started = time.perf_counter()
        fresh = Game(self.game.map, self.profile, agent=self.game.agent)
        before = fresh.observation()
        expected_start = self._best(self.tracker.sync(before), before).value
        placed_at: dict[Cell, int] = {}  # the step of the guess that placed each flag
        for event, state in zip(self.game.events, rerun(fresh, self.game.events)):
            after = state.observation()
            action = event.action
            if action is not None and event.outcome is not Outcome.REJECTED:
                if action.kind is ActionKind.FIRE:
                    self._grade_fire(event, before, after)
                elif action.kind is ActionKind.GUESS and event.outcome is Outcome.FLAGGED:
                    placed_at[action.cell] = event.step
            before = after
        final = fresh.observation()
        expected_final = self._grade_solve(final, placed_at)
        losses = dict.fromkeys(CATEGORIES, 0.0)
        for d in self.decisions:
            if d.kind not in (DecisionKind.FLAG, DecisionKind.MISSING_FLAG):  # the set's loss is not their sum
                losses[CATEGORY[d.kind]] += d.loss
        losses["flags"] = self._flag_set_loss
        score = self.game.score()
        self.luck += score - expected_final
        return CoachReport(self.game.map.name, self.profile.name, self.game.agent, score,
                           expected_start, expected_final, score - self.luck,
                           tuple(sorted(self.decisions, key=lambda d: (d.step, -d.loss))),
                           "; ".join(dict.fromkeys(self.tracker.details)), self.tracker.exact,
                           time.perf_counter() - started, losses)

    # ----- fires ------------------------------------------------------------------------
    def _grade_fire(self, event: StepEvent, before: Observation, after: Observation) -> None:
        posterior = self.tracker.sync(before)
        choice = self._best(posterior, before)
        cell = event.action.cell
        index = cell_index(cell)
        situation = Situation.from_observation(before)
        p = posterior.marginals()
        if situation.open_cells[index]:
            branches = self.continuation.branches(posterior, situation, _facts(before), _fired_bits(before), index)
            value = fire_value(branches)
            came = piece_code(after.fired[cell])
            luck = next(b.value for b in branches if b.code == came) - value
            bits = information_bits(posterior, index)
        else:  # a fire on a cell already known: nothing to learn, only a fire spent
            value = self._best(posterior, after).value - self.continuation.unseen_fire_value(posterior, situation)
            luck, bits = 0.0, 0.0
        best_cell, best_value = choice.cell, choice.value
        if value > best_value - TIE:
            best_cell, best_value = index, max(value, best_value)
        kind = DecisionKind.FIRE if best_cell is not None else DecisionKind.LATE_FIRE
        best_bits = information_bits(posterior, best_cell) if best_cell is not None else None
        best_p = float(p[best_cell]) if best_cell is not None else None
        self.luck += luck
        self.decisions.append(Decision(event.step, kind, cell, max(best_value - value, 0.0), value, best_value,
                                       _cell(best_cell), float(p[index]), best_p, bits, best_bits, luck))

    # ----- solve ------------------------------------------------------------------------
    def _grade_solve(self, final: Observation, placed_at: dict[Cell, int]) -> float:
        """Grade stopping, the flag set and the leftovers; returns the expected score of the final position."""
        posterior = self.tracker.sync(final)
        state = SolveState.from_observation(final)
        step = self.game.events[-1].step if self.game.events else 0
        flags = set(final.flags)
        situation = Situation.from_observation(final)
        plan = best_flags(posterior, situation, self.model, self.settings.node_limit)
        best_set = {_cell(d) for d in plan.cells}

        def spent(cells: set[Cell]) -> float:
            return expected_score(posterior, state, cells, self.profile, spend_leftovers=True)

        agent_value = spent(flags)
        stop_value = max(spent(best_set), agent_value)
        self._flag_set_loss = stop_value - agent_value
        p = posterior.marginals()
        for cell in sorted(flags):
            cost = spent(flags - {cell}) - agent_value
            on_board = cell.on_board()
            self.decisions.append(Decision(placed_at.get(cell, step), DecisionKind.FLAG, cell, max(cost, 0.0),
                                           agent_value, agent_value + max(cost, 0.0),
                                           p_ship=float(p[cell_index(cell)]) if on_board else None))
        for cell in sorted(best_set - flags):
            gain = spent(flags | {cell}) - agent_value
            self.decisions.append(Decision(step, DecisionKind.MISSING_FLAG, None, max(gain, 0.0), agent_value,
                                           agent_value + max(gain, 0.0), best=cell,
                                           best_p_ship=float(p[cell_index(cell)])))
        if final.fires_left > 0 and posterior.size:
            choice = self._best(posterior, final)
            if choice.cell is not None:
                loss = max(choice.value - choice.stop_value, 0.0)
                self.decisions.append(Decision(step, DecisionKind.STOP, None, loss, choice.stop_value, choice.value,
                                               _cell(choice.cell), best_p_ship=choice.p_ship,
                                               best_bits=information_bits(posterior, choice.cell)))
        actual = expected_score(posterior, state, flags, self.profile)
        if agent_value - actual > TIE:
            self.decisions.append(Decision(step, DecisionKind.LEFTOVER, None, agent_value - actual, actual,
                                           agent_value))
        return actual


def coach_game(game: Game, settings: PolicySettings = DEFAULT_SETTINGS) -> CoachReport:
    """Grade a finished game's decisions (see the module docstring)."""
    with one_blas_thread():
        return Coach(game, settings).run()


def losses_by_cell(report: CoachReport) -> np.ndarray:
    """(10, 10) the loss of each fired cell (NaN where nothing was fired)."""
    grid = np.full((SIZE, SIZE), np.nan)
    for cell, loss in report.fire_losses().items():
        if cell.on_board():
            grid[cell.x, cell.y] = loss
    return grid


__all__ = ["CELLS", "CoachReport", "Decision", "DecisionKind", "coach_game", "losses_by_cell"]
