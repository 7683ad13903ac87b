"""The red banner of an agent's load errors: shown as soon as the agent is picked, kept until it changes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PyQt5.QtCore import Qt, pyqtSignal
from PyQt5.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from app.gui.i18n import translate
from app.gui.theme import hold_wrapped_height, native_keys

_STYLE = """
QFrame#loadErrors { background: #FDECEC; border: 1px solid #D55E5E; border-radius: 8px; }
QFrame#loadErrors QLabel { color: #7F1D1D; background: transparent; border: none; }
QFrame#loadErrors QLabel#loadErrorsTitle { font-weight: 600; }
QFrame#loadErrors QPushButton { padding: 3px 10px; }
"""


def _reset() -> str:
    """The Reset button's text as the toolbar shows it (translated), to name it in the banner: Reset reloads the
    agent's files in every state (before the first step, mid-game, paused, over, after a load error)."""
    return translate("MainWindow", "Reset")


class LoadErrorBanner(QFrame):
    """Every load error of the agent in play (file:line: text), a line saying the game plays what loaded,
    and a button that shows the log. ``show_log`` is emitted by the button."""

    show_log = pyqtSignal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("loadErrors")
        self.setStyleSheet(_STYLE)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(4)
        head = QHBoxLayout()
        self.title = QLabel()
        self.title.setObjectName("loadErrorsTitle")
        self.title.setWordWrap(True)
        head.addWidget(self.title, 1)
        self.log_button = QPushButton(self.tr("Show log"))
        self.log_button.setToolTip(self.tr("Open the Log tab: the CLIPS messages and the game, step by step"))
        self.log_button.clicked.connect(self.show_log)
        head.addWidget(self.log_button, 0, Qt.AlignTop)
        layout.addLayout(head)
        self.details = QLabel()
        self.details.setTextFormat(Qt.PlainText)
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextSelectableByMouse)
        layout.addWidget(self.details)
        hold_wrapped_height(self)  # a narrow window: the board's card scrolls, the banner never covers the board
        self._reload_on_save = True
        self._title: tuple = ()  # how the title was made (to remake it when reloading on save is switched)
        self.hide()

    def set_reload_on_save(self, on: bool) -> None:
        """Whether saving the agent's file reloads it (the instruction says so, or names Reset alone)."""
        self._reload_on_save = on
        if self._title:
            self._set_title(*self._title)

    def _instruction(self) -> str:
        if self._reload_on_save:
            return native_keys(self.tr("fix the file and save it: the game starts over with it (or press {0}, "
                                       "Ctrl+R)").format(_reset()))
        return native_keys(self.tr("fix the file and press {0} (Ctrl+R)").format(_reset()))

    def _set_title(self, agent: str, note: str | None) -> None:
        self._title = (agent, note)
        if note is None:
            self.title.setText(self.tr("{0} cannot be loaded: {1}.").format(agent, self._instruction()))
        else:
            self.title.setText(self.tr("{0}: {1}. It plays what loaded, as in the course's CLIPS; {2}.").format(
                agent, note, self._instruction()))

    def set_errors(self, agent: str, errors: Sequence[str], paths: Sequence[Path] = ()) -> None:
        """Show ``errors`` of ``agent`` (hidden when there are none); ``paths`` are shown by file name."""
        if not errors:
            self.clear()
            return
        note = (self.tr("agent loaded with 1 error") if len(errors) == 1 else  # app.core.events.load_note's words
                self.tr("agent loaded with {0} errors").format(len(errors)))
        self._set_title(agent, note)
        self._show(errors, paths)

    def set_failure(self, agent: str, error: str, paths: Sequence[Path] = ()) -> None:
        """Show that ``agent`` cannot be loaded at all, and why."""
        self._set_title(agent, None)
        self._show([error], paths)

    def _show(self, lines: Sequence[str], paths: Sequence[Path]) -> None:
        text = "\n".join(f"• {line}" for line in lines)
        full = text
        for path in sorted(paths, key=lambda p: len(str(p)), reverse=True):
            text = text.replace(str(path), path.name)
        self.details.setText(text)
        self.details.setToolTip(full)
        self.show()

    def clear(self) -> None:
        """Hide the banner."""
        self._title = ()
        self.title.clear()
        self.details.clear()
        self.hide()

    def text(self) -> str:
        """What the banner says ("" when hidden)."""
        return "" if self.isHidden() else f"{self.title.text()}\n{self.details.text()}"
