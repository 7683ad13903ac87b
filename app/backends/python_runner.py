"""Drives a Python agent (an ``app.core.agent.Agent``, which agent files import as ``agents.base.Agent``) in-process, on a worker thread with a time cap."""

from __future__ import annotations

import ctypes
import math
import queue
import signal
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np

from app.backends.base import RUNNER_PARAMS, AgentFailure, Driver, StartContext, runner_param
from app.core import Action, AgentError, Observation
from app.core.agent import Agent
from app.core.markers import Marker, capped_markers

DEFAULT_STEP_SECONDS = 10.0


class PythonDriver(Driver):
    """Calls ``agent.act`` once per step; exceptions and overlong steps become an AgentFailure.

    The agent runs on one worker thread so a step that exceeds ``step_seconds``
    (or is cancelled) can be abandoned. The abandoned step is then interrupted:
    ``StepAbandoned`` is raised in the worker thread, which ends a loop of
    Python code at once (a call blocked in C, e.g. ``time.sleep``, ends first).
    """

    def __init__(self, agent: Agent, step_seconds: float | None = DEFAULT_STEP_SECONDS):
        self.agent = agent
        self.name = agent.name
        self.step_seconds = step_seconds
        self._worker = None if _ON_MAIN_THREAD else _Worker(f"agent-{agent.name}")
        self._cancel = threading.Event()
        self._broken = False

    def start(self, observation: Observation, context: StartContext) -> None:
        """Set the agent's parameters (AgentError if it does not take one), then call its ``start``.

        ``time_limit`` (seconds per step) is the runner's, as in the CLIPS bridge;
        ``max_firings`` only means something to CLIPS agents and is ignored here.
        """
        limit = runner_param(context.params, "time_limit")
        if limit is not None:
            self.step_seconds = limit
        self.agent.set_params({k: v for k, v in context.params.items() if k not in RUNNER_PARAMS})
        self._call(self.agent.start, observation, what="start")

    def parameters(self) -> dict[str, str]:
        """The agent's own parameters, then the step time cap (``max_firings`` is CLIPS's only)."""
        values = {key: str(getattr(self.agent, key, "")) for key in self.agent.parameters}
        if self.step_seconds is not None:
            values["time_limit"] = f"{self.step_seconds:g}"
        return values

    def next_action(self, observation: Observation) -> Action | str | None:
        """The agent's action; anything that is not an Action is passed on as text."""
        action = self._call(self.agent.act, observation, what=f"step {observation.step}")
        if action is None or isinstance(action, (Action, str)):
            return action
        return repr(action)

    def request_cancel(self) -> None:
        """Stop waiting for the agent's current step (thread-safe)."""
        self._cancel.set()

    def _call(self, method, *args, what: str):
        if self._broken:
            raise AgentFailure(f"agent {self.name} is still busy with an abandoned step")
        self._cancel.clear()
        if self._worker is None:
            return self._call_here(method, *args, what=what)
        call = self._worker.submit(method, *args)
        waited = 0.0
        while True:
            if call.done.wait(0.05):
                if call.error is not None:
                    raise self._raised(call.error) from call.error
                return call.value
            waited += 0.05
            if self._cancel.is_set():
                self._abandon()
                raise AgentFailure(f"agent {self.name} was cancelled during {what}")
            if self.step_seconds is not None and waited >= self.step_seconds:
                self._abandon()
                raise self._overran(self.step_seconds, what)

    def _call_here(self, method, *args, what: str):
        """``_call`` on this thread (``run_on_main_thread``): a timer signal at the step cap interrupts the agent's
        Python code as the worker's interruption does (``StepAbandoned``); the agent host's parent still ends a
        process whose step outlives the cap."""
        seconds = self.step_seconds
        timed = isinstance(seconds, int | float) and 0 < seconds < math.inf  # else only the parent's cap holds
        previous = signal.signal(signal.SIGALRM, _interrupt) if timed else None
        if timed:
            signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            return method(*args)
        except StepAbandoned:
            self._broken = True
            raise self._overran(seconds, what) from None
        except BaseException as exc:  # noqa: BLE001  (worded as the worker's caller words it)
            raise self._raised(exc) from exc
        finally:
            if timed:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)

    def _raised(self, exc: BaseException) -> AgentFailure:
        """What the agent's step raised, as the game's stop reason (with the file and line it was raised at)."""
        return AgentFailure(f"agent {self.name} raised {type(exc).__name__}: {exc}{_where(exc)}")

    def _overran(self, seconds: float, what: str) -> AgentFailure:
        """A step stopped at its time cap, as the game's stop reason."""
        return AgentFailure(f"agent {self.name} took more than {seconds:g} s for {what}: stopped")

    def _abandon(self) -> None:
        """Give up on the running call; interrupt it so an endless loop does not spin on in the background."""
        self._broken = True
        self._worker.interrupt()

    def output(self) -> list[str]:
        """The agent's logged lines."""
        return self.agent.take_log()

    def belief(self) -> np.ndarray | None:
        """The agent's belief as a 10x10 array of floats (None: it has none).

        What ``Agent.belief`` raises comes out as it is; a value that is not a 10x10
        array of numbers is an AgentError saying what it was.
        """
        value = self.agent.belief()
        if value is None:
            return None
        try:
            belief = np.asarray(value, dtype=float)
        except (TypeError, ValueError) as exc:
            raise AgentError(f"agent {self.name}: belief() returned {type(value).__name__}, "
                             f"not a 10x10 array of numbers ({exc})") from None
        if belief.shape != (10, 10):
            raise AgentError(f"agent {self.name}: belief() returned an array of shape {belief.shape}, not (10, 10)")
        return belief

    def markers(self) -> tuple[Marker, ...]:
        """The agent's ``markers()``, capped (app/core/markers.py); () when it draws nothing. A value that is not
        a list of markers is an AgentError saying what it was."""
        value = self.agent.markers()
        if value is None:
            return ()
        if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
            raise AgentError(f"agent {self.name}: markers() returned {type(value).__name__}, not a list of markers")
        return capped_markers(value)

    def close(self) -> None:
        """Let the worker thread go (without waiting for an abandoned step)."""
        if self._worker is not None:
            self._worker.stop()


