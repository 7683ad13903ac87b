"""``Arena``: the class arena's one facade. The web layer and the command line call these methods and nothing
below them; each method opens its own database session, so the web server may call them from many threads
while the player (``player()``) records games.

Who may see what is decided here, not in the pages: a student's token reads its own versions, games and page
and the leaderboard (classmates by display name or an anonymous label); the teacher's reads everything. A refused
request raises ``ArenaError`` with its HTTP status and a one-line message."""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
import threading
import time
from dataclasses import asdict, replace
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session, sessionmaker

from app.arena import accounts, intake, queue
from app.arena import standings as board
from app.arena.accounts import Caller
from app.arena.database import make_engine, sqlite_file, upgrade
from app.arena.intake import Limits, Refused
from app.arena.playing import ArenaPlayer
from app.arena.schema import ArenaMap, Game, MapSet, Refusal, Setting, Student, Version
from app.core import BattleshipError
from app.report import analyse
from app.report.coaching import summarise
from app.report.gradebook import read_scheme
from app.report.student import Identity, StudentPage, embedded_log, ending, histogram_svg, page_data
from app.solver.playable import load_game_map
from app.tournament.bench.inputs import expand_maps
from app.tournament.bench.plan import known_cells
from app.tournament.bench.store import digest_files

__all__ = ["Arena", "ArenaError", "Caller", "Limits"]

LIMITS = "limits"
TERM, FREEZE = "term", intake.FROZEN
NAME_CHARS = 40
_ANONYMOUS = re.compile(r"^student\s*\d+$", re.IGNORECASE)


class ArenaError(Exception):
    """A refused request: ``status`` (the HTTP code), a one-line ``message``, and for 429 ``retry_after``."""

    def __init__(self, status: int, message: str, retry_after: int | None = None):
        super().__init__(message)
        self.status, self.message, self.retry_after = status, message, retry_after


