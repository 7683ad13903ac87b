"""A Python that is not Linux: the test harness for the portable paths (issue 37).

Put this folder first on ``PYTHONPATH`` and the interpreter that starts imports
this module before anything else: it takes away what Windows or macOS lack (or
what the app must not count on there) and makes ``sys.platform`` read
``darwin``. Named in ``BATTLESHIP_LAB_CHILD_SITE``, the agent host puts it on
its children's path too, so the agent's process is simulated as well.

Taken away: the modules ``fcntl``, ``resource``, ``termios``, ``pyseccomp`` and
``seccomp`` (their import raises ImportError); ``os.fork``, ``os.forkpty``,
``os.pidfd_open``, ``os.killpg``, ``os.wait4``, ``os.waitid``;
``signal.SIGKILL``, ``signal.SIGALRM``, ``signal.setitimer``; ``os.pread``, ``os.pwrite`` and
``os.sched_getaffinity`` (Windows has none); every CLIPS function
that ctypes would find in clipspy's compiled module (the Windows and macOS
wheels export only ``PyInit__clips``), and ``ctypes.CDLL(None)`` (Windows refuses it).

psutil, when installed, is imported first, as the real one of this machine: its
backend is chosen by ``sys.platform`` at import, and a real Mac has its own.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import sysconfig

SIMULATED = "darwin"

try:  # before the platform reads darwin (see the docstring)
    import psutil  # noqa: F401
except ImportError:
    pass

for _module in ("fcntl", "resource", "termios", "pyseccomp", "seccomp"):
    sys.modules[_module] = None  # ``import fcntl`` now raises ImportError

for _owner, _names in ((os, ("fork", "forkpty", "pidfd_open", "killpg", "wait4", "waitid",  # what Windows lacks too:
                              "pread", "pwrite", "sched_getaffinity")),
                       (signal, ("SIGKILL", "SIGALRM", "setitimer", "ITIMER_REAL"))):
    for _name in _names:
        if hasattr(_owner, _name):
            delattr(_owner, _name)

_KEPT = "PyInit__clips"
_load_library = ctypes.CDLL.__init__
_find = ctypes.CDLL.__getitem__


def _without_clips(library: ctypes.CDLL, name):
    """What ctypes finds in a library: nothing of CLIPS's in clipspy's compiled module."""
    if isinstance(name, str) and name != _KEPT and "_clips" in os.path.basename(library._name or ""):
        raise AttributeError(f"function '{name}' not found")
    return _find(library, name)


def _no_process_handle(library: ctypes.CDLL, name, *args, **kwargs) -> None:
    """``CDLL(None)`` (the process's own symbols) fails, as on Windows."""
    if name is None:
        raise TypeError("LoadLibrary() argument 1 must be str, not None (simulated Windows-like ctypes)")
    _load_library(library, name, *args, **kwargs)


ctypes.CDLL.__getitem__ = _without_clips
ctypes.CDLL.__init__ = _no_process_handle
# sysconfig finds its data module by the platform's name (_sysconfigdata__linux_...): read before the platform reads
# darwin, as a real Mac reads its own (the agent's process asks for the installation's paths when it confines itself)
sysconfig.get_paths()
sysconfig.get_config_vars()
# likewise urllib.request, which on a Mac imports the Mac's own _scproxy (the report's statistics import it)
import urllib.request  # noqa: E402, F401

sys.platform = SIMULATED
