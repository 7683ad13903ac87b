"""Agent host processes, one game each: starting one (forked by the zygote or an agent's loaded template, Linux:
``forkers``; or a new interpreter, ``spawn``: every OS), watching its scratch folder and memory while it plays,
killing it, and why it died. The children started ahead of need (the warm pool, a child prepared for an agent's
next game, the templates kept) are ``warm``'s."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path

from app.backends.host import scratch
from app.backends.host.environment import child_environment
from app.backends.host.forkers import Forked, Template, zygote
from app.backends.host.protocol import MAX_REPLY, VERSION, decode_reply, pack
from app.backends.host.spawn import Spawned


class ChildDied(Exception):
    """The child exited or was killed; the message says how (one line)."""


SPAWNER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="agent-host-spawner")  # see start_child


def start_child() -> Child:
    """A new child, started from one long-lived thread: the zygote (and a child started without one) asks to be
    killed when the thread that started it ends (Linux's parent-death signal follows the thread), so that thread
    must outlive them all."""
    return SPAWNER.submit(Child).result()


class Child:
    """One agent host process for one game: its channel (one socket), its scratch folder (its working directory)
    and its stderr file. Forked by the zygote where there is one (or by the agent's loaded ``template``), else
    started as a new interpreter (``spawn``)."""

    def __init__(self, template: Template | None = None) -> None:
        folder = template.folder if template is not None else scratch.app_folder()
        self.scratch = Path(tempfile.mkdtemp(prefix="agent-", dir=folder))
        self._stderr = tempfile.TemporaryFile()
        self.process: Forked | Spawned | None = None
        forks = template or zygote()
        if forks is not None:
            # a socket, not pipes: the agent cannot reopen it through /proc/self/fd (that fails with ENXIO), so
            # code in its process that can only open files (a CLIPS agent) cannot write requests into it
            ours, theirs = socket.socketpair()
            with ours, theirs:
                with contextlib.suppress(OSError):
                    self.process = Forked(forks, self.scratch, theirs.fileno(), self._stderr)
                    self._channel = Connection(ours.detach())
        if self.process is None:
            self.process = Spawned(self.scratch, self._stderr, child_environment())
            self._channel = self.process.channel
        scratch.record(self.scratch, self.process.pid)
        self.ready = False
        self._reaping = threading.Lock()
        self.max_rss = 0  # kilobytes, once the child is reaped
        self.killed_for = ""
        self.memory_limit = 1 << 30  # the child's memory limit (``limit_memory``, with the agent)
        self.layers: tuple[list[str], list[str]] = ([], [])  # what the child said it can enforce, when ready
        self.file_sizes: dict[str, int] = {}  # the real size of each file ``peek_files`` found

    def limit_memory(self, limit: int) -> None:
        """The agent's memory limit (bytes): the child's own ``RLIMIT_AS`` where it has one, the OS layer's and
        the app's watch (``watch``) on the portable host."""
        self.memory_limit = limit
        self.process.limit_memory(limit)

    def request(self, kind: str, args: tuple, timeout: float | None) -> dict:
        """Send one request and wait for its reply (``timeout`` seconds, None: no limit).

        Raises ChildDied when the child dies, TimeoutError when it does not answer in time (the child is killed).
        """
        self.send(kind, args, timeout)
        return self._receive(timeout)

    def send(self, kind: str, args: tuple, timeout: float | None) -> None:
        """Send one request; its reply is read later with ``receive`` (a cold child's ready message first)."""
        try:
            self._channel.send_bytes(pack(kind, args))
        except OSError:
            raise ChildDied(self.death()) from None
        self.wait_ready(timeout)

    def receive(self, timeout: float | None) -> dict:
        """The reply to the request sent last (as ``request``)."""
        return self._receive(timeout)

    def wait_ready(self, timeout: float | None) -> None:
        """Read the child's ready message (once): its protocol version and what it can enforce (``layers``)."""
        if self.ready:
            return
        reply = self._receive(None if timeout is None else timeout + 60.0)  # the imports of a cold start
        layers = reply.get("layers")
        if reply.get("ready") != VERSION or not (isinstance(layers, list) and len(layers) == 2):
            self.kill("it spoke another protocol")
            raise ChildDied("the agent host speaks another protocol version")
        self.layers = ([str(item) for item in layers[0]], [str(item) for item in layers[1]])
        self.ready = True

    def _receive(self, timeout: float | None) -> dict:
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            wait = 0.5 if deadline is None else min(0.5, max(0.0, deadline - time.monotonic()))
            try:
                if self._channel.poll(wait):
                    return decode_reply(self._channel.recv_bytes(MAX_REPLY))
            except (EOFError, OSError) as exc:
                if isinstance(exc, OSError) and "bad message length" in str(exc):
                    self.kill("its reply was too long")
                    raise ChildDied(f"the agent sent a reply over {MAX_REPLY >> 20} MiB") from None
                raise ChildDied(self.death()) from None
            except ValueError as exc:  # not JSON, or not an object: a broken or hostile child
                self.kill("its reply was not JSON")
                raise ChildDied(f"the agent process sent a malformed reply ({exc})") from None
            if self._exited() and not self._channel.poll(0):
                raise ChildDied(self.death())
            if deadline is not None and time.monotonic() >= deadline:
                self.kill("time")
                raise TimeoutError

    def _exited(self) -> bool:
        """True once the child has ended (not reaped yet: ``death`` wants its resource usage)."""
        return self.process.exited()

    def death(self) -> str:
        """How the child ended, in a few words (it is reaped here)."""
        self._reap()
        code = self.process.returncode
        if self.killed_for:
            return f"the agent process was ended ({self.killed_for})"
        tail = self.stderr_tail()
        if self.max_rss * 1024 >= 0.75 * self.memory_limit or "MemoryError" in tail or "out of memory" in tail.lower() or "cannot allocate memory" in tail.lower():
            return "memory"
        if code < 0:
            number = -code
            try:
                name = signal.Signals(number).name
            except ValueError:
                name = "unknown"
            if number == getattr(signal, "SIGXCPU", -1):
                return "over the CPU time limit of the agent process"
            return f"agent process died: signal {number} ({name})"
        return f"agent process died: exit code {code}"

    def _reap(self) -> None:
        """Wait for the child's end, killing it first if it is still running (an agent may close or replace its
        end of the channel and live on: the wait must never block). Once only, whichever thread comes first (a
        cancel from the GUI's thread may meet the spawner thread's release)."""
        with self._reaping:
            process = self.process
            if process.returncode is not None:
                return
            if not process.wait_exit(1.0):  # a child that is dying closes its channel a moment before it is gone
                self.killed_for = self.killed_for or "it closed its channel"
                self._signal()
            self.max_rss = process.reap()
            scratch.forget(process.pid)

    def stderr_tail(self) -> str:
        """The last 4 KiB the child wrote to its standard error."""
        try:
            self._stderr.seek(0, os.SEEK_END)
            size = self._stderr.tell()
            self._stderr.seek(max(0, size - 4096))
            return self._stderr.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""

    def end(self, why: str) -> None:
        """Kill the child and what it started (it may be stuck in native code), not waiting for it: safe from
        another thread."""
        if self.process.returncode is None:
            self.killed_for = self.killed_for or why
            self._signal()

    def _signal(self) -> None:
        """Kill the child and what it started (it is not reaped yet: its pid is still its own)."""
        self.process.kill()

    def end_for_memory(self) -> None:
        """Kill the child past its memory limit (the app's watch): ``death`` says memory, from its peak."""
        if self.process.returncode is None:
            self._signal()

    def kill(self, why: str) -> None:
        """End the child now and reap it."""
        if not self.process.exited():
            self.end(why)
        self._reap()

    def close(self) -> None:
        """End the child (killed: nothing in it is kept, a child serves one game). It has ended when this
        returns (its files may be read); it is reaped, and its channel and stderr file closed, on the spawner
        thread: the game does not wait for that."""
        if not self.process.exited():
            self.end("closed")
        if self.process.wait_exit(1.0):
            with contextlib.suppress(RuntimeError):  # at the interpreter's exit: here and now
                SPAWNER.submit(self._release)
                return
        self._release()

    def _release(self) -> None:
        self.kill("closed")
        for item in (self._channel, self._stderr):
            try:
                item.close()
            except OSError:
                pass

    def peek_files(self) -> dict[str, bytes]:
        """The files in the scratch folder now, by relative path (at most ``scratch.KEPT_BYTES`` kept in all;
        ``file_sizes`` says each one's real size)."""
        files, self.file_sizes = scratch.read_files(self.scratch)
        return files

    def over_quota(self) -> str:
        """'' or how the scratch folder is past its quota (``scratch.QUOTA_BYTES``, ``scratch.QUOTA_FILES``)."""
        return scratch.over_quota(self.scratch)

    def take_files(self, remove: bool = True) -> dict[str, bytes]:
        """``peek_files``, then the files are deleted, and the folder too unless the child stays for another
        game (``remove`` False)."""
        files = self.peek_files()
        scratch.empty(self.scratch, remove)
        return files


WATCH_SECONDS = 0.5  # how often the scratch folders of the children playing are measured against their quota
MEMORY_SECONDS = 0.1  # how often a spawned child's resident memory is measured against its limit
_WATCHED: set[Child] = set()
_WATCH_LOCK = threading.Lock()
_watcher: threading.Thread | None = None


def watch(child: Child) -> None:
    """Measure ``child``'s scratch folder every ``WATCH_SECONDS`` while it plays (``scratch.over_quota``); past
    its quota the child is killed, the reason kept in ``killed_for``. A spawned child's resident memory too,
    every ``MEMORY_SECONDS`` (``Spawned.sample``): past its limit it is killed, and ``death`` says memory. A
    thread does it, not each step: no cost per step, and an agent filling its folder or its memory within one
    long step is stopped too."""
    global _watcher
    with _WATCH_LOCK:
        _WATCHED.add(child)
        if _watcher is None or not _watcher.is_alive():
            _watcher = threading.Thread(target=_watch, name="agent-scratch-quota", daemon=True)
            _watcher.start()


def unwatch(child: Child) -> None:
    """``child`` no longer plays."""
    with _WATCH_LOCK:
        _WATCHED.discard(child)


def _watch() -> None:
    ticks = 0
    while True:
        time.sleep(MEMORY_SECONDS)
        ticks += 1
        with _WATCH_LOCK:
            children = list(_WATCHED)
        for child in children:
            if child.process.sample() > child.memory_limit:
                unwatch(child)
                child.end_for_memory()
                continue
            over = child.over_quota() if ticks % round(WATCH_SECONDS / MEMORY_SECONDS) == 0 else ""
            if over:
                unwatch(child)
                child.end(f"it wrote {over} in its scratch folder")
