"""The agent host child's server: the driver of its one agent, and the answers to the parent's requests.

Imported by ``child.main`` once the process moved into its namespaces (numpy, which everything here needs,
starts a thread, and only a process of one thread can): CREATE confines the process and then loads the agent's
code; the driver requests follow, each answered once.
"""

from __future__ import annotations

import contextlib
import os
import sys
import traceback
from multiprocessing.connection import Connection
from pathlib import Path

from app.backends.base import AgentFailure
from app.backends.host.calls import CALLS, MIRRORED, Timing, riders
from app.backends.host.confine import available, confine, readable_paths, status_line
from app.backends.host.protocol import SAME_OBSERVATION, VERSION, ErrorKind, Request, encode_reply, unpack
from app.backends.host.refusals import Recorder
from app.backends.kinds import AgentSpec, create_local_driver, named
from app.backends.python_runner import run_on_main_thread
from app.backends.runner import capped_printout
from app.core import AgentError, BattleshipError, Observation


def _error_reply(error: BaseException) -> dict:
    if isinstance(error, MemoryError) or isinstance(error.__cause__, MemoryError):
        kind = ErrorKind.MEMORY
    elif isinstance(error, AgentFailure):
        kind = ErrorKind.FAILURE
    elif isinstance(error, AgentError):
        kind = ErrorKind.AGENT
    elif isinstance(error, BattleshipError):
        kind = ErrorKind.BATTLESHIP
    else:
        kind = ErrorKind.OTHER
    return {"error": {"kind": str(kind), "type": type(error).__name__, "message": str(error)}}


def _answer(work) -> dict:
    """``{"value": work()}``, or the error it raised as the app raises it again."""
    try:
        return {"value": work()}
    except BaseException as error:  # every failure goes back as a reply; the app decides
        reply = _error_reply(error)
        if reply["error"]["kind"] == "other":
            traceback.print_exc(file=sys.stderr)
        return reply


class Host:
    """The driver of one agent and the answers to the parent's requests."""

    def __init__(self, isolated: str) -> None:
        self.isolated = isolated  # '' or why the child has no namespaces of its own (``confine.isolate``)
        self.driver = None
        self.status = ""
        self.observation = None  # the last one the app sent (it sends SAME_OBSERVATION for it again)
        self.recorder = None  # what the agent tried that the confinement refuses (``refusals.Recorder``)
        self.template = None  # the CREATE a template loaded, until the game forked from it creates its driver

    def handle(self, kind: str, message: tuple) -> dict:
        """One request, after the deferred calls that came with it (each answered in ``before``); a step
        request is skipped when one of those failed (the app raises that failure for it)."""
        args, deferred, step = message
        before = []
        for call in deferred:
            before.append(self._call(*call))
            if "error" in before[-1]:
                if step:
                    return {"before": before, "skipped": True}
                break
        reply = self._request(Request(kind), args)
        if before:
            reply["before"] = before
        return reply

    def _request(self, request, args: tuple) -> dict:
        if request is Request.CALL:
            return self._call(*args) if args[0] else {"value": None}
        if request is Request.CREATE:
            return self._create(*args)
        raise ValueError(f"unknown request {request}")

    def _call(self, name: str, args: tuple, attributes: dict) -> dict:
        """One driver call (``calls.CALLS``): its value as JSON data (or its error), with what rides on it.

        After a step call, the agent's printout since the last reply, its step cap and the mirrored attributes
        come too, whether the call returned or raised, as the app would read them after it in-process.
        """
        call, driver = CALLS[name], self.driver
        for key, value in attributes.items():
            setattr(driver, key, value)
        args = tuple(self.observation if arg is SAME_OBSERVATION else arg for arg in args)
        self.observation = next((arg for arg in args if isinstance(arg, Observation)), self.observation)
        method = getattr(driver, name, None)
        reply = _answer(lambda: call.codec.encode(method(*args) if method is not None else call.default))
        if call.timing is Timing.STEP:
            extra = _answer(lambda: {"output": capped_printout([str(line) for line in driver.output()]),
                                     "mirror": _mirror(driver),
                                     "refusals": self.recorder.take() if self.recorder is not None else []})
            reply.update(extra.get("value") or {})
        more = {rider.name: _answer(lambda rider=rider: rider.codec.encode(getattr(driver, rider.name)()))
                for rider in riders(name, driver)}  # each with its own value or error, as if the app had called it
        if more:
            reply["more"] = more
        return reply

    def _create(self, fields: dict, seed, step_seconds, limits, root: str) -> dict:
        if self.template is not None:  # a game's process forked from a loaded template (``template.py``)
            return self._forked_create(fields, seed, step_seconds, limits, root)
        if self.status:
            raise ValueError("a child serves one agent's one game")
        self.load(fields, seed, step_seconds, limits, root)
        return self._created()

    def load(self, fields: dict, seed, step_seconds, limits, root: str, may_fork: bool = False) -> None:
        """Confine this process, then load the agent (``may_fork``: a template's confinement, ``template.py``)."""
        spec = self._spec(fields)
        applied, missing = confine(limits, spec.paths, Path(root), Path.cwd(), self.isolated, may_fork)
        self.status = status_line(applied, missing)
        self.recorder = Recorder(readable_paths(spec.paths, Path(root)), [Path.cwd(), Path(os.devnull)])
        self.recorder.install()  # before the agent's code loads: its imports are watched too
        run_on_main_thread()  # the parent keeps the caps and ends the process on cancel
        with contextlib.suppress(ImportError):  # no clipspy: CLIPS agents report it when chosen
            from app.backends.clips.loading import exit_ends_only_the_agent  # lazy: the child's import order

            exit_ends_only_the_agent()  # this process is the agent's: the parent reports its end
        self.driver = create_local_driver(spec, seed=seed, step_seconds=step_seconds)
        if may_fork:
            self.template = (fields, seed, step_seconds, limits, root)

    def load_template(self, message: tuple) -> dict:
        """A template's CREATE (``template.py``): confined but for the fork, the agent loaded; its reply."""
        args, _, _ = message
        try:
            self.load(*args, may_fork=True)
        except BaseException as error:  # the app reads it and plays in fresh processes, which report it
            return _error_reply(error)
        return self._created()

    def _forked_create(self, fields: dict, seed, step_seconds, limits, root: str) -> dict:
        """The game's own driver, built on what the template loaded (a CLIPS environment, a Python module), with
        this game's seed: an instance made in the template would draw the same numbers in every game."""
        if (fields, seed, step_seconds, limits, root) != self.template:
            raise ValueError("this game's agent is not the one its template loaded")
        self.template = None
        self.driver = create_local_driver(self._spec(fields), seed=seed, step_seconds=step_seconds)
        return self._created()

    @staticmethod
    def _spec(fields: dict) -> AgentSpec:
        kind = named(fields["kind"], fields.get("module", ""))  # a kind declared outside the app is imported here
        return AgentSpec(fields["name"], kind, tuple(Path(p) for p in fields["paths"]))

    def _created(self) -> dict:
        return {"value": {"name": self.driver.name, "status": self.status}, "mirror": _mirror(self.driver)}


