"""Stopping a CLIPS run from another thread (wall-time cap and the GUI's cancel).

clipspy does not wrap CLIPS's ``SetHaltExecution``, but the compiled module
exports it; CLIPS checks the flag between rule firings and inside ``while``
and ``loop-for-count`` loops, so even one endless right-hand side stops.
cffi releases the GIL while ``Run`` executes, so a second thread can set it.
"""

from __future__ import annotations

import ctypes
import threading
import time

import clips
import clips._clips as _compiled
from clips._clips import ffi

_library = ctypes.CDLL(_compiled.__file__)
_set_halt_execution = _library.SetHaltExecution
_set_halt_execution.argtypes = [ctypes.c_void_p, ctypes.c_bool]
_set_halt_execution.restype = None
_set_evaluation_error = _library.SetEvaluationError
_set_evaluation_error.argtypes = [ctypes.c_void_p, ctypes.c_bool]
_set_evaluation_error.restype = None


def _pointer(env: clips.Environment) -> int:
    return int(ffi.cast("uintptr_t", env._env))


def halt(env: clips.Environment) -> None:
    """Make a running (or the next) ``env.run`` stop as soon as CLIPS checks (thread-safe)."""
    _set_halt_execution(_pointer(env), True)


def clear_halt(env: clips.Environment) -> None:
    """Clear the halt and evaluation-error flags before a run."""
    pointer = _pointer(env)
    _set_halt_execution(pointer, False)
    _set_evaluation_error(pointer, False)


class Watchdog:
    """A thread that halts ``env`` when an armed deadline passes."""

    def __init__(self, env: clips.Environment):
        self._env = env
        self._condition = threading.Condition()
        self._deadline: float | None = None
        self._closed = False
        self.expired = False
        self._thread = threading.Thread(target=self._watch, name="clips-watchdog", daemon=True)
        self._thread.start()

    def arm(self, seconds: float) -> None:
        """Halt the environment ``seconds`` from now unless disarmed first."""
        with self._condition:
            self.expired = False
            self._deadline = time.monotonic() + seconds
            self._condition.notify()

    def disarm(self) -> None:
        """Cancel the pending deadline."""
        with self._condition:
            self._deadline = None
            self._condition.notify()

    def close(self) -> None:
        """Stop the thread."""
        with self._condition:
            self._closed = True
            self._condition.notify()
        self._thread.join(timeout=1.0)

    def _watch(self) -> None:
        with self._condition:
            while not self._closed:
                if self._deadline is None:
                    self._condition.wait()
                    continue
                remaining = self._deadline - time.monotonic()
                if remaining > 0:
                    self._condition.wait(remaining)
                    continue
                self._deadline = None
                self.expired = True
                halt(self._env)
