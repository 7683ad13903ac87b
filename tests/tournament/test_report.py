"""The tournament report: its figures recomputed here independently, and the files it writes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest
from scipy import stats as scipy_stats

from app.cli import main
from app.core import BattleshipError
from app.report import analyse, write_report
from app.tournament.bench import GameRow
from app.tournament.bench.store import GameKey, make_record
from tests.paths import MAPS_DIR, ROOT

AGENTS = ("base", "good", "tied", "flaky")
MAPS = 14


def synthetic_records() -> list[dict]:
    """Four agents on 14 maps with drawn scores: ``tied`` equals ``base`` on some maps, ``flaky`` fails two games."""
    rng = np.random.default_rng(5)
    records = []
    for m in range(MAPS):
        oracle = int(rng.integers(300, 400))
        base = int(rng.integers(-200, 200))
        scores = {"base": base, "good": base + int(rng.integers(-20, 120)),
                  "tied": base if m % 3 else base - int(rng.integers(1, 50)), "flaky": int(rng.integers(-300, 300))}
        for agent in AGENTS:
            row = GameRow(agent, f"map{m:02d}", f"maps/map{m:02d}.map", "unito-2019", 0, score=scores[agent],
                          oracle=oracle, seconds=0.1)
            if agent == "flaky" and m in (3, 8):
                row.status, row.failure, row.score, row.error = "timeout", "timeout", None, "timed out after 5 s"
            key = GameKey(f"{AGENTS.index(agent):016x}", f"{m:016x}", "unito-2019", 0)
            records.append(make_record(row, key, known=(0, 2, 4)[m % 3], host="pc1"))
    return records


def expected_scores(records: list[dict]) -> dict[str, np.ndarray]:
    """Per agent, the score on each map; a failed game counts as the lowest score played on its map."""
    by_map: dict[str, dict[str, dict]] = {}
    for r in records:
        by_map.setdefault(r["map_hash"], {})[r["agent"]] = r
    columns = {a: [] for a in AGENTS}
    for games in by_map.values():
        floor = min(g["score"] for g in games.values() if g["score"] is not None)
        for a in AGENTS:
            columns[a].append(games[a]["score"] if games[a]["score"] is not None else floor)
    return {a: np.array(v, dtype=float) for a, v in columns.items()}


@pytest.fixture(scope="module")
def report():
    return analyse(synthetic_records(), baseline="base", draw=False)[0]


class TestFigures:
    def test_standings_means_medians_and_intervals(self, report):
        scores = expected_scores(synthetic_records())
        lines = {s.agent: s for s in report.standings}
        for agent, values in scores.items():
            assert lines[agent].mean == pytest.approx(values.mean())
            assert lines[agent].median == pytest.approx(np.median(values))
            assert lines[agent].ci_low < values.mean() < lines[agent].ci_high
            assert lines[agent].games == MAPS
        means = [s.mean for s in report.standings]
        assert means == sorted(means, reverse=True) and [s.rank for s in report.standings] == [1, 2, 3, 4]
        assert lines["flaky"].failures == 2 and lines["flaky"].reasons == (("timeout", 2),)

    def test_percent_of_oracle_is_over_the_maps(self, report):
        records = synthetic_records()
        oracle = np.array([r["oracle"] for r in records if r["agent"] == "good"], dtype=float)
        good = expected_scores(records)["good"]
        lines = {s.agent: s for s in report.standings}
        assert lines["good"].percent_of_oracle == pytest.approx(np.mean(100 * good / oracle))

    def test_wilcoxon_against_the_baseline_and_holm(self, report):
        scores = expected_scores(synthetic_records())
        found = {c.agent: c for c in report.comparisons}
        assert set(found) == {"good", "tied", "flaky"}
        p_values = {}
        for agent, comparison in found.items():
            differences = scores[agent] - scores["base"]
            expected = scipy_stats.wilcoxon(differences, zero_method="pratt")
            assert comparison.p_value == pytest.approx(expected.pvalue)
            assert comparison.statistic == pytest.approx(expected.statistic)
            assert comparison.mean_difference == pytest.approx(differences.mean())
            assert (comparison.wins, comparison.ties, comparison.losses) == (
                int((differences > 0).sum()), int((differences == 0).sum()), int((differences < 0).sum()))
            p_values[agent] = expected.pvalue
        order = sorted(p_values, key=p_values.get)  # Holm's step-down, by hand
        running = 0.0
        for i, agent in enumerate(order):
            running = max(running, min(1.0, (len(order) - i) * p_values[agent]))
            assert found[agent].p_holm == pytest.approx(running)

    def test_friedman_and_mean_ranks(self, report):
        scores = expected_scores(synthetic_records())
        expected = scipy_stats.friedmanchisquare(*(scores[a] for a in AGENTS))
        assert report.friedman.p_value == pytest.approx(expected.pvalue)
        ranks = scipy_stats.rankdata(-np.column_stack([scores[a] for a in AGENTS]), axis=1).mean(axis=0)
        assert [report.friedman.mean_ranks[a] for a in AGENTS] == pytest.approx(list(ranks))

    def test_difficulty_and_worst_maps(self, report):
        scores = expected_scores(synthetic_records())
        levels, means = report.difficulty
        assert levels == [0, 2, 4]
        assert means["good"][1] == pytest.approx(scores["good"][1::3].mean())
        worst = report.worst["flaky"]
        oracle = np.array([r["oracle"] for r in synthetic_records() if r["agent"] == "flaky"])
        gaps = oracle - scores["flaky"]
        assert [w.map_name for w in worst] == [f"map{i:02d}" for i in np.argsort(-gaps, kind="stable")[:3]]
        assert worst[0].command.startswith(f"{sys.executable} {ROOT / 'main.py'} run --agent flaky --map maps/")
        assert f"--rules unito-2019 --seed 0 --log {Path('.').resolve() / 'flaky-'}" in worst[0].command


class TestFiles:
    def test_the_page_is_self_contained(self, tmp_path):
        page = write_report(synthetic_records(), tmp_path / "out", "r.jsonl", baseline="base")
        html = page.read_text()
        assert html.count('src="data:image/png;base64,') == 4  # standings, CD diagram, difficulty, heat map
        assert "http://" not in html and "https://" not in html
        assert "timed out after 5 s" in html
        manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
        assert manifest["agents"]["good"] == f"{1:016x}" and manifest["maps"] == MAPS
        assert manifest["machines"] == {"pc1": 4 * MAPS} and manifest["seeds"] == [0]
        assert {"python", "numpy", "scipy"} <= set(manifest["versions"])
        standings = (tmp_path / "out" / "standings.csv").read_text().splitlines()
        assert standings[0].startswith("rules,rank,agent,mean") and len(standings) == 5

    def test_a_resubmitted_agent_counts_with_its_latest_files_only(self):
        records = synthetic_records()
        older = [{**r, "agent_hash": "f" * 16, "score": 10_000, "finished": r["finished"] - 3600}
                 for r in records if r["agent"] == "good"]
        lines = {s.agent: s for s in analyse(older + records, draw=False)[0].standings}
        assert lines["good"].mean == pytest.approx(expected_scores(records)["good"].mean())
        assert lines["good"].games == MAPS

    def test_several_seeds_are_reported_apart(self):
        records = synthetic_records()
        other = [{**r, "seed": 1} for r in records]
        assert [p.rules for p in analyse(records + other, draw=False)] == ["unito-2019, seed 0", "unito-2019, seed 1"]

    def test_an_unknown_baseline_is_a_one_line_error(self):
        with pytest.raises(BattleshipError, match="--baseline nobody: no such agent"):
            analyse(synthetic_records(), baseline="nobody", draw=False)

    def test_bench_then_report_from_real_games(self, tmp_path, capsys):
        maps = [str(MAPS_DIR / "bench" / f"k{k}-0002.map") for k in (0, 2, 4)]
        results, out = tmp_path / "r.jsonl", tmp_path / "report"
        assert main(["bench", "--agents", "random,cross", "--maps", *maps, "--no-progress", "--jobs", "2",
                     "--out", str(results), "--report", str(out), "--baseline", "random"]) == 0
        assert "report:" in capsys.readouterr().err
        rows = [line.split(",") for line in (out / "standings.csv").read_text().splitlines()[1:]]
        assert {r[2] for r in rows} == {"random", "cross"}
        assert main(["report", str(tmp_path / "missing.jsonl"), "--out", str(out)]) != 0
        assert "holds no games" in capsys.readouterr().err
