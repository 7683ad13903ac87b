"""``benchmarks/bayes_bench.py``: its figures agree with games played directly, in each of its modes.

The script only prints, so these tests run it as a user does, on two maps of
``maps/bench`` whose start leaves few layouts (3 and 5), and recompute what
it prints from plain games.
"""

from __future__ import annotations

import re
import statistics

import pytest

from app.backends.games import play
from app.core import PROFILES
from app.core.formats import load_map
from app.solver.fast import Constraints, iter_solutions
from tests.helpers import bench_maps, run_script
from tests.paths import ROOT

SCRIPT = ROOT / "benchmarks" / "bayes_bench.py"
MAPS = ("k4-0040.map", "k4-0009.map")  # 3 and 5 layouts at start
PROFILE = PROFILES["unito-2019"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bench_maps(tmp_path_factory.mktemp("bayes-bench"), MAPS)


def bench(*args: str) -> str:
    done = run_script(SCRIPT, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def row(output: str, first: str) -> list[str]:
    """The fields of the table line starting with ``first``."""
    lines = [line.split() for line in output.splitlines() if line.split()[:1] == [first]]
    assert lines, output
    return lines[0]


def test_the_bench_reports_the_games_as_played(folder):
    output = bench("--maps", str(folder), "--agents", "cross", "--verbose")
    bayes = {name: play("bayes", load_map(folder / name), PROFILE) for name in MAPS}
    cross = {name: play("cross", load_map(folder / name), PROFILE) for name in MAPS}
    for name in MAPS:
        result = bayes[name].result()
        assert f"{name}: bayes {result.score}/{result.oracle} in " in output
        assert f"best other cross {cross[name].result().score}" in output
    known, maps, mean, *_ = row(output, "4")
    assert (int(maps), float(mean)) == (2, round(statistics.mean(g.result().percent_of_oracle for g in bayes.values()), 1))
    beaten = sum(bayes[n].result().score >= cross[n].result().score for n in MAPS)
    assert f"bayes >= every other agent on {beaten}/2 maps" in output


def test_redraw_breaks_the_expectation_down_by_layouts(folder):
    output = bench("--maps", str(folder), "--redraw", "2", "--seed", "5")
    drawn = re.findall(r"^\s+4\s+2\s+[\d.]+\s+([\d.]+)", output, re.M)
    band = row(output.split("by the number of layouts")[1], "4")
    assert band[1:3] == ["1-21", "2"]  # both maps have at most 21 layouts
    assert band[-1] == drawn[0]  # one band: its expectation is the group's


def test_optimum_matches_bayes_played_on_every_layout(folder):
    output = bench("--maps", str(folder), "--optimum", "5", "--optimum-budget", "5000")
    expected, oracle = [], []
    for name in MAPS:
        game_map = load_map(folder / name)
        constraints = Constraints.from_map(game_map)
        for index, layout in enumerate(iter_solutions(constraints)):
            result = play("bayes", layout.to_map(constraints, name=f"{name}-{index}"), PROFILE).result()
            expected.append(result.score)
            oracle.append(result.oracle)
    assert len(expected) == 3 + 5
    known, maps, left_out, bayes_pct, best_pct, behind = row(output, "4")
    assert (maps, left_out) == ("2", "0")
    # the group's % weights every layout of a map by 1/layouts, as the maps are equally likely
    per_map = [statistics.mean(expected[:3]), statistics.mean(expected[3:])]
    per_oracle = [statistics.mean(oracle[:3]), statistics.mean(oracle[3:])]
    assert float(bayes_pct) == pytest.approx(100 * sum(per_map) / sum(per_oracle), abs=0.005)
    assert float(best_pct) >= float(bayes_pct)
    assert behind == "0"  # on so few layouts bayes plays the optimal policy
