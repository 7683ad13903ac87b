"""``benchmarks/bdi_experiments.py``: its table agrees with bdi games played directly.

The script only prints, so these tests run it as a user does, on two maps of
``maps/bench`` (0 and 4 cells known at start) and three settings, and
recompute what it prints from plain games.
"""

from __future__ import annotations

import statistics
from functools import partial

import pytest

from app.backends.games import play
from app.core import PROFILES
from app.core.formats import load_map
from tests.helpers import bench_maps, run_script
from tests.paths import ROOT

SCRIPT = ROOT / "benchmarks" / "bdi_experiments.py"
MAPS = ("k0-0001.map", "k4-0001.map")
PROFILE = PROFILES["unito-2019"]


experiments = partial(run_script, SCRIPT)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bench_maps(tmp_path_factory.mktemp("bdi-experiments"), MAPS)


def cells(output: str, first: str) -> list[str]:
    """The cells of the Markdown table row whose first cell is ``first``."""
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in output.splitlines() if line.startswith("|")]
    found = [row for row in rows if row[0] == first]
    assert found, output
    return found[0]


@pytest.fixture(scope="module")
def output(folder):
    done = experiments("--maps", str(folder), "--jobs", "1", "--settings", "defaults,max-max,give-up=dead-end")
    assert done.returncode == 0, done.stderr
    return done.stdout


def scores(folder, params: dict[str, str] | None = None) -> list[int]:
    return [play("bdi", load_map(folder / name), PROFILE, params=params).result().score for name in MAPS]


def test_each_row_is_the_games_of_its_setting(folder, output):
    for setting, params in (("defaults", None), ("max-max", {"fire-strategy": "max-max"}),
                            ("give-up=dead-end", {"give-up": "dead-end"})):
        row = cells(output, setting)
        played = scores(folder, params)
        assert row[1] == "2"
        assert row[2].startswith(f"{statistics.fmean(played):.1f} ± ")
        if setting != "defaults":
            base = scores(folder)
            difference = statistics.fmean(a - b for a, b in zip(played, base))
            assert row[8].startswith(f"{difference:+.1f} ± ")


def test_the_report_figures_sit_next_to_the_rows_it_has(output):
    assert cells(output, "defaults")[9:] == ["55.6", "26.5"]  # Table 1, max-age 5
    assert cells(output, "max-max")[9:] == ["86.2", "29.2"]  # Table 2
    assert cells(output, "give-up=dead-end")[9:] == ["–", "–"]  # ours: the report has no figure
    assert cells(output, "0")[4:] == ["55.6", "26.5"] and cells(output, "4")[4:] == ["40.6", "27.5"]  # Table 3


def test_an_unknown_setting_is_a_one_line_error(folder):
    done = experiments("--maps", str(folder), "--settings", "defaults,max-age=7")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: --settings: unknown setting 'max-age=7'; known: " + ", ".join(
            ["defaults", "max-age=10", "max-age=20", "max-max", "max-max max-age=10", "max-max max-age=20",
             "median=cells", "aging=pushes", "give-up=keep-best", "give-up=dead-end", "give-up=retry",
             "before issue 21"])]
