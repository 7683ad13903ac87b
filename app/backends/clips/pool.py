"""Loaded CLIPS environments kept for the next game of the same agent, and their quiet destruction."""

from __future__ import annotations

import atexit
import ctypes
import os
import threading

import clips

from app.backends.clips.capi import LoadedEnv

POOL_KEYS = 8  # agents (file sets x limits) kept loaded
POOL_PER_KEY = 2

_POOL: dict[tuple, list[LoadedEnv]] = {}
_POOL_LOCK = threading.Lock()


class _QuietCStdout:
    """Points the C library's ``stdout`` stream (not file descriptor 1) at /dev/null for a moment.

    CLIPS 6.4 prints "[ENVRNMNT8] Environment data not fully deallocated"
    with C ``printf`` when an environment that retracted an ordered fact is
    destroyed (a few bytes it does not free): noise for our users. Python's
    own output (``print``, ``sys.stdout``) writes to fd 1 directly and is not
    touched, so other threads keep printing. The GNU C library documents its
    ``stdout`` as an assignable variable; where the symbol cannot be found
    (another C library), or the process's own C library cannot be opened at
    all (Windows refuses ``CDLL(None)``), the note is let through.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stdout = None
        self._devnull = None
        try:
            self._libc = ctypes.CDLL(None)
        except (TypeError, OSError):
            return
        for name in ("stdout", "__stdoutp"):  # glibc and musl; macOS's libc
            try:
                self._stdout = ctypes.c_void_p.in_dll(self._libc, name)
                break
            except ValueError:
                continue

    def run(self, work) -> None:
        """``work()`` with C stdio's ``stdout`` silenced (flushed before and after)."""
        if self._stdout is None:
            work()
            return
        libc = self._libc
        with self._lock:
            if self._devnull is None:
                libc.fopen.restype = ctypes.c_void_p
                libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
                self._devnull = libc.fopen(os.devnull.encode(), b"w")
            if not self._devnull:
                work()
                return
            libc.fflush(None)
            saved = self._stdout.value
            self._stdout.value = self._devnull
            try:
                work()
                libc.fflush(None)
            finally:
                self._stdout.value = saved


_QUIET = _QuietCStdout()


def destroy_quietly(holder: list[clips.Environment]) -> None:
    """Destroy the environment in ``holder`` (its last reference) without CLIPS's deallocation note."""
    _QUIET.run(holder.clear)


def discard(loaded: LoadedEnv) -> None:
    """Destroy ``loaded``'s environment (the caller holds no other reference to it)."""
    holder = [loaded.env]
    loaded.env = None
    destroy_quietly(holder)


@atexit.register
def _empty_pool() -> None:
    """Destroy the idle environments before the interpreter tears clipspy down."""
    with _POOL_LOCK:
        idle = [loaded for group in _POOL.values() for loaded in group]
        _POOL.clear()
    for loaded in idle:
        discard(loaded)
    idle.clear()


def take(key: tuple, map_text: str) -> LoadedEnv | None:
    """An idle environment for ``key``, preferably one that has this map's facts already."""
    with _POOL_LOCK:
        idle = _POOL.get(key)
        if not idle:
            return None
        same = [index for index, loaded in enumerate(idle) if loaded.map_text == map_text]
        loaded = idle.pop(same[-1] if same else -1)
        _POOL[key] = _POOL.pop(key)  # most recently used last
        return loaded


def give(loaded: LoadedEnv) -> None:
    """Keep ``loaded`` for the next game of the same agent; destroy what does not fit."""
    spare: list[LoadedEnv] = []
    with _POOL_LOCK:
        idle = _POOL.pop(loaded.key, [])
        idle.append(loaded)
        spare += idle[POOL_PER_KEY:]
        _POOL[loaded.key] = idle[:POOL_PER_KEY]
        while len(_POOL) > POOL_KEYS:
            spare += _POOL.pop(next(iter(_POOL)))
    for item in spare:
        discard(item)
