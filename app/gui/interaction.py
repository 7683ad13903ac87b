"""The one place the app asks the user something (file choosers, messages).

Widgets call an ``Interaction``; tests hand the window a ``ScriptedInteraction``
so nothing ever blocks on a modal dialog.
"""

from __future__ import annotations

from collections import deque

from PyQt5.QtCore import QT_TRANSLATE_NOOP
from PyQt5.QtGui import QGuiApplication
from PyQt5.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHeaderView,
    QInputDialog,
    QLineEdit,
    QMessageBox,
    QSpinBox,
    QTreeView,
    QWidget,
)

from app.backends import kinds
from app.gui.i18n import translate
from app.gui.params_form import ParamsForm

MAP_FILTER = "Maps (*.map *.clp *.txt);;All files (*)"
AGENT_FILTER = f"Agents ({' '.join('*' + ending for ending in kinds.endings())});;All files (*)"
LOG_FILTER = "Game logs (*.jsonl);;All files (*)"
RESULTS_FILTER = "Batch results (*.jsonl);;All files (*)"
Limits = tuple[int, int, int]  # fires, flags, steps
SAVE_MAP_FILTERS = {"native": "Native map (*.map)", "clp": "Course map (*.clp)", "bimaru": "Bimaru puzzle (*.txt)"}
FILTER_NAMES = (QT_TRANSLATE_NOOP("Interaction", "Maps"), QT_TRANSLATE_NOOP("Interaction", "All files"),
                QT_TRANSLATE_NOOP("Interaction", "Agents"), QT_TRANSLATE_NOOP("Interaction", "Game logs"),
                QT_TRANSLATE_NOOP("Interaction", "Native map"), QT_TRANSLATE_NOOP("Interaction", "Course map"),
                QT_TRANSLATE_NOOP("Interaction", "Bimaru puzzle"), QT_TRANSLATE_NOOP("Interaction", "Batch results"))  # the filters' names, for pylupdate5


def translated_filter(text: str) -> str:
    """A file dialog's filter (``Maps (*.map);;All files (*)``) with each name in the interface's language."""
    entries = (entry.split(" (", 1) for entry in text.split(";;"))
    return ";;".join(f"{translate('Interaction', name)} ({patterns}" for name, patterns in entries)


