"""The agent's markers on the board (app/core/markers.py): a layer over a ``BoardWidget`` and its on/off switch.

``MarkerLayer`` draws the markers of the state the board shows (``BoardState.markers``): each marked cell shaded
(in its colour class, or by its number against the highest number shown: a heat map) with its label or number in
the cell's top-left corner. ``marker_switch`` makes the checkbox that shows and hides it, in the main window and
the replay viewer alike.
"""

from __future__ import annotations

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QRectF, Qt
from PyQt5.QtGui import QColor, QFont, QPainter
from PyQt5.QtWidgets import QCheckBox

from app.core.markers import Marker
from app.gui import theme
from app.gui.board import BoardOverlay, BoardWidget
from app.gui.i18n import translate

#: each colour class of ``markers.COLOURS`` on screen ("": the heat colour, shaded by the number)
COLOURS = {"blue": theme.BLUE, "green": theme.BLUISH_GREEN, "orange": theme.ORANGE, "red": theme.VERMILLION,
           "grey": theme.MUTED_INK, "": theme.ORANGE}
SWITCH_TIP = QT_TRANSLATE_NOOP("MarkerLayer", "Show what the agent drew on the board: its own scores, heat map or "
                                              "labels per cell (CLIPS: board-marker facts; Python: markers())")


class MarkerLayer(BoardOverlay):
    """Draws ``board.state.markers`` over the board (mouse events pass through); hidden: draws nothing."""

    def __init__(self, board: BoardWidget):
        super().__init__(board)
        self.paint_count = 0

    @property
    def markers(self) -> tuple[Marker, ...]:
        """The markers of the state on the board."""
        state = self.board.state
        return state.markers if state is not None else ()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        markers = self.markers
        if not markers:
            return
        self.paint_count += 1
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        top = max((m.value for m in markers if m.value is not None and m.value > 0), default=0.0)
        font = QFont(painter.font())
        size = self.board.cell_rect(markers[0].cell).height()
        font.setPixelSize(max(8, int(size * 0.27)))
        font.setBold(True)
        painter.setFont(font)
        metrics = painter.fontMetrics()
        for marker in markers:
            rect = self.board.cell_rect(marker.cell)
            colour = QColor(COLOURS.get(marker.colour, theme.ORANGE))
            share = (marker.value / top if marker.value is not None and top > 0 and marker.value > 0 else 0.0)
            colour.setAlpha(int(150 if marker.colour else 30 + 130 * share))
            painter.setPen(Qt.NoPen)
            painter.setBrush(colour)
            painter.drawRect(rect.adjusted(1, 1, -1, -1))
            text = marker.text()
            if text:
                width = min(rect.width() - 2, metrics.horizontalAdvance(text) + 4)
                box = QRectF(rect.left() + 1, rect.top() + 1, width, metrics.height())
                painter.setBrush(QColor(255, 255, 255, 215))
                painter.drawRoundedRect(box, 2, 2)
                painter.setPen(theme.INK)
                painter.drawText(box, Qt.AlignCenter, metrics.elidedText(text, Qt.ElideRight, int(width)))
        painter.end()


def marker_switch(layer: MarkerLayer) -> QCheckBox:
    """The checkbox that shows and hides ``layer`` (on at first): "Agent's markers"."""
    box = QCheckBox(translate("MarkerLayer", "Agent's markers"))
    box.setToolTip(translate("MarkerLayer", SWITCH_TIP))
    box.setChecked(True)
    box.toggled.connect(layer.setVisible)
    return box
