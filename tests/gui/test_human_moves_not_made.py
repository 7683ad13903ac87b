"""Human play: a move the app does not make (no fires left, a remembered "no") is said in the log too, in the
interface's language, not only in the status bar."""

from __future__ import annotations

import pytest
from PyQt5.QtCore import QPoint, Qt

from app.core import Cell
from app.gui import i18n
from tests.paths import MAPS_DIR


def click(qtbot, window, cell: Cell, button=Qt.LeftButton) -> None:
    center = window.view.board.cell_rect(cell).center()
    qtbot.mouseClick(window.view.board, button, pos=QPoint(int(center.x()), int(center.y())))


def fire_every_fire(qtbot, window) -> None:
    assert window.load_map(str(MAPS_DIR / "four-known.map"))
    assert window.select_agent("Human")
    for count in range(1, 6):
        click(qtbot, window, Cell(9, count - 1))
        qtbot.waitUntil(lambda n=count: window.session.steps_done == n, timeout=5000)


def test_a_fire_with_none_left_is_logged(qtbot, window):
    fire_every_fire(qtbot, window)
    click(qtbot, window, Cell(9, 5))
    assert window.log_text().splitlines()[-1].startswith("fire 9 5 not played: no fires left")
    assert window.session.steps_done == 5


@pytest.fixture
def italian(qapp):
    assert i18n.install("it")
    yield
    i18n.install("en")


def test_the_line_is_in_italian_in_an_italian_interface(qtbot, window, italian):
    fire_every_fire(qtbot, window)
    click(qtbot, window, Cell(9, 5))
    last = window.log_text().splitlines()[-1]
    assert last.startswith("fire 9 5 ") and "not played" not in last and "no fires left" not in last


def test_a_remembered_no_is_logged(qtbot, window):
    window.settings.setValue("ask/fire-known", "no")
    assert window.load_map(str(MAPS_DIR / "four-known.map"))
    assert window.select_agent("Human")
    known = next(c for c, piece in window.session.state.observation.known.items() if piece.is_ship)
    click(qtbot, window, known)
    assert window.log_text().splitlines()[-1].startswith("Refused: This ship cell is known from the start")
    assert window.session.steps_done == 0
