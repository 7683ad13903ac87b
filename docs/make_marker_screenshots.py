"""Render the agent's markers on the board at 1366x768 (offscreen): probabilistico's P per cell mid-game in the
main window, and bdi's heat map in the replay viewer.

    QT_QPA_PLATFORM=offscreen python docs/make_marker_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PyQt5.QtCore import QSettings  # noqa: E402

from app.backends.games import play  # noqa: E402
from app.core import PROFILES  # noqa: E402
from app.core.gamelog import save  # noqa: E402
from app.gui.app import make_application, save_screenshot  # noqa: E402
from app.gui.main_window import MainWindow  # noqa: E402
from app.solver.playable import load_game_map  # noqa: E402

SIZE = (1366, 768)


def _wait(app, until, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not until() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)


def main(out_dir: str = "docs") -> None:
    """Write gui-markers.png (probabilistico after 5 steps) and gui-markers-replay.png (bdi's game at step 3)."""
    app = make_application()
    QSettings.setDefaultFormat(QSettings.IniFormat)
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, tempfile.mkdtemp())  # no user settings
    window = MainWindow()
    window.load_map(str(ROOT / "maps" / "four-known.map"))
    window.select_rules("unito-2019")
    window.select_agent("probabilistico")
    window.resize(*SIZE)
    window.show()
    for done in range(1, 6):
        window.step()
        _wait(app, lambda n=done: window.session.steps_done >= n or window.session.over)
    app.processEvents()
    save_screenshot(window, Path(out_dir) / "gui-markers.png")
    game = play("bdi", load_game_map(ROOT / "maps" / "four-known.map"), PROFILES["unito-2019"], markers=True)
    log = Path(tempfile.mkdtemp()) / "bdi.jsonl"
    save(game, log)
    viewer = window.open_replay(str(log))
    viewer.resize(*SIZE)
    viewer.go_to(4)
    app.processEvents()
    save_screenshot(viewer, Path(out_dir) / "gui-markers-replay.png")
    viewer.close()
    window.session.shutdown()
    window.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