class Arena:
    """The arena on one database (see the module)."""

    def __init__(self, url: str):
        self.url = url
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        database = sqlite_file(url)
        self.folder = database.resolve().parent if database else Path.cwd()
        #: where the player writes versions' files and maps to play them (rebuilt from the database at will)
        self.cache = (database.with_name(database.name + ".cache") if database else Path(tempfile.gettempdir())
                      / f"battleship-arena-{hashlib.sha256(url.encode('utf-8')).hexdigest()[:12]}")
        self.tokens_written: Path | None = None  # the tokens file ``create`` wrote, if it made tokens
        self._cache: dict[str, tuple[object, object]] = {}  # what ``_cached`` keeps: (mark, answer)
        self._locks: dict[str, threading.Lock] = {}

    # -- starting -------------------------------------------------------------------------------------------

    @classmethod
    def create(cls, url: str, maps: Path, roster: Path, tokens: Path | None = None,
               limits: Limits | None = None) -> Arena:
        """Start the arena: the first time, migrate the database, store the hidden maps (their bytes) as the map
        set ``term``, the roster's students and the limits, and write a token per student and one for the
        teacher to ``tokens`` (default ``tokens.csv`` beside the database). Later starts keep the maps, rules and
        seed, take the limits given, add the roster's new students and write their tokens to a new file.
        BattleshipError (one line) for bad maps, roster or URL."""
        limits = limits or Limits()
        if read_scheme(limits.scheme).references:
            raise BattleshipError(f"the {limits.scheme} grading scheme compares with shipped agents the arena does not "
                                  "play: use the oracle or class scheme, or a scheme file of numbers")
        arena = cls(url)
        upgrade(arena.engine)
        with arena.sessions.begin() as session:
            if session.get(Setting, queue.CURRENT_SET) is None:
                _store_maps(session, TERM, maps)
                _set(session, queue.CURRENT_SET, TERM)
                _set(session, LIMITS, asdict(limits))
            else:
                first = Limits(**json.loads(session.get(Setting, LIMITS).value))
                _set(session, LIMITS, {**asdict(limits), "rules": first.rules, "seed": first.seed})
            queue.touch(session)
            added = accounts.add_roster(session, roster)
            if not accounts.has_teacher(session):
                added.insert(0, accounts.TEACHER)
            if added:
                path = accounts.tokens_file(Path(tokens) if tokens else arena.folder / "tokens.csv")
                accounts.write_tokens(path, accounts.make_tokens(session, added))
                arena.tokens_written = path
        return arena

    @classmethod
    def open(cls, url: str) -> Arena:
        """An arena ``create`` made (migrated to this version of the app); BattleshipError when it is not one."""
        database = sqlite_file(url)
        if database is not None and database.name != ":memory:" and not database.is_file():
            raise BattleshipError(f"{database}: no arena here, the file does not exist (start one with arena serve --maps DIR "
                                  "--roster CSV)")
        arena = cls(url)
        upgrade(arena.engine)
        with arena.sessions() as session:
            if session.get(Setting, queue.CURRENT_SET) is None:
                raise BattleshipError(f"{url}: no arena in this database yet (start one with arena serve --maps DIR "
                                      "--roster CSV)")
        return arena

    def close(self) -> None:
        """Close the database's connections (the server stopping; a test restarting it)."""
        self.engine.dispose()

    @property
    def limits(self) -> Limits:
        """The limits in force."""
        with self.sessions() as session:
            return Limits(**json.loads(session.get(Setting, LIMITS).value))

    # -- who ------------------------------------------------------------------------------------------------

    def caller(self, token: str | None) -> Caller | None:
        """Who ``token`` is (None: no token or an unknown one)."""
        with self.sessions() as session:
            return accounts.caller(session, token)

    # -- students' requests ---------------------------------------------------------------------------------

    def submit(self, caller: Caller, files: list[tuple[str, bytes]]) -> dict:
        """A new version of the caller's agent: ``{"id", "version", "phase", "games", "page"}``. ArenaError 403
        (the teacher submits nothing; the arena is frozen), 413 too large, 429 over the day's limit, 400 not an
        agent."""
        if caller.teacher:
            raise ArenaError(403, "the teacher's token submits nothing: use a student's token")
        limits = self.limits
        session = self.sessions()
        try:
            version, games = intake.submit(session, caller.identifier, files, limits)
            session.commit()
        except Refused as refusal:
            raise ArenaError(refusal.status, refusal.message, refusal.retry_after) from None
        finally:
            session.close()
        return {"id": version.id, "version": version.number, "phase": "queued", "games": games,
                "page": f"/students/{quote(caller.identifier, safe='')}"}

    def set_name(self, caller: Caller, name: str) -> None:
        """The name the caller is shown by on the leaderboard; ArenaError 400 for an empty, long, anonymous-looking
        or taken one, 403 for the teacher."""
        if caller.teacher:
            raise ArenaError(403, "the teacher has no name on the leaderboard")
        name = " ".join(str(name).split())
        if not name or len(name) > NAME_CHARS or not name.isprintable():
            raise ArenaError(400, f"a display name has 1 to {NAME_CHARS} printable characters")
        if _ANONYMOUS.match(name):
            raise ArenaError(400, f"{name!r} looks like a classmate's anonymous label: choose another name")
        with self.sessions.begin() as session:
            taken = session.scalar(select(Student.identifier).where(Student.display_name == name,
                                                                    Student.identifier != caller.identifier))
            if taken is not None:
                raise ArenaError(400, f"{name!r} is taken: choose another name")
            session.get(Student, caller.identifier).display_name = name
            queue.touch(session)

    def standings(self, caller: Caller | None) -> dict:
        """The leaderboard: ``{"maps", "map_set", "rows": [...]}`` (see docs/arena.md); anyone may read it."""
        found = self._standings()
        return {"maps": found["maps"], "map_set": found["map_set"],
                "rows": board.for_viewer(found["rows"], caller.identifier if caller else None,
                                         bool(caller and caller.teacher))}

    def _standings(self) -> dict:
        """The leaderboard with every student's identifier, name and label (``board.for_viewer`` makes each
        caller's rows of it), cached: see ``_cached``."""
        def compute(session: Session) -> dict:
            map_set = queue.current_set(session)
            rows = board.leaderboard(session, map_set)
            return {"maps": board.map_count(session, map_set), "map_set": map_set.name, "rows": rows,
                    "medians": board.class_medians(session, map_set, rows)}

        return self._cached("standings", compute, queue.revision)

    def _cached(self, key: str, compute, mark):
        """``compute(session)``'s answer, computed again only when ``mark(session)`` changed (the database's
        revision, ``queue.touch``; a student's own versions and games); while one thread computes it, the others
        get the previous answer at once. So fifty readers polling cost one computation per change, on one
        thread at a time, and none waits for it but the very first."""
        with self.sessions() as session:
            now = mark(session)
            lock = self._lock(key)
            revision, found = self._cache.get(key, (None, None))
            if found is not None and revision == now:
                return found
            if not lock.acquire(blocking=found is None):
                return found
            try:
                revision, found = self._cache.get(key, (None, None))
                if found is not None and revision == now:  # computed while this thread waited for the lock
                    return found
                found = compute(session)
                self._cache[key] = (now, found)
                return found
            finally:
                lock.release()

    def version(self, caller: Caller, version_id: int) -> dict:
        """One version: its phases with their times, games played, load error, figures and verdict against the
        same student's previous version. ArenaError 404, or 403 when it is not the caller's."""
        with self.sessions() as session:
            version = self._own_version(session, caller, version_id)
            return _version_data(session, version, queue.current_set(session))

    def student(self, caller: Caller, identifier: str) -> dict:
        """A student's page data: who, their versions (newest first) with phases and verdicts, the version the
        leaderboard shows and its games map by map, their rank, and ``page``: the ``grade`` student page's data
        (``app.report.student.StudentPage``: standing, per-map results, load errors, the coach's advice, the
        games' logs for the in-page replay), live. ArenaError 403 unless the caller's own or the teacher's, 404.
        What is the student's own is computed again only when their versions or games changed; their place in
        the class is taken from the (cached) leaderboard at each call."""
        if not caller.teacher and caller.identifier != identifier:
            raise ArenaError(403, "this page is another student's")
        with self.sessions() as session:
            if session.get(Student, identifier) is None:
                raise ArenaError(404, f"no student {identifier!r}")
        found = dict(self._cached(f"student/{identifier}", lambda session: self._student(session, identifier),
                                  lambda session: _student_mark(session, identifier)))
        standings = self._standings()
        rows = board.for_viewer(standings["rows"], identifier, False)
        own = next((r for r in rows if r["you"]), None)
        ranked = [r for r in rows if r["mean"] is not None]
        found.update(rank=own["rank"] if own else None, of=len(ranked))
        if found["page"] is not None:
            page = found["page"] = replace(found["page"])
            page.standings = [{"rank": r["rank"], "label": r["student"] if r["you"] else "a classmate",
                               "mean": r["mean"], "percent": r["oracle_pct"], "own": r["you"]} for r in ranked]
            page.rank, page.of = found["rank"], len(ranked)
            page.histogram = histogram_svg([r["mean"] for r in ranked], own["mean"] if own else None)
            page.maps = [{**line, "median": standings["medians"].get(position)}
                         for line, position in zip(page.maps, found["positions"])]
        return found

    def _lock(self, key: str) -> threading.Lock:
        return self._locks.setdefault(key, threading.Lock())

    def _student(self, session: Session, identifier: str) -> dict:
        """What ``student`` answers that is the student's own: who, versions, the shown version's games and page."""
        student = session.get(Student, identifier)
        map_set = queue.current_set(session)
        theirs = list(session.scalars(select(Version).where(Version.student == identifier)
                                      .order_by(Version.number.desc())))
        counts = board.scored_counts(session, map_set)
        shown = next((v for v in theirs if counts.get(v.id)), theirs[0] if theirs else None)
        games = queue.version_games(session, shown, map_set) if shown else []
        return {"identifier": identifier, "name": student.name, "email": student.email,
                "display_name": student.display_name, "label": board.label(student, False),
                "map_set": map_set.name, "versions": [_version_data(session, v, map_set) for v in theirs],
                "shown": shown.id if shown else None,
                "maps": [_game_line(game, game_map) for game, game_map in games],
                "positions": [m.position for g, m in games if g.state == queue.DONE and g.row],  # page.maps' maps
                "page": self._page(student, shown, games) if shown else None}

    def _page(self, student: Student, version: Version, games: list) -> StudentPage | None:
        """The ``grade`` student page of ``version``'s games (its place in the class: see ``student``)."""
        limits = self.limits
        agent = f"version {version.number}"
        found = queue.records(games, version, agent, limits.rules, limits.seed)
        if not found:
            return None
        report = analyse(found, draw=False)[0]
        label = board.label(student, False)
        page = page_data(Identity(student.identifier, label, agent), report, {agent: label},
                         not_played=version.load_error or version.stopped or "", replay=_replay_address)
        if version.coach:
            by_map = {m["name"]: m["game"] for m in page.maps}
            page.coach = summarise([(by_map[name], graded) for name, graded in json.loads(version.coach)
                                    if by_map.get(name) is not None and "error" not in graded])
        return page

    def game_replay(self, caller: Caller, game_id: int) -> dict:
        """A played game as a student page's replay shows it (``app.report.student.embedded_log``), fetched when
        the student first opens it: a page of 150 games would otherwise carry every log. ArenaError 404 (no such
        game, not played yet, or a log the engine cannot replay), 403 when it is not the caller's."""
        with self.sessions() as session:
            game = session.get(Game, game_id)
            if game is None:
                raise ArenaError(404, f"no game {game_id}")
            self._own_version(session, caller, game.version_id)
            log = queue.log_text(game)
        if not log:
            raise ArenaError(404, f"game {game_id} has no log (not played yet)")
        try:
            return embedded_log(log)
        except BattleshipError as error:
            raise ArenaError(404, f"game {game_id} cannot be replayed: {error}") from None

    def _own_version(self, session: Session, caller: Caller, version_id: int) -> Version:
        version = session.get(Version, version_id)
        if version is None:
            raise ArenaError(404, f"no version {version_id}")
        if not caller.teacher and version.student != caller.identifier:
            raise ArenaError(403, f"version {version_id} is not yours")
        return version

    # -- the teacher's ----------------------------------------------------------------------------------------

    def teacher(self, caller: Caller) -> dict:
        """The teacher's page data: the leaderboard with roster names, every student with their latest version,
        the versions that did not load or were stopped, the refused submissions (newest first), the queue, and
        the similarity flags between students' latest versions. ArenaError 403 for a student's token."""
        if not caller.teacher:
            raise ArenaError(403, "the teacher's page needs the teacher's token")
        with self.sessions() as session:
            map_set = queue.current_set(session)
            latest = {v.student: v for v in _final_versions(session)}
            students = []
            for student in session.scalars(select(Student).order_by(Student.number)):
                version = latest.get(student.identifier)
                students.append({"identifier": student.identifier, "name": student.name, "email": student.email,
                                 "display_name": student.display_name, "label": board.label(student, False),
                                 "versions": version.number if version else 0,
                                 "latest": _version_data(session, version, map_set) if version else None})
            troubles = session.scalars(select(Version).where(or_(Version.load_error.is_not(None),
                                                                 Version.stopped.is_not(None)))
                                       .order_by(Version.id.desc()))
            refusals = session.scalars(select(Refusal).order_by(Refusal.at.desc(), Refusal.id.desc()))
            states = dict(session.execute(select(Game.state, func.count(Game.id)).group_by(Game.state)).all())
            found = {"standings": self.standings(caller), "students": students,
                     "load_errors": [{"identifier": v.student, "id": v.id, "version": v.number,
                                      "load_error": v.load_error, "stopped": v.stopped} for v in troubles],
                     "refusals": [{"identifier": r.student, "at": board.iso(r.at), "status": r.status,
                                   "message": r.message} for r in refusals],
                     "queue": {state: states.get(state, 0) for state in (queue.QUEUED, queue.PLAYING, queue.DONE,
                                                                         queue.SKIPPED)},
                     "flags": board.similarity(session, latest)}
            session.commit()  # the similarity pairs' cache
            return found

    def requeue(self, caller: Caller, version_id: int) -> None:
        """Play a version again on the current map set (teacher only: ArenaError 403; 404 for no such version)."""
        if not caller.teacher:
            raise ArenaError(403, "only the teacher requeues a version")
        with self.sessions.begin() as session:
            version = self._own_version(session, caller, version_id)
            queue.requeue(session, version, queue.current_set(session))

    def freeze(self, maps: Path) -> int:
        """The deadline: store ``maps`` as the map set ``freeze``, make it the one played and ranked, and queue every
        student's final version on it (a final version that did not load is not played); the games queued.
        ArenaError 400 when the arena is frozen already."""
        with self.sessions.begin() as session:
            if session.scalar(select(MapSet.id).where(MapSet.name == FREEZE)) is not None:
                raise ArenaError(400, "the arena is frozen already: its final maps are set")
            map_set = _store_maps(session, FREEZE, maps)
            _set(session, queue.CURRENT_SET, FREEZE)
            queue.touch(session)
            queued = 0
            for version in _final_versions(session):
                if version.load_error is None:
                    version.done = version.stopped = None
                    queued += queue.queue_games(session, version, map_set, load_check=version.playing is None)
            return queued

    def player(self, jobs: int = 1, cluster: str | None = None) -> ArenaPlayer:
        """The thread that plays the queue (not started: ``start()``, and ``stop()`` then ``join()`` at the end):
        ``jobs`` worker processes here, or the Dask cluster ``cluster`` (``local`` or a scheduler's address)."""
        return ArenaPlayer(self, jobs=jobs, cluster=cluster)

    def gradebook(self, layout: str = "canvas", id_column: str = "id") -> str:
        """The gradebook CSV in ``layout`` (``canvas`` or ``moodle``), students identified by the roster's ``id``,
        ``email`` or ``username`` (= id): the grades of the limits' scheme (``app.report.gradebook``) on the
        current map set (the freeze's once frozen). ArenaError 400 for a layout, column or scheme it cannot use."""
        try:
            scheme = read_scheme(self.limits.scheme)
            with self.sessions() as session:
                return board.gradebook(session, queue.current_set(session), scheme, layout, id_column)
        except BattleshipError as error:
            raise ArenaError(400, str(error)) from None

    def recover(self) -> int:
        """Games left ``playing`` by a server that stopped, back to the queue (the player does it when it starts)."""
        with self.sessions.begin() as session:
            return queue.recover(session)


