"""A bench on a Dask cluster: the same games in chunks, each chunk played on a worker by the project's own pool.

``ClusterBench.run()`` yields ``(index, GameRow)`` like ``Bench.run()``. Each
chunk carries the *contents* of its agents and maps (no shared file system),
the configuration and the client's build; the worker writes them to a
temporary folder and plays them with ``Bench`` (its per-game timeout kills the
game's own process, never the Dask worker: Dask cannot stop a running task).
Chunks are cut by ``ChunkSizer`` (about a minute of measured work each) and
submitted in a rolling window. A worker lost mid-chunk has its chunk re-run by
the scheduler; a chunk that keeps killing workers is split into single games,
and a game that still kills its worker is recorded as an error. ``stop()``
(thread-safe), closing the iterator or an exception cancels the chunks in
flight: a Dask event tells their workers to end them (the games in progress
are abandoned), and nothing of them is yielded.
dask and distributed are optional: imported here only, when a cluster is asked for.
"""

from __future__ import annotations

import socket
import tempfile
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from app.core import BattleshipError
from app.tournament.bench.chunks import CHUNK_SECONDS, ChunkSizer
from app.tournament.bench.plan import PlannedGame
from app.tournament.bench.rows import BenchConfig, BenchTask, FailureKind, GameRow, failed_row
from app.tournament.bench.stopping import Stoppable
from app.tournament.bench.store import agent_files, map_bytes
from app.tournament.bench.version import app_build
from app.tournament.bench.workers import Bench, default_jobs

LOCAL = "local"
ALLOWED_FAILURES = 2  # workers a chunk may lose before it is split (a game: before it is reported)
CONNECT_SECONDS = 10.0  # a scheduler that does not answer within this is reported, not waited for
WORKERS_SECONDS = 120.0  # how long a scheduler without workers is waited for
_POLL_SECONDS = 0.1  # how often a stop is looked for while chunks are being played
_SCHEMES = ("tcp", "tls")


class WrongBuild(Exception):
    """A worker runs another build of Battleship Lab than the client."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """Games to play on one worker, with everything they need."""

    number: int
    games: tuple[tuple[int, str, str], ...]  # (task index, agent text, map path)
    agents: dict[str, tuple[tuple[str, bytes], ...]]  # agent text -> its files, in load order
    maps: dict[str, bytes]  # map path -> its contents
    config: BenchConfig
    timeout: float | None
    build: str
    stop_event: str = ""  # the name of the Dask event that, once set, ends the chunk early


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """What a worker sends back: rows by task index, the machine that played them, the chunk's time there."""

    number: int
    rows: tuple[tuple[int, GameRow], ...]
    host: str
    seconds: float = 0.0  # from receiving the chunk to its last game: the games and what they cost around them


def play_chunk(chunk: Chunk) -> ChunkResult:
    """On a Dask worker: write the chunk's files to a temporary folder and play its games with ``Bench``."""
    started = time.perf_counter()
    here = app_build()
    host = socket.gethostname()
    if chunk.build != here:
        raise WrongBuild(f"the worker on {host} runs Battleship Lab build {here}, the client build {chunk.build}: "
                         "start the workers from the same version of the code")
    with tempfile.TemporaryDirectory(prefix="battleship-chunk-") as folder:
        root = Path(folder)
        agents = {text: _write_agent(root / "agents" / str(i), files)
                  for i, (text, files) in enumerate(chunk.agents.items())}
        maps = {}
        for i, (path, data) in enumerate(chunk.maps.items()):
            local = root / "maps" / str(i) / Path(path).name
            local.parent.mkdir(parents=True)
            local.write_bytes(data)
            maps[path] = str(local)
        bench = Bench.for_tasks([BenchTask(agents[a], maps[m], name=a) for _, a, m in chunk.games], chunk.config,
                                jobs=1, timeout=chunk.timeout)
        bench.keep_workers = True  # the worker's next chunk plays in the same game process
        done = threading.Event()
        if chunk.stop_event:
            _watch_stop(chunk.stop_event, bench, done)
        rows = []
        try:
            for position, row in bench.run():
                index, _, map_path = chunk.games[position]
                row.map_path = map_path
                rows.append((index, row))
        finally:
            done.set()
    return ChunkResult(chunk.number, tuple(rows), host, time.perf_counter() - started)


