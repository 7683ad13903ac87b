"""Bench plots: files in every supported format, written atomically, from any summaries."""

from __future__ import annotations

import pytest

from app.core import BattleshipError
from app.tournament.bench import summarize
from app.tournament.plots import draw, new_figure, save_plot
from tests.test_bench import make_row

MAGIC = {"png": b"\x89PNG", "svg": b"<?xml", "pdf": b"%PDF"}


@pytest.fixture
def summaries():
    rows = [make_row("cross", 40), make_row("cross", -20), make_row("random", -300), make_row("hung", None)]
    return summarize(rows, ["cross", "random", "hung"])


@pytest.mark.parametrize("fmt", sorted(MAGIC))
def test_save_plot_writes_the_format_of_the_extension(tmp_path, summaries, fmt):
    path = tmp_path / f"scores.{fmt}"
    save_plot(path, summaries, "3 maps")
    assert path.read_bytes().startswith(MAGIC[fmt])
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_both_panels_show_every_agent(summaries):
    figure = new_figure()
    draw(figure, summaries)
    scores, percents = figure.axes
    for axes in (scores, percents):
        assert [t.get_text() for t in axes.get_xticklabels()] == ["cross", "random", "hung"]
    heights = [bar.get_height() for bar in percents.patches]
    assert heights == pytest.approx([s.mean_percent_of_oracle or 0.0 for s in summaries])
    assert heights[0] == pytest.approx(100 * (40 - 20) / 2 / 200)


def test_bad_extension_is_a_clear_error(tmp_path, summaries):
    with pytest.raises(BattleshipError, match=r"scores\.gif: the plot file must end in"):
        save_plot(tmp_path / "scores.gif", summaries)


def test_bars_use_the_colour_blind_safe_palette_and_a_pattern_below_zero(summaries):
    from matplotlib.colors import to_hex

    from app.tournament.plots import ABOVE_ZERO, BELOW_ZERO

    figure = new_figure()
    draw(figure, summaries)
    bars = figure.axes[1].patches
    looks = [(to_hex(bar.get_facecolor()).upper(), bool(bar.get_hatch())) for bar in bars]
    assert looks == [(ABOVE_ZERO, False), (BELOW_ZERO, True), (ABOVE_ZERO, False)]
