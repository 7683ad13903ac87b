"""How the editor draws a cell: shared by its board and its legend."""

from __future__ import annotations

from PyQt5.QtCore import QRectF, Qt
from PyQt5.QtGui import QBrush, QPainter, QPen

from app.core import Piece
from app.gui import theme
from app.gui.cell_paint import CellLook, Fill, PieceStyle, paint_cell, piece_path


def paint_editor_cell(painter: QPainter, rect: QRectF, piece: Piece, known: bool) -> None:
    """One cell as the editor draws it: a ship piece (dark with K when known at start), or water."""
    if piece.is_ship and known:
        paint_cell(painter, rect, CellLook(Fill.HIDDEN_WATER, piece, PieceStyle.KNOWN, known_at_start=True))
        return
    paint_cell(painter, rect, CellLook(Fill.WATER if known else Fill.HIDDEN_WATER, known_at_start=known))
    if piece.is_ship:
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(theme.HIT_PIECE))
        painter.drawPath(piece_path(rect, piece))


def paint_problem(painter: QPainter, rect: QRectF) -> None:
    """The mark of a cell a problem concerns: hatched, with a thick frame (not colour alone)."""
    painter.setPen(Qt.NoPen)
    painter.setBrush(QBrush(theme.WRONG_FLAG, Qt.BDiagPattern))
    painter.drawRect(rect)
    width = max(2.5, rect.width() * 0.08)
    painter.setBrush(Qt.NoBrush)
    painter.setPen(QPen(theme.WRONG_FLAG, width))
    painter.drawRect(rect.adjusted(width / 2, width / 2, -width / 2, -width / 2))