def _mirror(driver) -> dict:
    """The driver's attributes the app reads (``calls.MIRRORED``), those it has."""
    values = {name: getattr(driver, name, None) for name in MIRRORED}
    return {name: value for name, value in values.items() if isinstance(value, int | float)}


def report_load_overruns(send) -> None:
    """A CLIPS file whose load runs over its limit is answered from a thread (``send`` the reply's bytes), as
    the app's process would raise it, and this process ends: its main thread is inside CLIPS, which nothing
    stops (``loading.py``)."""
    try:  # lazy: the child's import order (no clipspy, or a bridge this OS cannot load: a Python agent plays)
        from app.backends.clips.loading import report_load_overruns
    except Exception:  # noqa: BLE001  (no CLIPS bridge here: no CLIPS load to watch)
        return
    def overrun(message: str) -> None:
        with contextlib.suppress(OSError):
            send(encode_reply(_error_reply(AgentError(message))))
        os._exit(0)

    report_load_overruns(overrun)


def serve(channel: Connection, isolated: str, host: Host | None = None) -> None:
    """Say this process is ready (with what it can enforce), then answer requests until the parent ends it
    (after its game) or goes away (``isolated``: what ``confine.isolate`` said; ``host``: the one a template
    loaded, in a game's process forked from it)."""
    if host is None:
        host = Host(isolated)
        report_load_overruns(channel.send_bytes)
    # what this process can enforce, as it finds it (the app shows it, never a guess from its own platform)
    channel.send_bytes(encode_reply({"ready": VERSION, "layers": available(isolated)}))
    while True:
        try:
            kind, args = unpack(channel.recv_bytes())
        except (EOFError, OSError, ValueError):
            return
        try:
            reply = host.handle(kind, args)
        except BaseException as error:  # every failure goes back as a reply; the parent decides
            reply = _error_reply(error)
            if reply["error"]["kind"] == "other":
                traceback.print_exc(file=sys.stderr)
        channel.send_bytes(encode_reply(reply))
