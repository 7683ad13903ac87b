"""The editor's fleet panel: what is left of the standard fleet to place."""

from __future__ import annotations

from collections import Counter

from PyQt5.QtCore import QRectF, Qt
from PyQt5.QtGui import QBrush, QColor, QPainter
from PyQt5.QtWidgets import QGridLayout, QLabel, QWidget

from app.core import STANDARD_FLEET, Cell, Ship
from app.core.draft import MapDraft, ship_name
from app.gui import theme
from app.gui.board import piece_path
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


class FleetPanel(TitledCard):
    """What is left of the standard fleet to place: one row per ship length."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Fleet", spacing=6, parent=parent)
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(4)
        self.rows: dict[int, tuple[_ShipIcon, QLabel, QLabel]] = {}
        wanted = Counter(STANDARD_FLEET)
        for row, length in enumerate(sorted(wanted, reverse=True)):
            icon = _ShipIcon(length)
            name = QLabel(f"{ship_name(length).capitalize()} · {length} cell{'s' if length > 1 else ''}")
            name.setStyleSheet("color: #344054;")
            status = QLabel()
            status.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
            status.setMinimumWidth(120)
            for widget in (icon, name, status):
                widget.setToolTip(f"The standard fleet has {wanted[length]} {ship_name(length)}"
                                  f"{'s' if wanted[length] > 1 else ''} of {length} cell{'s' if length > 1 else ''}")
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
                status.setText("✓ all placed")
                status.setStyleSheet("color: #007A5A; font-weight: 600;")
            elif have > want:
                status.setText(f"{have} placed — {have - want} too many")
                status.setStyleSheet("color: #B34700; font-weight: 600;")
            else:
                status.setText(f"{want - have} of {want} left")
                status.setStyleSheet("color: #1F2933; font-weight: 600;")
        extra = sorted((n for n in placed if n not in wanted), reverse=True)
        left = draft.fleet_left()
        text = (f"{len(left)} ship{'s' if len(left) != 1 else ''} ({sum(left)} cells) left to place."
                if left else "The standard fleet is complete.")
        if extra:
            text += " Not in the standard fleet: " + ", ".join(f"{placed[n]}x{n}" for n in extra) + "."
        self.summary.setText(text)
