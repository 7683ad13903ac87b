"""What course agents commonly get wrong, found by playing them: the checks of ``check-agent``.

The checks return data (``Finding``: kind, step, message) so that the
command line, the conformance tests and the GUI use the same ones:

- ``CheckedDriver`` wraps any driver and checks each step as it is played:
  the action against the observation it was chosen on (a fire at a cell
  already fired, a flag beyond the limit, coordinates off the board, an
  unguess of an unflagged cell...), the turn's ``exec`` facts of a CLIPS
  agent (several for one step, one for another step, an action after a
  ``solve``), a turn with no action, and steps near the time cap (``SLOW_STEP``:
  it depends on the machine, so tests leave it out) or the firing cap.
- ``source_findings`` reads a CLIPS agent's files without CLIPS: unbalanced
  parentheses, and rules that assert an ``exec`` without ``(pop-focus)``.
- ``check_agent`` plays an agent on maps under rules profiles, twice each
  with one seed, and adds its load errors and any difference between the runs.
"""

from __future__ import annotations

import contextlib
import enum
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from app.backends.base import AgentFailure, Driver, StartContext
from app.backends.registry import AgentSpec, create_driver
from app.backends.runner import Match
from app.core import (
    SIZE,
    Action,
    ActionError,
    ActionKind,
    BattleshipError,
    Cell,
    Game,
    GameMap,
    GameResult,
    Observation,
    Piece,
    RulesProfile,
    StepEvent,
)

#: a step using more than this share of the time cap (or of the firing cap) is reported
NEAR_CAP = 0.5


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


@dataclass(frozen=True, slots=True)
class _Exec:
    """An exec fact of a CLIPS agent, as the check sees it."""

    index: int
    step: object
    action: str
    x: object
    y: object

    def __str__(self) -> str:
        return self.action if self.action == "solve" else f"{self.action} {self.x} {self.y}"


def _clips_execs(driver: Driver) -> list[_Exec] | None:
    """The exec facts in the CLIPS environment of ``driver`` (None for a driver that has none)."""
    env = getattr(driver, "env", None)
    if env is None or not hasattr(env, "find_template"):
        return None
    try:
        template = env.find_template("MAIN::exec")
    except LookupError:
        return None
    return [_Exec(fact.index, fact["step"], str(fact["action"]), fact["x"], fact["y"]) for fact in template.facts()]


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


def exec_findings(new: Sequence[_Exec], step: int) -> list[tuple[FindingKind, str]]:
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


class CheckedDriver(Driver):
    """A driver that plays as ``inner`` does and records what the agent gets wrong, step by step.

    ``on_finding`` (optional) is called with each finding as it is made (e.g. live warnings).
    """

    def __init__(self, inner: Driver, map_name: str = "", rules: str = "",
                 on_finding: Callable[[Finding], None] | None = None):
        self.inner = inner
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
        execs = _clips_execs(self.inner)
        self._last_exec = max((fact.index for fact in execs or ()), default=0)

    def next_action(self, observation: Observation) -> Action | str | tuple[Action | str, ...] | None:
        """The inner driver's action, after checking the turn that chose it."""
        step = observation.step
        firings = getattr(self.inner, "firings", None)
        started = time.perf_counter()
        with self._failures(step):
            action = self.inner.next_action(observation)
        self._check_caps(step, time.perf_counter() - started, firings)
        execs = _clips_execs(self.inner)
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

    def _check_caps(self, step: int, seconds: float, firings_before: int | None) -> None:
        if self._near_cap:
            return
        inner = self.inner
        limit = getattr(inner, "time_limit", None) or getattr(inner, "step_seconds", None)
        max_firings = getattr(inner, "max_firings", None)
        found: tuple[FindingKind, str] | None = None
        if limit and seconds > NEAR_CAP * limit:
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

    def parameters(self) -> dict[str, str]:
        """The inner driver's parameters."""
        return self.inner.parameters()

    def facts(self) -> list[tuple[str, str]] | None:
        """The inner driver's facts."""
        return self.inner.facts()

    def request_cancel(self) -> None:
        """Cancel the inner driver's step."""
        self.inner.request_cancel()

    def close(self) -> None:
        """Close the inner driver."""
        self.inner.close()


def shown_path(path: str | Path) -> str:
    """``path`` as a user would write it: relative to the working folder when it is inside it."""
    text = str(path)
    try:
        relative = os.path.relpath(text)
    except ValueError:  # another drive (Windows)
        return text
    return text if relative.startswith("..") else relative


