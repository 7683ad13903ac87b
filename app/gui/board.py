"""The board widget: renders one game state (reusable by any view).

``BoardState`` is an immutable snapshot (an ``Observation``, the last action,
an optional belief and, once the game is over, the hidden map to reveal);
``BoardWidget.set_state`` shows it. ``BoardState.from_game(game)`` builds one
from a ``Game`` owned by the calling thread. The widget forwards clicks and
keys as ``cell_action(x, y, "fire" | "flag")`` when made interactive; it
never changes a game itself.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np
from PyQt5.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, QPointF, QRectF, QSize, Qt, pyqtSignal
from PyQt5.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QPolygonF
from PyQt5.QtWidgets import QGridLayout, QLabel, QSizePolicy, QToolTip, QWidget

from app.core import SIZE, Action, Cell, Game, GameMap, Observation, Outcome, Piece
from app.gui import theme
from app.gui.i18n import translate


class Fill(enum.Enum):
    """What a cell's background says."""

    UNKNOWN = "unknown"
    WATER = "water"  # known water (at start, or told after a fire)
    MISS = "miss"  # fired, water
    HIDDEN_WATER = "hidden-water"  # revealed at the end: water nobody looked at
    WRONG_FLAG = "wrong-flag"  # revealed at the end: a flag on water


class PieceStyle(enum.Enum):
    """How a ship piece on a cell is drawn."""

    KNOWN = "known"  # known at start (K)
    HIT = "hit"  # fired and hit
    RIGHT_FLAG = "right-flag"  # revealed at the end: flagged ship cell
    MISSED = "missed"  # revealed at the end: ship cell nobody found


class FlagMark(enum.Enum):
    """The flag on a cell."""

    NONE = "none"
    FLAG = "flag"
    RIGHT = "right"
    WRONG = "wrong"


@dataclass(frozen=True, slots=True)
class CellLook:
    """Everything needed to draw one cell."""

    fill: Fill = Fill.UNKNOWN
    piece: Piece | None = None
    style: PieceStyle | None = None
    known_at_start: bool = False
    flag: FlagMark = FlagMark.NONE


@dataclass(frozen=True, slots=True)
class BoardState:
    """A snapshot of a game to draw; ``reveal`` is the hidden map (set when the game is over)."""

    observation: Observation
    last_action: Action | None = None
    last_outcome: Outcome | None = None
    belief: np.ndarray | None = None
    reveal: GameMap | None = None

    @classmethod
    def from_game(cls, game: Game, belief: np.ndarray | None = None) -> BoardState:
        """The state of ``game`` now (the hidden map is revealed once it is over)."""
        last = next((e for e in reversed(game.events) if e.action is not None and e.action.cell), None)
        return cls(
            observation=game.observation(),
            last_action=last.action if last else None,
            last_outcome=last.outcome if last else None,
            belief=None if belief is None else np.array(belief, dtype=float),
            reveal=game.map if game.over else None,
        )

    def look(self, cell: Cell) -> CellLook:
        """How ``cell`` is drawn in this state."""
        obs = self.observation
        start = cell in obs.start_known
        flagged = cell in obs.flags
        reveal = self.reveal
        flag = FlagMark.NONE
        if flagged:
            flag = FlagMark.FLAG if reveal is None else (FlagMark.RIGHT if reveal.is_ship(cell) else FlagMark.WRONG)
        if cell in obs.fired:
            piece = obs.fired[cell]
            if piece.is_ship:
                return CellLook(Fill.UNKNOWN, piece, PieceStyle.HIT, start, flag)
            return CellLook(Fill.MISS, None, None, start, flag)
        if cell in obs.known:
            piece = obs.known[cell]
            if piece.is_ship:
                return CellLook(Fill.UNKNOWN, piece, PieceStyle.KNOWN, start, flag)
            return CellLook(Fill.WATER, None, None, start, flag)
        if reveal is None:
            return CellLook(Fill.UNKNOWN, flag=flag)
        piece = reveal.piece_at(cell)
        if piece.is_ship:
            style = PieceStyle.RIGHT_FLAG if flagged else PieceStyle.MISSED
            return CellLook(Fill.HIDDEN_WATER, piece, style, False, flag)
        return CellLook(Fill.WRONG_FLAG if flagged else Fill.HIDDEN_WATER, None, None, False, flag)

    def sunk_ships(self) -> list[tuple[Cell, ...]]:
        """The cells of each ship sunk so far (only known once the map is revealed)."""
        if self.reveal is None:
            return []
        obs = self.observation
        covered = set(obs.fired) | set(obs.flags) | {c for c, p in obs.start_known.items() if p.is_ship}
        return [ship.cells for ship in self.reveal.ships if all(c in covered for c in ship.cells)]


