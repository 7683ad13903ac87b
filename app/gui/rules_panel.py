"""The Rules tab: why a rule-based agent (CLIPS today) acted. Per step, every rule firing in order (module, rule,
salience, the facts it matched); the agenda and focus stack after the step; how often each rule fired in the game
so far.

The panel shows ``StepTrace`` data only (``app.backends.tracing``): it never calls CLIPS. Picking a firing
emits ``firing_selected``: ``app.gui.trace_link`` then rings on the board the cells its facts name (x/y slots) and
selects those facts in the Facts tab. In a game being played (``live``) it also shows a turn paused mid-way
(``show_pause``: the firings so far, the agenda waiting) and has the breakpoints list and "why didn't it fire?"
(``app.gui.rule_debug``): right-click a rule in any list for them, and a firing to go back to just before it
(``back_asked``: ``app.gui.stepback``). Live or replayed, "Why this shot?" (``app.gui.why_tree``) shows the chain
behind an action, a fact or a firing: right-click or double-click a fact of a firing, right-click a firing; the
window asks it of a board cell (``TraceLink``) or a fact of the Facts tab.
"""

from __future__ import annotations

from collections import Counter

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, Qt, QTimer, pyqtSignal
from PyQt5.QtGui import QColor, QFont, QIcon
from PyQt5.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.backends.tracing import BasisFact, Firing, FiringRef, StepTrace
from app.core import Cell
from app.gui.rule_debug import BreakpointList, WhyNotPanel, breakpoint_icon
from app.gui.theme import add_tab, mono_font
from app.gui.why_tree import WhyTree

ALL_MODULES = QT_TRANSLATE_NOOP("RulesPanel", "All modules")
NOT_STARTED = QT_TRANSLATE_NOOP("RulesPanel", "No step yet: once the agent plays, each step's rule firings show here.")
NO_TRACE = QT_TRANSLATE_NOOP("RulesPanel", "No rule trace for this step: rule traces exist for CLIPS agents (and "
                             "for logs saved from traced games, e.g. run --trace … --log).")


def traces_from_log(data: dict[int, object]) -> tuple[dict[int, StepTrace], str]:
    """A game log's trace records as StepTraces (a game played here keeps them as recorded), and "" or what is
    wrong with the first malformed one."""
    traces = {}
    for step, record in sorted(data.items()):
        try:
            traces[step] = record if isinstance(record, StepTrace) else StepTrace.from_dict(record)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            return traces, f"the trace of step {step} is malformed ({type(error).__name__}: {error})"
    return traces, ""


