"""Who plays a bench's games: the bench's own process pool, or a Dask cluster.

The one place that makes the choice, for ``main.py bench --cluster`` (``make_bench``) and for the Compare
window's "Run on" alike: both build a ``Bench`` (the games, their order, the process pool) and ask
``batch_player`` what runs it. It is the GUI's one door to batches (an import-linter contract keeps the GUI out of
``cluster``, ``workers`` and the rest): where a batch may run (``RunOn``), the cluster's address as it will be
used (``cluster_address``), starting a batch (``make_bench``) and whether what plays it is a cluster
(``on_cluster``). Dask itself is imported by ``cluster`` only when a cluster plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from app.tournament.bench.chunks import CHUNK_SECONDS
from app.tournament.bench.cluster import LOCAL, ClusterBench, scheduler_address
from app.tournament.bench.plan import PlannedGame, plan
from app.tournament.bench.rows import BenchConfig
from app.tournament.bench.workers import DEFAULT_TIMEOUT, Bench, default_jobs

Player = Bench | ClusterBench  # what plays a batch's games: ``run()`` yields (index, GameRow); ``stop()``


class RunOn(StrEnum):
    """Where a batch's games may run (the Compare window's "Run on"; ``bench --cluster`` names the cluster)."""

    MACHINE = "machine"  # this machine's process pool
    LOCAL = "local"  # an embedded Dask LocalCluster
    ADDRESS = "address"  # a running Dask scheduler


def cluster_address(where: RunOn | str, text: str = "") -> str | None:
    """The cluster a batch run ``where`` plays on: None for this machine, ``local``, or the scheduler's address
    ``text`` as it will be used (``tcp://HOST:PORT``; a one-line BattleshipError when malformed)."""
    if where == RunOn.MACHINE:
        return None
    if where == RunOn.LOCAL:
        return LOCAL
    return scheduler_address(text)


def on_cluster(player: Player) -> bool:
    """True when ``player`` plays its games on a Dask cluster (it then tells its workers once connected through
    ``on_workers``, and takes a while to close)."""
    return isinstance(player, ClusterBench)


@dataclass(frozen=True, slots=True)
class ClusterChoice:
    """A Dask cluster to play on: ``local`` (an embedded ``LocalCluster``) or a scheduler's address."""

    address: str
    workers: int = 0  # with ``local``: worker processes (0: all cores); a scheduler has its own
    chunk_games: int = 0  # games per chunk (0: sized by time, see chunk_seconds)
    chunk_seconds: float = CHUNK_SECONDS


def batch_player(runner: Bench, cluster: ClusterChoice | None = None,
                 planned: Sequence[PlannedGame] = ()) -> Player:
    """What plays ``runner``'s games: ``runner`` itself (its process pool) without ``cluster``, else a
    ``ClusterBench`` of the same games, config, timeout and skipped games (``planned``: the games with their
    keys when the caller has them already, else planned here)."""
    if cluster is None:
        return runner
    games = list(planned) or plan(runner.agents, runner.maps, runner.config)
    return ClusterBench(cluster.address, games, runner.config, workers=cluster.workers, timeout=runner.timeout,
                        chunk_games=cluster.chunk_games, skip=runner.skip, chunk_seconds=cluster.chunk_seconds)


class Batch(NamedTuple):
    """A batch ready to run: ``games`` (a ``Bench``: the games and their order), ``player`` (what plays them: that
    bench, or a ``ClusterBench``) and ``where`` (``2 jobs``, ``cluster local (4 workers)``) for a header line."""

    games: Bench
    player: Player
    where: str


def make_bench(agents: Sequence[str], maps: Sequence[str], config: BenchConfig, *, jobs: int = 0,
               timeout: float | None = DEFAULT_TIMEOUT, skip: frozenset[int] = frozenset(), cluster: str | None = None,
               planned: Sequence[PlannedGame] = (), workers: int = 0, chunk_games: int = 0,
               chunk_seconds: float = CHUNK_SECONDS) -> Batch:
    """Every agent on every map: in ``jobs`` worker processes here, or on the Dask cluster ``cluster`` (``local``
    or a scheduler's address; ``workers``: a local cluster's processes) in chunks of ``chunk_games`` games, or of
    ``chunk_seconds`` of measured work. ``skip``: the task indexes already played; ``planned``: the games' plan
    when the caller made it already (a tournament file's keys)."""
    games = Bench(agents, maps, config, jobs=jobs, timeout=timeout, skip=skip)
    if not cluster:
        return Batch(games, games, f"{min(jobs or default_jobs(), len(games.tasks))} jobs")
    player = batch_player(games, ClusterChoice(cluster, workers, chunk_games, chunk_seconds), planned)
    return Batch(games, player, f"cluster {cluster}" + (f" ({workers} workers)" if workers else ""))
