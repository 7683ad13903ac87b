"""The match runner: one game, one agent driver, stepped one action at a time."""

from __future__ import annotations

from collections.abc import Callable

from app.backends.base import AgentFailure, Driver, StartContext
from app.core import Game, GameResult, StepEvent

LogSink = Callable[[str], None]

MAX_LINES = 2000  # lines an agent may print per step; the rest is counted, not kept


class Match:
    """Plays ``driver`` on ``game``; ``step()`` carries out one action (GUI-friendly).

    Agent crashes, timeouts and stalls end the game cleanly: the engine solves
    it as it stands and the reason goes to the log.
    """

    def __init__(self, game: Game, driver: Driver, on_log: LogSink | None = None, params: dict | None = None):
        self.game = game
        self.driver = driver
        self.on_log = on_log or (lambda line: None)
        self.params = dict(params or {})
        self.started = False
        if not game.agent:
            game.agent = driver.name

    def _flush_output(self) -> None:
        lines = self.driver.output()
        if len(lines) > MAX_LINES:
            lines = lines[:MAX_LINES] + [f"[{len(lines) - MAX_LINES} more lines not shown: at most {MAX_LINES} "
                                         f"lines per step]"]
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
        try:
            self.driver.start(self.game.observation(), context)
        except AgentFailure as failure:
            self._flush_output()
            self._stop(str(failure))
            return
        self._flush_output()

    def _stop(self, reason: str) -> StepEvent:
        self.game.note(f"game stopped: {reason}")
        self.on_log(f"game stopped: {reason}")
        return self.game.stop(reason)

    def step(self) -> list[StepEvent]:
        """Ask the agent for one action and carry it out; returns the new events."""
        before = len(self.game.events)
        if not self.started:
            self.start()
        if self.game.over:
            return self.game.events[before:]
        try:
            action = self.driver.next_action(self.game.observation())
        except AgentFailure as failure:
            self._flush_output()
            self._stop(str(failure))
            return self.game.events[before:]
        self._flush_output()
        if action is None:
            self._stop("the agent stalled (it gave no action for this step)")
            return self.game.events[before:]
        event = self.game.apply(action)
        try:
            self.driver.after(event, self.game.observation())
        except AgentFailure as failure:
            if not self.game.over:
                self._stop(str(failure))
        self._flush_output()
        return self.game.events[before:]

    def run(self) -> GameResult:
        """Play to the end and return the result."""
        while not self.game.over:
            self.step()
        return self.game.result()

    def close(self) -> None:
        """Release the driver."""
        self.driver.close()
