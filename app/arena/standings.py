"""The leaderboard and a version's figures: its games on the current map set, the mean score with its 95%
interval (``app.tournament.stats``, as the tournament report's), % of the oracle, and its verdict against the same
student's previous version (the sequential A/B's ``judge`` on per-map deltas in map order, with the maps gained
and lost). Like ``bench``'s table, the mean is over the scored games; failures are counted beside it."""

from __future__ import annotations

import csv
import io
import json
import math
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.arena.files import write_files
from app.arena.queue import DONE
from app.arena.schema import ArenaMap, Game, MapSet, Setting, Student, Version, VersionFile
from app.core import BattleshipError
from app.report.gradebook import Figures as GradeFigures
from app.report.gradebook import Scheme
from app.similarity.compare import compare_class
from app.similarity.units import SimilarityError
from app.tournament.ab.sequential import Verdict, judge
from app.tournament.bench.rows import RowStatus
from app.tournament.stats import bootstrap_ci

SIMILARITY = "similarity"  # the setting caching the pairs of the latest versions
VERDICTS = {Verdict.BETTER: "better", Verdict.WORSE: "worse", Verdict.SAME: "same", Verdict.UNDECIDED: "undecided"}


@dataclass(slots=True)
class Played:
    """A version's games on one map set: the scored ones by map position, counts of every state."""

    scores: dict[int, float] = field(default_factory=dict)  # map position -> score (scored games only)
    percents: list[float] = field(default_factory=list)
    states: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    failures: int = 0

    @property
    def games(self) -> int:
        """Games of the version on the set, whatever their state."""
        return sum(self.states.values())

    @property
    def played(self) -> int:
        """Games finished (scored or failed)."""
        return self.states[DONE]


@dataclass(frozen=True, slots=True)
class Figures:
    """A version's figures on the map set."""

    mean: float | None
    low: float | None
    high: float | None
    oracle_pct: float | None


def played(session: Session, map_set: MapSet, version_ids: list[int] | None = None) -> dict[int, Played]:
    """Each version's games on ``map_set`` (only ``version_ids`` when given)."""
    query = (select(Game.version_id, Game.state, Game.status, Game.score, Game.percent, Game.failure,
                    ArenaMap.position).join(ArenaMap, Game.map_id == ArenaMap.id)
             .where(ArenaMap.map_set_id == map_set.id))
    if version_ids is not None:
        query = query.where(Game.version_id.in_(version_ids))
    found: dict[int, Played] = defaultdict(Played)
    for version_id, state, status, score, percent, failure, position in session.execute(query):
        games = found[version_id]
        games.states[state] += 1
        if state != DONE:
            continue
        if status == RowStatus.OK and score is not None:
            games.scores[position] = float(score)
            if percent is not None:
                games.percents.append(percent)
        if failure:
            games.failures += 1
    return found


def figures(games: Played) -> Figures:
    """Mean score (scored games), its 95% bootstrap interval and the mean % of the oracle."""
    if not games.scores:
        return Figures(None, None, None, None)
    values = np.array([games.scores[p] for p in sorted(games.scores)])
    low, high = bootstrap_ci(values)
    return Figures(float(values.mean()), low, high, float(np.mean(games.percents)) if games.percents else None)


def verdict(new: Played, old: Played, names: dict[int, str]) -> dict:
    """The new version against the old on the maps both scored, in map order: ``judge``'s verdict, interval and
    mean delta, and the maps (names) where the new one scored higher (``gained``) and lower (``lost``)."""
    common = sorted(set(new.scores) & set(old.scores))
    deltas = [new.scores[p] - old.scores[p] for p in common]
    judged = judge(deltas)
    return {"verdict": VERDICTS[judged.verdict] if common else "none", "maps": len(common),
            "mean": judged.mean if common else None, "low": _finite(judged.low), "high": _finite(judged.high),
            "gained": [names.get(p, str(p)) for p, d in zip(common, deltas) if d > 0],
            "lost": [names.get(p, str(p)) for p, d in zip(common, deltas) if d < 0]}


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def phase(version: Version) -> str:
    """Where a version is: failed (did not load), stopped (early stop), done, playing, loading or queued."""
    if version.load_error is not None:
        return "failed"
    if version.stopped is not None:
        return "stopped"
    if version.done is not None:
        return "done"
    if version.playing is not None:
        return "playing"
    if version.loading is not None:
        return "loading"
    return "queued"


def map_names(session: Session, map_set: MapSet) -> dict[int, str]:
    """The set's map names by position."""
    query = select(ArenaMap.position, ArenaMap.name).where(ArenaMap.map_set_id == map_set.id)
    return dict(session.execute(query).all())


