"""A tournament's games with their keys: which are already in the results store, which are left to play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.core import BattleshipError
from app.solver.playable import load_game_map
from app.tournament.bench.rows import BenchConfig, BenchTask
from app.tournament.bench.store import GameKey, agent_files, digest_files, map_hash, rules_key


@dataclass(frozen=True, slots=True)
class PlannedGame:
    """One game of the tournament: its place in the bench's task list, the task, its key, the map's known cells."""

    index: int
    task: BenchTask
    key: GameKey
    known: int | None


def known_cells(path: str, pick_first: bool = False) -> int | None:
    """How many cells the map shows at start (None when it cannot be read: its game reports why)."""
    try:
        return len(load_game_map(path, pick_first=pick_first).known)
    except BattleshipError:
        return None


def plan(agents: Sequence[str], maps: Sequence[str], config: BenchConfig) -> list[PlannedGame]:
    """Every (map, agent) game in ``Bench`` task order (maps outer, agents inner), keyed by contents."""
    agent_hashes = {agent: digest_files(agent_files(agent)) for agent in agents}
    map_info = {path: (map_hash(path), known_cells(path, config.pick_first)) for path in maps}
    rules = rules_key(config)
    games = []
    for path in maps:
        for agent in agents:
            key = GameKey(agent_hashes[agent], map_info[path][0], rules, config.seed)
            games.append(PlannedGame(len(games), BenchTask(agent, str(path)), key, map_info[path][1]))
    return games
