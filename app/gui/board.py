"""The board widget: renders one game state (reusable by any view).

``BoardState`` is an immutable snapshot (an ``Observation``, the last action,
an optional belief and, once the game is over, the hidden map to reveal);
``BoardWidget.set_state`` shows it. ``BoardState.from_game(game)`` builds one
from a ``Game`` owned by the calling thread. The widget forwards clicks and
keys as ``cell_action(x, y, "fire" | "flag")`` when made interactive; it
never changes a game itself.
"""

from __future__ import annotations

import numpy as np
from PyQt5.QtCore import QEvent, QObject, QPointF, QRectF, QSize, Qt, pyqtSignal
from PyQt5.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPixmap
from PyQt5.QtWidgets import QSizePolicy, QToolTip, QWidget

from app.core import SIZE, Cell, Game
from app.gui import theme
from app.gui.board_state import BoardState
from app.gui.cell_paint import (
    CellLook,
    Fill,
    FlagMark,
    PieceStyle,
    paint_belief,
    paint_cell,
    paint_last_action,
    paint_sunk,
)

CURSOR_MOVES = {Qt.Key_Up: (-1, 0), Qt.Key_Down: (1, 0), Qt.Key_Left: (0, -1), Qt.Key_Right: (0, 1),
                Qt.Key_Home: (0, -SIZE), Qt.Key_End: (0, SIZE), Qt.Key_PageUp: (-SIZE, 0), Qt.Key_PageDown: (SIZE, 0)}


