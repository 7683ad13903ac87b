"""A submission: its checks (size cap, the day's limit, files the app's loader takes), its version and its games.

The files arrive with their names relative to the submitted folder (``load-order.txt`` among them when the folder
has one). They are read exactly as ``grade`` reads a student's folder (``app.tournament.submissions``), in a
temporary copy: a submission the class's tournament would refuse is refused here, with the same one-line reason,
before it takes a version number. Accepted files are kept in the database (bytes and digest), and the version's
games are queued on every map of the current set, the first one its load check."""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from app.arena.files import AGENT_FOLDER, Refused, clean_name, write_files
from app.arena.queue import current_set, queue_games
from app.arena.schema import Refusal, Student, Version, VersionFile
from app.core import AgentError, BattleshipError
from app.core.rules import DEFAULT_PROFILE, get_profile
from app.tournament.bench.store import digest_files
from app.tournament.submissions import find

DAY = 86400.0
FROZEN = "freeze"  # the map set of the deadline: once it is played, no submission is taken
MAX_FILES = 200


@dataclass(frozen=True, slots=True)
class Limits:
    """What the teacher sets: a submission's size cap, submissions a student a day, the games' rules, seed and
    time limit. Stored in the database's settings; rules and seed are fixed at the first start."""

    max_bytes: int = 1 << 20
    per_day: int = 20
    rules: str = DEFAULT_PROFILE
    seed: int = 0
    timeout: float = 60.0
    scheme: str = "oracle"  # the grading scheme of the gradebook (app.report.gradebook: a built-in name or a file)

    def __post_init__(self) -> None:
        """A one-line BattleshipError for a limit the arena cannot work with (the command line's options)."""
        if self.max_bytes < 1 or self.per_day < 1:
            raise BattleshipError(f"a submission's size cap ({self.max_bytes} bytes) and the submissions a day "
                                  f"({self.per_day}) must be at least 1")
        if not self.timeout > 0:
            raise BattleshipError(f"the time limit of a game must be more than 0 s, not {self.timeout:g}")
        get_profile(self.rules)


def check_loadable(files: list[tuple[str, bytes]]) -> None:
    """Refused (400) with the app's own one-line reason when the files are not an agent ``grade`` would play."""
    with tempfile.TemporaryDirectory(prefix="arena-intake-") as temporary:
        folder = Path(temporary) / AGENT_FOLDER
        try:
            write_files(folder, files)
        except OSError as exc:  # a name that is both a file and a folder ("a" and "a/b"), or too long here
            raise Refused(400, f"the submission's files cannot be written as named ({exc.strerror or exc})") from None
        try:
            found = find(temporary)
        except (AgentError, BattleshipError) as error:
            raise Refused(400, _relative(str(error), temporary)) from None
        if found[0].error:
            raise Refused(400, _relative(found[0].error, temporary))


def _relative(message: str, temporary: str) -> str:
    """A loader's message about the temporary copy, naming the submission's own files instead."""
    return (message.replace(f"{temporary}/{AGENT_FOLDER}/", "").replace(f"{temporary}/{AGENT_FOLDER}", "the submission")
            .replace(temporary, "the submission"))


def _refuse(session: Session, student: str, refusal: Refused, now: float) -> Refused:
    session.add(Refusal(student=student, at=now, status=refusal.status, message=refusal.message))
    session.commit()
    return refusal


def submit(session: Session, student: str, files: list[tuple[str, bytes]], limits: Limits,
           now: float | None = None) -> tuple[Version, int]:
    """A new version of ``student``'s agent and its games queued: (the version, how many games). Refused, the
    refusal recorded for the teacher's page: 413 too large, 429 over the day's limit, 400 not an agent."""
    now = time.time() if now is None else now
    map_set = current_set(session)
    if map_set.name == FROZEN:
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(map_set.created))
        raise Refused(403, f"the arena was frozen at the deadline ({when}): no more submissions")
    size = sum(len(data) for _, data in files)
    if size > limits.max_bytes:
        raise _refuse(session, student, Refused(413, f"the submission is {size} bytes: the arena takes at most "
                                                     f"{limits.max_bytes} bytes"), now)
    # a write first: the student's row locked (PostgreSQL), the database's write lock taken (SQLite), so two
    # submissions at once are counted against the day's limit and numbered one after the other
    session.execute(update(Student).where(Student.identifier == student).values(served=Student.served))
    recent = session.scalars(select(Version.submitted).where(Version.student == student,
                                                             Version.submitted > now - DAY)
                             .order_by(Version.submitted)).all()
    if len(recent) >= limits.per_day:
        wait = int(recent[0] + DAY - now) + 1
        raise _refuse(session, student, Refused(429, f"{limits.per_day} submissions in 24 hours already: the next "
                                                     f"is taken in {wait} s", wait), now)
    try:
        if not files or len(files) > MAX_FILES:
            raise Refused(400, f"a submission has 1 to {MAX_FILES} files, not {len(files)}")
        named = [(clean_name(name), data) for name, data in files]
        if len({name for name, _ in named}) != len(named):
            raise Refused(400, "a submission names the same file twice")
        check_loadable(named)
    except Refused as refusal:
        raise _refuse(session, student, refusal, now) from None
    number = (session.scalar(select(func.max(Version.number)).where(Version.student == student)) or 0) + 1
    version = Version(student=student, number=number, digest=digest_files(named), size=size, submitted=now,
                      load_messages="[]")
    session.add(version)
    session.flush()
    for position, (name, data) in enumerate(named):
        session.add(VersionFile(version_id=version.id, position=position, name=name, data=data))
    games = queue_games(session, version, map_set, load_check=True)
    return version, games
