"""The worker pool: long-lived processes fed one game at a time; a game past its timeout loses its worker."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path

from app.tournament.bench.rows import BenchConfig, BenchTask, FailureKind, GameRow, failed_row, play_row
from app.tournament.bench.stopping import Stoppable

DEFAULT_TIMEOUT = 60.0
_POLL_SECONDS = 0.5
_MAP_CACHE_MAX = 512  # maps a game process keeps loaded (a kept process sees new map files with every chunk)


def _worker_main(conn: Connection, config: BenchConfig) -> None:
    """A worker process: play the games sent through ``conn`` until it sends None."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    except ValueError:
        pass
    import app.backends.games  # noqa: F401  (warm up now, not in the first game's time)
    import app.backends.python_runner  # noqa: F401
    from app.backends import host

    if host.enabled():
        from app.backends.host.warm import prestart

        prestart()  # the first game's agent process starts now, not in its time

    cache: dict = {}
    conn.send(("ready", None, None))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        index, task = message
        if len(cache) > _MAP_CACHE_MAX:
            cache.clear()
        row = play_row(task, config, cache)
        try:
            conn.send(("done", index, row))
        except OSError:  # the bench is gone (stopped, or its Dask worker closed): nobody to tell
            return


@dataclass(slots=True)
class _Worker:
    process: multiprocessing.process.BaseProcess
    conn: Connection
    ready: bool = False
    index: int | None = None
    task: BenchTask | None = None
    started: float = 0.0


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