class BoardWidget(QWidget):
    """The 10x10 board with the row/column counts at its edges; scales with its size.

    Each count badge shows what is left to find in its row or column (the
    count minus the ship cells known) over the original count; once the map
    is revealed, right flags count as found too, so the badges add up to
    ``safe``.
    """

    cell_action = pyqtSignal(int, int, str)  # x (row), y (column), "fire" or "flag"

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._state: BoardState | None = None
        self._belief_visible = False
        self._interactive = False
        self._hover: Cell | None = None
        self._cursor = Cell(0, 0)
        self.paint_count = 0
        self._pixmaps: dict[tuple, QPixmap] = {}
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMinimumSize(300, 300)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setAccessibleName("game board")

    # ----- state -------------------------------------------------------------
    @property
    def state(self) -> BoardState | None:
        """The state shown (None: an empty board)."""
        return self._state

    def set_state(self, state: BoardState | None) -> None:
        """Show ``state`` (a snapshot; the widget keeps no reference to a game)."""
        self._state = state
        self.update()

    def show_game(self, game: Game, belief: np.ndarray | None = None) -> None:
        """Show a game owned by the GUI thread (convenience for views that step games themselves)."""
        self.set_state(BoardState.from_game(game, belief))

    def set_belief_visible(self, visible: bool) -> None:
        """Shade unknown cells by the agent's belief when it has one."""
        self._belief_visible = visible
        self.update()

    @property
    def belief_visible(self) -> bool:
        """True when the belief overlay is on."""
        return self._belief_visible

    def set_interactive(self, interactive: bool) -> None:
        """Accept clicks and keys (manual play)."""
        self._interactive = interactive
        self.setCursor(Qt.PointingHandCursor if interactive else Qt.ArrowCursor)
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        return QSize(600, 600)

    # ----- geometry ----------------------------------------------------------
    def _geometry(self) -> tuple[float, float, float]:
        """(cell size, left of the grid, top of the grid), in whole pixels so cells stay crisp."""
        pad = 8.0
        w, h = self.width() - 2 * pad, self.height() - 2 * pad
        size = float(max(8, int(min(w / 11.7, h / 11.7))))
        grid_w = size * SIZE
        left = float(int(pad + (w - grid_w - 1.7 * size) / 2 + 1.7 * size))
        top = float(int(pad + (h - grid_w - 1.7 * size) / 2 + 1.7 * size))
        return size, left, top

    def cell_rect(self, cell: Cell) -> QRectF:
        """Where ``cell`` is drawn."""
        size, left, top = self._geometry()
        return QRectF(left + cell.y * size, top + cell.x * size, size, size)

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell under widget point (x, y), if any."""
        size, left, top = self._geometry()
        col, row = int((x - left) // size), int((y - top) // size)
        if x < left or y < top or not (0 <= row < SIZE and 0 <= col < SIZE):
            return None
        return Cell(row, col)

    # ----- painting ----------------------------------------------------------
    def _begin_paint(self) -> tuple[QPainter, float, float, float]:
        """Count the repaint, open an antialiased painter, draw the board's card: (painter, cell size, left, top).

        Shared by the boards that draw on this geometry (the game's and the editor's).
        """
        self.paint_count += 1
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        size, left, top = self._geometry()
        board = QRectF(left, top, size * SIZE, size * SIZE)
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(theme.CARD))
        painter.drawRoundedRect(board.adjusted(-1.75 * size, -1.75 * size, size * 0.3, size * 0.3), 12, 12)
        return painter, size, left, top

    def _paint_grid(self, painter: QPainter, size: float, left: float, top: float) -> None:
        """The grid lines, as straight pixel lines: crisp and cheap."""
        painter.setRenderHint(QPainter.Antialiasing, False)
        painter.setPen(QPen(theme.GRID_LINE, 1))
        for i in range(SIZE + 1):
            painter.drawLine(QPointF(left, top + i * size), QPointF(left + SIZE * size, top + i * size))
            painter.drawLine(QPointF(left + i * size, top), QPointF(left + i * size, top + SIZE * size))
        painter.setRenderHint(QPainter.Antialiasing)

    def _paint_cursors(self, painter: QPainter) -> None:
        """Frame the cell under the mouse and, while the board has the focus, the keyboard cursor."""
        for cell, colour, style in ((self._hover, theme.BLUE, Qt.SolidLine),
                                    (self._cursor if self.hasFocus() else None, theme.INK, Qt.DashLine)):
            if cell is not None:
                painter.setBrush(Qt.NoBrush)
                painter.setPen(QPen(colour, 2, style))
                painter.drawRect(self.cell_rect(cell).adjusted(2, 2, -2, -2))

    def _paint_indexes(self, painter: QPainter, size: float, left: float, top: float) -> None:
        """The row and column numbers, outside the count badges (a third of a cell high: at a quarter they were
        7 px on a laptop, too small to read a cell's coordinates by)."""
        index_font = QFont()
        index_font.setPixelSize(max(9, int(size * 0.34)))
        painter.setFont(index_font)
        painter.setPen(theme.MUTED_INK)
        for i in range(SIZE):
            painter.drawText(QRectF(left + i * size, top - 1.7 * size, size, 0.45 * size), Qt.AlignCenter, str(i))
            painter.drawText(QRectF(left - 1.7 * size, top + i * size, 0.45 * size, size), Qt.AlignCenter, str(i))

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        painter, size, left, top = self._begin_paint()
        state = self._state
        self._paint_counts(painter, size, left, top)
        belief = state.belief if state is not None and self._belief_visible else None
        for x in range(SIZE):
            for y in range(SIZE):
                cell = Cell(x, y)
                look = state.look(cell) if state else CellLook()
                percent = None
                if belief is not None and look.fill is Fill.UNKNOWN and look.piece is None and look.flag is FlagMark.NONE:
                    percent = round(100 * min(1.0, max(0.0, float(belief[x, y]))))
                painter.drawPixmap(QPointF(left + y * size, top + x * size), self._cell_pixmap(look, percent, size))
        self._paint_grid(painter, size, left, top)
        if state is not None:
            for cells in state.sunk_ships():
                paint_sunk(painter, [self.cell_rect(c) for c in cells])
            if state.last_action is not None and state.last_action.cell is not None and state.last_action.cell.on_board():
                paint_last_action(painter, self.cell_rect(state.last_action.cell))
        if self._interactive:
            self._paint_cursors(painter)
        painter.end()

    def _blank_pixmap(self, width: float, height: float) -> tuple[QPixmap, QPainter]:
        """A transparent pixmap at the screen's pixel ratio and an antialiased painter open on it."""
        ratio = self.devicePixelRatioF()
        pixmap = QPixmap(int(width * ratio), int(height * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.Antialiasing)
        return pixmap, painter

    def _cell_pixmap(self, look: CellLook, percent: int | None, size: float) -> QPixmap:
        """One cell drawn once per (look, belief, size) and reused: repaints stay cheap at full speed."""
        key = (look, percent, size)
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            if len(self._pixmaps) > 2000:
                self._pixmaps.clear()
            pixmap, painter = self._blank_pixmap(size, size)
            rect = QRectF(0, 0, size, size)
            paint_cell(painter, rect, look)
            if percent is not None:
                paint_belief(painter, rect, percent / 100, with_text=size >= 26)
            painter.end()
            self._pixmaps[key] = pixmap
        return pixmap

    def _paint_counts(self, painter: QPainter, size: float, left: float, top: float) -> None:
        obs = self._state.observation if self._state else None
        self._paint_indexes(painter, size, left, top)
        if obs is None:
            return
        rows, cols = list(obs.row_counts), list(obs.col_counts)
        found = obs.known_ship_cells()
        if self._state.reveal is not None:  # at the end, what is left is what was never found
            found = found | (obs.flags & self._state.reveal.ship_cells)
        for cell in found:
            rows[cell.x] -= 1
            cols[cell.y] -= 1
        for i in range(SIZE):
            painter.drawPixmap(QPointF(left + i * size + 3, top - 1.2 * size),
                               self._badge_pixmap(cols[i], obs.col_counts[i], size - 6, 1.05 * size))
            painter.drawPixmap(QPointF(left - 1.2 * size, top + i * size + 3),
                               self._badge_pixmap(rows[i], obs.row_counts[i], 1.05 * size, size - 6))

    def _badge_pixmap(self, left_to_find: int, original: int, width: float, height: float) -> QPixmap:
        """A count badge: what is left to find, large, over the original count; drawn once per look and size."""
        key = ("badge", left_to_find, original, width, height)
        pixmap = self._pixmaps.get(key)
        if pixmap is not None:
            return pixmap
        pixmap, painter = self._blank_pixmap(width, height)
        rect = QRectF(0, 0, width, height)
        size = min(width, height) / 0.94
        big = QFont()
        big.setBold(True)
        big.setPixelSize(max(8, int(size * 0.36)))
        small = QFont()
        small.setPixelSize(max(6, int(size * 0.2)))
        done = left_to_find <= 0
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(theme.DONE_BADGE if done else QColor("#F1F4F8")))
        painter.drawRoundedRect(rect, 6, 6)
        top_half = QRectF(0, height * 0.04, width, height * 0.6)
        bottom = QRectF(0, height * 0.58, width, height * 0.36)
        painter.setFont(big)
        painter.setPen(theme.BLUISH_GREEN.darker(130) if done else theme.INK)
        painter.drawText(top_half, Qt.AlignCenter, str(left_to_find))
        painter.setFont(small)
        painter.setPen(theme.MUTED_INK)
        painter.drawText(bottom, Qt.AlignCenter, self.tr("of {0}").format(original))
        painter.end()
        self._pixmaps[key] = pixmap
        return pixmap

    def describe(self, cell: Cell) -> str:
        """What ``cell`` shows, in words (the tooltip)."""
        text = self.tr("row {0}, column {1}").format(cell.x, cell.y)
        if self._state is None:
            return text
        look = self._state.look(cell)
        parts = []
        if look.known_at_start:
            parts.append(self.tr("known at start"))
        if look.piece is not None and look.style is not None:
            piece = look.piece.value  # the protocol's name of the piece (top, middle, sub...)
            parts.append({PieceStyle.KNOWN: piece, PieceStyle.HIT: self.tr("hit: {0}").format(piece),
                          PieceStyle.RIGHT_FLAG: self.tr("{0}, found by a flag").format(piece),
                          PieceStyle.MISSED: self.tr("{0}, missed").format(piece)}[look.style])
        else:
            water = self.tr("water")
            parts.append({Fill.UNKNOWN: self.tr("unknown"), Fill.WATER: water, Fill.MISS: self.tr("fired: water (miss)"),
                          Fill.HIDDEN_WATER: water, Fill.WRONG_FLAG: water}[look.fill])
        if look.flag is not FlagMark.NONE:
            parts.append({FlagMark.FLAG: self.tr("flagged"), FlagMark.RIGHT: self.tr("right flag"),
                          FlagMark.WRONG: self.tr("wrong flag")}[look.flag])
        belief = self._state.belief
        if self._belief_visible and belief is not None and look.fill is Fill.UNKNOWN and look.piece is None:
            parts.append(f"P(ship) {float(belief[cell.x, cell.y]):.2f}")
        return f"{text}: " + ", ".join(parts)

    def event(self, event) -> bool:
        """Tooltips name the cell under the pointer and what it shows."""
        if event.type() == QEvent.ToolTip:
            cell = self.cell_at(event.pos().x(), event.pos().y())
            if cell is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.describe(cell), self)
            return True
        return super().event(event)

    # ----- input -------------------------------------------------------------
    def mouseMoveEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        cell = self.cell_at(event.x(), event.y()) if self._interactive else None
        if cell != self._hover:
            self._hover = cell
            self.update()

    def leaveEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        self._hover = None
        self.update()

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        if not self._interactive:
            return
        cell = self.cell_at(event.x(), event.y())
        if cell is None:
            return
        self._cursor = cell
        if event.button() == Qt.LeftButton:
            self.cell_action.emit(cell.x, cell.y, "fire")
        elif event.button() == Qt.RightButton:
            self.cell_action.emit(cell.x, cell.y, "flag")

    @property
    def cursor_cell(self) -> Cell:
        """The keyboard cursor's cell."""
        return self._cursor

    def move_cursor(self, dx: int, dy: int) -> Cell:
        """Move the keyboard cursor by (dx rows, dy columns), staying on the board; returns its cell."""
        self._cursor = Cell(min(SIZE - 1, max(0, self._cursor.x + dx)), min(SIZE - 1, max(0, self._cursor.y + dy)))
        self.setAccessibleDescription(self.tr("cursor at row {0}, column {1}").format(self._cursor.x, self._cursor.y))
        self.update()
        return self._cursor

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        if not self._interactive:
            super().keyPressEvent(event)
            return
        key = event.key()
        if key in CURSOR_MOVES:
            self.move_cursor(*CURSOR_MOVES[key])
        elif key in (Qt.Key_F, Qt.Key_Space, Qt.Key_Return, Qt.Key_Enter):
            self.cell_action.emit(self._cursor.x, self._cursor.y, "fire")
        elif key == Qt.Key_G:
            self.cell_action.emit(self._cursor.x, self._cursor.y, "flag")
        else:
            super().keyPressEvent(event)


class BoardOverlay(QWidget):
    """Drawn over a ``BoardWidget``, following its size; mouse events pass through to the board."""

    def __init__(self, board: BoardWidget):
        super().__init__(board)
        self.board = board
        self.setAttribute(Qt.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WA_NoSystemBackground)
        board.installEventFilter(self)
        self.setGeometry(board.rect())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if watched is self.board and event.type() == QEvent.Resize:
            self.setGeometry(self.board.rect())
        return False
