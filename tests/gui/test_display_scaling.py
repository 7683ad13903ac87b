"""The window at 125% and 150% display scaling (Windows' default on most 14-15" laptops) and on a Retina
screen (200%): drawn at the screen's pixel density, its board whole and its cells large enough to click.
Each scale in its own Python: Qt reads QT_SCALE_FACTOR once, when the application starts."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.paths import MAPS_DIR, ROOT

PROBE = """
import json, sys
from PyQt5.QtCore import QPoint, QSettings
from app.gui.app import make_application
from app.gui.interaction import ScriptedInteraction
from app.gui.main_window import MainWindow
from app.core import Cell
app = make_application()
window = MainWindow(settings=QSettings(sys.argv[1], QSettings.IniFormat), interaction=ScriptedInteraction())
window.show()
window.resize(int(sys.argv[2]), int(sys.argv[3]))
window.load_map(sys.argv[4])
for _ in range(20):
    app.processEvents()
board = window.view.board
corner = board.mapTo(window, QPoint(0, 0))
far = board.cell_rect(Cell(9, 9))
picture = window.grab()
print(json.dumps({"ratio": picture.devicePixelRatio(), "pixels": [picture.width(), picture.height()],
                  "board": [corner.x(), corner.y(), corner.x() + board.width(), corner.y() + board.height()],
                  "window": [window.width(), window.height()], "cell": board.cell_rect(Cell(0, 0)).width(),
                  "last_cell_inside": board.rect().contains(far.toAlignedRect())}))
window.session.shutdown()
"""


@pytest.mark.parametrize(("scale", "screen"), [("1.25", (1536, 864)), ("1.5", (1280, 720)), ("2", (1440, 900))],
                         ids=["125% of 1920x1080", "150% of 1920x1080", "Retina 2880x1800"])
def test_the_window_is_drawn_at_the_screens_density_with_its_board_whole(tmp_path, scale, screen):
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR=scale)
    done = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path / "s.ini"), *map(str, screen),
                           str(MAPS_DIR / "four-known.map")], cwd=ROOT, env=environment, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["ratio"] == float(scale)  # crisp: drawn with the screen's pixels, not scaled up afterwards
    assert seen["pixels"] == [round(side * float(scale)) for side in screen]
    left, top, right, bottom = seen["board"]
    assert 0 <= left and 0 <= top and right <= seen["window"][0] and bottom <= seen["window"][1]
    assert seen["last_cell_inside"] and seen["cell"] >= 24, seen  # every cell shown, each a target a pointer hits
