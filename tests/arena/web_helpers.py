"""What the arena's web tests share: a class (roster, hidden maps), a submission's body, a real server."""

from __future__ import annotations

import base64
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.paths import MAPS_DIR, ROOT

#: the roster: the second student's name is markup a careless page would run
STUDENTS = [("rossi", "Maria Rossi"), ("bianchi", "<script>alert('bianchi')</script>"), ("verdi", "Luca Verdi")]
#: three shipped agents, as a student submits them: a Python file, another, and a CLIPS folder with load-order.txt
AGENTS = {"rossi": ROOT / "agents" / "cross_agent.py", "bianchi": ROOT / "agents" / "random_agent.py",
          "verdi": ROOT / "agents" / "clips" / "incrocio"}
_ADDRESS = re.compile(r"serving on (http://\S+/)")


def make_class(folder: Path, maps: int) -> tuple[Path, Path]:
    """A roster CSV and a folder of ``maps`` hidden maps (the first of maps/bench) under ``folder``."""
    roster = folder / "roster.csv"
    with roster.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["id", "name", "email"])
        writer.writerows([identifier, name, f"{identifier}@example.org"] for identifier, name in STUDENTS)
    hidden = folder / "hidden"
    hidden.mkdir()
    for path in sorted((MAPS_DIR / "bench").glob("*.map"))[:maps]:
        shutil.copy(path, hidden / path.name)
    return roster, hidden


def read_tokens(path: Path) -> dict[str, str]:
    """identifier -> token, from the CSV the arena wrote."""
    with path.open(encoding="utf-8") as source:
        return {row["identifier"]: row["token"] for row in csv.DictReader(source)}


def agent_files(agent: Path) -> list[tuple[str, bytes]]:
    """A shipped agent's files as a student submits them: the file alone, or a CLIPS folder's files in its load
    order, with a ``load-order.txt`` naming them (a shipped folder's order reaches into ``../lib``, which a
    student's folder holds itself)."""
    if agent.is_file():
        return [(agent.name, agent.read_bytes())]
    order = [line.strip() for line in (agent / "load-order.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    files = [(Path(name).name, (agent / name).read_bytes()) for name in order]
    return [("load-order.txt", "".join(f"{name}\n" for name, _ in files).encode()), *files]


def submission_body(files: list[tuple[str, bytes]]) -> dict:
    """``POST /api/submissions``'s JSON."""
    return {"files": [{"name": name, "content": base64.b64encode(data).decode("ascii")} for name, data in files]}


def call(address: str, method: str, path: str, token: str | None = None, body: dict | None = None,
         timeout: float = 30) -> tuple[int, dict | str]:
    """An HTTP request to a real server: (status, JSON or text)."""
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(address.rstrip("/") + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, raw, kind = response.status, response.read(), response.headers.get("content-type", "")
    except urllib.error.HTTPError as refusal:
        status, raw, kind = refusal.code, refusal.read(), refusal.headers.get("content-type", "")
    text = raw.decode("utf-8")
    return status, json.loads(text) if "json" in kind and text else text


class Server:
    """``main.py arena serve`` in a child process on 127.0.0.1, a free port, on ``db`` (default: a SQLite file in
    ``folder``); ``stop()`` sends SIGTERM. ``environment``: the child's (default: this process's)."""

    def __init__(self, folder: Path, roster: Path, maps: Path, jobs: int = 1, db: str | None = None,
                 environment: dict[str, str] | None = None):
        self.db = db or f"sqlite:///{folder / 'arena.sqlite3'}"
        self.tokens_file = folder / "tokens.csv"
        command = [sys.executable, str(ROOT / "main.py"), "arena", "serve", "--maps", str(maps), "--roster",
                   str(roster), "--db", self.db, "--tokens", str(self.tokens_file), "--port", "0", "--jobs",
                   str(jobs)]
        self.log = (folder / "server.log").open("a", encoding="utf-8")
        self.process = subprocess.Popen(command, cwd=folder, stdout=subprocess.PIPE, stderr=self.log, text=True,
                                        env={**(os.environ if environment is None else environment),
                                             "PYTHONUNBUFFERED": "1"})
        self.said = []  # what it printed before its address: where it wrote new tokens
        found = None
        while not found and (line := self.process.stdout.readline()):
            self.said.append(line)
            found = _ADDRESS.search(line)
        if not found:
            self.process.kill()
            raise AssertionError(f"the server did not start: {self.said!r}; {(folder / 'server.log').read_text()}")
        self.address = found.group(1)

    def tokens(self) -> dict[str, str]:
        """Every token the arena wrote (the first start's file and any later one's)."""
        made = {}
        for path in sorted(self.tokens_file.parent.glob(self.tokens_file.stem + "*.csv")):
            made.update(read_tokens(path))
        return made

    def stop(self, kill: bool = False, timeout: float = 60) -> int:
        """Stop it: SIGTERM (a clean stop), or killed outright (a crash); its exit code."""
        if kill:
            self.process.kill()  # SIGKILL, or TerminateProcess where there is no SIGKILL
        else:
            self.process.terminate()
        code = self.process.wait(timeout)
        self.process.stdout.close()
        self.log.close()
        return code


def wait_until(condition, timeout: float, what: str, poll: float = 0.5):
    """``condition()``'s first true value within ``timeout`` seconds; AssertionError naming ``what`` otherwise."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(poll)
    raise AssertionError(f"{what}: not within {timeout} s")


def submit_each(server: Server, tokens: dict[str, str], students: tuple[str, ...]) -> dict[str, int]:
    """Each student submits their shipped agent (``AGENTS``) through the API: student -> the version's id."""
    versions = {}
    for student in students:
        status, answer = call(server.address, "POST", "/api/submissions", tokens[student],
                              submission_body(agent_files(AGENTS[student])))
        assert status == 201, answer
        versions[student] = answer["id"]
    return versions
