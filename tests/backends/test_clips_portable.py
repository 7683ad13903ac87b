"""The CLIPS bridge works where ctypes finds no CLIPS function in clipspy's compiled module (issue 37).

clipspy's Windows and macOS wheels export only ``PyInit__clips``, and Windows
refuses ``ctypes.CDLL(None)``. A child Python is given both traits before the
app loads, then plays as ``main.py`` would, in its own process
(``--no-sandbox``: the agent host's children set their own ``PYTHONPATH``,
so only the app's process is simulated here); what it prints must be what
the same command prints without the simulation.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.paths import ROOT

# the simulation, run in the child before main.py
WITHOUT_CLIPS_EXPORTS = """
import ctypes, runpy, sys

_CDLL = ctypes.CDLL


class PortableCDLL(_CDLL):
    '''A library loaded as on Windows and macOS: CDLL(None) refused, no CLIPS function exported.'''

    def __init__(self, name, *args, **kwargs):
        if name is None:
            raise TypeError("expected str, bytes or os.PathLike object, not NoneType")
        super().__init__(name, *args, **kwargs)
        self.__dict__["hidden"] = "_clips" in str(name)

    def __getattr__(self, name):
        if self.__dict__.get("hidden") and name != "PyInit__clips":
            raise AttributeError(f"function '{name}' not found")
        return super().__getattr__(name)

    def __getitem__(self, name):
        if self.__dict__.get("hidden") and name != "PyInit__clips":
            raise AttributeError(f"function '{name}' not found")
        return super().__getitem__(name)


ctypes.CDLL = PortableCDLL
sys.argv = ["main.py", *sys.argv[1:]]
runpy.run_path("main.py", run_name="__main__")
"""


def _run(*args: str, portable: bool) -> subprocess.CompletedProcess:
    command = [sys.executable, "-c", WITHOUT_CLIPS_EXPORTS, *args] if portable else \
        [sys.executable, "main.py", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})


def test_the_simulation_hides_the_clips_functions():
    probe = ("import ctypes, clips._clips as c\n"
             "try:\n    ctypes.CDLL(c.__file__).SetHaltExecution\nexcept AttributeError as e:\n    print(e)\n"
             "try:\n    ctypes.CDLL(None)\nexcept TypeError:\n    print('refused')\n")
    done = subprocess.run([sys.executable, "-c", WITHOUT_CLIPS_EXPORTS.replace(
        'runpy.run_path("main.py", run_name="__main__")', probe)], cwd=ROOT, capture_output=True, text=True,
        timeout=60)
    assert done.stdout.split("\n")[:2] == ["function 'SetHaltExecution' not found", "refused"], done.stderr


@pytest.mark.parametrize("extra", [("--quiet",), ("--trace", "rules,facts,agenda,why")],
                         ids=["untraced", "traced"])
def test_a_game_without_clips_exports_is_the_same_game(extra):
    args = ("run", "--agent", "incrocio", "--map", "maps/four-known.map", "--no-sandbox", *extra)
    normal, portable = _run(*args, portable=False), _run(*args, portable=True)
    assert normal.returncode == 0, normal.stderr
    assert portable.returncode == 0, portable.stderr
    assert "score 20 " in normal.stdout
    assert portable.stdout == normal.stdout
    if "--trace" in extra:  # the trace is there: rule firings with their facts, fact changes
        assert "rules fired: 124" in portable.stdout and "==> f-31 (col-left (col 9) (num 2))" in portable.stdout
