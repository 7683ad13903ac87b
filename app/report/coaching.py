"""The coach's word for each student: a few of their games graded, their most frequent costly decisions.

The coach (``app.solver.coach``, docs/coach.md) costs about a second a game, so only a few example games of
each submission are graded (``EXAMPLES``: those furthest below the oracle, rebuilt from the logs the tournament
kept), in a process pool, and remembered in a JSON file by game key: a second ``grade`` grades only the new
ones. ``summarise`` turns a submission's graded games into its most frequent costly decisions, each with the
game and step that cost the most.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from app.core import BattleshipError, gamelog
from app.core.fileio import atomic_write_text
from app.solver.coach import coach_game

EXAMPLES = 3  # games graded per submission
COSTLY = 5.0  # a decision losing at least this many expected points is costly
SHOWN = 3  # kinds of costly decisions shown per student


def example_games(records: Sequence[dict], count: int = EXAMPLES) -> list[dict]:
    """The submission's ``count`` scored games (with a log) furthest below the oracle."""
    logged = [r for r in records if r.get("log") and r.get("status") == "ok" and r.get("score") is not None]
    logged.sort(key=lambda r: (-((r.get("oracle") or 0) - r["score"]), r.get("map", "")))
    return logged[:count]


def game_id(record: dict) -> str:
    """A game's key as text (agent's files, map, rules, seed): the coach file's key."""
    return f"{record['agent_hash']}/{record['map_hash']}/{record['rules_key']}/{record['seed']}"


def _coach_log(log: str) -> dict:
    try:
        return coach_game(gamelog.replay_text(log).game).to_dict()
    except Exception as error:  # one game the coach cannot grade does not stop the others
        return {"error": f"{type(error).__name__}: {error}"}


def coach_games(records: Sequence[dict], cache: str | Path, jobs: int = 1) -> dict[str, dict]:
    """The coach's report of each record's game, by ``game_id``: read from ``cache`` (a JSON file), the others
    graded now (``jobs`` processes) and added to it."""
    cache = Path(cache)
    try:
        known = json.loads(cache.read_text(encoding="utf-8")) if cache.is_file() else {}
    except (OSError, ValueError) as exc:
        raise BattleshipError(f"{cache}: cannot read the coach's reports ({exc})") from None
    todo = {game_id(r): r["log"] for r in records if game_id(r) not in known}
    if todo:
        if jobs > 1 and len(todo) > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                graded = dict(zip(todo, pool.map(_coach_log, todo.values())))
        else:
            graded = {key: _coach_log(log) for key, log in todo.items()}
        known.update(graded)
        atomic_write_text(cache, json.dumps(known, separators=(",", ":")))
    return {game_id(r): known[game_id(r)] for r in records}


@dataclass(frozen=True, slots=True)
class CostlyDecision:
    """A kind of decision that cost a student points: how often, how much, and the worst example."""

    kind: str
    count: int
    loss: float  # expected points lost in all
    map_name: str  # the example: the game and step where it cost the most
    game: int  # the example game's index on the student's page
    step: int
    example_loss: float
    cell: list | None
    best: list | None


def summarise(reports: Sequence[tuple[int, dict]], costly: float = COSTLY, shown: int = SHOWN) -> list[CostlyDecision]:
    """The most frequent costly decisions over ``reports`` ((game index on the page, coach report) pairs)."""
    by_kind: dict[str, list[tuple[int, dict, dict]]] = {}
    for game, report in reports:
        for decision in report.get("decisions", ()):
            if decision["loss"] >= costly:
                by_kind.setdefault(decision["kind"], []).append((game, report, decision))
    found = []
    for kind, items in by_kind.items():
        game, report, worst = max(items, key=lambda item: item[2]["loss"])
        found.append(CostlyDecision(kind, len(items), round(sum(item[2]["loss"] for item in items), 1),
                                    report.get("map", ""), game, worst["step"], worst["loss"], worst.get("cell"),
                                    worst.get("best")))
    found.sort(key=lambda c: (-c.count, -c.loss))
    return found[:shown]
