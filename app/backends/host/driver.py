"""``HostedDriver``: the driver interface in the parent, with the agent's real driver in a child process."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from app.backends.base import AgentFailure, Driver
from app.backends.host.calls import ATTRIBUTES, CALLS, MIRRORED, Call, Timing
from app.backends.host.confine import Limits, memory_text
from app.backends.host.process import ROOT, Child, ChildDied, agent_key, keep_idle, take_child, take_idle
from app.backends.host.protocol import ErrorKind, Request
from app.core import AgentError, BattleshipError

GRACE = 3.0  # seconds past the agent's own step cap before the parent kills a child stuck in native code
START_ALLOWANCE = 60.0  # loading the agent's files (a CLIPS environment, a Python module) on top of the cap
QUERY_SECONDS = 20.0  # belief, facts, parameters
_UNSENT = object()


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
        self._files: dict[str, bytes] | None = None
        self._riding: dict[str, object] = {}  # values that came with a reply, by call (``Call.rides_on``)
        self._sent: dict[str, object] = {}  # the attributes the child's driver has (``calls.ATTRIBUTES``)
        self.cap: float | None = step_seconds
        fields = {"name": spec.name, "kind": str(spec.kind), "paths": [str(p) for p in spec.paths]}
        try:
            created = self._request(Request.CREATE, (fields, seed, step_seconds, limits, str(ROOT)),
                                    START_ALLOWANCE, "load")["value"]
        except BaseException:
            self._reusable = False
            self.close()
            raise
        self.name = str(created.get("name") or spec.name)
        self.status = str(created.get("status", ""))
        self.cap = _number(created.get("cap"))

    # ----- the calls ------------------------------------------------------
    def _request(self, kind: Request, args: tuple, timeout: float | None, what: str) -> dict:
        """One request; its reply, or the child's error raised again (AgentFailure when the child is gone)."""
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
        try:
            self._lines += [str(line) for line in reply.get("output") or ()]
            if "cap" in reply:
                self.cap = _number(reply["cap"])
            for name, value in dict(reply.get("mirror") or {}).items():
                if name in MIRRORED and _number(value) is not None:
                    setattr(self, name, value)
            for name, item in dict(reply.get("more") or {}).items():
                error = item.get("error")
                self._riding[name] = (_Raised(_rebuilt(error, self.name, self.limits)) if isinstance(error, dict)
                                      else CALLS[name].codec.decode(item["value"]))
        except Exception as exc:  # noqa: BLE001  (whatever a broken or hostile child sent)
            self._malformed(exc, what)
        error = reply.get("error")
        if isinstance(error, dict):
            self._reusable = False  # the agent failed: its process is not kept for another game
            raise _rebuilt(error, self.name, self.limits)
        return reply

    def _malformed(self, exc: Exception, what: str) -> None:
        """End a child whose reply could not be read (AgentFailure)."""
        self._child.kill("its reply was malformed")
        self._dead = f"the agent process sent a malformed reply for {what} ({type(exc).__name__})"
        raise AgentFailure(f"agent {self.name}: {self._dead}") from None

    def _forward(self, call: Call, args: tuple):
        """``call`` with ``args`` in the child, its value decoded here (``calls.CALLS`` says how)."""
        if call.name in self._riding:
            value = self._riding.pop(call.name) if call.once else self._riding[call.name]
            if isinstance(value, _Raised):
                self._reusable = False
                raise value.error
            return value
        if call.timing is Timing.QUERY and self._dead:
            return call.default
        attributes = {key: getattr(self, key) for key in ATTRIBUTES}
        changed = {key: value for key, value in attributes.items() if self._sent.get(key, _UNSENT) != value}
        what = call.label.format(*args) if call.label else call.name
        timeout = {Timing.STEP: self._step_timeout(START_ALLOWANCE if call.name == "start" else 0.0),
                   Timing.LOAD: START_ALLOWANCE, Timing.QUERY: QUERY_SECONDS}[call.timing]
        try:
            reply = self._request(Request.CALL, (call.name, args, changed), timeout, what)
        except AgentFailure:
            if call.timing is Timing.QUERY:
                return call.default
            raise
        self._sent.update(changed)
        try:
            return call.codec.decode(reply.get("value"))
        except Exception as exc:  # noqa: BLE001  (whatever a broken or hostile child sent)
            self._malformed(exc, what)

    def _death_text(self, how: str, what: str) -> str:
        if self._cancelled.is_set():
            return f"cancelled during {what}"
        if how == "memory":
            return f"over the memory limit of {memory_text(self.limits.memory)} (during {what})"
        return f"{how} (during {what})"

    def _step_timeout(self, extra: float = 0.0) -> float | None:
        return None if self.cap is None else self.cap + GRACE + extra

    def output(self) -> list[str]:
        """The lines the agent printed, gathered from the replies."""
        lines, self._lines = self._lines, []
        return lines

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
                self._request(Request.FINISH, (), QUERY_SECONDS, "the end of the game")
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


@dataclass(frozen=True, slots=True)
class _Raised:
    """What a call that rode on another reply raised in the child (raised here when the app reads the call)."""

    error: Exception


def _forwarder(call: Call):
    """The HostedDriver method for ``call``."""
    def forward(self, *args):
        return self._forward(call, args)

    forward.__name__ = forward.__qualname__ = call.name
    forward.__doc__ = getattr(Driver, call.name, forward).__doc__ or f"``{call.name}`` in the agent's process."
    return forward


for _call in CALLS.values():
    setattr(HostedDriver, _call.name, _forwarder(_call))


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
