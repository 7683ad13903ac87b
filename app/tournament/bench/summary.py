"""Per-agent statistics over a bench's rows, and the table that shows them."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field

from app.tournament.bench.rows import FailureKind, GameRow, RowStatus


@dataclass(frozen=True, slots=True)
class AgentSummary:
    """One agent's line of the bench table (scores over the scored games)."""

    agent: str
    games: int
    scored: int
    mean: float | None
    median: float | None
    min: int | None
    max: int | None
    mean_percent_of_oracle: float | None
    fok: float | None
    fko: float | None
    gok: float | None
    gko: float | None
    sink: float | None
    precision: float | None
    recall: float | None
    mean_seconds: float | None
    max_seconds: float | None
    failures: int
    timeouts: int
    errors: int
    agent_failures: int
    illegal: int
    scores: tuple[int, ...] = field(repr=False, default=())
    load_errors: int = 0  # games played by an agent that loaded with errors
    luck_adjusted: float | None = None  # mean over the games the coach graded (bench --coach)
    coach_seconds: float | None = None  # the coach's mean time per game
    app_failures: int = 0  # games the app failed to play (twice): not the agent's

    def to_dict(self) -> dict:
        """JSON-ready (without the raw scores)."""
        data = asdict(self)
        data.pop("scores")
        return data


def summarize(rows: Iterable[GameRow], agents: Sequence[str] | None = None) -> list[AgentSummary]:
    """One summary per agent, in ``agents`` order (or first-seen order).

    Fires/flags/sinks are means per scored game; precision and recall pool
    every scored game's fires and flags.
    """
    by_agent: dict[str, list[GameRow]] = {a: [] for a in agents or ()}
    for row in rows:
        by_agent.setdefault(row.agent, []).append(row)
    return [_summary(agent, games) for agent, games in by_agent.items()]


def _mean(values: list[float]) -> float | None:
    return statistics.fmean(values) if values else None


def _summary(agent: str, rows: list[GameRow]) -> AgentSummary:
    scored = [r for r in rows if r.scored]
    scores = [r.score for r in scored]
    percents = [r.percent_of_oracle for r in scored if r.percent_of_oracle is not None]
    hits = sum(r.fok + r.gok for r in scored)
    shots = sum(r.fok + r.fko + r.gok + r.gko for r in scored)
    hidden = sum(r.fok + r.gok + r.safe for r in scored)
    seconds = [r.seconds for r in rows if r.status != RowStatus.TIMEOUT] or [r.seconds for r in rows]
    kinds = [r.failure for r in rows]
    return AgentSummary(
        agent=agent,
        games=len(rows),
        scored=len(scored),
        mean=_mean(scores),
        median=statistics.median(scores) if scores else None,
        min=min(scores) if scores else None,
        max=max(scores) if scores else None,
        mean_percent_of_oracle=_mean(percents),
        fok=_mean([r.fok for r in scored]),
        fko=_mean([r.fko for r in scored]),
        gok=_mean([r.gok for r in scored]),
        gko=_mean([r.gko for r in scored]),
        sink=_mean([r.sink for r in scored]),
        precision=hits / shots if shots else None,
        recall=hits / hidden if hidden else None,
        mean_seconds=_mean(seconds),
        max_seconds=max(seconds) if seconds else None,
        failures=sum(bool(k) for k in kinds),
        timeouts=kinds.count(FailureKind.TIMEOUT),
        errors=kinds.count(FailureKind.ERROR),
        agent_failures=kinds.count(FailureKind.AGENT),
        illegal=kinds.count(FailureKind.ILLEGAL),
        scores=tuple(scores),
        load_errors=kinds.count(FailureKind.LOAD_ERRORS),
        luck_adjusted=_mean([r.luck_adjusted for r in scored if r.luck_adjusted is not None]),
        coach_seconds=_mean([r.coach_seconds for r in scored if r.coach_seconds is not None]),
        app_failures=kinds.count(FailureKind.APP),
    )


TABLE_HEADS = ("agent", "games", "mean", "median", "min", "max", "% oracle", "fires ok/ko", "flags ok/ko",
               "sunk", "precision", "recall", "s/game", "max s", "failures")


def _fmt(value: float | None, digits: int = 1, suffix: str = "") -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.{digits}f}{suffix}"


def table_cells(summary: AgentSummary) -> list[str]:
    """The summary as the cells of ``TABLE_HEADS`` (text)."""
    failures = str(summary.failures)
    if summary.failures:
        counts = ((summary.timeouts, FailureKind.TIMEOUT), (summary.app_failures, FailureKind.APP),
                  (summary.errors, FailureKind.ERROR),
                  (summary.agent_failures, FailureKind.AGENT), (summary.load_errors, FailureKind.LOAD_ERRORS),
                  (summary.illegal, FailureKind.ILLEGAL))
        parts = [f"{n} {kind}" for n, kind in counts if n]
        failures += f" ({', '.join(parts)})"
    return [
        summary.agent, str(summary.games), _fmt(summary.mean), _fmt(summary.median),
        "-" if summary.min is None else str(summary.min), "-" if summary.max is None else str(summary.max),
        _fmt(summary.mean_percent_of_oracle, 1, "%"),
        f"{_fmt(summary.fok)}/{_fmt(summary.fko)}", f"{_fmt(summary.gok)}/{_fmt(summary.gko)}",
        _fmt(summary.sink), _fmt(summary.precision, 3), _fmt(summary.recall, 3),
        _fmt(summary.mean_seconds, 3), _fmt(summary.max_seconds, 3), failures,
    ]


COACH_HEADS = ("luck-adj", "coach s")


def coach_cells(summary: AgentSummary) -> list[str]:
    """The cells of ``COACH_HEADS``: mean luck-adjusted score and the coach's mean seconds per game."""
    return [_fmt(summary.luck_adjusted), _fmt(summary.coach_seconds, 2)]


def format_table(summaries: Sequence[AgentSummary], markdown: bool = False) -> str:
    """The per-agent table as aligned text (or a Markdown table); the coach's columns when it graded games."""
    coached = any(s.luck_adjusted is not None for s in summaries)
    rows = [list(TABLE_HEADS) + (list(COACH_HEADS) if coached else [])]
    rows += [table_cells(s) + (coach_cells(s) if coached else []) for s in summaries]
    if markdown:
        lines = ["| " + " | ".join(rows[0]) + " |", "|" + "|".join("---" for _ in rows[0]) + "|"]
        lines += ["| " + " | ".join(r) + " |" for r in rows[1:]]
        return "\n".join(lines)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
                     for r in rows)
