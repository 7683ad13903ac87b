"""Manual play: a driver whose actions come from a person (the GUI forwards clicks).

The GUI calls ``submit(action)`` from its own thread; ``next_action`` (run by
the match on a worker thread) waits for the next submitted action. Rules,
limits and the score stay in ``app.core.game.Game``, as for every agent.
"""

from __future__ import annotations

import queue
import threading

from app.backends.base import AgentFailure, Driver
from app.backends.kinds import HUMAN, AgentSpec
from app.core import Action, Observation

HUMAN_SPEC = AgentSpec("Human", HUMAN, (), "you play: left click fires, right click flags")


class HumanDriver(Driver):
    """Hands the match the actions a person submitted, one per step, in order."""

    name = "Human"

    def __init__(self, poll_seconds: float = 0.05):
        self._actions: queue.Queue[Action | str] = queue.Queue()
        self._cancelled = threading.Event()
        self._poll = poll_seconds

    def submit(self, action: Action | str) -> None:
        """Queue the person's next action (thread-safe)."""
        self._actions.put(action)

    def pending(self) -> int:
        """How many submitted actions wait to be carried out."""
        return self._actions.qsize()

    def next_action(self, observation: Observation) -> Action | str | None:
        """The next submitted action; waits for one. Raises AgentFailure once cancelled."""
        while True:
            if self._cancelled.is_set():
                raise AgentFailure("the game was reset")
            try:
                return self._actions.get(timeout=self._poll)
            except queue.Empty:
                continue

    def request_cancel(self) -> None:
        """Stop waiting for the person (thread-safe)."""
        self._cancelled.set()
