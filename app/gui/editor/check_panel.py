"""The editor's check panel: what the engine says about the map drawn (ships that overlap or touch, the fleet, the
cells known at start, how many solutions the puzzle has), the standard-fleet switch and Clear known cells."""

from __future__ import annotations

import html

from PyQt5.QtCore import Qt, pyqtSignal
from PyQt5.QtWidgets import QAction, QCheckBox, QHBoxLayout, QLabel, QToolButton, QWidget

from app.core.draft import MapDraft
from app.gui.theme import TitledCard

SHOWN_PROBLEMS = 6  # the problems listed; the rest are counted


class CheckPanel(TitledCard):
    """The map's check; ``show_draft`` after every change. ``standard_toggled(bool)``: the standard-fleet switch was
    flipped; ``clear_known_asked``: Clear known cells was pressed."""

    standard_toggled = pyqtSignal(bool)
    clear_known_asked = pyqtSignal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Check", parent=parent)
        self.title.setText(self.tr("Check"))
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextFormat(Qt.RichText)
        self.status_label.setToolTip(self.tr("What the engine says about the map: overlap, touching ships, the "
                                             "fleet, the cells known at start, and how many solutions the puzzle has"))
        self.body.addWidget(self.status_label)
        self.standard_box = QCheckBox(self.tr("Standard fleet only"))
        self.standard_box.setChecked(True)
        self.standard_box.setToolTip(self.tr("Refuse ships the standard fleet (1x4, 2x3, 3x2, 4x1) has no room for; "
                                             "off: any fleet (agents are told the map's fleet)"))
        self.standard_box.toggled.connect(self.standard_toggled)
        row = QHBoxLayout()
        row.addWidget(self.standard_box, 1)
        self.clear_known_action = QAction(self.tr("Clear known cells"), self)
        self.clear_known_action.setToolTip(self.tr("Unmark every cell known at start"))
        self.clear_known_action.triggered.connect(lambda _checked=False: self.clear_known_asked.emit())
        clear_button = QToolButton()
        clear_button.setDefaultAction(self.clear_known_action)
        row.addWidget(clear_button)
        self.body.addLayout(row)

    def set_standard(self, on: bool) -> None:
        """Show the draft's standard-fleet setting (without ``standard_toggled``: nothing changed)."""
        self.standard_box.blockSignals(True)
        self.standard_box.setChecked(on)
        self.standard_box.blockSignals(False)

    def show_draft(self, draft: MapDraft, solutions: tuple[int, int] | None) -> None:
        """What is wrong with ``draft``, or that it is a valid map and ``solutions`` (found, the limit counted to;
        None: not counted)."""
        problems = draft.problems()
        lines = []
        if problems:
            lines += [f'<span style="color:#B34700">✗ {html.escape(p.message)}</span>'
                      for p in problems[:SHOWN_PROBLEMS]]
            if len(problems) > SHOWN_PROBLEMS:
                lines.append(self.tr("… and {0} more").format(len(problems) - SHOWN_PROBLEMS))
        elif not draft.ships:
            lines.append('<span style="color:#475467">' + self.tr("Empty board: draw a ship, or press Random map.")
                         + "</span>")
        else:
            lines.append(self._valid_line(draft))
            if solutions is not None:
                lines.append('<span style="color:#344054">' + self.tr("Counts and known cells: {0}").format(
                    self._solutions_text(*solutions)) + "</span>")
        self.status_label.setText("<br>".join(lines))
        self.clear_known_action.setEnabled(bool(draft.known))

    def _valid_line(self, draft: MapDraft) -> str:
        fleet = self.tr("standard fleet") if draft.is_complete() else (
            self.tr("{0} ships still to place").format(len(draft.fleet_left())) if draft.standard
            else self.tr("non-standard fleet"))
        colour = "#007A5A" if draft.is_complete() or not draft.standard else "#344054"
        return f'<span style="color:{colour}">✓ ' + self.tr("No ships overlap or touch") + f" · {fleet}</span>"

    def _solutions_text(self, count: int, limit: int) -> str:
        if count == 0:
            return self.tr("the puzzle has no solution")
        if count == 1:
            return "<b>" + self.tr("the puzzle has exactly one solution") + "</b>"
        return self.tr("the puzzle has {0} solutions").format(f"{count}{'+' if count >= limit else ''}")
