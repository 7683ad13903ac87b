"""The Rules tab tied to the board and the Facts tab: a picked rule firing rings on the board the cells its facts
name (their x and y slots) and selects those facts in the Facts tab; each step's fact changes are marked there; "Why
this shot?" is asked of a board cell the traced agent acted at, or of a fact of the Facts tab, and answered in the
Rules tab (``app.gui.rules_panel``, which shows the trace itself and knows neither the board nor the Facts tab).
"""

from __future__ import annotations

import re

from PyQt5.QtCore import QEvent, QObject, QRectF
from PyQt5.QtGui import QBrush, QColor, QPainter, QPen
from PyQt5.QtWidgets import QMenu

from app.backends.tracing import Firing
from app.core import Cell
from app.gui import theme
from app.gui.board import BoardOverlay, BoardWidget
from app.gui.i18n import translate
from app.gui.rules_panel import RulesPanel

_X, _Y = re.compile(r"\(x (-?\d+)\)"), re.compile(r"\(y (-?\d+)\)")


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


class TraceLink(QObject):
    """Ties a window's Rules tab to its board and Facts tab (None: the window has none): a picked firing rings
    its cells and selects its facts; each step's fact changes are marked in the Facts tab. "Why this shot?" of a
    board cell (double-click or right-click a cell an exec of the trace was at) or of a fact in the Facts tab
    shows its chain in the Rules tab."""

    def __init__(self, rules: RulesPanel, facts, board: BoardWidget):
        super().__init__(rules)
        self.rules, self.facts, self.board = rules, facts, board
        self.rings = CellRings(board)
        rules.firing_selected.connect(self._picked)
        board.installEventFilter(self)
        if facts is not None:
            facts.why_asked.connect(rules.why_fact)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        kind = event.type()
        if watched is not self.board or kind not in (QEvent.MouseButtonDblClick, QEvent.ContextMenu):
            return False
        cell = self.board.cell_at(event.pos().x(), event.pos().y())
        step = self.rules.why_tree.shot_at(cell) if cell is not None else None
        if step is None:  # not a cell the traced agent acted at: the board handles it as usual
            return False
        if kind == QEvent.MouseButtonDblClick:
            self.rules.why_cell(cell)
            return True
        menu = QMenu(self.board)
        menu.addAction(translate("RulesPanel", "Why this shot? (step {0}, row {1}, column {2})").format(
                       step, cell.x, cell.y),
                       lambda: self.rules.why_cell(cell))
        menu.exec_(event.globalPos())
        return True

    def clear(self) -> None:
        """A new game (or none)."""
        self.rules.clear()
        self._facts_changes(None)
        self.rings.set_cells([])

    def add(self, traces) -> None:
        """The traces of the steps just played (live)."""
        self.rules.add_traces(traces)
        if traces:
            self._facts_changes(traces[-1].changes)
            self.rings.set_cells([])

    def show_step(self, step: int | None) -> None:
        """Show the trace of ``step`` (a replay moving through a saved game)."""
        self.rules.show_step(step)
        shown = self.rules.shown
        self._facts_changes(shown.changes if shown is not None else None)
        self.rings.set_cells([])

    def show_pause(self, pause) -> None:
        """The agent's turn paused mid-way (live): its firings so far and the facts changed so far."""
        self.rules.show_pause(pause)
        self._facts_changes(pause.trace.changes)
        self.rings.set_cells([])

    def _picked(self, firing: Firing | None) -> None:
        facts = [fact for fact in firing.basis if fact.index is not None] if firing is not None else []
        self.rings.set_cells(cells_of(fact.text for fact in facts))
        if self.facts is not None:
            self.facts.highlight(fact.index for fact in facts)

    def _facts_changes(self, changes) -> None:
        if self.facts is not None:
            self.facts.set_changes(changes)
