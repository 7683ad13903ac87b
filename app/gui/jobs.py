"""Work off the GUI thread: a ``Job`` runs a function on a ``QThread`` of its own and hands what it finds to the
GUI thread through queued signals (the A/B tab's comparisons and replays, the class arena's requests)."""

from __future__ import annotations

from collections.abc import Callable

from PyQt5.QtCore import QObject, Qt, QThread, pyqtSignal, pyqtSlot

from app.core import BattleshipError


class Job(QObject):
    """Runs ``work(send)`` on its own thread: each ``send(value)`` reaches the GUI thread as ``item(value)``; then
    ``finished(error)`` ("" when it ended well; an agent's or a folder's trouble is said, never raised)."""

    item = pyqtSignal(object)
    finished = pyqtSignal(str)

    def __init__(self, work: Callable[[Callable[[object], None]], None]):
        super().__init__()
        self.work = work

    @pyqtSlot()
    def run(self) -> None:
        error = ""
        try:
            self.work(self.item.emit)
        except BattleshipError as exc:
            error = str(exc)
        except Exception as exc:  # shown where the job was started; the app stays usable
            error = f"{type(exc).__name__}: {exc}"
        self.finished.emit(error)
        thread = QThread.currentThread()
        if thread is not None:
            thread.quit()


def start_job(work, on_item, on_finished, on_thread_end=None) -> tuple[QThread, Job]:
    """``work`` on a new thread (see ``Job``), its items and its end handed to these slots on the GUI thread;
    ``on_thread_end(thread)`` once the thread has ended."""
    thread = QThread()
    if on_thread_end is not None:
        thread.finished.connect(lambda: on_thread_end(thread))
    job = Job(work)
    job.moveToThread(thread)
    job.item.connect(on_item, Qt.QueuedConnection)
    job.finished.connect(on_finished, Qt.QueuedConnection)
    thread.started.connect(job.run)
    thread.start()
    return thread, job
