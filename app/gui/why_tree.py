"""The "Why this shot?" tree of the Rules tab: the chain behind an action, a fact or a firing, one node per fact,
nested under the fact whose firing matched it, down to the environment's facts.

It keeps the game's ``Provenance`` (fed each step's trace with ``add``) and answers the questions the window
asks: ``why_step`` (the exec of a step), ``why_cell`` (the last shot at a board cell), ``why_fact`` (a fact as
it stands after a step, or as a firing matched it) and ``why_firing``.

It shows ``WhyLine``s (``app.backends.tracing.provenance``), as ``run --trace why`` prints them: a node names
the fact, the rule that asserted or last modified it (MODULE::name), the step and the firing number; a firing
met again says "see above". Clicking a firing's node emits ``firing_clicked`` with its ``FiringRef``.
"""

from __future__ import annotations

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QRect, QSize, Qt, pyqtSignal
from PyQt5.QtGui import QColor
from PyQt5.QtWidgets import (
    QHeaderView,
    QLabel,
    QStyledItemDelegate,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.backends.tracing import FiringRef, Origin, Provenance, WhyLine
from app.core import Cell
from app.gui.theme import mono_font

UNSOURCED = QT_TRANSLATE_NOOP(
    "WhyTree", "This game's trace does not say which rule made each fact (a log saved before the app recorded it): "
    "no chains. Play the game again with the trace on (run --trace … --log, or in the app) for them.")
NOTHING_ASKED = QT_TRANSLATE_NOOP(
    "WhyTree", "Ask \"why?\" of a shot, a fact or a firing: double-click (or right-click) a fired cell of the board, "
    "a fact of a firing listed above, or a fact in the Facts tab; right-click a firing for why it fired.")
EXPANDED_DEPTH = 6  # a long chain opens this deep; the rest opens on demand
ENVIRONMENT_COLOUR = QColor("#0B6E4F")
REPEAT_COLOUR = QColor("#667085")


class _Wrapped(QStyledItemDelegate):
    """Each node as tall as its text wrapped at the width left to it (QTreeView keeps one line a row otherwise)."""

    def sizeHint(self, option, index) -> QSize:  # noqa: N802 (Qt naming)
        tree = self.parent()
        depth, parent = 1, index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        width = max(40, tree.viewport().width() - depth * tree.indentation() - 8)
        text = str(index.data() or "")
        height = option.fontMetrics.boundingRect(QRect(0, 0, width, 100000), Qt.TextWordWrap, text).height()
        return QSize(width, height + 4)


class WhyTree(QWidget):
    """A chain as a collapsible tree (``show_chain``), with a line saying what was asked."""

    firing_clicked = pyqtSignal(object)  # the FiringRef of the node clicked

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.provenance = Provenance()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        self.question = QLabel(self.tr(NOTHING_ASKED))
        self.question.setWordWrap(True)
        self.question.setStyleSheet("color: #475467;")
        layout.addWidget(self.question)
        self.tree = QTreeWidget()
        # a node as run --trace why prints it, wrapped at the panel's width: the side panel is narrow for columns,
        # and a chain read by scrolling sideways line by line lost its left edge (issue 43)
        self.tree.setHeaderHidden(True)
        self.tree.header().setStretchLastSection(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.Stretch)
        self.tree.setWordWrap(True)
        self.tree.setTextElideMode(Qt.ElideNone)
        self.tree.setItemDelegate(_Wrapped(self.tree))
        # rows measured again at the new width (a chain is filled while its tab is hidden, at another width)
        self.tree.header().sectionResized.connect(lambda *_: self.tree.scheduleDelayedItemsLayout())
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.tree.setFont(mono_font(9))
        self.tree.setIndentation(14)
        self.tree.setMinimumHeight(36)
        self.tree.setToolTip(self.tr("Each fact under the firing that matched it, with the rule that asserted or last "
                                     "modified it then, down to the environment's facts (k-cells, counts, the results "
                                     "of fires). Click a firing to select it above and ring its cells on the board"))
        self.tree.itemClicked.connect(self._clicked)
        layout.addWidget(self.tree, 1)

    def clear(self) -> None:
        """Nothing asked, nothing traced (a new game)."""
        self.provenance = Provenance()
        self.tree.clear()
        self.question.setText(self.tr(NOTHING_ASKED))

    def add(self, trace) -> None:
        """The trace of the game's next step (a whole step: a turn paused mid-way is not one)."""
        if trace.step not in self.provenance.traces:
            self.provenance.add(trace)

    # ----- questions -----------------------------------------------------------------
    def shot_at(self, cell: Cell) -> int | None:
        """The last step whose exec was at ``cell`` (a fire before a flag), None if none was."""
        found: dict[str, int] = {}
        for step in sorted(self.provenance.traces, reverse=True):
            for _, text, _ in self.provenance.execs(step):
                if f"(x {cell.x})" in text and f"(y {cell.y})" in text:
                    found.setdefault("fire" if "(action fire)" in text else "other", step)
        return found.get("fire", found.get("other"))

    def why_step(self, step: int) -> bool:
        """Show the chain of ``step``'s exec; False when the step has none traced."""
        execs = self.provenance.execs(step)
        if not execs:
            return False
        index, text, _ = execs[0]
        self.show_chain(self.tr("Why this shot? f-{0} {1}, the action of step {2}").format(index, text, step),
                        self.provenance.exec_lines(step))
        return True

    def why_cell(self, cell: Cell) -> bool:
        """Show the chain of the last shot at ``cell``; False when no traced exec was there."""
        step = self.shot_at(cell)
        return step is not None and self.why_step(step)

    def why_fact(self, index: int, text: str, at: FiringRef | None = None) -> bool:
        """Show the chain of fact ``index`` (``text``) as the firing ``at`` matched it, or (None) as it stands
        after the last step traced; False when nothing is traced."""
        provenance = self.provenance
        if not provenance.traces:
            return False
        if at is None:
            lines = provenance.fact_lines(index, text)
            question = self.tr("Why is f-{0} {1} there? (after step {2})").format(index, text, max(provenance.traces))
        else:
            try:
                source = provenance.maker(index, provenance.position(at))
            except (KeyError, IndexError):
                return False
            lines = provenance.chain(index, text, source)
            question = self.tr("Why was f-{0} {1} there for step {2}, firing {3}?").format(
                index, text, at.step, at.number)
        self.show_chain(question, lines)
        return True

    def why_firing(self, at: FiringRef) -> bool:
        """Show why the firing ``at`` fired: the chains of the facts it matched; False when it is not traced."""
        try:
            position = self.provenance.position(at)
        except (KeyError, IndexError):
            return False
        lines = self.provenance.firing_lines(position)
        self.show_chain(self.tr("Why did {0} fire? (step {1}, firing {2})").format(
            lines[0].rule, at.step, at.number), lines)
        return True

    def show_chain(self, question: str, lines: list[WhyLine]) -> None:
        """Show ``lines`` (depth first, as ``Provenance`` gives them) under the heading ``question``; a trace that
        does not say which rule made each fact gets that said instead."""
        if not self.provenance.sourced:
            question, lines = self.tr(UNSOURCED), []
        self.question.setText(question)
        self.tree.setUpdatesEnabled(False)
        self.tree.clear()
        parents: list[QTreeWidgetItem] = []
        for line in lines:
            item = self._item(line)
            del parents[line.depth:]
            if parents:
                parents[-1].addChild(item)
            else:
                self.tree.addTopLevelItem(item)
            parents.append(item)
        self._expand(self.tree.invisibleRootItem(), 0)
        self.tree.setUpdatesEnabled(True)
        if self.tree.topLevelItemCount():
            self.tree.setCurrentItem(self.tree.topLevelItem(0))

    def _expand(self, item: QTreeWidgetItem, depth: int) -> None:
        for i in range(item.childCount()):
            child = item.child(i)
            if depth < EXPANDED_DEPTH and child.childCount():
                child.setExpanded(True)
                self._expand(child, depth + 1)

    def _item(self, line: WhyLine) -> QTreeWidgetItem:
        """A node: who made the fact (the rule with its step and firing number, or the environment), then the fact."""
        fact = f"f-{line.index} {line.text}" if line.index >= 0 else ""
        if line.origin == Origin.FIRING:
            where = self.tr("{0} (step {1}, firing {2})").format(line.rule, line.firing.step, line.firing.number)
            if line.repeat:
                where += self.tr(": see above")
            item = QTreeWidgetItem([f"{where}  {fact}".rstrip()])
            item.setData(0, Qt.UserRole, line.firing)
            item.setToolTip(0, self.tr("{0} (step {1}, firing {2}) matched {3}").format(
                line.rule, line.firing.step, line.firing.number, ",".join(line.matched) or "*") + f"\n{fact}")
            if line.repeat:
                item.setForeground(0, REPEAT_COLOUR)
        elif line.origin == Origin.ENVIRONMENT:
            made = self.tr("environment") + (f" ({line.made_by})" if line.made_by else "")
            item = QTreeWidgetItem([f"[{made}]  {fact}"])
            item.setForeground(0, ENVIRONMENT_COLOUR)
            item.setToolTip(0, self.tr("The game told the agent this (k-cells, counts, status, moves, the result of "
                                       "a fire): where the chain ends") + f"\n{fact}")
        else:
            initial = self.tr("initial fact")
            item = QTreeWidgetItem([f"[{initial}]  {fact}"])
            item.setToolTip(0, self.tr("One of the agent's own facts when the game began (its deffacts): where the "
                                       "chain ends") + f"\n{fact}")
        item.setData(0, Qt.UserRole + 1, (line.index, line.text, line.origin, line.rule, line.firing))
        return item

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        ref = item.data(0, Qt.UserRole)
        if isinstance(ref, FiringRef):
            self.firing_clicked.emit(ref)

    # ----- for tests and the docs ----------------------------------------------------
    def rows(self) -> list[tuple[int, str, str, str, str]]:
        """Every node, depth first: (depth, fact, made by: MODULE::rule or the origin, step, firing number)."""
        rows: list[tuple[int, str, str, str, str]] = []

        def walk(item: QTreeWidgetItem, depth: int) -> None:
            for i in range(item.childCount()):
                child = item.child(i)
                index, text, origin, rule, firing = child.data(0, Qt.UserRole + 1)
                fact = f"f-{index} {text}" if index >= 0 else ""
                made = (rule, str(firing.step), str(firing.number)) if firing is not None else (origin, "", "")
                rows.append((depth, fact, *made))
                walk(child, depth + 1)

        walk(self.tree.invisibleRootItem(), 0)
        return rows
