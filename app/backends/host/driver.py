"""``HostedDriver``: the driver interface in the parent, with the agent's real driver in a child process."""

from __future__ import annotations

import threading

import numpy as np

from app.backends.base import AgentFailure, Driver, FactRow, StartContext
from app.backends.host.confine import Limits, memory_text
from app.backends.host.process import ROOT, Child, ChildDied, agent_key, keep_idle, take_child, take_idle
from app.backends.host.protocol import ErrorKind, Request
from app.core import Action, AgentError, BattleshipError, Observation, StepEvent

GRACE = 3.0  # seconds past the agent's own step cap before the parent kills a child stuck in native code
START_ALLOWANCE = 60.0  # loading the agent's files (a CLIPS environment, a Python module) on top of the cap
QUERY_SECONDS = 20.0  # belief, facts, parameters


class HostedDriver(Driver):
    """Sends each driver call to the agent's host process and raises its failures again here.

    The parent keeps the engine, the map and the score; the child only hears
    observations and events. A call that outlives the agent's step cap by
    ``GRACE`` seconds, or a child that dies, ends the game with a one-line
    reason; the dead child's queries (belief, facts) answer "nothing".
    """

    def __init__(self, spec, seed: int | None = None, step_seconds: float | None = None,
                 limits: Limits | None = None):
        limits = limits or Limits()
        self.spec = spec
        self.name = spec.name
        self.limits = limits
        self._key = agent_key(spec, limits)
        self._child: Child | None = take_idle(self._key) or take_child()
        self._child.memory_limit = limits.memory
        self._dead = ""  # why the child is gone, once it is
        self._cancelled = threading.Event()
        self._reusable = True
        self._lines: list[str] = []
        self._load_errors: list[str] = []
        self._files: dict[str, bytes] | None = None
        self.cap: float | None = step_seconds
        fields = {"name": spec.name, "kind": str(spec.kind), "paths": [str(p) for p in spec.paths]}
        try:
            created = self._call(Request.CREATE, (fields, seed, step_seconds, limits, str(ROOT)), START_ALLOWANCE,
                                 "load")
        except BaseException:
            self._reusable = False
            self.close()
            raise
        self.name = str(created.get("name") or spec.name)
        self.status = str(created.get("status", ""))
        self.cap = _number(created.get("cap"))

    # ----- the calls ------------------------------------------------------
    def _call(self, kind: Request, args: tuple, timeout: float | None, what: str):
        """One request; its value, or the child's error raised again (AgentFailure when the child is gone)."""
        if self._dead:
            raise AgentFailure(f"agent {self.name}: {self._dead}")
        try:
            reply = self._child.request(str(kind), args, timeout)
        except TimeoutError:
            self._dead = f"took more than {timeout:g} s for {what}: its process was ended"
            if self._cancelled.is_set():
                self._dead = f"cancelled during {what}"
            raise AgentFailure(f"agent {self.name} {self._dead}") from None
        except ChildDied as died:
            self._dead = self._death_text(str(died), what)
            raise AgentFailure(f"agent {self.name}: {self._dead}") from None
        self._lines += [str(line) for line in reply.get("output") or ()]
        if "cap" in reply:
            self.cap = _number(reply["cap"])
        error = reply.get("error")
        if isinstance(error, dict):
            self._reusable = False  # the agent failed: its process is not kept for another game
            raise _rebuilt(error, self.name, self.limits)
        return reply.get("value") if kind is not Request.START else reply

    def _death_text(self, how: str, what: str) -> str:
        if self._cancelled.is_set():
            return f"cancelled during {what}"
        if how == "memory":
            return f"over the memory limit of {memory_text(self.limits.memory)} (during {what})"
        return f"{how} (during {what})"

    def _step_timeout(self, extra: float = 0.0) -> float | None:
        return None if self.cap is None else self.cap + GRACE + extra

    def start(self, observation: Observation, context: StartContext) -> None:
        """Start the agent in the child (its load errors come back with the reply)."""
        reply = self._call(Request.START, (observation, context), self._step_timeout(START_ALLOWANCE), "start")
        self._load_errors = [str(line) for line in reply.get("load_errors") or ()]

    def next_action(self, observation: Observation) -> Action | str | None:
        """The agent's action as text (the engine parses it as it would the agent's own Action)."""
        value = self._call(Request.NEXT, (observation,), self._step_timeout(), f"step {observation.step}")
        return None if value is None else str(value)

    def after(self, event: StepEvent, observation: Observation) -> None:
        """Tell the agent what its action did."""
        self._call(Request.AFTER, (event, observation), self._step_timeout(), f"step {event.step}, after the action")

    def output(self) -> list[str]:
        """The lines the agent printed, gathered from the replies."""
        lines, self._lines = self._lines, []
        return lines

    def load_errors(self) -> list[str]:
        """What loading the agent's files reported (sent with the start reply)."""
        return list(self._load_errors)

    def _query(self, kind: Request, default):
        if self._dead:
            return default
        try:
            return self._call(kind, (), QUERY_SECONDS, str(kind))
        except AgentFailure:
            return default

    def belief(self) -> np.ndarray | None:
        """The agent's belief (None when it has none or its process is gone)."""
        value = self._query(Request.BELIEF, None)
        if value is None:
            return None
        belief = np.asarray(value, dtype=float)
        if belief.shape != (10, 10):
            raise AgentError(f"agent {self.name}: belief() returned an array of shape {belief.shape}, not (10, 10)")
        return belief

    def facts(self) -> list[tuple[str, str]] | None:
        """The agent's working memory (None: a Python agent, or its process is gone)."""
        value = self._query(Request.FACTS, None)
        return None if value is None else [(str(t), str(f)) for t, f in value]

    def working_memory(self) -> list[FactRow] | None:
        """Every fact of the agent's working memory (None: a Python agent, or its process is gone)."""
        value = self._query(Request.WORKING_MEMORY, None)
        return None if value is None else [FactRow(str(m), int(i), str(t), str(x)) for m, i, t, x in value]

    def parameters(self) -> dict[str, str]:
        """The parameters the agent takes, with their values in force."""
        value = self._query(Request.PARAMETERS, {})
        return {str(k): str(v) for k, v in dict(value).items()}

    def preload(self, profile) -> list[str]:
        """Load the agent's files now (in the child) and return what loading reported."""
        return [str(line) for line in self._call(Request.PRELOAD, (profile,), START_ALLOWANCE, "loading")]

    def request_cancel(self) -> None:
        """End the running call by ending the child (thread-safe)."""
        self._cancelled.set()
        child = self._child
        if child is not None:
            child.kill("cancelled")

    def confinement(self) -> str:
        """``agent confined (seccomp, landlock, rlimits)``, or what is missing."""
        return self.status

    def written_files(self) -> dict[str, bytes]:
        """The files the agent wrote in its scratch folder so far (kept when the driver closes)."""
        if self._files is None and self._child is not None:
            return self._child.peek_files()
        return dict(self._files or {})

    def close(self) -> None:
        """Keep the files the agent wrote; a healthy child stays for the next game of this agent, others end.

        A child kept is emptied first: its driver is closed and its scratch folder emptied.
        """
        child = self._child
        if child is None:
            return
        if not self._reusable:
            self._dead = self._dead or "failed"
        if not self._dead and not self._cancelled.is_set():
            try:
                self._call(Request.FINISH, (), QUERY_SECONDS, "the end of the game")
            except Exception:  # noqa: BLE001  (a child that cannot finish is not kept)
                self._dead = self._dead or "could not finish"
        self._child = None
        if self._dead or self._cancelled.is_set():
            child.close()
            self._files = child.take_files()
        else:
            self._files = child.take_files(remove=False)
            keep_idle(self._key, child)
        self._dead = self._dead or "closed"


def _number(value) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _rebuilt(error: dict, name: str, limits: Limits) -> Exception:
    """The child's error as the parent raises it (one line)."""
    kind, message = str(error.get("kind")), " ".join(str(error.get("message", "")).split())
    type_name = str(error.get("type", "Exception"))
    if kind == ErrorKind.MEMORY:
        return AgentFailure(f"agent {name}: over the memory limit of {memory_text(limits.memory)}")
    if kind == ErrorKind.FAILURE:
        return AgentFailure(message)
    if kind == ErrorKind.AGENT:
        return AgentError(message)
    if kind == ErrorKind.BATTLESHIP:
        return BattleshipError(message)
    named = type(type_name if type_name.isidentifier() else "AgentHostError", (Exception,), {})
    return named(message)
