"""The application's settings, and where each window was and how it was split, kept from one run to the next.

Each part is stored under ``<prefix>/<part>``: ``geometry`` (size and place),
``state`` (toolbars and docks; only for windows that ask for it) and
``splitter`` (the sizes of the window's main splitter) and any other splitter the window names (``more``: the
main window's ``sideSplitter``, between the score card and the side tabs).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PyQt5.QtCore import QByteArray, QRect, QSettings
from PyQt5.QtGui import QGuiApplication
from PyQt5.QtWidgets import QMainWindow, QSplitter

from app.gui.theme import TITLE_BAR


def app_settings() -> QSettings:
    """Battleship Lab's own settings (the windows' state, recent files): what a window uses unless given others."""
    return QSettings("BattleshipLab", "Battleship Lab")


Splitters = Sequence[tuple[str, QSplitter]]  # (key, splitter) of a window's other splitters


def _parts(window: QMainWindow, splitter: QSplitter, toolbars: bool,
           more: Splitters = ()) -> list[tuple[str, Callable[[], QByteArray], Callable[[QByteArray], object]]]:
    """(key, save, restore) of each remembered part, in the order they are restored."""
    parts = [("geometry", window.saveGeometry, window.restoreGeometry)]
    if toolbars:
        parts.append(("state", window.saveState, window.restoreState))
    parts += [(key, s.saveState, getattr(s, "restore", s.restoreState)) for key, s in (("splitter", splitter), *more)]
    return parts


def save_window_state(settings: QSettings, prefix: str, window: QMainWindow, splitter: QSplitter, *,
                      toolbars: bool = False, more: Splitters = ()) -> None:
    """Remember ``window``'s geometry and the splitters' sizes (and the toolbars' layout) under ``prefix``."""
    for key, save, _restore in _parts(window, splitter, toolbars, more):
        settings.setValue(f"{prefix}/{key}", save())


def restore_window_state(settings: QSettings, prefix: str, window: QMainWindow, splitter: QSplitter, *,
                         toolbars: bool = False, more: Splitters = ()) -> None:
    """Put back what ``save_window_state`` remembered under ``prefix`` (parts never saved stay as they are)."""
    for key, _save, restore in _parts(window, splitter, toolbars, more):
        value = settings.value(f"{prefix}/{key}")
        if value is not None:
            restore(value)
    keep_on_screen(window)


def clamp_rect(saved: QRect, available: QRect, title_bar: int = TITLE_BAR) -> QRect:
    """``saved`` (a window's geometry, its frame left out) moved and shrunk to fit inside ``available`` (a
    screen's available area) with ``title_bar`` pixels above it for the frame: a geometry remembered on a
    bigger screen (or grown past this one) opens whole, status bar included."""
    room = available.adjusted(0, title_bar, 0, 0)
    width, height = min(saved.width(), room.width()), min(saved.height(), room.height())
    x = min(max(saved.x(), room.x()), room.x() + room.width() - width)
    y = min(max(saved.y(), room.y()), room.y() + room.height() - height)
    return QRect(x, y, width, height)


def available_area(window: QMainWindow) -> QRect:
    """The available area (no panels or taskbars) of the screen ``window`` is on."""
    return (window.screen() or QGuiApplication.primaryScreen()).availableGeometry()


def keep_on_screen(window: QMainWindow) -> None:
    """Clamp ``window``'s geometry to the screen it opens on (``clamp_rect``); a maximised window is left as is."""
    if window.isMaximized() or window.isFullScreen():
        return
    fitted = clamp_rect(window.geometry(), available_area(window))
    if fitted != window.geometry():
        window.setGeometry(fitted)