# ----- painting (shared by the board and the legend) --------------------------------------------

def piece_path(rect: QRectF, piece: Piece) -> QPainterPath:
    """The outline of a ship piece in ``rect``: rounded ends, flat where the ship goes on."""
    pad = rect.width() * 0.13
    inner = rect.adjusted(pad, pad, -pad, -pad)
    path = QPainterPath()
    if piece is Piece.SUB:
        path.addEllipse(inner)
        return path
    if piece is Piece.MIDDLE:
        path.addRoundedRect(inner, pad * 0.5, pad * 0.5)
        return path
    radius = min(inner.width(), inner.height()) / 2
    path.addRoundedRect(inner, radius, radius)
    half = QPainterPath()
    if piece is Piece.LEFT:
        half.addRect(QRectF(inner.center().x(), inner.top(), rect.right() - inner.center().x(), inner.height()))
    elif piece is Piece.RIGHT:
        half.addRect(QRectF(rect.left(), inner.top(), inner.center().x() - rect.left(), inner.height()))
    elif piece is Piece.TOP:
        half.addRect(QRectF(inner.left(), inner.center().y(), inner.width(), rect.bottom() - inner.center().y()))
    elif piece is Piece.BOT:
        half.addRect(QRectF(inner.left(), rect.top(), inner.width(), inner.center().y() - rect.top()))
    return path.united(half)


def _waves(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    painter.save()
    pen = QPen(colour, max(1.0, rect.width() * 0.035))
    pen.setCapStyle(Qt.RoundCap)
    painter.setPen(pen)
    painter.setBrush(Qt.NoBrush)
    w, h = rect.width(), rect.height()
    for row in (0.34, 0.62):
        path = QPainterPath(QPointF(rect.left() + w * 0.2, rect.top() + h * row))
        for i in range(3):
            x0 = rect.left() + w * (0.2 + i * 0.2)
            path.quadTo(QPointF(x0 + w * 0.05, rect.top() + h * (row - 0.07)), QPointF(x0 + w * 0.1, rect.top() + h * row))
            path.quadTo(QPointF(x0 + w * 0.15, rect.top() + h * (row + 0.07)), QPointF(x0 + w * 0.2, rect.top() + h * row))
        painter.drawPath(path)
    painter.restore()


def _cross(painter: QPainter, center: QPointF, size: float, colour: QColor, width: float) -> None:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.RoundCap)
    painter.setPen(pen)
    painter.drawLine(QPointF(center.x() - size, center.y() - size), QPointF(center.x() + size, center.y() + size))
    painter.drawLine(QPointF(center.x() - size, center.y() + size), QPointF(center.x() + size, center.y() - size))


def _check(painter: QPainter, center: QPointF, size: float, colour: QColor, width: float) -> None:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.RoundCap)
    pen.setJoinStyle(Qt.RoundJoin)
    painter.setPen(pen)
    painter.drawPolyline(QPolygonF([
        QPointF(center.x() - size, center.y()),
        QPointF(center.x() - size * 0.3, center.y() + size * 0.7),
        QPointF(center.x() + size, center.y() - size * 0.7),
    ]))


