"""Several lanes stepped together, so that every board shows the same step."""

from __future__ import annotations

from collections.abc import Sequence

from PyQt5.QtCore import QObject, QTimer, pyqtSignal

from app.gui.compare.lane import Lane
from app.gui.session import StepReport


class Lockstep(QObject):
    """Steps several sessions together: step k+1 starts when every lane has finished step k.

    Signals: ``stepped(int)`` after each common step (the step number),
    ``finished()`` once every lane is done.
    """

    stepped = pyqtSignal(int)
    finished = pyqtSignal()

    def __init__(self, lanes: Sequence[Lane], parent: QObject | None = None):
        super().__init__(parent)
        self.lanes = list(lanes)
        self.running = False
        self.interval_ms = 0
        self.steps = 0
        self._waiting: set[int] = set()
        self._announced = False
        for index, lane in enumerate(self.lanes):
            lane.session.reported.connect(lambda report, i=index: self._on_report(i, report))

    @property
    def done(self) -> bool:
        """True when every lane's game is over (or could not start)."""
        return all(lane.done for lane in self.lanes)

    @property
    def busy(self) -> bool:
        """True while a common step is in progress."""
        return bool(self._waiting)

    def run(self) -> None:
        """Step on by itself until paused or done."""
        self.running = True
        self._advance()

    def pause(self) -> None:
        """Stop after the common step in progress."""
        self.running = False

    def step(self) -> None:
        """One common step (pausing a run)."""
        self.running = False
        self._advance()

    def reset(self) -> None:
        """Forget the step in progress (the lanes were reconfigured)."""
        self.running = False
        self.steps = 0
        self._waiting.clear()
        self._announced = False

    def _advance(self) -> None:
        if self._waiting:
            return
        if self.done:
            self._finish()
            return
        self._waiting = {i for i, lane in enumerate(self.lanes) if not lane.done}
        for i in sorted(self._waiting):
            self.lanes[i].session.step()

    def _on_report(self, index: int, report: StepReport) -> None:
        lane = self.lanes[index]
        if index in self._waiting and (lane.done or not lane.session.busy):
            self._waiting.discard(index)
        if self._waiting:
            return
        self.steps += 1
        self.stepped.emit(self.steps)
        if self.done:
            self._finish()
        elif self.running:
            QTimer.singleShot(self.interval_ms, self._tick)

    def _tick(self) -> None:
        if self.running:
            self._advance()

    def _finish(self) -> None:
        self.running = False
        if not self._announced:
            self._announced = True
            self.finished.emit()
