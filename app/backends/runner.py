"""The match runner: one game, one agent driver, stepped one action at a time."""

from __future__ import annotations

from collections.abc import Callable

from app.backends.base import AgentFailure, Driver, PauseRequest, StartContext
from app.core import BattleshipError, Game, GameResult, StepEvent
from app.core.events import load_note

LogSink = Callable[[str], None]

MAX_LINES = 2000  # lines an agent may print per step; the rest is counted, not kept
MAX_BYTES = 256 << 10  # characters of printout per step, for every kind of agent (the GUI shows them all)
MAX_FILE_NOTES = 20  # files named in the game's notes ("the agent wrote X"); the rest are counted


def capped_printout(lines: list[str]) -> list[str]:
    """``lines`` up to ``MAX_LINES`` lines and ``MAX_BYTES`` characters (a line past that is cut), then one
    line saying how many more there were."""
    kept: list[str] = []
    room = MAX_BYTES
    for line in lines[:MAX_LINES]:
        if room <= 0:
            break
        kept.append(line[:room])
        room -= len(kept[-1])
    more = len(lines) - len(kept)
    if more and len(kept) == MAX_LINES:
        kept.append(f"[{more} more lines not shown: at most {MAX_LINES} lines per step]")
    elif more or room <= 0:
        kept.append(f"[{more} more lines not shown: at most {MAX_BYTES >> 10} KiB of printout per step]")
    return kept