def _flag(painter: QPainter, rect: QRectF, small: bool) -> None:
    """A pennant on a pole, with a white halo so it reads on any background."""
    w, h = rect.width(), rect.height()
    scale = 0.55 if small else 1.0
    ox = rect.left() + (w * 0.08 if small else 0)
    oy = rect.top() + (h * 0.06 if small else 0)
    pole_x = ox + w * 0.36 * scale
    top, bottom = oy + h * 0.2 * scale, oy + h * 0.8 * scale
    pennant = QPolygonF([QPointF(pole_x, top), QPointF(pole_x + w * 0.40 * scale, top + h * 0.15 * scale),
                         QPointF(pole_x, top + h * 0.30 * scale)])
    for colour, extra in ((QColor("#FFFFFF"), w * 0.06 * scale + 1.5), (None, 0.0)):
        pen_width = max(1.2, w * 0.05 * scale) + extra
        pen = QPen(colour or theme.INK, pen_width)
        pen.setCapStyle(Qt.RoundCap)
        pen.setJoinStyle(Qt.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(QBrush(colour or theme.FLAG))
        painter.drawPolygon(pennant)
        painter.drawLine(QPointF(pole_x, top), QPointF(pole_x, bottom))
        painter.drawLine(QPointF(pole_x - w * 0.1 * scale, bottom), QPointF(pole_x + w * 0.1 * scale, bottom))


def _badge(painter: QPainter, rect: QRectF, colour: QColor, mark: str) -> None:
    """A round white badge in the bottom-right corner holding a tick or a cross."""
    r = rect.width() * 0.17
    center = QPointF(rect.right() - r - rect.width() * 0.06, rect.bottom() - r - rect.height() * 0.06)
    painter.setPen(QPen(colour, max(1.0, r * 0.18)))
    painter.setBrush(QBrush(QColor("#FFFFFF")))
    painter.drawEllipse(center, r, r)
    if mark == "check":
        _check(painter, center, r * 0.55, colour, max(1.5, r * 0.3))
    else:
        _cross(painter, center, r * 0.45, colour, max(1.5, r * 0.3))


def paint_cell(painter: QPainter, rect: QRectF, look: CellLook) -> None:
    """Draw one cell's look in ``rect`` (background, piece, marks); no grid line."""
    w = rect.width()
    fills = {
        Fill.UNKNOWN: theme.UNKNOWN_FILL,
        Fill.WATER: theme.WATER_FILL,
        Fill.MISS: theme.WATER_FILL,
        Fill.HIDDEN_WATER: theme.HIDDEN_WATER_FILL,
        Fill.WRONG_FLAG: QColor("#FBE3D3"),
    }
    painter.setPen(Qt.NoPen)
    painter.setBrush(QBrush(fills[look.fill]))
    painter.drawRect(rect)
    if look.fill is Fill.WRONG_FLAG:
        painter.setBrush(QBrush(theme.WRONG_FLAG, Qt.BDiagPattern))
        painter.drawRect(rect)
    if look.fill in (Fill.WATER, Fill.MISS):
        _waves(painter, rect, theme.WATER_WAVE)
    if look.fill is Fill.MISS:
        _cross(painter, rect.center(), w * 0.2, theme.INK, max(2.0, w * 0.07))
    if look.piece is not None and look.style is not None:
        path = piece_path(rect, look.piece)
        if look.style is PieceStyle.MISSED:
            painter.setPen(Qt.NoPen)
            painter.setBrush(QBrush(QColor("#FFF1D6")))
            painter.drawPath(path)
            painter.setBrush(QBrush(theme.MISSED_PIECE, Qt.BDiagPattern))
            painter.drawPath(path)
            pen = QPen(theme.MISSED_PIECE.darker(115), max(1.5, w * 0.05), Qt.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.NoBrush)
            painter.drawPath(path)
        else:
            colour = {PieceStyle.KNOWN: theme.KNOWN_PIECE, PieceStyle.HIT: theme.HIT_PIECE,
                      PieceStyle.RIGHT_FLAG: theme.RIGHT_FLAG_PIECE}[look.style]
            painter.setPen(Qt.NoPen)
            painter.setBrush(QBrush(colour))
            painter.drawPath(path)
            if look.style is PieceStyle.HIT:
                painter.setBrush(QBrush(QColor("#FFFFFF")))
                painter.drawEllipse(rect.center(), w * 0.09, w * 0.09)
    if look.known_at_start:
        font = QFont()
        font.setBold(True)
        ship = look.piece is not None
        font.setPixelSize(max(7, int(w * (0.34 if ship else 0.26))))
        painter.setFont(font)
        painter.setPen(QColor("#FFFFFF") if ship else theme.INK)
        if ship:
            painter.drawText(rect, Qt.AlignCenter, "K")
        else:
            painter.drawText(rect.adjusted(w * 0.08, w * 0.04, 0, 0), Qt.AlignLeft | Qt.AlignTop, "K")
    if look.flag is not FlagMark.NONE:
        _flag(painter, rect, small=look.piece is not None)
        if look.flag is FlagMark.RIGHT:
            _badge(painter, rect, theme.RIGHT_FLAG_PIECE, "check")
        elif look.flag is FlagMark.WRONG:
            _badge(painter, rect, theme.WRONG_FLAG, "cross")


def paint_last_action(painter: QPainter, rect: QRectF) -> None:
    """The highlight ring of the last action's cell."""
    width = max(2.5, rect.width() * 0.08)
    painter.setBrush(Qt.NoBrush)
    painter.setPen(QPen(theme.LAST_ACTION, width))
    inset = width / 2
    painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), width, width)


