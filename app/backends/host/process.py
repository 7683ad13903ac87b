"""Agent host processes: forking them through the zygote (Linux) or starting them as new interpreters (``spawn``:
every OS), watching their scratch folder and memory while they play, killing them, and why one died. The children
started ahead of need (the warm pool, a child prepared for an agent's next game) are ``warm``'s."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
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

from app.backends.host import kind, scratch
from app.backends.host.protocol import MAX_REPLY, VERSION, decode_reply, pack
from app.backends.host.spawn import Spawned
from app.core.paths import ROOT

#: what the child keeps of the app's environment (the rest, e.g. PYTHONPATH naming a teacher's folders, stays out)
KEPT_ENVIRONMENT = ("LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TZ", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                    "MKL_NUM_THREADS", "SYSTEMROOT", "PATH")


#: a test hook: a folder put first on the children's path (tests/portable/sim simulates another OS in them too)
CHILD_SITE = "BATTLESHIP_LAB_CHILD_SITE"


def child_environment() -> dict[str, str]:
    """The child's environment: a few of the app's settings and its own; where the app's packages are found
    (``sys.path``'s site-packages and the app's root), nothing else, but the folder ``CHILD_SITE`` names, first."""
    environment = {key: os.environ[key] for key in KEPT_ENVIRONMENT if key in os.environ}
    packages = [entry for entry in sys.path if entry and "-packages" in Path(entry).name]
    site = [os.environ[CHILD_SITE]] if os.environ.get(CHILD_SITE) else []
    environment.update(PYTHONDONTWRITEBYTECODE="1", PYTHONUNBUFFERED="1", PYTHONNOUSERSITE="1",
                       PYTHONPATH=os.pathsep.join([*site, str(ROOT), *packages]))
    return environment


class ChildDied(Exception):
    """The child exited or was killed; the message says how (one line)."""


SPAWNER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="agent-host-spawner")  # see start_child


def start_child() -> Child:
    """A new child, started from one long-lived thread: the zygote (and a child started without one) asks to be
    killed when the thread that started it ends (Linux's parent-death signal follows the thread), so that thread
    must outlive them all."""
    return SPAWNER.submit(Child).result()


class _Forked:
    """A child the zygote forked: it ended once its pidfd is readable; the zygote reaps it when asked."""

    def __init__(self, zygote: Zygote, scratch: Path, channel: int, stderr) -> None:
        self._zygote = zygote
        self.pid = zygote.fork(scratch, channel, stderr.fileno())
        self._pidfd = os.pidfd_open(self.pid)  # the pid is the child's until it is reaped (the zygote waits)
        self.returncode: int | None = None

    def exited(self) -> bool:
        """True once the child has ended."""
        return self.returncode is not None or self.wait_exit(0.0)

    def wait_exit(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the child's end; True once it ended."""
        if self.returncode is not None:
            return True
        try:
            return bool(select.select([self._pidfd], [], [], timeout)[0])
        except (OSError, ValueError):  # reaped meanwhile on another thread (its pidfd closed)
            return self.returncode is not None

    def kill(self) -> None:
        """SIGKILL the child's process group (it is not reaped yet: its pid is still its own)."""
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except OSError:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)

    def limit_memory(self, limit: int) -> None:
        """Nothing here: the child's own ``RLIMIT_AS`` holds (``confine``)."""

    def sample(self) -> int:
        """0: the zygote's ``wait4`` reports the peak (the limit is the child's own ``RLIMIT_AS``)."""
        return 0

    def reap(self) -> int:
        """The ended (or killed) child's exit, through the zygote; its peak memory in kilobytes (0: unknown)."""
        if self.returncode is not None:
            return 0
        self.wait_exit(5.0)  # killed: gone within moments (the zygote's wait must not block its other work)
        status, max_rss = self._zygote.reap(self.pid)
        self.returncode = -signal.SIGKILL if status is None else os.waitstatus_to_exitcode(status)
        os.close(self._pidfd)
        return max_rss


