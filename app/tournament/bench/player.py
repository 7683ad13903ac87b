"""Who plays a bench's games: the bench's own process pool, or a Dask cluster.

The one place that makes the choice, for ``main.py bench --cluster`` (``make_bench``) and for the Compare
window's "Run on" alike: both build a ``Bench`` (the games, their order, the process pool) and ask
``batch_player`` what runs it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from app.tournament.bench.chunks import CHUNK_SECONDS
from app.tournament.bench.cluster import ClusterBench  # dask itself is imported when a cluster is asked for
from app.tournament.bench.plan import PlannedGame, plan
from app.tournament.bench.rows import BenchConfig
from app.tournament.bench.workers import DEFAULT_TIMEOUT, Bench, default_jobs


@dataclass(frozen=True, slots=True)
class ClusterChoice:
    """A Dask cluster to play on: ``local`` (an embedded ``LocalCluster``) or a scheduler's address."""

    address: str
    workers: int = 0  # with ``local``: worker processes (0: all cores); a scheduler has its own
    chunk_games: int = 0  # games per chunk (0: sized by time, see chunk_seconds)
    chunk_seconds: float = CHUNK_SECONDS


def batch_player(runner: Bench, cluster: ClusterChoice | None = None,
                 planned: Sequence[PlannedGame] = ()) -> Bench | ClusterBench:
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
    player: object
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
