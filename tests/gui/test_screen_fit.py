"""Every window fits a student's laptop screen (1366x768 and 1024x700) whatever its tabs show, and a geometry
remembered on a bigger screen opens whole on a smaller one (issue 29)."""

from __future__ import annotations

import pytest
from PyQt5.QtCore import QRect, QSettings

from app.gui.app import make_application
from app.gui.main_tabs import CoachTab
from app.gui.main_window import MainWindow
from app.gui.theme import TITLE_BAR
from app.gui.window_state import clamp_rect
from tests.gui.conftest import show_window
from tests.gui.test_coach_panel import _cross_game
from tests.gui.test_replay_view import _finished_game, _open_game

PANEL = 70  # a desktop's panel or taskbar: with the title bar, what a window's minimum must leave of the screen
SCREENS = ((1366, 768), (1024, 700))


def assert_fits(window, what: str) -> None:
    hint = window.minimumSizeHint()
    for width, height in SCREENS:
        assert hint.width() <= width and hint.height() + TITLE_BAR + PANEL <= height, (what, hint, (width, height))


def test_the_main_window_fits_after_a_clips_game_with_each_side_tab(qtbot, window):
    _finished_game(qtbot, window, "incrocio")
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(20)
        assert_fits(window, window.tabs.tabText(index))
    coach = window.tabs.panel(CoachTab).panel
    window.tabs.setCurrentWidget(coach)
    qtbot.waitUntil(lambda: coach.report is not None, timeout=60000)
    qtbot.wait(50)
    assert_fits(window, "graded Coach tab")


def test_the_replay_viewer_at_its_last_step_with_the_coach_tab_fits(qtbot, window, tmp_path):
    viewer = _open_game(qtbot, window, tmp_path, _cross_game())
    viewer.side_tabs.setCurrentWidget(viewer.coach_panel)
    qtbot.waitUntil(lambda: viewer.coach_panel.report is not None, timeout=60000)
    viewer.go_to(viewer.track.last)
    qtbot.wait(50)
    assert_fits(viewer, "replay viewer, Coach tab")


def test_the_editor_and_compare_fit(qtbot, window):
    window.companions.open_editor()
    qtbot.addWidget(window.companions._editor)
    assert_fits(window.companions._editor, "map editor")
    window.companions.open_compare()
    compare = window.companions.compare_window
    qtbot.addWidget(compare)
    for index in range(compare.tabs.count()):
        compare.tabs.setCurrentIndex(index)
        qtbot.wait(20)
        assert_fits(compare, compare.tabs.tabText(index))


@pytest.mark.parametrize("screen", SCREENS)
def test_a_geometry_saved_on_a_bigger_screen_is_clamped_inside_this_one(screen):
    width, height = screen
    available = QRect(0, 0, width, height - 40)  # a panel at the bottom
    fitted = clamp_rect(QRect(200, 150, 1320, 858), available)
    assert fitted.height() <= available.height() - TITLE_BAR and fitted.width() <= width
    assert fitted.top() >= TITLE_BAR and fitted.bottom() <= available.bottom()
    assert fitted.left() >= 0 and fitted.right() <= available.right()
    inside = QRect(10, 40, 600, 400)
    assert clamp_rect(inside, available) == inside  # a geometry that fits is kept as it is


def test_restoring_a_tall_saved_geometry_keeps_the_window_on_the_screen(qtbot, tmp_path):
    make_application()
    first = show_window(qtbot, tmp_path, MainWindow, (900, 858))
    first.resize(780, 858)  # taller than the offscreen screen (800x600)
    first.close()
    first.session.shutdown()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    assert settings.value("window/geometry") is not None
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    again.restore_geometry()
    again.show()
    screen = again.screen().availableGeometry()
    assert again.geometry().height() <= screen.height() - TITLE_BAR
    assert again.geometry().bottom() <= screen.bottom()
    again.session.shutdown()
