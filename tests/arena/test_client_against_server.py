"""The client against the real arena: ``arena serve`` started as a student's teacher starts it (SQLite, a free port
on 127.0.0.1), two shipped agents submitted by two students' tokens through ``client.submit``, their load
verdicts, the leaderboard as each token sees it, a bad token's 401 and another student's version's 403.

Skipped where the arena's server side is not in the tree (the client is built on a branch of its own)."""

from __future__ import annotations

import csv
import shutil
import socket
import subprocess
import sys
import time

import pytest

from app.arena import client
from app.arena.client import ArenaError
from tests.paths import MAPS_DIR, ROOT

pytest.importorskip("app.arena.serving", reason="the arena's server side (app/arena/serving.py) is not in this tree")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A running arena with three maps and two students; yields (address, tokens by identifier)."""
    folder = tmp_path_factory.mktemp("arena")
    (folder / "maps").mkdir()
    for path in sorted((MAPS_DIR / "bench").glob("*.map"))[:3]:
        shutil.copy(path, folder / "maps")
    (folder / "roster.csv").write_text("id,name,email\nada,Ada Lovelace,ada@example.org\n"
                                       "bob,Bob Bobson,bob@example.org\n")
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "arena", "serve", "--maps", str(folder / "maps"), "--roster",
         str(folder / "roster.csv"), "--db", f"sqlite:///{folder / 'arena.sqlite3'}", "--tokens",
         str(folder / "tokens.csv"), "--port", str(port)],
        cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    address = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                client.standings(address)
                break
            except ArenaError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"arena serve did not start: {process.stderr.read().decode()}") from None
                time.sleep(0.2)
        with open(folder / "tokens.csv", encoding="utf-8") as tokens:
            yield address, {row["identifier"]: row["token"] for row in csv.DictReader(tokens)}
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_two_students_submit_and_see_where_they_stand(server):
    address, tokens = server
    ada = client.submit(address, tokens["ada"], ["incrocio"])
    bob = client.submit(address, tokens["bob"], [str(ROOT / "agents/random_agent.py")])
    assert (ada["version"], ada["games"], ada["page"]) == (1, 3, "/students/ada")
    for token, submitted in ((tokens["ada"], ada), (tokens["bob"], bob)):
        loaded = client.wait_loaded(address, token, submitted["id"], timeout=120, poll=0.2)
        assert loaded["phase"] in client.LOADED and loaded["load_error"] is None
    deadline = time.monotonic() + 120
    while client.version(address, tokens["ada"], ada["id"])["phase"] != "done" and time.monotonic() < deadline:
        time.sleep(0.2)
    rows = client.standings(address, tokens["ada"])["rows"]
    assert [(row["version"], row["games"], row["maps"]) for row in rows if row["you"]] == [(1, 3, 3)]
    assert all(not row["you"] for row in client.standings(address)["rows"])


def test_a_token_sees_only_its_own_student_s_versions(server):
    address, tokens = server
    submitted = client.submit(address, tokens["bob"], ["probabilistico"])
    with pytest.raises(ArenaError) as refused:
        client.version(address, tokens["ada"], submitted["id"])
    assert refused.value.status == 403
    with pytest.raises(ArenaError, match="does not know this token") as unknown:
        client.version(address, "not-a-token", submitted["id"])
    assert unknown.value.status == 401


def test_a_version_that_does_not_load_comes_back_with_clips_message(server, tmp_path):
    address, tokens = server
    broken = tmp_path / "broken.clp"
    broken.write_text("(defrule AGENT::broken\n  => (printout t \"x\" crlf)\n")
    submitted = client.submit(address, tokens["ada"], [str(broken)])
    loaded = client.wait_loaded(address, tokens["ada"], submitted["id"], timeout=120, poll=0.2)
    assert "broken.clp" in loaded["load_error"] and str(tmp_path) not in loaded["load_error"]
