"""Render docs/coach-tab.png: the replay viewer's Coach tab on a game of the incrocio agent (offscreen).

    QT_QPA_PLATFORM=offscreen python docs/make_coach_screenshot.py [OUT_DIR]

Plays incrocio on maps/bench/k0-0003.map (unito-2019), opens its log in the
replay viewer, waits for the coach (graded on its worker thread) and shows
the position after the second fire: that fire's loss and its best
alternative, ringed, on the board.
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

from PyQt5.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402

from app.backends.games import load_game_map, play  # noqa: E402
from app.core import PROFILES  # noqa: E402
from app.core.gamelog import save  # noqa: E402
from app.gui.app import make_application, save_screenshot  # noqa: E402
from app.gui.interaction import ScriptedInteraction  # noqa: E402
from app.gui.replay_view import ReplayWindow  # noqa: E402


def _settle(ms: int = 100) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec_()


def main(out_dir: str = "docs") -> None:
    """Write coach-tab.png into ``out_dir``."""
    app = make_application()  # noqa: F841 (kept alive for the window)
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.IniFormat)
        log = Path(tmp) / "incrocio.jsonl"
        save(play("incrocio", load_game_map(ROOT / "maps" / "bench" / "k0-0003.map"), PROFILES["unito-2019"]), log)
        viewer = ReplayWindow(settings=settings, interaction=ScriptedInteraction())
        viewer.resize(1320, 900)
        viewer.show()
        viewer.open_replay(str(log))
        viewer.side_tabs.setCurrentWidget(viewer.coach_panel)
        deadline = time.monotonic() + 120
        while viewer.coach_panel.report is None and time.monotonic() < deadline:
            _settle(50)
        fires = [d for d in viewer.coach_panel.report.decisions if d.kind == "fire"]
        viewer.go_to(fires[1].step + 1)
        _settle()
        save_screenshot(viewer, Path(out_dir) / "coach-tab.png")
        viewer.close()
    print(f"screenshot written to {out_dir}/coach-tab.png")


if __name__ == "__main__":
    main(*sys.argv[1:2])
