"""The Facts panel: a CLIPS agent's working memory at the current step, the protocol's facts too.

Facts are grouped by module (the agent's modules first, then MAIN and ENV), each with its index (``f-12``);
a template picker and a text filter narrow the list.
"""

from __future__ import annotations

from PyQt5.QtCore import QT_TRANSLATE_NOOP, Qt
from PyQt5.QtGui import QFont
from PyQt5.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.backends.base import PROTOCOL_MODULES, FactRow
from app.gui.i18n import translate

ALL_TEMPLATES = QT_TRANSLATE_NOOP("FactsPanel", "All templates")  # translated where shown


def module_order(modules: set[str]) -> list[str]:
    """The agent's modules first (alphabetically), then the protocol's, MAIN before ENV."""
    return sorted(m for m in modules if m not in PROTOCOL_MODULES) + [m for m in PROTOCOL_MODULES if m in modules]


class FactsPanel(QWidget):
    """Lists the facts by module; a template picker and a text filter narrow the list."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._rows: list[FactRow] = []
        self._problem = ""  # why the facts could not be read ("": they were)
        self._collapsed: set[str] = set()  # modules the user folded (kept from one step to the next)
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
        bar.addWidget(self.template_box)
        bar.addWidget(self.filter_edit, 1)
        layout.addLayout(bar)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("fact"), self.tr("template"), self.tr("as CLIPS prints it")])
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setIndentation(14)
        self.tree.setColumnWidth(0, 76)
        self.tree.setColumnWidth(1, 140)
        self.tree.setToolTip(self.tr("The working memory at the current step, by module: "
                                     "the agent's own, then MAIN and ENV (the game protocol)"))
        self.tree.itemCollapsed.connect(lambda item: self._collapsed.add(item.data(0, Qt.UserRole)))
        self.tree.itemExpanded.connect(lambda item: self._collapsed.discard(item.data(0, Qt.UserRole)))
        layout.addWidget(self.tree, 1)
        self.count_label = QLabel("")
        self.count_label.setStyleSheet("color: #667085;")
        self.count_label.setWordWrap(True)
        layout.addWidget(self.count_label)
        self.set_facts(None)

    def set_facts(self, facts: list[FactRow] | None, problem: str = "") -> None:
        """Show these facts (None: the agent has no working memory, e.g. a Python agent;
        ``problem``: why they could not be read, shown in their place)."""
        self._rows = list(facts or [])
        self._problem = problem
        templates = sorted({row.template for row in self._rows})
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
        shown = [row for row in self._rows
                 if (template == ALL_TEMPLATES or row.template == template)
                 and (not needle or needle in f"{row.module} f-{row.index} {row.text}".lower())]
        bold = QFont(self.tree.font())
        bold.setBold(True)
        self.tree.setUpdatesEnabled(False)
        self.tree.clear()
        for module in module_order({row.module for row in shown}):
            rows = sorted((row for row in shown if row.module == module), key=lambda row: row.index)
            total = sum(1 for row in self._rows if row.module == module)
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
                head.addChild(item)
            head.setExpanded(module not in self._collapsed)
        self.tree.setUpdatesEnabled(True)
        if self._problem:
            self.count_label.setText(self.tr("Could not read the agent's facts: {0}").format(self._problem))
            self.count_label.setStyleSheet("color: #B34700;")
        else:
            self.count_label.setText(self.tr("{0} of {1} facts").format(len(shown), len(self._rows)))
            self.count_label.setStyleSheet("color: #667085;")
