"""The speed control of the main window and of Compare's side-by-side view: a slider and its value ("8 steps/s" says
what it sets: a "Speed" label beside it cost the main toolbar the room it lacked on a 1366 px laptop; the tooltip
names it)."""

from __future__ import annotations

from PyQt5.QtCore import Qt, pyqtSignal
from PyQt5.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QSlider, QWidget

SPEEDS = (1, 2, 3, 5, 8, 12, 20, 30, 60, 0)  # steps per second; 0 = as fast as it goes
DEFAULT_SPEED_INDEX = 4
FASTEST_INDEX = len(SPEEDS) - 1


class SpeedControl(QWidget):
    """Slider and value in one piece (a toolbar moves them to its overflow menu together).

    ``interval_changed(ms)`` gives the pause between steps (0: none) whenever the slider moves.
    """

    interval_changed = pyqtSignal(int)

    def __init__(self, index: int = DEFAULT_SPEED_INDEX, parent: QWidget | None = None):
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Preferred)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setRange(0, FASTEST_INDEX)
        self.slider.setFixedWidth(64)
        self.slider.setToolTip(self.tr("Speed: from one step per second to as fast as it goes"))
        row.addWidget(self.slider)
        self.value_label = QLabel()
        self.value_label.setMinimumWidth(
            self.value_label.fontMetrics().horizontalAdvance(self.tr("{0} steps/s").format(60)) + 4)
        self.value_label.setToolTip(self.slider.toolTip())
        row.addWidget(self.value_label)
        self.slider.valueChanged.connect(self._on_moved)
        self.slider.setValue(index)
        self._on_moved(index)

    def interval_ms(self) -> int:
        """The pause between steps the slider asks for (0: as fast as it goes)."""
        speed = SPEEDS[self.slider.value()]
        return 0 if speed == 0 else round(1000 / speed)

    def _on_moved(self, index: int) -> None:
        speed = SPEEDS[index]
        if speed == 0:
            self.value_label.setText(self.tr("fastest"))
        else:
            self.value_label.setText((self.tr("{0} step/s") if speed == 1 else self.tr("{0} steps/s")).format(speed))
        self.interval_changed.emit(self.interval_ms())
