"""Results files: a bench's rows as CSV or JSON (written atomically), and back; ``BenchResults``: where a
bench's finished games go, for ``main.py bench`` and the Compare window's batch alike (one implementation, one
resumable format: the tournament file of ``store``)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from app.core import BattleshipError
from app.core.fileio import atomic_write_text, read_text
from app.tournament.bench.plan import PlannedGame, plan
from app.tournament.bench.rows import ROW_FIELDS, BenchConfig, GameRow
from app.tournament.bench.store import STORE_SUFFIX, ResultStore, game_key, make_record
from app.tournament.bench.summary import summarize


def rows_to_csv(rows: Iterable[GameRow]) -> str:
    """The rows as CSV text with a header line."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=ROW_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        values = row.to_dict()
        writer.writerow({k: ("" if values[k] is None else values[k]) for k in ROW_FIELDS})
    return buffer.getvalue()


def rows_to_json(rows: Sequence[GameRow], meta: dict | None = None, agents: Sequence[str] | None = None) -> str:
    """A JSON document: ``meta`` fields, ``summary`` (per agent) and ``rows`` (per game)."""
    document = dict(meta or {})
    document["summary"] = [s.to_dict() for s in summarize(rows, agents)]
    document["rows"] = [row.to_dict() for row in rows]
    return json.dumps(document, indent=1) + "\n"


def results_format(path: str | Path) -> str:
    """``csv`` or ``json`` from the file's extension; a clear error otherwise."""
    suffix = Path(path).suffix.lower()
    if suffix in (".csv", ".json"):
        return suffix[1:]
    raise BattleshipError(f"{path}: the results file must end in .csv or .json")


def save_results(path: str | Path, rows: Sequence[GameRow], meta: dict | None = None,
                 agents: Sequence[str] | None = None) -> None:
    """Write the rows atomically as CSV or JSON (by extension)."""
    if results_format(path) == "csv":
        text = rows_to_csv(rows)
    else:
        text = rows_to_json(rows, meta, agents)
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise BattleshipError(f"{path}: cannot write the results ({exc.strerror or exc})") from None


def load_results(path: str | Path) -> list[GameRow]:
    """Rows back from a results file written by ``save_results``."""
    text = read_text(path, BattleshipError, max_bytes=100_000_000)
    try:
        if results_format(path) == "csv":
            return [GameRow.from_dict(r) for r in csv.DictReader(io.StringIO(text))]
        return [GameRow.from_dict(r) for r in json.loads(text)["rows"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise BattleshipError(f"{path}: not a bench results file ({exc})") from None


def is_tournament_file(path: str | Path | None) -> bool:
    """True for a tournament results file (``.jsonl``: resumable), False for a CSV/JSON results file or none."""
    return bool(path) and str(path).lower().endswith(STORE_SUFFIX)


def stored_rows(store: ResultStore, planned: Sequence[PlannedGame], agent_count: int) -> list[GameRow]:
    """The planned games found in the store, agent by agent (named as in this run: the key is the contents)."""
    by_key = {game_key(r): r for r in store.records()}
    rows = []
    for game in sorted(planned, key=lambda g: (g.index % agent_count, g.index // agent_count)):
        record = by_key.get(game.key)
        if record is not None:
            row = GameRow.from_dict(record)
            row.agent, row.map_path = game.task.agent, game.task.map_path
            rows.append(row)
    return rows


class BenchResults:
    """Where a bench's finished games go: a tournament file (appended as they finish; with ``resume``, the games
    already scored in it are skipped) or a results file (rewritten whole at each checkpoint), or nowhere; and
    the rows in the order of the table. ``games`` (the ``Bench``: the tasks and their order) is set by the
    caller once the bench is made with ``skip`` and ``planned`` from here.

    ``keep_timeouts``: games the per-game timeout killed count as played (``grade``); else they are played again.
    """

    def __init__(self, out: str | Path | None, agents: Sequence[str], maps: Sequence[str], config: BenchConfig,
                 *, resume: bool = False, keep_timeouts: bool = False):
        self.out, self.agents, self.games = (str(out) if out else None), list(agents), None
        self.store: ResultStore | None = None
        self.planned: list[PlannedGame] = []
        self.skip: frozenset[int] = frozenset()
        self.again = 0
        self.finished: dict[int, GameRow] = {}
        self.unsaved: list[dict] = []
        profile = config.profile()
        self.meta = {"rules": profile.name, "fires": profile.fires, "guesses": profile.guesses,
                     "max_steps": profile.max_steps, "seed": config.seed, "agents": list(agents),
                     "maps": list(maps), "games": len(agents) * len(maps), "interrupted": False}
        if is_tournament_file(out):
            self.store = ResultStore(out)
            self.planned = plan(agents, maps, config)
            done = self.store.kept_keys(keep_timeouts) if resume else set()
            self.skip = frozenset(g.index for g in self.planned if g.key in done)
            not_scored = self.store.keys() - done if resume else set()
            self.again = sum(g.key in not_scored for g in self.planned)  # not scored before: played again

    def add(self, index: int, row: GameRow, host: str | None = None) -> None:
        """One finished game (``host``: the machine that played it, on a cluster)."""
        self.finished[index] = row
        if self.store is not None:
            self.unsaved.append(make_record(row, self.planned[index].key, self.planned[index].known, host))

    def ordered(self) -> list[GameRow]:
        """The rows agent by agent, maps in their order (with a tournament file: every planned game in it)."""
        if self.store is not None:
            return stored_rows(self.store, self.planned, len(self.agents))
        return self.games.ordered(self.finished) if self.games is not None else []

    def save(self, interrupted: bool = False) -> None:
        """Write what finished: appended to the tournament file, or the whole results file."""
        if self.store is not None:
            self.store.append(self.unsaved)
            self.unsaved.clear()
        elif self.out:
            save_results(self.out, self.ordered(), {**self.meta, "interrupted": interrupted}, self.agents)


@dataclass(frozen=True, slots=True)
class StoredBatch:
    """What a tournament file says about the batch that wrote it: its agents and maps (as asked, in the order
    first played), the rules profile, the seed, and the rules key's other parts (limits, parameters)."""

    agents: list[str]
    maps: list[str]
    rules: str
    seed: int
    options: list[str]


def stored_batch(path: str | Path) -> StoredBatch:
    """The batch a tournament file holds (a one-line error for a file that is not one, or holds no game)."""
    records = ResultStore(path).records()
    if not records:
        raise BattleshipError(f"{path}: holds no games yet")
    first = records[0]
    options = sorted({part for r in records for part in str(r["rules_key"]).split(";")[1:]})
    return StoredBatch(list(dict.fromkeys(str(r["agent"]) for r in records)),
                       list(dict.fromkeys(str(r["map_path"]) for r in records)),
                       str(first.get("rules", "")), int(first["seed"]), options)
