"""What the OS adds around a spawned agent host child (``spawn.py``): the base ``Layer`` (nothing but psutil's
tree kill) and POSIX's ``ProcessGroup``; ``windows.py`` and ``macos.py`` build their layers on these.

Apart from ``spawn.py``, which imports the OS's own layer module on that OS only: those modules import these
classes from here, not from the module that imports them.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from pathlib import Path

#: Windows has no SIGKILL: there psutil's and Popen's SIGTERM is TerminateProcess, which cannot be caught either
KILL = getattr(signal, "SIGKILL", signal.SIGTERM)


class Layer:
    """What the OS adds around a spawned child (this base: nothing but psutil's tree kill). One per child."""

    def command(self, scratch: Path, port: int) -> list[str]:
        """What goes before the interpreter on the child's command line."""
        return []

    def popen_options(self) -> dict:
        """``subprocess.Popen``'s options for this OS."""
        return {}

    def interpreter(self, environment: dict[str, str]) -> str:
        """The child's interpreter (``environment`` may be completed for it)."""
        return sys.executable

    def attach(self, pid: int) -> None:
        """Right after the start: put the child under the layer's limits."""

    def limit_memory(self, limit: int) -> None:
        """The agent's memory limit, in bytes, once the app knows it."""

    def kill(self, pid: int) -> None:
        """End the child and everything it started (best effort: the tree kill follows anyway)."""

    def release(self) -> None:
        """The child was reaped: free what the layer holds."""


class ProcessGroup(Layer):
    """POSIX: the child leads a session and process group of its own, which a kill ends as a whole (a program the
    agent started, even one whose parent already ended, is in it unless it left with ``setsid``)."""

    def popen_options(self) -> dict:
        return {"start_new_session": True}

    def kill(self, pid: int) -> None:
        killpg = getattr(os, "killpg", None)
        if killpg is not None:
            with contextlib.suppress(OSError):
                killpg(pid, KILL)
