"""The game session of the window: one game at a time, its agent on a worker thread.

``GameSession`` (GUI thread) owns the settings of the current game (map,
rules, agent) and a generation number. Each game gets its own
``AgentWorker`` (app/gui/agent_worker.py) on its own ``QThread``: the worker builds the driver, the
``Game`` and the ``Match`` there and carries out one step per request, so a
slow agent never freezes the window. Every report carries the generation of
its game; reports of a game that was reset meanwhile are dropped. Reset and
close ask the running agent to give up (``Driver.request_cancel``) and retire
its thread without waiting for it.

What a panel shows of each step beyond the board, it asks for itself: ``GameSession.collect`` registers a
reader run on the worker's thread after each step (the agent's facts, its rules...) and a receiver given what it
read on the GUI thread, with that step's report. Adding a panel adds no field here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from PyQt5.QtCore import Q_ARG, QMetaObject, QObject, Qt, QThread, QTimer, pyqtSignal

from app.analysis.rewind import Position
from app.backends.base import Driver, PauseRequest
from app.backends.drivers import create_driver
from app.backends.games import params_for
from app.backends.human import HumanDriver
from app.backends.kinds import AgentSpec, Capability
from app.core import Action, Game, GameMap, GameResult, RulesProfile, StepEvent
from app.core.gamelog import rerun
from app.gui.agent_kind import can_show, is_human
from app.gui.agent_worker import AgentWorker, Collector, LineKind, ReportKind, StepReport, StepView, WhyReport
from app.gui.board_state import BoardState

__all__ = ["Collector", "GameSession", "LineKind", "ReportKind", "StepReport", "StepView", "WhyReport"]


class GameSession(QObject):
    """Runs the current game: Run, Pause, Step, Reset and manual moves.

    Signals: ``reported(StepReport)`` for each report of the current game (after the collectors' receivers),
    ``game_over(GameResult, failure)`` once it ends (after its last report; ``failure``: why the engine
    stopped the game for the agent, "" if it did not), ``changed()`` when running/idle/over flags change,
    ``reset_done(BoardState)`` when a fresh game is ready to start.
    """

    reported = pyqtSignal(object)
    game_over = pyqtSignal(object, str)
    changed = pyqtSignal()
    reset_done = pyqtSignal(object)
    answered = pyqtSignal(object)  # a WhyReport of the current game

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.game_map: GameMap | None = None
        self.profile: RulesProfile | None = None
        self.spec: AgentSpec | None = None
        self.seed = 0
        self.params: dict = {}
        self.generation = 0
        self.collectors: list[Collector] = []  # the panels' per-step readings (collect)
        self._receivers: dict[str, Callable[[object, str], None]] = {}  # what -> the panel's receiver
        self.want_trace = False  # True where a Rules tab shows a CLIPS agent's rule trace (the main window)
        self.keep_standby = False  # True where step back is offered (the main window): a standby game follows
        self.interval_ms = 0
        self.running = False
        self.started = False
        self.ready = False
        self.over = False
        self.failed = False
        self.steps_done = 0
        self.state: BoardState | None = None
        self.result: GameResult | None = None
        self.events: list[StepEvent] = []  # every step of the current game so far, in order
        self.notes: list[tuple[int, str]] = []  # what was said so far (agent printouts), by step, for saved logs
        self.traces: dict[int, object] = {}  # a CLIPS agent's StepTrace by step, for saved logs
        self.markers: dict[int, tuple] = {}  # what the agent drew, by the step it changed (``Game.markers``), for logs
        self.breakpoints: frozenset[str] = frozenset()  # MODULE::rule: a CLIPS agent's turn pauses before them
        self.paused_turn: object | None = None  # the agent's turn waiting mid-way (TurnPause), if it is
        self.written_files: dict[str, bytes] = {}  # the files the agent wrote, once the game is over
        self.human: HumanDriver | None = None
        self._worker: AgentWorker | None = None
        self._thread: QThread | None = None
        self._pending_steps = 0
        self._retired: list[tuple[QThread, AgentWorker]] = []
        self._last_request = 0.0

    # ----- configuration ---------------------------------------------------
    @property
    def is_human(self) -> bool:
        """True when the person plays (the "Human" agent)."""
        return is_human(self.spec)

    @property
    def busy(self) -> bool:
        """True while the worker has a request in hand."""
        return self.started and (not self.ready or self._pending_steps > 0)

    def configure(self, game_map: GameMap | None, profile: RulesProfile, spec: AgentSpec | None,
                  seed: int = 0) -> None:
        """Set up a fresh game with these settings (the old game, if any, is dropped)."""
        self.game_map, self.profile, self.spec, self.seed = game_map, profile, spec, seed
        self.reset()

    def can_start(self) -> bool:
        """True when a map and an agent are chosen."""
        return self.game_map is not None and self.spec is not None and self.profile is not None

    def reset(self) -> None:
        """Drop the current game (cancelling its agent) and prepare a fresh one."""
        self._retire_current()
        self.generation += 1
        self.running = self.started = self.ready = self.over = self.failed = False
        self.steps_done = 0
        self._pending_steps = 0
        self.result = None
        self.events = []
        self.notes = []
        self.traces = {}
        self.markers = {}
        self.paused_turn = None
        self.written_files = {}
        self.human = None
        if self.game_map is not None and self.profile is not None:
            self.state = BoardState.from_game(Game(self.game_map, self.profile))
        else:
            self.state = None
        self.reset_done.emit(self.state)
        self.changed.emit()

    def collect(self, what: str, read: Callable[[StepView], object], receive: Callable[[object, str], None],
                setup_only: bool = False) -> None:
        """From the next game on, ``read(StepView)`` on the worker's thread after each request (the setup only,
        with ``setup_only``) and hand ``receive(value, problem)`` what it read, on this thread, before
        ``reported`` fires; a failed read is logged once as "could not read the agent's {what}" and received
        as ``(None, reason)``. The one registration a panel needs for per-step data of its own. ``read`` must
        use only the view (it runs on another thread, and the worker outlives the window's panels)."""
        if what in self._receivers:
            raise ValueError(f"a collector of {what!r} is registered already")
        self.collectors.append(Collector(what, read, setup_only))
        self._receivers[what] = receive

    def set_interval(self, milliseconds: int) -> None:
        """Time between steps while running (0: as fast as it goes)."""
        self.interval_ms = max(0, int(milliseconds))

    # ----- controls -------------------------------------------------------------
    def run(self) -> None:
        """Play on by itself until paused or over."""
        if self.over or not self.can_start() or self.is_human:
            return
        self.running = True
        self._ensure_started()
        self.changed.emit()
        self._pump()

    def pause(self) -> None:
        """Stop after the step in hand (if any)."""
        if self.running:
            self.running = False
            self.changed.emit()
            self._keep_standby()

    def step(self) -> None:
        """Carry out one step (pausing a run)."""
        if self.over or not self.can_start() or self.is_human:
            return
        self.running = False
        self._ensure_started()
        if self._pending_steps == 0:
            self._request_step()
        self.changed.emit()

    @property
    def can_step_rule(self) -> bool:
        """True when the agent's turn can be played rule by rule (a CLIPS agent, the game not over)."""
        return (self.can_start() and not self.over and not self.is_human and can_show(self.spec, Capability.STEP_RULE))

    def step_rule(self) -> None:
        """Fire one rule of the agent's turn (pausing a run): the turn waits mid-way, or the step is carried out
        when that firing ended it."""
        if not self.can_step_rule:
            return
        self.running = False
        self._ensure_started()
        if self._pending_steps == 0:
            self._request_step(PauseRequest(1, self.breakpoints))
        self.changed.emit()

    def set_breakpoints(self, names) -> None:
        """Pause a CLIPS agent's turn just before any of these rules (``MODULE::rule``) fires, from now on."""
        self.breakpoints = frozenset(names)
        self.changed.emit()

    def why_not(self, rule: str) -> None:
        """Ask how far ``rule`` matches the agent's facts now; the answer comes through ``answered``."""
        if not self.can_start() or not can_show(self.spec, Capability.WHY_NOT):
            self.answered.emit(WhyReport(self.generation, rule, error="rules are a CLIPS agent's: load a map and "
                                                                    "pick a CLIPS agent first"))
            return
        self._ensure_started()
        if self._worker is not None:
            QMetaObject.invokeMethod(self._worker, "why_not", Qt.QueuedConnection, Q_ARG(str, rule))

    def _on_answer(self, report: WhyReport) -> None:
        if report.generation == self.generation:
            self.answered.emit(report)

    def rewind(self, target: Position) -> None:
        """Go back to ``target``, an earlier position of this game (app.gui.stepback says which): the game is played
        again from its start to there with a fresh driver; the panels then show it, and it goes on from there."""
        if self._worker is None or not self.ready or self.is_human or self._pending_steps:
            return
        self.running = False
        self._pending_steps += 1
        QMetaObject.invokeMethod(self._worker, "rewind", Qt.QueuedConnection, Q_ARG(object, target))
        self.changed.emit()

    def _rewound(self, report: StepReport) -> StepReport:
        """The game played again to an earlier position: the panels start over, and get the traces recorded on
        the way forward of the steps before it (the replay played them untraced)."""
        done = Position.after(report.events).step
        traces = {step: trace for step, trace in self.traces.items() if step < done}
        traces.update((trace.step, trace) for trace in report.traces)
        self.over = self.failed = False
        self.result = None
        self.events, self.notes, self.traces, self.markers, self.written_files = [], [], {}, {}, {}
        self.paused_turn = report.pause
        self.reset_done.emit(report.state)
        return replace(report, traces=tuple(traces[step] for step in sorted(traces)))

    def submit(self, action: Action | str) -> None:
        """A manual move (Human agent): queued and carried out in order."""
        if self.over or not self.can_start() or not self.is_human:
            return
        self._ensure_started()
        assert self.human is not None
        self.human.submit(action)
        self._request_step()
        self.changed.emit()

    def game_so_far(self) -> Game | None:
        """The current game rebuilt on this thread from its steps and notes (None before the first step)."""
        if self.game_map is None or self.profile is None or not self.events:
            return None

        game = Game(self.game_map, self.profile, agent=self.spec.name if self.spec else "")
        for _ in rerun(game, self.events):
            pass
        game.notes = list(self.notes)
        game.traces = {step: trace.to_dict() for step, trace in self.traces.items()}
        game.markers = dict(self.markers)
        game.written_files = dict(self.written_files)
        return game

    def shutdown(self, wait_ms: int = 3000) -> None:
        """Cancel every agent and end every worker thread (window closing)."""
        self.running = False
        self._retire_current()
        deadline = time.monotonic() + wait_ms / 1000
        for thread, _worker in list(self._retired):
            left = max(0, int((deadline - time.monotonic()) * 1000))
            if not thread.wait(left):
                thread.terminate()  # an agent stuck in native code; nothing else would end it
                thread.wait(1000)
        self._retired.clear()

    # ----- worker plumbing ------------------------------------------------------
    def _ensure_started(self) -> None:
        if self.started:
            return
        assert self.game_map is not None and self.profile is not None and self.spec is not None
        spec, seed = self.spec, self.seed
        if is_human(spec):
            human = self.human = HumanDriver()

            def make_driver() -> Driver:
                return human
        else:
            def make_driver() -> Driver:
                return create_driver(spec, seed=seed)
        thread = QThread()
        thread.setObjectName(f"agent-{self.generation}")
        params = params_for(self.params, spec.name)  # plain keys, and NAME:KEY ones for this agent
        worker = AgentWorker(self.generation, self.game_map, self.profile, make_driver, params,
                             tuple(self.collectors), self.want_trace)
        worker.moveToThread(thread)
        worker.reported.connect(self._on_report, Qt.QueuedConnection)
        worker.answered.connect(self._on_answer, Qt.QueuedConnection)
        thread.start()
        self._thread, self._worker = thread, worker
        self.started = True
        self.ready = False
        QMetaObject.invokeMethod(worker, "setup", Qt.QueuedConnection)

    def _request_step(self, pause: PauseRequest | None = None) -> None:
        """Ask the worker for a step: ``pause`` (Step rule) or, with breakpoints set or a turn waiting mid-way,
        a step played through ``advance`` that pauses at a breakpoint."""
        if self._worker is None:
            return
        if pause is None and (self.breakpoints or self.paused_turn is not None) and not self.is_human:
            pause = PauseRequest(None, self.breakpoints)
        self._pending_steps += 1
        self._last_request = time.perf_counter()
        QMetaObject.invokeMethod(self._worker, "step", Qt.QueuedConnection, Q_ARG(object, pause))

    def _pump(self) -> None:
        if not (self.running and not self.over and self._pending_steps == 0 and self._worker is not None):
            return
        generation = self.generation
        elapsed_ms = (time.perf_counter() - self._last_request) * 1000
        delay = max(0, int(self.interval_ms - elapsed_ms)) if self.interval_ms else 0

        def tick() -> None:
            if generation == self.generation and self.running and not self.over and self._pending_steps == 0:
                self._request_step()

        QTimer.singleShot(delay, tick)

    def _on_report(self, report: StepReport) -> None:
        if report.generation != self.generation:
            return  # a game that was reset meanwhile
        if report.kind is not ReportKind.SETUP:
            self._pending_steps = max(0, self._pending_steps - 1)
        else:
            self.ready = True
        if report.error:
            self.failed = True
            self.running = False
            self.started = False
            self._retire_current()
            self.reported.emit(report)
            self.changed.emit()
            return
        if report.kind is ReportKind.STEP:
            self.paused_turn = report.pause
            if report.pause is not None:
                self.running = False  # a breakpoint stops a run
        elif report.kind is ReportKind.REWIND:
            report = self._rewound(report)
        self.events.extend(report.events)
        self.notes.extend(report.notes)
        self.traces.update((trace.step, trace) for trace in report.traces)
        self.markers.update(report.markers)
        self.written_files.update(report.written_files)
        if report.state is not None:
            self.state = report.state
            self.steps_done = report.state.observation.step
        if report.result is not None:
            self.over = True
            self.running = False
            self._pending_steps = 0  # a step asked for before the game ended does nothing: not busy with it
            self.result = report.result
            if report.failure:
                self.failed = True
        for what, (value, problem) in report.collected.items():
            self._receivers[what](value, problem)
        self.reported.emit(report)
        if report.result is not None:
            self.game_over.emit(report.result, report.failure)
        self.changed.emit()
        if not self.running and report.kind is not ReportKind.SETUP:
            self._keep_standby()
        self._pump()

    def _keep_standby(self) -> None:
        """Between steps: the worker readies a quick step back (its standby game follows this one)."""
        if self.keep_standby and self._worker is not None and not self.is_human:
            QMetaObject.invokeMethod(self._worker, "follow", Qt.QueuedConnection)

    def _retire_current(self) -> None:
        worker, thread = self._worker, self._thread
        self._worker = self._thread = None
        if worker is None or thread is None:
            return
        worker.retired = True
        driver = worker.driver
        if driver is not None:
            driver.request_cancel()
        if self.human is not None:
            self.human.request_cancel()
        try:
            worker.reported.disconnect(self._on_report)
            worker.answered.disconnect(self._on_answer)
        except TypeError:
            pass
        self._retired.append((thread, worker))
        thread.finished.connect(lambda t=thread: self._forget(t))
        QMetaObject.invokeMethod(worker, "shutdown", Qt.QueuedConnection)

    def _forget(self, thread: QThread) -> None:
        # ``finished`` arrives just before the thread really ends: wait for it, so the
        # QThread is never destroyed while still running
        thread.wait(2000)
        self._retired = [(t, w) for t, w in self._retired if t is not thread]