def _set(session: Session, key: str, value) -> None:
    session.merge(Setting(key=key, value=json.dumps(value)))


def _store_maps(session: Session, name: str, folder: Path) -> MapSet:
    """The map set ``name`` from a folder (or glob) of map files, each checked by the app's loader."""
    try:
        paths = expand_maps([str(folder)])
    except BattleshipError as error:
        raise BattleshipError(f"{folder}: {error}") from None
    map_set = MapSet(name=name, created=time.time())
    session.add(map_set)
    session.flush()
    base = Path(folder) if Path(folder).is_dir() else Path(paths[0]).parent
    for position, path in enumerate(paths):
        load_game_map(path)  # a map the app cannot play: a one-line error naming it, before anything is stored
        data = Path(path).read_bytes()
        session.add(ArenaMap(map_set_id=map_set.id, position=position, name=_relative(Path(path), base),
                             digest=digest_files([("map", data)]), data=data, known=known_cells(path)))
    return map_set


def _relative(path: Path, base: Path) -> str:
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path.name


def _student_mark(session: Session, identifier: str) -> tuple:
    """What changes whenever anything of a student's own page does: their name, their versions' phases and
    advice, their games' states and finishing times, the map set."""
    versions = tuple(session.execute(
        select(Version.id, Version.loading, Version.playing, Version.done, Version.load_error.is_(None),
               Version.stopped.is_(None), Version.coach.is_(None)).where(Version.student == identifier)).all())
    games = session.execute(
        select(func.count(Game.id), func.max(Game.finished), func.max(Game.claimed))
        .join(Version, Game.version_id == Version.id).where(Version.student == identifier)).one()
    return (session.get(Setting, queue.CURRENT_SET).value, session.get(Student, identifier).display_name,
            tuple(tuple(v) for v in versions), tuple(games), _state_counts(session, identifier))


