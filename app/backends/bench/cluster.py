"""A bench on a Dask cluster: the same games in chunks, each chunk played on a worker by the project's own pool.

``ClusterBench.run()`` yields ``(index, GameRow)`` like ``Bench.run()``. Each
chunk carries the *contents* of its agents and maps (no shared file system),
the configuration and the client's build; the worker writes them to a
temporary folder and plays them with ``Bench`` (its per-game timeout kills the
game's own process, never the Dask worker: Dask cannot stop a running task).
Chunks are submitted in a rolling window. A worker lost mid-chunk has its chunk
re-run by the scheduler; a chunk that keeps killing workers is split into single
games, and a game that still kills its worker is recorded as an error.
dask and distributed are optional: imported here only, when a cluster is asked for.
"""

from __future__ import annotations

import math
import socket
import tempfile
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from app.backends.bench.plan import PlannedGame
from app.backends.bench.pool import Bench
from app.backends.bench.rows import BenchConfig, BenchTask, FailureKind, GameRow, failed_row
from app.backends.bench.store import agent_files, map_bytes
from app.backends.bench.version import app_build
from app.core import BattleshipError

LOCAL = "local"
CHUNK_GAMES_MAX = 120  # about a minute of work at half a second a game
CHUNKS_PER_WORKER = 4  # enough chunks for the workers to even out
ALLOWED_FAILURES = 2  # workers a chunk may lose before it is split (a game: before it is reported)


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


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """What a worker sends back: rows by task index, and the machine that played them."""

    number: int
    rows: tuple[tuple[int, GameRow], ...]
    host: str


def play_chunk(chunk: Chunk) -> ChunkResult:
    """On a Dask worker: write the chunk's files to a temporary folder and play its games with ``Bench``."""
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
        bench = Bench.for_tasks([BenchTask(agents[a], maps[m]) for _, a, m in chunk.games], chunk.config,
                                jobs=1, timeout=chunk.timeout)
        rows = []
        for position, row in bench.run():
            index, agent, map_path = chunk.games[position]
            row.agent, row.map_path = agent, map_path
            rows.append((index, row))
    return ChunkResult(chunk.number, tuple(rows), host)


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


def _dask():
    try:
        import dask
        import distributed
    except ImportError as exc:
        raise BattleshipError(f"--cluster needs dask and distributed (pip install dask distributed): {exc}") from None
    return dask, distributed


@dataclass
class ClusterBench:
    """The planned games on a Dask cluster: ``local`` (an embedded ``LocalCluster``) or a scheduler address."""

    address: str
    games: Sequence[PlannedGame]
    config: BenchConfig = field(default_factory=BenchConfig)
    workers: int = 0  # with ``local``: worker processes (default: all cores)
    timeout: float | None = 60.0
    chunk_games: int = 0  # games per chunk (default: from the number of games and workers)
    skip: frozenset[int] = frozenset()
    build: str = ""  # the build sent with each chunk (default: this one)
    notes: list[str] = field(default_factory=list)  # what went wrong on the way (lost chunks, refused workers)

    def __post_init__(self) -> None:
        self.tasks = [g.task for g in self.games]
        self.client = None
        self.worker_count = 0
        self.hosts: dict[int, str] = {}  # task index -> the machine that played it

    def chunks(self, threads: int) -> list[list[PlannedGame]]:
        """The games left to play, in task order, cut in chunks (at least a few per worker thread)."""
        left = [g for g in self.games if g.index not in self.skip]
        size = self.chunk_games or max(1, min(CHUNK_GAMES_MAX, math.ceil(len(left) / (CHUNKS_PER_WORKER * threads))))
        return [left[i:i + size] for i in range(0, len(left), size)]

    def run(self) -> Iterator[tuple[int, GameRow]]:
        """Play every chunk on the cluster and yield each game's row when its chunk comes back."""
        dask, distributed = _dask()
        with dask.config.set({"distributed.worker.daemon": False,  # a worker's chunk starts its own pool
                              "distributed.scheduler.allowed-failures": ALLOWED_FAILURES,
                              "distributed.admin.tick.limit": "1h"}):
            cluster = None
            if self.address == LOCAL:
                cluster = _local_cluster(distributed, self.workers or _cores())
            try:
                with distributed.Client(cluster or self.address, timeout="20s") as client:
                    self.client = client
                    yield from self._run(client, distributed)
            except OSError as exc:
                raise BattleshipError(f"--cluster {self.address}: cannot reach the scheduler ({exc})") from None
            finally:
                self.client = None
                if cluster is not None:
                    cluster.close()

    def _run(self, client, distributed) -> Iterator[tuple[int, GameRow]]:
        threads = self._check_workers(client)
        pending = [self._chunk(n, games) for n, games in enumerate(self.chunks(threads))]
        pending.reverse()  # pop() from the end: the first chunks go first
        by_number = {}
        run = uuid.uuid4().hex[:12]  # keys of this run only (a scheduler may serve several runs)
        window = distributed.as_completed()
        limit = 2 * threads
        while pending or window.count():
            while pending and window.count() < limit:
                chunk = pending.pop()
                by_number[chunk.number] = chunk
                window.add(client.submit(play_chunk, chunk, key=f"battleship-chunk-{chunk.number}-{run}",
                                         pure=False))
            future = next(window)
            try:
                result = future.result()
            except WrongBuild as exc:
                raise BattleshipError(str(exc)) from None
            except (ImportError, RuntimeError) as exc:  # the scheduler or a worker cannot import the app
                if isinstance(exc, RuntimeError) and "deserializ" not in str(exc):
                    raise
                raise BattleshipError(f"--cluster {self.address}: the cluster cannot read the games ({exc}): start "
                                      "dask scheduler and dask worker from the repository folder with "
                                      "PYTHONPATH set to it (docs/tournament.md)") from None
            except distributed.KilledWorker:
                chunk = by_number.pop(_number(future.key))
                yield from self._killed(chunk, pending)
                continue
            finally:
                future.release()
            by_number.pop(result.number, None)
            for index, row in result.rows:
                self.hosts[index] = result.host
                yield index, row

    def _killed(self, chunk: Chunk, pending: list[Chunk]) -> Iterator[tuple[int, GameRow]]:
        """A chunk that killed its workers: split into single games; a single game is reported as an error."""
        if len(chunk.games) > 1:
            self.notes.append(f"chunk {chunk.number} ({len(chunk.games)} games) kept killing its Dask workers: "
                              "playing its games one by one")
            base = 1_000_000 * (chunk.number + 1)
            for offset, game in enumerate(chunk.games):
                pending.append(Chunk(base + offset, (game,), {game[1]: chunk.agents[game[1]]},
                                     {game[2]: chunk.maps[game[2]]}, chunk.config, chunk.timeout, chunk.build))
            return
        index, agent, map_path = chunk.games[0]
        message = "the game kept killing its Dask worker: not retried"
        self.notes.append(f"{map_path}: {agent}: {message}")
        row = GameRow(agent, Path(map_path).stem, map_path, self.config.rules, self.config.seed)
        yield index, failed_row(row, FailureKind.ERROR, message, 0.0)

    def _chunk(self, number: int, games: list[PlannedGame]) -> Chunk:
        agents = {g.task.agent: self._agent_files(g.task.agent) for g in games}
        maps = {g.task.map_path: self._map_bytes(g.task.map_path) for g in games}
        return Chunk(number, tuple((g.index, g.task.agent, g.task.map_path) for g in games), agents, maps,
                     self.config, self.timeout, self.build or app_build())

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
        client.wait_for_workers(1, timeout=120)
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
    from app.backends.bench.pool import default_jobs

    return default_jobs()
