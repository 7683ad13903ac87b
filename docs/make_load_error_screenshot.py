"""Render the main window with the load-error banner of a broken CLIPS agent (offscreen).

    QT_QPA_PLATFORM=offscreen python docs/make_load_error_screenshot.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PyQt5.QtCore import QSettings  # noqa: E402

from app.gui.app import make_application, save_screenshot  # noqa: E402
from app.gui.main_window import MainWindow  # noqa: E402


def main(out_dir: str = "docs") -> None:
    """Write gui-load-errors.png: the window just after picking an agent with a missing `)`."""
    app = make_application()
    QSettings.setDefaultFormat(QSettings.IniFormat)
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, tempfile.mkdtemp())  # no user settings
    window = MainWindow()
    window.load_map(str(ROOT / "maps" / "four-known.map"))
    window.select_rules("unito-2019")
    window.select_agent(str(ROOT / "tests" / "backends" / "broken_agents" / "missing_paren.clp"))
    window.resize(1320, 840)
    window.show()
    app.processEvents()
    save_screenshot(window, Path(out_dir) / "gui-load-errors.png")
    window.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
