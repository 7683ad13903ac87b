"""Agent host processes: starting them, a warm pool ahead of need, killing them, and why one died."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path

from app.backends.host import scratch
from app.backends.host.confine import CPU_SECONDS
from app.backends.host.protocol import MAX_REPLY, VERSION, pack

ROOT = Path(__file__).resolve().parents[3]
WARM = 1  # idle children kept started, ahead of need
#: what the child keeps of the app's environment (the rest, e.g. PYTHONPATH naming a teacher's folders, stays out)
KEPT_ENVIRONMENT = ("LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TZ", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                    "MKL_NUM_THREADS", "SYSTEMROOT", "PATH")


def child_environment() -> dict[str, str]:
    """The child's environment: a few of the app's settings and its own; where the app's packages are found
    (``sys.path``'s site-packages and the app's root), nothing else."""
    environment = {key: os.environ[key] for key in KEPT_ENVIRONMENT if key in os.environ}
    packages = [entry for entry in sys.path if entry and "-packages" in Path(entry).name]
    environment.update(PYTHONDONTWRITEBYTECODE="1", PYTHONUNBUFFERED="1", PYTHONNOUSERSITE="1",
                       PYTHONPATH=os.pathsep.join([str(ROOT), *packages]))
    return environment


class ChildDied(Exception):
    """The child exited or was killed; the message says how (one line)."""


_SPAWNER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="agent-host-spawner")


def start_child() -> Child:
    """A new child, started from one long-lived thread: the child asks to be killed when the thread that
    started it ends (Linux's parent-death signal follows the thread), so that thread must outlive them all."""
    return _SPAWNER.submit(Child).result()


class Child:
    """One agent host process: its channel (one socket), its scratch folder (its working directory) and its
    stderr file."""

    def __init__(self) -> None:
        self.scratch = Path(tempfile.mkdtemp(prefix="agent-", dir=scratch.app_folder()))
        self._stderr = tempfile.TemporaryFile()
        # a socket, not pipes: the agent cannot reopen it through /proc/self/fd (that fails with ENXIO), so
        # code in its process that can only open files (a CLIPS agent) cannot write requests into it
        ours, theirs = socket.socketpair()
        with ours, theirs:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "app.backends.host.child", str(theirs.fileno()), str(os.getpid())],
                cwd=self.scratch, env=child_environment(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=self._stderr, pass_fds=(theirs.fileno(),), start_new_session=True)
            self._channel = Connection(ours.detach())
        scratch.record(self.scratch, self.process.pid)
        self.ready = False
        self.max_rss = 0  # kilobytes, once the child is reaped
        self.killed_for = ""
        self.games = 0  # games played, when kept between games of one agent
        self.memory_limit = 1 << 30  # the child's address-space limit (set with the agent)
        self.file_sizes: dict[str, int] = {}  # the real size of each file ``peek_files`` found

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
        if not self.ready:
            self._wait_ready(timeout)

    def receive(self, timeout: float | None) -> dict:
        """The reply to the request sent last (as ``request``)."""
        return self._receive(timeout)

    def _wait_ready(self, timeout: float | None) -> None:
        reply = self._receive(None if timeout is None else timeout + 60.0)  # the imports of a cold start
        if reply.get("ready") != VERSION:
            self.kill("it spoke another protocol")
            raise ChildDied("the agent host speaks another protocol version")
        self.ready = True

    def _receive(self, timeout: float | None) -> dict:
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            wait = 0.5 if deadline is None else min(0.5, max(0.0, deadline - time.monotonic()))
            try:
                if self._channel.poll(wait):
                    data = self._channel.recv_bytes(MAX_REPLY)
                    reply = json.loads(data)
                    if not isinstance(reply, dict):
                        raise ValueError("not a JSON object")
                    return reply
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
        if self.process.returncode is not None:
            return True
        try:
            return os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except ChildProcessError:
            return True

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
        end of the channel and live on: the wait must never block)."""
        process = self.process
        if process.returncode is not None:
            return
        deadline = time.monotonic() + 1.0  # a child that is dying closes its channel a moment before it is gone
        while not self._exited() and time.monotonic() < deadline:
            time.sleep(0.005)
        if not self._exited():
            self.killed_for = self.killed_for or "it closed its channel"
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                process.kill()
        try:
            pid, status, usage = os.wait4(process.pid, 0)
        except ChildProcessError:
            process.wait()
            return
        self.max_rss = usage.ru_maxrss
        process.returncode = os.waitstatus_to_exitcode(status)
        scratch.forget(process.pid)

    def cpu_seconds(self) -> float:
        """The CPU time the child has used (Linux's /proc; 0 where it cannot be read)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return 0.0

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
        """SIGKILL the child (it may be stuck in native code), not waiting for it: safe from another thread."""
        if self.process.returncode is None:
            self.killed_for = self.killed_for or why
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except OSError:
                with contextlib.suppress(OSError):
                    self.process.kill()

    def kill(self, why: str) -> None:
        """End the child now and reap it."""
        if self.process.poll() is None:
            self.end(why)
        self._reap()

    def close(self) -> None:
        """Ask the child to end (killed if it does not within a second); its pipes and stderr file are closed."""
        if self.process.poll() is None and self.ready:
            try:
                self._channel.send_bytes(pack("close", ()))
                self._receive(1.0)
            except (ChildDied, TimeoutError, OSError):
                pass
            try:
                self.process.wait(1.0)
            except subprocess.TimeoutExpired:
                pass
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
_WATCHED: set[Child] = set()
_WATCH_LOCK = threading.Lock()
_watcher: threading.Thread | None = None


def watch(child: Child) -> None:
    """Measure ``child``'s scratch folder every ``WATCH_SECONDS`` while it plays (``scratch.over_quota``); past
    its quota the child is killed, the reason kept in ``killed_for``. A thread does it, not each step: no cost
    per step, and an agent filling its folder within one long step is stopped too."""
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
    while True:
        time.sleep(WATCH_SECONDS)
        with _WATCH_LOCK:
            children = list(_WATCHED)
        for child in children:
            over = child.over_quota()
            if over:
                unwatch(child)
                child.end(f"it wrote {over} in its scratch folder")


MAX_GAMES = 500  # games one kept child plays before it is replaced (where its CPU time cannot be read)
IDLE = 6  # children kept after a game, each for the next game of its own agent
_WARM: list[Child] = []
_IDLE: dict[tuple, Child] = {}  # agent key -> a child that played that agent and ended healthy
_WARM_LOCK = threading.Lock()


def agent_key(spec, limits) -> tuple:
    """What a child that played an agent is kept for: its files (and their versions) and its limits."""
    stamps = []
    for path in spec.paths:
        try:
            info = os.stat(path)
            stamps.append((str(path), info.st_mtime_ns, info.st_size))
        except OSError:
            stamps.append((str(path), None, None))
        # an unreadable file: the child reports it
    return str(spec.kind), tuple(stamps), limits


def take_idle(key: tuple) -> Child | None:
    """The child kept for ``key`` (None: none alive)."""
    with _WARM_LOCK:
        child = _IDLE.pop(key, None)
    if child is not None and child.process.poll() is not None:
        child.close()
        child.take_files()
        return None
    return child


def keep_idle(key: tuple, child: Child) -> None:
    """Keep ``child`` for the next game of the same agent; the oldest idle child beyond ``IDLE`` ends.

    A child that used half its CPU-time limit ends too (the limit holds for its whole life).
    """
    spare = []
    child.games += 1
    if child.cpu_seconds() > CPU_SECONDS / 2 or child.games >= MAX_GAMES:
        child.close()
        child.take_files()
        return
    with _WARM_LOCK:
        previous = _IDLE.pop(key, None)
        if previous is not None:
            spare.append(previous)
        _IDLE[key] = child
        while len(_IDLE) > IDLE:
            spare.append(_IDLE.pop(next(iter(_IDLE))))
    for item in spare:
        item.close()
        item.take_files()


def take_child() -> Child:
    """A started child (from the warm pool when it has one); another is started in its place."""
    with _WARM_LOCK:
        child = next((c for c in _WARM if c.process.poll() is None), None)
        for stale in [c for c in _WARM if c is not child and c.process.poll() is not None]:
            _WARM.remove(stale)
            stale.close()
            stale.take_files()
        if child is not None:
            _WARM.remove(child)
        while len(_WARM) < WARM:
            _WARM.append(start_child())
    return child if child is not None else start_child()


def prestart() -> None:
    """Fill the warm pool now (the GUI and the bench workers call it at start)."""
    with _WARM_LOCK:
        while len(_WARM) < WARM:
            _WARM.append(start_child())


@atexit.register
def _empty_warm_pool() -> None:
    with _WARM_LOCK:
        idle = list(_WARM) + list(_IDLE.values())
        _WARM.clear()
        _IDLE.clear()
    for child in idle:
        child.kill("the app is closing")
        child.close()
        child.take_files()
    scratch.finish()
