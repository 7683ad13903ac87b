"""The tournament report: ``index.html`` (self-contained: figures inline), CSV tables and ``manifest.json``.

Built from a tournament results file (``bench --out RESULTS.jsonl``) by
``python main.py report`` or ``bench --report DIR``. ``stats`` computes the
figures, ``figures`` draws them, this module writes the files.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from app.core import BattleshipError
from app.core.fileio import atomic_write_text
from app.report import figures
from app.report import standings as stats  # the module's functions; `standings` is also a field below
from app.report.agents import NOTES_SHOWN, AgentNotes, agent_notes, missing_baseline
from app.tournament.bench.rows import ROW_FIELDS
from app.tournament.bench.store import EXTRA_FIELDS, digest_files
from app.tournament.bench.version import app_build, versions

TEMPLATE = "index.html.j2"
FAILURES_SHOWN = 100


@dataclass(slots=True)
class ProfileReport:
    """Everything the page shows for one rules profile."""

    rules: str
    table: stats.ScoreTable
    standings: list[stats.Standing]
    baseline: str | None
    comparisons: list[stats.Comparison]
    friedman: stats.Friedman | None
    difficulty: tuple[list, dict]
    worst: dict[str, list[stats.WorstMap]]
    failures: list[dict]
    figures: dict[str, str]
    notes: dict[str, AgentNotes] = field(default_factory=dict)  # per agent: load errors, findings, refusals


def analyse(records: Sequence[dict], baseline: str | None = None, worst: int = 3, draw: bool = True,
            results: str | Path = "RESULTS.jsonl", log_dir: str | Path = ".",
            findings: dict[str, list[str]] | None = None, not_played: dict[str, str] | None = None,
            ) -> list[ProfileReport]:
    """The figures of every rules profile in the records (and the plots when ``draw``); the worst maps' replay
    commands save their logs into ``log_dir``; ``findings`` and ``not_played`` go into the agents' notes."""
    reports = []
    for table in stats.score_tables(records):
        if baseline is not None and baseline not in table.agents:
            raise BattleshipError(missing_baseline(baseline, table.agents, list(table.records.values()), results))
        if not table.maps:
            raise BattleshipError(f"rules {table.rules}: no map has been played by every agent yet")
        chosen = baseline or None
        lines = stats.standings(table)
        comparisons = stats.versus_baseline(table, chosen) if chosen else []
        friedman = stats.friedman(table)
        difficulty = stats.by_difficulty(table)
        failed = [r for r in table.records.values() if r.get("failure")]
        failed.sort(key=lambda r: (r["agent"], r.get("map", "")))
        report = ProfileReport(table.rules, table, lines, chosen, comparisons, friedman, difficulty,
                               {a: stats.worst_maps(table, a, worst, log_dir) for a in table.agents},
                               failed, {}, agent_notes(list(table.records.values()), findings, not_played))
        if draw:
            names = [table.records[m, table.agents[0]].get("map", m) for m in table.maps]
            report.figures["standings"] = figures.standings_figure(lines, f"Standings, rules {table.rules}")
            if friedman is not None:
                report.figures["cd"] = figures.critical_difference_figure(
                    friedman, f"Critical difference (Nemenyi, alpha 0.05), rules {table.rules}")
            report.figures["difficulty"] = figures.difficulty_figure(*difficulty, f"By difficulty, rules {table.rules}")
            report.figures["heat"] = figures.heat_map_figure(table, names, f"Maps x agents, rules {table.rules}")
        reports.append(report)
    return reports