class Match:
    """Plays ``driver`` on ``game``; ``step()`` carries out one action (GUI-friendly).

    Agent crashes, timeouts and stalls end the game cleanly: the engine solves
    it as it stands and the reason goes to the log. So does any other exception
    from a driver method (a bridge's ``CLIPSError``, a bug in a driver): it
    becomes a one-line reason naming the method.

    ``markers``: something shows what the agent draws (the window, a game log): the match reads the driver's
    ``markers()`` after each step and keeps them in the game; otherwise (bench, grade, the coach, diff) it never
    asks, and the driver is told so before it starts (``Driver.markers_wanted``), so the agent need not draw.
    """

    def __init__(self, game: Game, driver: Driver, on_log: LogSink | None = None, params: dict | None = None,
                 on_trace: Callable[[object], None] | None = None, markers: bool = False):
        self.game = game
        self.driver = driver
        self.markers = markers
        driver.markers_wanted = markers
        self.on_log = on_log or (lambda line: None)
        self.on_trace = on_trace  # called with the driver's trace of each step (when it traces)
        self.params = dict(params or {})
        self.started = False
        self.written_files: dict[str, bytes] = {}
        self._files_noted = False
        self._markers_failed = False  # said once per game
        if not game.agent:
            game.agent = driver.name

    def _flush_output(self) -> None:
        try:
            lines = self.driver.output()
            refused = self.driver.refusals()
        except Exception as error:
            self._failed(error, "output")
            return
        for attempt in refused:  # the game's notes and the log say it as it happens; bench rows and the report too
            self.game.refusals.append(attempt)
            self.game.note(f"confinement: the agent {attempt}")
            self.on_log(f"confinement: the agent {attempt}")
        lines = capped_printout(lines)
        if lines:
            name, on_log, note = self.driver.name, self.on_log, self.game.note
            for line in lines:
                text = f"{name}: {line}"
                note(text)
                on_log("  " + text)

    def start(self) -> None:
        """Start the agent (done by the first ``step`` if not called)."""
        if self.started:
            return
        self.started = True
        context = StartContext(self.game.profile, self.game.map.name, self.game.map.fact_order, self.params)
        failure: Exception | None = None
        try:
            self.driver.start(self.game.observation(), context)
        except BattleshipError:
            raise  # the agent cannot start (unreadable file, bad parameter): the caller reports it
        except Exception as error:  # AgentFailure, or anything else the driver raised
            failure = error
        self._flush_output()
        self._note_load_errors()
        if failure is not None and not self.game.over:
            self._failed(failure, "start")
        elif not self.game.over:
            declared = self.driver.declared_k_cells()  # the agent's own initial k-cells (docs/rules.md)
            if declared:
                self.game.declare(declared)

    def _note_load_errors(self) -> None:
        """Mark the game with the agent's load errors: played with what loaded, as the course's CLIPS does,
        but never silently."""
        errors = tuple(self.driver.load_errors())
        if errors:
            self.game.load_errors = errors
            self.game.note(load_note(errors))
            self.on_log(load_note(errors))

    def stop(self, reason: str, stalled: bool = False) -> StepEvent:
        """End the game now on the engine's behalf, with ``reason`` in the game's notes and the log
        (``stalled``: the agent gave no action the course's environment could carry out)."""
        self.game.note(f"game stopped: {reason}")
        self.on_log(f"game stopped: {reason}")
        event = self.game.stop(reason, stalled=stalled)
        self._note_files()
        return event

    def _failed(self, error: Exception, method: str) -> None:
        """Stop the game for an exception of the driver's ``method`` (logged only if the game is over already)."""
        if isinstance(error, AgentFailure):
            reason = str(error)
        else:  # one line, whatever the message held
            reason = " ".join(f"agent {self.driver.name}: {method} raised {type(error).__name__}: {error}".split())
        if not self.game.over:
            self.stop(reason)
        else:
            self.game.note(reason)
            self.on_log(reason)

    def step(self) -> list[StepEvent]:
        """Ask the agent for one action and carry it out; returns the new events."""
        before = len(self.game.events)
        if not self.started:
            self.start()
        if self.game.over:
            return self.game.events[before:]
        try:
            action = self.driver.next_action(self.game.observation())
        except Exception as error:
            self._flush_output()
            self._failed(error, "next_action")
            return self.game.events[before:]
        self._flush_output()
        if self.game.over:  # the driver's output could not be read
            return self.game.events[before:]
        if action is None:
            self.stop("the agent stalled (it gave no action for this step)", stalled=True)
            return self.game.events[before:]
        if isinstance(action, tuple):  # several for this step, newest first: the course carries out one
            action = self.game.choose(action)
        markers = self._markers() if self.markers else None
        event = self.game.apply(action, self.driver.declared_k_cells())
        if markers is not None:
            self.game.keep_markers(event.step, markers)
        if self.game.stalled:  # an action the course's environment cannot carry out: it would hang
            self.game.note(f"game stopped: {self.game.stop_reason}")
            self.on_log(f"game stopped: {self.game.stop_reason}")
            return self.game.events[before:]
        try:
            self.driver.after(event, self.game.observation())
        except Exception as error:
            self._failed(error, "after")
        self._flush_output()
        self._take_trace(event.step)
        if self.game.over:
            self._note_files()
        return self.game.events[before:]

    def _markers(self) -> tuple:
        """What the agent draws after its turn (``Driver.markers``, capped); a driver that cannot give them is
        said once in the notes and draws nothing: markers are never scored, so they never stop a game."""
        try:
            return self.driver.markers()
        except Exception as error:
            if not self._markers_failed:
                self._markers_failed = True
                text = str(error) if isinstance(error, BattleshipError | AgentFailure) else \
                    f"agent {self.driver.name}: markers raised {type(error).__name__}: {error}"
                self.game.note(" ".join(f"{text} (its markers are not shown)".split()))
                self.on_log(" ".join(f"{text} (its markers are not shown)".split()))
            return ()

    def advance(self, pause: PauseRequest) -> object | None:
        """Play the agent's turn until ``pause`` says stop: the driver's pause (the turn waits mid-way, no event
        yet; a CLIPS driver's ``TurnPause``), or None once the step was carried out (as ``step``), the game is
        over, or the driver could not pause (then it played the whole step)."""
        if not self.started:
            self.start()
        if self.game.over:
            return None
        try:
            paused = self.driver.advance(self.game.observation(), pause)
        except Exception as error:
            self._flush_output()
            self._failed(error, "advance")
            return None
        self._flush_output()
        if paused is not None:
            return paused
        self.step()
        return None

    def _take_trace(self, step: int) -> None:
        """Keep the driver's trace of ``step`` in the game (for the log) and hand it to ``on_trace``."""
        try:
            trace = self.driver.trace()
        except Exception as error:
            self._failed(error, "trace")
            return
        if trace is None:
            return
        self.game.traces[step] = trace  # made plain data when the log is written (gamelog.dumps)
        if self.on_trace is not None:
            self.on_trace(trace)

    def run(self) -> GameResult:
        """Play to the end and return the result."""
        while not self.game.over:
            self.step()
        return self.game.result()

    def close(self) -> None:
        """Release the driver; the files the agent wrote (in its scratch folder) are kept and listed."""
        self.driver.close()
        self._note_files()

    def _note_files(self) -> None:
        """Keep and list the files the agent wrote (once: at the game's end, or at close if it never ended)."""
        if self._files_noted:
            return
        self._files_noted = True
        self.written_files = self.game.written_files = self.driver.written_files()
        sizes = self.driver.written_sizes()
        names = list(self.written_files)
        lines = []
        for name in names[:MAX_FILE_NOTES]:
            size, kept = sizes.get(name, len(self.written_files[name])), len(self.written_files[name])
            lines.append(f"the agent wrote {name} ({size} bytes" + (f", {kept} kept)" if kept < size else ")"))
        if len(names) > MAX_FILE_NOTES:
            lines.append(f"the agent wrote {len(names) - MAX_FILE_NOTES} more files")
        for line in lines:
            self.game.note(line)
            self.on_log(line)
