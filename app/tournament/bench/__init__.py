"""The batch layer: every (agent, map) game of a comparison, in a pool of worker processes.

Used by ``python main.py bench`` and by the GUI's Compare view (no Qt here).
Each game is played exactly as ``python main.py run`` plays it (same loader,
same ``play``), so a bench row has the score of the single run with the same
agent, map, rules and seed. Workers are long-lived processes fed one game at a
time through a pipe; a game that outlives its timeout has its worker killed
(and replaced) and is recorded as a failure, so a hung agent never hangs the
bench. Drivers (CLIPS environments are not picklable) are created in the worker.

Modules: ``rows`` (one game and its row), ``pool`` (the worker processes),
``inputs`` (maps and agents asked for), ``summary`` (per-agent statistics and
the table), ``results`` (CSV/JSON files, and ``BenchResults``: where finished games go, resumed), ``store`` (the tournament's
append-only results keyed by contents), ``plan`` (the games with their keys), ``cluster`` (the games in chunks
on a Dask cluster), ``chunks`` (how much goes in a chunk) and ``player`` (``make_bench``, ``batch_player``: the one place that
decides where a batch runs). The names of the first ones are re-exported here.
"""

from app.tournament.bench.inputs import expand_agents, expand_maps, split_agents
from app.tournament.bench.player import Batch, make_bench
from app.tournament.bench.results import (
    BenchResults,
    is_tournament_file,
    load_results,
    results_format,
    rows_to_csv,
    rows_to_json,
    save_results,
    stored_batch,
    stored_rows,
)
from app.tournament.bench.rows import (
    ROW_FIELDS,
    BenchConfig,
    BenchTask,
    FailureKind,
    GameRow,
    RowStatus,
    failed_row,
    fill_row,
    play_row,
)
from app.tournament.bench.summary import (
    COACH_HEADS,
    TABLE_HEADS,
    AgentSummary,
    coach_cells,
    format_table,
    summarize,
    table_cells,
)
from app.tournament.bench.workers import DEFAULT_TIMEOUT, Bench, default_jobs

__all__ = [
    "COACH_HEADS", "DEFAULT_TIMEOUT", "ROW_FIELDS", "TABLE_HEADS", "AgentSummary", "Batch", "Bench", "BenchConfig",
    "BenchResults", "is_tournament_file", "stored_batch", "stored_rows", "BenchTask", "coach_cells",
    "FailureKind", "GameRow", "RowStatus", "default_jobs", "expand_agents", "expand_maps", "failed_row", "fill_row",
    "format_table", "load_results", "make_bench", "play_row", "results_format", "rows_to_csv", "rows_to_json", "save_results",
    "split_agents", "summarize", "table_cells",
]
