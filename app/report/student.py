"""Feedback to each student: one self-contained HTML page per submission (``grade`` writes them).

A page opens from a USB stick with no network and no server: its style, script and figures are inline
(``templates/student.html.j2`` and ``templates/replay.js``). It shows the student's standing and the class's
score distribution (other students not named unless the teacher asks), their results per map, their load
errors and ``check-agent`` findings, the coach's summary of their most frequent costly decisions, and a replay
of any of their games: the game logs the tournament kept are embedded as JSON and the page's script animates
the board step by step beside the decision list.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from app.core import BattleshipError, gamelog
from app.core.fileio import atomic_write_text
from app.core.grid import SIZE, Cell
from app.report import ProfileReport
from app.report.agents import AgentNotes
from app.report.coaching import CostlyDecision
from app.report.paths import PathScrubber

TEMPLATES = Path(__file__).parent / "templates"
NOTE_CHARS = 160  # an agent's note (its printout) is cut to this in the embedded log
NOTES_PER_STEP = 3
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
#: what an engine's stop reason says about why an agent's game ended early (``ending``)
_LOOPED = re.compile(r"fired (\d+) rules without ending its turn")
_OVER_TIME = re.compile(r"ran over the time limit of ([\d.]+) s \((\d+) rule firings\)|took more than ([\d.]+) s")
#: characters that must not appear raw in JSON inside a <script> element (``<!--<script>``, ``</script>``)
_SCRIPT_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


@dataclass(frozen=True, slots=True)
class Identity:
    """Who a page is for: the gradebook identifier, the name shown, and the submission (agent) it is about."""

    id: str
    name: str
    agent: str


@dataclass(slots=True)
class StudentPage:
    """Everything one page shows (built by ``page_data``)."""

    who: Identity
    rank: int | None
    of: int
    mean: float | None
    percent: float | None
    standings: list[dict]  # the class, anonymised unless named: rank, label, mean, percent, own
    histogram: str  # inline SVG
    maps: list[dict]  # per map: name, score, oracle, percent, class median, why it ended, its detail, game index (replay)
    notes: AgentNotes
    coach: list[CostlyDecision] = field(default_factory=list)
    games: list[dict] = field(default_factory=list)  # embedded logs, by game index
    rules: str = ""
    grade: str = ""  # the grade given, when the teacher's scheme was applied
    scheme: str = ""  # the scheme in words, with this class's thresholds


def file_name(identifier: str) -> str:
    """The page's file name for a student id (characters a USB stick's file system takes)."""
    return (_SAFE_NAME.sub("_", identifier).strip("._") or "student") + ".html"


def check_distinct_files(identifiers: Sequence[str]) -> None:
    """A ``BattleshipError`` when two students' pages would be one file: ids that differ only by case (Windows
    and macOS do not tell ``Rossi.html`` from ``rossi.html``) or by characters a file name cannot hold."""
    seen: dict[str, str] = {}
    for identifier in identifiers:
        other = seen.setdefault(file_name(identifier).casefold(), identifier)
        if other != identifier:
            raise BattleshipError(f"students {other!r} and {identifier!r} would have one page file "
                                  f"({file_name(identifier)}), as Windows and macOS name files: give them "
                                  "distinct ids (the roster's id column)")


def embedded_log(log: str) -> dict:
    """A game log (JSON Lines text) as the page's script reads it: the header's map as a grid of pieces (the
    truth, shown when the game ends) and cells known at start, the steps, the agent's notes (cut) and the
    result. BattleshipError for a log the engine cannot replay."""
    replay = gamelog.replay_text(log)
    game_map = replay.game.map
    truth = [[game_map.piece_at(Cell(x, y)).value for y in range(SIZE)] for x in range(SIZE)]
    records = [json.loads(line) for line in log.splitlines() if line.strip()]
    steps, notes, result = [], {}, {}
    for record in records:
        if record["type"] == "step":
            steps.append({k: record[k] for k in ("step", "action", "x", "y", "outcome", "revealed", "by_engine",
                                                  "reason")})
        elif record["type"] == "note":
            said = notes.setdefault(record["step"], [])
            if len(said) < NOTES_PER_STEP:
                said.append(record["text"][:NOTE_CHARS])
        elif record["type"] == "result":
            result = {k: record.get(k) for k in ("score", "oracle", "statistics", "stop_reason", "load_errors")}
    return {"map": game_map.name, "rules": records[0].get("rules"), "truth": truth,
            "known": [[c.x, c.y, p.value] for c, p in game_map.known.items()],
            "rows": list(game_map.row_counts), "cols": list(game_map.col_counts),
            "steps": steps, "notes": {str(k): v for k, v in notes.items()}, "result": result}


def histogram_svg(means: Sequence[float], own: float | None, width: int = 520, height: int = 150) -> str:
    """The class's mean scores as an inline SVG histogram, the student's bin and value marked."""
    values = np.asarray(means, dtype=float)
    if not len(values):
        return ""
    low, high = float(values.min()), float(values.max())
    if high == low:
        low, high = low - 1, high + 1
    margin = 0.08 * (high - low)  # room for the labels at the ends
    low, high = low - margin, high + margin
    bins = min(12, max(4, len(values) // 2))
    counts, edges = np.histogram(values, bins=bins, range=(low, high))
    top = max(1, int(counts.max()))
    pad, bar_width = 30, (width - 40) / bins
    parts = [f'<svg width="{width}" height="{height}" role="img" '
             f'aria-label="the class\'s mean scores">']
    for i, count in enumerate(counts):
        mine = own is not None and edges[i] <= own <= edges[i + 1] and (i == bins - 1 or own < edges[i + 1])
        h = (height - pad - 10) * count / top
        parts.append(f'<rect x="{20 + i * bar_width:.1f}" y="{height - pad - h:.1f}" width="{bar_width - 2:.1f}" '
                     f'height="{h:.1f}" fill="{"#e4572e" if mine else "#9db4d0"}"><title>{count} from '
                     f'{edges[i]:.0f} to {edges[i + 1]:.0f}</title></rect>')
    for value in (float(values.min()), float(values.max())):
        x = 20 + (value - low) / (high - low) * (width - 40)
        parts.append(f'<text x="{x:.1f}" y="{height - 12}" font-size="11" text-anchor="middle">{value:.0f}</text>')
    if own is not None:
        x = 20 + (own - low) / (high - low) * (width - 40)
        parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="4" y2="{height - pad}" stroke="#b71c1c" '
                     f'stroke-width="2"/><text x="{x:.1f}" y="{height - 1}" font-size="11" text-anchor="middle" '
                     f'fill="#b71c1c">you: {own:.1f}</text>')
    parts.append("</svg>")
    return "".join(parts)


def class_rank(mean: float, class_means: Sequence[float]) -> int:
    """A submission's rank among the class's (1 is the best; equal means share a rank; baselines not counted)."""
    return 1 + sum(other > mean for other in class_means)


def ending(record: Mapping) -> str:
    """Why a game ended, in the words of the per-map table: "" for a game the agent played to its end, else
    timed out, could not be played, looped (N firings in one step), crashed or stalled; load errors and
    rejected actions of a game that ended normally are said too."""
    if record.get("status") == "timeout":
        return "timed out: the whole game ran over the per-game time limit"
    if record.get("status") == "error":
        return "could not be played"
    failure, reason = record.get("failure") or "", record.get("stop_reason") or ""
    if failure == "agent":
        looped, over = _LOOPED.search(reason), _OVER_TIME.search(reason)
        if looped:
            return f"looped: {looped.group(1)} rule firings in one step"
        if over and over.group(2):
            return f"timed out: one step ran over {over.group(1)} s ({over.group(2)} rule firings)"
        if over:
            return f"timed out: one step ran over {over.group(3)} s"
        if "stalled" in reason:
            return "stalled: no action the game could carry out"
        return "crashed"
    return {"load-errors": "played with load errors", "illegal": "some actions rejected"}.get(failure, "")


def script_json(value) -> str:
    """``value`` as JSON that is safe inside a ``<script>`` element whatever its strings hold: ``<``, ``>``
    and ``&`` written as ``\\u`` escapes, so an agent's printout of ``<!--<script>`` or ``</script>`` can
    neither end the element nor make the browser read the rest of the page as script."""
    text = json.dumps(value, separators=(",", ":"))
    for raw, escaped in _SCRIPT_UNSAFE.items():
        text = text.replace(raw, escaped)
    return text


def page_data(who: Identity, report: ProfileReport, students: Mapping[str, str], names: bool = False,
              coach: Sequence[CostlyDecision] = (), not_played: str = "",
              scrubber: PathScrubber | None = None, replay: Callable[[Mapping], dict] | None = None) -> StudentPage:
    """The page of ``who`` from the class's report. ``students``: agent -> the name to show for each
    submission (the others are shown as "a classmate" unless ``names``; agents not in it are the shipped
    agents played beside the class, baselines and the grading scheme's references, always named).
    ``scrubber``: what cuts the grading machine's folders off the paths the page quotes. ``replay``: what the
    page holds of a game's record for its replay; by default the game's log itself (``embedded_log``), for a page
    read from a disk; a live page gives the address its replay fetches the game from when it is shown."""
    scrub = scrubber.data if scrubber is not None else (lambda value: value)
    table = report.table
    notes = report.notes.get(who.agent) or AgentNotes(who.agent, not_played=not_played)
    notes = AgentNotes(notes.agent, scrub(list(notes.load_errors)), notes.games_with_load_errors,
                       scrub(list(notes.findings)), scrub(list(notes.refusals)), scrub(notes.not_played))
    own = next((s for s in report.standings if s.agent == who.agent), None)
    standings = []
    for s in report.standings:
        label = students.get(s.agent, f"{s.agent} (shipped agent)") if s.agent not in students or names \
            or s.agent == who.agent else "a classmate"
        standings.append({"rank": s.rank, "label": label, "mean": s.mean, "percent": s.percent_of_oracle,
                          "own": s.agent == who.agent})
    class_means = [s.mean for s in report.standings if s.agent in students]
    rank = class_rank(own.mean, class_means) if own is not None else None
    maps, games = [], []
    if own is not None:
        a = table.agents.index(who.agent)
        for i, map_key in enumerate(table.maps):
            record = table.records[map_key, who.agent]
            index = None
            if record.get("log"):
                try:
                    games.append(scrub(replay(record) if replay else embedded_log(record["log"])))
                    index = len(games) - 1
                except BattleshipError:
                    index = None
            others = [table.scores[i, j] for j, agent in enumerate(table.agents) if agent in students]
            oracle = float(table.oracle[i])
            maps.append({"name": record.get("map", ""), "score": record.get("score"), "counted": table.scores[i, a],
                         "oracle": oracle, "percent": 100.0 * table.scores[i, a] / oracle if oracle > 0 else None,
                         "median": float(np.median(others)) if others else None,
                         "ending": ending(record), "game": index,
                         "detail": scrub(record.get("error") or (record.get("stop_reason") or ""
                                                                 if record.get("failure") == "agent" else ""))})
    return StudentPage(who, rank, len(class_means), own.mean if own else None,
                       own.percent_of_oracle if own else None, standings,
                       histogram_svg(class_means, own.mean if own else None), maps, notes, list(coach), games,
                       report.rules)


def render(page: StudentPage, environment=None) -> str:
    """The page's HTML (``environment``: a jinja2 Environment to reuse across pages)."""
    environment = environment or make_environment()
    return environment.get_template("student.html.j2").render(page=page, **replay_values(page))


def replay_values(page: StudentPage) -> dict[str, str]:
    """What the in-page replay (``replay.html.j2``) needs of a page: its script and its games' logs as JSON."""
    return {"script": (TEMPLATES / "replay.js").read_text(encoding="utf-8"), "games": script_json(page.games)}


def make_environment():
    """The jinja2 environment of the pages (autoescaped)."""
    import jinja2  # an optional dependency (requirements-tournament.txt): write_report says so in one line

    return jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True, trim_blocks=True,
                              lstrip_blocks=True)


def write_pages(pages: Sequence[StudentPage], out_dir: str | Path) -> list[Path]:
    """Write each page as ``out_dir/<id>.html``; their paths."""
    out = Path(out_dir)
    check_distinct_files([page.who.id for page in pages])
    environment = make_environment()
    written = []
    try:
        out.mkdir(parents=True, exist_ok=True)
        for page in pages:
            path = out / file_name(page.who.id)
            atomic_write_text(path, render(page, environment))
            written.append(path)
    except OSError as exc:
        raise BattleshipError(f"{out}: cannot write the students' pages ({exc.strerror or exc})") from None
    return written
