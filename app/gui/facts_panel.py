"""The Facts panel: a CLIPS agent's working memory at the current step, the protocol's facts too.

Facts are grouped by module (the agent's modules first, then MAIN and ENV), each with its index (``f-12``);
a template picker and a text filter narrow the list. With a rule trace (``set_changes``), the facts asserted
and modified during the step are coloured, and "changed this step" lists only what changed (retracted facts
included); a picked rule firing's facts are selected (``highlight``).
"""

from __future__ import annotations

from PyQt5.QtCore import QT_TRANSLATE_NOOP, Qt, pyqtSignal
from PyQt5.QtGui import QColor, QFont
from PyQt5.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.backends.base import PROTOCOL_MODULES, FactRow
from app.gui.i18n import translate

ALL_TEMPLATES = QT_TRANSLATE_NOOP("FactsPanel", "All templates")  # translated where shown
#: background of a fact by how it changed during the step (pale: the text stays readable)
CHANGE_COLOURS = {"asserted": QColor("#D7F2E6"), "modified": QColor("#FCEBC7"), "retracted": QColor("#F9D9CC")}
CHANGE_TIPS = {"asserted": QT_TRANSLATE_NOOP("FactsPanel", "asserted during this step"),
               "modified": QT_TRANSLATE_NOOP("FactsPanel", "modified during this step"),
               "retracted": QT_TRANSLATE_NOOP("FactsPanel", "retracted during this step (no longer in working memory)")}


def module_order(modules: set[str]) -> list[str]:
    """The agent's modules first (alphabetically), then the protocol's, MAIN before ENV."""
    return sorted(m for m in modules if m not in PROTOCOL_MODULES) + [m for m in PROTOCOL_MODULES if m in modules]


