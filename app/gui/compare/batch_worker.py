"""A batch played on a Qt thread: the batch player (``app.tournament.bench.player``: this machine's process pool or a
Dask cluster) run off the window's thread, each finished game reported back through a queued signal."""

from __future__ import annotations

from PyQt5.QtCore import QObject, QThread, pyqtSignal, pyqtSlot

from app.core import BattleshipError
from app.tournament.bench.player import Player, on_cluster


class BenchWorker(QObject):
    """Runs a batch's player (a ``Bench`` or a cluster) on its own thread and reports each finished game."""

    game_done = pyqtSignal(int, object)  # task index, GameRow
    connected = pyqtSignal(int, int)  # a cluster's workers and threads, once it is ready
    finished = pyqtSignal(bool, str)  # stopped early, error message

    def __init__(self, runner: Player):
        super().__init__()
        self.runner = runner
        if on_cluster(runner):
            runner.on_workers = self.connected.emit

    @pyqtSlot()
    def run(self) -> None:
        """Play every game (in the bench's worker processes, or on the cluster)."""
        error = ""
        try:
            for index, row in self.runner.run():
                self.game_done.emit(index, row)
        except BattleshipError as exc:  # a bad address, an unreachable scheduler, a worker of another build
            error = str(exc)
        except Exception as exc:  # report it in the window; the app stays usable
            error = f"{type(exc).__name__}: {exc}"
        self.finished.emit(self.runner.stopped, error)
        thread = QThread.currentThread()
        if thread is not None:
            thread.quit()
