"""A student's first hour on a 1366x768 laptop (issue 43): the whole toolbar shows without its overflow in English
and in Italian, the board stays under the cursor while the student plays, Reset starts an empty log, the log speaks
the interface's language, and the Load map dialog's columns are whole."""

from __future__ import annotations

import re

import pytest
from PyQt5.QtCore import QRect, QSettings, Qt, QTimer
from PyQt5.QtWidgets import QApplication, QScrollBar, QToolBar, QToolButton, QTreeView

from app.core import Cell, messages
from app.gui import i18n
from app.gui.app import make_application
from app.gui.compare.tables import GAME_COLUMNS, make_table
from app.gui.interaction import Interaction
from app.gui.main_tabs import RulesTab
from app.gui.main_window import MainWindow
from app.gui.theme import fit_to_screen
from tests.gui.test_replay_view import _finished_game
from tests.paths import MAPS_DIR

LAPTOP = QRect(0, 0, 1366, 768 - 40)  # a 1366x768 screen's free area: less a 40 px panel (taskbar)


@pytest.fixture(params=["en", "it"])
def laptop_window(request, qtbot, tmp_path, interaction):
    """The main window in each language, sized as its first start sizes it on a 1366x768 laptop."""
    make_application()
    assert i18n.install(request.param)
    win = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat), interaction=interaction)
    qtbot.addWidget(win)
    fit_to_screen(win, 1320, 840, LAPTOP)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.session.shutdown()
    i18n.install("en")


def hidden_controls(bar: QToolBar) -> list[str]:
    """The toolbar's shown actions whose widget is not wholly inside the bar (pushed into its » overflow)."""
    hidden = []
    for action in bar.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        widget = bar.widgetForAction(action)
        if not (widget.isVisible() and bar.rect().contains(widget.geometry())):
            hidden.append(widget.toolTip() or action.text() or type(widget).__name__)
    return hidden


@pytest.mark.parametrize("agent", ["incrocio", "human"])
def test_no_toolbar_control_is_in_the_overflow_on_a_laptop(qtbot, laptop_window, agent):
    window = laptop_window
    window.load_map(str(MAPS_DIR / "four-known.map"))
    assert window.select_agent(agent)
    bar = window.findChild(QToolBar, "controls")
    qtbot.wait(50)
    assert window.width() <= LAPTOP.width()
    assert hidden_controls(bar) == []
    more = bar.findChild(QToolButton, "qt_toolbar_ext_button")
    assert more is None or not more.isVisible()


def test_in_a_game_of_yours_each_click_lands_on_the_cell_under_the_cursor(qtbot, laptop_window):
    """The pointer stays where the student aimed at the start of the game; the hint, an error banner and the board's
    own changes after each click must not move the cells under it."""
    window = laptop_window
    window.load_map(str(MAPS_DIR / "four-known.map"))
    assert window.select_agent("human")
    board = window.view.board
    qtbot.wait(50)
    observation = window.session.state.observation
    aims = [(Cell(x, y), button) for (x, y), button in (
        ((0, 0), Qt.LeftButton), ((9, 9), Qt.RightButton), ((5, 5), Qt.LeftButton), ((2, 7), Qt.RightButton),
        ((8, 1), Qt.LeftButton), ((4, 0), Qt.RightButton), ((9, 0), Qt.LeftButton))]
    assert all(cell not in observation.known for cell, _ in aims)
    pointer = {cell: board.mapToGlobal(board.cell_rect(cell).center().toPoint()) for cell, _ in aims}
    landed = []
    board.cell_action.connect(lambda x, y, what: landed.append((Cell(x, y), what)))
    for number, (cell, button) in enumerate(aims):
        if number == 3:
            window.show_error("a problem shown in the middle of the game")
        qtbot.mouseClick(board, button, pos=board.mapFromGlobal(pointer[cell]))
        qtbot.waitUntil(lambda done=number + 1: window.session.steps_done == done, timeout=5000)
        qtbot.wait(20)
    assert window.view.hint.isVisible() and window.banner_text()
    assert landed == [(cell, "fire" if button == Qt.LeftButton else "flag") for cell, button in aims]
    for cell, _ in aims:  # and the pointer is still over the cell it aimed at
        point = board.mapFromGlobal(pointer[cell])
        assert board.cell_at(point.x(), point.y()) == cell