class Zygote:
    """The app's zygote (``zygote.py``): a process that imported what agents need and forks a fresh child for
    each game. One per app process, started on first need from the spawner thread."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        with theirs:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "app.backends.host.zygote", str(theirs.fileno()), str(os.getpid())],
                cwd=scratch.app_folder(), env=child_environment(), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(theirs.fileno(),),
                start_new_session=True)
        self._control = ours
        self._lock = threading.Lock()
        self.owner = os.getpid()
        with self._lock:
            if json.loads(self._control.recv(256) or b"{}").get("ready") is not True:
                raise OSError("the zygote did not start")

    def _ask(self, request: dict, fds: tuple[int, ...] = ()) -> dict:
        with self._lock:
            socket.send_fds(self._control, [json.dumps(request).encode()], list(fds))
            reply = self._control.recv(1 << 16)
        if not reply:
            raise OSError("the zygote ended")
        answer = json.loads(reply)
        if "error" in answer:
            raise OSError(f"the zygote: {answer['error']}")
        return answer

    def fork(self, scratch_folder: Path, channel: int, stderr: int) -> int:
        """A new child for one game, its working directory ``scratch_folder``; its pid."""
        return int(self._ask({"fork": str(scratch_folder)}, (channel, stderr))["pid"])

    def template(self, folder: Path, control: int, stderr: int) -> int:
        """A new loaded template (``template.py``) in ``folder``, told what to load over ``control``; its pid."""
        return int(self._ask({"template": str(folder)}, (control, stderr))["pid"])

    def reap(self, pid: int) -> tuple[int | None, int]:
        """(wait status, peak memory in kilobytes) of the ended child ``pid``; (None, 0) once the zygote is gone
        (its children were killed with it)."""
        try:
            answer = self._ask({"reap": pid})
        except (OSError, ValueError):
            return None, 0
        return int(answer["status"]), int(answer["max_rss"])

    def alive(self) -> bool:
        """The zygote still runs (and belongs to this process: a forked app process starts its own)."""
        return self.owner == os.getpid() and self.process.poll() is None

    def close(self) -> None:
        """End the zygote (its children end with it: their parent-death signal)."""
        with contextlib.suppress(OSError):
            self._control.close()
        with contextlib.suppress(OSError):
            self.process.kill()
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            self.process.wait(1.0)


class TemplateRefused(Exception):
    """A template could not load its agent, or its load started what a template may not keep (one line)."""


class Template(Zygote):
    """A loaded template (``template.py``): one agent loaded once, in a confined process that forks each of its
    games' processes (as the zygote forks a fresh child) and plays none. Made by the zygote ``forks``."""

    def __init__(self, forks: Zygote, requests: list[tuple[str, tuple]], timeout: float) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="template-", dir=scratch.app_folder()))
        self._stderr = tempfile.TemporaryFile()
        self._zygote = forks
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        with theirs:
            self.pid = forks.template(self.folder, theirs.fileno(), self._stderr.fileno())
        self._pidfd = os.pidfd_open(self.pid)
        scratch.record(self.folder, self.pid)
        self._control = ours
        self._lock = threading.Lock()
        self.owner = os.getpid()
        self.requests = requests  # what it loaded with: each game's process is sent them again
        try:
            self._load(requests, timeout)
        except BaseException:
            self.end()
            raise

    def _load(self, requests: list[tuple[str, tuple]], timeout: float) -> None:
        """Send the agent's requests and the seal; raises TemplateRefused with the first error."""
        self._control.settimeout(timeout)
        try:
            for kind, args in requests:
                self._control.sendall(pack(kind, args))
                reply = decode_reply(self._control.recv(MAX_REPLY) or b'{"error": "it ended"}')
                if "error" in reply:
                    raise TemplateRefused(str(reply["error"]))
                if reply.get("value") and args[0][0] == "preload":  # what loading reported: the game would
                    raise TemplateRefused("; ".join(map(str, reply["value"])))  # load again, and report it
            self._control.sendall(b'{"seal": true}')
            sealed = json.loads(self._control.recv(1 << 16) or b'{"error": "it ended"}')
        except (OSError, ValueError) as exc:
            raise TemplateRefused(f"it did not load ({exc})") from None
        if sealed.get("sealed") is not True:
            raise TemplateRefused(str(sealed.get("error")))
        self._control.settimeout(None)
        started = self._started()
        if started:
            raise TemplateRefused(started)
        over = scratch.over_quota(self.folder)  # its games' folders start with what it wrote: the same quota
        if over:
            raise TemplateRefused(f"its load wrote {over} in its folder")
        self.files, sizes = scratch.read_files(self.folder)  # what the load wrote: each game's folder starts with it
        if any(len(self.files.get(name, b"")) != size for name, size in sizes.items()):
            raise TemplateRefused("its load wrote more than a game's folder is given again")

    def _started(self) -> str:
        """'' or what the load started that would outlive it, as /proc shows it from outside (the template's
        own word would be the agent's to forge): a process below it, or a thread (the template's code runs on
        one; a load's timers end at once)."""
        if _below(self.pid):
            return "the agent started a process while loading"
        deadline = time.monotonic() + 1.0
        while _threads(self.pid) > 1:
            if time.monotonic() > deadline:
                return "the agent started a thread while loading"
            time.sleep(0.01)
        return ""

    def alive(self) -> bool:
        """The template still runs (and belongs to this process)."""
        return self.owner == os.getpid() and not select.select([self._pidfd], [], [], 0)[0]

    def end(self) -> None:
        """End the template now with everything below it (processes its agent started are stopped first, so
        none can start another meanwhile), and reap it."""
        stopped: set[int] = set()
        while True:
            found = [pid for pid in _below(self.pid) if pid not in stopped]
            if not found:
                break
            for pid in found:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGSTOP)
            stopped.update(found)
        for pid in (*stopped, self.pid):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        self._finish()

    def close(self) -> None:
        """No more games from this template: it ends once the games it forked have ended (their processes
        follow it: their parent-death signal), and is reaped then, on a thread of its own."""
        with contextlib.suppress(OSError):
            self._control.close()
        threading.Thread(target=self._finish, name="agent-template-reap", daemon=True).start()

    def _finish(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            select.select([self._pidfd], [], [], None)
            os.close(self._pidfd)
        with contextlib.suppress(OSError):
            self._control.close()
        self._zygote.reap(self.pid)
        scratch.forget(self.pid)
        self._stderr.close()
        scratch.empty(self.folder, True)


def _threads(pid: int) -> int:
    """The threads of process ``pid`` (0: it is gone)."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("Threads:"):
                return int(line.split()[1])
    return 0


def _below(pid: int) -> list[int]:
    """Every process below ``pid`` (its children, theirs, ...), as /proc lists them now."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{parent}/task"):
                with contextlib.suppress(OSError):
                    children = [int(p) for p in Path(f"/proc/{parent}/task/{task}/children").read_text().split()]
                    found += children
                    todo += children
    return found


