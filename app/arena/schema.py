"""The arena's tables (SQLAlchemy 2 ORM). Times are seconds since the epoch (a float: the same on SQLite and
PostgreSQL, no time zone to lose); files and maps are stored as bytes, so the database alone is the backup.

Changing a table means a new migration in ``migrations/versions/`` (tests/arena check the two agree)."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

TEACHER = "teacher"  # the teacher's identifier (a roster may not use it)


class Base(DeclarativeBase):
    """The arena's metadata."""


class Setting(Base):
    """One of the arena's settings (``Limits``, the current map set, caches), as JSON text."""

    __tablename__ = "settings"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Student(Base):
    """A roster's student; ``number`` gives the anonymous label ("Student 7") until a display name is chosen."""

    __tablename__ = "students"
    identifier: Mapped[str] = mapped_column(String(200), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    email: Mapped[str] = mapped_column(String(200), default="")
    number: Mapped[int] = mapped_column(Integer, unique=True)
    display_name: Mapped[str | None] = mapped_column(String(80))
    served: Mapped[float | None] = mapped_column(Float)  # when the queue last gave one of their games to play


class Token(Base):
    """A token's SHA-256 (never the token itself) and whom it identifies (a student, or ``TEACHER``)."""

    __tablename__ = "tokens"
    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    identifier: Mapped[str] = mapped_column(String(200), index=True)


class MapSet(Base):
    """The hidden maps games are played on: ``term`` from the start, ``freeze`` once the deadline's set is in."""

    __tablename__ = "map_sets"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(20), unique=True)
    created: Mapped[float] = mapped_column(Float)


class ArenaMap(Base):
    """One hidden map: its file's bytes, its name and content digest, its place in the set."""

    __tablename__ = "maps"
    __table_args__ = (UniqueConstraint("map_set_id", "position"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    map_set_id: Mapped[int] = mapped_column(ForeignKey("map_sets.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(255))
    digest: Mapped[str] = mapped_column(String(64))
    data: Mapped[bytes] = mapped_column(LargeBinary)
    known: Mapped[int | None] = mapped_column(Integer)


class Version(Base):
    """One submission of a student: its number among theirs, the phases' times, why it was not (fully) played."""

    __tablename__ = "versions"
    __table_args__ = (UniqueConstraint("student", "number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    student: Mapped[str] = mapped_column(ForeignKey("students.identifier"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    digest: Mapped[str] = mapped_column(String(64))
    size: Mapped[int] = mapped_column(Integer)
    submitted: Mapped[float] = mapped_column(Float)
    loading: Mapped[float | None] = mapped_column(Float)  # its load check was claimed
    playing: Mapped[float | None] = mapped_column(Float)  # it loaded: its other games may be played
    done: Mapped[float | None] = mapped_column(Float)  # no game of it left to play
    load_error: Mapped[str | None] = mapped_column(Text)  # it did not load: the message (never played)
    stopped: Mapped[str | None] = mapped_column(Text)  # its first games all failed: why the others were skipped
    load_messages: Mapped[str] = mapped_column(Text, default="[]")  # JSON list: what loading said
    coach: Mapped[str | None] = mapped_column(Text)  # JSON: the coach's most frequent costly decisions


class VersionFile(Base):
    """One file of a version, in load order, with the name relative to the submitted folder."""

    __tablename__ = "files"
    __table_args__ = (UniqueConstraint("version_id", "position"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    version_id: Mapped[int] = mapped_column(ForeignKey("versions.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(500))
    data: Mapped[bytes] = mapped_column(LargeBinary)


class Game(Base):
    """One (version, map) game: ``queued``, ``playing`` (claimed by the player), ``done`` or ``skipped``; when
    done, the bench's row (JSON, without the log) and its log (compressed: ``queue.log_text`` reads it). A
    version's first game is its load check."""

    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("version_id", "map_id"), Index("ix_games_version_state", "version_id", "state"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    version_id: Mapped[int] = mapped_column(ForeignKey("versions.id"))
    map_id: Mapped[int] = mapped_column(ForeignKey("maps.id"))
    state: Mapped[str] = mapped_column(String(10), index=True)
    load_check: Mapped[bool] = mapped_column(Boolean, default=False)
    claimed: Mapped[float | None] = mapped_column(Float)
    finished: Mapped[float | None] = mapped_column(Float)
    status: Mapped[str | None] = mapped_column(String(10))
    failure: Mapped[str | None] = mapped_column(String(16))
    score: Mapped[int | None] = mapped_column(Integer)
    oracle: Mapped[int | None] = mapped_column(Integer)
    percent: Mapped[float | None] = mapped_column(Float)
    row: Mapped[str | None] = mapped_column(Text)
    log: Mapped[bytes | None] = mapped_column(LargeBinary)  # zlib-compressed (a log is JSON Lines: ~10x smaller)


class Refusal(Base):
    """A submission refused (too large, over the day's limit, unreadable): the teacher's page lists them."""

    __tablename__ = "refusals"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    student: Mapped[str] = mapped_column(String(200), index=True)
    at: Mapped[float] = mapped_column(Float)
    status: Mapped[int] = mapped_column(Integer)
    message: Mapped[str] = mapped_column(Text)