class Interaction:
    """Real dialogs, parented to ``parent``."""

    def __init__(self, parent: QWidget | None = None):
        self.parent = parent

    def for_window(self, window: QWidget) -> Interaction:
        """The same interaction for another window: its dialogs stay over that window, not this one's."""
        return Interaction(window)

    def _open_files(self, title: str, start_dir: str, file_filter: str, many: bool = False) -> list[str]:
        """Existing file(s) the user picks (empty: cancelled), in the system's dialog where it has one; in Qt's
        own, wide enough for its columns: at its default size the Size column read "232…tes"."""
        dialog = QFileDialog(self.parent, title, start_dir, translated_filter(file_filter))
        dialog.setFileMode(QFileDialog.ExistingFiles if many else QFileDialog.ExistingFile)
        listing = dialog.findChild(QTreeView)
        if listing is not None:  # Qt's own dialog (no native one on this platform)
            free = (self.parent.screen() if self.parent is not None else QGuiApplication.primaryScreen())
            room = free.availableGeometry()
            dialog.resize(min(900, room.width() * 9 // 10), min(560, room.height() * 8 // 10))
            header = listing.header()
            header.setSectionResizeMode(0, QHeaderView.Stretch)
            for column in range(1, header.count()):
                header.setSectionResizeMode(column, QHeaderView.ResizeToContents)
        return list(dialog.selectedFiles()) if dialog.exec_() == QDialog.Accepted else []

    def choose_map(self, start_dir: str = "") -> str | None:
        """A map file the user picks (None: cancelled)."""
        paths = self._open_files(translate("Interaction", "Load map"), start_dir, MAP_FILTER)
        return paths[0] if paths else None

    def choose_agent_files(self, start_dir: str = "") -> list[str]:
        """Agent file(s) the user picks: one .py, or one or more .clp modules (empty: cancelled)."""
        return self._open_files(translate("Interaction", "Open agent file(s)"), start_dir, AGENT_FILTER, many=True)

    def choose_folder(self, start_dir: str = "") -> str | None:
        """A folder the user picks (None: cancelled)."""
        path = QFileDialog.getExistingDirectory(self.parent, translate("Interaction", "Choose a folder of maps"),
                                                start_dir)
        return path or None

    def choose_agent_folder(self, start_dir: str = "") -> str | None:
        """An agent's folder (the one with its load-order.txt) the user picks (None: cancelled)."""
        path = QFileDialog.getExistingDirectory(self.parent, translate("Interaction", "Choose the agent's folder"),
                                                start_dir)
        return path or None

    def choose_save_file(self, suggested: str = "", file_filter: str = "All files (*)") -> str | None:
        """A file name to save to (None: cancelled)."""
        path, _ = QFileDialog.getSaveFileName(self.parent, translate("Interaction", "Save as"), suggested,
                                              translated_filter(file_filter))
        return path or None

    def choose_results_file(self, suggested: str = "") -> str | None:
        """A batch's results file: an existing one (to continue) or a new name (None: cancelled)."""
        path, _ = QFileDialog.getSaveFileName(self.parent, translate("Interaction", "Batch results file"), suggested,
                                              translated_filter(RESULTS_FILTER), "",
                                              QFileDialog.DontConfirmOverwrite)
        return path or None

    def choose_replay(self, start_dir: str = "") -> str | None:
        """A game log to open (None: cancelled)."""
        paths = self._open_files(translate("Interaction", "Open replay"), start_dir, LOG_FILTER)
        return paths[0] if paths else None

    def choose_map_target(self, start: str = "", fmt: str = "native") -> tuple[str, str] | None:
        """Where and in which format (native, clp, bimaru) to save a map (None: cancelled)."""
        shown = {key: translated_filter(text) for key, text in SAVE_MAP_FILTERS.items()}
        filters = list(shown.values())
        path, chosen = QFileDialog.getSaveFileName(self.parent, translate("Interaction", "Save map"), start,
                                                   ";;".join(filters), shown.get(fmt, filters[0]))
        if not path:
            return None
        fmt = next((key for key, text in shown.items() if text == chosen), fmt)
        if "." not in path.rsplit("/", 1)[-1]:
            path += {"native": ".map", "clp": ".clp", "bimaru": ".txt"}[fmt]
        return path, fmt

    def ask_text(self, title: str, label: str, text: str = "") -> str | None:
        """One line of text the user types, starting from ``text`` (None: cancelled)."""
        answer, ok = QInputDialog.getText(self.parent, title, label, QLineEdit.Normal, text)
        return answer if ok else None

    def inform(self, title: str, text: str) -> None:
        """A message the user must see (errors also show in the window's banner and log)."""
        QMessageBox.information(self.parent, title, text)

    def ask_unsaved(self, name: str) -> str:
        """What to do with unsaved changes to ``name``: "save", "discard" or "cancel"."""
        answer = QMessageBox.question(
            self.parent, translate("Interaction", "Unsaved changes"),
            translate("Interaction", "The map {0} has changes that are not saved. Save them first?").format(name),
            QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Save)
        return {QMessageBox.Save: "save", QMessageBox.Discard: "discard"}.get(answer, "cancel")

    def ask_params(self, agent: str, values: dict[str, str], other: str) -> tuple[dict[str, str], str] | None:
        """The parameters of ``agent`` as the user sets them in a form (starting from ``values``, as text), and
        the line of other agents' ones (None: cancelled)."""
        form = ParamsForm(agent, values, other, self.parent)
        if form.exec_() != QDialog.Accepted:
            return None
        return form.values(), form.other.text().strip()

    def ask_limits(self, limits: Limits, course: tuple[str, str] = ("", "")) -> tuple | None:
        """The game's limits (fires, flags, steps), then the course's main.clp and env.clp CLIPS agents play
        against ("": the app's own), as the user sets them, starting from ``limits`` and ``course`` (None:
        cancelled)."""
        dialog = QDialog(self.parent)
        dialog.setWindowTitle(translate("Interaction", "Game limits"))
        form = QFormLayout(dialog)
        boxes = []
        for label, value, low in ((translate("Interaction", "Fires"), limits[0], 0),
                                  (translate("Interaction", "Flags"), limits[1], 0),
                                  (translate("Interaction", "Steps"), limits[2], 1)):
            box = QSpinBox()
            box.setRange(low, 10_000)
            box.setValue(value)
            form.addRow(label, box)
            boxes.append(box)
        files = []
        for label, value in ((translate("Interaction", "Course's main.clp"), course[0]),
                             (translate("Interaction", "Course's env.clp"), course[1])):
            field = QLineEdit(value)
            field.setPlaceholderText(translate("Interaction", "none: the app's own MAIN and ENV"))
            form.addRow(label, field)
            files.append(field)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        form.addRow(buttons)
        if dialog.exec_() != QDialog.Accepted:
            return None
        return boxes[0].value(), boxes[1].value(), boxes[2].value(), files[0].text(), files[1].text()

    def confirm(self, title: str, text: str, offer_dont_ask: bool = False) -> tuple[bool, bool]:
        """(the user said yes to ``text``, and ticked "Don't ask again" when ``offer_dont_ask``)."""
        box = QMessageBox(QMessageBox.Question, title, text, QMessageBox.Yes | QMessageBox.No, self.parent)
        box.setDefaultButton(QMessageBox.No)
        if offer_dont_ask:
            box.setCheckBox(QCheckBox(translate("Interaction", "Don't ask again")))
        yes = box.exec_() == QMessageBox.Yes
        return yes, offer_dont_ask and box.checkBox().isChecked()


class ScriptedInteraction(Interaction):
    """Answers from queues filled by a test; records every message instead of showing it."""

    def __init__(self) -> None:
        super().__init__(None)
        self.map_answers: deque[str | None] = deque()
        self.agent_answers: deque[list[str]] = deque()
        self.replay_answers: deque[str | None] = deque()
        self.map_targets: deque[tuple[str, str] | None] = deque()
        self.messages: list[tuple[str, str]] = []
        self.folder_answers: deque[str | None] = deque()
        self.save_answers: deque[str | None] = deque()
        self.results_answers: deque[str | None] = deque()
        self.unsaved_answers: deque[str] = deque()
        self.unsaved_questions: list[str] = []
        self.text_answers: deque[str | None] = deque()
        self.text_questions: list[tuple[str, str, str]] = []  # (title, label, the text offered)
        self.confirm_answers: deque[tuple[bool, bool]] = deque()  # (yes, don't ask again)
        self.limits_answers: deque[Limits | None] = deque()
        self.params_answers: deque[tuple[dict[str, str], str] | None] = deque()  # (changed fields, other line)
        self.params_questions: list[tuple[str, dict[str, str], str]] = []  # (agent, values offered, other)
        self.limits_offered: list[Limits] = []
        self.course_offered: list[tuple[str, str]] = []
        self.confirm_questions: list[str] = []

    def for_window(self, window: QWidget) -> Interaction:
        """This one: a test scripts the answers of every window in one place."""
        return self

    def choose_map(self, start_dir: str = "") -> str | None:
        """The next queued map answer (None when none is queued)."""
        return self.map_answers.popleft() if self.map_answers else None

    def choose_agent_files(self, start_dir: str = "") -> list[str]:
        """The next queued agent answer (empty when none is queued)."""
        return self.agent_answers.popleft() if self.agent_answers else []

    def choose_folder(self, start_dir: str = "") -> str | None:
        """The next queued folder answer (None when none is queued)."""
        return self.folder_answers.popleft() if self.folder_answers else None

    def choose_agent_folder(self, start_dir: str = "") -> str | None:
        """The next queued folder answer (None when none is queued)."""
        return self.folder_answers.popleft() if self.folder_answers else None

    def choose_save_file(self, suggested: str = "", file_filter: str = "All files (*)") -> str | None:
        """The next queued save answer (None when none is queued)."""
        return self.save_answers.popleft() if self.save_answers else None

    def choose_results_file(self, suggested: str = "") -> str | None:
        """The next scripted results file (None: cancelled)."""
        return self.results_answers.popleft() if self.results_answers else None

    def choose_replay(self, start_dir: str = "") -> str | None:
        """The next queued replay answer (None when none is queued)."""
        return self.replay_answers.popleft() if self.replay_answers else None

    def choose_map_target(self, start: str = "", fmt: str = "native") -> tuple[str, str] | None:
        """The next queued (path, format) (None when none is queued)."""
        return self.map_targets.popleft() if self.map_targets else None

    def ask_text(self, title: str, label: str, text: str = "") -> str | None:
        """Record the question; the next queued answer (None, cancelled, when none is queued)."""
        self.text_questions.append((title, label, text))
        return self.text_answers.popleft() if self.text_answers else None

    def inform(self, title: str, text: str) -> None:
        """Record the message."""
        self.messages.append((title, text))

    def ask_params(self, agent: str, values: dict[str, str], other: str) -> tuple[dict[str, str], str] | None:
        """Record the form offered; the next queued answer, its fields laid over the values offered (None,
        cancelled, when none is queued)."""
        self.params_questions.append((agent, dict(values), other))
        answer = self.params_answers.popleft() if self.params_answers else None
        return None if answer is None else ({**values, **answer[0]}, answer[1])

    def ask_limits(self, limits: Limits, course: tuple[str, str] = ("", "")) -> tuple | None:
        """Record the limits (and course files) offered; the next queued answer (None, cancelled, when none is
        queued)."""
        self.limits_offered.append(limits)
        self.course_offered.append(course)
        return self.limits_answers.popleft() if self.limits_answers else None

    def confirm(self, title: str, text: str, offer_dont_ask: bool = False) -> tuple[bool, bool]:
        """Record the question; the next queued answer ((yes, don't ask again) when none is queued)."""
        self.confirm_questions.append(text)
        yes, dont_ask = self.confirm_answers.popleft() if self.confirm_answers else (True, False)
        return yes, offer_dont_ask and dont_ask

    def ask_unsaved(self, name: str) -> str:
        """Record the question; the next queued answer ("discard" when none is queued)."""
        self.unsaved_questions.append(name)
        return self.unsaved_answers.popleft() if self.unsaved_answers else "discard"