def paint_belief(painter: QPainter, rect: QRectF, probability: float, with_text: bool) -> None:
    """Shade a cell by P(ship) (alpha) and write it as a percentage (not colour alone)."""
    p = float(min(1.0, max(0.0, probability)))
    if p < 0.005:
        return
    colour = QColor(theme.BELIEF)
    colour.setAlpha(int(25 + 200 * p))
    painter.setPen(Qt.NoPen)
    painter.setBrush(QBrush(colour))
    painter.drawRect(rect)
    if with_text:
        font = QFont()
        font.setPixelSize(max(7, int(rect.width() * 0.26)))
        painter.setFont(font)
        painter.setPen(QColor("#FFFFFF") if p > 0.55 else theme.INK)
        painter.drawText(rect, Qt.AlignCenter, f"{round(p * 100)}")


def paint_sunk(painter: QPainter, rects: list[QRectF]) -> None:
    """A bold frame around the cells of a sunk ship."""
    if not rects:
        return
    box = rects[0]
    for rect in rects[1:]:
        box = box.united(rect)
    width = max(2.5, rects[0].width() * 0.07)
    painter.setBrush(Qt.NoBrush)
    painter.setPen(QPen(QColor("#FFFFFF"), width + 2.5))
    inset = width / 2 + 1
    painter.drawRoundedRect(box.adjusted(inset, inset, -inset, -inset), width * 2, width * 2)
    painter.setPen(QPen(theme.SUNK_OUTLINE, width))
    painter.drawRoundedRect(box.adjusted(inset, inset, -inset, -inset), width * 2, width * 2)


# ----- the widget ----------------------------------------------------------------------------------

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
        """The row and column numbers, outside the count badges."""
        index_font = QFont()
        index_font.setPixelSize(max(7, int(size * 0.24)))
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


# ----- the legend ------------------------------------------------------------------------------------