def _watch_stop(name: str, bench: Bench, done: threading.Event) -> None:
    """Stop ``bench`` when the client sets the Dask event ``name`` (a thread beside the chunk, until ``done``)."""
    try:
        from distributed import Event, get_client

        event = Event(name, client=get_client())  # this worker's client, found here in the task's thread
    except (ImportError, ValueError):  # not on a Dask worker (a chunk played in-process): nothing to watch
        return

    def watch() -> None:
        while not done.is_set():
            try:
                if event.wait(timeout=1.0):
                    bench.stop()
                    return
            except Exception:  # the scheduler is gone: the chunk's result has nowhere to go either
                pass
                return

    threading.Thread(target=watch, name="battleship-chunk-stop", daemon=True).start()


def _write_agent(folder: Path, files: tuple[tuple[str, bytes], ...]) -> str:
    """The agent's files under ``folder``; returns the agent text naming them (CLIPS modules in order)."""
    folder.mkdir(parents=True)
    paths = []
    for i, (name, data) in enumerate(files):
        base = Path(name).name
        path = folder / (base if len(files) == 1 else f"{i:03d}-{base}")
        path.write_bytes(data)
        paths.append(str(path))
    return ",".join(paths)


def scheduler_address(text: str) -> str:
    """``local`` or a scheduler's address (``tcp://HOST:PORT``; ``HOST:PORT`` means tcp); a one-line error otherwise."""
    text = text.strip()
    if text == LOCAL:
        return text
    usage = "write local, or the scheduler's address as tcp://HOST:8786"
    if not text:
        raise BattleshipError(f"no cluster given: {usage}")
    parts = urlsplit(text if "://" in text else f"tcp://{text}")
    try:
        port = parts.port
    except ValueError:
        port = None
    if parts.scheme not in _SCHEMES or not parts.hostname or port is None or parts.path not in ("", "/"):
        raise BattleshipError(f"{text}: not a scheduler address: {usage}")
    return f"{parts.scheme}://{parts.netloc}"


def probe_scheduler(address: str, timeout: float = CONNECT_SECONDS, stop: threading.Event | None = None) -> None:
    """A one-line error when nothing answers at the scheduler's address within ``timeout`` seconds.

    A refused connection is tried again until then (a scheduler that is just starting), as Dask's client does;
    ``stop`` ends the wait early (quietly: the caller sees it is stopped).
    """
    parts = urlsplit(address)
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        try:
            with socket.create_connection((parts.hostname, parts.port), timeout=max(0.1, left)):
                return
        except TimeoutError:
            raise BattleshipError(f"{address}: the scheduler did not answer within {timeout:g} s") from None
        except OSError as exc:
            if left <= 0 or isinstance(exc, socket.gaierror):  # no such host: trying again will not help
                raise BattleshipError(f"{address}: cannot reach the scheduler ({exc.strerror or exc})") from None
        if stop is None:
            time.sleep(0.25)
        elif stop.wait(0.25):
            return


def _dask():
    try:
        import dask
        import distributed
    except ImportError as exc:
        raise BattleshipError(f"--cluster needs dask and distributed (pip install dask distributed): {exc}") from None
    return dask, distributed


