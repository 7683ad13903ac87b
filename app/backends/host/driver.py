"""``HostedDriver``: the driver interface in the parent, with the agent's real driver in a child process."""

from __future__ import annotations

import contextlib
import math
import threading
from dataclasses import dataclass

from app.backends.base import AgentFailure, Driver, runner_param
from app.backends.host.calls import ATTRIBUTES, CALLS, MIRRORED, Call, Timing, asked
from app.backends.host.limits import Limits, memory_text
from app.backends.host.process import Child, ChildDied, unwatch, watch
from app.backends.host.protocol import SAME_OBSERVATION, ErrorKind, Request
from app.backends.host.warm import agent_key, prepare, take_child, take_prepared
from app.backends.kinds import Capability
from app.backends.runner import capped_printout
from app.core import AgentError, BattleshipError, Observation
from app.core.paths import ROOT

GRACE = 3.0  # seconds past the agent's own step cap before the parent kills a child stuck in native code
START_ALLOWANCE = 60.0  # loading the agent's files (a CLIPS environment, a Python module) on top of the cap
QUERY_SECONDS = 20.0  # belief, facts, parameters
REFUSALS_KEPT = 100  # refusal notes kept per game (the child dedups and caps its own at 50)
#: the step cap of each kind of agent when none is given: the drivers' own defaults (python_runner's
#: DEFAULT_STEP_SECONDS, the CLIPS driver's DEFAULT_TIME_LIMIT; tests/backends/test_hostile_round2.py checks)
DEFAULT_CAPS = {"python": 10.0, "clips": 5.0}
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
        self._dead = ""  # why the child is gone, once it is
        self._cancelled = threading.Event()
        self._lines: list[str] = []
        self._files: dict[str, bytes] | None = None
        self._sizes: dict[str, int] = {}  # the real sizes of the files read last
        self._refusals: list[str] = []  # what the child's audit hook saw the agent try (``host.refusals``)
        self._riding: dict[str, object] = {}  # values that came with a reply, by call (``Call.rides_on``)
        self._sent: dict[str, object] = {}  # the attributes the child's driver has (``calls.ATTRIBUTES``)
        self._observation: Observation | None = None  # the one sent last (the child keeps it too)
        self._queue: list[tuple] = []  # deferred calls not sent yet: (call, message, timeout, label)
        self._failed_later: AgentFailure | None = None  # what a deferred call raised, for the next step call
        # the app owns every cap: the child is told it, never asked (an agent may rewrite its own driver)
        self.cap = step_seconds if step_seconds is not None else DEFAULT_CAPS.get(str(spec.kind), 10.0)
        # declared k-cells are a CLIPS agent's only (docs/rules.md): the app's own spec says, never the child
        self._declares = spec.kind.can_show(Capability.DECLARED_K_CELLS)
        fields = {"name": spec.name, "kind": str(spec.kind), "module": spec.kind.module,
                  "paths": [str(p) for p in spec.paths]}
        self._create = (fields, seed, self.cap, limits, str(ROOT))
        self._key = agent_key(spec, seed, self.cap, limits)
        # a fresh process for every game, no agent ran in it; made ready ahead for a game of an agent seen before
        prepared = take_prepared(self._key, limits.memory)
        try:
            self._child: Child | None = prepared or take_child()
        except OSError as exc:  # no interpreter could start (a broken installation): one line, not a traceback
            raise AgentError(f"agent {spec.name}: its process could not start ({exc})") from None
        self._child.limit_memory(limits.memory)
        watch(self._child)
        try:
            if prepared is None:
                created = self._request(Request.CREATE, self._create, START_ALLOWANCE, "load")["value"]
            else:
                created = self._prepared_reply()
        except BaseException:
            self.close()
            raise
        self.name = str(created.get("name") or spec.name)
        self.status = str(created.get("status", ""))

    # ----- the calls ------------------------------------------------------
    def _prepared_reply(self) -> dict:
        """The value of the prepared child's CREATE (raised again as ``_request`` would); the reply of its
        ``preload`` is read and left: the game's ``start`` uses or redoes what it loaded."""
        with self._watching(START_ALLOWANCE, "load"):
            reply = self._child.receive(START_ALLOWANCE)
            self._child.receive(START_ALLOWANCE)
        return self._absorb(reply, "load")["value"]

    def _prepare_next(self, profile) -> None:
        """Have a fresh child made ready for this agent's next game while this one plays (``warm.prepare``):
        it creates the agent and loads its files for ``profile``, and plays no game until one takes it (or a
        template of the agent loaded, when its kind may be loaded ahead)."""
        prepare(self._key, [(str(Request.CREATE), (self._create, [], False)),
                            (str(Request.CALL), (("preload", (profile,), {}), [], False))], self.limits.memory,
                ahead=self.spec.kind.loads_ahead)

    def _request(self, kind: Request, payload: tuple, timeout: float | None, what: str,
                 step: bool = False) -> dict:
        """One request, with the deferred calls queued before it (``calls.Call.defers``), in one message and one
        reply; its reply, or the child's error raised again (AgentFailure when the child is gone).

        When a deferred call failed, the child skips a ``step`` request (in-process, the game would have
        stopped before it) and the failure is raised for it, worded as the match words one of that call.
        """
        if self._dead:
            raise AgentFailure(f"agent {self.name}: {self._dead}")
        queued, self._queue = self._queue, []
        if queued:
            what = ", then ".join([*(label for _, _, _, label in queued), what])
            timeout = None if timeout is None or any(wait is None for _, _, wait, _ in queued) else (
                timeout + sum(wait for _, _, wait, _ in queued))
        with self._watching(timeout, what):
            reply = self._child.request(str(kind), (payload, [message for _, message, _, _ in queued], step),
                                        timeout)
        try:
            earlier_replies = _replies(reply.get("before"))
        except ValueError as exc:
            self._malformed(exc, what)
        for (call, _, _, label), earlier in zip(queued, earlier_replies, strict=False):
            try:
                self._absorb(earlier, label)
            except AgentFailure as error:
                self._failed_later = error
            except Exception as error:  # noqa: BLE001  (in the match's words for that call)
                self._failed_later = AgentFailure(" ".join(
                    f"agent {self.name}: {call.name} raised {type(error).__name__}: {error}".split()))
        if reply.get("skipped") or (step and self._failed_later is not None):
            error, self._failed_later = self._failed_later or AgentFailure(f"agent {self.name}: failed"), None
            raise error
        return self._absorb(reply, what)

    @contextlib.contextmanager
    def _watching(self, timeout: float | None, what: str):
        """A child that does not answer in time, or dies: AgentFailure, and the child is gone."""
        try:
            yield
        except TimeoutError:
            self._dead = f"took more than {timeout:g} s for {what}: its process was ended"
            if self._cancelled.is_set():
                self._dead = f"cancelled during {what}"
            raise AgentFailure(f"agent {self.name} {self._dead}") from None
        except ChildDied as died:
            self._dead = self._death_text(str(died), what)
            raise AgentFailure(f"agent {self.name}: {self._dead}") from None

    def _absorb(self, reply: dict, what: str) -> dict:
        """One call's reply: its printout, caps and riders kept; its error raised again."""
        try:
            self._lines += capped_printout([str(line) for line in reply.get("output") or ()])
            room = REFUSALS_KEPT - len(self._refusals)
            self._refusals += [" ".join(str(note).split())[:300] for note in list(reply.get("refusals") or ())[:room]]
            for name, value in dict(reply.get("mirror") or {}).items():
                if name in MIRRORED and _number(value) is not None:
                    setattr(self, name, value)
            for name, item in dict(reply.get("more") or {}).items():
                if not asked(CALLS[name], self):
                    continue  # a value the app did not ask for (markers nothing shows): not read
                error = item.get("error")
                self._riding[name] = (_Raised(_rebuilt(error, self.name, self.limits)) if isinstance(error, dict)
                                      else CALLS[name].codec.decode(item["value"]))
        except Exception as exc:  # noqa: BLE001  (whatever a broken or hostile child sent)
            self._malformed(exc, what)
        error = reply.get("error")
        if isinstance(error, dict):
            raise _rebuilt(error, self.name, self.limits)
        return reply

    def _flush(self) -> None:
        """Send the deferred calls now (an empty call carries them), e.g. before the scratch folder is read."""
        if self._queue and not self._dead:
            with contextlib.suppress(AgentFailure):
                self._request(Request.CALL, ("", (), {}), QUERY_SECONDS, "the queued calls")

    def _malformed(self, exc: Exception, what: str) -> None:
        """End a child whose reply could not be read (AgentFailure)."""
        self._child.kill("its reply was malformed")
        self._dead = f"the agent process sent a malformed reply for {what} ({type(exc).__name__})"
        raise AgentFailure(f"agent {self.name}: {self._dead}") from None

    def _forward(self, call: Call, args: tuple):
        """``call`` with ``args`` in the child, its value decoded here (``calls.CALLS`` says how)."""
        if call.name == "declared_k_cells" and not self._declares:
            self._riding.pop(call.name, None)  # whatever a Python agent's process sent: not asked, not read
            return call.default
        if call.name == "start":
            with contextlib.suppress(BattleshipError):  # a bad time_limit: the child's driver says so
                self.cap = runner_param(args[1].params, "time_limit") or self.cap
        if not asked(call, self):
            return call.default  # before any flush: ``trace`` while not tracing costs no round trip
        if any(queued.name in call.rides_on for queued, _, _, _ in self._queue):
            self._flush()  # the call's value comes with the deferred call's reply
        if call.name in self._riding:
            value = self._riding.pop(call.name) if call.once else self._riding[call.name]
            if isinstance(value, _Raised):
                raise value.error
            return value
        if call.timing is Timing.QUERY and self._dead:
            return call.default
        if call.timing is Timing.STEP and self._failed_later is not None:
            error, self._failed_later = self._failed_later, None
            raise error
        attributes = {key: getattr(self, key) for key in ATTRIBUTES}
        changed = {key: value for key, value in attributes.items() if self._sent.get(key, _UNSENT) != value}
        what = call.label.format(*args) if call.label else call.name
        timeout = {Timing.STEP: self._step_timeout(START_ALLOWANCE if call.name == "start" else 0.0),
                   Timing.LOAD: START_ALLOWANCE, Timing.QUERY: QUERY_SECONDS}[call.timing]
        sent = tuple(SAME_OBSERVATION if arg is self._observation else arg for arg in args)
        if call.defers and not self._dead and not any(isinstance(arg, Observation) and arg.over for arg in args):
            self._queue.append((call, (call.name, sent, changed), timeout, what))  # sent with the next request
            self._sent.update(changed)
            self._observation = next((arg for arg in args if isinstance(arg, Observation)), self._observation)
            return call.default
        try:
            reply = self._request(Request.CALL, (call.name, sent, changed), timeout, what, call.timing is Timing.STEP)
        except AgentFailure:
            if call.timing is Timing.QUERY:
                return call.default
            raise
        self._sent.update(changed)
        self._observation = next((arg for arg in args if isinstance(arg, Observation)), self._observation)
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

    # ----- the forwarded driver calls (``calls.CALLS`` says how each is timed and how its value crosses) -----
    def start(self, observation, context) -> None:
        """``Driver.start`` in the agent's process (the child for this agent's next game gets ready meanwhile)."""
        self._prepare_next(context.profile)
        return self._forward(CALLS["start"], (observation, context))

    def next_action(self, observation):
        """``Driver.next_action`` in the agent's process."""
        return self._forward(CALLS["next_action"], (observation,))

    def advance(self, observation, pause):
        """``Driver.advance`` in the agent's process (a ``TurnPause``, or None once the turn ended)."""
        return self._forward(CALLS["advance"], (observation, pause))

    def after(self, event, observation) -> None:
        """``Driver.after`` in the agent's process (deferred while the game goes on)."""
        return self._forward(CALLS["after"], (event, observation))

    def declared_k_cells(self):
        """``Driver.declared_k_cells`` (it rides on the step's reply)."""
        return self._forward(CALLS["declared_k_cells"], ())

    def trace(self):
        """``Driver.trace`` (it rides on ``after``'s reply; None at once while not tracing)."""
        return self._forward(CALLS["trace"], ())

    def markers(self):
        """``Driver.markers`` (it rides on the step's reply; capped again here: ``calls.MARKERS``)."""
        return self._forward(CALLS["markers"], ())

    def turn_summary(self):
        """``Driver.turn_summary`` (it rides on the step's reply)."""
        return self._forward(CALLS["turn_summary"], ())

    def load_errors(self) -> list[str]:
        """``Driver.load_errors`` (it rides on ``start``'s reply)."""
        return self._forward(CALLS["load_errors"], ())

    def exec_facts(self):
        """``Driver.exec_facts`` in the agent's process."""
        return self._forward(CALLS["exec_facts"], ())

    def rule_names(self) -> tuple[str, ...]:
        """``Driver.rule_names`` in the agent's process."""
        return self._forward(CALLS["rule_names"], ())

    def why_not(self, rule: str):
        """``Driver.why_not`` in the agent's process."""
        return self._forward(CALLS["why_not"], (rule,))

    def belief(self):
        """``Driver.belief`` in the agent's process."""
        return self._forward(CALLS["belief"], ())

    def parameters(self) -> dict[str, str]:
        """``Driver.parameters`` in the agent's process."""
        return self._forward(CALLS["parameters"], ())

    def facts(self):
        """``Driver.facts`` in the agent's process."""
        return self._forward(CALLS["facts"], ())

    def working_memory(self):
        """``Driver.working_memory`` in the agent's process."""
        return self._forward(CALLS["working_memory"], ())

    def preload(self, profile) -> list[str]:
        """Load the agent's files ahead of the game (a CLIPS driver's ``preload``) in the agent's process."""
        return self._forward(CALLS["preload"], (profile,))

    # ----- answered here ----------------------------------------------------
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
            self._flush()  # what a deferred call writes, too
            files = self._child.peek_files()
            self._sizes = dict(self._child.file_sizes)
            return files
        return dict(self._files or {})

    def refusals(self) -> list[str]:
        """What the agent tried that its confinement refuses, since the last call (as its process saw it)."""
        notes, self._refusals = self._refusals, []
        return notes

    def written_sizes(self) -> dict[str, int]:
        """The real size of each file ``written_files`` gave last (what is kept of one may be shorter)."""
        return dict(self._sizes)

    def close(self) -> None:
        """Keep the files the agent wrote; the child ends (a child serves one game: the next starts fresh)."""
        child = self._child
        if child is None:
            return
        self._flush()
        self._child = None
        unwatch(child)
        child.close()
        self._files = child.take_files()
        self._sizes = dict(child.file_sizes)
        self._dead = self._dead or "closed"


@dataclass(frozen=True, slots=True)
class _Raised:
    """What a call that rode on another reply raised in the child (raised here when the app reads the call)."""

    error: Exception


def _replies(items) -> list[dict]:
    """The replies of the deferred calls in a reply (a list of JSON objects)."""
    if items is None:
        return []
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise ValueError("malformed replies of deferred calls")
    return items


def _number(value) -> float | None:
    """A finite number the child sent, or None (NaN, infinities, anything else)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    return float(value) if math.isfinite(value) else None


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
