"""The editor's board: draw ships by dragging or with the keyboard, mark cells known at start."""

from __future__ import annotations

from PyQt5.QtCore import QRectF, QSize, Qt, pyqtSignal
from PyQt5.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PyQt5.QtWidgets import QWidget

from app.core import SIZE, Cell, GameMap, Ship
from app.core.draft import MapDraft, line_between
from app.gui import theme
from app.gui.board import CURSOR_MOVES, BoardWidget
from app.gui.cell_paint import piece_path
from app.gui.editor.paint import paint_editor_cell, paint_problem


class MapCanvas(BoardWidget):
    """The editor's board: ships drawn as pieces, known cells marked K, refused placements marked.

    Reuses the game board's geometry, cursor and cell painting. Mouse: drag to
    draw a ship, click a ship to remove it, right click to mark a cell known at
    start. Keys: arrows move the cursor, Space/Enter starts and ends a ship
    (on a ship: removes it), K marks known, Delete removes, Escape cancels.
    """

    ship_drawn = pyqtSignal(object)  # tuple[Cell, ...]
    ship_removed = pyqtSignal(object)  # Cell
    known_toggled = pyqtSignal(object)  # Cell
    preview_changed = pyqtSignal(object)  # tuple[Cell, ...] (empty: no preview)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.draft = MapDraft()
        self.marks: set[Cell] = set()
        self.preview: tuple[Cell, ...] = ()
        self.preview_ok = True
        self._anchor: Cell | None = None
        self._pressed = False
        self.set_interactive(True)
        self.setAccessibleName("map editor board")

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        return QSize(560, 560)

    def show_draft(self, draft: MapDraft, marks: set[Cell] | None = None) -> None:
        """Show ``draft``, with ``marks`` (cells to flag as wrong)."""
        self.draft = draft
        self.marks = set(marks or ())
        self.update()

    def set_preview(self, cells: tuple[Cell, ...], ok: bool) -> None:
        """Show a ship being drawn (``ok``: it could be placed)."""
        self.preview, self.preview_ok = tuple(cells), ok
        self.update()

    def describe(self, cell: Cell) -> str:
        """What ``cell`` holds in the draft, in words (the tooltip)."""
        piece = self.draft.game_map().piece_at(cell)
        parts = [self.tr("ship ({0})").format(piece.value) if piece.is_ship else self.tr("water")]
        if cell in self.draft.known:
            parts.append(self.tr("known at start"))
        if cell in self.marks:
            parts.append(self.tr("concerned by a problem"))
        return self.tr("row {0}, column {1}").format(cell.x, cell.y) + ": " + ", ".join(parts)

    @property
    def anchor(self) -> Cell | None:
        """Where the ship being drawn starts (None: none is being drawn)."""
        return self._anchor

    def _begin(self, cell: Cell) -> None:
        self._anchor = cell
        self.preview_changed.emit((cell,))

    def _extend(self, cell: Cell) -> None:
        if self._anchor is not None:
            self.preview_changed.emit(line_between(self._anchor, cell))

    def _finish(self, cell: Cell) -> None:
        anchor, self._anchor = self._anchor, None
        self.preview_changed.emit(())
        if anchor is None:
            return
        if anchor == cell and self.draft.ship_at(cell) is not None:
            self.ship_removed.emit(cell)
        else:
            self.ship_drawn.emit(line_between(anchor, cell))

    def cancel(self) -> None:
        """Drop the ship being drawn."""
        self._anchor = None
        self._pressed = False
        self.preview_changed.emit(())

    # ----- input -----------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        cell = self.cell_at(event.x(), event.y())
        if cell is None:
            return
        self._cursor = cell
        if event.button() == Qt.RightButton:
            self.cancel()
            self.known_toggled.emit(cell)
        elif event.button() == Qt.LeftButton:
            self._pressed = True
            self._begin(cell)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        super().mouseMoveEvent(event)
        if self._pressed:
            cell = self.cell_at(event.x(), event.y())
            if cell is not None:
                self._cursor = cell
                self._extend(cell)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        if not self._pressed or event.button() != Qt.LeftButton:
            return
        self._pressed = False
        cell = self.cell_at(event.x(), event.y())
        if cell is None:
            self.cancel()
            return
        self._finish(cell)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        key = event.key()
        if key in CURSOR_MOVES:
            self._extend(self.move_cursor(*CURSOR_MOVES[key]))
        elif key in (Qt.Key_Space, Qt.Key_Return, Qt.Key_Enter):
            if self._anchor is None:
                self._begin(self._cursor)
            else:
                self._finish(self._cursor)
        elif key == Qt.Key_K:
            self.known_toggled.emit(self._cursor)
        elif key in (Qt.Key_Delete, Qt.Key_Backspace):
            self.ship_removed.emit(self._cursor)
        elif key == Qt.Key_Escape and self._anchor is not None:
            self.cancel()
        else:
            QWidget.keyPressEvent(self, event)

    # ----- painting ----------------------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        painter, size, left, top = self._begin_paint()
        game_map = self.draft.game_map()
        self._paint_editor_counts(painter, game_map, size, left, top)
        for x in range(SIZE):
            for y in range(SIZE):
                cell = Cell(x, y)
                paint_editor_cell(painter, self.cell_rect(cell), game_map.piece_at(cell), cell in self.draft.known)
        self._paint_grid(painter, size, left, top)
        for cell in sorted(self.marks):
            paint_problem(painter, self.cell_rect(cell))
        if self.preview:
            colour = QColor(theme.BLUE if self.preview_ok else theme.WRONG_FLAG)
            fill = QColor(colour)
            fill.setAlpha(110)
            line = Ship(tuple(sorted(self.preview)))
            for cell, piece in line.pieces().items():
                rect = self.cell_rect(cell)
                painter.setPen(QPen(colour, max(1.5, size * 0.05), Qt.DashLine))
                painter.setBrush(QBrush(fill))
                painter.drawPath(piece_path(rect, piece))
        self._paint_cursors(painter)
        painter.end()

    def _paint_editor_counts(self, painter: QPainter, game_map: GameMap, size: float, left: float, top: float) -> None:
        self._paint_indexes(painter, size, left, top)
        big = QFont()
        big.setBold(True)
        big.setPixelSize(max(8, int(size * 0.38)))
        for i in range(SIZE):
            for rect, count in ((QRectF(left + i * size + 3, top - 1.2 * size, size - 6, 1.05 * size),
                                 game_map.col_counts[i]),
                                (QRectF(left - 1.2 * size, top + i * size + 3, 1.05 * size, size - 6),
                                 game_map.row_counts[i])):
                painter.setPen(Qt.NoPen)
                painter.setBrush(QBrush(QColor("#F1F4F8")))
                painter.drawRoundedRect(rect, 6, 6)
                painter.setFont(big)
                painter.setPen(theme.INK if count else theme.MUTED_INK)
                painter.drawText(rect, Qt.AlignCenter, str(count))
