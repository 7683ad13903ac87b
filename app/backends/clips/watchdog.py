"""Stopping a CLIPS run from another thread (wall-time cap and the GUI's cancel).

clipspy does not wrap CLIPS's ``SetHaltExecution``, but the compiled module
exports it; CLIPS checks the flag between rule firings and inside ``while``
and ``loop-for-count`` loops, so even one endless right-hand side stops.
cffi releases the GIL while ``Run`` executes, so a second thread can set it.

One daemon thread serves every environment: it wakes every ``POLL`` seconds
and halts the environments whose deadline passed. Arming and disarming are
plain dictionary writes, so a step pays nothing for the watchdog.
"""

from __future__ import annotations

import ctypes
import threading
import time

import clips
import clips._clips as _compiled
from clips._clips import ffi

POLL = 0.05

_library = ctypes.CDLL(_compiled.__file__)
_set_halt_execution = _library.SetHaltExecution
_set_halt_execution.argtypes = [ctypes.c_void_p, ctypes.c_bool]
_set_halt_execution.restype = None
_set_evaluation_error = _library.SetEvaluationError
_set_evaluation_error.argtypes = [ctypes.c_void_p, ctypes.c_bool]
_set_evaluation_error.restype = None
_set_halt_rules = _library.SetHaltRules  # what CLIPS's (halt) does
_set_halt_rules.argtypes = [ctypes.c_void_p, ctypes.c_bool]
_set_halt_rules.restype = None


try:  # CLIPS 6.4 exports it; clipspy does not wrap it
    _remove_udf = _library.RemoveUDF
    _remove_udf.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    _remove_udf.restype = ctypes.c_bool
except AttributeError:
    _remove_udf = None


def remove_function(env: clips.Environment, name: str) -> bool:
    """Take a system function (e.g. ``exit``) out of ``env``; False when this CLIPS build cannot."""
    return bool(_remove_udf is not None and _remove_udf(_pointer(env), name.encode()))


def _pointer(env: clips.Environment) -> int:
    return int(ffi.cast("uintptr_t", env._env))


def halt(env: clips.Environment | int) -> None:
    """Make a running (or the next) ``env.run`` stop as soon as CLIPS checks (thread-safe).

    ``env`` may be the Environment or its C pointer as an int (``pointer(env)``)."""
    _set_halt_execution(env if isinstance(env, int) else _pointer(env), True)


def clear_halt(env: clips.Environment | int) -> None:
    """Clear the halt and evaluation-error flags before a run (``env`` as in ``halt``)."""
    pointer = env if isinstance(env, int) else _pointer(env)
    _set_halt_execution(pointer, False)
    _set_evaluation_error(pointer, False)


pointer = _pointer


class HaltCounter:
    """Counts the ``(halt)`` calls of an environment (see ``count_halts``)."""

    def __init__(self) -> None:
        self.count = 0


def count_halts(env: clips.Environment) -> HaltCounter | None:
    """Replace CLIPS's ``(halt)`` in ``env`` by one that does the same and counts its calls; None if this
    CLIPS build cannot. Call it before anything using ``halt`` is defined.

    A run stops after the rule that called ``(halt)`` and clears the flag as it
    ends, so whoever runs one rule at a time (the tracer) sees from the count
    where a whole run would have stopped."""
    if not remove_function(env, "halt"):
        return None
    counter = HaltCounter()
    target = _pointer(env)

    def halt():
        counter.count += 1
        _set_halt_rules(target, True)

    env.define_function(halt, "halt")
    return counter


class Watchdog:
    """Halts one environment when an armed deadline passes (see the module docstring)."""

    _armed: dict[int, Watchdog] = {}
    _thread: threading.Thread | None = None
    _start_lock = threading.Lock()
    _halt_lock = threading.Lock()  # once disarm() returns, the thread will not touch the environment

    def __init__(self, env: clips.Environment):
        self._pointer = _pointer(env)  # not the Environment: the thread must not keep it alive
        self._deadline = 0.0
        self.expired = False
        with Watchdog._start_lock:
            if Watchdog._thread is None:
                Watchdog._thread = threading.Thread(target=Watchdog._watch, name="clips-watchdog", daemon=True)
                Watchdog._thread.start()

    def arm(self, seconds: float) -> None:
        """Halt the environment ``seconds`` from now unless disarmed first."""
        self.expired = False
        self._deadline = time.monotonic() + seconds
        Watchdog._armed[id(self)] = self

    def disarm(self) -> None:
        """Cancel the pending deadline."""
        with Watchdog._halt_lock:
            Watchdog._armed.pop(id(self), None)

    def close(self) -> None:
        """Forget this environment."""
        self.disarm()

    @staticmethod
    def _watch() -> None:
        while True:
            time.sleep(POLL)
            now = time.monotonic()
            with Watchdog._halt_lock:
                for key, watchdog in list(Watchdog._armed.items()):
                    if now >= watchdog._deadline:
                        del Watchdog._armed[key]
                        watchdog.expired = True
                        _set_halt_execution(watchdog._pointer, True)
                watchdog = None
