"""Render docs/debugging.md's screenshots (offscreen): the Rules tab, the changed facts, the agenda and counts.

    QT_QPA_PLATFORM=offscreen python docs/make_rules_screenshots.py [OUT_DIR]

bdi plays three steps of maps/four-known.map; the last step's firing of
``execute-action`` is picked (its cell ringed on the board).
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

from app.gui.app import save_screenshot
from app.gui.main_tabs import FactsTab, RulesTab
from app.gui.main_window import MainWindow


def main(out_dir: str = "docs") -> None:
    """Write rules-tab.png, rules-facts-changed.png and rules-counts.png into ``out_dir``."""
    out = Path(out_dir)
    with scratch_settings() as (_app, settings, _tmp):
        window = show_window(MainWindow, settings, (1320, 840), screen=None)
        window.load_map(str(ROOT / "maps" / "four-known.map"))
        window.select_agent("bdi")
        for done in (1, 2, 3):
            window.step()
            wait(lambda n=done: window.session.steps_done == n)
        wait(lambda: 2 in window.tabs.panel(RulesTab).panel.traces)
        panel = window.tabs.panel(RulesTab).panel
        window.tabs.setCurrentWidget(panel)
        for i in range(panel.firings.topLevelItemCount()):
            item = panel.firings.topLevelItem(i)
            if item.text(2) == "execute-action":
                panel.firings.setCurrentItem(item)
                item.setExpanded(True)
                panel.firings.scrollToItem(item.child(item.childCount() - 1))
        settle()
        save_screenshot(window, out / "rules-tab.png")
        panel.lower.setCurrentIndex(1)
        settle()
        save_screenshot(window, out / "rules-counts.png")
        panel.lower.setCurrentIndex(0)
        window.tabs.setCurrentWidget(window.tabs.panel(FactsTab).panel)
        window.tabs.panel(FactsTab).panel.changed_box.setChecked(True)
        settle()
        save_screenshot(window, out / "rules-facts-changed.png")
        window.session.shutdown()
        window.close()


if __name__ == "__main__":
    main(*sys.argv[1:2])
