"""The game controls' icons, drawn here: a toolbar of icon buttons fits a 1366 px laptop in every language, where
the same controls as words overflowed (issue 43). Each icon is a few shapes any media player uses (play, step, pause,
back, start over), drawn at twice the size for high-DPI screens; the action's name and key are in its tooltip and in
the Game menu.
"""

from __future__ import annotations

from PyQt5.QtCore import QPointF, QRectF, Qt
from PyQt5.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from app.gui.theme import INK

SIZE = 18  # the icon's size in the toolbar (points)
_SCALE = 2  # drawn at twice the size: sharp at 200% scaling
_DISABLED = QColor("#A0A8B4")  # as the style sheet's disabled tool button text


def _triangle(path: QPainterPath, left: float, right: float, pointing_right: bool = True) -> None:
    top, bottom, middle = 3.0, 15.0, 9.0
    tip, base = (right, left) if pointing_right else (left, right)
    path.addPolygon(QPolygonF([QPointF(base, top), QPointF(tip, middle), QPointF(base, bottom), QPointF(base, top)]))


def _shape(name: str) -> tuple[QPainterPath, bool]:
    """The outline of icon ``name`` on an 18x18 grid, and whether it is filled (else stroked)."""
    path = QPainterPath()
    if name == "run":
        _triangle(path, 4, 15)
    elif name in ("step", "step_rule"):  # a triangle against a bar; a rule's (a smaller stride) is hollow
        _triangle(path, 3, 12)
        path.addRect(QRectF(13, 3, 2.5, 12))
        return path, name == "step"
    elif name in ("back_step", "back_rule"):
        path.addRect(QRectF(2.5, 3, 2.5, 12))
        _triangle(path, 6, 15, pointing_right=False)
        return path, name == "back_step"
    elif name == "pause":
        path.addRect(QRectF(4, 3, 3.5, 12))
        path.addRect(QRectF(10.5, 3, 3.5, 12))
    elif name == "reset":  # a circle's arrow, open at the top right
        path.arcMoveTo(QRectF(3, 3, 12, 12), 60)
        path.arcTo(QRectF(3, 3, 12, 12), 60, 300)
        path.moveTo(15.5, 2.5)
        path.lineTo(15.5, 7.5)
        path.lineTo(10.5, 7.5)
        return path, False
    elif name == "solve":  # a tick
        path.moveTo(3, 9.5)
        path.lineTo(7.5, 14)
        path.lineTo(15, 4)
        return path, False
    else:
        raise KeyError(name)
    return path, True


def _pixmap(name: str, colour: QColor) -> QPixmap:
    """Icon ``name`` drawn in ``colour``."""
    pixmap = QPixmap(SIZE * _SCALE, SIZE * _SCALE)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.scale(_SCALE, _SCALE)
    path, filled = _shape(name)
    if filled:
        painter.fillPath(path, colour)
    else:
        painter.setPen(QPen(colour, 1.8, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        painter.drawPath(path)
    painter.end()
    pixmap.setDevicePixelRatio(_SCALE)
    return pixmap


def control_icon(name: str, colour: QColor = INK, disabled: QColor = _DISABLED) -> QIcon:
    """The icon of a game control (``run``, ``step``, ``step_rule``, ``back_step``, ``back_rule``, ``pause``,
    ``reset``, ``solve``), in ``colour``, in ``disabled`` when its action is."""
    icon = QIcon()
    icon.addPixmap(_pixmap(name, colour), QIcon.Normal)
    icon.addPixmap(_pixmap(name, disabled), QIcon.Disabled)
    return icon
