"""The Facts panel: a CLIPS agent's working memory at the current step, filterable by template."""

from __future__ import annotations

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

ALL_TEMPLATES = "All templates"


class FactsPanel(QWidget):
    """Lists (template, fact) pairs; a template picker and a text filter narrow the list."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._facts: list[tuple[str, str]] = []
        self._problem = ""  # why the facts could not be read ("": they were)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        bar = QHBoxLayout()
        self.template_box = QComboBox()
        self.template_box.addItem(ALL_TEMPLATES)
        self.template_box.setMinimumWidth(140)
        self.template_box.setToolTip("Show the facts of one template only")
        self.template_box.currentIndexChanged.connect(self._refill)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("filter facts…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip("Show only the facts containing this text")
        self.filter_edit.textChanged.connect(self._refill)
        bar.addWidget(self.template_box)
        bar.addWidget(self.filter_edit, 1)
        layout.addLayout(bar)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["template", "fact"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setColumnWidth(0, 110)
        self.tree.setToolTip("The agent's facts at the current step: template and the fact as CLIPS prints it")
        layout.addWidget(self.tree, 1)
        self.count_label = QLabel("")
        self.count_label.setStyleSheet("color: #667085;")
        self.count_label.setWordWrap(True)
        layout.addWidget(self.count_label)
        self.set_facts(None)

    def set_facts(self, facts: list[tuple[str, str]] | None, problem: str = "") -> None:
        """Show these facts (None: the agent has no working memory, e.g. a Python agent;
        ``problem``: why they could not be read, shown in their place)."""
        self._facts = list(facts or [])
        self._problem = problem
        templates = sorted({template for template, _ in self._facts})
        chosen = self.template_box.currentText()
        self.template_box.blockSignals(True)
        self.template_box.clear()
        self.template_box.addItem(ALL_TEMPLATES)
        self.template_box.addItems(templates)
        index = self.template_box.findText(chosen)
        self.template_box.setCurrentIndex(max(0, index))
        self.template_box.blockSignals(False)
        self._refill()
        if facts is None and not problem:
            self.count_label.setText("This agent has no working memory to show (facts appear for CLIPS agents).")

    def set_template(self, template: str) -> None:
        """Show only the facts of ``template`` (or all with ALL_TEMPLATES)."""
        index = self.template_box.findText(template)
        if index >= 0:
            self.template_box.setCurrentIndex(index)

    def visible_facts(self) -> list[tuple[str, str]]:
        """The (template, fact) pairs the list shows now."""
        return [(self.tree.topLevelItem(i).text(0), self.tree.topLevelItem(i).text(1))
                for i in range(self.tree.topLevelItemCount())]

    def _refill(self) -> None:
        template = self.template_box.currentText()
        needle = self.filter_edit.text().strip().lower()
        shown = [(t, f) for t, f in self._facts
                 if (template == ALL_TEMPLATES or t == template) and (not needle or needle in f.lower())]
        self.tree.setUpdatesEnabled(False)
        self.tree.clear()
        self.tree.addTopLevelItems([QTreeWidgetItem([t, f]) for t, f in shown])
        self.tree.setUpdatesEnabled(True)
        if self._problem:
            self.count_label.setText(f"Could not read the agent's facts: {self._problem}")
            self.count_label.setStyleSheet("color: #B34700;")
        else:
            self.count_label.setText(f"{len(shown)} of {len(self._facts)} facts")
            self.count_label.setStyleSheet("color: #667085;")
