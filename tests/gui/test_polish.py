"""Accessibility and polish: tooltips on every control, keyboard play, high-DPI, remembered window state."""

from __future__ import annotations

import subprocess
import sys

from PyQt5.QtCore import QRect, QSettings, Qt
from PyQt5.QtWidgets import QAbstractButton, QComboBox, QLineEdit, QSlider, QTabBar, QWidget

from app.core import Cell
from app.gui import window_state
from app.gui.main_window import MainWindow
from tests.paths import MAPS_DIR, ROOT

CONTROLS = (QAbstractButton, QComboBox, QSlider, QLineEdit)


def _untipped(top: QWidget) -> list[str]:
    missing = []
    for widget in top.findChildren(CONTROLS):
        if widget.isVisible() and not widget.toolTip().strip():
            text = widget.text() if hasattr(widget, "text") else ""
            missing.append(f"{type(widget).__name__} {widget.objectName()!r} {text!r}")
    for bar in top.findChildren(QTabBar):
        missing += [f"tab {bar.tabText(i)!r}" for i in range(bar.count()) if not bar.tabToolTip(i)]
    return missing


def test_every_visible_control_has_a_tooltip(qtbot, window, tmp_path):
    window.load_map(str(MAPS_DIR / "four-known.map"))
    assert _untipped(window) == []
    editor = window.companions.open_editor()
    qtbot.addWidget(editor)
    assert _untipped(editor) == []
    from app.backends.games import play
    from app.core import PROFILES
    from app.core.gamelog import save
    from app.solver.playable import load_game_map

    log = tmp_path / "g.jsonl"
    save(play("cross", load_game_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"]), log)
    viewer = window.open_replay(str(log))
    qtbot.addWidget(viewer)
    assert _untipped(viewer) == []
    assert all(action.toolTip() for action in window.file_menu.actions() if not action.isSeparator())


def test_enter_fires_at_the_keyboard_cursor_and_home_end_jump(qtbot, window):
    window.load_map(str(MAPS_DIR / "four-known.map"))
    window.select_agent("Human")
    board = window.view.board
    board.setFocus()
    qtbot.keyClick(board, Qt.Key_End)
    qtbot.keyClick(board, Qt.Key_PageDown)
    assert board.cursor_cell == Cell(9, 9)
    qtbot.keyClick(board, Qt.Key_Home)
    qtbot.keyClick(board, Qt.Key_Up)
    assert board.cursor_cell == Cell(8, 0)
    qtbot.keyClick(board, Qt.Key_Return)
    qtbot.waitUntil(lambda: window.session.steps_done == 1, timeout=5000)
    assert Cell(8, 0) in window.session.state.observation.fired


def test_window_geometry_splitter_and_editor_state_are_remembered(qtbot, tmp_path, interaction, monkeypatch):
    monkeypatch.setattr(window_state, "available_area", lambda _window: QRect(0, 0, 1920, 1050))  # it fits there
    settings = QSettings(str(tmp_path / "state.ini"), QSettings.IniFormat)
    first = MainWindow(settings=settings, interaction=interaction)
    qtbot.addWidget(first)
    first.resize(1100, 700)
    first.show()
    first.splitter.setSizes([420, 640])
    sizes = first.splitter.sizes()
    editor = first.companions.open_editor()
    editor.splitter.setSizes([500, 300])
    editor_sizes = editor.splitter.sizes()
    first.close()
    settings.sync()
    second = MainWindow(settings=QSettings(str(tmp_path / "state.ini"), QSettings.IniFormat), interaction=interaction)
    qtbot.addWidget(second)
    second.restore_geometry()
    second.show()
    assert second.size() == first.size()
    assert second.splitter.sizes() == sizes
    reopened = second.companions.open_editor()
    qtbot.addWidget(reopened)
    assert reopened.splitter.sizes() == editor_sizes
    second.session.shutdown()


def test_high_dpi_attributes_are_set_before_the_application_exists():
    code = ("import os; os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
            "from PyQt5.QtCore import Qt\n"
            "from app.gui.app import make_application\n"
            "app = make_application()\n"
            "print(app.testAttribute(Qt.AA_EnableHighDpiScaling), app.testAttribute(Qt.AA_UseHighDpiPixmaps))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["True", "True"], out.stderr
