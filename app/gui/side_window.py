"""The base of the windows the main window opens with their own settings (map editor, replay): the app's
settings, prompts parented to the window, toolbar buttons, the geometry and splitter kept between runs, and the
language switched live (retranslate.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PyQt5.QtCore import QEvent, QSettings
from PyQt5.QtWidgets import QAction, QMainWindow, QToolBar, QToolButton, QWidget

from app.gui.interaction import Interaction
from app.gui.retranslate import retranslate
from app.gui.theme import Shortcut, toolbar_action
from app.gui.window_state import app_settings, restore_window_state, save_window_state


class SideWindow(QMainWindow):
    """A window with ``settings`` (the app's unless given), ``interaction`` for its prompts, a main ``splitter``
    (made by the subclass) whose sizes are remembered with the geometry under ``STATE_KEY``, and ``buttons``:
    its toolbar buttons by their untranslated text."""

    STATE_KEY = ""

    def __init__(self, settings: QSettings | None = None, interaction: Interaction | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings if settings is not None else app_settings()
        self.interaction = interaction.for_window(self) if interaction is not None else Interaction(self)
        self.buttons: dict[str, QToolButton] = {}

    def _tool_action(self, bar: QToolBar, text: str, shortcuts: Shortcut | Sequence[Shortcut], tip: str,
                     slot: Callable[[], object]) -> QAction:
        """An action with its button on ``bar``; ``text`` and ``tip`` are marked for translation in the
        subclass's context (QT_TRANSLATE_NOOP) and translated here, at run time, in that context."""
        act, self.buttons[text] = toolbar_action(self, bar, self.tr(text), shortcuts, self.tr(tip), slot)
        return act

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        """A language chosen in the main window's menu: this window's texts in it at once."""
        if event.type() == QEvent.LanguageChange:
            retranslate(self)
        super().changeEvent(event)

    def save_state(self) -> None:
        """Remember the window's geometry and splitter (it is closing)."""
        save_window_state(self.settings, self.STATE_KEY, self, self.splitter)

    def restore_state(self) -> None:
        """Restore the window's last geometry and splitter."""
        restore_window_state(self.settings, self.STATE_KEY, self, self.splitter)
