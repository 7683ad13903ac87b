"""A/B comparison: the sequential test's decisions and error rates, and whole comparisons of agents whose true
difference is known by construction (a copy of ``cross`` that gives up on the maps with no cell known)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from app.cli import main
from app.core import BattleshipError
from app.tournament.ab import Design, SequentialTest, Verdict, VersusBench, run_decisions, shuffled, stored_games
from app.tournament.ab.sequential import VERDICT_CODES
from app.tournament.bench import BenchConfig, BenchTask, play_row, save_results
from app.tournament.bench.plan import plan
from app.tournament.bench.store import ResultStore, make_record
from tests.helpers import bench_maps
from tests.paths import ROOT

GIVE_UP_AGENT = '''"""cross, except on the maps with no cell known at start, where it solves before any move."""

from agents.cross_agent import CrossAgent


class GiveUpAgent(CrossAgent):
    name = "give-up"

    def act(self, observation):
        if not observation.known:
            return "solve"
        return super().act(observation)


AGENT = GiveUpAgent
'''
MAP_NAMES = tuple(f"{level}-{number:04d}.map" for level in ("k0", "k2", "k4") for number in range(1, 16))


def verdicts_of(design: Design, deltas: np.ndarray) -> list[Verdict | None]:
    """Each run of ``deltas`` through ``SequentialTest``, one map at a time."""
    found = []
    for run in deltas:
        test = SequentialTest(design)
        for delta in run:
            if test.add(float(delta)) is not None:
                break
        found.append((test.verdict, test.count))
    return found


class TestSequentialTest:
    def test_one_map_at_a_time_decides_as_the_runs_at_once(self):
        design = Design()
        rng = np.random.default_rng(3)
        deltas = np.concatenate([rng.normal(mu, 60, size=(10, 1500)) for mu in (0, 10, -10, 30)])
        codes, used = run_decisions(design, deltas)
        one_by_one = verdicts_of(design, deltas)
        assert [(VERDICT_CODES.get(int(c)), int(n)) for c, n in zip(codes, used)] == \
               [(v, n) if v is not None else (None, deltas.shape[1]) for v, n in one_by_one]

    @pytest.mark.parametrize("mu, verdict", [(40, Verdict.BETTER), (-40, Verdict.WORSE), (0, Verdict.NO_DIFFERENCE)])
    def test_a_clear_answer_comes_early(self, mu, verdict):
        rng = np.random.default_rng(1)
        found, used = verdicts_of(Design(), rng.normal(mu, 10, size=(1, 500)))[0]
        assert found is verdict and Design().min_maps <= used < 100

    def test_no_verdict_before_min_maps_however_clear(self):
        test = SequentialTest(Design(min_maps=30))
        assert [test.add(100.0) for _ in range(29)] == [None] * 29
        assert test.add(100.0) is Verdict.BETTER and test.count == 30
        assert test.add(-500.0) is Verdict.BETTER  # decided stays decided

    def test_error_rates_are_those_asked_for(self):
        design = Design(alpha=0.05, beta=0.05, delta=10)
        rng = np.random.default_rng(7)
        none = run_decisions(design, rng.normal(0, 50, size=(2000, 2500)))[0]
        wrong = np.mean((none == 1) | (none == 2))
        assert 0.03 <= wrong <= 0.07
        real = run_decisions(design, rng.normal(10, 50, size=(2000, 2500)))[0]
        assert 0.93 <= np.mean(real == 1) <= 0.98

    @pytest.mark.parametrize("values, message", [
        ({"alpha": 0}, "--alpha must be between 0 and 0.5"),
        ({"beta": 0.7}, "--beta must be between 0 and 0.5"),
        ({"delta": -5}, "--delta must be more than 0"),
    ])
    def test_bad_design_is_one_line(self, values, message):
        with pytest.raises(BattleshipError, match=message):
            Design(**values)

    def test_fixed_sample_size_of_the_same_power(self):
        assert Design().fixed_maps(72.0) == 674  # ((1.96 + 1.645) * 72 / 10) ** 2, rounded up


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> dict[str, str]:
    """A folder of 45 maps (15 with no cell known at start) and the agents: cross, a copy, and give-up."""
    folder = tmp_path_factory.mktemp("ab")
    maps = folder / "maps"
    maps.mkdir()
    bench_maps(maps, MAP_NAMES)
    give_up = folder / "give_up_agent.py"
    give_up.write_text(GIVE_UP_AGENT, encoding="utf-8")
    copy = folder / "cross_copy_agent.py"
    shutil.copy(ROOT / "agents" / "cross_agent.py", copy)
    return {"maps": str(maps), "give_up": str(give_up), "copy": str(copy), "folder": str(folder)}


def folder_maps(lab) -> list[str]:
    return shuffled([str(path) for path in Path(lab["maps"]).iterdir()])


def true_mean_delta(lab) -> float:
    """give-up minus cross over the whole folder: -200 minus cross's score on each k0 map, 0 on the others."""
    k0 = [m for m in folder_maps(lab) if Path(m).name.startswith("k0-")]
    losses = [-200 - play_row(BenchTask("cross", m), BenchConfig()).score for m in k0]
    return sum(losses) / len(MAP_NAMES)


