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


@pytest.fixture
def window(qtbot, tmp_path, interaction):
    make_application()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    win = MainWindow(settings=settings, interaction=interaction)
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    yield win
    win.session.shutdown()


def wait_over(qtbot, win, timeout: int = 10000) -> None:
    qtbot.waitUntil(lambda: win.session.over, timeout=timeout)
