"""The legend under the board: each cell look with its name (the end-of-game ones enabled once the map is revealed)."""

from __future__ import annotations

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QRectF, Qt
from PyQt5.QtGui import QPainter, QPen
from PyQt5.QtWidgets import QGridLayout, QLabel, QWidget

from app.core import Piece
from app.gui import theme
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
from app.gui.i18n import translate


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
        theme.hold_wrapped_height(self)  # in a board's card too short for it, it scrolls rather than overlap the board

    def set_revealed(self, revealed: bool) -> None:
        """Show the end-of-game entries (greyed out until the map is revealed)."""
        for widget in self._end_widgets:
            widget.setEnabled(revealed)
            if isinstance(widget, QLabel):
                widget.setStyleSheet("color: #475467;" if revealed else "color: #667085;")
