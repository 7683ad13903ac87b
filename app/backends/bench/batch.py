"""How a batch of games runs: one place decides between this machine's process pool and a Dask cluster."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from app.backends.bench.chunks import CHUNK_SECONDS
from app.backends.bench.plan import PlannedGame, plan
from app.backends.bench.pool import DEFAULT_TIMEOUT, Bench, default_jobs
from app.backends.bench.rows import BenchConfig


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
    from app.backends.bench.cluster import ClusterBench

    player = ClusterBench(cluster, planned or plan(agents, maps, config), config, workers=workers, timeout=timeout,
                          chunk_games=chunk_games, skip=skip, chunk_seconds=chunk_seconds)
    return Batch(games, player, f"cluster {cluster}" + (f" ({workers} workers)" if workers else ""))