def manifest(records: Sequence[dict], results: str | Path) -> dict:
    """Where the figures come from: agents and maps by hash, versions, rules, seeds, times and machines."""
    current, superseded = stats.current_records(records)
    agents = {r["agent"]: r["agent_hash"] for r in current}
    map_hashes = sorted({r["map_hash"] for r in current})
    starts = [r["finished"] - (r.get("seconds") or 0) for r in records if r.get("finished")]
    ends = [r["finished"] for r in records if r.get("finished")]
    return {
        "results": str(results),
        "games": len(current),  # the games the figures are made of
        "superseded_games": superseded,  # games of an agent's older files (it was resubmitted): not in the figures
        "agents": agents,
        "maps": len(map_hashes),
        "map_set_hash": digest_files([(h, b"") for h in map_hashes]),
        "rules": sorted({r["rules_key"] for r in records}),
        "seeds": sorted({int(r["seed"]) for r in records}),
        "started": _iso(min(starts)) if starts else None,
        "ended": _iso(max(ends)) if ends else None,
        "machines": dict(Counter(r.get("host") or "?" for r in records)),
        "report_app_build": app_build(),
        "versions": versions(),
        "report_created": _iso(time.time()),
    }


def _iso(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def _csv(heads: Sequence[str], rows: Sequence[Sequence]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(heads)
    writer.writerows([["" if v is None else v for v in row] for row in rows])
    return buffer.getvalue()


def tables_csv(records: Sequence[dict], reports: Sequence[ProfileReport]) -> dict[str, str]:
    """The CSV files: every game, the standings and the comparisons with the baseline."""
    fields = [*ROW_FIELDS, *EXTRA_FIELDS]
    files = {"games.csv": _csv(fields, [[r.get(f) for f in fields] for r in records])}
    standing_heads = ["rules", "rank", "agent", "mean", "ci_low", "ci_high", "median", "percent_of_oracle",
                      "games", "failures", "reasons"]
    files["standings.csv"] = _csv(standing_heads, [
        [p.rules, s.rank, s.agent, s.mean, s.ci_low, s.ci_high, s.median, s.percent_of_oracle, s.games,
         s.failures, "; ".join(f"{n} {k}" for k, n in s.reasons)] for p in reports for s in p.standings])
    comparison_heads = ["rules", "baseline", "agent", "mean_difference", "wins", "ties", "losses",
                        "wilcoxon_statistic", "p_value", "p_holm"]
    files["baseline.csv"] = _csv(comparison_heads, [
        [p.rules, p.baseline, *asdict(c).values()] for p in reports for c in p.comparisons])
    return files


def write_report(records: Sequence[dict], out_dir: str | Path, results: str | Path, baseline: str | None = None,
                 worst: int = 3, findings: dict[str, list[str]] | None = None,
                 not_played: dict[str, str] | None = None, reports: list[ProfileReport] | None = None) -> Path:
    """Write ``index.html``, the CSVs and ``manifest.json`` into ``out_dir``; returns the page's path.
    ``findings``: ``check-agent``'s, by agent; ``not_played``: submissions that could not be played, by name;
    ``reports``: ``analyse``'s of the same records (drawn, replays into ``out_dir/replays``), made already."""
    if not records:
        raise BattleshipError(f"{results}: holds no games to report")
    try:
        import jinja2
        import scikit_posthocs  # noqa: F401  (and through it statsmodels and scipy)
        import scipy  # noqa: F401
    except ImportError as exc:
        raise BattleshipError("the report needs jinja2, scipy and scikit-posthocs "
                              f"(pip install -r requirements-tournament.txt): {exc}") from None
    out = Path(out_dir)
    if reports is None:
        reports = analyse(records, baseline, worst, results=results, log_dir=out / "replays", findings=findings,
                          not_played=not_played)
    info = manifest(records, results)
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"),
                                     autoescape=True, trim_blocks=True, lstrip_blocks=True)
    page = environment.get_template(TEMPLATE).render(
        reports=reports, manifest=info, failures_shown=FAILURES_SHOWN, confidence=stats.CONFIDENCE,
        resamples=stats.RESAMPLES, notes_shown=NOTES_SHOWN, replays=(out / "replays").resolve())
    try:
        (out / "replays").mkdir(parents=True, exist_ok=True)  # where the worst maps' replay commands save logs
        for name, text in tables_csv(records, reports).items():
            atomic_write_text(out / name, text)
        atomic_write_text(out / "manifest.json", json.dumps(info, indent=1) + "\n")
        atomic_write_text(out / "index.html", page)
    except OSError as exc:
        raise BattleshipError(f"{out}: cannot write the report ({exc.strerror or exc})") from None
    return out / "index.html"
