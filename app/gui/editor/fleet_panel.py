"""The editor's fleet panel: what is left of the standard fleet to place."""

from __future__ import annotations

from collections import Counter

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QRectF, Qt
from PyQt5.QtGui import QBrush, QColor, QPainter
from PyQt5.QtWidgets import QGridLayout, QLabel, QWidget

from app.core import STANDARD_FLEET, Cell, Ship
from app.core.draft import MapDraft
from app.gui import theme
from app.gui.cell_paint import piece_path
from app.gui.i18n import translate
from app.gui.theme import TitledCard


class _ShipIcon(QWidget):
    """A small drawing of a ship of ``length`` cells (greyed when ``done``)."""

    def __init__(self, length: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.length = length
        self.done = False
        self.setFixedSize(4 * 22 + 2, 24)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        ship = Ship(tuple(Cell(0, y) for y in range(self.length)))
        colour = QColor("#B8C4D2") if self.done else theme.HIT_PIECE
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(colour))
        for cell, piece in ship.pieces().items():
            painter.drawPath(piece_path(QRectF(1 + cell.y * 22, 1, 22, 22), piece))
        painter.end()


SHIP_NAMES = {4: QT_TRANSLATE_NOOP("FleetPanel", "battleship"), 3: QT_TRANSLATE_NOOP("FleetPanel", "cruiser"),
              2: QT_TRANSLATE_NOOP("FleetPanel", "destroyer"), 1: QT_TRANSLATE_NOOP("FleetPanel", "submarine")}


class FleetPanel(TitledCard):
    """What is left of the standard fleet to place: one row per ship length."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Fleet", spacing=6, parent=parent)
        self.title.setText(self.tr("Fleet"))
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(4)
        self.rows: dict[int, tuple[_ShipIcon, QLabel, QLabel]] = {}
        wanted = Counter(STANDARD_FLEET)
        for row, length in enumerate(sorted(wanted, reverse=True)):
            icon = _ShipIcon(length)
            ship = translate("FleetPanel", SHIP_NAMES[length])
            cells = self.tr("1 cell") if length == 1 else self.tr("{0} cells").format(length)
            name = QLabel(f"{ship[:1].upper()}{ship[1:]} · {cells}")
            name.setStyleSheet("color: #344054;")
            status = QLabel()
            status.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
            status.setMinimumWidth(120)
            for widget in (icon, name, status):
                widget.setToolTip(self.tr("The standard fleet has {0} × {1} of {2}").format(wanted[length], ship,
                                                                                            cells))
            grid.addWidget(icon, row, 0)
            grid.addWidget(name, row, 1)
            grid.addWidget(status, row, 2)
            self.rows[length] = (icon, name, status)
        grid.setColumnStretch(1, 1)
        self.body.addLayout(grid)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("color: #475467;")
        self.body.addWidget(self.summary)

    def show_draft(self, draft: MapDraft) -> None:
        """Fill the rows from ``draft``."""
        placed = draft.placed()
        wanted = Counter(STANDARD_FLEET)
        for length, (icon, _name, status) in self.rows.items():
            have, want = placed[length], wanted[length]
            icon.done = have >= want
            icon.update()
            if have == want:
                status.setText(self.tr("✓ all placed"))
                status.setStyleSheet("color: #007A5A; font-weight: 600;")
            elif have > want:
                status.setText(self.tr("{0} placed — {1} too many").format(have, have - want))
                status.setStyleSheet("color: #B34700; font-weight: 600;")
            else:
                status.setText(self.tr("{0} of {1} left").format(want - have, want))
                status.setStyleSheet("color: #1F2933; font-weight: 600;")
        extra = sorted((n for n in placed if n not in wanted), reverse=True)
        left = draft.fleet_left()
        if not left:
            text = self.tr("The standard fleet is complete.")
        elif len(left) == 1:
            text = self.tr("1 ship ({0} cells) left to place.").format(sum(left))
        else:
            text = self.tr("{0} ships ({1} cells) left to place.").format(len(left), sum(left))
        if extra:
            extras = ", ".join(f"{placed[n]}x{n}" for n in extra)
            text += " " + self.tr("Not in the standard fleet: {0}.").format(extras)
        self.summary.setText(text)