def _state_counts(session: Session, identifier: str) -> tuple:
    return tuple(session.execute(select(Game.state, func.count(Game.id)).join(Version, Game.version_id == Version.id)
                                 .where(Version.student == identifier).group_by(Game.state)
                                 .order_by(Game.state)).all())


def _game_line(game: Game, game_map: ArenaMap) -> dict:
    """One game of a student's page's table."""
    row = json.loads(game.row) if game.row else {}
    return {"id": game.id, "position": game_map.position, "name": game_map.name, "state": game.state,
            "score": game.score, "oracle": game.oracle, "percent": game.percent, "status": game.status,
            "failure": game.failure or "", "ending": ending(row) if row else "", "log": bool(game.log),
            "detail": row.get("error") or (row.get("stop_reason") or "" if row.get("failure") == "agent" else "")}


def _final_versions(session: Session) -> list[Version]:
    """Each student's latest version."""
    latest: dict[str, Version] = {}
    for version in session.scalars(select(Version).order_by(Version.number)):
        latest[version.student] = version
    return list(latest.values())


def _version_data(session: Session, version: Version, map_set: MapSet) -> dict:
    """A version as ``GET /api/versions/{id}`` answers."""
    games = board.played(session, map_set, [version.id]).get(version.id) or board.Played()
    figure = board.figures(games)
    theirs = list(session.scalars(select(Version).where(Version.student == version.student).order_by(Version.number)))
    every = board.played(session, map_set, [v.id for v in theirs])
    previous = board.previous_played(theirs, version, every)
    return {"id": version.id, "version": version.number, "student": version.student, "phase": board.phase(version),
            "phases": {"queued": board.iso(version.submitted), "loading": board.iso(version.loading),
                       "playing": board.iso(version.playing), "done": board.iso(version.done)},
            "games": games.games, "played": games.played, "failures": games.failures,
            "load_error": version.load_error, "load_messages": json.loads(version.load_messages or "[]"),
            "stopped": version.stopped, "mean": figure.mean, "low": figure.low, "high": figure.high,
            "oracle_pct": figure.oracle_pct, "map_set": map_set.name,
            "verdict": board.verdict(games, every[previous.id], board.map_names(session, map_set)) if previous
            else None}


def _replay_address(record: dict) -> dict:
    """What a student's live page holds of a game for its replay: the address its script fetches the game from."""
    return {"url": f"/api/games/{record['game_id']}/replay"}
