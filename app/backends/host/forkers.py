"""The processes that fork the agent host's children, from the app's side: the zygote (``zygote.py``: one per app
process, a fresh child for each game) and the agents' loaded templates (``template.py``: one agent loaded once,
each of its games forked from it), and ``Forked``, the handle of a child either forked. Linux only; elsewhere
children start as new interpreters (``spawn``). One child's life once forked is ``process``'s.
"""

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
from pathlib import Path

from app.backends.host import kind, scratch
from app.backends.host.environment import child_environment
from app.backends.host.protocol import MAX_REPLY, decode_reply, pack


class Forked:
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


@atexit.register
def _close_zygote() -> None:
    """At the app's exit: end the zygote and remove the scratch folders. Registered before ``warm``'s own end
    (``warm`` imports ``process``, which imports this module), so it runs after it: the children ready ahead of
    need are ended first."""
    if _zygote is not None and _zygote.owner == os.getpid():
        _zygote.close()
    scratch.finish()
