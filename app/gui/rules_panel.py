"""The Rules tab: why a CLIPS agent acted. Per step, every rule firing in order (module, rule, salience, the facts
it matched); the agenda and focus stack after the step; how often each rule fired in the game so far.

The panel shows ``StepTrace`` data only (``app.backends.clips.trace``): it never calls CLIPS. Picking a firing
emits ``firing_selected`` so the window can ring on the board the cells its facts name (x/y slots) and select
those facts in the Facts tab.
"""

from __future__ import annotations

import re
from collections import Counter

from PyQt5.QtCore import QObject, QRectF, Qt, pyqtSignal
from PyQt5.QtGui import QBrush, QColor, QPainter, QPen
from PyQt5.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.backends.clips.trace import Firing, StepTrace
from app.core import Cell
from app.gui import theme
from app.gui.board import BoardOverlay, BoardWidget
from app.gui.theme import mono_font

ALL_MODULES = "All modules"
_X, _Y = re.compile(r"\(x (-?\d+)\)"), re.compile(r"\(y (-?\d+)\)")
NO_TRACE = ("No rule trace for this step: rule traces exist for CLIPS agents (and for logs saved from traced "
            "games, e.g. run --trace … --log).")


def traces_from_log(data: dict[int, dict]) -> tuple[dict[int, StepTrace], str]:
    """A game log's trace records as StepTraces, and "" or what is wrong with the first malformed one."""
    traces = {}
    for step, record in sorted(data.items()):
        try:
            traces[step] = StepTrace.from_dict(record)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            return traces, f"the trace of step {step} is malformed ({type(error).__name__}: {error})"
    return traces, ""


def cells_of(texts) -> list[Cell]:
    """The board cells named by the facts ``texts`` through their x and y slots (in order, once each)."""
    cells: list[Cell] = []
    for text in texts:
        x, y = _X.search(text), _Y.search(text)
        if x and y:
            cell = Cell(int(x.group(1)), int(y.group(1)))
            if 0 <= cell.x < 10 and 0 <= cell.y < 10 and cell not in cells:
                cells.append(cell)
    return cells


class CellRings(BoardOverlay):
    """Drawn over a ``BoardWidget`` (mouse events pass through): rings around the cells of a rule firing's facts."""

    def __init__(self, board: BoardWidget):
        super().__init__(board)
        self.cells: list[Cell] = []

    def set_cells(self, cells: list[Cell]) -> None:
        self.cells = list(cells)
        self.raise_()
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        if not self.cells:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        for cell in self.cells:
            rect = QRectF(self.board.cell_rect(cell)).adjusted(2, 2, -2, -2)
            painter.setBrush(QBrush(QColor(theme.REDDISH_PURPLE.red(), theme.REDDISH_PURPLE.green(),
                                           theme.REDDISH_PURPLE.blue(), 40)))
            painter.setPen(QPen(theme.REDDISH_PURPLE, max(2.0, rect.width() / 14)))
            painter.drawRoundedRect(rect, 6, 6)
        painter.end()


def _tree(headers: list[str], tip: str, widths: dict[int, str]) -> QTreeWidget:
    """A list view; ``widths``: column -> the widest text expected there (header or content, whichever is wider)."""
    tree = QTreeWidget()
    tree.setHeaderLabels(headers)
    tree.setAlternatingRowColors(True)
    tree.setUniformRowHeights(True)
    tree.setToolTip(tip)
    tree.setFont(mono_font(9))
    tree.setMinimumHeight(36)  # the tab must not make its window taller than a laptop screen
    heading, content = tree.header().fontMetrics(), tree.fontMetrics()
    for column, sample in widths.items():
        tree.setColumnWidth(column, max(heading.horizontalAdvance(headers[column]),
                                        content.horizontalAdvance(sample)) + 22)
    return tree


