"""The games to play: claimed fairly, recorded, requeued, and recovered after a restart.

Fairness is round-robin over students, not first come first served: each claim goes round the students who have
games waiting, the one served longest ago first, taking one game of each in turn (a student's versions oldest
first, a version's maps in order). So a student who submits late gets their games before a prolific one's tenth
version. A version's first game is its load check: its other games wait until it loaded (``Version.playing``);
one that did not load keeps its message and its other games are skipped, never played. A version whose first
``EARLY_STOP`` games all failed through the agent stops using workers (``Version.stopped``)."""

from __future__ import annotations

import json
import time
import uuid
import zlib
from dataclasses import dataclass

from sqlalchemy import func, or_, select, update
from sqlalchemy.orm import Session

from app.arena.schema import ArenaMap, Game, MapSet, Setting, Student, Version
from app.tournament.bench.rows import FailureKind, GameRow, RowStatus

QUEUED, PLAYING, DONE, SKIPPED = "queued", "playing", "done", "skipped"
EARLY_STOP = 5  # a version whose first this many games all failed through the agent is stopped
CURRENT_SET = "map_set"  # the setting naming the map set games are played on now
REVISION = "revision"  # the setting that changes with every change the leaderboard shows (its cache's key)


@dataclass(frozen=True, slots=True)
class Claimed:
    """A game handed to the player: what it needs to play it and where its row goes."""

    game: int
    version: int
    student: str
    map_id: int
    load_check: bool


def touch(session: Session) -> None:
    """Mark the leaderboard changed: a new random revision (two writers never leave the one a reader cached)."""
    session.merge(Setting(key=REVISION, value=json.dumps(uuid.uuid4().hex)))


def revision(session: Session) -> str:
    """The leaderboard's revision now."""
    found = session.get(Setting, REVISION)
    return found.value if found is not None else ""


def current_set(session: Session) -> MapSet:
    """The map set games are played and ranked on now (``term``, or ``freeze`` after the freeze)."""
    name = json.loads(session.get(Setting, CURRENT_SET).value)
    return session.scalars(select(MapSet).where(MapSet.name == name)).one()


def queue_games(session: Session, version: Version, map_set: MapSet, load_check: bool) -> int:
    """Queue ``version``'s games on every map of ``map_set`` (the first a load check when ``load_check``)."""
    maps = session.scalars(select(ArenaMap).where(ArenaMap.map_set_id == map_set.id).order_by(ArenaMap.position))
    count = 0
    for count, game_map in enumerate(maps, start=1):
        session.add(Game(version_id=version.id, map_id=game_map.id, state=QUEUED,
                         load_check=load_check and count == 1))
    touch(session)
    return count


def claim(session: Session, count: int, now: float | None = None) -> list[Claimed]:
    """Up to ``count`` games, round-robin over the students with games waiting (see the module), the student
    served longest ago first; marked ``playing``; the versions whose load check is claimed enter their
    ``loading`` phase. One query: each student's first ``count`` eligible games (a window function)."""
    now = time.time() if now is None else now
    order = func.row_number().over(partition_by=Version.student, order_by=(Version.id, ArenaMap.position))
    ranked = (select(Game.id, Game.version_id, Game.map_id, Game.load_check, Version.student, order.label("place"))
              .join(Version, Game.version_id == Version.id).join(ArenaMap, Game.map_id == ArenaMap.id)
              .where(Game.state == QUEUED, Version.load_error.is_(None), Version.stopped.is_(None),
                     or_(Game.load_check, Version.playing.is_not(None))).subquery())
    lists: dict[str, list] = {}
    for row in session.execute(select(ranked).where(ranked.c.place <= count).order_by(ranked.c.student,
                                                                                      ranked.c.place)):
        lists.setdefault(row.student, []).append(row)
    if not lists:
        return []
    served = dict(session.execute(select(Student.identifier, Student.served)
                                  .where(Student.identifier.in_(list(lists)))).all())
    students = sorted(lists, key=lambda s: (served.get(s) is not None, served.get(s) or 0.0, s))
    picked: list[Claimed] = []
    while len(picked) < count and any(lists.values()):
        for student in students:
            if lists[student] and len(picked) < count:
                row = lists[student].pop(0)
                picked.append(Claimed(row.id, row.version_id, student, row.map_id, bool(row.load_check)))
    session.execute(update(Game).where(Game.id.in_([c.game for c in picked])).values(state=PLAYING, claimed=now))
    for place, student in enumerate(dict.fromkeys(c.student for c in picked)):
        session.execute(update(Student).where(Student.identifier == student).values(served=now + place * 1e-6))
    checks = [c.version for c in picked if c.load_check]
    if checks:
        session.execute(update(Version).where(Version.id.in_(checks), Version.loading.is_(None)).values(loading=now))
        touch(session)
    return picked


def record(session: Session, game_id: int, row: GameRow, now: float | None = None) -> bool:
    """Store a played game's row; False when the game is no longer ``playing`` (requeued meanwhile: the row is
    dropped, so a game is never counted twice). A load check decides its version's fate; every row may stop
    its version early; the last one marks it done. The version's row is locked first (PostgreSQL; SQLite has
    one writer at a time anyway), so two lanes recording its last two games cannot both miss that it is done."""
    now = time.time() if now is None else now
    version_id = session.scalar(select(Game.version_id).where(Game.id == game_id))
    if version_id is None:
        return False
    version = session.get(Version, version_id, with_for_update=True)
    game = session.get(Game, game_id, populate_existing=True)
    if game.state != PLAYING:
        return False
    details = row.to_dict()
    details.pop("log", None)
    game.state, game.finished, game.status, game.failure = DONE, now, str(row.status), str(row.failure)
    game.score, game.oracle, game.percent = row.score, row.oracle, row.percent_of_oracle
    game.row, game.log = json.dumps(details), zlib.compress(row.log.encode("utf-8")) if row.log else None
    if game.load_check:
        _loaded(session, version, row, now)
    elif version.stopped is None and agent_fault(row.status, row.failure):  # an ok game never stops a version
        _stop_early(session, version)
    session.flush()
    if not session.scalar(select(func.count(Game.id)).where(Game.version_id == version.id,
                                                           Game.state.in_((QUEUED, PLAYING)))):
        version.done = version.done or now
    touch(session)
    return True


