"""The report's figures, drawn with matplotlib's object API and returned as inline ``data:image/png`` URIs."""

from __future__ import annotations

import base64
import io

import numpy as np

from app.report.standings import Friedman, ScoreTable, Standing
from app.tournament.plots import new_figure

DPI = 96


def data_uri(figure) -> str:
    """The figure as a base64 PNG ``data:`` URI (the page needs no other file and no network)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def standings_figure(lines: list[Standing], title: str) -> str:
    """Mean score per agent with its 95% bootstrap interval, best at the top."""
    figure = new_figure(8.0, 0.8 + 0.32 * max(3, len(lines)))
    axes = figure.subplots()
    names = [line.agent for line in lines][::-1]
    means = np.array([line.mean for line in lines][::-1])
    low = np.array([line.mean if line.ci_low is None else line.ci_low for line in lines][::-1])
    high = np.array([line.mean if line.ci_high is None else line.ci_high for line in lines][::-1])
    axes.barh(names, means, color="#4c78a8", height=0.6)
    axes.errorbar(means, names, xerr=[means - low, high - means], fmt="none", ecolor="black", capsize=3)
    axes.axvline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("mean score over the maps (bars: 95% bootstrap interval)")
    axes.set_title(title)
    return data_uri(figure)


def critical_difference_figure(result: Friedman, title: str) -> str:
    """The critical-difference diagram: mean ranks, agents not told apart by Nemenyi joined by a bar."""
    import scikit_posthocs

    figure = new_figure(8.0, 0.9 + 0.28 * len(result.mean_ranks))
    axes = figure.subplots()
    scikit_posthocs.critical_difference_diagram(result.mean_ranks, result.nemenyi, ax=axes)
    axes.set_title(title)
    return data_uri(figure)


MARKERS = "osD^v<>phX*"


def agent_colours(count: int) -> list[str]:
    """``count`` different colours (hex), one per agent: tab10, then tab20, then evenly round the turbo map."""
    from matplotlib import colormaps
    from matplotlib.colors import to_hex

    if count <= 10:
        return [to_hex(c) for c in colormaps["tab10"].colors[:count]]
    if count <= 20:
        return [to_hex(c) for c in colormaps["tab20"].colors[:count]]
    return [to_hex(colormaps["turbo"](0.05 + 0.9 * i / (count - 1))) for i in range(count)]


def difficulty_figure(levels: list, means: dict[str, list], title: str) -> str:
    """Mean score per number of cells known at start, one line per agent (each its own colour and marker)."""
    figure = new_figure(9.0, 4.0)
    axes = figure.subplots()
    positions = range(len(levels))
    colours = agent_colours(len(means))
    for i, (agent, values) in enumerate(means.items()):
        axes.plot(positions, [np.nan if v is None else v for v in values], marker=MARKERS[i % len(MARKERS)],
                  color=colours[i], label=agent)
    axes.set_xticks(list(positions), ["?" if level is None else str(level) for level in levels])
    axes.set_xlabel("cells known at start")
    axes.set_ylabel("mean score")
    axes.set_title(title)
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return data_uri(figure)


def heat_map_figure(table: ScoreTable, map_names: list[str], title: str) -> str:
    """Maps x agents: each game's score as % of the map's oracle (red low, blue high)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        percent = np.where(table.oracle[:, None] > 0, 100.0 * table.scores / table.oracle[:, None], np.nan)
    height = min(40.0, max(3.5, 1.5 + 0.13 * len(table.maps)))  # room for the title and the agents' names
    figure = new_figure(min(14.0, 3.0 + 0.9 * len(table.agents)), height)
    axes = figure.subplots()
    image = axes.imshow(percent, aspect="auto", cmap="RdBu", vmin=-100, vmax=100, interpolation="nearest")
    axes.set_xticks(range(len(table.agents)), table.agents, rotation=30, ha="right")
    step = max(1, len(map_names) // 60)
    axes.set_yticks(range(0, len(map_names), step), map_names[::step], fontsize="x-small")
    figure.colorbar(image, ax=axes, label="% of the oracle", shrink=min(1.0, 8.0 / height))
    axes.set_title(title)
    return data_uri(figure)
