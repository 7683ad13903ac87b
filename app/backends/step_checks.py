"""The protocol checks of a played step, shared by ``check-agent``, ``run`` and the app's live warnings.

The checks return data (``Finding``: kind, step, message). ``CheckedDriver``
wraps any driver and checks each step as it is played: the action against the
observation it was chosen on (a fire at a cell already fired, a flag beyond
the limit, coordinates off the board, an unguess of an unflagged cell...),
the turn's ``exec`` facts of a CLIPS agent (several for one step, one for
another step, an action after a ``solve``), a turn with no action, steps near
the time cap (``SLOW_STEP``: it depends on the machine, so tests and live
warnings leave it out) or the firing cap, and, from the driver's
``TurnSummary`` when it fires rules one at a time (a traced CLIPS agent), an
agent that kept the focus after asserting its exec and a rule firing more
than ``REPEATS`` times in one turn. ``on_finding`` hears each finding as it
is made: the live warnings of ``run`` and the app.
"""

from __future__ import annotations

import contextlib
import enum
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.backends.base import AgentFailure, Driver, ExecFact, FactRow, PauseRequest, StartContext, TurnSummary
from app.core import (
    SIZE,
    Action,
    ActionError,
    ActionKind,
    BattleshipError,
    Cell,
    Observation,
    Piece,
    RulesProfile,
    StepEvent,
)

#: a step using more than this share of the time cap (or of the firing cap) is reported
NEAR_CAP = 0.5
#: a rule firing more often than this in one turn is reported (a loop?); the busiest rule of the agents in
#: agents/clips fires at most 141 times in a turn (bdi; incrocio and probabilistico 48)
REPEATS = 500