def map_count(session: Session, map_set: MapSet) -> int:
    """How many maps the set has."""
    return len(map_names(session, map_set))


def label(student: Student, teacher: bool) -> str:
    """How the leaderboard names a student: the roster's name to the teacher, else the display name chosen,
    else an anonymous label."""
    if teacher:
        return student.name
    return student.display_name or f"Student {student.number}"


def previous_played(versions: list[Version], version: Version, games: dict[int, Played]) -> Version | None:
    """The same student's latest earlier version with scored games on the set (``versions``: theirs, oldest first)."""
    earlier = [v for v in versions if v.number < version.number and games.get(v.id) and games[v.id].scores]
    return earlier[-1] if earlier else None


def scored_counts(session: Session, map_set: MapSet) -> dict[int, int]:
    """Scored games per version on the set (one aggregate query: which versions the leaderboard shows)."""
    return dict(session.execute(
        select(Game.version_id, func.count(Game.id)).join(ArenaMap, Game.map_id == ArenaMap.id)
        .where(ArenaMap.map_set_id == map_set.id, Game.state == DONE, Game.status == RowStatus.OK,
               Game.score.is_not(None)).group_by(Game.version_id)).all())


def leaderboard(session: Session, map_set: MapSet) -> list[dict]:
    """One row per student with a version: their latest version with a scored game (else their latest), ranked
    by mean score (equal means share a rank; students with nothing scored yet last, unranked). Each row has the
    student's ``identifier``, roster ``name`` and public ``label``: ``for_viewer`` makes a caller's rows of it."""
    students = {s.identifier: s for s in session.scalars(select(Student))}
    versions: dict[str, list[Version]] = defaultdict(list)
    for version in session.scalars(select(Version).order_by(Version.student, Version.number)):
        versions[version.student].append(version)
    counts = scored_counts(session, map_set)
    chosen: dict[str, tuple[Version, Version | None]] = {}
    for identifier, theirs in versions.items():
        scored = [v for v in theirs if counts.get(v.id)]
        chosen[identifier] = (scored[-1] if scored else theirs[-1], scored[-2] if len(scored) > 1 else None)
    games = played(session, map_set, [v.id for pair in chosen.values() for v in pair if v is not None])
    names = map_names(session, map_set)
    rows = []
    for identifier, (version, previous) in chosen.items():
        mine = games.get(version.id) or Played()
        figure = figures(mine)
        judged = verdict(mine, games[previous.id], names) if previous else None
        student = students[identifier]
        rows.append({"rank": None, "identifier": identifier, "name": student.name, "label": label(student, False),
                     "version": version.number, "version_id": version.id, "phase": phase(version),
                     "games": mine.played, "maps": len(names), "mean": figure.mean, "low": figure.low,
                     "high": figure.high, "oracle_pct": figure.oracle_pct, "failures": mine.failures,
                     "submitted_at": iso(version.submitted), "verdict": judged["verdict"] if judged else "none",
                     "gained": len(judged["gained"]) if judged else None,
                     "lost": len(judged["lost"]) if judged else None})
    rows.sort(key=lambda r: (r["mean"] is None, -(r["mean"] or 0.0), r["label"]))
    for place, row in enumerate(rows, start=1):
        if row["mean"] is not None:
            same = next((r for r in rows[:place - 1] if r["mean"] == row["mean"]), None)
            row["rank"] = same["rank"] if same else place
    return rows


def class_medians(session: Session, map_set: MapSet, rows: list[dict]) -> dict[int, float]:
    """The median score of the leaderboard's versions on each map (by position): a student's page compares its
    own score with it."""
    games = played(session, map_set, [r["version_id"] for r in rows])
    by_map: dict[int, list[float]] = defaultdict(list)
    for version in games.values():
        for position, score in version.scores.items():
            by_map[position].append(score)
    return {position: float(np.median(scores)) for position, scores in by_map.items()}


def for_viewer(rows: list[dict], viewer: str | None, teacher: bool) -> list[dict]:
    """The leaderboard as a caller sees it: ``student`` is the roster's name to the teacher (who also gets the
    ``identifier``), the public label to everyone else; ``you`` marks the caller's own row."""
    seen = []
    for row in rows:
        shown = {key: value for key, value in row.items() if key not in ("identifier", "name", "label")}
        shown["student"] = row["name"] if teacher else row["label"]
        shown["you"] = row["identifier"] == viewer
        if teacher:
            shown["identifier"] = row["identifier"]
        seen.append(shown)
    return seen


def iso(seconds: float | None) -> str | None:
    """A stored time as ISO 8601 UTC text."""
    if seconds is None:
        return None
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")



# -- similarity flags between students' latest versions ---------------------------------------------------------

