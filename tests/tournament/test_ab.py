"""A/B comparison: the sequential test's decisions and error rates, and whole comparisons of agents whose true
difference is known by construction (a copy of ``cross`` that gives up on the maps with no cell known)."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from app.cli import main
from app.core import BattleshipError
from app.tournament.ab import Design, SequentialTest, Verdict, VersusBench, judge, run_decisions, shuffled, stored_games
from app.tournament.ab.sequential import VERDICT_CODES
from app.tournament.bench import BenchConfig, BenchTask, play_row, save_results
from app.tournament.bench.plan import plan
from app.tournament.bench.store import ResultStore, make_record
from tests.helpers import bench_maps
from tests.paths import MAPS_DIR, ROOT

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
MAP_NAMES = tuple(f"{level}-{number:04d}.map" for level in ("k0", "k2", "k4") for number in range(1, 31))


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

    @pytest.mark.parametrize("mu, verdict", [(40, Verdict.BETTER), (-40, Verdict.WORSE), (0, Verdict.SAME)])
    def test_a_clear_answer_comes_early(self, mu, verdict):
        rng = np.random.default_rng(1)
        found, used = verdicts_of(Design(), rng.normal(mu, 10, size=(1, 500)))[0]
        assert found is verdict and used < 100

    def test_no_floor_an_overwhelming_difference_decides_in_a_few_maps(self):
        test = SequentialTest(Design())
        verdicts = [test.add(700.0 + 50 * (-1) ** i) for i in range(10)]
        assert Verdict.BETTER in verdicts and test.count < 10
        assert test.add(-5000.0) is Verdict.BETTER and test.count == verdicts.index(Verdict.BETTER) + 1

    def test_an_exact_copy_is_the_same_before_150_maps_never_better_or_worse(self):
        judgement = judge([0] * 150)
        assert judgement.verdict is Verdict.SAME and judgement.maps < 150
        assert -Design().delta < judgement.low <= 0 <= judgement.high < Design().delta

    def test_error_rates_are_those_asked_for(self):
        design = Design(alpha=0.05, beta=0.05, delta=10)
        rng = np.random.default_rng(7)
        none = run_decisions(design, rng.normal(0, 50, size=(2000, 2500)))[0]
        assert np.mean((none == 1) | (none == 2)) <= 0.06
        real = run_decisions(design, rng.normal(10, 50, size=(2000, 2500)))[0]
        assert np.mean(real == 1) >= 0.95

    def test_the_interval_never_contradicts_the_verdict(self):
        design = Design(alpha=0.05, beta=0.2, delta=10)
        rng = np.random.default_rng(5)
        for mu in (0, 5, 10, 30, -30):
            for run in rng.normal(mu, 60, size=(20, 400)):
                found = judge(run, design)
                inside = -design.delta < found.low and found.high < design.delta
                assert {Verdict.BETTER: found.low > 0, Verdict.WORSE: found.high < 0, Verdict.SAME: inside,
                        Verdict.UNDECIDED: found.low <= 0 <= found.high and not inside}[found.verdict]
                assert found.low <= found.mean <= found.high

    def test_undecided_says_about_how_many_more_maps(self):
        spread, mean = 60.0, 15.0
        steady = [mean + spread * (-1) ** i for i in range(400)]  # the same mean and spread however many
        early = judge(steady[:40])
        assert early.verdict is Verdict.UNDECIDED and early.more_maps > 0
        later = judge(steady)
        assert later.verdict is Verdict.BETTER
        assert abs(later.maps - (40 + early.more_maps)) <= 0.1 * later.maps

    def test_recorded_real_agents_decide_as_the_issue_asks(self):
        maps = shuffled([str(MAPS_DIR / "bench" / f"{name}.map") for name in recorded_scores()["bayes"]])
        order = [Path(m).stem for m in maps]
        scores = recorded_scores()

        def verdict(new, old):
            return judge([scores[new][name] - scores[old][name] for name in order])

        assert (verdict("bayes", "random").verdict, verdict("random", "bayes").verdict) == (Verdict.BETTER,
                                                                                         Verdict.WORSE)
        assert verdict("bayes", "random").maps <= 10 and verdict("random", "bayes").maps <= 10
        assert verdict("probabilistico", "incrocio").verdict is Verdict.BETTER  # as today's test said on main

    @pytest.mark.parametrize("values, message", [
        ({"alpha": 0}, "--alpha must be between 0 and 0.5"),
        ({"beta": 0.7}, "--beta must be between 0 and 0.5"),
        ({"delta": -5}, "--delta must be more than 0"),
    ])
    def test_bad_design_is_one_line(self, values, message):
        with pytest.raises(BattleshipError, match=message):
            Design(**values)


def recorded_scores() -> dict[str, dict[str, int]]:
    """Each agent's score by map on maps/bench, seed 0 (benchmarks/data/ab_scores.csv, made by
    ``python benchmarks/ab_sim.py --record``)."""
    with (ROOT / "benchmarks" / "data" / "ab_scores.csv").open(encoding="utf-8") as source:
        rows = list(csv.DictReader(source))
    return {agent: {row["map"]: int(row[agent]) for row in rows} for agent in rows[0] if agent != "map"}


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> dict[str, str]:
    """A folder of 90 maps (30 with no cell known at start) and the agents: cross, a copy, and give-up."""
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
        runner = VersusBench(lab["give_up"], "cross", folder_maps(lab), Design(), jobs=2)
        list(runner.run())
        result = runner.comparison()
        assert result.verdict is Verdict.WORSE
        assert result.maps_used < len(MAP_NAMES)  # stopped early
        low, high = result.interval
        assert low <= true_mean_delta(lab) <= high
        assert all(name.startswith("k0-") for name in result.worse_maps + result.better_maps)  # elsewhere: a tie
        assert all(p.delta == 0 for p in result.pairs if not p.map_name.startswith("k0-"))
        assert len(result.worse_maps) > len(result.better_maps)
        assert result.summary().startswith(f"worse by {abs(result.mean_delta):.0f} points a game (between {low:+.0f} "
                                           f"and {high:+.0f}); ")
        assert high < 0

    def test_the_other_way_round_it_is_better(self, lab):
        runner = VersusBench("cross", lab["give_up"], folder_maps(lab), Design(), jobs=2)
        list(runner.run())
        assert runner.verdict is Verdict.BETTER

    def test_the_same_agent_under_another_name_is_the_same(self, lab):
        runner = VersusBench(lab["copy"], "cross", folder_maps(lab), Design(delta=50), jobs=2)
        pairs = list(runner.run())
        result = runner.comparison()
        assert result.verdict is Verdict.SAME and len(pairs) < len(MAP_NAMES)
        low, high = result.interval
        assert -50 < low < 0 < high < 50
        assert (result.mean_delta, result.wins, result.losses) == (0.0, 0, 0)

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
        assert main(["bench", "--agents", lab["give_up"], "--versus", "cross", "--maps", lab["maps"],
                     "--results", str(results), "--json", "--no-progress"]) == 0
        found = json.loads(capsys.readouterr().out)
        assert found["verdict"] == "worse" and found["games_played"] == 0
        assert found["maps_used"] < len(MAP_NAMES)
        low, high = found["interval"]
        assert low <= found["mean_delta"] <= high
