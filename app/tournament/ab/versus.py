"""Playing an A/B comparison: both agents map by map in the bench's worker pool, each map's pair fed to the
anytime-valid sequential test in a fixed shuffled order, stopping as soon as the test decides.

Used by ``python main.py bench --agents NEW --versus OLD`` and meant for the GUI's Compare window (no Qt here):
``VersusBench.run()`` yields each map's pair as the test takes it, ``stop()`` ends it from another thread,
``comparison()`` gives the figures so far. Games already in a results file (a tournament's ``.jsonl``, or a
bench's ``.csv``/``.json``) are read instead of played.
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from app.core import BattleshipError
from app.tournament.ab.paired import Comparison, PairedMap, compare
from app.tournament.ab.sequential import Design, SequentialTest, Verdict
from app.tournament.bench.plan import plan
from app.tournament.bench.results import load_results, results_format
from app.tournament.bench.rows import BenchConfig, GameRow
from app.tournament.bench.stopping import Stoppable
from app.tournament.bench.store import STORE_SUFFIX, ResultStore, game_key
from app.tournament.bench.workers import DEFAULT_TIMEOUT, Bench

ORDER_SEED = 0  # the maps' shuffled order: the same for every run, so a verdict can be reproduced


def shuffled(maps: Sequence[str], seed: int = ORDER_SEED) -> list[str]:
    """The maps in the order the test takes them: shuffled (a folder sorted by name is often sorted by difficulty,
    and the first maps would speak for all), the same order for the same maps every time."""
    order = sorted(maps)
    random.Random(seed).shuffle(order)
    return order


def stored_games(path: str | Path, new: str, old: str, maps: Sequence[str], config: BenchConfig) -> dict[int, GameRow]:
    """The games of ``new`` and ``old`` on ``maps`` under ``config`` found in a results file, by their index in a
    ``Bench([new, old], maps)`` (maps outer, agents inner). A tournament file (``.jsonl``) is matched by the
    agents' and maps' contents, rules and seed; a bench ``.csv``/``.json`` by agent name, map file, rules and seed."""
    if not Path(path).is_file():
        raise BattleshipError(f"{path}: no such results file")
    agents = (new, old)
    found: dict[int, GameRow] = {}
    if str(path).lower().endswith(STORE_SUFFIX):
        records = {game_key(r): r for r in ResultStore(path).records()}
        for game in plan(agents, maps, config):
            record = records.get(game.key)
            if record is not None:
                found[game.index] = _renamed(GameRow.from_dict(record), game.task.agent, game.task.map_path)
        return found
    results_format(path)  # a one-line error for any other kind of file
    places = {(agent, str(Path(m).resolve())): i * 2 + a for i, m in enumerate(maps) for a, agent in enumerate(agents)}
    for row in load_results(path):
        index = places.get((row.agent, str(Path(row.map_path).resolve())))
        if index is not None and row.rules == config.rules and row.seed == config.seed:
            found[index] = _renamed(row, row.agent, maps[index // 2])
    return found


def _renamed(row: GameRow, agent: str, map_path: str) -> GameRow:
    """A stored row named as in this run (a tournament names agents and maps as it was given them)."""
    row.agent, row.map_path = agent, map_path
    return row


@dataclass
class VersusBench(Stoppable):
    """``new`` against ``old`` on ``maps`` (taken in the order given: see ``shuffled``) until the test decides.

    ``stored``: games already played (``stored_games``), by bench index; ``on_game`` is called with each game
    played here (progress). Games still running when the test decides are dropped with their workers.
    """

    new: str
    old: str
    maps: Sequence[str]
    design: Design = field(default_factory=Design)
    config: BenchConfig = field(default_factory=BenchConfig)
    jobs: int = 0
    timeout: float | None = DEFAULT_TIMEOUT
    stored: dict[int, GameRow] = field(default_factory=dict)
    on_game: Callable[[GameRow], None] | None = None

    def __post_init__(self) -> None:
        self._stop = threading.Event()
        self.test = SequentialTest(self.design)
        self.pairs: list[PairedMap] = []
        self.games_played = 0
        self.seconds = 0.0
        self._rows = dict(self.stored)

    @property
    def verdict(self) -> Verdict | None:
        """The sequential test's verdict once decided (None before)."""
        return self.test.verdict

    def run(self) -> Iterator[PairedMap]:
        """Play and feed the test; yields each map's pair as the test takes it (in map order)."""
        started = time.perf_counter()
        try:
            yield from self._feed()
            if self.verdict is not None or len(self.pairs) == len(self.maps):
                return
            bench = Bench([self.new, self.old], self.maps, self.config, jobs=self.jobs, timeout=self.timeout,
                          skip=frozenset(self.stored))
            with contextlib.closing(bench.run()) as games:
                for index, row in games:
                    self._rows[index] = row
                    self.games_played += 1
                    if self.on_game is not None:
                        self.on_game(row)
                    yield from self._feed()
                    if self.verdict is not None or self.stopped:
                        return
        finally:
            self.seconds += time.perf_counter() - started

    def _feed(self) -> Iterator[PairedMap]:
        """Give the test every map whose two games are in, in map order, until it decides."""
        while self.verdict is None and len(self.pairs) < len(self.maps):
            done = len(self.pairs)
            new, old = self._rows.get(2 * done), self._rows.get(2 * done + 1)
            if new is None or old is None:
                return
            pair = PairedMap(new.map, self.maps[done], new, old)
            self.pairs.append(pair)
            if pair.scored:
                self.test.add(pair.delta)
            yield pair

    def comparison(self, notes: Sequence[str] = ()) -> Comparison:
        """The figures over the maps taken so far."""
        return compare(self.new, self.old, self.design, self.pairs, len(self.maps), seconds=self.seconds,
                       games_played=self.games_played, notes=notes)
