"""macOS's layer of the portable agent host (imported on macOS only).

- The process group: the child leads a session of its own and a kill ends the whole group (``oslayer.ProcessGroup``).
- The memory limit: macOS does not enforce ``RLIMIT_AS``; the app's watch of the child's resident memory does
  (``process.watch``, ``Spawned.sample``), as on every OS of the portable host.
- ``sandbox-exec``, where ``/usr/bin/sandbox-exec`` exists (Apple marks it deprecated, and still ships it): the
  child starts under a profile that denies every network use but its channel to the app (a TCP connection to
  127.0.0.1 on the port the app named) and every write outside its scratch folder (and ``/dev/null``). Where it
  is missing, the child says so and plays without it.

The child finds out itself whether the profile holds (``child_layers``: a write outside its folder is refused)
and says so in its ready message. Written from the sandbox profile language as Apple's own profiles use it; it
could not be run where it was written (Linux). docs/sandbox.md says so.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from app.backends.host.oslayer import ProcessGroup

SANDBOX_EXEC = Path("/usr/bin/sandbox-exec")
_PROBE = ".battleship-sandbox-probe"


def _quoted(text: str) -> str:
    """A string literal of the profile language."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def profile(scratch: Path, port: int) -> str:
    """The sandbox profile of one child: no network but its channel, no write outside ``scratch``."""
    folders = sorted({str(scratch), str(scratch.resolve())})  # /var is /private/var: the kernel sees the latter
    return "\n".join([
        "(version 1)",
        "(allow default)",
        "(deny network*)",
        f'(allow network-outbound (remote ip "localhost:{port}"))',
        "(deny file-write*)",
        "(allow file-write* " + " ".join(f"(subpath {_quoted(folder)})" for folder in folders)
        + ' (literal "/dev/null") (literal "/dev/dtracehelper"))',
    ])


class MacLayer(ProcessGroup):
    """The process group, and ``sandbox-exec`` where the system has it."""

    def command(self, scratch: Path, port: int) -> list[str]:
        if not SANDBOX_EXEC.exists():
            return []
        return [str(SANDBOX_EXEC), "-p", profile(scratch, port)]


def child_layers(scratch: Path) -> tuple[list[str], list[str]]:
    """In the child (its working directory is ``scratch``): whether the sandbox profile holds, as a write beside
    its scratch folder finds (in force, missing with why)."""
    if not SANDBOX_EXEC.exists():
        return [], [f"sandbox-exec (no {SANDBOX_EXEC} on this Mac)"]
    probe = scratch.parent / f"{_PROBE}-{os.getpid()}"
    try:
        handle = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except PermissionError:
        return ["sandbox-exec (no network, writes only in its scratch folder)"], []
    except OSError as exc:
        return [], [f"sandbox-exec (its hold could not be checked: {exc.strerror})"]
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(probe)
    return [], ["sandbox-exec (not in force: a write outside the scratch folder succeeded)"]