@dataclass
class ClusterBench(Stoppable):
    """The planned games on a Dask cluster: ``local`` (an embedded ``LocalCluster``) or a scheduler address."""

    address: str
    games: Sequence[PlannedGame]
    config: BenchConfig = field(default_factory=BenchConfig)
    workers: int = 0  # with ``local``: worker processes (default: all cores)
    timeout: float | None = 60.0
    chunk_games: int = 0  # games per chunk (default: sized by time, see chunk_seconds)
    skip: frozenset[int] = frozenset()
    build: str = ""  # the build sent with each chunk (default: this one)
    notes: list[str] = field(default_factory=list)  # what went wrong on the way (lost chunks, refused workers)
    chunk_seconds: float = CHUNK_SECONDS  # the measured work of a chunk (ChunkSizer)
    connect_timeout: float = CONNECT_SECONDS
    on_workers: Callable[[int, int], None] | None = None  # told (workers, threads) once the cluster is ready

    def __post_init__(self) -> None:
        self.address = scheduler_address(self.address)
        self.tasks = [g.task for g in self.games]
        self.client = None
        self.worker_count = 0
        self.hosts: dict[int, str] = {}  # task index -> the machine that played it
        self.sizer = ChunkSizer(self.chunk_seconds, self.chunk_games)
        self.chunk_sizes: list[int] = []  # games in each chunk submitted, in order
        self._stop = threading.Event()  # stop(): the chunks in flight are cancelled, their games not yielded

    def run(self) -> Iterator[tuple[int, GameRow]]:
        """Play every chunk on the cluster and yield each game's row when its chunk comes back."""
        dask, distributed = _dask()
        if self.address != LOCAL:
            probe_scheduler(self.address, self.connect_timeout, self._stop)
            if self.stopped:
                return
        with dask.config.set({"distributed.worker.daemon": False,  # a worker's chunk starts its own pool
                              "distributed.scheduler.allowed-failures": ALLOWED_FAILURES,
                              "distributed.admin.tick.limit": "1h"}):
            cluster = None
            if self.address == LOCAL:
                cluster = _local_cluster(distributed, self.workers or _cores())
            try:
                with distributed.Client(cluster or self.address, timeout=f"{self.connect_timeout:g}s") as client:
                    self.client = client
                    yield from self._run(client, distributed)
            except OSError as exc:  # TimeoutError included: the address answers, but not as a Dask scheduler
                raise BattleshipError(f"{self.address}: cannot reach the scheduler ({exc})") from None
            finally:
                self.client = None
                if cluster is not None:
                    cluster.close()

    def _run(self, client, distributed) -> Iterator[tuple[int, GameRow]]:
        threads = self._check_workers(client)
        if self.stopped:
            return
        if self.on_workers is not None:
            self.on_workers(self.worker_count, threads)
        left = deque(g for g in self.games if g.index not in self.skip)
        self.sizer.plan(left)
        retry: list[Chunk] = []  # single games of a chunk that kept killing its workers
        flying: dict[int, tuple[Chunk, object]] = {}  # chunk number -> the chunk and its future
        run = uuid.uuid4().hex[:12]  # keys of this run only (a scheduler may serve several runs)
        stop_event = f"battleship-stop-{run}"
        window = distributed.as_completed()
        limit = 2 * threads
        try:
            while (left or retry or window.count()) and not self.stopped:
                while (left or retry) and window.count() < limit:
                    if retry:  # a suspect game runs alone: if it kills its worker, it takes no other game along
                        if window.count():
                            break
                        chunk = retry.pop()
                    else:
                        chunk = self._chunk(len(self.chunk_sizes), self.sizer.take(left, threads), stop_event)
                        self.chunk_sizes.append(len(chunk.games))
                    future = client.submit(play_chunk, chunk, key=f"battleship-chunk-{chunk.number}-{run}",
                                           pure=False)
                    flying[chunk.number] = (chunk, future)
                    window.add(future)
                while not window.has_ready() and not self.stopped:
                    self._stop.wait(_POLL_SECONDS)
                if self.stopped:
                    break
                future = next(window)
                chunk, _ = flying.pop(_number(future.key))
                try:
                    result = future.result()
                except distributed.KilledWorker:
                    yield from self._killed(chunk, retry)
                    continue
                except Exception as exc:
                    raise self._chunk_error(exc) from None
                finally:
                    future.release()
                self._measure(result)
                for index, row in result.rows:
                    self.hosts[index] = result.host
                    yield index, row
        finally:
            if flying:  # stopped, closed or failed: end the chunks in flight, on the workers too
                _cancel(client, distributed, stop_event, [f for _, f in flying.values()])

    def _measure(self, result: ChunkResult) -> None:
        """Tell the sizer each game's time, with its share of the chunk's own cost (files, game process, pipes)."""
        if not result.rows:
            return
        played = sum(row.seconds for _, row in result.rows)
        share = max(0.0, result.seconds - played) / len(result.rows)
        for _, row in result.rows:
            self.sizer.observe(row.agent, row.seconds + share)

    def _chunk_error(self, exc: Exception) -> Exception:
        """The error to raise for a chunk that failed (not by losing its worker)."""
        if isinstance(exc, WrongBuild):
            return BattleshipError(str(exc))
        if isinstance(exc, ImportError) or (isinstance(exc, RuntimeError) and "deserializ" in str(exc)):
            return BattleshipError(f"{self.address}: the cluster cannot read the games ({exc}): start "
                                   "dask scheduler and dask worker from the repository folder with "
                                   "PYTHONPATH set to it (docs/tournament.md)")
        return exc

    def _killed(self, chunk: Chunk, retry: list[Chunk]) -> Iterator[tuple[int, GameRow]]:
        """A chunk that killed its workers: split into single games; a single game is reported as an error."""
        if len(chunk.games) > 1:
            self.notes.append(f"chunk {chunk.number} ({len(chunk.games)} games) kept killing its Dask workers: "
                              "playing its games one by one")
            base = 1_000_000 * (chunk.number + 1)
            for offset, game in reversed(list(enumerate(chunk.games))):  # pop() from the end: in order
                retry.append(Chunk(base + offset, (game,), {game[1]: chunk.agents[game[1]]},
                                   {game[2]: chunk.maps[game[2]]}, chunk.config, chunk.timeout, chunk.build,
                                   chunk.stop_event))
            return
        index, agent, map_path = chunk.games[0]
        message = "the game kept killing its Dask worker: not retried"
        self.notes.append(f"{map_path}: {agent}: {message}")
        row = GameRow(agent, Path(map_path).stem, map_path, self.config.rules, self.config.seed)
        yield index, failed_row(row, FailureKind.ERROR, message, 0.0)

    def _chunk(self, number: int, games: list[PlannedGame], stop_event: str) -> Chunk:
        agents = {g.task.agent: self._agent_files(g.task.agent) for g in games}
        maps = {g.task.map_path: self._map_bytes(g.task.map_path) for g in games}
        return Chunk(number, tuple((g.index, g.task.agent, g.task.map_path) for g in games), agents, maps,
                     self.config, self.timeout, self.build or app_build(), stop_event)

    def _agent_files(self, agent: str) -> tuple[tuple[str, bytes], ...]:
        cache = self.__dict__.setdefault("_agents", {})
        if agent not in cache:
            cache[agent] = tuple(agent_files(agent))
        return cache[agent]

    def _map_bytes(self, path: str) -> bytes:
        cache = self.__dict__.setdefault("_maps", {})
        if path not in cache:
            cache[path] = map_bytes(path)
        return cache[path]

    def _check_workers(self, client) -> int:
        """Wait for a worker; refuse to start when no worker runs this build. Returns the worker threads."""
        waited = time.monotonic()
        while not client.scheduler_info().get("workers") and not self.stopped:
            if time.monotonic() - waited > WORKERS_SECONDS:
                raise BattleshipError(f"{self.address}: no worker joined the scheduler in {WORKERS_SECONDS:g} s "
                                      "(start dask worker on the lab PCs: docs/tournament.md)")
            self._stop.wait(0.25)
        if self.stopped:
            return 1
        builds = client.run(app_build)
        wanted = self.build or app_build()
        wrong = sorted(address for address, build in builds.items() if build != wanted)
        if wrong and len(wrong) == len(builds):
            raise BattleshipError(f"--cluster {self.address}: every worker runs another build of Battleship Lab "
                                  f"({', '.join(sorted(set(builds.values())))}; this one is {wanted}): start the "
                                  "workers from the same version of the code")
        if wrong:
            self.notes.append(f"refused {len(wrong)} worker(s) running another build: {', '.join(wrong)}")
            client.retire_workers(workers=wrong, close_workers=True)
        threads = sum(n for address, n in client.nthreads().items() if address not in wrong)
        self.worker_count = len(builds) - len(wrong)
        return max(1, threads)


def _cancel(client, distributed, stop_event: str, futures: list) -> None:
    """End chunks in flight: their workers stop playing (the Dask event), and their futures are dropped."""
    try:
        distributed.Event(stop_event, client=client).set()
        client.cancel(futures)
    except Exception:  # the client or the scheduler is already gone: so are the chunks
        pass


def _local_cluster(distributed, workers: int):
    """A ``LocalCluster`` of ``workers`` one-thread processes that ignore Ctrl-C (the client stops them)."""
    import signal
    import threading

    in_main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if in_main else None
    try:  # started with SIGINT ignored, the worker processes inherit it
        return distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                        dashboard_address=":0", silence_logs=50)
    finally:
        if in_main:
            signal.signal(signal.SIGINT, previous)


def _number(key: str) -> int:
    return int(str(key).split("-")[2])


def _cores() -> int:
    return default_jobs()