class TestVersusBench:
    def test_a_copy_that_gives_up_on_known_maps_is_worse_by_the_known_amount(self, lab):
        runner = VersusBench(lab["give_up"], "cross", folder_maps(lab), Design(delta=50), jobs=2)
        list(runner.run())
        result = runner.comparison()
        assert result.verdict is Verdict.WORSE
        assert result.maps_used < len(MAP_NAMES)  # stopped early
        low, high = result.interval
        assert low <= true_mean_delta(lab) <= high
        assert result.worse_maps and all(name.startswith("k0-") for name in result.worse_maps)
        assert result.better_maps == []
        assert result.ties == sum(not p.map_name.startswith("k0-") for p in result.pairs)
        assert result.summary().startswith(f"worse by {abs(result.mean_delta):.0f} ± ")
        assert result.wilcoxon_p < 0.05

    def test_the_other_way_round_it_is_better(self, lab):
        runner = VersusBench("cross", lab["give_up"], folder_maps(lab), Design(delta=50), jobs=2)
        list(runner.run())
        assert runner.verdict is Verdict.BETTER

    def test_the_same_agent_under_another_name_is_no_different(self, lab):
        runner = VersusBench(lab["copy"], "cross", folder_maps(lab), Design(), jobs=2)
        pairs = list(runner.run())
        result = runner.comparison()
        assert result.verdict is Verdict.NO_DIFFERENCE and len(pairs) == Design().min_maps
        assert (result.mean_delta, result.interval, result.wins, result.losses) == (0.0, (0.0, 0.0), 0, 0)

    def test_games_in_a_results_file_are_read_not_played(self, lab, capsys):
        maps = folder_maps(lab)
        config = BenchConfig()
        rows = [play_row(BenchTask(agent, m), config) for m in maps for agent in (lab["give_up"], "cross")]
        results = Path(lab["folder"]) / "played.csv"
        save_results(results, rows)
        assert len(stored_games(results, lab["give_up"], "cross", maps, config)) == len(rows)
        tournament = ResultStore(Path(lab["folder"]) / "played.jsonl")  # matched by contents, not names
        tournament.append(make_record(row, game.key, game.known)
                          for row, game in zip(rows, plan([lab["give_up"], "cross"], maps, config)))
        from_tournament = stored_games(tournament.path, lab["give_up"], "cross", maps, config)
        assert [from_tournament[i].score for i in range(len(rows))] == [row.score for row in rows]
        assert stored_games(tournament.path, lab["copy"], "cross", maps, config).keys() == \
               {i for i in range(len(rows)) if i % 2}  # another agent's file: only cross's games are its
        assert main(["bench", "--agents", lab["give_up"], "--versus", "cross", "--maps", lab["maps"], "--delta", "50",
                     "--results", str(results), "--json", "--no-progress"]) == 0
        found = json.loads(capsys.readouterr().out)
        assert found["verdict"] == "worse" and found["games_played"] == 0
        assert found["maps_used"] < len(MAP_NAMES)
        low, high = found["interval"]
        assert low <= found["mean_delta"] <= high
