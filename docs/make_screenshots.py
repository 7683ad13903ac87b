"""Render the README's screenshots of the desktop app (offscreen): start, mid-game with overlay, final score.

    QT_QPA_PLATFORM=offscreen python docs/make_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PyQt5.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402

from app.backends.registry import discover  # noqa: E402
from app.gui.app import make_application, save_screenshot  # noqa: E402
from app.gui.interaction import ScriptedInteraction  # noqa: E402
from app.gui.main_window import MainWindow  # noqa: E402


def _settle(app, ms: int = 100) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec_()


def _wait(app, condition, limit_s: float = 30) -> None:
    waited = 0.0
    while not condition() and waited < limit_s:
        _settle(app, 20)
        waited += 0.02


def main(out_dir: str = "docs") -> None:
    """Write gui-start, gui-midgame, gui-final, gui-human (and gui-clips-facts) PNGs into ``out_dir``."""
    app = make_application()
    out = Path(out_dir)
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.IniFormat)
        window = MainWindow(settings=settings, interaction=ScriptedInteraction())
        window.resize(1320, 840)
        window.show()
        window.load_map(str(ROOT / "maps" / "four-known.map"))
        window.select_agent("cross")
        _settle(app)
        save_screenshot(window, out / "gui-start.png")
        for _ in range(9):
            steps = window.session.steps_done
            window.step()
            _wait(app, lambda s=steps: window.session.steps_done > s)
        window.belief_box.setChecked(True)
        _settle(app)
        save_screenshot(window, out / "gui-midgame.png")
        window.set_fastest()
        window.run()
        _wait(app, lambda: window.session.over)
        _settle(app)
        save_screenshot(window, out / "gui-final.png")
        window.select_agent("Human")
        window.load_map(str(ROOT / "maps" / "open-sea.map"))
        for action in ("fire 0 3", "fire 2 1", "fire 5 5", "guess 0 2", "guess 0 4", "guess 3 1", "guess 7 9"):
            steps = window.session.steps_done
            window.session.submit(action)
            _wait(app, lambda s=steps: window.session.steps_done > s)
        _settle(app)
        save_screenshot(window, out / "gui-human.png")
        clips = [name for name, spec in discover().items() if spec.kind == "clips"]
        if clips:
            window.select_agent(clips[0])
            window.load_map(str(ROOT / "maps" / "four-known.map"))
            window.tabs.setCurrentIndex(1)
            for _ in range(7):
                steps = window.session.steps_done
                window.step()
                _wait(app, lambda s=steps: window.session.steps_done > s or window.session.over)
            _settle(app)
            save_screenshot(window, out / "gui-clips-facts.png")
        window.close()
    print(f"screenshots written to {out}/")


if __name__ == "__main__":
    main(*sys.argv[1:2])
