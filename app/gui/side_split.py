"""The main window's side column: the score card over the side tabs, the line between them movable.

On a short screen (1366x768) the score card at its whole height left the Rules tab a few lines; here the card
gets its whole height only when the column has room for it beside ``USABLE`` px of tabs, else two fifths of the
column (at least ``LEAST`` px, the rest scrolls inside the card), and it follows the card as its content changes (the
score tiles appear when the game is solved) until the user moves the line. Where the user left it is kept with
the window's state (``window_state``).
"""

from __future__ import annotations

from PyQt5.QtCore import QEvent, QObject, Qt, QTimer
from PyQt5.QtWidgets import QSplitter, QWidget

from app.gui.theme import ScrollingColumn


class CardOverTabs(QSplitter):
    """A vertical splitter: ``card`` (scrolling when short) over ``tabs``; ``user_set`` once the user moved it."""

    LEAST = 200  # px the card keeps when the column is short
    USABLE = 280  # px of tabs beside the whole card: less, and the card gives up room (a solved game's card keeps
    # its whole height on a 1366x768 laptop, 620 px of column, and on a 1920x1080 one at 150%, 560)

    def __init__(self, card: QWidget, tabs: QWidget, parent: QWidget | None = None):
        super().__init__(Qt.Vertical, parent)
        self.setObjectName("sideSplitter")
        self.setChildrenCollapsible(False)
        self.card = card
        self.addWidget(ScrollingColumn(card))
        self.addWidget(tabs)
        self.setStretchFactor(1, 1)
        self.user_set = False
        self._pending = None  # sizes restored before the splitter had its size: put back when it gets it
        self.splitterMoved.connect(self._moved)
        card.installEventFilter(self)

    def _moved(self, _pos: int, _index: int) -> None:
        self.user_set = True

    def restore(self, state) -> bool:
        """Put back sizes the user left (``saveState``; once shown, if it is not yet); kept from then on."""
        restored = self.restoreState(state)
        if restored:
            self.user_set = True
            self._pending = None if self.isVisible() else state
        return restored

    def fit(self) -> None:
        """Size the card as the module docstring says (unless the user moved the line)."""
        total = sum(self.sizes())
        if self.user_set or total <= 0:
            return
        whole = self.card.sizeHint().height()
        card = whole if total - whole >= self.USABLE else min(whole, max(self.LEAST, total * 2 // 5))
        if self.sizes()[0] != card:
            self.setSizes([card, total - card])

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        super().resizeEvent(event)
        if self._pending is not None and self.isVisible():
            state, self._pending = self._pending, None
            self.restoreState(state)
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if watched is self.card and event.type() == QEvent.LayoutRequest:
            QTimer.singleShot(0, self.fit)  # once the card's layout has its new size
        return False
