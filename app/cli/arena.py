"""``arena``: the class arena. The teacher's side (``serve``, ``freeze``, ``requeue``, ``gradebook``) works on
the arena's database; the students' (``submit``, ``standings``) talks to a running server over HTTP.

The server side needs the optional dependencies of requirements-arena.txt (Starlette, uvicorn, SQLAlchemy,
Alembic); they are imported when one of its subcommands runs, so ``submit`` and ``standings`` work from a
desktop install without them.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path

from app.cli import SUMMARIES, Subcommand
from app.cli.arena_client import add_standings_parser, add_submit_parser
from app.core import BattleshipError
from app.core.fileio import atomic_write_text
from app.core.rules import DEFAULT_PROFILE, PROFILES

SERVER_SIDE = ("starlette", "uvicorn", "sqlalchemy", "alembic", "jinja2")  # requirements-arena.txt


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The subcommands of ``arena`` and their options."""
    sub = parser.add_subparsers(dest="arena_command", metavar="SUBCOMMAND", required=True,
                                parser_class=type(parser))
    _add_serve(sub)
    _add_freeze(sub)
    _add_requeue(sub)
    _add_gradebook(sub)
    add_submit_parser(sub)
    add_standings_parser(sub)


def _add_db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="URL", help="the arena's database: sqlite:///FILE or "
                        "postgresql+psycopg://USER@HOST/NAME (default: arena.sqlite3 in the current folder)")


