"""The agent host's child: forked by the zygote (``main``), or ``python -m app.backends.host.child --port PORT
PARENT_PID`` (``spawn``: it connects back to the app on 127.0.0.1).

It first moves into namespaces of its own (no network; while it is still one
thread), imports the drivers (while it waits in the warm pool), then serves one
agent: CREATE loads the agent's code after the process confined itself, and
the driver requests follow, each answered once. The child knows only what the
parent sends: observations, events, the public start context, never the map.
"""

from __future__ import annotations

import contextlib
import os
import sys
import traceback
from multiprocessing.connection import Connection
from pathlib import Path


def _error_reply(error: BaseException) -> dict:
    from app.backends.base import AgentFailure
    from app.backends.host.protocol import ErrorKind
    from app.core import AgentError, BattleshipError

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


class _Host:
    """The driver of one agent and the answers to the parent's requests."""

    def __init__(self, isolated: str) -> None:
        self.isolated = isolated  # '' or why the child has no namespaces of its own (``confine.isolate``)
        self.driver = None
        self.status = ""
        self.observation = None  # the last one the app sent (it sends SAME_OBSERVATION for it again)
        self.recorder = None  # what the agent tried that the confinement refuses (``refusals.Recorder``)

    def handle(self, kind: str, message: tuple) -> dict:
        """One request, after the deferred calls that came with it (each answered in ``before``); a step
        request is skipped when one of those failed (the app raises that failure for it)."""
        from app.backends.host.protocol import Request

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
        from app.backends.host.protocol import Request

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
        from app.backends.host.calls import CALLS, Timing, riders
        from app.backends.host.protocol import SAME_OBSERVATION
        from app.backends.runner import capped_printout
        from app.core import Observation

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
        from app.backends.host.confine import confine, readable_paths, status_line
        from app.backends.host.refusals import Recorder
        from app.backends.kinds import AgentSpec, create_local_driver, named
        from app.backends.python_runner import run_on_main_thread

        kind = named(fields["kind"], fields.get("module", ""))  # a kind declared outside the app is imported here
        spec = AgentSpec(fields["name"], kind, tuple(Path(p) for p in fields["paths"]))
        if self.status:
            raise ValueError("a child serves one agent's one game")
        applied, missing = confine(limits, spec.paths, Path(root), Path.cwd(), self.isolated)
        self.status = status_line(applied, missing)
        self.recorder = Recorder(readable_paths(spec.paths, Path(root)), [Path.cwd(), Path(os.devnull)])
        self.recorder.install()  # before the agent's code loads: its imports are watched too
        run_on_main_thread()  # the parent keeps the caps and ends the process on cancel
        with contextlib.suppress(ImportError):  # no clipspy: CLIPS agents report it when chosen
            from app.backends.clips.loading import exit_ends_only_the_agent

            exit_ends_only_the_agent()  # this process is the agent's: the parent reports its end
        self.driver = create_local_driver(spec, seed=seed, step_seconds=step_seconds)
        return {"value": {"name": self.driver.name, "status": self.status}, "mirror": _mirror(self.driver)}


def _mirror(driver) -> dict:
    """The driver's attributes the app reads (``calls.MIRRORED``), those it has."""
    from app.backends.host.calls import MIRRORED

    values = {name: getattr(driver, name, None) for name in MIRRORED}
    return {name: value for name, value in values.items() if isinstance(value, int | float)}


def _warm_up() -> None:
    """Import what every agent needs, before the process is confined and before a game waits on it; and find the
    system's temporary folder (``tempfile`` probes each candidate with a write, which the confinement would
    refuse and report: a zygote's child inherits the answer)."""
    import tempfile

    import numpy  # noqa: F401

    tempfile.gettempdir()
    _load_agents_package()

    import app.backends.kinds  # noqa: F401
    import app.backends.python_runner  # noqa: F401
    try:
        import app.backends.clips.driver  # noqa: F401
    except Exception:  # noqa: BLE001  (no clipspy, or a bridge this OS cannot load: a CLIPS agent says why when
        pass  # chosen; a Python agent's process must not end for it)


def _load_agents_package() -> None:
    """Load the shipped agents' package by path, as the registry loads agents, so that an agent's ``from
    agents.base import Agent`` finds it loaded: its parent is the app's root, which the confined process may not
    list, and Python lists a folder again once its modification time changed (a bench writing its --out file
    there: the agent's import then failed with "No module named 'agents'")."""
    import importlib.util

    from app.core.paths import SHIPPED_AGENTS

    spec = importlib.util.spec_from_file_location("agents", SHIPPED_AGENTS / "__init__.py",
                                                  submodule_search_locations=[str(SHIPPED_AGENTS)])
    if spec is None or spec.loader is None or "agents" in sys.modules:
        return
    package = importlib.util.module_from_spec(spec)
    sys.modules["agents"] = package
    try:
        spec.loader.exec_module(package)
    except Exception:  # noqa: BLE001  (no shipped agents here: an agent that needs them says so when it loads)
        del sys.modules["agents"]


def _die_with(parent: int) -> None:
    """Be killed when the app's process ends (Linux), however it ends: an orphan agent must not run on."""
    if sys.platform == "linux":
        import ctypes
        import signal

        ctypes.CDLL(None).prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG
    if _orphaned(parent):  # the parent was gone before that
        os._exit(1)


def _orphaned(parent: int) -> bool:
    """The app's process ``parent`` has ended (POSIX: this process was given another parent; Windows keeps the
    first parent's pid, so its existence is asked)."""
    if os.name == "posix":
        return os.getppid() != parent
    import psutil

    return not psutil.pid_exists(parent)


def _watch_parent(parent: int) -> None:
    """Where the OS has no parent-death signal (macOS, Windows): a thread ends this process within half a second
    of the app's end (on Windows the Job Object's kill-on-close does it at once, ``windows.py``)."""
    import threading
    import time

    def watch() -> None:
        while not _orphaned(parent):
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="agent-host-parent-watch", daemon=True).start()


def _report_load_overruns(channel: Connection) -> None:
    """A CLIPS file whose load runs over its limit is answered from a thread, as the app's process would raise
    it, and this process ends: its main thread is inside CLIPS, which nothing stops (``loading.py``)."""
    try:
        from app.backends.clips.loading import report_load_overruns
    except Exception:  # noqa: BLE001  (no CLIPS bridge here: no CLIPS load to watch)
        return
    from app.backends.host.protocol import encode_reply
    from app.core import AgentError

    def overrun(message: str) -> None:
        with contextlib.suppress(OSError):
            channel.send_bytes(encode_reply(_error_reply(AgentError(message))))
        os._exit(0)

    report_load_overruns(overrun)


def main(channel: Connection, parent: int) -> None:
    """Serve requests until the parent ends this process (after its game) or goes away."""
    from app.backends.host.confine import available, isolate

    _die_with(parent)
    isolated = isolate()  # first: a new user namespace needs a process of one thread (before numpy's)
    if sys.platform != "linux":
        _watch_parent(parent)
    _warm_up()
    from app.backends.host.protocol import VERSION, encode_reply, unpack

    host = _Host(isolated)
    _report_load_overruns(channel)
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


if __name__ == "__main__":
    from app.backends.host.spawn import connect

    main(connect(int(sys.argv[2])), int(sys.argv[3]))  # --port PORT PARENT_PID
    os._exit(0)  # the agent's own threads must not keep the process alive
