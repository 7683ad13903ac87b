"""The arena's HTML pages, rendered on the server from the facade's data: readable with no JavaScript.

Every value a student or an agent chose (a display name, a file name, a CLIPS message, an agent's printout) is
escaped: the jinja2 environment autoescapes, and a game's log embedded for the in-page replay goes through
``app.report.student.script_json``. A student's page is the ``grade`` student page's sections
(``app/report/templates/student_sections.html.j2``, with its in-page replay) under the arena's own.
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
    """A student's own page (``Arena.student``): their name on the leaderboard, their versions with the phases'
    times and verdicts, then the ``grade`` student page's sections, live (standing, load errors, the coach's
    advice, the in-page replay, the per-map results). It reloads itself while games are still to come."""
    waiting = any(v["phase"] in ("queued", "loading", "playing") for v in data["versions"])
    replay = student_page.replay_values(data["page"]) if data["page"] else {}
    return _render("student.html.j2", caller, student=data, page=data["page"], refresh=REFRESH if waiting else None,
                   **replay)


def teacher(data: dict, caller: Caller) -> str:
    """The teacher's page (``Arena.teacher``): every student, similarity flags, load errors and refusals."""
    return _render("teacher.html.j2", caller, page=data, refresh=None)
