"""Fixtures for the GUI tests: a main window with throw-away settings and scripted prompts."""

from __future__ import annotations

import pytest
from PyQt5.QtCore import QSettings

from app.gui.app import make_application
from app.gui.interaction import ScriptedInteraction
from app.gui.main_window import MainWindow


@pytest.fixture
def interaction() -> ScriptedInteraction:
    return ScriptedInteraction()


def show_window(qtbot, tmp_path, window_class, size: tuple[int, int], **kwargs):
    """A ``window_class`` with its own settings file in ``tmp_path``, shown at ``size`` (pytest-qt closes it)."""
    make_application()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    win = window_class(settings=settings, **kwargs)
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    return win


@pytest.fixture
def window(qtbot, tmp_path, interaction):
    win = show_window(qtbot, tmp_path, MainWindow, (1200, 800), interaction=interaction)
    yield win
    win.session.shutdown()


def wait_over(qtbot, win, timeout: int = 10000) -> None:
    qtbot.waitUntil(lambda: win.session.over, timeout=timeout)
