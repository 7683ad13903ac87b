"""Who plays a bench's games: the bench's own process pool, or a Dask cluster.

The one place that makes the choice, for ``main.py bench --cluster`` and for the Compare window's "Run on"
alike: both build a ``Bench`` (the games, their order, the process pool) and ask ``batch_player`` what runs it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.backends.bench.chunks import CHUNK_SECONDS
from app.backends.bench.cluster import ClusterBench
from app.backends.bench.plan import PlannedGame, plan
from app.backends.bench.pool import Bench


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
