"""``arena submit`` and ``arena standings``: a student's side of the class arena from the command line.

``app/cli/arena.py`` (the arena's server side: ``serve``, ``freeze``...) registers these two under ``arena`` with
``add_submit_parser`` and ``add_standings_parser``; the requests themselves are app/arena/client.py's. The token
comes from ``--token`` or the ``BATTLESHIP_LAB_ARENA_TOKEN`` variable (so it need not sit in the shell's history);
nothing is remembered between runs. Exit codes as everywhere: 0 done, 1 the version does not load (or was
stopped), 2 bad input or a refused request (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from app.arena import client
from app.arena.client import ArenaError

TOKEN_ENV = "BATTLESHIP_LAB_ARENA_TOKEN"
WAIT = 600.0  # seconds ``submit`` waits for the load verdict by default (a busy arena queues for a while)
STANDINGS_HEADS = ("#", "student", "version", "games", "mean", "95% interval", "% oracle", "vs previous",
                   "maps +/-", "submitted")


def _add_server_options(parser: argparse.ArgumentParser, token_help: str) -> None:
    parser.add_argument("--server", required=True, metavar="URL",
                        help="the arena's address, as your teacher gave it (http://HOST:PORT or https://...)")
    parser.add_argument("--token", metavar="T", help=f"{token_help} (default: the {TOKEN_ENV} variable)")


def add_submit_parser(sub) -> argparse.ArgumentParser:
    """``arena submit AGENT... --server URL --token T [--no-wait] [--wait S]`` added to ``sub``; its parser."""
    parser = sub.add_parser(
        "submit", help="submit your agent to the class arena",
        description="Submit your agent as your next version: its games are queued on every hidden map. Prints the "
                    "version and the games queued, then whether it loads once the arena has tried (--no-wait: "
                    "not). Your page shows the games, scores and the verdict against your previous version.")
    parser.add_argument("agent", nargs="+", metavar="AGENT",
                        help="a .clp or .py file, several .clp files (loaded in that order), or a folder with "
                             "load-order.txt (only the files it lists are sent)")
    _add_server_options(parser, "your token")
    parser.add_argument("--no-wait", action="store_true", help="do not wait for the load verdict")
    parser.add_argument("--wait", type=float, default=WAIT, metavar="SECONDS",
                        help=f"wait at most this long for the load verdict (default {WAIT:g})")
    parser.set_defaults(func=submit_command)
    return parser


def add_standings_parser(sub) -> argparse.ArgumentParser:
    """``arena standings --server URL [--token T] [--json]`` added to ``sub``; its parser."""
    parser = sub.add_parser(
        "standings", help="the class arena's leaderboard",
        description="The leaderboard: rank, student, version, games played, mean score with its 95% interval, "
                    "% of the oracle, the verdict against the student's previous version. With your token your "
                    "own row is marked.")
    _add_server_options(parser, "your token, to have your row marked")
    parser.add_argument("--json", action="store_true", help="print the server's answer as JSON")
    parser.set_defaults(func=standings_command)
    return parser


def _token(args: argparse.Namespace, required: bool) -> str | None:
    """``--token``, else the environment's; ``ArenaError`` when a required one is given neither way."""
    token = args.token or os.environ.get(TOKEN_ENV) or None
    if token is None and required:
        raise ArenaError(f"no token: give --token T or set {TOKEN_ENV} (your teacher gave you the token)")
    return token


def submit_command(args: argparse.Namespace) -> int:
    """Handle ``arena submit``."""
    token = _token(args, required=True)
    answer = client.submit(args.server, token, args.agent)
    print(f"submitted {' '.join(args.agent)} as version {answer.get('version')} (id {answer.get('id')}): "
          f"{answer.get('games')} games queued")
    if answer.get("page"):
        print(f"your page: {client.page_url(args.server, answer['page'])}")
    if args.no_wait:
        return 0
    shown: list[str] = []

    def seen(version: dict) -> None:
        phase = str(version.get("phase"))
        if not shown or shown[-1] != phase:
            shown.append(phase)
            print(f"  {phase}", file=sys.stderr, flush=True)

    final = client.wait_loaded(args.server, token, int(answer["id"]), args.wait, seen=seen)
    line, code = load_verdict(final)
    print(line)
    return code


def load_verdict(version: dict) -> tuple[str, int]:
    """What the arena made of a version's load check, as one line, and the exit code it gives."""
    if version.get("load_error"):
        return f"does not load: {_one_line(version['load_error'])}", 1
    phase = version.get("phase")
    if phase == "stopped":
        return f"stopped: {_one_line(version.get('stopped') or 'no reason given')}", 1
    if phase == "failed":
        return "failed: see your page for the games' failures", 1
    if phase in ("playing", "done"):
        played = f"{version.get('played', 0)} of {version.get('games')} games played"
        mean = version.get("mean")
        interval = "" if version.get("low") is None or version.get("high") is None else \
            f" [{version['low']:.1f}, {version['high']:.1f}]"
        scores = "" if mean is None else f"; mean {mean:.1f}{interval}"
        return f"loads: {played}{scores}", 0
    return f"still {phase}: the arena has not tried it yet (see your page later)", 0


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def standings_command(args: argparse.Namespace) -> int:
    """Handle ``arena standings``."""
    answer = client.standings(args.server, _token(args, required=False))
    if args.json:
        print(json.dumps(answer, indent=2, ensure_ascii=False))
        return 0
    print(standings_table(answer))
    return 0


def standings_table(answer: dict) -> str:
    """The leaderboard as aligned text (the rows as the server ranks them; yours marked ``(you)``)."""
    rows = [list(STANDINGS_HEADS)] + [standings_cells(row, answer.get("maps")) for row in answer.get("rows", [])]
    widths = [max(len(row[i]) for row in rows) for i in range(len(STANDINGS_HEADS))]
    lines = ["  ".join(cell.ljust(width) if i in (1, 7, 9) else cell.rjust(width)
                       for i, (cell, width) in enumerate(zip(row, widths))).rstrip() for row in rows]
    title = f"{answer.get('maps')} maps (map set {answer.get('map_set')}), {len(rows) - 1} students"
    return "\n".join([title, *lines]) if len(rows) > 1 else f"{title}: nobody has submitted yet"


def standings_cells(row: dict, maps: int | None) -> list[str]:
    """One leaderboard row as the cells of ``STANDINGS_HEADS``."""
    interval = "-" if row.get("low") is None or row.get("high") is None else f"{row['low']:.1f}–{row['high']:.1f}"
    rank = "-" if row.get("rank") is None else str(row["rank"])
    return [
        rank, str(row.get("student", "")) + (" (you)" if row.get("you") else ""), str(row.get("version", "")),
        f"{row.get('games', 0)}/{row.get('maps', maps)}", _number(row.get("mean")), interval,
        _number(row.get("oracle_pct"), "%"), "-" if row.get("verdict") in (None, "none") else str(row["verdict"]),
        client.gained_lost(row), str(row.get("submitted_at") or "-").replace("T", " "),
    ]


def _number(value: float | None, suffix: str = "") -> str:
    return "-" if value is None else f"{value:.1f}{suffix}"
