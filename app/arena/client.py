"""The class arena's client: submit an agent, follow its version, read the standings, choose the name shown there
(docs/arena.md's HTTP API).

The desktop app and ``arena submit``/``arena standings`` talk to an arena server through these few functions,
with the standard library's ``urllib`` only: a student's install needs nothing more than the app's. Every failure
(an unreachable server, an unknown token, a submission too large or too frequent, an answer that is not the
arena's) is an ``ArenaError`` with one line that says what to do; the server's own words (``{"error": ...}``)
are quoted in it.

An agent is read as the app reads it (``app.backends.registry``: a file, several CLIPS files loaded in order, a
folder with ``load-order.txt``, a listed agent's name), so what the app would refuse is refused here, before
anything is sent, with the file named. Its files go with their names relative to the folder that holds them all;
an agent of several files goes with a ``load-order.txt`` listing them in the order the app loads them, so the
server loads exactly that.
"""

from __future__ import annotations

import base64
import email.utils
import http.client
import json
import math
import os
import socket
import ssl
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

from app.backends.kinds import spec_for_files
from app.backends.registry import LOAD_ORDER, AgentSpec, resolve
from app.core import BattleshipError

TIMEOUT = 30.0  # seconds a request may take (a submission of a few files is small)
LOADED = frozenset({"playing", "done", "failed", "stopped"})  # phases past the load check
FINISHED = frozenset({"done", "failed", "stopped"})  # phases after which nothing changes unless requeued
_HINTS = {  # what each refusal of docs/arena.md's API means to the one who made the request
    400: "the server refused the request",
    401: "the server does not know this token: use the one your teacher gave you",
    403: "this belongs to another student: a token sees only its own student's data",
    404: "not found: is this the arena's address?",
    413: "the submission is too large",
    429: "too many submissions",
}


class ArenaError(BattleshipError):
    """A request the arena refused or could not answer: one line; ``status`` the HTTP code (None: no answer),
    ``retry_after`` the seconds a 429 asks to wait (None: not said)."""

    def __init__(self, message: str, status: int | None = None, retry_after: float | None = None):
        super().__init__(message)
        self.status, self.retry_after = status, retry_after


# ----- the agent's files ------------------------------------------------------------------------------------
def read_agent(agent: list[str]) -> list[tuple[str, bytes]]:
    """The files of the agent ``agent`` names, as (name, contents) to send: one argument is what the app's agent
    list takes (a name, a file, ``a.clp,b.clp``, a folder with ``load-order.txt``); several are the files of one
    agent, loaded in that order. ``BattleshipError`` (one line naming the file) for what the app would refuse."""
    if not agent:
        raise ArenaError("no agent given: a .clp or .py file, several .clp files or a folder with load-order.txt")
    return agent_submission(resolve(agent[0]) if len(agent) == 1 else _spec_for_paths(agent))


def _spec_for_paths(paths: list[str]) -> AgentSpec:
    """The agent made of several files (a folder among them has to come alone)."""
    for text in paths:
        path = Path(text)
        if path.is_dir():
            raise ArenaError(f"{path}: a folder agent is given alone (its {LOAD_ORDER} says the files)")
        if not path.is_file():
            raise ArenaError(f"{path}: no such file")
    return spec_for_files([Path(text) for text in paths])


def agent_submission(spec: AgentSpec) -> list[tuple[str, bytes]]:
    """``spec``'s files as (name, contents), names relative to the folder holding them all; with a
    ``load-order.txt`` listing them in load order when there are several."""
    base = Path(os.path.commonpath([path.parent for path in spec.paths]))
    names = [PurePosixPath(path.relative_to(base)).as_posix() for path in spec.paths]
    files: dict[str, bytes] = {}
    for name, path in zip(names, spec.paths):
        try:
            files.setdefault(name, path.read_bytes())
        except OSError as exc:
            raise ArenaError(f"{path}: cannot read the agent file ({exc.strerror or exc})") from None
    if len(spec.paths) > 1:
        heading = f"# {spec.name}: its files in the order the app loads them\n"
        files[LOAD_ORDER] = (heading + "".join(f"{name}\n" for name in names)).encode("utf-8")
    return list(files.items())


def submission_body(files: list[tuple[str, bytes]]) -> dict:
    """The JSON body of ``POST /api/submissions``: each file's name and its contents in base64."""
    return {"files": [{"name": name, "content": base64.b64encode(data).decode("ascii")} for name, data in files]}


# ----- the requests -----------------------------------------------------------------------------------------
def submit(server: str, token: str, agent: list[str]) -> dict:
    """Submit the agent ``agent`` names (see ``read_agent``) as the token's student's next version; the server's
    answer: ``id``, ``version``, ``phase``, ``games``, ``page``."""
    files = read_agent(agent)
    return _request("POST", server, "/api/submissions", token, submission_body(files))


def standings(server: str, token: str | None = None) -> dict:
    """The leaderboard: ``maps``, ``map_set`` and ``rows`` (the token's student's own marked ``you``)."""
    return _request("GET", server, "/api/standings", token or None)


def version(server: str, token: str, version_id: int) -> dict:
    """One of the token's versions: its phases with their times, games played, load error, scores, verdict."""
    return _request("GET", server, f"/api/versions/{int(version_id)}", token)