def source_findings(paths: Iterable[Path]) -> list[Finding]:
    """What reading a CLIPS agent's files shows: unbalanced parentheses, exec without (pop-focus)."""
    from app.backends.clips.source import read_file

    findings = []
    for path in paths:
        shown = shown_path(path)
        try:
            reading = read_file(path)
        except OSError:
            continue  # the driver reports an unreadable file
        findings += [Finding(FindingKind.PARENS, None, problem.describe(shown)) for problem in reading.problems]
        for form in reading.forms:
            if form.head == "defrule" and form.end_line is not None and _asserts_exec_without_pop(form):
                name = form.atoms()[1] if len(form.atoms()) > 1 else "?"
                findings.append(Finding(FindingKind.NO_POP_FOCUS, None, (
                    f"{shown}:{form.line}: rule {name} asserts an exec but never calls (pop-focus): its turn goes "
                    f"on, and another exec asserted later in it replaces this one")))
    return findings


def _asserts_exec_without_pop(rule) -> bool:
    """Whether the right-hand side of ``rule`` (a defrule form) asserts an exec and has no (pop-focus)/(return)."""
    atoms = rule.items
    arrow = next((index for index, item in enumerate(atoms) if getattr(item, "text", None) == "=>"), None)
    if arrow is None:
        return False
    asserts_exec = pops = False
    for item in atoms[arrow + 1:]:
        if not hasattr(item, "forms"):
            continue
        for form in (item, *item.forms()):
            if form.head in ("pop-focus", "return"):
                pops = True
            elif form.head == "assert" and any(child.head == "exec" for child in form.items if hasattr(child, "head")):
                asserts_exec = True
    return asserts_exec and not pops


def load_errors(spec: AgentSpec, profile: RulesProfile) -> list[str]:
    """Load ``spec`` now and return what loading reported (file:line: text; [] when everything loaded).

    AgentError when the agent cannot be used at all (a Python file that does not
    import, CLIPS files of which nothing loads). For the GUI, as soon as an agent is picked.
    """
    driver = create_driver(spec)  # a Python agent is imported here
    try:
        preload = getattr(driver, "preload", None)
        return preload(profile) if preload is not None else []
    finally:
        driver.close()


def play_checked(spec: AgentSpec, game_map: GameMap, profile: RulesProfile, seed: int = 1,
                 params: Mapping[str, str] | None = None, step_seconds: float | None = None,
                 on_log: Callable[[str], None] | None = None) -> tuple[GameResult, CheckedDriver]:
    """One game of ``spec`` on ``game_map`` under ``profile``, checked; the result and the driver (its findings)."""
    # in this process: the checks read the CLIPS bridge's own state (docs/sandbox.md)
    inner = create_driver(spec, seed=seed, step_seconds=step_seconds, sandbox=False)
    driver = CheckedDriver(inner, game_map.name, profile.name)
    game = Game(game_map, profile, agent=driver.name)
    match = Match(game, driver, on_log=on_log, params=dict(params or {}))
    try:
        result = match.run()
    finally:
        match.close()
    return result, driver


def run_difference(first: GameResult, second: GameResult) -> str:
    """Where two results of the same game differ ("" when they do not)."""
    for one, other in zip(first.events, second.events):
        if one.to_dict() != other.to_dict():
            return f"step {one.step}: {one.text} ({one.outcome.value}), then {other.text} ({other.outcome.value})"
    if len(first.events) != len(second.events):
        return f"one run took {len(first.events)} steps, the other {len(second.events)}"
    if first.score != second.score:
        return f"scores {first.score} and {second.score}"
    return ""


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What ``check_agent`` found, and what it played."""

    agent: str
    games: int
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        """Nothing is wrong."""
        return not self.findings


def check_agent(spec: AgentSpec, maps: Sequence[GameMap], profiles: Sequence[RulesProfile], seed: int = 1,
                params: Mapping[str, str] | None = None, step_seconds: float | None = None,
                runs: int = 2) -> CheckReport:
    """Play ``spec`` on every map under every profile, ``runs`` times each with ``seed``; what went wrong.

    Load errors are reported once (from the first game), the source of a CLIPS
    agent is read, and runs of one game that differ are reported as nondeterminism.
    """
    findings: list[Finding] = source_findings(spec.paths) if spec.kind == "clips" else []
    games = 0
    load_checked = False
    for game_map in maps:
        for profile in profiles:
            results = []
            for run in range(runs):
                result, driver = play_checked(spec, game_map, profile, seed, params, step_seconds)
                games += 1
                if not load_checked:
                    load_checked = True
                    messages = list(getattr(driver.inner, "load_messages", ()))
                    for path in spec.paths:
                        messages = [message.replace(str(path), shown_path(path)) for message in messages]
                    said = {finding.message for finding in findings}  # the reader's paren problems come first
                    findings += [Finding(FindingKind.LOAD_ERROR, None, message) for message in messages
                                 if message not in said]
                if run == 0:
                    findings += driver.findings
                results.append(result)
            for other in results[1:]:
                difference = run_difference(results[0], other)
                if difference:
                    findings.append(Finding(FindingKind.NONDETERMINISTIC, None, (
                        f"two runs with seed {seed} differ at {difference}: an agent must play the same game "
                        f"for the same seed (draw from the seed it is given, not from the clock or an unseeded "
                        f"random)"), game_map.name, profile.name))
                    break
    return CheckReport(spec.name, games, tuple(findings))