_zygote: Zygote | None = None
_ZYGOTE_FAILED = ""  # why a zygote could not be started (children then start as new interpreters)


def zygote() -> Zygote | None:
    """This process's zygote, started on first need (``kind()`` zygote: Linux with pidfds only); None: start
    children directly (``spawn``)."""
    global _zygote, _ZYGOTE_FAILED
    if kind() != "zygote" or not hasattr(os, "pidfd_open") or _ZYGOTE_FAILED:
        return None
    if _zygote is None or not _zygote.alive():
        if _zygote is not None and _zygote.owner == os.getpid():
            _zygote.close()
        try:
            _zygote = Zygote()
        except (OSError, ValueError) as exc:
            _ZYGOTE_FAILED = str(exc)
            return None
    return _zygote


class Child:
    """One agent host process for one game: its channel (one socket), its scratch folder (its working directory)
    and its stderr file. Forked by the zygote where there is one (or by the agent's loaded ``template``), else
    started as a new interpreter (``spawn``)."""

    def __init__(self, template: Template | None = None) -> None:
        folder = template.folder if template is not None else scratch.app_folder()
        self.scratch = Path(tempfile.mkdtemp(prefix="agent-", dir=folder))
        self._stderr = tempfile.TemporaryFile()
        self.process: _Forked | Spawned | None = None
        forks = template or zygote()
        if forks is not None:
            # a socket, not pipes: the agent cannot reopen it through /proc/self/fd (that fails with ENXIO), so
            # code in its process that can only open files (a CLIPS agent) cannot write requests into it
            ours, theirs = socket.socketpair()
            with ours, theirs:
                with contextlib.suppress(OSError):
                    self.process = _Forked(forks, self.scratch, theirs.fileno(), self._stderr)
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


@atexit.register
def _close_zygote() -> None:
    """At the app's exit: end the zygote and remove the scratch folders. Registered before ``warm``'s own end
    (``warm`` imports this module), so it runs after it: the children ready ahead of need are ended first."""
    if _zygote is not None and _zygote.owner == os.getpid():
        _zygote.close()
    scratch.finish()
