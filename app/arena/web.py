"""The arena's web application (Starlette): the JSON API the clients call and the pages browsers read.

Who calls is the token's student (or the teacher): from ``Authorization: Bearer TOKEN`` (the command line, the
desktop app) or from the ``arena_token`` cookie that ``POST /login`` sets (HttpOnly, SameSite=Strict: another
site's form cannot post with it). What a caller may see is decided by the facade (``app.arena.service.Arena``),
never here: this module only turns requests into its calls and its answers and refusals (``ArenaError``: a
status and one line) into responses, JSON under ``/api`` and pages elsewhere. The facade's calls touch the
database, so they run in worker threads, a few at once (``DATABASE_THREADS``: with Starlette's 40, fifty readers
once held every connection of the database's pool and requests failed after 30 s), and the event loop keeps
answering while they work. A page or a standings answer is built at most once every ``FRESH_SECONDS`` for each
reader (``_Fresh``): fifty students reloading the leaderboard at once cost one build, and a page is at most that
old, except after the reader's own change (a submission, a name), which the web layer drops it for.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import functools
import json
import time
from collections.abc import Awaitable, Callable
from urllib.parse import parse_qs, quote

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from app.arena import pages
from app.arena.service import Arena, ArenaError, Caller

COOKIE = "arena_token"
DATABASE_THREADS = 6  # facade calls at once: more only wait for Python's lock and SQLite's writer
FRESH_SECONDS = 5.0
FORM_LIMIT = 4096  # a page's form: a token or a display name
BODY_OVERHEAD = 64 * 1024  # a submission's JSON besides its files' base64: names, brackets
SECURITY_HEADERS = {
    # the pages' only scripts are the replay's, inline, fetching games from this server; no page may be framed (clickjacking) or leak its URL
    "content-security-policy": "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                               "connect-src 'self'; "
                               "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}


def make_app(arena: Arena, max_bytes: int) -> Starlette:
    """The web application over ``arena``; a request body longer than ``max_bytes`` of files (base64-encoded,
    plus the JSON around them) is refused with 413 before it is read whole."""
    body_limit = max_bytes * 4 // 3 + BODY_OVERHEAD
    web = _Web(arena, body_limit)
    routes = [
        Route("/", web.leaderboard_page),
        Route("/login", web.login_page, methods=["GET"]),
        Route("/login", web.login, methods=["POST"]),
        Route("/logout", web.logout, methods=["POST"]),
        Route("/students/{identifier}", web.student_page),
        Route("/students/{identifier}/name", web.name_form, methods=["POST"]),
        Route("/teacher", web.teacher_page),
        Route("/teacher/gradebook.csv", web.gradebook),
        Route("/teacher/versions/{version_id:int}/requeue", web.requeue_form, methods=["POST"]),
        Route("/api/submissions", web.submit, methods=["POST"]),
        Route("/api/versions/{version_id:int}", web.version),
        Route("/api/versions/{version_id:int}/requeue", web.requeue, methods=["POST"]),
        Route("/api/games/{game_id:int}/replay", web.replay),
        Route("/api/standings", web.standings),
        Route("/api/me/name", web.name, methods=["POST"]),
    ]
    return Starlette(routes=routes, middleware=[Middleware(_SecurityHeaders)],
                     exception_handlers={ArenaError: _refused, HTTPException: _http_error})


class _Web:
    """The endpoints, over one arena."""

    def __init__(self, arena: Arena, body_limit: int):
        self.arena = arena
        self.body_limit = body_limit
        self.limiter = anyio.CapacityLimiter(DATABASE_THREADS)
        self.fresh = _Fresh(FRESH_SECONDS)

    async def caller(self, request: Request, required: bool = True) -> Caller | None:
        """Who sends ``request``: its bearer token, else its cookie. ``ArenaError`` 401 for a token nobody has,
        or none when ``required``."""
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if header and scheme.lower() != "bearer":
            raise ArenaError(401, "the Authorization header must be 'Bearer TOKEN'")
        token = token.strip() if header else request.cookies.get(COOKIE, "")
        if not token:
            if required:
                raise ArenaError(401, "no token: sign in, or send 'Authorization: Bearer TOKEN'")
            return None
        caller = await self.call(self.arena.caller, token)
        if caller is None:
            raise ArenaError(401, "unknown token: check the token your teacher gave you")
        return caller

    async def call(self, method: Callable, *args):
        """``method(*args)`` (the facade's, or a page built from it) in a worker thread: it waits on the database."""
        return await anyio.to_thread.run_sync(functools.partial(method, *args), limiter=self.limiter)

    async def built(self, key: tuple, build: Callable[[], object]):
        """``build()`` in a worker thread, or what it gave for ``key`` less than ``FRESH_SECONDS`` ago."""
        return await self.fresh.get(key, lambda: self.call(build))

    # pages

    async def leaderboard_page(self, request: Request) -> HTMLResponse:
        caller = await self.caller(request, required=False)
        return HTMLResponse(await self.built(("leaderboard", caller),
                                             lambda: pages.leaderboard(self.arena.standings(caller), caller)))

    async def login_page(self, request: Request) -> HTMLResponse:
        return HTMLResponse(pages.login())

    async def login(self, request: Request) -> Response:
        """Check the form's token and keep it in the cookie; to the caller's own page."""
        token = (await _form_field(request, "token")).strip()
        caller = await self.call(self.arena.caller, token) if token else None
        if caller is None:
            return HTMLResponse(pages.login("That token is not one of this arena's."), status_code=401)
        response = RedirectResponse(_home(caller), status_code=303)
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict", secure=request.url.scheme == "https")
        return response

    async def logout(self, request: Request) -> Response:
        response = RedirectResponse("/", status_code=303)
        response.delete_cookie(COOKIE, httponly=True, samesite="strict")
        return response

    async def student_page(self, request: Request) -> HTMLResponse:
        caller = await self.caller(request)
        identifier = request.path_params["identifier"]
        return HTMLResponse(await self.built(("student", caller, identifier),
                                             lambda: pages.student(self.arena.student(caller, identifier), caller)))

    async def name_form(self, request: Request) -> Response:
        """The display-name form of a student's page."""
        caller = await self.caller(request)
        if caller.identifier != request.path_params["identifier"]:
            raise ArenaError(403, "you can name only yourself")
        await self.call(self.arena.set_name, caller, await _form_field(request, "name"))
        self.fresh.clear()
        return RedirectResponse(_home(caller), status_code=303)

    async def teacher_page(self, request: Request) -> HTMLResponse:
        caller = await self.caller(request)
        return HTMLResponse(await self.built(("teacher", caller),
                                             lambda: pages.teacher(self.arena.teacher(caller), caller)))

    async def gradebook(self, request: Request) -> Response:
        """The gradebook CSV in the layout asked (``canvas`` or ``moodle``), students identified by the roster
column asked (``id``, ``email`` or ``username``); the facade refuses others (400)."""
        caller = await self.caller(request)
        if not caller.teacher:
            raise ArenaError(403, "the gradebook is the teacher's")
        layout = request.query_params.get("layout", "canvas")
        column = request.query_params.get("id_column", "id")
        text = await self.call(self.arena.gradebook, layout, column)
        return Response(text, media_type="text/csv; charset=utf-8",
                        headers={"content-disposition": f'attachment; filename="arena-{layout}.csv"'})

    async def requeue_form(self, request: Request) -> Response:
        caller = await self.caller(request)
        await self.call(self.arena.requeue, caller, request.path_params["version_id"])
        self.fresh.clear()
        return RedirectResponse("/teacher", status_code=303)

    # the API

    async def submit(self, request: Request) -> JSONResponse:
        """A new version: ``{"files": [{"name", "content" (base64)}]}`` -> 201 with its id, number, games."""
        caller = await self.caller(request)
        files = _files(await self.json_body(request))
        answer = await self.call(self.arena.submit, caller, files)
        self.fresh.clear()
        return JSONResponse(answer, status_code=201)

    async def version(self, request: Request) -> JSONResponse:
        caller = await self.caller(request)
        return JSONResponse(await self.call(self.arena.version, caller, request.path_params["version_id"]))

    async def replay(self, request: Request) -> JSONResponse:
        """A game for the student page's replay, fetched by the page's script when it is first shown."""
        caller = await self.caller(request)
        return JSONResponse(await self.call(self.arena.game_replay, caller, request.path_params["game_id"]))

    async def requeue(self, request: Request) -> Response:
        caller = await self.caller(request)
        await self.call(self.arena.requeue, caller, request.path_params["version_id"])
        self.fresh.clear()
        return Response(status_code=204)

    async def standings(self, request: Request) -> JSONResponse:
        caller = await self.caller(request, required=False)
        return JSONResponse(await self.built(("standings", caller), lambda: self.arena.standings(caller)))

    async def name(self, request: Request) -> Response:
        caller = await self.caller(request)
        body = await self.json_body(request)
        if not isinstance(body, dict) or not isinstance(body.get("name"), str):
            raise ArenaError(400, 'the body must be {"name": "..."}')
        await self.call(self.arena.set_name, caller, body["name"])
        self.fresh.clear()
        return Response(status_code=204)

    async def json_body(self, request: Request):
        """The request's JSON, read no further than the body limit (413 past it; 400 if it is not JSON)."""
        body = await _read(request, self.body_limit)
        try:
            return json.loads(body)
        except (ValueError, UnicodeDecodeError) as exc:
            raise ArenaError(400, f"the body is not JSON ({exc})") from None


async def _read(request: Request, limit: int) -> bytes:
    """A request's body, ``ArenaError`` 413 as soon as it is longer than ``limit`` bytes (said or sent)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise ArenaError(413, f"the request is larger than the arena takes ({limit} bytes)")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ArenaError(413, f"the request is larger than the arena takes ({limit} bytes)")
    return bytes(body)


async def _form_field(request: Request, name: str) -> str:
    """One field of a page's form (``application/x-www-form-urlencoded``), the body read no further than
    ``FORM_LIMIT``; "" when it is not there."""
    fields = parse_qs((await _read(request, FORM_LIMIT)).decode("utf-8", errors="replace"))
    return fields.get(name, [""])[0]


class _Fresh:
    """What was built for a key, kept ``seconds``; one build at a time per key (the others wait for it)."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.built: dict[tuple, tuple[float, object]] = {}
        self.locks: dict[tuple, asyncio.Lock] = {}

    async def get(self, key: tuple, build: Callable[[], Awaitable]):
        """What ``build()`` gives, built now or kept; a build that fails (a refusal) keeps nothing, not even its
        key's lock, so that asking for pages one may not read costs no memory."""
        try:
            async with self.locks.setdefault(key, asyncio.Lock()):
                kept = self.built.get(key)
                if kept is not None and time.monotonic() - kept[0] < self.seconds:
                    return kept[1]
                value = await build()
                self.built[key] = (time.monotonic(), value)
                return value
        finally:
            if key not in self.built:
                self.locks.pop(key, None)

    def clear(self) -> None:
        """Forget everything built: a write changed what the pages show."""
        self.built.clear()


def _files(body) -> list[tuple[str, bytes]]:
    """A submission body's files as (relative name, content) pairs; ``ArenaError`` 400 for a malformed one."""
    files = body.get("files") if isinstance(body, dict) else None
    if not isinstance(files, list) or not files:
        raise ArenaError(400, 'the body must be {"files": [{"name": "...", "content": "<base64>"}, ...]}')
    pairs = []
    for number, item in enumerate(files, start=1):
        if not (isinstance(item, dict) and isinstance(item.get("name"), str) and isinstance(item.get("content"), str)):
            raise ArenaError(400, f"file {number}: needs a name and a base64 content, both strings")
        try:
            pairs.append((item["name"], base64.b64decode(item["content"], validate=True)))
        except binascii.Error:
            raise ArenaError(400, f"file {number} ({item['name']!r}): its content is not base64") from None
    return pairs


def _home(caller: Caller) -> str:
    """Where a caller lands after signing in: the teacher's page, or the student's own."""
    return "/teacher" if caller.teacher else f"/students/{quote(caller.identifier, safe='')}"


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


async def _refused(request: Request, error: ArenaError) -> Response:
    """A refusal: ``{"error": ...}`` under /api (``Retry-After`` with a 429), else a page saying it."""
    headers = {"retry-after": str(error.retry_after)} if error.retry_after else {}
    if _wants_json(request):
        return JSONResponse({"error": error.message}, status_code=error.status, headers=headers)
    if error.status == 401 and request.method == "GET":
        return HTMLResponse(pages.login(error.message), status_code=401)
    return HTMLResponse(pages.error(error.status, error.message, None), status_code=error.status, headers=headers)


async def _http_error(request: Request, error: HTTPException) -> Response:
    """Starlette's own refusals (an unknown path, a method not allowed) in the same shapes as ours."""
    message = {404: "no such page", 405: "method not allowed"}.get(error.status_code, str(error.detail))
    if _wants_json(request):
        return JSONResponse({"error": message}, status_code=error.status_code, headers=error.headers)
    return HTMLResponse(pages.error(error.status_code, message, None), status_code=error.status_code,
                        headers=error.headers)


class _SecurityHeaders:
    """ASGI middleware adding ``SECURITY_HEADERS`` to every response."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message):
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items() if k.encode() not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)
