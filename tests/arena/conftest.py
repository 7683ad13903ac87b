"""The arena's tests run on the real databases: SQLite always, PostgreSQL when a server can be started here
(Debian's ``initdb`` and ``pg_ctl`` in a temporary folder; as root they run as ``nobody``), skipped with the
reason otherwise. ``arena_url`` gives a fresh empty database of each kind to every test that asks for one."""

from __future__ import annotations

import csv
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

from tests.paths import MAPS_DIR

PG_BIN = [Path("/usr/local/bin"), *sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)]
ROSTER = "id,name,email\nrossi,Maria Rossi,maria.rossi@example.org\nbianchi,Luca Bianchi,\nverdi,Anna Verdi,\n"


def _pg_tool(name: str) -> str | None:
    found = shutil.which(name)
    return found or next((str(d / name) for d in PG_BIN if (d / name).is_file()), None)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    """A throw-away PostgreSQL server in a temporary folder, on 127.0.0.1 and a free port."""

    def __init__(self):
        self.initdb, self.pg_ctl = _pg_tool("initdb"), _pg_tool("pg_ctl")
        self.folder = Path(tempfile.mkdtemp(prefix="arena-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.user = "nobody" if os.geteuid() == 0 else None

    def _run(self, command: list[str]) -> subprocess.CompletedProcess:
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(command, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)

    def start(self) -> str:
        """Start it; '' when started, else why not."""
        if not self.initdb or not self.pg_ctl:
            return "no initdb/pg_ctl here (Debian's postgresql package)"
        try:
            import psycopg  # noqa: F401
        except ImportError:
            return "psycopg is not installed (requirements-dev.txt)"
        if self.user:
            shutil.chown(self.folder, self.user)
        done = self._run([self.initdb, "-D", str(self.data), "-U", "arena", "--auth=trust", "-E", "UTF8",
                          "--no-sync"])
        if done.returncode:
            return f"initdb failed: {done.stderr.strip().splitlines()[-1:]}"
        done = self._run([self.pg_ctl, "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "-o",
                          f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start"])
        if done.returncode:
            return f"pg_ctl start failed: {done.stderr.strip() or done.stdout.strip()}"
        return ""

    def new_database(self) -> str:
        """A new empty database's URL."""
        import psycopg

        name = f"arena_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=arena dbname=postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://arena@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        self._run([self.pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"])
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres():
    """The session's PostgreSQL server (the test is skipped, with the reason, when none can be started)."""
    server = PostgresServer()
    why = server.start()
    if why:
        shutil.rmtree(server.folder, ignore_errors=True)
        pytest.skip(f"PostgreSQL: {why}")
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def arena_url(request, tmp_path) -> str:
    """A fresh empty database: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'arena.sqlite3'}"
    return request.getfixturevalue("postgres").new_database()


@pytest.fixture
def class_files(tmp_path) -> tuple[Path, Path]:
    """Three hidden maps and a roster of three students."""
    maps = tmp_path / "hidden"
    maps.mkdir()
    for name in ("bimaru-example.map", "four-known.map", "open-sea.map"):
        shutil.copy(MAPS_DIR / name, maps / name)
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    return maps, roster


def read_tokens(path: Path) -> dict[str, str]:
    """The tokens CSV as identifier -> token."""
    rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
    assert rows[0] == ["identifier", "token"]
    return dict(rows[1:])
