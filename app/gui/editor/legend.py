"""The editor's legend: what its marks mean, each with a swatch drawn as the board draws it."""

from __future__ import annotations

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QRectF, Qt
from PyQt5.QtGui import QPainter, QPen
from PyQt5.QtWidgets import QGridLayout, QLabel, QWidget

from app.core import Piece
from app.gui import theme
from app.gui.editor.paint import paint_editor_cell, paint_problem
from app.gui.theme import TitledCard


class _EditorSwatch(QWidget):
    def __init__(self, piece: Piece, known: bool, problem: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.piece, self.known, self.problem = piece, known, problem
        self.setFixedSize(26, 26)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        rect = QRectF(1, 1, 24, 24)
        paint_editor_cell(painter, rect, self.piece, self.known)
        painter.setPen(QPen(theme.GRID_LINE, 1))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(rect)
        if self.problem:
            paint_problem(painter, rect)
        painter.end()


EDITOR_LEGEND = (
    (QT_TRANSLATE_NOOP("EditorLegend", "Ship (hidden at start)"), Piece.LEFT, False, False),
    (QT_TRANSLATE_NOOP("EditorLegend", "Ship known at start (K)"), Piece.SUB, True, False),
    (QT_TRANSLATE_NOOP("EditorLegend", "Water known at start"), Piece.WATER, True, False),
    (QT_TRANSLATE_NOOP("EditorLegend", "Refused or wrong"), Piece.WATER, False, True),
)


class EditorLegend(TitledCard):
    """What the editor's marks mean."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Legend", parent=parent)
        self.title.setText(self.tr("Legend"))
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(6)
        for index, (text, piece, known, problem) in enumerate(EDITOR_LEGEND):
            row, col = divmod(index, 2)
            label = QLabel(self.tr(text))
            label.setStyleSheet("color: #475467;")
            grid.addWidget(_EditorSwatch(piece, known, problem), row, col * 2)
            grid.addWidget(label, row, col * 2 + 1)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        self.body.addLayout(grid)
