"""The Rules tab's debugging parts for a game being played: the breakpoints list and "why didn't it fire?".

Both show and ask for data only: the breakpoints go to the session (which asks the driver to pause before
those rules), a "why not?" question goes to the session and its answer (``RuleMatches``, CLIPS's own
``matches``) comes back here. Nothing here calls CLIPS.
"""

from __future__ import annotations

from PyQt5.QtCore import QPointF, Qt, pyqtSignal
from PyQt5.QtGui import QBrush, QColor, QIcon, QPainter, QPixmap
from PyQt5.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.gui.theme import mono_font

BREAK_COLOUR = QColor("#D55E00")  # a breakpoint's dot (vermillion, as in the board's palette)


def breakpoint_icon(size: int = 12) -> QIcon:
    """A filled dot: a rule with a breakpoint."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setBrush(QBrush(BREAK_COLOUR))
    painter.setPen(Qt.NoPen)
    painter.drawEllipse(QPointF(size / 2, size / 2), size / 2 - 1, size / 2 - 1)
    painter.end()
    return QIcon(pixmap)


class BreakpointList(QWidget):
    """The rules the agent's turn pauses before; ``changed(frozenset)`` when the set changes."""

    changed = pyqtSignal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        self.hint = QLabel(self.tr("Right-click a rule (firings, agenda, rule counts) and pick \"Break before this "
                                   "rule\": the agent's turn pauses just before it fires, as CLIPS's set-break."))
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #475467;")
        layout.addWidget(self.hint)
        self.list = QListWidget()
        self.list.setFont(mono_font(9))
        self.list.setToolTip(self.tr("The rules with a breakpoint"))
        layout.addWidget(self.list, 1)
        row = QHBoxLayout()
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Remove the breakpoint picked"))
        self.remove_button.clicked.connect(self._remove_current)
        self.clear_button = QPushButton(self.tr("Remove all"))
        self.clear_button.clicked.connect(lambda: self.set_names(()))
        row.addWidget(self.remove_button)
        row.addWidget(self.clear_button)
        row.addStretch(1)
        layout.addLayout(row)
        self._names: list[str] = []
        self._refresh()

    def names(self) -> frozenset[str]:
        """The rules with a breakpoint (``MODULE::rule``)."""
        return frozenset(self._names)

    def set_names(self, names) -> None:
        """Exactly these breakpoints."""
        self._names = sorted(set(names))
        self._refresh()
        self.changed.emit(self.names())

    def toggle(self, name: str) -> None:
        """Add a breakpoint on ``name``, or remove the one it has."""
        self.set_names(self.names() ^ {name})

    def _remove_current(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self.set_names(self.names() - {item.text()})

    def _refresh(self) -> None:
        self.list.clear()
        icon = breakpoint_icon()
        for name in self._names:
            self.list.addItem(QListWidgetItem(icon, name))
        self.remove_button.setEnabled(bool(self._names))
        self.clear_button.setEnabled(bool(self._names))


class WhyNotPanel(QWidget):
    """Pick a rule of the agent and see, pattern by pattern, what CLIPS's ``matches`` says about it now."""

    asked = pyqtSignal(str)  # MODULE::rule

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        row = QHBoxLayout()
        self.rule_box = QComboBox()
        self.rule_box.setEditable(True)
        self.rule_box.setInsertPolicy(QComboBox.NoInsert)
        self.rule_box.setMinimumWidth(200)
        self.rule_box.setToolTip(self.tr("Every rule of the agent (type to find one)"))
        self.rule_box.lineEdit().returnPressed.connect(self.ask_current)
        self.ask_button = QPushButton(self.tr("Why didn't it fire?"))
        self.ask_button.setToolTip(self.tr("Show how many facts match each pattern of the rule now, and which "
                                           "combinations agree (CLIPS's (matches rule))"))
        self.ask_button.clicked.connect(self.ask_current)
        row.addWidget(self.rule_box, 1)
        row.addWidget(self.ask_button)
        layout.addLayout(row)
        self.answer = QPlainTextEdit()
        self.answer.setReadOnly(True)
        self.answer.setFont(mono_font(9))
        self.answer.setLineWrapMode(QPlainTextEdit.WidgetWidth)
        self.answer.setPlaceholderText(self.tr("Pick a rule and press \"Why didn't it fire?\" (or right-click a "
                                               "rule in the lists). It works paused at any step, mid-turn too."))
        layout.addWidget(self.answer, 1)

    def set_rules(self, rules) -> None:
        """The agent's rules to pick from (its own modules' first, then MAIN's and ENV's)."""
        text = self.rule_box.currentText()
        own = [name for name in rules if not name.startswith(("MAIN::", "ENV::"))]
        self.rule_box.clear()
        self.rule_box.addItems(own + [name for name in rules if name not in own])
        self.rule_box.setEditText(text)

    def ask(self, rule: str) -> None:
        """Ask about ``rule`` (shown as being asked until the answer comes)."""
        self.rule_box.setEditText(rule)
        self.answer.setPlainText(self.tr("Asking CLIPS about {0}…").format(rule))
        self.asked.emit(rule)

    def ask_current(self) -> None:
        """Ask about the rule in the box (a name without its module: the one rule of that name, if one)."""
        rule = self.rule_box.currentText().strip()
        if rule and "::" not in rule:
            named = [name for name in (self.rule_box.itemText(i) for i in range(self.rule_box.count()))
                     if name.endswith("::" + rule)]
            rule = named[0] if len(named) == 1 else rule
        if rule:
            self.ask(rule)

    def show_answer(self, report) -> None:
        """A ``WhyReport``: the verdict and the pattern-by-pattern lines, or why there is no answer."""
        if report.error:
            self.answer.setPlainText(self.tr("No answer about {0}: {1}").format(report.rule, report.error))
            return
        over = [self.tr("The game is over: this is the answer as of its last step (CLIPS's status fact, now "
                        "(currently stopped), is taken as running).")] if report.matches.game_over else []
        self.answer.setPlainText("\n".join([*over, *report.matches.lines()]))

    def clear(self) -> None:
        """A new game: the answer goes, the rule picked stays (to ask again about it)."""
        self.answer.clear()
        text = self.rule_box.currentText()
        self.rule_box.clear()
        self.rule_box.setEditText(text)
