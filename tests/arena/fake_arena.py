"""A stand-in arena server for the client's tests: a real ``http.server`` on 127.0.0.1 that answers each request
with what the test set for its method and path (docs/arena.md's responses, and some that are not), and keeps
every request it got (method, path, headers, body) so a test can check what the client sent."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


@dataclass
class Answer:
    """One response: the status, extra headers, and the body (a dict is sent as JSON; bytes as they are)."""

    status: int
    body: dict | list | bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)

    def payload(self) -> tuple[bytes, str]:
        if self.body is None:
            return b"", "application/json"
        if isinstance(self.body, bytes):
            return self.body, "text/html; charset=utf-8"
        return json.dumps(self.body).encode("utf-8"), "application/json"


@dataclass
class Request:
    """A request the server got."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self):
        return json.loads(self.body.decode("utf-8"))


class FakeArena:
    """The server: ``answer(method, path, *answers)`` sets what a path answers (one answer per request in turn,
    the last one kept); ``requests`` is what it got; ``url`` its address. Unset paths answer 404 as the API does."""

    def __init__(self):
        self.answers: dict[tuple[str, str], list[Answer]] = {}
        self.requests: list[Request] = []
        arena = self

        class Handler(BaseHTTPRequestHandler):
            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                arena.requests.append(Request(self.command, self.path, dict(self.headers), body))
                queued = arena.answers.get((self.command, self.path))
                answer = (queued.pop(0) if len(queued) > 1 else queued[0]) if queued else Answer(
                    404, {"error": f"no such page {self.path}"})
                payload, kind = answer.payload()
                self.send_response(answer.status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(payload)))
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = _serve

            def log_message(self, *args) -> None:  # quiet: the tests check the requests themselves
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    def answer(self, method: str, path: str, *answers: Answer) -> None:
        self.answers[(method, path)] = list(answers)

    def start(self) -> FakeArena:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def version_answer(phase: str, **fields) -> dict:
    """A ``GET /api/versions/{id}`` body as docs/arena.md gives it, in ``phase``, with ``fields`` changed."""
    reached = {"queued": 0, "loading": 1, "playing": 2, "done": 3, "failed": 1, "stopped": 2}[phase]
    times = ["2026-11-28T19:00:00", "2026-11-28T19:00:05", "2026-11-28T19:00:06", "2026-11-28T19:01:40"]
    body = {"id": 17, "version": 3, "student": "Ada", "phase": phase,
            "phases": {name: times[i] if i <= reached else None
                       for i, name in enumerate(("queued", "loading", "playing", "done"))},
            "games": 150, "played": 150 if phase == "done" else 0, "load_error": None, "stopped": None,
            "mean": None, "low": None, "high": None, "oracle_pct": None, "verdict": None}
    if phase == "done":
        body.update(mean=41.5, low=39.0, high=44.0, oracle_pct=71.2,
                    verdict={"verdict": "better", "maps": 150, "mean": 3.5, "low": 1.0, "high": 6.0,
                             "gained": ["k0-0001", "k0-0007"], "lost": ["k0-0042"]})
    body.update(fields)
    return body


STANDINGS = {"maps": 150, "map_set": "term", "rows": [
    {"rank": 1, "student": "Student 7", "you": False, "version": 5, "games": 150, "maps": 150, "mean": 44.2,
     "low": 42.0, "high": 46.4, "oracle_pct": 75.9, "submitted_at": "2026-11-28T18:02:11", "verdict": "better",
     "gained": 12, "lost": 3},
    {"rank": 2, "student": "Ada", "you": True, "version": 3, "games": 150, "maps": 150, "mean": 41.5, "low": 39.0,
     "high": 44.0, "oracle_pct": 71.2, "submitted_at": "2026-11-28T19:00:00", "verdict": "same", "gained": 4,
     "lost": 5},
    {"rank": None, "student": "Student 2", "you": False, "version": 1, "games": 20, "maps": 150, "mean": None,
     "low": None, "high": None, "oracle_pct": None, "submitted_at": "2026-11-28T19:05:00", "verdict": "none",
     "gained": None, "lost": None},  # a first version: nothing to compare with
]}

#: the server's answer to a submission, as the design's HTTP API has it
SUBMITTED = {"id": 17, "version": 3, "phase": "queued", "games": 150, "page": "/students/ada"}


@pytest.fixture
def fake_arena():
    """A fake arena on 127.0.0.1 for one test, answering what the test sets (the client's, the command line's and
    the window's tests; a plugin of tests/conftest.py)."""
    server = FakeArena().start()
    yield server
    server.stop()