def set_name(server: str, token: str, name: str) -> None:
    """Show the token's student as ``name`` on the leaderboard (to the other students; the teacher sees the
    roster's name)."""
    _request("POST", server, "/api/me/name", token, {"name": name})


def wait_loaded(server: str, token: str, version_id: int, timeout: float, poll: float = 1.0,
                seen: Callable[[dict], None] | None = None) -> dict:
    """The version once past its load check (playing, done, failed or stopped), or as it is after ``timeout``
    seconds; ``seen(version)`` is called with each answer (to show the phases as they come)."""
    deadline = time.monotonic() + timeout
    while True:
        answer = version(server, token, version_id)
        if seen is not None:
            seen(answer)
        if answer.get("phase") in LOADED or answer.get("load_error") or time.monotonic() >= deadline:
            return answer
        time.sleep(max(0.0, min(poll, deadline - time.monotonic())))


def page_url(server: str, page: str) -> str:
    """The address of a page the server names by its path (``/students/ada``), under the server's address."""
    return _base(server) + "/" + page.lstrip("/")


def _base(server: str) -> str:
    """The server's address without its trailing slash; ``ArenaError`` unless it is an http(s) address."""
    text = server.strip()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ArenaError(f"{server!r} is not an arena server's address: give it as http://HOST:PORT (or https://)")
    return text.rstrip("/")


def _headers(token: str | None) -> dict[str, str]:
    headers = {"Accept": "application/json", "User-Agent": "battleship-lab arena client"}
    if token is not None:
        token = token.strip()
        if not token or any(char.isspace() or not char.isprintable() for char in token):
            raise ArenaError("the token is empty or has spaces or line breaks in it: copy it again as your teacher "
                             "gave it")
        headers["Authorization"] = f"Bearer {token}"
    return headers


def _request(method: str, server: str, path: str, token: str | None, body: dict | None = None,
             timeout: float = TIMEOUT) -> dict:
    """The server's JSON answer to one request (an empty dict for 204); ``ArenaError`` for anything else."""
    url = _base(server) + path
    headers = _headers(token)
    data = None
    if body is not None:
        data = json.dumps(body).encode("utf-8")
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as refusal:
        raise _refused(server, refusal) from None
    except (urllib.error.URLError, OSError, http.client.HTTPException) as exc:
        raise ArenaError(_unreachable(server, exc, timeout)) from None
    if status == 204:
        return {}
    return _json(server, path, raw)


def _json(server: str, path: str, raw: bytes) -> dict:
    """An answer's JSON object; ``ArenaError`` when it is something else (a web page: not the arena's API)."""
    try:
        answer = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        answer = None
    if not isinstance(answer, dict):
        raise ArenaError(f"{_base(server)}{path} did not answer as the arena does (not a JSON object): is "
                         f"{server} the arena's address?")
    return answer


def _refused(server: str, refusal: urllib.error.HTTPError) -> ArenaError:
    """The ``ArenaError`` for an HTTP error status: what it means, with the server's own one line."""
    status = refusal.code
    try:
        said = json.loads(refusal.read().decode("utf-8")).get("error")
    except (OSError, UnicodeDecodeError, ValueError, AttributeError):
        said = None
    said = " ".join(str(said).split())[:300] if said else ""
    hint = _HINTS.get(status, "the server failed" if status >= 500 else "the server refused the request")
    retry_after = _retry_after(refusal.headers.get("Retry-After")) if status == 429 else None
    if retry_after is not None:
        hint += f": try again in {_duration(retry_after)}"
    return ArenaError(f"{hint} (HTTP {status} from {_base(server)}{': ' + said if said else ''})", status,
                      retry_after)


def _retry_after(value: str | None) -> float | None:
    """A ``Retry-After`` header's seconds (it may be a number of seconds or an HTTP date); None if absent."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def _duration(seconds: float) -> str:
    """``45 s``, ``3 min``, ``2 h 5 min``: a wait, as a person says it (rounded up)."""
    seconds = math.ceil(seconds)
    if seconds < 60:
        return f"{seconds} s"
    minutes = math.ceil(seconds / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h" + (f" {minutes % 60} min" if minutes % 60 else "")


def _unreachable(server: str, exc: Exception, timeout: float) -> str:
    """One line for a request that got no HTTP answer at all."""
    reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
    where = _base(server)
    if isinstance(reason, ConnectionRefusedError):
        return f"cannot reach the arena server at {where}: connection refused (is it running? is the port right?)"
    if isinstance(reason, socket.gaierror):
        return f"cannot reach the arena server at {where}: unknown host {urlsplit(where).hostname}"
    if isinstance(reason, TimeoutError | socket.timeout):
        return f"no answer from the arena server at {where} within {timeout:g} s"
    if isinstance(reason, ssl.SSLError):
        return f"cannot talk securely to {where}: {getattr(reason, 'reason', None) or reason}"
    text = " ".join(str(getattr(reason, "strerror", None) or reason or type(reason).__name__).split())
    return f"cannot reach the arena server at {where}: {text}"


def gained_lost(row: dict, minus: str = "-", dash: str = "-") -> str:
    """A leaderboard row's maps gained and lost against the student's previous version (``+4/-1``, ``minus`` the
    sign shown), or ``dash`` for a first version, which has nothing to be compared with."""
    if row.get("gained") is None or row.get("lost") is None:
        return dash
    return f"+{row['gained']}/{minus}{row['lost']}"
