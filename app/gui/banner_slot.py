"""The place of the board card's banners (the error, the agent's load errors, the hint of a game of yours): over the
legend's lower part, never above the board.

Shown above the board, a banner pushed it down and shrank it: in a game of yours the hint appeared after the first
click and the next clicks landed on other cells (issue 43). Here the banners lie over the legend (a key to the
pictures, read once), from its bottom up: the board keeps its place and size whatever shows, and the legend's first
rows (the pieces of a game under way) stay in sight. More than the legend's height scrolls inside the slot.
"""

from __future__ import annotations

from PyQt5.QtCore import QEvent, QObject, Qt
from PyQt5.QtWidgets import QFrame, QScrollArea, QSizePolicy, QStackedLayout, QVBoxLayout, QWidget


class BannerSlot(QWidget):
    """``under`` (the legend) with ``banners`` over it, bottom-aligned; the banners take no room of their own."""

    def __init__(self, under: QWidget, banners: list[QWidget], parent: QWidget | None = None):
        super().__init__(parent)
        self.banners = banners
        stack = QStackedLayout(self)
        stack.setStackingMode(QStackedLayout.StackAll)
        stack.addWidget(under)
        column = QWidget()
        column.setObjectName("bannerColumn")
        column.setAttribute(Qt.WA_TranslucentBackground)
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addStretch(1)
        for banner in banners:
            layout.addWidget(banner)
            banner.installEventFilter(self)
        self.over = QScrollArea()
        self.over.setObjectName("bannerSlot")
        self.over.setWidget(column)
        self.over.setWidgetResizable(True)
        self.over.setFrameShape(QFrame.NoFrame)
        self.over.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.over.setStyleSheet("QScrollArea#bannerSlot, QWidget#bannerColumn { background: transparent; }")
        self.over.viewport().setAutoFillBackground(False)
        self.over.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Ignored)  # the legend alone sizes the slot
        stack.addWidget(self.over)
        stack.setCurrentWidget(self.over)
        self._follow()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() in (QEvent.ShowToParent, QEvent.HideToParent):
            self._follow()
        return False

    def _follow(self) -> None:
        """Show the banners' layer while one of them is shown (else the legend takes the mouse: its tooltips)."""
        self.over.setVisible(any(not banner.isHidden() for banner in self.banners))