def load_failure(row: GameRow) -> str | None:
    """Why a load check's game says its version did not load (None: it loaded): it could not start, or loading
    its files reported errors (CLIPS's messages, file:line: message)."""
    if row.status == RowStatus.ERROR and row.failure == FailureKind.ERROR:
        return row.error or "the agent could not be started"
    if row.load_errors:
        return "\n".join(row.load_messages) or f"{row.load_errors} errors loading the agent's files"
    return None


def _loaded(session: Session, version: Version, row: GameRow, now: float) -> None:
    version.load_messages = json.dumps(row.load_messages)
    failure = load_failure(row)
    if failure is None:
        version.playing = version.playing or now
        return
    version.load_error = failure
    _skip_rest(session, version.id)


def _stop_early(session: Session, version: Version) -> None:
    """Stop ``version`` when its first ``EARLY_STOP`` games (by finishing time) all failed through the agent."""
    first = session.execute(select(Game.status, Game.failure).where(Game.version_id == version.id,
                                                                     Game.state == DONE)
                            .order_by(Game.finished, Game.id).limit(EARLY_STOP)).all()
    if len(first) == EARLY_STOP and all(agent_fault(status, failure) for status, failure in first):
        kinds = ", ".join(sorted({failure or status for status, failure in first}))
        version.stopped = f"its first {EARLY_STOP} games all failed ({kinds}): its other games were not played"
        _skip_rest(session, version.id)


def agent_fault(status: str, failure: str) -> bool:
    """True when a game failed through the agent (not scored, or the agent crashed), not through the app."""
    return failure != FailureKind.APP and (status != RowStatus.OK or failure == FailureKind.AGENT)


def _skip_rest(session: Session, version_id: int) -> None:
    session.execute(update(Game).where(Game.version_id == version_id, Game.state == QUEUED).values(state=SKIPPED))


def release(session: Session, game_ids: list[int]) -> None:
    """Games claimed but not played (the player stopped): back to the queue."""
    if game_ids:
        session.execute(update(Game).where(Game.id.in_(game_ids), Game.state == PLAYING)
                        .values(state=QUEUED, claimed=None))


def recover(session: Session) -> int:
    """After a restart: every game left ``playing`` (its player died with the server) goes back to the queue;
    how many did."""
    result = session.execute(update(Game).where(Game.state == PLAYING).values(state=QUEUED, claimed=None))
    touch(session)
    return result.rowcount or 0


def requeue(session: Session, version: Version, map_set: MapSet) -> None:
    """Play ``version`` again on ``map_set`` from its load check: its games there back in the queue, results
    dropped, its phases and verdicts cleared (the teacher's answer to a game the app, not the agent, failed).
    The version's row is locked first, as ``record`` locks it: the two never wait for each other in a cycle."""
    session.execute(select(Version.id).where(Version.id == version.id).with_for_update())
    map_ids = select(ArenaMap.id).where(ArenaMap.map_set_id == map_set.id)
    session.execute(update(Game).where(Game.version_id == version.id, Game.map_id.in_(map_ids)).values(
        state=QUEUED, claimed=None, finished=None, status=None, failure=None, score=None, oracle=None, percent=None,
        row=None, log=None))
    version.loading = version.playing = version.done = None
    version.load_error = version.stopped = None
    version.coach = None
    first = session.scalars(select(Game).join(ArenaMap, Game.map_id == ArenaMap.id)
                            .where(Game.version_id == version.id, ArenaMap.map_set_id == map_set.id)
                            .order_by(ArenaMap.position)).all()
    for position, game in enumerate(first):
        game.load_check = position == 0
    touch(session)


def version_games(session: Session, version: Version, map_set: MapSet) -> list[tuple[Game, ArenaMap]]:
    """A version's games on the set, in map order."""
    return list(session.execute(select(Game, ArenaMap).join(ArenaMap, Game.map_id == ArenaMap.id)
                                .where(Game.version_id == version.id, ArenaMap.map_set_id == map_set.id)
                                .order_by(ArenaMap.position)).all())


def records(games: list[tuple[Game, ArenaMap]], version: Version, agent: str, rules: str, seed: int) -> list[dict]:
    """The version's played games as the tournament's stored records (``app.tournament.bench.store``), the form
    the report and the students' pages read, each named ``agent``."""
    found = []
    for game, game_map in games:
        if game.state != DONE or not game.row:
            continue
        record = json.loads(game.row)
        record.update(agent=agent, agent_hash=version.digest, map_hash=game_map.digest, rules_key=rules, seed=seed,
                      known=game_map.known, finished=game.finished, log=log_text(game), game_id=game.id)
        found.append(record)
    return found


def log_text(game: Game) -> str:
    """A played game's log (JSON Lines text; "" when it has none)."""
    return zlib.decompress(game.log).decode("utf-8") if game.log else ""