@dataclass
class Bench(Stoppable):
    """Every agent on every map: ``run()`` yields ``(index, GameRow)`` as games finish.

    ``index`` is the task's place in ``tasks``: maps outer, agents inner, so
    that a bench stopped early has played every agent on (nearly) the same
    maps; ``ordered`` sorts finished rows agent by agent. ``stop()``
    (thread-safe) ends ``run`` soon after; games in progress are dropped.
    Closing the iterator, an exception or Ctrl-C in the caller kills the workers.
    """

    agents: Sequence[str]
    maps: Sequence[str]
    config: BenchConfig = field(default_factory=BenchConfig)
    jobs: int = 0
    timeout: float | None = DEFAULT_TIMEOUT
    skip: frozenset[int] = frozenset()  # task indices already played (a resumed tournament): not run again
    keep_workers: bool = False  # idle game processes outlive ``run`` for the next bench of the same config

    def __post_init__(self) -> None:
        self.tasks = [BenchTask(agent, str(path)) for path in self.maps for agent in self.agents]
        self._stop = threading.Event()

    @classmethod
    def for_tasks(cls, tasks: Sequence[BenchTask], config: BenchConfig, jobs: int = 0,
                  timeout: float | None = DEFAULT_TIMEOUT) -> Bench:
        """A bench of exactly these games (a cluster's chunk), indexed by their place in ``tasks``."""
        bench = cls([], [], config, jobs, timeout)
        bench.tasks = list(tasks)
        return bench

    def ordered(self, finished: dict[int, GameRow]) -> list[GameRow]:
        """Rows by task index -> a list agent by agent, maps in their order."""
        count = max(1, len(self.agents))
        return [finished[i] for i in sorted(finished, key=lambda i: (i % count, i // count))]

    def run(self) -> Iterator[tuple[int, GameRow]]:
        """Play the games in worker processes and yield each row when its game ends."""
        pending = deque((i, task) for i, task in enumerate(self.tasks) if i not in self.skip)
        jobs = max(1, min(self.jobs or default_jobs(), len(pending) or 1))
        context = multiprocessing.get_context("spawn")
        workers: list[_Worker] = []
        try:
            for _ in range(min(jobs, len(pending))):
                workers.append(_kept_worker(self.config) or self._start_worker(context))
            while (pending or any(w.task for w in workers)) and not self._stop.is_set():
                for worker in workers:
                    if worker.ready and worker.task is None and pending:
                        worker.index, worker.task = pending.popleft()
                        worker.started = time.perf_counter()
                        worker.conn.send((worker.index, worker.task))
                finished: list[tuple[int, GameRow]] = []
                replace: list[_Worker] = []
                objects = [w.conn for w in workers] + [w.process.sentinel for w in workers]
                for ready in wait(objects, timeout=self._wait_time(workers)):
                    for worker in workers:
                        if ready is worker.conn and worker not in replace:
                            self._receive(worker, finished, replace)
                        elif ready == worker.process.sentinel and worker not in replace:
                            if worker.conn.poll():
                                self._receive(worker, finished, replace)
                            if worker not in replace:
                                self._lost(worker, finished, _death(worker))
                                replace.append(worker)
                if self.timeout is not None:
                    now = time.perf_counter()
                    for worker in workers:
                        if worker.task and worker not in replace and now - worker.started > self.timeout:
                            self._lost(worker, finished, f"timed out after {self.timeout:g} s", FailureKind.TIMEOUT)
                            replace.append(worker)
                for worker in replace:
                    _kill(worker)
                    workers.remove(worker)
                    if pending and not self._stop.is_set():
                        workers.append(self._start_worker(context))
                yield from finished
        finally:
            for worker in workers:
                if self.keep_workers and worker.ready and worker.task is None and worker.process.is_alive():
                    _keep_worker(self.config, worker)
                else:
                    _kill(worker)

    def _start_worker(self, context) -> _Worker:
        parent, child = context.Pipe()
        process = context.Process(target=_worker_main, args=(child, self.config), daemon=True)
        # Started with SIGINT ignored, Python in the child never installs its Ctrl-C handler.
        in_main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if in_main else None
        try:
            process.start()
        finally:
            if in_main:
                signal.signal(signal.SIGINT, previous)
        child.close()
        return _Worker(process, parent)

    def _wait_time(self, workers: list[_Worker]) -> float:
        if self.timeout is None:
            return _POLL_SECONDS
        now = time.perf_counter()
        left = [self.timeout - (now - w.started) for w in workers if w.task]
        return max(0.01, min([_POLL_SECONDS, *left]))

    def _receive(self, worker: _Worker, finished: list, replace: list) -> None:
        try:
            kind, index, row = worker.conn.recv()
        except (EOFError, OSError):
            self._lost(worker, finished, _death(worker))
            replace.append(worker)
            return
        if kind == "ready":
            worker.ready = True
        elif index == worker.index:
            finished.append((index, row))
            worker.index = worker.task = None

    def _lost(self, worker: _Worker, finished: list, message: str, kind: FailureKind = FailureKind.ERROR) -> None:
        if worker.task is None:
            return
        task = worker.task
        row = GameRow(task.asked, Path(task.map_path).stem, task.map_path, self.config.rules, self.config.seed)
        finished.append((worker.index, failed_row(row, kind, message, time.perf_counter() - worker.started)))
        worker.index = worker.task = None


_KEPT: dict[BenchConfig, list[_Worker]] = {}  # idle game processes of this process's earlier benches
_KEPT_LOCK = threading.Lock()


def _keep_worker(config: BenchConfig, worker: _Worker) -> None:
    """Keep an idle game process for the next bench (a cluster's next chunk: no new process, no imports)."""
    with _KEPT_LOCK:
        _KEPT.setdefault(config, []).append(worker)


def _kept_worker(config: BenchConfig) -> _Worker | None:
    """A kept game process of this configuration still alive, or None."""
    with _KEPT_LOCK:
        kept = _KEPT.get(config, [])
        while kept:
            worker = kept.pop()
            if worker.process.is_alive() and not worker.conn.poll():
                return worker
            _kill(worker)
    return None


def _death(worker: _Worker) -> str:
    worker.process.join(1.0)  # the pipe may close a moment before the exit code is known
    return f"the worker process died (exit code {worker.process.exitcode})"


def _kill(worker: _Worker) -> None:
    process = worker.process
    if process.is_alive() and worker.task is None:
        try:
            worker.conn.send(None)
        except OSError:
            pass
        process.join(0.2)
    if process.is_alive():
        if hasattr(signal, "SIGKILL"):  # a forked worker's kill() sends it
            process.kill()
        else:  # on Windows kill() and terminate() are both TerminateProcess
            process.terminate()
        process.join(1.0)
    worker.conn.close()