class RulesPanel(QWidget):
    """The Rules tab; ``add_trace`` as the game goes (or ``set_traces`` for a replay), ``show_step`` to look."""

    firing_selected = pyqtSignal(object)  # the Firing picked (None: the pick was cleared)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.traces: dict[int, StepTrace] = {}
        self.rules: list[str] = []  # MODULE::rule of every rule of the game, fired or not
        self.counts: Counter[str] = Counter()
        self.shown: StepTrace | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        bar = QHBoxLayout()
        self.module_box = QComboBox()
        self.module_box.addItem(ALL_MODULES)
        self.module_box.setMinimumWidth(120)
        self.module_box.setToolTip("Show the firings of one module only")
        self.module_box.currentIndexChanged.connect(self._refill)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("filter rules…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip("Show only the rules whose name contains this text")
        self.filter_edit.textChanged.connect(self._refill)
        bar.addWidget(self.module_box)
        bar.addWidget(self.filter_edit, 1)
        layout.addLayout(bar)
        self.summary = QLabel(NO_TRACE)
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("color: #667085;")
        layout.addWidget(self.summary)
        splitter = QSplitter(Qt.Vertical)
        self.firings = _tree(["#", "module", "rule", "sal.", "facts matched"],
                             "Every rule the step fired, in firing order (as (watch rules) shows them); open one "
                             "for the facts it matched. Pick one to ring its cells on the board and select its "
                             "facts in the Facts tab",
                             {0: "999", 1: "DELIBERATE", 2: "discover-ship-cell", 3: "-100"})
        self.firings.headerItem().setToolTip(3, "salience")
        self.firings.currentItemChanged.connect(self._picked)
        splitter.addWidget(self.firings)
        self.lower = QTabWidget()
        agenda_box = QWidget()
        agenda_layout = QVBoxLayout(agenda_box)
        agenda_layout.setContentsMargins(0, 4, 0, 0)
        self.focus_label = QLabel("")
        self.focus_label.setWordWrap(True)
        agenda_layout.addWidget(self.focus_label)
        self.agenda = _tree(["sal.", "module", "rule", "facts"],
                            "The activations waiting after this step, in the order CLIPS would fire them "
                            "(module by module, top of the focus stack first), as (agenda) lists them",
                            {0: "-100", 1: "DELIBERATE", 2: "discover-ship-cell"})
        self.agenda.headerItem().setToolTip(0, "salience")
        self.agenda.setRootIsDecorated(False)
        agenda_layout.addWidget(self.agenda, 1)
        self.lower.addTab(agenda_box, "Agenda")
        self.lower.setTabToolTip(0, "The focus stack and the activations waiting after the step shown")
        self.count_tree = _tree(["fired", "module", "rule"],
                                "How often each rule fired in the game so far (0: never fired); click a header "
                                "to sort", {0: "9999", 1: "DELIBERATE"})
        self.count_tree.setRootIsDecorated(False)
        self.count_tree.setSortingEnabled(True)
        self.lower.addTab(self.count_tree, "Rule counts")
        self.lower.setTabToolTip(1, "How often each rule fired in the game so far; the rules that never fired too")
        splitter.addWidget(self.lower)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout.addWidget(splitter, 1)

    # ----- data --------------------------------------------------------------------
    def clear(self) -> None:
        """A new game: nothing traced yet."""
        self.traces.clear()
        self.rules = []
        self.counts.clear()
        self.show_step(None)
        self._fill_counts()

    def add_trace(self, trace: StepTrace) -> None:
        """One more step of the game being played (shown at once)."""
        self._take(trace)
        self._fill_counts()
        self.show_step(trace.step)

    def set_traces(self, traces: dict[int, StepTrace]) -> None:
        """A whole game's traces (a replay); shows none until ``show_step``."""
        self.clear()
        for step in sorted(traces):
            self._take(traces[step])
        self._fill_counts()

    def _take(self, trace: StepTrace) -> None:
        self.traces[trace.step] = trace
        for name in trace.rules:
            if name not in self.counts:
                self.rules.append(name)
        self.counts.update(f"{firing.module}::{firing.rule}" for firing in trace.firings)

    # ----- showing -----------------------------------------------------------------
    def show_step(self, step: int | None) -> None:
        """Show the trace of ``step`` (None or untraced: say so)."""
        self.shown = self.traces.get(step) if step is not None else None
        modules = sorted({f.module for t in self.traces.values() for f in t.firings}
                         | {name.split("::")[0] for name in self.rules})
        chosen = self.module_box.currentText()
        self.module_box.blockSignals(True)
        self.module_box.clear()
        self.module_box.addItem(ALL_MODULES)
        self.module_box.addItems(modules)
        self.module_box.setCurrentIndex(max(0, self.module_box.findText(chosen)))
        self.module_box.blockSignals(False)
        self._refill()
        self._fill_agenda()

    def _wanted(self, module: str, rule: str) -> bool:
        chosen = self.module_box.currentText()
        needle = self.filter_edit.text().strip().lower()
        return (chosen == ALL_MODULES or module == chosen) and (not needle or needle in rule.lower())

    def _refill(self) -> None:
        trace = self.shown
        self.firings.setUpdatesEnabled(False)
        self.firings.clear()
        if trace is None:
            self.summary.setText(NO_TRACE)
            self.firings.setUpdatesEnabled(True)
            return
        items = []
        for number, firing in enumerate(trace.firings, 1):
            if not self._wanted(firing.module, firing.rule):
                continue
            labels = ",".join(fact.label for fact in firing.basis) or "*"
            item = QTreeWidgetItem([str(number), firing.module, firing.rule, str(firing.salience), labels])
            item.setData(0, Qt.UserRole, firing)
            item.setToolTip(2, f"{firing.module}::{firing.rule}")
            for fact in firing.basis:
                text = f"      {fact.label} {fact.text}" if fact.index is not None else "      * (a not pattern: no fact)"
                child = QTreeWidgetItem([text])
                child.setToolTip(0, text.strip())
                item.addChild(child)
            items.append(item)
        self.firings.addTopLevelItems(items)
        for item in items:  # a fact's text across the whole row (only once in the tree)
            for i in range(item.childCount()):
                item.child(i).setFirstColumnSpanned(True)
        self.firings.setUpdatesEnabled(True)
        shown = f" ({len(items)} shown)" if len(items) != len(trace.firings) else ""
        self.summary.setText(f"Step {trace.step}: {len(trace.firings)} rule firings{shown}, "
                             f"{len(trace.changes)} facts changed.")

    def _fill_agenda(self) -> None:
        trace = self.shown
        self.agenda.clear()
        if trace is None:
            self.focus_label.setText("")
            return
        self.focus_label.setText(f"Focus stack (top first): {' '.join(trace.focus) or '(empty)'} · "
                                 f"{len(trace.agenda)} activations waiting after this step")
        self.agenda.addTopLevelItems([
            QTreeWidgetItem([str(a.salience), a.module, a.rule,
                             ",".join("*" if i is None else f"f-{i}" for i in a.basis) or "*"])
            for a in trace.agenda])

    def _fill_counts(self) -> None:
        self.count_tree.setSortingEnabled(False)
        self.count_tree.clear()
        names = list(self.rules) + [name for name in self.counts if name not in self.rules]
        items = []
        for name in names:
            module, _, rule = name.partition("::")
            item = QTreeWidgetItem()
            item.setData(0, Qt.DisplayRole, self.counts.get(name, 0))
            item.setText(1, module)
            item.setText(2, rule)
            if not self.counts.get(name):
                item.setForeground(2, QColor("#B34700"))
                item.setToolTip(2, "never fired in this game so far")
            items.append(item)
        self.count_tree.addTopLevelItems(items)
        self.count_tree.setSortingEnabled(True)
        self.count_tree.sortByColumn(0, Qt.DescendingOrder)

    def _picked(self, item: QTreeWidgetItem | None, _previous) -> None:
        while item is not None and item.parent() is not None:
            item = item.parent()
        firing = item.data(0, Qt.UserRole) if item is not None else None
        self.firing_selected.emit(firing if isinstance(firing, Firing) else None)

    # ----- for tests and the docs ----------------------------------------------------
    def listed(self) -> list[tuple[str, str, int, str]]:
        """The firings listed now: (module, rule, salience, matched fact labels)."""
        rows = []
        for i in range(self.firings.topLevelItemCount()):
            item = self.firings.topLevelItem(i)
            rows.append((item.text(1), item.text(2), int(item.text(3)), item.text(4)))
        return rows

    def count_of(self, name: str) -> int | None:
        """The count shown for ``MODULE::rule`` (None: not listed)."""
        module, _, rule = name.partition("::")
        for i in range(self.count_tree.topLevelItemCount()):
            item = self.count_tree.topLevelItem(i)
            if item.text(1) == module and item.text(2) == rule:
                return int(item.data(0, Qt.DisplayRole))
        return None


class TraceLink(QObject):
    """Ties a window's Rules tab to its board and Facts tab (None: the window has none): a picked firing rings
    its cells and selects its facts; each step's fact changes are marked in the Facts tab."""

    def __init__(self, rules: RulesPanel, facts, board: BoardWidget):
        super().__init__(rules)
        self.rules, self.facts = rules, facts
        self.rings = CellRings(board)
        rules.firing_selected.connect(self._picked)

    def clear(self) -> None:
        """A new game (or none)."""
        self.rules.clear()
        self._facts_changes(None)
        self.rings.set_cells([])

    def add(self, traces) -> None:
        """The traces of the steps just played (live)."""
        for trace in traces:
            self.rules.add_trace(trace)
        if traces:
            self._facts_changes(traces[-1].changes)
            self.rings.set_cells([])

    def show_step(self, step: int | None) -> None:
        """Show the trace of ``step`` (a replay moving through a saved game)."""
        self.rules.show_step(step)
        shown = self.rules.shown
        self._facts_changes(shown.changes if shown is not None else None)
        self.rings.set_cells([])

    def _picked(self, firing: Firing | None) -> None:
        facts = [fact for fact in firing.basis if fact.index is not None] if firing is not None else []
        self.rings.set_cells(cells_of(fact.text for fact in facts))
        if self.facts is not None:
            self.facts.highlight(fact.index for fact in facts)

    def _facts_changes(self, changes) -> None:
        if self.facts is not None:
            self.facts.set_changes(changes)
