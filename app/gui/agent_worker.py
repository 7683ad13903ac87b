"""The agent's side of a game in the window: ``AgentWorker`` lives on the game's own thread and touches its driver,
game and match only there (see ``app.gui.session``); what it sends back (``StepReport``, ``WhyReport``) and what a
panel's reader sees (``StepView``, ``Collector``).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from PyQt5.QtCore import QObject, QThread, pyqtSignal, pyqtSlot

from app.analysis.rewind import Position, Standby, replay
from app.backends.base import Driver, PauseRequest
from app.backends.human import HumanDriver
from app.backends.runner import Match
from app.backends.step_checks import CheckedDriver, Finding
from app.core import BattleshipError, Game, GameMap, GameResult, Outcome, RulesProfile, StepEvent
from app.gui.board_state import BoardState
from app.gui.engine_text import engine_text


class LineKind(StrEnum):
    """What a log line of a report is about."""

    AGENT = "agent"  # the agent printed or logged it
    STEP = "step"  # a step of the game
    REJECTED = "rejected"  # a step whose action was rejected
    STOP = "stop"  # the engine stopped the game for the agent
    PROBLEM = "problem"  # the agent's belief, facts or parameters could not be read
    WARNING = "warning"  # a protocol check found a mistake of the agent's (app.backends.step_checks)


class ReportKind(StrEnum):
    """The request a report answers."""

    SETUP = "setup"
    STEP = "step"
    REWIND = "rewind"  # the game played again from its start to an earlier position (app.gui.stepback)


@dataclass(frozen=True, slots=True)
class StepView:
    """What a collector reads from, on the worker's thread, after a request: the game and the agent's driver."""

    kind: ReportKind
    game: Game
    driver: Driver


@dataclass(frozen=True, slots=True)
class Collector:
    """A panel's per-step reading (``GameSession.collect``): ``read`` runs on the worker's thread after each
    request (only after the setup with ``setup_only``). It sees the ``StepView`` only: the worker holds no panel."""

    what: str  # what is read, as "could not read the agent's {what}" says when it fails
    read: Callable[[StepView], object]
    setup_only: bool = False


@dataclass(frozen=True, slots=True)
class StepReport:
    """What one request to the worker produced."""

    generation: int
    kind: ReportKind
    state: BoardState | None = None
    lines: tuple[tuple[LineKind, str], ...] = ()
    events: tuple[StepEvent, ...] = ()
    notes: tuple[tuple[int, str], ...] = ()  # the game's notes (what was said, by step) since the last report
    traces: tuple = ()  # a CLIPS agent's StepTraces (rule firings, fact changes, agenda) since the last report
    markers: tuple = ()  # (step, markers) the agent drew (``Game.markers``) since the last report
    pause: object | None = None  # the agent's turn waits mid-way (a CLIPS driver's TurnPause: Step rule, breakpoint)
    result: GameResult | None = None
    failure: str = ""  # the engine stopped the game for the agent (crash, timeout, stall)
    error: str = ""  # the agent could not be started at all
    seconds: float = 0.0
    belief_error: str = ""  # why the agent's belief could not be read ("": it was, or it has none)
    collected: dict[str, tuple[object, str]] = field(default_factory=dict)  # each collector's (value, problem)
    written_files: tuple[tuple[str, bytes], ...] = ()  # once over: the files the agent wrote (saved with a log)


@dataclass(frozen=True, slots=True)
class WhyReport:
    """The answer to "why didn't this rule fire?" (a CLIPS driver's RuleMatches, or why there is none)."""

    generation: int
    rule: str
    matches: object | None = None
    error: str = ""


def _closed(match: Match | None) -> None:
    """Close ``match``'s driver, if any (closing must never raise into the event loop)."""
    if match is not None:
        with contextlib.suppress(Exception):
            match.close()


class AgentWorker(QObject):
    """Lives on its own thread; touches its driver, game and match only there."""

    reported = pyqtSignal(object)
    answered = pyqtSignal(object)  # a WhyReport

    def __init__(self, generation: int, game_map: GameMap, profile: RulesProfile,
                 make_driver: Callable[[], Driver], params: dict | None = None,
                 collectors: tuple[Collector, ...] = (), want_trace: bool = False):
        super().__init__()
        self.collectors = collectors  # what the panels read after each request (reading costs time: only theirs)
        self.want_trace = want_trace  # so does tracing its rules (CLIPS then fires one rule at a time)
        self._traces: list = []
        self.generation = generation
        self.game_map = game_map
        self.profile = profile
        self.make_driver = make_driver
        self.params = params or {}
        self.driver: Driver | None = None
        self.match: Match | None = None
        self.standby = Standby(lambda: self._new_match(tracing=False)[0])  # one step back plays a step, not a game
        self.retired = False  # set from the GUI thread: do nothing more
        self._lines: list[tuple[LineKind, str]] = []
        self._events: list[StepEvent] = []
        self._notes_sent = 0
        self._markers_sent = -1  # the last step whose markers were reported
        self._problems: dict[str, str] = {}  # what could not be read -> the reason last logged

    def _read(self, what: str, read: Callable[[], object]) -> tuple[object, str]:
        """``read()`` and "", or None and the reason it failed (logged when it changes; the game goes on)."""
        try:
            value, reason = read(), ""
        except Exception as error:  # a broken belief or facts listing must not end the game
            value, reason = None, " ".join(f"{type(error).__name__}: {error}".split())
            if isinstance(error, BattleshipError):
                reason = " ".join(str(error).split())
        if reason and self._problems.get(what) != reason:
            self._lines.append((LineKind.PROBLEM, f"could not read the agent's {what}: {reason}"))
        self._problems[what] = reason
        return value, reason

    def _on_finding(self, finding: Finding) -> None:
        self._lines.append((LineKind.WARNING, f"warning: step {finding.step}: {finding.kind}: {finding.message}"
                            if finding.step is not None else f"warning: {finding.kind}: {finding.message}"))

    def _on_log(self, line: str) -> None:
        self._lines.append((LineKind.STOP if line.startswith("game stopped:") else LineKind.AGENT, line))

    def _on_event(self, event: StepEvent) -> None:
        self._events.append(event)
        kind = LineKind.REJECTED if event.outcome is Outcome.REJECTED else LineKind.STEP
        self._lines.append((kind, event.describe(engine_text)))

    def _report(self, kind: ReportKind, started: float, pause: object | None = None) -> None:
        match = self.match
        if match is None:
            return
        game, driver = match.game, match.driver
        belief, belief_error = self._read("belief", driver.belief)
        view = StepView(kind, game, driver)
        collected = {c.what: self._read(c.what, lambda c=c: c.read(view)) for c in self.collectors
                     if kind is not ReportKind.STEP or not c.setup_only}
        result = game.result() if game.over else None
        report = StepReport(
            generation=self.generation,
            kind=kind,
            state=BoardState.from_game(game, belief),
            lines=tuple(self._lines),
            events=tuple(self._events),
            notes=tuple(game.notes[self._notes_sent:]),
            traces=tuple(self._traces),
            markers=tuple((step, drawn) for step, drawn in game.markers.items() if step > self._markers_sent),
            pause=pause,
            result=result,
            failure=game.stop_reason if result is not None and result.agent_failed else "",
            seconds=time.perf_counter() - started,
            belief_error=belief_error,
            collected=collected,
            written_files=tuple(game.written_files.items()),
        )
        self._lines, self._events = [], []
        self._traces.clear()  # in place: the match appends to this list
        self._notes_sent = len(game.notes)
        self._markers_sent = max(game.markers, default=self._markers_sent)
        self.reported.emit(report)

    @pyqtSlot()
    def setup(self) -> None:
        """Build the driver, the game and the match, and start the agent."""
        if self.retired:
            return
        started = time.perf_counter()
        error = self.build(self.want_trace)
        if error:
            self.reported.emit(StepReport(self.generation, ReportKind.SETUP, error=error))
            return
        self._report(ReportKind.SETUP, started)

    def build(self, tracing: bool, start: bool = True) -> str:
        """A fresh driver, game and match in hand (``start``: and the agent started); "" or why it could not."""
        match, error = self._new_match(tracing)
        if match is None:
            return error
        self.match, self.driver = match, match.driver
        if start and not self.retired:
            try:
                match.start()
            except BattleshipError as error:  # the agent cannot start: unreadable or unloadable file, bad parameter
                self.match = None
                with contextlib.suppress(Exception):
                    match.driver.close()
                return str(error)
        return ""

    def _new_match(self, tracing: bool) -> tuple[Match | None, str]:
        """A fresh driver, game and match (not started), or None and why the driver could not be made."""
        try:
            driver = self.make_driver()
        except BattleshipError as error:
            return None, str(error)
        except Exception as error:  # an agent's constructor may raise anything
            return None, f"{type(error).__name__}: {error}"
        if not isinstance(driver, HumanDriver):  # the live protocol warnings
            driver = CheckedDriver(driver, self.game_map.name, self.profile.name, on_finding=self._on_finding,
                                   timing=False)
        driver.tracing = tracing
        game = Game(self.game_map, self.profile)
        game.subscribe(self._on_event)
        # the board shows the agent's markers (its switch only hides them: a saved log keeps them either way)
        return Match(game, driver, on_log=self._on_log, params=self.params, on_trace=self._traces.append,
                     markers=True), ""

    @pyqtSlot(object)
    def rewind(self, target: Position) -> None:
        """Play the game again to ``target``, an earlier position: the standby played on there when it can, else
        a fresh driver from the game's start (app.analysis.rewind); the report carries the whole game."""
        if self.retired:
            return
        started = time.perf_counter()
        old, self.match = self.match, None
        played = list(old.game.events) if old is not None else []
        taken = self.standby.take(target, played, self.want_trace)
        if taken is None:
            _closed(old)  # before the fresh driver: it may take over the agent's process or environment
            old = None
            error = self.build(tracing=False, start=False)
            if error:
                self.reported.emit(StepReport(self.generation, ReportKind.REWIND, error=error))
                return
            reached = replay(self.match, target, played, tracing=self.want_trace)
        else:
            (self.match, reached), self.driver = taken, taken[0].driver
        events = self.match.game.events
        differs = reached.describe_divergence(played, events)
        self._lines = [(LineKind.WARNING, f"warning: {differs}")] if differs else []  # the replay's are said already
        self._events, self._notes_sent, self._markers_sent = list(events), 0, -1  # all of the replayed game's
        self._traces.clear()
        self._report(ReportKind.REWIND, started, reached.pause)
        _closed(old)  # once the position is shown

    @pyqtSlot(object)
    def step(self, pause: PauseRequest | None = None) -> None:
        """Carry out one action of the agent; with ``pause``, play its turn until the pause asked for (Step rule,
        breakpoints): the report then carries the turn paused mid-way, or none once the step was carried out."""
        if self.retired or self.match is None:
            return
        started = time.perf_counter()
        paused = None
        try:
            if not self.match.game.over:
                if pause is None:
                    self.match.step()
                else:
                    paused = self.match.advance(pause)
        except Exception as error:  # the match stops the game for its driver's errors; this is anything else
            if not self.match.game.over:
                self.match.stop(" ".join(f"internal error: {type(error).__name__}: {error}".split()))
        if not self.retired:
            self._report(ReportKind.STEP, started, paused)

    @pyqtSlot(str)
    def why_not(self, rule: str) -> None:
        """Ask the agent how far ``rule`` matches its facts now; answered with a ``WhyReport``."""
        if self.retired:
            return
        if self.match is None or self.driver is None:
            self.answered.emit(WhyReport(self.generation, rule, error="the agent is not started"))
            return
        try:
            matches = self.driver.why_not(rule)
        except Exception as error:  # an unknown rule, an agent gone: said, never raised into the event loop
            text = str(error) if isinstance(error, BattleshipError) else f"{type(error).__name__}: {error}"
            self.answered.emit(WhyReport(self.generation, rule, error=" ".join(text.split())))
            return
        error = "" if matches is not None else "only CLIPS agents have rules"
        self.answered.emit(WhyReport(self.generation, rule, matches, error))

    @pyqtSlot()
    def follow(self) -> None:
        """Between steps: the standby (app.analysis.rewind.Standby) to the start of the step before this one."""
        if self.retired or self.match is None or isinstance(self.driver, HumanDriver):
            return
        self.standby.follow(self.match.game.events)
        self._lines, self._events = [], []  # the standby's: said when the game played them
        self._traces.clear()

    @pyqtSlot()
    def shutdown(self) -> None:
        """Release the driver and end this worker's thread."""
        self.standby.close()
        _closed(self.match)
        thread = QThread.currentThread()
        if thread is not None:
            thread.quit()