_ON_MAIN_THREAD = False  # set once by the agent host's child (``run_on_main_thread``)


def run_on_main_thread() -> None:
    """From now on, drivers made in this process call their agent on the calling thread, with the step cap kept
    by a timer signal (the calling thread must be the main one). For the agent host's child, a process that
    serves one agent and is ended by its parent on cancel or past the cap: handing each call to a worker thread
    and back cost more than the agent's own step (about 0.1 ms of a random agent's 0.2 ms step).

    Where there is no timer signal (Windows), the worker thread stays: its cap, as in the app's own process,
    interrupts the agent's Python code (``PyThreadState_SetAsyncExc``) and stops waiting for a step blocked in C
    (a ``time.sleep``), which the parent's kill then ends."""
    global _ON_MAIN_THREAD
    _ON_MAIN_THREAD = hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")


def _interrupt(signum, frame) -> None:
    raise StepAbandoned


class _Call:
    """One call handed to the worker: its result or exception once ``done`` is set."""

    def __init__(self, function: Callable, args: tuple):
        self.function, self.args = function, args
        self.value: Any = None
        self.error: BaseException | None = None
        self.done = threading.Event()


class StepAbandoned(BaseException):
    """Raised inside an agent's abandoned step (a BaseException: ``except Exception`` does not catch it)."""


class _Worker:
    """A daemon thread that runs calls one by one (daemon: a stuck agent never blocks exit)."""

    def __init__(self, name: str):
        self._calls: queue.SimpleQueue[_Call | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()

    def submit(self, function: Callable, *args) -> _Call:
        call = _Call(function, args)
        self._calls.put(call)
        return call

    def stop(self) -> None:
        self._calls.put(None)

    def interrupt(self) -> None:
        """Raise ``StepAbandoned`` in the worker thread at its next Python instruction (CPython's async exception)."""
        ident = self._thread.ident
        if ident is not None and self._thread.is_alive():
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(StepAbandoned))

    def _loop(self) -> None:
        try:
            while (call := self._calls.get()) is not None:
                try:
                    call.value = call.function(*call.args)
                except BaseException as exc:  # handed back to the caller
                    call.error = exc
                call.done.set()
        except StepAbandoned:  # arrived between two calls: the driver has given up on this worker anyway
            pass


def _where(exc: BaseException) -> str:
    """' at file:line' of the innermost frame of ``exc``'s traceback."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return f" at {tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}" if tb is not None else ""
