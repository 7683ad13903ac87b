"""How one board cell looks (``CellLook``) and how cells are painted: shared by the board, the legend and the editor."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from PyQt5.QtCore import QPointF, QRectF, Qt
from PyQt5.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from app.core import Piece
from app.gui import theme


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
