"""The load-error banner in a small window: the legend never covers the board (issue 29), and the banner lies over
the legend, never taking the board's room (issue 43: a banner above the board moved it under the cursor)."""

from __future__ import annotations

import pytest
from PyQt5.QtCore import QPoint, QRect
from PyQt5.QtWidgets import QApplication, QScrollArea

from app.gui.main_window import MainWindow
from tests.gui.conftest import show_window
from tests.paths import MAPS_DIR, ROOT

BROKEN = ROOT / "tests" / "backends" / "broken_agents"


def rect(window, widget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


@pytest.mark.parametrize("size", [(1024, 700), (1366, 768)])
def test_the_legend_and_the_banner_do_not_cover_the_board(qtbot, tmp_path, interaction, size):
    window = show_window(qtbot, tmp_path, MainWindow, size, interaction=interaction)
    assert window.load_map(str(MAPS_DIR / "four-known.map"))
    for _ in range(10):
        QApplication.processEvents()
    before = rect(window, window.view.board)
    assert window.select_agent(str(BROKEN / "missing_paren.clp"))
    for _ in range(10):
        QApplication.processEvents()
    slot = window.findChild(QScrollArea, "bannerSlot")
    shown, board, legend = (rect(window, w) for w in (slot.viewport(), window.view.board, window.view.legend))
    assert window.agents.load_banner.isVisible() and window.load_banner_text()
    assert board == before, "the banner moved or shrank the board"
    assert not board.intersects(legend), f"legend {legend} over board {board}"
    assert not shown.intersects(board) and legend.contains(shown)
    layout = window.view.legend.layout()
    assert legend.height() >= layout.heightForWidth(legend.width())  # every wrapped label whole
    window.session.shutdown()