class FindingKind(enum.StrEnum):
    """What went wrong (the names ``check-agent`` prints)."""

    LOAD_ERROR = "load-error"
    PARENS = "parens"
    NO_POP_FOCUS = "no-pop-focus"
    NO_EXEC = "no-exec"
    SEVERAL_EXECS = "several-execs"
    WRONG_STEP = "wrong-step"
    AFTER_SOLVE = "after-solve"
    BAD_ACTION = "bad-action"
    OFF_BOARD = "off-board"
    FIRE_TWICE = "fire-twice"
    FLAG_TWICE = "flag-twice"
    NO_FIRES_LEFT = "no-fires-left"
    NO_FLAGS_LEFT = "no-flags-left"
    UNGUESS_UNFLAGGED = "unguess-unflagged"
    NONDETERMINISTIC = "nondeterministic"
    SLOW_STEP = "slow-step"
    NEAR_CAP = "near-cap"
    FOCUS_KEPT = "focus-kept"
    RULE_REPEATS = "rule-repeats"
    FAILURE = "failure"


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the agent got wrong; ``step`` is None when it is about the agent as a whole."""

    kind: FindingKind
    step: int | None
    message: str
    map_name: str = ""
    rules: str = ""

    def where(self) -> str:
        """``map, rules, step N`` (the parts that are known)."""
        parts = [self.map_name, self.rules] + ([f"step {self.step}"] if self.step is not None else [])
        return ", ".join(part for part in parts if part)

    def describe(self) -> str:
        """One line: ``kind (where): message``."""
        where = self.where()
        return f"{self.kind} ({where}): {self.message}" if where else f"{self.kind}: {self.message}"


def action_findings(action: Action | str | None, observation: Observation,
                    profile: RulesProfile | None = None) -> list[tuple[FindingKind, str]]:
    """What is wrong with ``action``, chosen on ``observation`` (a step of the course's rules it breaks).

    A fire or flag that counts for nothing is not reported under a ``profile`` that charges for
    unused ones (unito-2022): spending them so is then the better move.
    """
    weights = profile.weights if profile is not None else {}
    if action is None:
        return [(FindingKind.NO_EXEC, f"the agent's turn ended with no action for step {observation.step} (the "
                                      f"course's environment waits forever here; this app solves the game)")]
    if isinstance(action, str):
        try:
            action = Action.parse(action)
        except ActionError as error:
            return [(FindingKind.BAD_ACTION, f"`{action}` is not an action ({error}): x and y must be integers "
                                             f"0-{SIZE - 1}")]
    if action.kind is ActionKind.SOLVE:
        return []
    x, y = action.x, action.y
    if not (0 <= x < SIZE and 0 <= y < SIZE):
        return [(FindingKind.OFF_BOARD, f"{action}: ({x}, {y}) is off the board (rows and columns are "
                                        f"0-{SIZE - 1}); the move is used up for nothing")]
    cell = Cell(x, y)
    if action.kind is ActionKind.FIRE:
        if observation.fires_left <= 0:
            return [(FindingKind.NO_FIRES_LEFT, f"{action} with no fires left (check (moves (fires ?f&:(> ?f 0))))")]
        if weights.get("fires_left", 0) < 0:
            return []
        if cell in observation.fired:
            return [(FindingKind.FIRE_TWICE, f"{action}: the agent already fired at ({x}, {y}); the fire is wasted")]
        known = observation.start_known.get(cell)
        if known is not None and known.is_ship:
            return [(FindingKind.FIRE_TWICE, f"{action}: ({x}, {y}) is known from the start ({known.value}); "
                                             f"the fire is wasted")]
    elif action.kind is ActionKind.GUESS:
        if observation.guesses_left <= 0:
            return [(FindingKind.NO_FLAGS_LEFT, f"{action} with no flags left (check (moves (guesses "
                                                f"?g&:(> ?g 0))))")]
        if cell in observation.flags and weights.get("guesses_left", 0) >= 0:
            return [(FindingKind.FLAG_TWICE, f"{action}: ({x}, {y}) is flagged already; the flag is wasted")]
    elif cell not in observation.flags:
        return [(FindingKind.UNGUESS_UNFLAGGED, f"{action}: ({x}, {y}) is not flagged (the course's environment "
                                                f"cannot carry this out)")]
    return []


_IMPOSSIBLE = {FindingKind.NO_FIRES_LEFT, FindingKind.NO_FLAGS_LEFT, FindingKind.UNGUESS_UNFLAGGED}


def _carried_out(action, observation: Observation):
    """Of several actions for one step (newest first), the one the engine carries out (``Game.choose``)."""
    if not isinstance(action, tuple):
        return action
    for candidate in action:
        if not {kind for kind, _ in action_findings(candidate, observation)} & _IMPOSSIBLE:
            return candidate
    return action[0]


def exec_findings(new: Sequence[ExecFact], step: int) -> list[tuple[FindingKind, str]]:
    """What is wrong with the execs a CLIPS agent asserted in its turn for ``step`` (oldest first)."""
    found: list[tuple[FindingKind, str]] = []
    for fact in new:
        if fact.step != step:
            found.append((FindingKind.WRONG_STEP, f"the agent asserted (exec (step {fact.step}) ...) for {fact} in "
                                                  f"the turn of step {step}: only an exec for the current step "
                                                  f"(status step) is carried out, when that step comes"))
    current = [fact for fact in new if fact.step == step]
    if len(current) > 1:
        listed = ", ".join(map(str, current))
        solves = [index for index, fact in enumerate(current) if fact.action == "solve"]
        if solves and solves[0] < len(current) - 1:
            found.append((FindingKind.AFTER_SOLVE, f"the agent asserted {current[-1]} after its solve in the same "
                                                   f"turn ({listed}): the newest exec is carried out, so the solve "
                                                   f"is lost; end the rule that asserts the solve with (pop-focus)"))
        else:
            found.append((FindingKind.SEVERAL_EXECS, f"the agent asserted {len(current)} execs for step {step} "
                                                     f"({listed}); only the newest ({current[-1]}) is carried out: "
                                                     f"end the rule that asserts an exec with (pop-focus)"))
    return found


def _inner_switch(name: str) -> property:
    """The inner driver's attribute ``name``, read and set through the wrapper (a switch set before start)."""
    return property(lambda self: getattr(self.inner, name), lambda self, value: setattr(self.inner, name, value),
                    doc=f"The inner driver's ``{name}`` (set before start).")


class CheckedDriver(Driver):
    """A driver that plays as ``inner`` does and records what the agent gets wrong, step by step.

    ``on_finding`` (optional) is called with each finding as it is made (live warnings); ``timing`` False
    leaves out ``SLOW_STEP`` (it depends on the machine, and on tracing).
    """

    def __init__(self, inner: Driver, map_name: str = "", rules: str = "",
                 on_finding: Callable[[Finding], None] | None = None, timing: bool = True, repeats: int = REPEATS):
        self.inner = inner
        self.timing = timing
        self.repeats = repeats
        self.name = inner.name
        self.map_name = map_name
        self.rules = rules
        self.on_finding = on_finding
        self.findings: list[Finding] = []
        self._last_exec = 0  # the highest exec fact index already looked at
        self._near_cap = False  # reported once per game
        self.profile: RulesProfile | None = None

    def _found(self, kind: FindingKind, step: int | None, message: str) -> None:
        finding = Finding(kind, step, message, self.map_name, self.rules)
        self.findings.append(finding)
        if self.on_finding is not None:
            self.on_finding(finding)

    @contextlib.contextmanager
    def _failures(self, step: int | None, prefix: str = ""):
        """Record an exception of the inner driver as a failure and raise it on (a user's mistake,
        ``BattleshipError``, is no finding: it is reported as bad input)."""
        try:
            yield
        except BattleshipError:
            raise
        except Exception as error:
            text = str(error) if isinstance(error, AgentFailure) else f"{type(error).__name__}: {error}"
            self._found(FindingKind.FAILURE, step, prefix + text)
            raise

    def start(self, observation: Observation, context: StartContext) -> None:
        """Start the inner driver; a failure is recorded and raised on."""
        self.profile = context.profile
        with self._failures(None, "the agent failed to start: "):
            self.inner.start(observation, context)
        execs = self.inner.exec_facts()
        self._last_exec = max((fact.index for fact in execs or ()), default=0)

    def next_action(self, observation: Observation) -> Action | str | tuple[Action | str, ...] | None:
        """The inner driver's action, after checking the turn that chose it."""
        step = observation.step
        firings = getattr(self.inner, "firings", None)
        started = time.perf_counter()
        with self._failures(step):
            action = self.inner.next_action(observation)
        self._check_caps(step, time.perf_counter() - started, firings)
        self._check_turn(step)
        execs = self.inner.exec_facts()
        if execs is not None:
            new = sorted((fact for fact in execs if fact.index > self._last_exec), key=lambda fact: fact.index)
            self._last_exec = max([self._last_exec, *(fact.index for fact in new)])
            for kind, message in exec_findings(new, step):
                self._found(kind, step, message)
        for kind, message in action_findings(_carried_out(action, observation), observation, self.profile):
            self._found(kind, step, message)
        return action

    def declared_k_cells(self) -> list[tuple[Cell, Piece]]:
        """The inner driver's k-cells the agent asserted itself."""
        return self.inner.declared_k_cells()

    def _check_turn(self, step: int) -> None:
        """What the driver's summary of the turn shows: the focus kept after the exec, a rule repeating."""
        summary = self.inner.turn_summary()
        if summary is None:
            return
        for kind, message in turn_findings(summary, self.repeats):
            self._found(kind, step, message)

    def _check_caps(self, step: int, seconds: float, firings_before: int | None) -> None:
        if self._near_cap:
            return
        inner = self.inner
        limit = getattr(inner, "time_limit", None) or getattr(inner, "step_seconds", None)
        max_firings = getattr(inner, "max_firings", None)
        found: tuple[FindingKind, str] | None = None
        if self.timing and limit and seconds > NEAR_CAP * limit:
            found = FindingKind.SLOW_STEP, f"the agent's turn took {seconds:.2f} s of the {limit:g} s allowed per step"
        elif firings_before is not None and max_firings:
            fired = inner.firings - firings_before
            if fired > NEAR_CAP * max_firings:
                found = (FindingKind.NEAR_CAP,
                         f"the agent fired {fired} rules in one turn, of the {max_firings} allowed per step")
        if found is not None:
            self._near_cap = True
            self._found(found[0], step, found[1] + ": on a slower machine or a harder map it may be stopped")

    def after(self, event: StepEvent, observation: Observation) -> None:
        """Tell the inner driver (a failure is recorded and raised on)."""
        with self._failures(event.step):
            self.inner.after(event, observation)

    def output(self) -> list[str]:
        """The inner driver's output."""
        return self.inner.output()

    def load_errors(self) -> list[str]:
        """The inner driver's load errors."""
        return self.inner.load_errors()

    def belief(self):
        """The inner driver's belief."""
        return self.inner.belief()

    def markers(self):
        """The inner driver's markers."""
        return self.inner.markers()

    def parameters(self) -> dict[str, str]:
        """The inner driver's parameters."""
        return self.inner.parameters()

    def facts(self) -> list[tuple[str, str]] | None:
        """The inner driver's facts."""
        return self.inner.facts()

    def working_memory(self) -> list[FactRow] | None:
        """The inner driver's working memory."""
        return self.inner.working_memory()

    tracing = _inner_switch("tracing")  # type: ignore[assignment]
    markers_wanted = _inner_switch("markers_wanted")  # type: ignore[assignment]

    def trace(self) -> object | None:
        """The inner driver's trace of the last step."""
        return self.inner.trace()

    def advance(self, observation: Observation, pause: PauseRequest) -> object | None:
        """The inner driver's turn in parts (a failure is recorded and raised on)."""
        with self._failures(observation.step):
            return self.inner.advance(observation, pause)

    def turn_summary(self) -> TurnSummary | None:
        """The inner driver's summary of the last turn."""
        return self.inner.turn_summary()

    def rule_names(self) -> tuple[str, ...]:
        """The inner driver's rules."""
        return self.inner.rule_names()

    def why_not(self, rule: str) -> object | None:
        """The inner driver's ``why_not``."""
        return self.inner.why_not(rule)

    def preload(self, profile) -> list[str]:
        """The inner driver's preload (nothing to load: [])."""
        preload = getattr(self.inner, "preload", None)
        return preload(profile) if preload is not None else []

    def exec_facts(self):
        """The inner driver's exec facts."""
        return self.inner.exec_facts()

    def confinement(self) -> str:
        """What confines the inner driver's agent."""
        return self.inner.confinement()

    def written_files(self) -> dict[str, bytes]:
        """The files the inner driver's agent wrote."""
        return self.inner.written_files()

    def refusals(self) -> list[str]:
        """The wrapped driver's ``refusals``."""
        return self.inner.refusals()

    def written_sizes(self) -> dict[str, int]:
        """Their real sizes."""
        return self.inner.written_sizes()

    def request_cancel(self) -> None:
        """Cancel the inner driver's step."""
        self.inner.request_cancel()

    def close(self) -> None:
        """Close the inner driver."""
        self.inner.close()


def turn_findings(summary: TurnSummary, repeats: int = REPEATS) -> list[tuple[FindingKind, str]]:
    """What a turn's summary shows: the agent kept the focus after its exec (its rules fired on), a rule fired
    more than ``repeats`` times."""
    found: list[tuple[FindingKind, str]] = []
    if summary.exec_rule and summary.after_exec:
        rules = ", ".join(dict.fromkeys(summary.after_exec))
        count = len(summary.after_exec)
        found.append((FindingKind.FOCUS_KEPT, (
            f"{summary.exec_rule} asserted the exec for step {summary.step} but did not return the focus: "
            f"{count} more rule firing{'s' * (count != 1)} of the agent followed ({rules}) before MAIN took the "
            f"turn back; end the rule that asserts the exec with (pop-focus)")))
    for name, count in summary.counts:
        if count > repeats:
            found.append((FindingKind.RULE_REPEATS, (
                f"{name} fired {count} times in the turn of step {summary.step} (more than {repeats}): a rule "
                f"that undoes and redoes its own facts loops until the firing cap")))
    return found
