"""Small builders shared by tests."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from app.core import Cell, GameMap, Piece
from app.core.formats import native
from tests.paths import MAPS_DIR, ROOT

# A standard-fleet map with no cell known at start (row x, column y).
OPEN_GRID = [
    "..lmmr....",
    ".........t",
    ".t..c....m",
    ".b.......b",
    "......lr..",
    "c.........",
    "..t.......",
    "..m..c..lr",
    "..b.......",
    ".........c",
]


def grid_map(rows: list[str], **known: str) -> GameMap:
    """A map from grid rows; ``known`` upper-cases the letters at cells given as 'x_y'."""
    rows = [list(r) for r in rows]
    for key in known:
        x, y = (int(v) for v in key.split("_"))
        rows[x][y] = rows[x][y].upper() if rows[x][y] != "." else "W"
    return native.parse("\n".join("".join(r) for r in rows))


def cell_of(piece_letter: str, rows: list[str]) -> Cell:
    """The first cell drawn with ``piece_letter``."""
    for x, row in enumerate(rows):
        if piece_letter in row:
            return Cell(x, row.index(piece_letter))
    raise ValueError(piece_letter)


def bench_maps(folder: Path, names: tuple[str, ...]) -> Path:
    """``folder`` holding copies of some maps of ``maps/bench`` (a bench script's map folder)."""
    for name in names:
        shutil.copy(MAPS_DIR / "bench" / name, folder / name)
    return folder


def run_script(script: Path, *args: str) -> subprocess.CompletedProcess:
    """Run a script of the repo as a user does, from the repo's root; its output captured."""
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=300, cwd=ROOT)


__all__ = ["OPEN_GRID", "grid_map", "cell_of", "bench_maps", "run_script", "Piece"]


#: a Python agent that, at its second step, starts a program of its own (its command line holds MARKER) and
#: sleeps past any step cap: neither may outlive the game
SLEEPER = """import subprocess
import sys
import time

from agents.base import Agent
from app.core import Action


class Sleeper(Agent):
    def act(self, observation):
        if observation.step == 0:
            return Action.fire(0, 0)
        try:  # a program of its own, which must not outlive the game
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)", "MARKER"])
        except OSError:
            pass  # refused where the child confines itself (seccomp)
        time.sleep(120)


AGENT = Sleeper
"""


def running(marker: str) -> list[int]:
    """The pids of the processes whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found
