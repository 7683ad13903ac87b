"""The arena's store on SQLite and PostgreSQL: migrations, tokens, submissions and their limits, who reads what,
the fair queue (load check, early stop, restart recovery, requeue), the leaderboard and the freeze. Games here are
rows written by hand (tests/arena/test_playing.py plays real ones)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, select

from app.arena import queue
from app.arena.database import make_engine, upgrade
from app.arena.schema import Base, Game, Refusal, Token, Version
from app.arena.service import Arena, ArenaError, Limits
from app.core import BattleshipError
from app.tournament.bench.rows import FailureKind, GameRow, RowStatus
from tests.arena.conftest import read_tokens
from tests.paths import ROOT

RANDOM = ("random_agent.py", (ROOT / "agents" / "random_agent.py").read_bytes())
CROSS = ("cross_agent.py", (ROOT / "agents" / "cross_agent.py").read_bytes())


def _row(score: int | None = 50, status: RowStatus = RowStatus.OK, failure: FailureKind = FailureKind.NONE,
         error: str = "", load_errors: int = 0) -> GameRow:
    return GameRow("v", "m", "m.map", "unito-2019", 0, status=status, failure=failure, score=score, oracle=100,
                   percent_of_oracle=None if score is None else float(score), error=error, load_errors=load_errors,
                   load_messages=["x.clp:1: oops"] if load_errors else [])


@pytest.fixture
def arena(arena_url, class_files, tmp_path) -> Arena:
    maps, roster = class_files
    return Arena.create(arena_url, maps, roster, tmp_path / "tokens.csv", Limits(per_day=3))


@pytest.fixture
def callers(arena) -> dict:
    return {who: arena.caller(token) for who, token in read_tokens(arena.tokens_written).items()}


def _play(arena: Arena, rows_by_version: dict[int, list[GameRow]] | None = None, count: int = 100,
          default: GameRow | None = None) -> list[queue.Claimed]:
    """Claim up to ``count`` games and record for each the next row its version has (else ``default``)."""
    with arena.sessions.begin() as session:
        claimed = queue.claim(session, count)
        for game in claimed:
            rows = (rows_by_version or {}).get(game.version)
            queue.record(session, game.game, rows.pop(0) if rows else (default or _row()))
    return claimed


def _drain(arena: Arena, **kwargs) -> None:
    while _play(arena, **kwargs):
        pass


def test_the_migrations_make_the_schema_and_run_again_harmlessly(arena_url):
    engine = make_engine(arena_url)
    upgrade(engine)
    upgrade(arena_url)
    assert set(inspect(engine).get_table_names()) >= set(Base.metadata.tables) | {"alembic_version"}
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []


def test_tokens_are_written_once_and_stored_as_digests_only(arena, arena_url, class_files, tmp_path):
    tokens = read_tokens(arena.tokens_written)
    assert set(tokens) == {"teacher", "rossi", "bianchi", "verdi"}
    assert arena.caller(tokens["teacher"]).teacher and arena.caller(tokens["rossi"]).identifier == "rossi"
    assert arena.caller("not a token") is None and arena.caller(None) is None
    # letters and digits only: a token starting with "-" would be read as an option by `arena submit --token`
    assert all(len(token) == 32 and token.isascii() and token.isalnum() for token in tokens.values())
    with arena.sessions() as session:
        stored = set(session.scalars(select(Token.digest)))
    assert not stored & set(tokens.values()) and len(stored) == 4
    maps, roster = class_files
    roster.write_text(roster.read_text(encoding="utf-8").replace("Luca Bianchi", "Luca Bianchi Jr")
                      + "neri,Carla Neri,\n", encoding="utf-8")
    arena.close()
    again = Arena.create(arena_url, maps, roster, tokens=arena.tokens_written)
    assert again.teacher(again.caller(tokens["teacher"]))["students"][1]["name"] == "Luca Bianchi Jr"
    assert again.tokens_written.name == f"{arena.tokens_written.stem}-2.csv"
    assert set(read_tokens(again.tokens_written)) == {"neri"}
    assert read_tokens(arena.tokens_written) == tokens  # the first file untouched
    assert again.standings(None)["maps"] == 3  # the maps are stored once


def test_a_bad_roster_or_map_folder_is_a_one_line_error(arena_url, class_files, tmp_path):
    maps, roster = class_files
    bad = tmp_path / "bad.csv"
    bad.write_text("id,name\nteacher,Someone\n", encoding="utf-8")
    with pytest.raises(BattleshipError, match="teacher"):
        Arena.create(arena_url, maps, bad, tmp_path / "tokens.csv")
    with pytest.raises(BattleshipError, match="no-such"):
        Arena.create(f"sqlite:///{tmp_path / 'other.sqlite3'}", tmp_path / "no-such", roster, tmp_path / "t.csv")
    for wrong in (Limits(scheme="reference"), {"per_day": 0}, {"rules": "chess"}, {"timeout": 0}):
        with pytest.raises(BattleshipError):
            Arena.create(arena_url, maps, roster, tmp_path / "t.csv", wrong if isinstance(wrong, Limits)
                         else Limits(**wrong))
    with pytest.raises(BattleshipError, match="no arena"):
        Arena.open(f"sqlite:///{tmp_path / 'empty.sqlite3'}")
    assert not (tmp_path / "empty.sqlite3").exists()  # a mistyped --db leaves no empty database behind


def test_a_submission_queues_a_game_per_map_and_its_phases_start(arena, callers):
    answer = arena.submit(callers["rossi"], [RANDOM])
    assert answer == {"id": answer["id"], "version": 1, "phase": "queued", "games": 3, "page": "/students/rossi"}
    version = arena.version(callers["rossi"], answer["id"])
    assert version["phase"] == "queued" and version["phases"]["queued"] and version["phases"]["loading"] is None
    assert arena.submit(callers["rossi"], [RANDOM])["version"] == 2


def test_submissions_too_large_too_many_or_not_an_agent_are_refused_and_recorded(arena, callers):
    rossi = callers["rossi"]
    with pytest.raises(ArenaError) as refused:
        arena.submit(rossi, [("big.clp", b";" * (Limits().max_bytes + 1))])
    assert refused.value.status == 413
    for files in ([("../escape.clp", b"(deffacts a)")], [("notes.txt", b"hello")], [], [("a\x00.clp", b"")],
                  [("a.clp", b""), ("a.clp/b.clp", b"")]):
        with pytest.raises(ArenaError) as refused:
            arena.submit(rossi, files)
        assert refused.value.status == 400 and "arena-intake" not in refused.value.message
    for _ in range(3):
        arena.submit(rossi, [RANDOM])
    with pytest.raises(ArenaError) as refused:
        arena.submit(rossi, [RANDOM])
    assert refused.value.status == 429 and 0 < refused.value.retry_after <= 86400
    with pytest.raises(ArenaError) as refused:
        arena.submit(callers["teacher"], [RANDOM])
    assert refused.value.status == 403
    with arena.sessions() as session:
        assert sorted(session.scalars(select(Refusal.status))) == [400] * 5 + [413, 429]
    assert [r["status"] for r in arena.teacher(callers["teacher"])["refusals"]] == [429] + [400] * 5 + [413]


def test_a_token_reads_only_its_own_versions_and_games(arena, callers):
    own = arena.submit(callers["rossi"], [RANDOM])["id"]
    _play(arena)
    with pytest.raises(ArenaError) as refused:
        arena.version(callers["bianchi"], own)
    assert refused.value.status == 403
    assert arena.version(callers["teacher"], own)["student"] == "rossi"
    with pytest.raises(ArenaError) as missing:
        arena.version(callers["rossi"], own + 100)
    assert missing.value.status == 404
    for who, status in (("bianchi", 403), ("rossi", None)):
        if status:
            with pytest.raises(ArenaError) as refused:
                arena.student(callers[who], "rossi")
            assert refused.value.status == status
        else:
            assert arena.student(callers[who], "rossi")["identifier"] == "rossi"
    with pytest.raises(ArenaError) as refused:
        arena.teacher(callers["rossi"])
    assert refused.value.status == 403


def test_the_queue_is_round_robin_over_students_and_waits_for_each_load_check(arena, callers):
    for _ in range(3):
        arena.submit(callers["rossi"], [RANDOM])  # a prolific student first...
    late = arena.submit(callers["bianchi"], [CROSS])["id"]  # ...then one who submits once, later
    first = _play(arena, count=4)
    assert [c.load_check for c in first] == [True, True, True, True]  # every version's load check, nothing else
    order = []
    while claimed := _play(arena, count=2):
        order += [c.version for c in claimed]
    assert order.index(late) < 4  # bianchi's games come before rossi's later versions'
    assert sorted(order.count(v) for v in set(order)) == [2, 2, 2, 2]
    assert order[:4].count(late) == 2


def test_a_version_that_does_not_load_is_never_played_and_says_why(arena, callers):
    broken = arena.submit(callers["rossi"], [("bad.clp", b"(defrule oops")])["id"]
    _drain(arena, default=_row(score=None, status=RowStatus.ERROR, failure=FailureKind.ERROR,
                               error="bad.clp:1: Syntax Error"))
    version = arena.version(callers["rossi"], broken)
    assert version["phase"] == "failed" and version["load_error"] == "bad.clp:1: Syntax Error"
    assert version["played"] == 1 and version["phases"]["done"]
    with_errors = arena.submit(callers["bianchi"], [RANDOM])["id"]
    _drain(arena, default=_row(load_errors=1))
    assert arena.version(callers["bianchi"], with_errors)["load_error"] == "x.clp:1: oops"
    with arena.sessions() as session:
        states = sorted(session.scalars(select(Game.state).where(Game.version_id == broken)))
    assert states == ["done", "skipped", "skipped"]


def test_a_version_whose_first_games_all_fail_stops(arena_url, class_files, tmp_path):
    maps = tmp_path / "many"
    maps.mkdir()
    for i in range(8):
        (maps / f"m{i}.map").write_bytes((ROOT / "maps" / "bench" / f"k0-000{i + 1}.map").read_bytes())
    arena = Arena.create(arena_url, maps, class_files[1], tmp_path / "tokens.csv")
    rossi = arena.caller(read_tokens(arena.tokens_written)["rossi"])
    crash = _row(score=10, failure=FailureKind.AGENT)
    stopped = arena.submit(rossi, [RANDOM])["id"]
    _drain(arena, rows_by_version={stopped: [_row()] + [crash] * 5}, default=crash)
    version = arena.version(rossi, stopped)
    assert version["phase"] == "done" and version["played"] == 8  # one good game: never stopped
    stopped = arena.submit(rossi, [RANDOM])["id"]
    _drain(arena, count=1, default=_row(score=None, status=RowStatus.TIMEOUT, failure=FailureKind.TIMEOUT))
    version = arena.version(rossi, stopped)
    assert version["phase"] == "stopped" and "first 5 games all failed (timeout)" in version["stopped"]
    assert version["played"] == 5


def test_a_restart_requeues_the_games_in_play_and_a_late_row_is_not_counted_twice(arena, callers):
    arena.submit(callers["rossi"], [RANDOM])
    with arena.sessions.begin() as session:
        claimed = queue.claim(session, 10)
    reopened = Arena.open(arena.url)
    assert reopened.recover() == len(claimed) == 1
    with arena.sessions.begin() as session:
        assert not queue.record(session, claimed[0].game, _row())  # the old player's row, after the restart
    _drain(reopened)
    with reopened.sessions() as session:
        assert sorted(session.scalars(select(Game.state))) == ["done"] * 3


def test_the_leaderboard_ranks_latest_versions_with_intervals_and_verdicts(arena, callers):
    first = arena.submit(callers["rossi"], [RANDOM])["id"]
    _drain(arena, rows_by_version={first: [_row(40), _row(50), _row(60)]})
    second = arena.submit(callers["rossi"], [CROSS])["id"]
    other = arena.submit(callers["bianchi"], [RANDOM])["id"]
    _drain(arena, rows_by_version={second: [_row(40), _row(70), _row(30)], other: [_row(90)] * 3})
    arena.set_name(callers["bianchi"], "Sea Wolf")
    board = arena.standings(callers["rossi"])
    assert board["maps"] == 3 and board["map_set"] == "term"
    rows = {r["student"]: r for r in board["rows"]}
    assert set(rows) == {"Student 1", "Sea Wolf"}
    assert rows["Sea Wolf"]["rank"] == 1 and rows["Sea Wolf"]["mean"] == 90 and not rows["Sea Wolf"]["you"]
    mine = rows["Student 1"]
    assert mine["you"] and mine["version"] == 2 and mine["rank"] == 2 and mine["games"] == 3
    assert mine["mean"] == pytest.approx(140 / 3) and mine["low"] <= mine["mean"] <= mine["high"]
    assert (mine["gained"], mine["lost"]) == (1, 1)
    verdict = arena.version(callers["rossi"], second)["verdict"]
    names = [r["name"] for r in sorted(arena.student(callers["rossi"], "rossi")["maps"], key=lambda m: m["position"])]
    assert verdict["gained"] == [names[1]] and verdict["lost"] == [names[2]] and verdict["maps"] == 3
    assert verdict["verdict"] == "undecided"
    teacher_rows = arena.standings(callers["teacher"])["rows"]
    assert {r["student"] for r in teacher_rows} == {"Maria Rossi", "Luca Bianchi"}
    with pytest.raises(ArenaError):
        arena.set_name(callers["rossi"], "Sea Wolf")  # taken
    with pytest.raises(ArenaError):
        arena.set_name(callers["rossi"], "Student 3")  # a classmate's label


def test_requeue_and_freeze(arena, callers, class_files, tmp_path):
    first = arena.submit(callers["rossi"], [RANDOM])["id"]
    _drain(arena, default=_row(score=None, status=RowStatus.ERROR, failure=FailureKind.APP, error="worker died"))
    with pytest.raises(ArenaError):
        arena.requeue(callers["rossi"], first)
    arena.requeue(callers["teacher"], first)
    assert arena.version(callers["rossi"], first)["phase"] == "queued"
    _drain(arena)
    assert arena.version(callers["rossi"], first)["mean"] == 50
    failed = arena.submit(callers["bianchi"], [RANDOM])["id"]
    _drain(arena, default=_row(score=None, status=RowStatus.ERROR, failure=FailureKind.ERROR, error="no"))
    final = tmp_path / "final"
    final.mkdir()
    for name in ("k0-0001.map", "k0-0002.map"):
        (final / name).write_bytes((ROOT / "maps" / "bench" / name).read_bytes())
    assert arena.freeze(final) == 2  # rossi's final version on the two new maps; bianchi's did not load
    with pytest.raises(ArenaError):
        arena.freeze(final)
    with pytest.raises(ArenaError) as refused:
        arena.submit(callers["verdi"], [RANDOM])  # after the deadline
    assert refused.value.status == 403 and "frozen" in refused.value.message
    assert arena.standings(None)["map_set"] == "freeze" and arena.standings(None)["maps"] == 2
    assert arena.version(callers["rossi"], first)["phase"] == "playing"
    _drain(arena, default=_row(70))
    assert arena.version(callers["rossi"], first)["mean"] == 70
    assert arena.version(callers["bianchi"], failed)["phase"] == "failed"
    with arena.sessions() as session:
        assert session.get(Version, first).done is not None


def test_the_gradebook_in_canvas_and_moodle_layouts(arena, callers):
    played = arena.submit(callers["rossi"], [RANDOM])["id"]
    arena.submit(callers["bianchi"], [CROSS])
    _drain(arena, rows_by_version={played: [_row(60), _row(70), _row(80)]}, default=_row(10))
    canvas = arena.gradebook("canvas", "id").splitlines()
    assert canvas[0] == "Student,ID,SIS User ID,SIS Login ID,Section,Battleship arena"
    assert canvas[1:] == ["Maria Rossi,,rossi,,,A", "Luca Bianchi,,bianchi,,,D", "Anna Verdi,,verdi,,,F"]
    moodle = arena.gradebook("moodle", "email").splitlines()
    assert moodle[0] == "Email address,Full name,Battleship arena,Feedback"
    assert moodle[1] == ('maria.rossi@example.org,Maria Rossi,A,"version 1: rank 1 of 2, mean score 70.0 (70% of the '
                         'oracle)"')
    assert moodle[3] == ",Anna Verdi,F,no submission"
    with pytest.raises(ArenaError) as refused:
        arena.gradebook("blackboard", "id")
    assert refused.value.status == 400


def test_the_teacher_sees_similarity_flags_between_latest_versions(arena, callers):
    arena.submit(callers["rossi"], [RANDOM])
    arena.submit(callers["bianchi"], [("copy.py", RANDOM[1])])
    arena.submit(callers["verdi"], [CROSS])
    flags = arena.teacher(callers["teacher"])["flags"]
    copied = next(p for p in flags if {p["left"], p["right"]} == {"rossi", "bianchi"})
    assert copied["flagged"] and copied["code"] == pytest.approx(1.0)
    assert flags[0] == copied


def test_a_students_page_follows_their_games_and_the_class(arena, callers):
    first = arena.submit(callers["rossi"], [RANDOM])["id"]
    _drain(arena, rows_by_version={first: [_row(40), _row(50), _row(60)]})
    page = arena.student(callers["rossi"], "rossi")
    assert (page["rank"], page["of"], page["shown"]) == (1, 1, first) and page["page"].mean == 50
    assert [m["median"] for m in page["page"].maps] == [40, 50, 60]
    other = arena.submit(callers["bianchi"], [CROSS])["id"]
    _drain(arena, rows_by_version={other: [_row(80), _row(90), _row(100)]})
    page = arena.student(callers["rossi"], "rossi")  # nothing of rossi's changed: the class did
    assert (page["rank"], page["of"], page["page"].rank, page["page"].of) == (2, 2, 2, 2)
    assert [m["median"] for m in page["page"].maps] == [60, 70, 80]
    assert [s["label"] for s in page["page"].standings] == ["a classmate", "Student 1"]
    second = arena.submit(callers["rossi"], [CROSS])["id"]
    assert [v["id"] for v in arena.student(callers["rossi"], "rossi")["versions"]] == [second, first]
    _drain(arena, rows_by_version={second: [_row(99)] * 3})
    page = arena.student(callers["rossi"], "rossi")
    assert page["shown"] == second and page["rank"] == 1 and page["versions"][0]["verdict"]["gained"]


def test_submissions_at_once_are_numbered_one_after_the_other_and_counted(arena, callers):
    def submit(_):
        try:
            return arena.submit(callers["rossi"], [RANDOM])["version"]
        except ArenaError as error:
            return error.status

    with ThreadPoolExecutor(6) as pool:
        answers = sorted(pool.map(submit, range(6)), key=str)
    assert answers == [1, 2, 3, 429, 429, 429]  # the day's limit is 3 here