def _scrolling(page: QWidget) -> QScrollArea:
    """``page`` scrolling in its tab: the tall pages (breakpoints, why not) set the Rules tab's least height, which
    took the score card's room in a laptop's side column."""
    area = QScrollArea()
    area.setWidget(page)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.NoFrame)
    return area


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
    """The Rules tab; ``add_traces`` as the game goes (or ``set_traces`` for a replay), ``show_step`` to look."""

    firing_selected = pyqtSignal(object)  # the Firing picked (None: the pick was cleared)
    breakpoints_changed = pyqtSignal(object)  # live: the frozenset of MODULE::rule to pause before
    why_asked = pyqtSignal(str)  # live: MODULE::rule to explain
    back_asked = pyqtSignal(int, int)  # live: go back to just before this firing (step, its number from 1)

    def __init__(self, parent: QWidget | None = None, live: bool = False):
        super().__init__(parent)
        self.live = live
        self.paused = None  # live: the TurnPause shown (the turn waits mid-way)
        self._break_icon = breakpoint_icon()
        self.traces: dict[int, StepTrace] = {}
        self.rules: list[str] = []  # MODULE::rule of every rule of the game, fired or not
        self.counts: Counter[str] = Counter()
        self.shown: StepTrace | None = None
        self.at_start = True  # no step shown yet: nothing to say about traces
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        bar = QHBoxLayout()
        self.module_box = QComboBox()
        self.module_box.addItem(self.tr(ALL_MODULES), ALL_MODULES)
        self.module_box.setMinimumWidth(120)
        self.module_box.setToolTip(self.tr("Show the firings of one module only"))
        self.module_box.currentIndexChanged.connect(self._refilter)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("filter rules…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip(self.tr("Show only the rules whose name contains this text"))
        self.filter_edit.textChanged.connect(self._refilter)
        bar.addWidget(self.module_box)
        bar.addWidget(self.filter_edit, 1)
        layout.addLayout(bar)
        self.summary = QLabel(self.tr(NO_TRACE))
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("color: #475467;")
        layout.addWidget(self.summary)
        self.pause_label = QLabel("")
        self.pause_label.setWordWrap(True)
        self.pause_label.setStyleSheet("background: #FFF4E0; color: #7A3E00; border: 1px solid #E69F00; "
                                       "border-radius: 4px; padding: 4px;")
        self.pause_label.hide()
        layout.addWidget(self.pause_label)
        splitter = QSplitter(Qt.Vertical)
        self.firings = _tree(["#", self.tr("module"), self.tr("rule"), self.tr("sal."), self.tr("facts matched")],
                             self.tr("Every rule the step fired, in firing order (as (watch rules) shows them); open "
                                     "one for the facts it matched. Pick one to ring its cells on the board and "
                                     "select its facts in the Facts tab"),
                             {0: "99999", 1: "DELIBERATE", 2: "discover-ship-cell", 3: "-100"})
        self.firings.headerItem().setToolTip(3, self.tr("salience"))
        self.firings.currentItemChanged.connect(self._picked)
        self.firings.itemExpanded.connect(self._open_firing)
        splitter.addWidget(self.firings)
        self.lower = QTabWidget()
        self.lower.setStyleSheet("QTabBar::tab { padding: 6px 6px; }")  # five tabs in a laptop's side column
        agenda_box = QWidget()
        agenda_layout = QVBoxLayout(agenda_box)
        agenda_layout.setContentsMargins(0, 4, 0, 0)
        self.focus_label = QLabel("")
        self.focus_label.setWordWrap(True)
        agenda_layout.addWidget(self.focus_label)
        self.agenda = _tree([self.tr("sal."), self.tr("module"), self.tr("rule"), self.tr("facts")],
                            self.tr("The activations waiting after this step, in the order CLIPS would fire them "
                                    "(module by module, top of the focus stack first), as (agenda) lists them"),
                            {0: "-100", 1: "DELIBERATE", 2: "discover-ship-cell"})
        self.agenda.headerItem().setToolTip(0, self.tr("salience"))
        self.agenda.setRootIsDecorated(False)
        agenda_layout.addWidget(self.agenda, 1)
        add_tab(self.lower, agenda_box, self.tr("Agenda"),
                self.tr("The focus stack and the activations waiting after the step shown"))
        self.count_tree = _tree([self.tr("fired"), self.tr("module"), self.tr("rule")],
                                self.tr("How often each rule fired in the game so far (0: never fired); click a "
                                        "header to sort"), {0: "9999", 1: "DELIBERATE"})
        self.count_tree.setRootIsDecorated(False)
        self.count_tree.setSortingEnabled(True)
        add_tab(self.lower, self.count_tree, self.tr("Counts"),
                self.tr("How often each rule fired in the game so far; the rules that never fired too"))
        self.agenda_box = agenda_box
        self.breaks = self.why = None
        if live:
            self.breaks = BreakpointList()
            self.breaks.changed.connect(self._breakpoints_changed)
            add_tab(self.lower, _scrolling(self.breaks), self.tr("Breakpoints"),
                    self.tr("The rules the agent's turn pauses before (CLIPS's set-break)"))
            self.why = WhyNotPanel()
            self.why.asked.connect(self.why_asked)
            self.why_page = _scrolling(self.why)
            add_tab(self.lower, self.why_page, self.tr("Why not?"),
                    self.tr("Why didn't a rule fire? Pattern by pattern, what matches now"))
        self.why_tree = WhyTree()
        self.why_tree.firing_clicked.connect(self.select_firing)
        add_tab(self.lower, self.why_tree, self.tr("Why this shot?"),
                self.tr("The chain behind an action, a fact or a firing: which rule made each fact it rests on, from "
                        "which facts, back to what the environment told the agent"))
        for tree in (self.firings, self.agenda, self.count_tree) if live else (self.firings,):
            tree.setContextMenuPolicy(Qt.CustomContextMenu)
            tree.customContextMenuRequested.connect(lambda pos, t=tree: self._context_menu(t, pos))
        self.firings.itemDoubleClicked.connect(self._double_clicked)
        splitter.addWidget(self.lower)
        self.splitter = splitter
        # the firings first: laid out by the lower tabs' least height they had two rows on a laptop; those tabs
        # may go down to their bar and two lines (a page taller than that scrolls or shrinks its list)
        self.lower.setMinimumHeight(self.lower.tabBar().sizeHint().height() + 2 * self.fontMetrics().height())
        self.split_held = False  # the user moved the line (or a chain took the room): sizes left as they are
        splitter.splitterMoved.connect(lambda _pos, _index: setattr(self, "split_held", True))
        splitter.installEventFilter(self)
        layout.addWidget(splitter, 1)

    # ----- data --------------------------------------------------------------------
    def clear(self) -> None:
        """A new game: nothing traced yet."""
        self.paused = None
        self.pause_label.hide()
        if self.why is not None:
            self.why.clear()
        self.traces.clear()
        self.why_tree.clear()
        self.rules = []
        self.counts.clear()
        self.show_step(None)
        self._fill_counts()

    def add_traces(self, traces) -> None:
        """More steps of the game being played (one, or after a step back the whole game's so far), the last shown
        at once; the lists are filled once."""
        if not traces:
            return
        self.paused = None
        self.pause_label.hide()
        for trace in traces:
            self._take(trace)
        self._fill_counts()
        self.show_step(traces[-1].step)

    def set_traces(self, traces: dict[int, StepTrace]) -> None:
        """A whole game's traces (a replay); shows none until ``show_step``."""
        self.clear()
        for step in sorted(traces):
            self._take(traces[step])
        self._fill_counts()

    def _take(self, trace: StepTrace) -> None:
        self.traces[trace.step] = trace
        self.why_tree.add(trace)
        self._take_rules(trace.rules)
        self.counts.update(f"{firing.module}::{firing.rule}" for firing in trace.firings)

    def _take_rules(self, names) -> None:
        for name in names:
            if name not in self.counts and name not in self.rules:
                self.rules.append(name)

    # ----- showing -----------------------------------------------------------------
    def show_step(self, step: int | None) -> None:
        """Show the trace of ``step`` (None or untraced: say so)."""
        self.shown = self.traces.get(step) if step is not None else None
        self.at_start = step is None
        modules = sorted({f.module for t in self.traces.values() for f in t.firings}
                         | {name.split("::")[0] for name in self.rules})
        chosen = self.module_box.currentText()
        self.module_box.blockSignals(True)
        self.module_box.clear()
        self.module_box.addItem(self.tr(ALL_MODULES), ALL_MODULES)
        self.module_box.addItems(modules)
        self.module_box.setCurrentIndex(max(0, self.module_box.findText(chosen)))
        self.module_box.blockSignals(False)
        self._refill()
        self._fill_agenda()

    def _wanted(self, module: str, rule: str) -> bool:
        chosen = self.module_box.currentText()
        needle = self.filter_edit.text().strip().lower()
        return (self.module_box.currentIndex() <= 0 or module == chosen) and (not needle or needle in rule.lower())

    def _refill(self) -> None:
        trace = self.shown
        self.firings.setUpdatesEnabled(False)
        self.firings.clear()
        if trace is None:
            self.summary.setText(self.tr(NOT_STARTED if self.at_start else NO_TRACE))
            self.firings.setUpdatesEnabled(True)
            return
        items = []
        breaks = self.breakpoints()
        for number, firing in enumerate(trace.firings, 1):
            if not self._wanted(firing.module, firing.rule):
                continue
            labels = ",".join(fact.label for fact in firing.basis) or "*"
            item = QTreeWidgetItem([str(number), firing.module, firing.rule, str(firing.salience), labels])
            item.setData(0, Qt.UserRole, firing)
            item.setToolTip(2, f"{firing.module}::{firing.rule}")
            if breaks and f"{firing.module}::{firing.rule}" in breaks:
                item.setIcon(2, self._break_icon)
            if firing.basis:  # its facts' rows are made when it is opened: a 500-firing step stays quick
                item.setChildIndicatorPolicy(QTreeWidgetItem.ShowIndicator)
            items.append(item)
        self.firings.addTopLevelItems(items)
        self.firings.setUpdatesEnabled(True)
        shown = self.tr(" ({0} shown)").format(len(items)) if len(items) != len(trace.firings) else ""
        self.summary.setText(self.tr("Step {0}: {1} rule firings{2}, {3} facts changed.").format(
            trace.step, len(trace.firings), shown, len(trace.changes)))

    def _open_firing(self, item: QTreeWidgetItem) -> None:
        """A firing opened: a row per fact it matched, its text across the whole row."""
        firing = item.data(0, Qt.UserRole)
        if item.childCount() or not isinstance(firing, Firing):
            return
        for fact in firing.basis:
            text = f"      {fact.label} {fact.text}" if fact.index is not None else "      * " + self.tr("(a not pattern: no fact)")
            child = QTreeWidgetItem([text])
            child.setData(0, Qt.UserRole, fact)
            child.setToolTip(0, text.strip() + ("\n" + self.tr("Double-click: why is this fact here?")
                                                if fact.index is not None else ""))
            item.addChild(child)
            child.setFirstColumnSpanned(True)

    def _fill_agenda(self) -> None:
        trace = self.shown
        self.agenda.clear()
        if trace is None:
            self.focus_label.setText("")
            return
        waiting = (self.tr("{0} activations waiting now (the first fires next)").format(len(trace.agenda))
                   if self.paused is not None else
                   self.tr("{0} activations waiting after this step").format(len(trace.agenda)))
        self.focus_label.setText(self.tr("Focus stack (top first): {0} · {1}").format(
            " ".join(trace.focus) or self.tr("(empty)"), waiting))
        items = [QTreeWidgetItem([str(a.salience), a.module, a.rule,
                                  ",".join("*" if i is None else f"f-{i}" for i in a.basis) or "*"])
                 for a in trace.agenda]
        self.agenda.addTopLevelItems(items)
        self._mark(items, 1)
        if self.paused is not None and items:  # the activation the turn paused before fires next
            bold = QFont(self.agenda.font())
            bold.setBold(True)
            for column in range(4):
                items[0].setFont(column, bold)
            items[0].setToolTip(2, self.tr("Fires next: the turn is paused just before it"))

    def _refilter(self) -> None:
        """The module or the rule filter changed: the firings and the rule counts follow it."""
        self._refill()
        self._fill_counts()

    def _fill_counts(self) -> None:
        self.count_tree.setSortingEnabled(False)
        self.count_tree.clear()
        names = list(self.rules) + [name for name in self.counts if name not in self.rules]
        items = []
        for name in names:
            module, _, rule = name.partition("::")
            if not self._wanted(module, rule):
                continue  # the module and rule filters apply to the counts too
            item = QTreeWidgetItem()
            item.setData(0, Qt.DisplayRole, self.counts.get(name, 0))
            item.setText(1, module)
            item.setText(2, rule)
            if not self.counts.get(name):
                item.setForeground(2, QColor("#B34700"))
                item.setToolTip(2, self.tr("never fired in this game so far"))
            items.append(item)
        self._mark(items, 1)
        self.count_tree.addTopLevelItems(items)
        self.count_tree.setSortingEnabled(True)
        self.count_tree.sortByColumn(0, Qt.DescendingOrder)

    # ----- a turn paused mid-way, breakpoints, why not (live) -------------------------------
    def show_pause(self, pause) -> None:
        """The agent's turn paused mid-way (a ``TurnPause``): its firings so far, the agenda waiting."""
        self.paused = pause
        if pause.trace.rules:
            self._take_rules(pause.trace.rules)
        self.shown = pause.trace
        self._refill()
        self._fill_agenda()
        self.summary.setText(self.tr("Step {0}, mid-turn: {1} rule firings so far, {2} facts changed so far.").format(
            pause.step, len(pause.trace.firings), len(pause.trace.changes)))
        why = (self.tr("a breakpoint") if pause.reason == "breakpoint" else self.tr("Step rule"))
        self.pause_label.setText(self.tr("Paused before {0} ({1}): Step rule fires it; Step or Run finish the "
                                         "turn.").format(pause.next_rule, why))
        self.pause_label.show()
        QTimer.singleShot(0, self.firings.scrollToBottom)  # what fired last (once the pause label is laid out)
        self.lower.setCurrentWidget(self.agenda_box)

    def breakpoints(self) -> frozenset[str]:
        """The rules with a breakpoint (none outside a live game)."""
        return self.breaks.names() if self.breaks is not None else frozenset()

    def set_agent_rules(self, rules) -> None:
        """Every rule of the agent (known at the game's setup): the "why not?" list and the rule counts."""
        if self.why is not None:
            self.why.set_rules(rules)

    def ask_why(self, rule: str) -> None:
        """Explain ``rule`` in the "Why not?" tab (the answer comes through ``show_why``)."""
        if self.why is not None:
            self.lower.setCurrentWidget(self.why_page)
            self.why.ask(rule)

    def show_why(self, report) -> None:
        """The answer to a "why not?" question (a ``WhyReport``)."""
        if self.why is not None:
            self.why.show_answer(report)

    def rule_menu(self, name: str) -> QMenu:
        """The menu of rule ``name`` (``MODULE::rule``): toggle its breakpoint, ask why it did not fire."""
        menu = QMenu(self)
        if name in self.breakpoints():
            menu.addAction(self.tr("Remove the breakpoint on {0}").format(name), lambda: self.breaks.toggle(name))
        else:
            menu.addAction(self.tr("Break before this rule ({0})").format(name), lambda: self.breaks.toggle(name))
        menu.addAction(self.tr("Why didn't {0} fire?").format(name), lambda: self.ask_why(name))
        return menu

    def _context_menu(self, tree: QTreeWidget, position) -> None:
        item = tree.itemAt(position)
        top = item
        while top is not None and top.parent() is not None:
            top = top.parent()
        if top is None or not top.text(2):
            return
        menu = self.rule_menu(f"{top.text(1)}::{top.text(2)}") if self.live else QMenu(self)
        at = self._ref_of(top) if tree is self.firings else None
        if at is not None:
            first = menu.actions()[0] if menu.actions() else None
            fact = item.data(0, Qt.UserRole) if item is not top else None
            if isinstance(fact, BasisFact) and fact.index is not None:
                why = menu.addAction(self.tr("Why is {0} here? (chain)").format(fact.label))
                why.triggered.connect(lambda: self._ask(self.why_tree.why_fact(fact.index, fact.text, at)))
            else:
                why = menu.addAction(self.tr("Why did {0} fire? (chain)").format(top.text(2)))
                why.triggered.connect(lambda: self._ask(self.why_tree.why_firing(at)))
            if first is not None:
                menu.insertAction(first, why)
                menu.insertSeparator(first)
        if self.live and tree is self.firings and self.shown is not None:
            step, number = self.shown.step, int(top.text(0))
            menu.addSeparator()
            menu.addAction(self.tr("Back to just before firing #{0} (the game is played again to there)").format(
                number), lambda: self.back_asked.emit(step, number))
        if menu.actions():
            menu.exec_(tree.viewport().mapToGlobal(position))

    # ----- why this shot? ---------------------------------------------------------------
    def _ref_of(self, top: QTreeWidgetItem) -> FiringRef | None:
        """The step and number of a firing's row, if its step is traced whole (not a turn paused mid-way)."""
        shown = self.shown
        if shown is None or self.paused is not None or self.traces.get(shown.step) is not shown:
            return None
        return FiringRef(shown.step, int(top.text(0)))

    def _double_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        fact, top = item.data(0, Qt.UserRole), item.parent()
        at = self._ref_of(top) if top is not None else None
        if isinstance(fact, BasisFact) and fact.index is not None and at is not None:
            self._ask(self.why_tree.why_fact(fact.index, fact.text, at))

    def why_cell(self, cell: Cell) -> bool:
        """Show the chain of the last shot at ``cell`` (a board cell) and the firings of the step that made it (not
        the last step's); False when no traced exec was there."""
        step = self.why_tree.shot_at(cell)
        shown = self._ask(self.why_tree.why_cell(cell))
        if shown and step in self.traces and (self.shown is not self.traces[step] or self.paused is not None):
            self.paused = None
            self.pause_label.hide()
            self.show_step(step)
        return shown

    def why_fact(self, index: int, text: str) -> bool:
        """Show the chain of fact ``index`` as it stands after the last step traced (the Facts tab's)."""
        return self._ask(self.why_tree.why_fact(index, text))

    def _ask(self, shown: bool) -> bool:
        """A chain was shown (``shown``): bring its tab, and this panel's, to the front."""
        if shown:
            self.lower.setCurrentWidget(self.why_tree)
            QTimer.singleShot(0, self._room_for_chain)  # once the tab brought forward is laid out
            parent = self.parentWidget()
            while parent is not None:  # the Rules tab in the window's side tabs
                if isinstance(parent, QTabWidget):
                    pages = [parent.widget(i) for i in range(parent.count())]
                    parent.setCurrentWidget(next(page for page in pages if page is self or page.isAncestorOf(self)))
                parent = parent.parentWidget()
        return shown

    def _room_for_chain(self) -> None:
        """A chain needs the room more than the firings list: three quarters of the height for it."""
        sizes = self.splitter.sizes()
        if sum(sizes) and sizes[1] < 2 * sizes[0]:
            self.split_held = True
            self.splitter.setSizes([sum(sizes) // 4, sum(sizes) - sum(sizes) // 4])

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if watched is self.splitter and event.type() == QEvent.Resize and not self.split_held:
            QTimer.singleShot(0, self._fit_split)  # once the splitter has laid out its new size
        return False

    def _fit_split(self) -> None:
        """Three fifths of the height to the firings, the rest (at least its least height) to the tabs below,
        until the user moves the line."""
        total = sum(self.splitter.sizes())
        if not self.split_held and total > 0:
            lower = max(self.lower.minimumHeight(), total * 2 // 5)
            self.splitter.setSizes([total - lower, lower])

    def select_firing(self, at: FiringRef) -> None:
        """Show ``at``'s step and select the firing (its cells ringed on the board, its facts selected)."""
        if at.step not in self.traces:
            return
        if self.shown is not self.traces[at.step] or self.paused is not None:
            self.paused = None
            self.pause_label.hide()
            self.show_step(at.step)
        for attempt in range(2):
            for i in range(self.firings.topLevelItemCount()):
                item = self.firings.topLevelItem(i)
                if item.text(0) == str(at.number):
                    self.firings.setCurrentItem(item)
                    self.firings.scrollToItem(item)
                    return
            if attempt == 0:  # hidden by the module or rule filter: show them all
                self.filter_edit.clear()
                self.module_box.setCurrentIndex(0)

    def _breakpoints_changed(self, names) -> None:
        for tree in (self.firings, self.agenda, self.count_tree):
            self._mark([tree.topLevelItem(i) for i in range(tree.topLevelItemCount())], 1)
        self.breakpoints_changed.emit(names)

    def _mark(self, items, module_column: int) -> None:
        """A dot on the rule of each item (module in ``module_column``, rule next to it) that has a breakpoint."""
        breaks = self.breakpoints()
        if not breaks and not self.live:
            return
        for item in items:
            name = f"{item.text(module_column)}::{item.text(module_column + 1)}"
            item.setIcon(module_column + 1, self._break_icon if name in breaks else QIcon())

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
