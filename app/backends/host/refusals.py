"""What an agent tried that its confinement refuses, as its own process sees it: a Python audit hook.

The kernel's layers (seccomp, Landlock, the namespaces) refuse without telling
anyone: an agent that tries to read the teacher's maps just gets an error it
may swallow. So the agent host's child, once confined and before the agent's
code loads, installs an audit hook (PEP 578; it cannot be removed) that notes
the attempts the layers refuse: opening a file outside what the agent may read
(or writing outside its scratch folder), making a socket or connecting one,
starting a process, signalling another one, and reaching for the system calls
behind them through ctypes. The notes ride on each step's reply; the report
flags the agent (docs/sandbox.md, "What the report is told").

It sees what runs in Python: a Python agent, and a CLIPS agent only as far as
it gets Python to run. CLIPS's own ``open`` and ``system`` are C code, below
the hook: the layers still refuse them, unrecorded.

The hook lives in the agent's own process, so a Python agent can reach this
recorder (through ``gc``, say) and silence it before it probes: its notes are
then empty. The notes are a lead for the teacher, never a clean bill: the
refusals themselves are the kernel's and hold all the same. Nothing on the
parent's side sees them (seccomp and Landlock refuse with an error code and
record nothing the app can read), so the claim stops here (docs/sandbox.md).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable
from pathlib import Path

MAX_NOTES = 50  # notes kept per game (an agent trying in a loop says so once per distinct attempt)
#: C functions whose use through ctypes means reaching for what the confinement refuses
_NATIVE = frozenset({"syscall", "socket", "connect", "bind", "sendto", "sendmsg", "io_uring_setup", "io_uring_enter",
                     "kill", "tgkill", "prctl", "setrlimit", "prlimit", "prlimit64", "fcntl", "ptrace", "execve",
                     "fork", "vfork", "clone", "unshare", "setns", "mount", "sched_setscheduler", "setpriority",
                     "process_vm_readv", "open_by_handle_at"})
_PROCESS = {"os.system": "run a shell command", "subprocess.Popen": "start a process", "os.exec": "start a program",
            "os.posix_spawn": "start a process", "os.spawn": "start a process", "os.fork": "start a process",
            "os.forkpty": "start a process", "pty.spawn": "start a process"}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class Recorder:
    """Notes the refused attempts of the process it is installed in (``install``); ``take`` hands them over."""

    def __init__(self, readable: Iterable[Path], writable: Iterable[Path]):
        self._readable = tuple(sorted({os.path.realpath(p) for p in readable}))
        self._writable = tuple(sorted({os.path.realpath(p) for p in writable}))
        self._own = os.getpid()
        self._notes: list[str] = []
        self._seen: set[str] = set()
        self.more = 0  # attempts past MAX_NOTES
        self._busy = False

    def install(self) -> None:
        """Hook into every audited event of this process from now on (for good: audit hooks stay)."""
        sys.addaudithook(self._hook)

    @contextlib.contextmanager
    def aside(self):
        """Note nothing meanwhile: the host's own doing (a template forking a game's process), not the agent's."""
        busy, self._busy = self._busy, True
        try:
            yield
        finally:
            self._busy = busy

    def moved(self, writable: Iterable[Path]) -> None:
        """This process is a game's, forked from the template the recorder was installed in, with the recorder
        aside (``aside``: the fork and the game's own restrictions are the host's doing): its own pid, ``writable``
        (its own scratch folder) the only places it may write, and from now on every attempt is noted."""
        self._own = os.getpid()
        self._writable = tuple(sorted({os.path.realpath(p) for p in writable}))
        self._busy = False

    def take(self) -> list[str]:
        """The notes since the last call (a count of the ones past the cap comes last)."""
        notes, self._notes = self._notes, []
        if self.more:
            notes.append(f"... and {self.more} more attempts")
            self.more = 0
        return notes

    # ----- the hook ---------------------------------------------------------------------------
    def _hook(self, event: str, args: tuple) -> None:
        if self._busy:  # what the hook itself does (realpath) is audited too
            return
        what = _INTERESTING.get(event)
        if what is None:
            return
        self._busy = True
        try:
            note = what(self, args)
        except Exception:  # noqa: BLE001  (the hook must never break the agent's own call)
            note = None
        finally:
            self._busy = False
        if note:
            self._note(note)

    def _note(self, note: str) -> None:
        if note in self._seen:
            return
        if len(self._seen) >= MAX_NOTES:
            self.more += 1
            return
        self._seen.add(note)
        self._notes.append(note)

    def _open(self, args: tuple) -> str | None:
        path, mode, flags = (tuple(args) + (None, None, None))[:3]
        if not isinstance(path, str | bytes | os.PathLike):
            return None  # a file descriptor: already open
        real = os.path.realpath(os.fsdecode(path))
        if real.endswith(".pyc") and os.path.basename(os.path.dirname(real)) == "__pycache__":
            return None  # the import system looking for a module's cache beside the agent's file
        writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & _WRITE_FLAGS)
        if writing and not _beneath(real, self._writable):
            return f"tried to write {real} (outside its scratch folder)"
        if not writing and not _beneath(real, self._readable + self._writable):
            return f"tried to open {real} (outside what it may read)"
        return None

    def _socket(self, args: tuple) -> str:
        return "tried to make a network socket"

    def _connect(self, args: tuple) -> str:
        address = args[1] if len(args) > 1 else ""
        return f"tried to connect a socket to {address}"

    def _process(self, event: str) -> str:
        return f"tried to {_PROCESS[event]}"

    def _kill(self, args: tuple) -> str | None:
        pid = args[0] if args else None
        return None if pid == self._own else f"tried to signal another process ({pid})"

    def _native(self, args: tuple) -> str | None:
        name = args[1] if len(args) > 1 else ""
        name = name.decode(errors="replace") if isinstance(name, bytes) else str(name)
        return f"reached for the C function {name} through ctypes" if name in _NATIVE else None


def _beneath(path: str, places: tuple[str, ...]) -> bool:
    return any(path == place or path.startswith(place.rstrip("/") + "/") for place in places)


_INTERESTING = {
    "open": Recorder._open,
    "socket.__new__": Recorder._socket,
    "socket.connect": Recorder._connect,
    "socket.bind": Recorder._connect,
    "socket.sendto": Recorder._connect,
    "os.kill": Recorder._kill,
    "os.killpg": Recorder._kill,
    "ctypes.dlsym": Recorder._native,
    **{event: (lambda self, args, event=event: self._process(event)) for event in _PROCESS},
}
