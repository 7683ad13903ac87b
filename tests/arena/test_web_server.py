"""``arena serve`` as a real server (uvicorn on 127.0.0.1, a free port) in its own process: the issue's end to
end (three students submit shipped agents with ``arena submit``; ``arena standings --json`` gives the scores a
plain ``bench`` of the same agents, maps and seed gives), a 403 over real HTTP, a clean stop, and a restart in
the middle of a batch that loses no game and plays none twice (on SQLite and on PostgreSQL)."""

from __future__ import annotations

import csv
import json
import statistics
import subprocess
import sys

import pytest

pytest.importorskip("uvicorn", reason="the arena's server needs requirements-arena.txt")
pytest.importorskip("sqlalchemy", reason="the arena's server needs requirements-arena.txt")

from sqlalchemy import create_engine, text  # noqa: E402

from tests.arena.web_helpers import (  # noqa: E402
    AGENTS,
    STUDENTS,
    Server,
    agent_files,
    call,
    make_class,
    submission_body,
    submit_each,
    wait_until,
)
from tests.paths import ROOT  # noqa: E402

BENCH_NAMES = {"rossi": "cross", "bianchi": "random", "verdi": "incrocio"}  # the shipped agents the students send


def _main(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=timeout)


def _all_played(server: Server, token: str, version_id: int):
    status, version = call(server.address, "GET", f"/api/versions/{version_id}", token)
    assert status == 200, version
    return version if version["phase"] in ("done", "failed", "stopped") else None


def test_three_students_get_the_scores_bench_gives(tmp_path):
    roster, maps = make_class(tmp_path, 4)
    server = Server(tmp_path, roster, maps, jobs=2)
    try:
        tokens = server.tokens()
        for student, agent in AGENTS.items():
            submitted = _main("arena", "submit", str(agent), "--server", server.address, "--token", tokens[student])
            assert submitted.returncode == 0, submitted.stderr

        def every_game_played() -> bool:
            rows = call(server.address, "GET", "/api/standings")[1]["rows"]
            return len(rows) == 3 and all(row["games"] == 4 for row in rows)

        wait_until(every_game_played, 240, "every version's 4 games")
        listed = _main("arena", "standings", "--server", server.address, "--token", tokens["teacher"], "--json")
        assert listed.returncode == 0, listed.stderr
        arena_means = {row["student"]: row["mean"] for row in json.loads(listed.stdout)["rows"]}
        refused = call(server.address, "GET", "/students/verdi", tokens["rossi"])
        assert refused[0] == 403
    finally:
        assert server.stop() == 0
    bench = _main("bench", "--agents", ",".join(BENCH_NAMES.values()), "--maps", str(maps), "--seed", "0",
                  "--jobs", "2", "--out", str(tmp_path / "bench.csv"))
    assert bench.returncode == 0, bench.stderr
    with (tmp_path / "bench.csv").open(encoding="utf-8") as rows:
        scores: dict[str, list[float]] = {}
        for row in csv.DictReader(rows):
            scores.setdefault(row["agent"], []).append(float(row["score"]))
    names = dict(STUDENTS)  # the teacher's standings name the roster's students
    for student, agent in BENCH_NAMES.items():
        assert arena_means[names[student]] == pytest.approx(statistics.mean(scores[agent])), student


def test_a_restart_in_the_middle_of_a_batch_loses_and_doubles_no_game(tmp_path, arena_url):
    maps_count = 12
    roster, maps = make_class(tmp_path, maps_count)
    server = Server(tmp_path, roster, maps, jobs=1, db=arena_url)
    tokens = server.tokens()
    versions = submit_each(server, tokens, ("rossi", "bianchi"))
    engine = create_engine(server.db)

    def finished() -> dict[int, tuple]:
        with engine.connect() as connection:
            return {row[0]: tuple(row[1:]) for row in connection.execute(
                text("SELECT id, finished, score FROM games WHERE state = 'done'"))}

    wait_until(lambda: len(finished()) >= 3, 120, "three games played before the crash")
    assert server.stop(kill=True) == -9  # a crash: no clean stop, games left 'playing'
    before = finished()
    assert len(before) < 2 * maps_count, "the batch ended before the crash: more maps are needed"
    server = Server(tmp_path, roster, maps, jobs=1, db=arena_url)
    try:
        wait_until(lambda: all(_all_played(server, tokens[s], v) for s, v in versions.items()), 240,
                   "both versions' games")
        status, page = call(server.address, "GET", f"/api/versions/{versions['rossi']}", tokens["rossi"])
        assert status == 200 and page["played"] == maps_count
    finally:
        assert server.stop() == 0
    after = finished()
    with engine.connect() as connection:
        per_version = dict(connection.execute(text("SELECT version_id, COUNT(*) FROM games GROUP BY version_id")).all())
        states = set(connection.execute(text("SELECT DISTINCT state FROM games")).scalars())
    assert per_version == {versions["rossi"]: maps_count, versions["bianchi"]: maps_count}
    assert states == {"done"} and len(after) == 2 * maps_count
    assert {game: after[game] for game in before} == before  # a game played before the crash was not played again
    engine.dispose()


def test_a_clean_stop_and_a_restart_keep_everything(tmp_path):
    roster, maps = make_class(tmp_path, 2)
    server = Server(tmp_path, roster, maps)
    tokens = server.tokens()
    assert [line.split(" in ")[0] for line in server.said[:-1]] == ["arena: new tokens"]  # the teacher is told where
    status, answer = call(server.address, "POST", "/api/submissions", tokens["rossi"],
                          submission_body(agent_files(AGENTS["rossi"])))
    assert status == 201
    wait_until(lambda: _all_played(server, tokens["rossi"], answer["id"]), 120, "rossi's games")
    board = call(server.address, "GET", "/api/standings")[1]
    assert server.stop() == 0
    server = Server(tmp_path, roster, maps)
    try:
        assert server.tokens() == tokens  # no new token: the roster is the same
        assert len(server.said) == 1  # so no tokens file is announced: only the address
        assert call(server.address, "GET", "/api/standings")[1] == board
        assert call(server.address, "GET", "/students/rossi", tokens["rossi"])[0] == 200
        assert call(server.address, "GET", "/students/rossi", tokens["bianchi"])[0] == 403
    finally:
        assert server.stop() == 0
    assert "stopping" in (tmp_path / "server.log").read_text()
