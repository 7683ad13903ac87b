"""Bench plots: score distribution per agent (box plot) and mean % of oracle per agent.

matplotlib's object API only (``Figure``, no pyplot): no display and no global
backend are needed, and the GUI can embed the same figure in a canvas.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path

from app.core import BattleshipError
from app.core.fileio import atomic_write_bytes
from app.tournament.bench import AgentSummary

PLOT_FORMATS = ("png", "svg", "pdf")


def _figure_class():
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise BattleshipError(f"plots need matplotlib (pip install -r requirements.txt): {exc}") from None
    return Figure


def new_figure(width: float = 11.0, height: float = 4.5):
    """An empty matplotlib figure of that size in inches (not tied to any window)."""
    return _figure_class()(figsize=(width, height), layout="constrained")


# Okabe-Ito, the app's colour-blind-safe palette (app/gui/theme.py); a negative bar is also hatched
ABOVE_ZERO, BELOW_ZERO, ORACLE_LINE = "#009E73", "#D55E00", "#0072B2"


def draw(figure, summaries: Sequence[AgentSummary], title: str = "", say: Callable[[str], str] = str) -> None:
    """Draw both panels on ``figure`` (cleared first); ``say`` gives the axes' titles in the reader's language
    (the GUI's: app/gui/compare/batch.py lists them for translation)."""
    figure.clear()
    scores_axes, percent_axes = figure.subplots(1, 2, width_ratios=(3, 2))
    names = [s.agent for s in summaries]
    positions = list(range(1, len(names) + 1))
    with_scores = [(p, s) for p, s in zip(positions, summaries) if s.scores]
    if with_scores:
        scores_axes.boxplot([list(s.scores) for _, s in with_scores], positions=[p for p, _ in with_scores],
                            widths=0.6, showmeans=True)
    scores_axes.set_xticks(positions, names, rotation=20 if len(names) > 4 else 0)
    scores_axes.set_xlim(0.4, len(names) + 0.6)
    scores_axes.axhline(0, color="grey", linewidth=0.8)
    scores_axes.set_title(say("score per game (box: quartiles, triangle: mean)"))
    scores_axes.set_ylabel(say("score"))
    scores_axes.grid(axis="y", alpha=0.3)
    percents = [s.mean_percent_of_oracle or 0.0 for s in summaries]
    bars = percent_axes.bar(positions, percents, color=[ABOVE_ZERO if v >= 0 else BELOW_ZERO for v in percents],
                            hatch=["" if v >= 0 else "//" for v in percents], edgecolor="white")
    percent_axes.bar_label(bars, labels=[f"{v:.1f}%" for v in percents], padding=2, fontsize=8)
    percent_axes.set_xticks(positions, names, rotation=20 if len(names) > 4 else 0)
    percent_axes.axhline(0, color="grey", linewidth=0.8)
    percent_axes.axhline(100, color=ORACLE_LINE, linewidth=0.8, linestyle="--")
    percent_axes.set_title(say("mean score as % of oracle"))
    percent_axes.set_ylabel(say("% of oracle"))
    percent_axes.grid(axis="y", alpha=0.3)
    if title:
        figure.suptitle(title)


def render(summaries: Sequence[AgentSummary], fmt: str = "png", title: str = "") -> bytes:
    """The plot as image bytes (``png``, ``svg`` or ``pdf``)."""
    figure = new_figure()
    draw(figure, summaries, title)
    buffer = io.BytesIO()
    figure.savefig(buffer, format=fmt, dpi=100)
    return buffer.getvalue()


def save_plot(path: str | Path, summaries: Sequence[AgentSummary], title: str = "") -> None:
    """Write the plot to ``path`` atomically; the format comes from the extension."""
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt not in PLOT_FORMATS:
        raise BattleshipError(f"{path}: the plot file must end in {', '.join('.' + f for f in PLOT_FORMATS)}")
    data = render(summaries, fmt, title)
    try:
        atomic_write_bytes(path, data)
    except OSError as exc:
        raise BattleshipError(f"{path}: cannot write the plot ({exc.strerror or exc})") from None
