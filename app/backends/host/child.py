"""The agent host's child: forked by the zygote (``main``), or ``python -m app.backends.host.child --port PORT
PARENT_PID`` (``spawn``: it connects back to the app on 127.0.0.1).

It first moves into namespaces of its own (no network; while it is still one
thread), imports the drivers (while it waits in the warm pool), then serves one
agent (``server.py``): CREATE loads the agent's code after the process confined itself, and
the driver requests follow, each answered once. The child knows only what the
parent sends: observations, events, the public start context, never the map.

This module imports nothing that starts a thread (numpy does): it is the spawned child's ``__main__``, and the
zygote imports it too; what the agent needs is imported by ``_warm_up``, after ``isolate``.
"""

from __future__ import annotations

import importlib.util
import os
import random
import sys
import tempfile
import threading
import time
from multiprocessing.connection import Connection

import psutil

from app.backends.host.confine import isolate
from app.backends.host.spawn import connect
from app.core.paths import SHIPPED_AGENTS


def _warm_up() -> None:
    """Import what every agent needs, before the process is confined and before a game waits on it; and find the
    system's temporary folder (``tempfile`` probes each candidate with a write, which the confinement would
    refuse and report: a zygote's child inherits the answer)."""
    # lazy, these three: the child's import order (after ``isolate``: numpy, which they import, starts a thread)
    import numpy  # noqa: F401

    tempfile.gettempdir()
    _load_agents_package()

    import app.backends.host.server  # noqa: F401  (lazy: the child's import order)
    try:
        import app.backends.clips.driver  # noqa: F401  (lazy: the child's import order)
    except Exception:  # noqa: BLE001  (no clipspy, or a bridge this OS cannot load: a CLIPS agent says why when
        pass  # chosen; a Python agent's process must not end for it)


def _load_agents_package() -> None:
    """Load the shipped agents' package by path, as the registry loads agents, so that an agent's ``from
    agents.base import Agent`` finds it loaded: its parent is the app's root, which the confined process may not
    list, and Python lists a folder again once its modification time changed (a bench writing its --out file
    there: the agent's import then failed with "No module named 'agents'")."""
    spec = importlib.util.spec_from_file_location("agents", SHIPPED_AGENTS / "__init__.py",
                                                  submodule_search_locations=[str(SHIPPED_AGENTS)])
    if spec is None or spec.loader is None or "agents" in sys.modules:
        return
    package = importlib.util.module_from_spec(spec)
    sys.modules["agents"] = package
    try:
        spec.loader.exec_module(package)
    except Exception:  # noqa: BLE001  (no shipped agents here: an agent that needs them says so when it loads)
        del sys.modules["agents"]


def die_with(parent: int) -> None:
    """Be killed when the app's process ends (Linux), however it ends: an orphan agent must not run on."""
    if sys.platform == "linux":
        import ctypes
        import signal

        ctypes.CDLL(None).prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG
    if _orphaned(parent):  # the parent was gone before that
        os._exit(1)


def reseed() -> None:
    """A fresh seed for the random generators imported before the fork (a fresh interpreter would draw its own):
    agents that do not seed theirs play differently each game, as before."""
    random.seed()
    numpy_random = sys.modules.get("numpy.random")
    if numpy_random is not None:
        numpy_random.seed()


def _orphaned(parent: int) -> bool:
    """The app's process ``parent`` has ended (POSIX: this process was given another parent; Windows keeps the
    first parent's pid, so its existence is asked)."""
    if os.name == "posix":
        return os.getppid() != parent
    return not psutil.pid_exists(parent)


def _watch_parent(parent: int) -> None:
    """Where the OS has no parent-death signal (macOS, Windows): a thread ends this process within half a second
    of the app's end (on Windows the Job Object's kill-on-close does it at once, ``windows.py``)."""
    def watch() -> None:
        while not _orphaned(parent):
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="agent-host-parent-watch", daemon=True).start()


def main(channel: Connection, parent: int) -> None:
    """Serve requests until the parent ends this process (after its game) or goes away."""
    die_with(parent)
    isolated = isolate()  # first: a new user namespace needs a process of one thread (before numpy's)
    if sys.platform != "linux":
        _watch_parent(parent)
    _warm_up()
    from app.backends.host.server import serve  # lazy: the child's import order (as in _warm_up, after isolate)

    serve(channel, isolated)


if __name__ == "__main__":
    main(connect(int(sys.argv[2])), int(sys.argv[3]))  # --port PORT PARENT_PID
    os._exit(0)  # the agent's own threads must not keep the process alive