class _Swatch(QWidget):
    def __init__(self, look: CellLook | None, extra: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.look, self.extra = look, extra
        self.setFixedSize(26, 26)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        rect = QRectF(1, 1, 24, 24)
        paint_cell(painter, rect, self.look or CellLook())
        if self.extra == "belief":
            paint_belief(painter, rect, 0.6, with_text=False)
        painter.setPen(QPen(theme.GRID_LINE, 1))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(rect)
        if self.extra == "last":
            paint_last_action(painter, rect)
        elif self.extra == "sunk":
            paint_sunk(painter, [rect])
        painter.end()


LEGEND_PLAY = (
    (QT_TRANSLATE_NOOP("Legend", "Unknown"), CellLook(), ""),
    (QT_TRANSLATE_NOOP("Legend", "Known at start (K)"),
     CellLook(piece=Piece.LEFT, style=PieceStyle.KNOWN, known_at_start=True), ""),
    (QT_TRANSLATE_NOOP("Legend", "Hit (piece shape)"), CellLook(piece=Piece.SUB, style=PieceStyle.HIT), ""),
    (QT_TRANSLATE_NOOP("Legend", "Miss"), CellLook(Fill.MISS), ""),
    (QT_TRANSLATE_NOOP("Legend", "Water"), CellLook(Fill.WATER), ""),
    (QT_TRANSLATE_NOOP("Legend", "Flag"), CellLook(flag=FlagMark.FLAG), ""),
    (QT_TRANSLATE_NOOP("Legend", "Last action"), CellLook(), "last"),
    (QT_TRANSLATE_NOOP("Legend", "Belief P(ship)"), CellLook(), "belief"),
)
LEGEND_END = (
    (QT_TRANSLATE_NOOP("Legend", "Right flag"),
     CellLook(Fill.HIDDEN_WATER, Piece.TOP, PieceStyle.RIGHT_FLAG, flag=FlagMark.RIGHT), ""),
    (QT_TRANSLATE_NOOP("Legend", "Wrong flag"), CellLook(Fill.WRONG_FLAG, flag=FlagMark.WRONG), ""),
    (QT_TRANSLATE_NOOP("Legend", "Missed ship cell"), CellLook(Fill.HIDDEN_WATER, Piece.MIDDLE, PieceStyle.MISSED), ""),
    (QT_TRANSLATE_NOOP("Legend", "Sunk ship (framed)"), CellLook(Fill.HIDDEN_WATER, Piece.SUB, PieceStyle.HIT), "sunk"),
)


class LegendWidget(QWidget):
    """What each mark on the board means; the end-of-game marks appear once the map is revealed."""

    def __init__(self, columns: int = 3, parent: QWidget | None = None):
        super().__init__(parent)
        layout = QGridLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setHorizontalSpacing(10)
        layout.setVerticalSpacing(4)
        self._end_widgets: list[QWidget] = []
        entries = [(e, False) for e in LEGEND_PLAY] + [(e, True) for e in LEGEND_END]
        for index, ((text, look, extra), at_end) in enumerate(entries):
            row, col = divmod(index, columns)
            swatch = _Swatch(look, extra)
            label = QLabel(translate("Legend", text))
            label.setWordWrap(True)  # a narrow window wraps the legend, not cuts it
            label.setStyleSheet("color: #475467;")
            layout.addWidget(swatch, row, col * 2)
            layout.addWidget(label, row, col * 2 + 1)
            if at_end:
                self._end_widgets += [swatch, label]
        for column in range(columns):  # the labels share the width (they wrap only when it runs short)
            layout.setColumnStretch(column * 2 + 1, 1)
        self.set_revealed(False)

    def set_revealed(self, revealed: bool) -> None:
        """Show the end-of-game entries (greyed out until the map is revealed)."""
        for widget in self._end_widgets:
            widget.setEnabled(revealed)
            if isinstance(widget, QLabel):
                widget.setStyleSheet("color: #475467;" if revealed else "color: #B0B8C4;")


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
