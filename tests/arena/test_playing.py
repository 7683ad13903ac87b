"""The arena's player plays real games: the same scores as a plain ``bench`` of the same agents, maps and seed; a
submission that does not load is reported with CLIPS's message (naming the student's own file) and never played;
a player stopped mid-batch and a restart lose no game and count none twice; the student's page is the ``grade``
page's data, live."""

from __future__ import annotations

import json
import time
from collections import defaultdict

import pytest
from sqlalchemy import func, select

from app.arena.schema import Game, Version
from app.arena.service import Arena
from app.tournament.bench import Bench, BenchConfig
from tests.arena.conftest import read_tokens
from tests.paths import MAPS_DIR, ROOT

MAPS = [MAPS_DIR / "bench" / f"k0-000{i}.map" for i in (1, 2, 3)]
BDI = ROOT / "agents" / "clips" / "bdi"
AGENTS = {"rossi": ROOT / "agents" / "random_agent.py", "bianchi": ROOT / "agents" / "cross_agent.py", "verdi": BDI}
WAIT = 300.0


def _files(agent) -> list[tuple[str, bytes]]:
    if agent.is_dir():
        return sorted((p.name, p.read_bytes()) for p in agent.iterdir() if p.is_file())
    return [(agent.name, agent.read_bytes())]


def _arena(url: str, tmp_path, roster) -> Arena:
    maps = tmp_path / "bench-maps"
    maps.mkdir()
    for path in MAPS:
        (maps / path.name).write_bytes(path.read_bytes())
    return Arena.create(url, maps, roster, tmp_path / "tokens.csv")


@pytest.fixture
def arena(tmp_path, class_files) -> Arena:
    """An arena on SQLite."""
    return _arena(f"sqlite:///{tmp_path / 'arena.sqlite3'}", tmp_path, class_files[1])


@pytest.fixture
def any_arena(arena_url, tmp_path, class_files) -> Arena:
    """An arena on SQLite, then on PostgreSQL."""
    return _arena(arena_url, tmp_path, class_files[1])


def _wait_done(arena: Arena, games: int) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        with arena.sessions() as session:
            if session.scalar(select(func.count(Game.id)).where(Game.state.in_(("done", "skipped")))) >= games:
                return
        time.sleep(0.2)
    raise AssertionError(f"the player did not finish {games} games in {WAIT:g} s")


def test_the_arena_scores_what_a_plain_bench_scores_and_a_page_is_built(arena):
    tokens = read_tokens(arena.tokens_written)
    for who, agent in AGENTS.items():
        arena.submit(arena.caller(tokens[who]), _files(agent))
    player = arena.player(jobs=2)
    player.start()
    try:
        _wait_done(arena, len(AGENTS) * len(MAPS))
    finally:
        player.stop()
        player.join(60)
    board = arena.standings(arena.caller(tokens["teacher"]))
    means = {row["identifier"]: row["mean"] for row in board["rows"]}
    assert all(row["games"] == len(MAPS) and row["phase"] == "done" for row in board["rows"])
    bench = Bench([str(a) for a in AGENTS.values()], [str(m) for m in MAPS], BenchConfig(seed=0), jobs=2)
    scores = defaultdict(list)
    for _, row in bench.run():
        scores[row.agent].append(row.score)
    expected = {who: sum(scores[str(agent)]) / len(MAPS) for who, agent in AGENTS.items()}
    assert means == pytest.approx(expected)
    page = arena.student(arena.caller(tokens["verdi"]), "verdi")
    assert page["page"].mean == pytest.approx(expected["verdi"]) and len(page["page"].maps) == len(MAPS)
    assert len(page["page"].games) == len(MAPS)  # each game's log embedded for the in-page replay
    assert page["page"].standings and sum(s["own"] for s in page["page"].standings) == 1
    assert arena.version(arena.caller(tokens["verdi"]), page["shown"])["phase"] == "done"
    with arena.sessions() as session:  # the coach graded three example games of each version
        coached = [json.loads(v.coach) for v in session.scalars(select(Version))]
    assert [len(c) for c in coached] == [3, 3, 3] and all("decisions" in report for c in coached for _, report in c)
    assert all(c.count >= 1 and c.map_name for c in page["page"].coach)
    assert all(line["log"] and line["state"] == "done" for line in page["maps"])
    assert str(arena.cache) not in json.dumps(page["page"].games)  # no server path in the logs a student replays


def test_a_submission_that_does_not_load_says_why_in_clips_words_and_is_not_played(arena):
    rossi = arena.caller(read_tokens(arena.tokens_written)["rossi"])
    version = arena.submit(rossi, [("rules.clp", b"(defrule fire\n  (cell ?x\n=>\n")])["id"]
    player = arena.player(jobs=1)
    while player.play_batch():
        pass
    answer = arena.version(rossi, version)
    assert answer["phase"] == "failed" and answer["played"] == 1
    assert "rules.clp:" in answer["load_error"] and str(arena.cache) not in answer["load_error"]


def test_a_player_stopped_mid_batch_and_a_restart_lose_no_game_and_count_none_twice(any_arena):
    arena = any_arena
    tokens = read_tokens(arena.tokens_written)
    for who, agent in AGENTS.items():
        arena.submit(arena.caller(tokens[who]), _files(agent))
    player = arena.player(jobs=1)
    player.start()
    _wait_done(arena, 2)
    player.stop()  # mid-batch: the game in play is dropped and goes back to the queue
    player.join(60)
    assert not player.is_alive()
    with arena.sessions() as session:
        states = dict(session.execute(select(Game.state, func.count(Game.id)).group_by(Game.state)).all())
    assert "playing" not in states and states["done"] < len(AGENTS) * len(MAPS)
    arena.close()
    reopened = Arena.open(arena.url)  # a restart
    again = reopened.player(jobs=2)
    again.start()
    try:
        _wait_done(reopened, len(AGENTS) * len(MAPS))
    finally:
        again.stop()
        again.join(60)
    with reopened.sessions() as session:
        rows = session.execute(select(Game.version_id, Game.map_id, Game.state)).all()
    assert len(rows) == len({(v, m) for v, m, _ in rows}) == len(AGENTS) * len(MAPS)
    assert {state for _, _, state in rows} == {"done"}


def test_on_a_dask_cluster_the_games_score_the_same_and_messages_name_the_students_files(arena):
    pytest.importorskip("distributed", reason="dask.distributed is not installed (requirements-tournament.txt)")
    tokens = read_tokens(arena.tokens_written)
    rossi, bianchi = arena.caller(tokens["rossi"]), arena.caller(tokens["bianchi"])
    played = arena.submit(rossi, _files(AGENTS["rossi"]))["id"]
    broken = arena.submit(bianchi, [("bad.clp", b"(defrule x")])["id"]
    player = arena.player(cluster="local")
    while player.play_batch():
        pass
    assert "bad.clp:1" in arena.version(bianchi, broken)["load_error"]
    assert "battleship-chunk" not in arena.version(bianchi, broken)["load_error"]
    bench = Bench([str(AGENTS["rossi"])], [str(m) for m in MAPS], BenchConfig(seed=0), jobs=1)
    expected = [row.score for _, row in sorted(bench.run())]
    assert arena.version(rossi, played)["mean"] == pytest.approx(sum(expected) / len(expected))
