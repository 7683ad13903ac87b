"""Italian switched live from the Language menu (issue 43): no restart, and after a CLIPS game no visible widget of
any panel (the main window's, Compare's, the replay viewer's) shows an English text of the catalogue that has an
Italian translation."""

from __future__ import annotations

import pytest
from PyQt5.QtCore import QSettings
from PyQt5.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QListWidget,
    QTabBar,
    QTableWidget,
    QTabWidget,
    QTreeWidget,
    QWidget,
)

from app.gui import i18n
from app.gui.app import make_application
from app.gui.main_tabs import CoachTab
from app.gui.main_window import MainWindow
from app.gui.retranslate import catalogue, text_in_language
from tests.gui.test_replay_view import _finished_game, _open_game

# the English sources whose Italian differs; the engine's one-word texts are also CLIPS values (left, water) in data
ENGLISH = {source for context, source, italian in catalogue("it")
           if italian != source and not (context == "Engine" and " " not in source)}


def shown_texts(widget: QWidget) -> list[str]:
    """The texts a visible ``widget`` shows of its own: text, title, tabs, items, headers, tooltip."""
    texts = [widget.toolTip()]
    if isinstance(widget, (QLabel, QAbstractButton)):
        texts.append(widget.text())
    elif isinstance(widget, QGroupBox):
        texts.append(widget.title())
    elif isinstance(widget, QTabBar):
        texts += [widget.tabText(i) for i in range(widget.count())] + [widget.tabToolTip(i) for i in range(widget.count())]
    elif isinstance(widget, QComboBox):
        texts += [widget.itemText(i) for i in range(widget.count())]
    elif isinstance(widget, QTreeWidget):
        header = widget.headerItem()
        texts += [header.text(c) for c in range(header.columnCount())]
        texts += [widget.topLevelItem(i).text(c) for i in range(widget.topLevelItemCount())
                  for c in range(widget.columnCount())]
    elif isinstance(widget, QTableWidget):
        texts += [widget.horizontalHeaderItem(c).text() for c in range(widget.columnCount())
                  if widget.horizontalHeaderItem(c) is not None]
        texts += [widget.item(r, c).text() for r in range(widget.rowCount()) for c in range(widget.columnCount())
                  if widget.item(r, c) is not None]
    elif isinstance(widget, QListWidget):
        texts += [widget.item(i).text() for i in range(widget.count())]
    return [text for text in texts if text]


def untranslated(window: MainWindow) -> list[tuple[str, str]]:
    """(widget, text) of each English catalogue text shown, with every side tab brought to the front in turn."""
    found = set()
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        for widget in [window, *window.findChildren(QWidget)]:
            if widget.isVisible():
                found |= {(type(widget).__name__, text) for text in shown_texts(widget) if text in ENGLISH}
    for menu_action in window.menuBar().actions():
        for action in [menu_action, *menu_action.menu().actions()]:
            if action.text() in ENGLISH or action.toolTip() in ENGLISH:
                found.add(("QAction", action.text()))
    return sorted(found)


@pytest.fixture
def english_window(qtbot, tmp_path, interaction):
    make_application()
    assert i18n.install("en")
    win = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat), interaction=interaction)
    qtbot.addWidget(win)
    win.resize(1320, 728)
    win.show()
    yield win
    win.session.shutdown()
    i18n.install("en")


def test_the_language_menu_switches_to_italian_at_once_after_a_clips_game(qtbot, english_window, interaction):
    window = english_window
    _finished_game(qtbot, window, "incrocio")
    assert len(untranslated(window)) > 100, "the test needs English texts of the catalogue on show before the switch"
    window.game_settings.language_actions["it"].trigger()
    qtbot.wait(50)  # Qt posts LanguageChange to the windows
    assert i18n.current_language() == "it" and not interaction.messages  # no "from the next start" dialog
    assert window.controls.run_action.text() == "Avvia"
    assert untranslated(window) == []
    window.game_settings.language_actions["en"].trigger()
    qtbot.wait(50)
    assert window.controls.run_action.text() == "Run" and window.tabs.tabText(0) == "Log"


def test_a_window_opened_in_italian_shows_no_english_catalogue_text(qtbot, tmp_path, interaction):
    make_application()
    assert i18n.install("it")
    try:
        window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat), interaction=interaction)
        qtbot.addWidget(window)
        window.resize(1320, 728)
        window.show()
        _finished_game(qtbot, window, "incrocio")
        assert untranslated(window) == []
        window.session.shutdown()
    finally:
        i18n.install("en")


def visible_english(window: QWidget, tabs: QTabWidget) -> list[tuple[str, str]]:
    """(widget, text) of each English catalogue text ``window`` shows, each of ``tabs`` in front in turn."""
    found = set()
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        for widget in [window, *window.findChildren(QWidget)]:
            if widget.isVisible():
                found |= {(type(widget).__name__, text) for text in shown_texts(widget) if text in ENGLISH}
    return sorted(found)


def test_the_compare_window_and_the_replay_viewer_follow_the_switch(qtbot, english_window, tmp_path):
    window = english_window
    _finished_game(qtbot, window, "incrocio")
    window.companions.open_compare()
    compare = window.companions.compare_window
    qtbot.addWidget(compare)
    viewer = _open_game(qtbot, window, tmp_path, window.session.game_so_far())
    assert visible_english(compare, compare.tabs) and visible_english(viewer, viewer.side_tabs)
    window.game_settings.language_actions["it"].trigger()
    qtbot.wait(50)
    assert visible_english(compare, compare.tabs) == []
    assert visible_english(viewer, viewer.side_tabs) == []


def test_the_coach_report_is_written_anew_in_italian(qtbot, english_window):
    window = english_window
    _finished_game(qtbot, window, "incrocio")
    coach = window.tabs.panel(CoachTab).panel
    window.tabs.setCurrentWidget(coach)
    qtbot.waitUntil(lambda: coach.report is not None, timeout=60000)
    assert "Points lost" in coach.summary.text()
    window.game_settings.language_actions["it"].trigger()
    qtbot.wait(50)
    assert "Punti persi" in coach.summary.text() and "Points lost" not in coach.summary.text()
    assert " of the start" not in coach.summary.text()  # no word of it half-translated by a loose template
    assert coach.list_title.text().split()[:2] == ["passo", "decisione"]


def test_a_shown_text_is_found_in_the_catalogue_as_it_is_or_as_a_template():
    assert text_in_language("Step 25: 5 rule firings, 18 facts changed.", "it") == \
        "Passo 25: 5 regole eseguite, 18 fatti cambiati."
    assert text_in_language("Step 3: 2 rule firings (1 shown), 0 facts changed.", "it") == \
        "Passo 3: 2 regole eseguite (1 mostrate), 0 fatti cambiati."  # a field given in the new language too
    assert text_in_language("oracolo 330", "en") == "oracle 330"
    assert text_in_language("Avvia", "en") in ("Run", "Start")
    assert text_in_language("four-known", "it") == "four-known"  # data stays as it is
    assert text_in_language("the value of the start", "it") == "the value of the start"  # no loose template
    assert text_in_language("left", "it") == "left"  # a piece's name where a panel shows data: a CLIPS value