class FactsPanel(QWidget):
    """Lists the facts by module; a template picker and a text filter narrow the list. Double-click or right-click
    a fact to ask why it is there (``why_asked``: the Rules tab shows its chain)."""

    why_asked = pyqtSignal(int, str)  # a fact's index and text

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._rows: list[FactRow] = []
        self._problem = ""  # why the facts could not be read ("": they were)
        self._collapsed: set[str] = set()  # modules the user folded (kept from one step to the next)
        self._changes: list[FactRow] = []  # the facts changed during the step, all modules, retracted ones too
        self._changed: dict[int, str] = {}  # fact index -> how it changed ("asserted", "modified", "retracted")
        self._highlighted: set[int] = set()  # the indexes of a picked rule firing's facts (kept selected)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        bar = QHBoxLayout()
        self.template_box = QComboBox()
        self.template_box.addItem(translate("FactsPanel", ALL_TEMPLATES))
        self.template_box.setMinimumWidth(140)
        self.template_box.setToolTip(self.tr("Show the facts of one template only"))
        self.template_box.currentIndexChanged.connect(self._refill)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("filter facts…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip(self.tr("Show only the facts containing this text (module, f-index or fact)"))
        self.filter_edit.textChanged.connect(self._refill)
        self.changed_box = QCheckBox(self.tr("changed this step"))
        self.changed_box.setToolTip(self.tr("Show only the facts asserted (green), modified (amber) or retracted "
                                            "(red) during the step on screen"))
        self.changed_box.toggled.connect(self._refill)
        self.changed_box.setEnabled(False)
        bar.addWidget(self.template_box)
        bar.addWidget(self.filter_edit, 1)
        bar.addWidget(self.changed_box)
        layout.addLayout(bar)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("fact"), self.tr("template"), self.tr("as CLIPS prints it")])
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setIndentation(14)
        self.tree.setSelectionMode(QAbstractItemView.ExtendedSelection)
        self.tree.setColumnWidth(0, 76)
        self.tree.setColumnWidth(1, 140)
        self.tree.setToolTip(self.tr("The working memory at the current step, by module: "
                                     "the agent's own, then MAIN and ENV (the game protocol)"))
        self.tree.itemCollapsed.connect(lambda item: self._collapsed.add(item.data(0, Qt.UserRole)))
        self.tree.itemExpanded.connect(lambda item: self._collapsed.discard(item.data(0, Qt.UserRole)))
        self.tree.itemDoubleClicked.connect(lambda item, _column: self._ask_why(item))
        self.tree.setContextMenuPolicy(Qt.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        layout.addWidget(self.tree, 1)
        self.count_label = QLabel("")
        self.count_label.setStyleSheet("color: #475467;")
        self.count_label.setWordWrap(True)
        layout.addWidget(self.count_label)
        self.set_facts(None)

    def set_facts(self, facts: list[FactRow] | None, problem: str = "") -> None:
        """Show these facts (None: the agent has no working memory, e.g. a Python agent;
        ``problem``: why they could not be read, shown in their place)."""
        self._rows = list(facts or [])
        self._problem = problem
        templates = sorted({row.template for row in self._rows} | {row.template for row in self._changes})
        chosen = self.template_box.currentText()
        self.template_box.blockSignals(True)
        self.template_box.clear()
        self.template_box.addItem(translate("FactsPanel", ALL_TEMPLATES))
        self.template_box.addItems(templates)
        index = self.template_box.findText(chosen)
        self.template_box.setCurrentIndex(max(0, index))
        self.template_box.blockSignals(False)
        self._refill()
        if facts is None and not problem:
            self.count_label.setText(
                self.tr("This agent has no working memory to show (facts appear for CLIPS agents)."))

    def set_changes(self, changes) -> None:
        """The facts changed during the step on screen (``FactChange``-like: change, index, module, template,
        text); None: no trace, nothing marked."""
        self._changes = [FactRow(c.module, c.index, c.template, c.text) for c in changes or ()]
        self._changed = {c.index: str(c.change) for c in changes or ()}
        self._highlighted = set()  # a new step: the picked firing belongs to the last one
        self.changed_box.setEnabled(changes is not None)
        self._refill()

    def change_of(self, index: int) -> str:
        """How fact ``f-index`` changed during the step ("" if it did not)."""
        return self._changed.get(index, "")

    def highlight(self, indexes) -> int:
        """Select the listed facts with these indexes (a rule firing's facts); how many were found."""
        self._highlighted = set(indexes)
        self.tree.clearSelection()
        found = 0
        for i in range(self.tree.topLevelItemCount()):
            head = self.tree.topLevelItem(i)
            for j in range(head.childCount()):
                item = head.child(j)
                if item.data(0, Qt.UserRole).index in self._highlighted:
                    item.setSelected(True)
                    if not found:
                        self.tree.scrollToItem(item)
                    found += 1
        return found

    def _ask_why(self, item: QTreeWidgetItem | None) -> None:
        row = item.data(0, Qt.UserRole) if item is not None else None
        if isinstance(row, FactRow):
            self.why_asked.emit(row.index, row.text)

    def _context_menu(self, position) -> None:
        item = self.tree.itemAt(position)
        row = item.data(0, Qt.UserRole) if item is not None else None
        if not isinstance(row, FactRow):
            return
        menu = QMenu(self)
        menu.addAction(self.tr("Why is f-{0} here? (chain, in the Rules tab)").format(row.index),
                       lambda: self._ask_why(item))
        menu.exec_(self.tree.viewport().mapToGlobal(position))

    def set_template(self, template: str) -> None:
        """Show only the facts of ``template`` (or all with ALL_TEMPLATES)."""
        index = 0 if template == ALL_TEMPLATES else self.template_box.findText(template)
        if index >= 0:
            self.template_box.setCurrentIndex(index)

    def visible_rows(self) -> list[FactRow]:
        """The facts the list shows now, module by module."""
        return [self.tree.topLevelItem(i).child(j).data(0, Qt.UserRole)
                for i in range(self.tree.topLevelItemCount()) for j in range(self.tree.topLevelItem(i).childCount())]

    def visible_facts(self) -> list[tuple[str, str]]:
        """The (template, fact) pairs the list shows now."""
        return [(row.template, row.text) for row in self.visible_rows()]

    def visible_modules(self) -> list[str]:
        """The modules listed now, in their order."""
        return [self.tree.topLevelItem(i).data(0, Qt.UserRole) for i in range(self.tree.topLevelItemCount())]

    def _refill(self) -> None:
        template = self.template_box.currentText() if self.template_box.currentIndex() > 0 else ALL_TEMPLATES
        needle = self.filter_edit.text().strip().lower()
        source = self._changes if self.changed_box.isChecked() else self._rows
        shown = [row for row in source
                 if (template == ALL_TEMPLATES or row.template == template)
                 and (not needle or needle in f"{row.module} f-{row.index} {row.text}".lower())]
        bold = QFont(self.tree.font())
        bold.setBold(True)
        self.tree.setUpdatesEnabled(False)
        self.tree.clear()
        for module in module_order({row.module for row in shown}):
            rows = sorted((row for row in shown if row.module == module), key=lambda row: row.index)
            total = sum(1 for row in source if row.module == module)
            role = "  ·  " + self.tr("game protocol") if module in PROTOCOL_MODULES else ""
            head = QTreeWidgetItem([f"{module}{role}  ·  " + self.tr("{0} of {1} facts").format(len(rows), total)])
            head.setData(0, Qt.UserRole, module)
            head.setFont(0, bold)
            head.setFlags(Qt.ItemIsEnabled)
            self.tree.addTopLevelItem(head)
            head.setFirstColumnSpanned(True)
            for row in rows:
                item = QTreeWidgetItem([f"f-{row.index}", row.template, row.text])
                item.setData(0, Qt.UserRole, row)
                item.setToolTip(2, row.text)
                change = self._changed.get(row.index)
                if change and (change != "retracted" or source is self._changes):
                    for column in range(3):
                        item.setBackground(column, CHANGE_COLOURS[change])
                    item.setToolTip(2, f"{row.text}\n{translate('FactsPanel', CHANGE_TIPS[change])}")
                head.addChild(item)
            head.setExpanded(module not in self._collapsed)
        self.tree.setUpdatesEnabled(True)
        if self._highlighted:
            self.highlight(self._highlighted)
        if self._problem:
            self.count_label.setText(self.tr("Could not read the agent's facts: {0}").format(self._problem))
            self.count_label.setStyleSheet("color: #B34700;")
        else:
            text = self.tr("{0} of {1} facts").format(len(shown), len(source))
            if self._changes:
                text += " · " + self.tr("{0} changed this step").format(len(self._changes))
            self.count_label.setText(text)
            self.count_label.setStyleSheet("color: #475467;")