def _add_serve(sub) -> None:
    parser = sub.add_parser("serve", help="start the arena: web pages, the API and the games' player",
                            description="Start the class arena: a web server (leaderboard, each student's page, "
                            "the teacher's page, the API that submit and the desktop app call) and the player "
                            "that plays every submitted version on the hidden maps in confined worker processes "
                            "(or on a Dask cluster). The first start makes the database, stores the maps and the "
                            "roster and writes one token per student (and 'teacher') to a CSV; later starts "
                            "reopen it, add new roster lines and resume the queued games. See docs/arena.md.")
    parser.add_argument("--maps", required=True, metavar="DIR", help="the term's hidden maps (stored at the first "
                        "start; later starts keep the stored ones)")
    parser.add_argument("--roster", required=True, metavar="CSV", help="students: id,name[,email]; new lines get "
                        "a token at the next start")
    _add_db_option(parser)
    parser.add_argument("--tokens", type=Path, metavar="FILE", help="where new tokens are written, identifier,token "
                        "(default: tokens.csv beside the database; never overwritten)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this "
                        "machine only; put a reverse proxy with TLS in front for a class)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: a free one)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="games played at once (default 1)")
    parser.add_argument("--cluster", metavar="ADDR", help="play the games on this Dask scheduler instead")
    parser.add_argument("--max-bytes", type=int, metavar="N", help="largest submission in bytes (default 1048576, "
                        "1 MiB)")
    parser.add_argument("--per-day", type=int, metavar="N",
                        help="submissions a student may make in 24 hours (default 20)")
    parser.add_argument("--timeout", type=float, metavar="SEC", help="a game's time limit (default 60)")
    parser.add_argument("--scheme", metavar="NAME|FILE", help="the gradebook's grading scheme: oracle (the default: "
                        "the percentage of the oracle's score), class, or a TOML file of numbers, as grade's --scheme")
    parser.add_argument("--rules", choices=sorted(PROFILES), help=f"rules profile the games are scored with "
                        f"(default {DEFAULT_PROFILE}; fixed at the first start)")
    parser.add_argument("--seed", type=int, help="the games' seed (default 0; fixed at the first start)")
    parser.add_argument("--forwarded-allow-ips", default="127.0.0.1", metavar="IPS",
                        help="the reverse proxy's address, whose X-Forwarded-* headers are believed "
                        "(default 127.0.0.1)")
    parser.set_defaults(func=serve_command)


def _add_freeze(sub) -> None:
    parser = sub.add_parser("freeze", help="at the deadline: play every student's final version on fresh maps",
                            description="The deadline: every student's latest version is played on a fresh set "
                            "of hidden maps; the leaderboard then ranks those games, and they are what the "
                            "gradebook grades. Run it beside a running server (it plays them) or before one.")
    parser.add_argument("--maps", required=True, metavar="DIR", help="the fresh hidden maps")
    _add_db_option(parser)
    parser.set_defaults(func=freeze_command)


def _add_requeue(sub) -> None:
    parser = sub.add_parser("requeue", help="play a version's games again (e.g. after a worker failed)",
                            description="Queue every game of a version again, as the teacher's page's button "
                            "does; a running server plays them.")
    parser.add_argument("version", type=int, metavar="VERSION_ID", help="the version's id (the teacher's page)")
    _add_db_option(parser)
    parser.set_defaults(func=requeue_command)


def _add_gradebook(sub) -> None:
    parser = sub.add_parser("gradebook", help="export the grades for Canvas or Moodle",
                            description="The gradebook CSV in the import layout of Canvas or Moodle: each "
                            "student's graded version (the freeze's games once there was one), with the "
                            "roster's identifier in the column the LMS matches students by.")
    parser.add_argument("--layout", choices=("canvas", "moodle"), default="canvas", help="(default canvas)")
    parser.add_argument("--id-column", choices=("id", "email", "username"), default="id",
                        help="the roster column that identifies students in the LMS (default id: Canvas's SIS User "
                        "ID, Moodle's ID number; email: SIS Login ID / Email address; username: the id as SIS Login "
                        "ID / Username)")
    parser.add_argument("--out", metavar="FILE", help="write it here (default: standard output)")
    _add_db_option(parser)
    parser.set_defaults(func=gradebook_command)


def _check_server_side() -> None:
    """BattleshipError naming requirements-arena.txt when a dependency of the server side is not installed."""
    missing = [name for name in SERVER_SIDE if importlib.util.find_spec(name) is None]
    if missing:
        raise BattleshipError(f"the arena's server side needs {', '.join(missing)}: "
                              "pip install -r requirements-arena.txt")


def _url(args: argparse.Namespace) -> str:
    """The database ``--db`` names, or the default SQLite file in the current folder."""
    from app.arena.database import default_url  # the server side's dependencies: submit works without them

    return args.db or default_url()


def serve_command(args: argparse.Namespace) -> int:
    """Handle ``arena serve``: open (or make) the arena, write new tokens, serve until Ctrl+C."""
    _check_server_side()
    # the server side's dependencies (requirements-arena.txt), imported here: submit and standings work without them
    from app.arena.service import Arena, Limits
    from app.arena.serving import serve
    from app.arena.web import make_app  # Starlette: a server-side dependency too

    _check_counts(args)
    given = {name: getattr(args, name) for name in ("max_bytes", "per_day", "rules", "seed", "timeout", "scheme")}
    limits = Limits(**{name: value for name, value in given.items() if value is not None})
    arena = Arena.create(_url(args), Path(args.maps), Path(args.roster), args.tokens, limits)
    if arena.tokens_written:
        print(f"arena: new tokens in {arena.tokens_written} (identifier,token: hand each student their line)")

    def announce(address: str) -> None:
        print(f"arena: serving on {address} (Ctrl+C stops)", flush=True)

    try:
        serve(make_app(arena, arena.limits.max_bytes), arena.player(args.jobs, args.cluster), args.host, args.port,
              announce, args.forwarded_allow_ips)
    finally:
        arena.close()
    return 0


def _check_counts(args: argparse.Namespace) -> None:
    """BattleshipError (one line) for a count or a time out of range."""
    if not 0 <= args.port <= 65535:
        raise BattleshipError(f"--port {args.port}: a port is 0 (a free one) to 65535")
    for name in ("jobs", "max_bytes", "per_day", "timeout"):
        value = getattr(args, name)
        if value is not None and value <= 0:
            raise BattleshipError(f"--{name.replace('_', '-')} must be more than 0")


def _teacher_does(args: argparse.Namespace, work: Callable):
    """``work(arena, teacher)`` on the database ``--db`` names, as its teacher; the facade's refusals (an unknown
    version, a second freeze, a scheme the gradebook cannot use) become one-line errors."""
    _check_server_side()
    from app.arena.service import Arena, ArenaError, Caller  # the server side's dependencies: see serve_command

    arena = Arena.open(_url(args))
    try:
        return work(arena, Caller("teacher", True))
    except ArenaError as refusal:
        raise BattleshipError(refusal.message) from None
    finally:
        arena.close()


def freeze_command(args: argparse.Namespace) -> int:
    """Handle ``arena freeze``."""
    queued = _teacher_does(args, lambda arena, _: arena.freeze(Path(args.maps)))
    print(f"freeze: {queued} games queued on the maps of {args.maps}; a running server plays them")
    return 0


def requeue_command(args: argparse.Namespace) -> int:
    """Handle ``arena requeue``."""
    _teacher_does(args, lambda arena, teacher: arena.requeue(teacher, args.version))
    print(f"requeued: version {args.version}'s games; a running server plays them")
    return 0


def gradebook_command(args: argparse.Namespace) -> int:
    """Handle ``arena gradebook``."""
    text = _teacher_does(args, lambda arena, _: arena.gradebook(args.layout, args.id_column))
    if args.out:
        try:
            atomic_write_text(args.out, text)
        except OSError as exc:
            raise BattleshipError(f"{args.out}: cannot write the gradebook ({exc.strerror or exc})") from None
        print(f"gradebook: {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


COMMAND = Subcommand("arena", SUMMARIES["arena"],
                     "The class arena: students submit their agents during the term and see, on a web page and "
                     "in the app, where they stand on hidden maps. The teacher serves it (serve), freezes it at "
                     "the deadline (freeze), requeues a version (requeue) and exports the gradebook (gradebook); "
                     "students submit (submit) and read the standings (standings). See docs/arena.md.",
                     add_arguments, None)
