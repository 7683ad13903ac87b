"""The teacher's ``arena`` commands on a real arena's database (SQLite): gradebook, requeue, freeze; and the
one-line errors of ``arena serve`` and of the facade's refusals (exit 2, never a traceback)."""

from __future__ import annotations

import csv
import io
import subprocess
import sys

import pytest

pytest.importorskip("sqlalchemy", reason="the arena's server needs requirements-arena.txt")

from app.arena.service import Arena, Caller  # noqa: E402
from tests.arena.web_helpers import AGENTS, STUDENTS, agent_files, make_class  # noqa: E402
from tests.paths import ROOT  # noqa: E402

TEACHER = Caller("teacher", True)


def _main(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "arena", *args], capture_output=True, text=True,
                          timeout=300)


def _one_line_error(proc: subprocess.CompletedProcess, *words: str) -> None:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    for word in words:
        assert word in proc.stderr


@pytest.fixture
def arena(tmp_path):
    """An arena on 2 maps where rossi's and verdi's agents were submitted and played; (its URL, the facade,
    the versions' ids)."""
    roster, maps = make_class(tmp_path, 2)
    url = f"sqlite:///{tmp_path / 'arena.sqlite3'}"
    facade = Arena.create(url, maps, roster, tmp_path / "tokens.csv")
    versions = {who: facade.submit(Caller(who, False), agent_files(AGENTS[who]))["id"] for who in ("rossi", "verdi")}
    player = facade.player()
    while player.play_batch():
        pass
    return url, facade, versions


def test_the_gradebook_lists_every_student_in_the_layout_asked(arena, tmp_path):
    url = arena[0]
    canvas = _main("gradebook", "--db", url)
    assert canvas.returncode == 0, canvas.stderr
    rows = list(csv.reader(io.StringIO(canvas.stdout)))
    assert rows[0][:3] == ["Student", "ID", "SIS User ID"] and len(rows) == 1 + len(STUDENTS)
    assert {row[2] for row in rows[1:]} == {identifier for identifier, _ in STUDENTS}
    out = tmp_path / "moodle.csv"
    moodle = _main("gradebook", "--db", url, "--layout", "moodle", "--id-column", "email", "--out", str(out))
    assert moodle.returncode == 0 and "Email address" in out.read_text().splitlines()[0]


def test_requeue_plays_a_version_again_and_names_one_that_is_not_there(arena):
    url, facade, versions = arena
    assert facade.version(TEACHER, versions["rossi"])["played"] == 2
    done = _main("requeue", str(versions["rossi"]), "--db", url)
    assert done.returncode == 0, done.stderr
    assert facade.version(TEACHER, versions["rossi"])["played"] == 0
    _one_line_error(_main("requeue", "999", "--db", url), "no version 999")


def test_the_freeze_queues_every_final_version_once(arena, tmp_path):
    url, facade, _ = arena
    final = tmp_path / "final"
    final.mkdir()
    for path in sorted((ROOT / "maps" / "bench").glob("*.map"))[-3:]:
        (final / path.name).write_bytes(path.read_bytes())
    frozen = _main("freeze", "--maps", str(final), "--db", url)
    assert frozen.returncode == 0, frozen.stderr
    assert "6 games queued" in frozen.stdout  # two final versions x three fresh maps
    assert facade.standings(None)["map_set"] == "freeze"
    _one_line_error(_main("freeze", "--maps", str(final), "--db", url), "frozen already")


def test_serve_s_bad_options_are_one_line(tmp_path):
    roster, maps = make_class(tmp_path, 1)
    common = ("--roster", str(roster), "--db", f"sqlite:///{tmp_path / 'a.sqlite3'}")
    _one_line_error(_main("serve", "--maps", str(maps), *common, "--port", "70000"), "--port")
    _one_line_error(_main("serve", "--maps", str(maps), *common, "--per-day", "0"), "--per-day")
    _one_line_error(_main("serve", "--maps", str(tmp_path / "nowhere"), *common), "nowhere")
    _one_line_error(_main(), "arena")


def test_without_the_server_side_s_dependencies_the_teacher_is_told_what_to_install():
    code = ("import sys; sys.modules['starlette'] = None; from app.cli import main; "
            "sys.exit(main(['arena', 'serve', '--maps', 'm', '--roster', 'r.csv']))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    _one_line_error(proc, "starlette", "requirements-arena.txt")