def test_reset_starts_the_game_over_with_an_empty_log(qtbot, laptop_window):
    window = laptop_window
    _finished_game(qtbot, window)
    assert "score" in window.log_text() or "punteggio" in window.log_text()
    window.reset()
    qtbot.waitUntil(lambda: window.session.state is not None and not window.session.over, timeout=5000)
    lines = [line for line in window.log_text().splitlines() if line.strip()]
    assert all(not re.match(r"(step|passo)\s+\d", line) for line in lines), lines  # no step of the old game
    assert not any("result" in line or "risultato" in line for line in lines), lines


def test_the_log_says_outcomes_and_pieces_in_the_interface_language(qtbot, laptop_window):
    window = laptop_window
    _finished_game(qtbot, window)
    steps = [line for line in window.log_text().splitlines() if re.match(r"\s*\S+\s+\d+\s", line)]
    pieces = re.findall(r"\((\w+)\)", "\n".join(steps))
    assert pieces, "the test needs a game that hits ship pieces"
    english = set(messages.PIECES) | {messages.STEP, "hit", "miss", "flagged"}
    if i18n.current_language() == "it":
        assert not english & set(re.findall(r"[a-z]+", " ".join(line.split(None, 4)[-1] for line in steps)))
        assert all(line.startswith("passo") for line in steps)
    else:
        assert set(pieces) <= set(messages.PIECES) and all(line.startswith("step") for line in steps)


def test_the_load_map_dialog_shows_its_columns_whole(qtbot, window, monkeypatch):
    seen = {}

    def look_then_cancel():
        dialog = QApplication.activeModalWidget()
        try:
            listing = dialog.findChild(QTreeView)
            qtbot.waitUntil(lambda: listing.model().rowCount(listing.rootIndex()) > 0, timeout=3000)
            qtbot.wait(100)
            header, model, root = listing.header(), listing.model(), listing.rootIndex()
            for column in range(1, header.count()):
                texts = [str(model.data(model.index(row, column, root)) or "") for row in range(model.rowCount(root))]
                needed = max(listing.fontMetrics().horizontalAdvance(text) for text in texts)
                seen[model.headerData(column, Qt.Horizontal)] = header.sectionSize(column) >= needed
        finally:
            dialog.reject()

    QTimer.singleShot(200, look_then_cancel)
    assert Interaction(window).choose_map(str(MAPS_DIR)) is None
    assert seen and all(seen.values()), seen


def test_the_protocol_terms_are_explained_in_tooltips_of_the_score_card_and_the_compare_tables(laptop_window):
    panel = laptop_window.view.score_panel
    italian = i18n.current_language() == "it"
    table = make_table([head for head, _, _ in GAME_COLUMNS])
    heads = {table.horizontalHeaderItem(c).text(): table.horizontalHeaderItem(c).toolTip()
             for c in range(table.columnCount())}
    for term in ("fok", "fko", "gok", "gko", "safe", "sink"):
        tip = panel.tiles[term].toolTip()
        assert tip.startswith(term) and len(tip) > len(term) + 20, tip
        assert ("celle" in tip or "navi" in tip) == italian, tip
        assert heads[term] == tip


def test_the_rules_tab_shows_its_sub_tabs_whole_and_rows_of_firings_after_a_clips_game(qtbot, laptop_window):
    window = laptop_window
    _finished_game(qtbot, window, "incrocio")
    rules = window.tabs.panel(RulesTab)
    window.tabs.show(rules)
    panel = rules.panel
    bar = panel.lower.tabBar()
    row = panel.firings.visualItemRect(panel.firings.topLevelItem(0)).height()
    # the step's firings, not two rows of them: three at the offscreen screen's 12 pt (six on a real 1366x768 one)
    qtbot.waitUntil(lambda: row > 0 and panel.firings.viewport().height() >= 3 * row, timeout=3000)
    qtbot.wait(50)  # the sub-tabs styled and laid out
    assert bar.sizeHint().width() <= panel.lower.width(), [bar.tabText(i) for i in range(bar.count())]  # no » arrows
    card_bar = window.side_splitter.widget(0).verticalScrollBar()
    qtbot.waitUntil(lambda: not card_bar.isVisible(), timeout=3000)  # and the score card whole (once laid out)


def test_no_panel_has_a_scrollbar_of_its_own_at_first_launch(qtbot, laptop_window):
    window = laptop_window
    qtbot.wait(50)
    shown = [bar.parentWidget().parentWidget().objectName() or type(bar.parentWidget().parentWidget()).__name__
             for bar in window.findChildren(QScrollBar) if bar.isVisible()]
    assert shown == []
    assert window.load_map(str(MAPS_DIR / "four-known.map"))
    qtbot.wait(50)
    assert [bar for bar in window.findChildren(QScrollBar) if bar.isVisible()] == []
