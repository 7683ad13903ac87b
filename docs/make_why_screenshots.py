"""Render the "Why this shot?" screenshots of docs/debugging.md (offscreen), on a 1366x768 laptop screen.

    QT_QPA_PLATFORM=offscreen python docs/make_why_screenshots.py [OUT_DIR]

tests/data/debugging/lookout.clp (the agent with the planted bug) plays two steps of maps/four-known.map; the
chain of its first shot, at (6, 0), is asked as a double-click on that cell does (why-shot.png), then the
below-top node is clicked: its firing selected, its cell ringed (why-shot-node.png); the same in Italian
(why-shot-it.png).
"""

from __future__ import annotations

import sys
from pathlib import Path

from make_screenshots import (  # first: the repo on sys.path, Qt offscreen
    ROOT,
    scratch_settings,
    settle,
    show_window,
    wait,
)
from PyQt5.QtCore import QSettings, Qt

from app.core import Cell
from app.gui import i18n
from app.gui.app import save_screenshot
from app.gui.main_tabs import RulesTab
from app.gui.main_window import MainWindow

AGENT = ROOT / "tests" / "data" / "debugging" / "lookout.clp"


def _window(settings: QSettings) -> MainWindow:
    window = show_window(MainWindow, settings, (1366, 768))
    window.load_map(str(ROOT / "maps" / "four-known.map"))
    window.select_agent(str(AGENT))
    for done in (1, 2):
        window.step()
        wait(lambda n=done: window.session.steps_done == n)
    wait(lambda: 1 in window.tabs.panel(RulesTab).panel.traces)
    return window


def main(out_dir: str = "docs") -> None:
    """Write why-shot.png, why-shot-node.png and why-shot-it.png into ``out_dir``."""
    out = Path(out_dir)
    with scratch_settings() as (_app, settings, tmp):
        window = _window(settings)
        panel = window.tabs.panel(RulesTab).panel
        panel.why_cell(Cell(6, 0))
        settle(300)
        save_screenshot(window, out / "why-shot.png")
        node = panel.why_tree.tree.findItems("AGENT::below-top (", Qt.MatchStartsWith | Qt.MatchRecursive, 0)[0]
        panel.why_tree.tree.setCurrentItem(node)
        panel.why_tree.tree.itemClicked.emit(node, 0)
        settle(300)
        save_screenshot(window, out / "why-shot-node.png")
        window.session.shutdown()
        window.close()
        i18n.install("it")
        try:
            window = _window(QSettings(str(tmp / "it.ini"), QSettings.IniFormat))
            window.tabs.panel(RulesTab).panel.why_cell(Cell(6, 0))
            settle(300)
            save_screenshot(window, out / "why-shot-it.png")
            window.session.shutdown()
            window.close()
        finally:
            i18n.install("en")


if __name__ == "__main__":
    main(*sys.argv[1:2])
