"""A status text for a narrow column: it wraps, and past a few lines it scrolls, so a long message (errors, paths)
neither widens the column nor squeezes the fields above it; empty, it takes no height."""

from __future__ import annotations

from PyQt5.QtCore import QSize, Qt
from PyQt5.QtWidgets import QFrame, QLabel, QScrollArea, QSizePolicy


class StatusLines(QLabel):
    """The batch's status: it wraps in the column and scrolls past a few lines (``area`` is what the layout holds),
    so a long message (errors, paths) neither widens the column over the plots nor squeezes the fields; empty, it
    takes no height from the agents' list."""

    LINES = 5

    def __init__(self):
        super().__init__("")
        self.setObjectName("mapInfo")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        self.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.area = FittingScrollArea(self)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt naming)
        super().setText(text)
        self.area.updateGeometry()


class FittingScrollArea(QScrollArea):
    """A frameless scroll area as high as its label's text, at most ``StatusLines.LINES`` lines."""

    def __init__(self, label: QLabel):
        super().__init__()
        self.setFrameShape(QFrame.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setStyleSheet("QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }")
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Maximum)
        self.setWidget(label)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        label = self.widget()
        most = StatusLines.LINES * label.fontMetrics().lineSpacing() + 4
        high = label.heightForWidth(max(1, self.viewport().width())) if label.text() else 0
        return QSize(super().sizeHint().width(), min(max(high, 0), most))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        return QSize(super().minimumSizeHint().width(), min(self.sizeHint().height(), 2 * self.fontMetrics().height()))
