"""The arena's database: an engine from a URL (a SQLite file by default, PostgreSQL by URL) and the migrations.

The tables are made and changed only by the Alembic migrations in ``migrations/`` (``upgrade``), run when the
arena starts: a database made by an older version of the app is brought up to date, never recreated."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from app.core import BattleshipError

MIGRATIONS = Path(__file__).parent / "migrations"
DEFAULT_FILE = "arena.sqlite3"
SQLITE_WAIT = 30  # seconds a SQLite writer waits for another's lock (the player and the web threads both write)
#: connections kept, and opened beyond them at busy times: the web server's threads (uvicorn runs a request's
#: work in a pool of 40), the player's lanes, and a call that reads the cached leaderboard inside another
POOL, OVERFLOW = 10, 70


def default_url(folder: str | Path = ".") -> str:
    """The SQLite file the arena uses when no ``--db`` is given."""
    return f"sqlite:///{Path(folder).resolve() / DEFAULT_FILE}"


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (None for another database or an in-memory one)."""
    parsed = make_url(url)
    return Path(parsed.database) if parsed.get_backend_name() == "sqlite" and parsed.database else None


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get foreign keys, a write-ahead log (readers never wait for the
    player's writes) and a lock wait. A one-line BattleshipError for a URL SQLAlchemy cannot use."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise BattleshipError(f"{url}: not a database URL (sqlite:///FILE or postgresql+psycopg://...)") from None
    if parsed.get_backend_name() != "sqlite":
        try:
            return create_engine(parsed, pool_pre_ping=True, pool_size=POOL, max_overflow=OVERFLOW)
        except (ArgumentError, ImportError) as exc:
            raise BattleshipError(f"{parsed.render_as_string()}: cannot use this database ({exc})") from None
    engine = create_engine(parsed, connect_args={"timeout": SQLITE_WAIT, "check_same_thread": False},
                           pool_size=POOL, max_overflow=OVERFLOW)

    @event.listens_for(engine, "connect")
    def _pragmas(connection, _record) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        if parsed.database and parsed.database != ":memory:":
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()

    return engine


def upgrade(target: str | Engine) -> None:
    """Run every migration the database (a URL, or an engine on it) has not had yet: a new one gets them all."""
    from alembic import command
    from alembic.config import Config

    engine = make_engine(target) if isinstance(target, str) else target

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