def similarity(session: Session, latest: dict[str, Version]) -> list[dict]:
    """Every pair of students' latest versions (that loaded) compared by ``app.similarity`` (code only: the
    shipped files not counted), strongest first: identifiers, code score and whether it is flagged. Cached in the
    settings by the versions' digests: a new submission recomputes it, a page view does not."""
    chosen = {who: v for who, v in latest.items() if v.load_error is None}
    key = ",".join(f"{who}={v.digest}" for who, v in sorted(chosen.items()))
    cached = session.get(Setting, SIMILARITY)
    if cached is not None and json.loads(cached.value)["key"] == key:
        return json.loads(cached.value)["pairs"]
    pairs = _compare(session, chosen) if len(chosen) >= 2 else []
    session.merge(Setting(key=SIMILARITY, value=json.dumps({"key": key, "pairs": pairs})))
    return pairs


def _compare(session: Session, chosen: dict[str, Version]) -> list[dict]:
    with tempfile.TemporaryDirectory(prefix="arena-similar-") as folder:
        names = {f"student-{i}": who for i, who in enumerate(sorted(chosen))}  # ids may not be file names
        for name, who in names.items():
            files = [(f.name, f.data) for f in session.scalars(
                select(VersionFile).where(VersionFile.version_id == chosen[who].id).order_by(VersionFile.position))]
            write_files(Path(folder) / name, files)
        try:
            _, pairs = compare_class(folder, skipped=[])
        except SimilarityError:
            return []
    return [{"left": names.get(p.left, p.left), "right": names.get(p.right, p.right), "code": round(p.code, 3),
             "flagged": p.flagged} for p in pairs]


# -- the gradebook ----------------------------------------------------------------------------------------------

LAYOUTS = ("canvas", "moodle")
ID_COLUMNS = {"id": ("SIS User ID", "ID number"), "email": ("SIS Login ID", "Email address"),
              "username": ("SIS Login ID", "Username")}  # the teacher's mapping -> (Canvas's column, Moodle's)
ASSIGNMENT = "Battleship arena"


def gradebook(session: Session, map_set: MapSet, scheme: Scheme, layout: str, id_column: str) -> str:
    """The gradebook CSV in an LMS's import layout (``canvas`` or ``moodle``): one row per roster student, the
    grade the teacher's scheme gives their leaderboard version on the current map set (the freeze's after the
    freeze), identified by the roster column the teacher chose (``id``, ``email`` or ``username`` = the id)."""
    if layout not in LAYOUTS:
        raise BattleshipError(f"gradebook layout {layout!r}: expected one of {', '.join(LAYOUTS)}")
    if id_column not in ID_COLUMNS:
        raise BattleshipError(f"gradebook identifier {id_column!r}: expected one of {', '.join(ID_COLUMNS)}")
    if scheme.references:
        raise BattleshipError(f"the {scheme.name} scheme compares with shipped agents ({', '.join(scheme.references)})"
                              " the arena does not play: use the oracle or class scheme, or a scheme file of numbers")
    rows = {r["identifier"]: r for r in leaderboard(session, map_set)}
    ranked = [r["mean"] for r in rows.values() if r["mean"] is not None]
    figures_of = {who: None if r["mean"] is None else GradeFigures(
        r["mean"], r["mean"] if r["low"] is None else r["low"], r["oracle_pct"],
        1 + sum(m > r["mean"] for m in ranked)) for who, r in rows.items()}
    students = list(session.scalars(select(Student).order_by(Student.number)))
    grades, _ = scheme.grade_class({s.identifier: figures_of.get(s.identifier) for s in students}, {})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    canvas, moodle = ID_COLUMNS[id_column]
    if layout == "canvas":
        writer.writerow(("Student", "ID", "SIS User ID", "SIS Login ID", "Section", ASSIGNMENT))
    else:
        writer.writerow((moodle, "Full name", ASSIGNMENT, "Feedback"))
    for student in students:
        key = student.email if id_column == "email" else student.identifier
        if layout == "canvas":
            writer.writerow((student.name, "", key if canvas == "SIS User ID" else "",
                             key if canvas == "SIS Login ID" else "", "", grades[student.identifier]))
        else:
            writer.writerow((key, student.name, grades[student.identifier], _feedback(rows.get(student.identifier),
                                                                                    len(ranked))))
    return out.getvalue()


def _feedback(row: dict | None, of: int) -> str:
    if row is None:
        return "no submission"
    if row["mean"] is None:
        return f"version {row['version']} not played ({row['phase']})"
    percent = f" ({row['oracle_pct']:.0f}% of the oracle)" if row["oracle_pct"] is not None else ""
    return f"version {row['version']}: rank {row['rank']} of {of}, mean score {row['mean']:.1f}{percent}"
