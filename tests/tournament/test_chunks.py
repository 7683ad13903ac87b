"""Chunks sized by measured time: synthetic game times in, chunk sizes out (nothing is played or timed here)."""

from __future__ import annotations

from collections import deque

import pytest

from app.core import BattleshipError
from app.tournament.bench.chunks import CHUNKS_PER_WORKER, ChunkSizer
from app.tournament.bench.cluster import scheduler_address
from app.tournament.bench.plan import PlannedGame
from app.tournament.bench.rows import BenchTask
from app.tournament.bench.store import GameKey


def queue(agents: list[str], maps: int) -> deque[PlannedGame]:
    """Planned games in bench order (maps outer, agents inner), without touching any file."""
    games = deque()
    for m in range(maps):
        for agent in agents:
            games.append(PlannedGame(len(games), BenchTask(agent, f"m{m}.map"), GameKey(agent, str(m), "r", 0), 0))
    return games


def sizer_for(left: deque[PlannedGame], times: dict[str, float], target: float = 60.0) -> ChunkSizer:
    sizer = ChunkSizer(target)
    sizer.plan(left)
    for agent, seconds in times.items():
        for _ in range(3):
            sizer.observe(agent, seconds)
    return sizer


def work(chunk: list[PlannedGame], times: dict[str, float]) -> float:
    return sum(times[g.task.agent] for g in chunk)


@pytest.mark.parametrize("seconds", [0.05, 0.5, 6.0, 45.0])
def test_a_chunk_is_about_a_minute_of_work_whatever_the_agent_speed(seconds):
    times = {"a": seconds}
    left = queue(["a"], int(60.0 * CHUNKS_PER_WORKER * 2 / seconds) + 10)  # enough work left for full chunks
    sizer = sizer_for(left, times)
    chunk = sizer.take(left, threads=2)
    assert abs(len(chunk) - 60.0 / seconds) <= 1
    assert work(chunk, times) <= 60.0 + 1e-9 and work(chunk, times) + seconds > 60.0
    assert [g.index for g in chunk] == list(range(len(chunk)))  # in task order, taken off the queue
    assert left[0].index == len(chunk)


def test_a_game_longer_than_a_chunk_is_a_chunk_of_its_own():
    times = {"slow": 90.0}
    left = queue(["slow"], 50)
    chunk = sizer_for(left, times).take(left, threads=1)
    assert len(chunk) == 1


def test_mixed_agents_are_counted_each_at_its_own_speed():
    times = {"fast": 0.1, "slow": 5.0}
    left = queue(["fast", "slow"], 1000)
    sizer = sizer_for(left, times)
    chunk = sizer.take(left, threads=2)
    # a map of both costs 5.1 s: 11 maps fit in a minute, then one more fast game (5.0 s + the next slow would not)
    assert len(chunk) == 23 and 55.0 < work(chunk, times) <= 60.0


def test_estimates_follow_the_games_that_come_back():
    left = queue(["a", "b"], 1000)
    sizer = ChunkSizer(60.0)
    sizer.plan(left)
    assert sizer.estimate("a") == sizer.prior  # nothing measured yet
    sizer.observe("a", 1.0)
    sizer.observe("a", 3.0)
    assert sizer.estimate("a") == 2.0
    assert sizer.estimate("b") == 2.0  # not measured yet: as the agents measured so far
    sizer.observe("b", 0.5)
    assert sizer.estimate("b") == 0.5
    first = sizer.take(left, threads=1)
    sizer.observe("a", 11.0)  # a got slower: (1 + 3 + 11) / 3 = 5 s a game
    second = sizer.take(left, threads=1)
    assert work(first, {"a": 2.0, "b": 0.5}) <= 60.0 and work(second, {"a": 5.0, "b": 0.5}) <= 60.0
    assert len(second) < len(first)


def test_chunks_get_shorter_at_the_end_so_every_worker_has_a_share():
    times = {"a": 1.0}
    left = queue(["a"], 200)  # 200 s of work for 4 threads: 12.5 s a chunk at first, not 60
    sizer = sizer_for(left, times)
    sizes = []
    while left:
        sizes.append(len(sizer.take(left, threads=4)))
    assert sizes[0] == 200 // (CHUNKS_PER_WORKER * 4)
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] >= 1
    assert min(sizes) == sizer.minimum  # never below the minimum chunk (5 s of work)...
    assert sum(sizes) == 200  # ...and every game in exactly one chunk


def test_a_fixed_game_count_overrides_the_time():
    left = queue(["a"], 10)
    sizer = ChunkSizer(60.0, games=4)
    sizer.plan(left)
    sizer.observe("a", 100.0)
    assert [len(sizer.take(left, 2)) for _ in range(3)] == [4, 4, 2]


class TestSchedulerAddress:
    @pytest.mark.parametrize("text, address", [("local", "local"), ("tcp://10.0.0.5:8786", "tcp://10.0.0.5:8786"),
                                               ("lab-pc:8786", "tcp://lab-pc:8786"), (" tcp://h:1/ ", "tcp://h:1")])
    def test_good(self, text, address):
        assert scheduler_address(text) == address

    @pytest.mark.parametrize("text", ["", "tcp://", "tcp://host", "http://host:8786", "tcp://host:port",
                                      "tcp://host:99999", "host:8786/path"])
    def test_bad_is_one_line_naming_it(self, text):
        with pytest.raises(BattleshipError, match="tcp://HOST:8786") as error:
            scheduler_address(text)
        assert "\n" not in str(error.value)


def test_a_chunks_game_process_is_kept_for_the_next_chunk():
    from app.tournament.bench import Bench, BenchConfig, workers
    from tests.paths import MAPS_DIR

    config = BenchConfig(seed=424242)  # a configuration of its own: no other test's kept process
    tasks = [BenchTask(agent, str(MAPS_DIR / "bench" / "k2-0001.map")) for agent in ("random", "cross")]

    def chunk() -> dict:
        bench = Bench.for_tasks(tasks, config, jobs=1)
        bench.keep_workers = True
        return {i: row.score for i, row in bench.run()}

    try:
        first = chunk()
        kept = list(workers._KEPT[config])
        assert len(kept) == 1 and kept[0].process.is_alive()
        assert chunk() == first  # played by the same process, with the same results
        assert workers._KEPT[config] == kept
        kept[0].process.kill()
        kept[0].process.join()
        assert chunk() == first  # a kept process that died is replaced
        assert workers._KEPT[config] != kept and workers._KEPT[config][0].process.is_alive()
    finally:
        while (worker := workers._kept_worker(config)) is not None:
            workers._kill(worker)
    assert first == {i: row.score for i, row in Bench.for_tasks(tasks, config, jobs=1).run()}
