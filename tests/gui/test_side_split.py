"""The side column at 1366x768: the side tabs keep room beside the score card (the Rules tab after a CLIPS game was a
few lines: issue 29), the score card whole (it scrolled on its own: issue 43), the line between them movable and
remembered."""

from __future__ import annotations

from PyQt5.QtWidgets import QApplication

from app.gui.main_tabs import RulesTab
from app.gui.main_window import MainWindow
from tests.gui.conftest import show_window, wait_over
from tests.paths import MAPS_DIR


def settle() -> None:
    for _ in range(10):
        QApplication.processEvents()


def test_the_rules_tab_gets_room_and_the_card_is_whole_on_a_laptop_and_on_a_big_screen(qtbot, tmp_path, interaction):
    window = show_window(qtbot, tmp_path, MainWindow, (1366, 728), interaction=interaction)
    assert window.load_map(str(MAPS_DIR / "four-known.map"))
    assert window.select_agent("bdi")
    window.set_fastest()
    window.run()
    wait_over(qtbot, window, 60000)
    window.tabs.show(window.tabs.panel(RulesTab))
    settle()
    card, tabs = window.side_splitter.sizes()
    whole = window.view.score_panel.sizeHint().height()
    assert card == whole and tabs >= window.side_splitter.USABLE, (card, tabs, whole)
    assert not window.side_splitter.widget(0).verticalScrollBar().isVisible()  # no scrollbar of the card's own
    assert window.tabs.height() >= 300
    window.resize(1900, 1000)
    settle()
    assert window.side_splitter.sizes()[0] == whole  # room for both: the whole card
    window.session.shutdown()


def test_where_the_user_leaves_the_line_is_kept(qtbot, tmp_path, interaction):
    window = show_window(qtbot, tmp_path, MainWindow, (1366, 728), interaction=interaction)
    settle()
    first = window.side_splitter.sizes()[0]
    window.side_splitter.moveSplitter(first + 60, 1)  # the user drags the line down
    settle()
    moved = window.side_splitter.sizes()[0]
    assert window.side_splitter.user_set and moved > first
    window.resize(1300, 700)  # a resize does not undo it
    settle()
    assert window.side_splitter.sizes()[0] == moved
    window.close()
    again = MainWindow(settings=window.settings, interaction=interaction)
    qtbot.addWidget(again)
    again.restore_geometry()
    again.resize(1300, 700)  # as it was (the offscreen screen is smaller: the saved geometry was clamped to it)
    again.show()
    settle()
    assert again.side_splitter.user_set and again.side_splitter.sizes()[0] == moved
