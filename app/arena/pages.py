"""The arena's HTML pages, rendered on the server from the facade's data: readable with no JavaScript.

Every value a student or an agent chose (a display name, a file name, a CLIPS message, an agent's printout) is
escaped: the jinja2 environment autoescapes, and a game's log embedded for the in-page replay goes through
``app.report.student.script_json``. The replay itself is the ``grade`` student page's (``app/report/templates``:
``replay.html.j2``, ``replay.css``, ``replay.js``), one game a page.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2

from app.arena.service import Caller
from app.report import student as student_page

TEMPLATES = Path(__file__).parent / "templates"
REFRESH = 30  # seconds between a live page's reloads (meta refresh: no script needed)
TITLES = {400: "Bad request", 401: "Not signed in", 403: "Not yours", 404: "Not found", 413: "Too large",
          429: "Too many submissions"}


@cache
def environment() -> jinja2.Environment:
    """The pages' jinja2 environment (autoescaped): the arena's templates, then the student page's."""
    loader = jinja2.ChoiceLoader([jinja2.FileSystemLoader(TEMPLATES), jinja2.FileSystemLoader(student_page.TEMPLATES)])
    return jinja2.Environment(loader=loader, autoescape=True, trim_blocks=True, lstrip_blocks=True)


def _render(template: str, caller: Caller | None, **values) -> str:
    return environment().get_template(template).render(caller=caller, **values)


def leaderboard(board: dict, caller: Caller | None) -> str:
    """The leaderboard (``Arena.standings``), reloading itself while the class plays."""
    return _render("leaderboard.html.j2", caller, board=board, refresh=REFRESH)


def login(error: str = "") -> str:
    """The sign-in form (a token), with the reason the last try failed."""
    return _render("login.html.j2", None, error=error)


def error(status: int, message: str, caller: Caller | None) -> str:
    """A refused request's page: its status, what it means and the one-line reason."""
    return _render("error.html.j2", caller, status=status, title=TITLES.get(status, "Error"), message=message)


def student(data: dict, caller: Caller) -> str:
    """A student's own page (``Arena.student``): versions with their phases and verdicts, games, the coach's
    advice; it reloads itself while a version's games are still to come."""
    waiting = any(v.get("phase") in ("queued", "loading", "playing") for v in data.get("versions", ()))
    return _render("student.html.j2", caller, page=data, refresh=REFRESH if waiting else None,
                   ending=student_page.ending)


def game(log: str, caller: Caller) -> str:
    """One game's page: the in-page replay of its log (the ``grade`` page's replay), its result at the end."""
    embedded = student_page.embedded_log(log)
    return _render("game.html.j2", caller, game=embedded, games=student_page.script_json([embedded]),
                   script=(student_page.TEMPLATES / "replay.js").read_text(encoding="utf-8"))


def teacher(data: dict, caller: Caller) -> str:
    """The teacher's page (``Arena.teacher``): every student, similarity flags, load errors and refusals."""
    return _render("teacher.html.j2", caller, page=data, refresh=None)
