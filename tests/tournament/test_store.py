"""The tournament's results store: keys by contents, atomic appends, --resume, folders of submissions."""

from __future__ import annotations

import json
import shutil

import pytest

from app.cli import main
from app.core import BattleshipError
from app.tournament.bench import BenchConfig, GameRow, expand_agents
from app.tournament.bench.plan import plan
from app.tournament.bench.store import GameKey, ResultStore, game_key, make_record, rules_key
from tests.paths import MAPS_DIR

FOUR_MAPS = [str(MAPS_DIR / "bench" / f"k{k}-0001.map") for k in (0, 2, 4)] + [str(MAPS_DIR / "four-known.map")]


def record(n: int) -> dict:
    row = GameRow("random", f"m{n}", f"m{n}.map", "unito-2019", 0, score=n)
    return make_record(row, GameKey("a" * 16, f"{n:016x}", "unito-2019", 0), known=0, host="here")


class TestStore:
    def test_appended_records_come_back_by_key(self, tmp_path):
        store = ResultStore(tmp_path / "r.jsonl")
        store.append([record(1), record(2)])
        store.append([record(3)])
        assert [r["score"] for r in store.records()] == [1, 2, 3]
        assert game_key(record(2)) in store.keys()
        assert [row.score for row in store.rows()] == [1, 2, 3]

    def test_a_torn_last_line_is_ignored_then_cut_before_the_next_append(self, tmp_path):
        path = tmp_path / "r.jsonl"
        store = ResultStore(path)
        store.append([record(1), record(2)])
        whole = path.read_bytes()
        path.write_bytes(whole + json.dumps(record(3)).encode()[:40])  # killed while writing game 3
        assert [r["score"] for r in store.records()] == [1, 2]
        store.append([record(4)])
        assert [r["score"] for r in store.records()] == [1, 2, 4]
        assert path.read_bytes().startswith(whole)

    def test_a_broken_line_in_the_middle_is_a_one_line_error(self, tmp_path):
        path = tmp_path / "r.jsonl"
        path.write_text(json.dumps(record(1)) + "\nnot json\n" + json.dumps(record(2)) + "\n")
        with pytest.raises(BattleshipError, match=r"r\.jsonl:2: not a results line"):
            ResultStore(path).records()

    def test_other_suffixes_are_refused(self, tmp_path):
        with pytest.raises(BattleshipError, match="must end in .jsonl"):
            ResultStore(tmp_path / "r.csv")


class TestKeys:
    def test_keys_follow_contents_not_names(self, tmp_path):
        copy = tmp_path / "renamed.map"
        shutil.copy(FOUR_MAPS[0], copy)
        games = plan(["random"], [FOUR_MAPS[0], str(copy), FOUR_MAPS[1]], BenchConfig())
        assert games[0].key == games[1].key
        assert games[0].key != games[2].key
        assert [g.known for g in games] == [0, 0, 2]

    def test_limits_and_parameters_change_the_rules_key(self):
        assert rules_key(BenchConfig()) == "unito-2019"
        assert rules_key(BenchConfig(fires=3, params=(("depth", "2"),))) == "unito-2019;fires=3;depth=2"

    def test_a_changed_agent_file_is_a_new_agent(self, tmp_path):
        agent = tmp_path / "mine.py"
        agent.write_text("from agents.random_agent import RandomAgent as AGENT\n")
        before = plan([str(agent)], FOUR_MAPS[:1], BenchConfig())[0].key
        agent.write_text("from agents.cross_agent import CrossAgent as AGENT\n")
        assert plan([str(agent)], FOUR_MAPS[:1], BenchConfig())[0].key.agent_hash != before.agent_hash


class TestSubmissions:
    def test_each_file_and_agent_folder_is_one_agent(self, tmp_path):
        (tmp_path / "alice.py").write_text("from agents.random_agent import RandomAgent as AGENT\n")
        (tmp_path / "bob.clp").write_text("; bob\n")
        (tmp_path / "carol").mkdir()
        (tmp_path / "carol" / "agent.clp").write_text("; carol\n")
        (tmp_path / "dave").mkdir()
        (tmp_path / "dave" / "a.clp").write_text("; a\n")
        (tmp_path / "dave" / "b.clp").write_text("; b\n")
        (tmp_path / "dave" / "load-order.txt").write_text("b.clp\na.clp\n")
        (tmp_path / "notes.txt").write_text("not an agent")
        assert expand_agents(f"random,{tmp_path}") == [
            "random", str(tmp_path / "alice.py"), str(tmp_path / "bob.clp"), str(tmp_path / "carol" / "agent.clp"),
            str(tmp_path / "dave")]

    def test_modules_without_an_order_load_by_name(self, tmp_path):
        (tmp_path / "eve").mkdir()
        (tmp_path / "eve" / "b.clp").write_text("; b\n")
        (tmp_path / "eve" / "a.clp").write_text("; a\n")
        assert expand_agents(str(tmp_path)) == [f"{tmp_path / 'eve' / 'a.clp'},{tmp_path / 'eve' / 'b.clp'}"]

    def test_a_submission_that_cannot_be_played_is_refused_alone(self, tmp_path):
        (tmp_path / "ann.clp").write_text("; ann\n")
        (tmp_path / "eve").mkdir()
        (tmp_path / "eve" / "load-order.txt").write_text("../ann.clp\n")
        refused = []
        assert expand_agents(str(tmp_path), refused) == [str(tmp_path / "ann.clp")]
        assert [r.name for r in refused] == ["eve"] and "outside the agent's folder" in refused[0].error
        with pytest.raises(BattleshipError, match="load-order.txt:1: ../ann.clp is outside"):
            expand_agents(str(tmp_path))


class TestResume:
    def test_resume_after_an_interrupt_plays_only_the_missing_games(self, tmp_path, capsys):
        whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
        common = ["bench", "--agents", "random,cross", "--maps", *FOUR_MAPS, "--jobs", "2", "--no-progress"]
        assert main([*common, "--out", str(whole)]) == 0
        lines = whole.read_text().splitlines()
        assert len(lines) == 8
        # What an interrupted run leaves: three games, and the fourth half-written.
        part.write_text("\n".join(lines[:3]) + "\n" + lines[3][:50])
        capsys.readouterr()
        assert main([*common, "--out", str(part)]) != 0
        assert "already holds results: add --resume" in capsys.readouterr().err
        assert main([*common, "--out", str(part), "--resume"]) == 0
        err = capsys.readouterr().err
        assert "resume: 3 games already in" in err and "5 to play" in err
        kept = part.read_text().splitlines()
        assert kept[:3] == lines[:3]  # the games already played were not played again
        fields = ("agent", "map", "score", "fko", "gok", "steps", "agent_hash", "map_hash")
        def games(text_lines):
            return sorted(tuple(json.loads(line)[f] for f in fields) for line in text_lines)
        assert games(kept) == games(lines)
        capsys.readouterr()
        assert main([*common, "--out", str(part), "--resume"]) == 0
        assert "8 games already in" in capsys.readouterr().err
        assert len(part.read_text().splitlines()) == 8

    def test_resume_plays_again_the_games_the_bench_failed_not_those_the_agent_failed(self, tmp_path, capsys):
        """A game not scored (killed by the per-game timeout, its worker dead or killed) is played again; a
        scored game stays, whatever the agent did in it (crashed, stalled, illegal moves: its own doing)."""
        out = tmp_path / "class.jsonl"
        common = ["bench", "--agents", "random,cross", "--maps", *FOUR_MAPS[:2], "--jobs", "2", "--no-progress",
                  "--out", str(out)]
        assert main(common) == 0
        played = [json.loads(line) for line in out.read_text().splitlines()]
        failed = {0: ("timeout", "timeout", "timed out after 60 s"),
                  1: ("error", "error", "the worker process died (exit code -9)"),
                  2: ("ok", "agent", "")}
        for number, (status, failure, error) in failed.items():
            played[number].update(status=status, failure=failure, error=error)
            if status != "ok":
                played[number]["score"] = None
        out.write_text("".join(json.dumps(r) + "\n" for r in played))
        capsys.readouterr()
        assert main([*common, "--resume"]) == 0
        err = capsys.readouterr().err
        assert "resume: 2 games already in" in err and "2 to play (2 not scored before: played again)" in err
        lines = out.read_text().splitlines()
        assert len(lines) == 4 + 2  # the two replayed games appended; the later copy of a key wins
        final = {game_key(r): r for r in map(json.loads, lines)}
        assert all(final[game_key(played[n])]["status"] == "ok" for n in (0, 1))
        assert final[game_key(played[2])]["failure"] == "agent"  # the agent's own failure is kept
        assert final[game_key(played[3])] == played[3]

    def test_resume_needs_a_tournament_file(self, tmp_path, capsys):
        assert main(["bench", "--agents", "random", "--maps", FOUR_MAPS[0], "--resume",
                     "--out", str(tmp_path / "r.csv")]) != 0
        assert "--resume needs --out RESULTS.jsonl" in capsys.readouterr().err


def test_grade_keeps_the_games_the_timeout_killed_and_bench_plays_them_again(tmp_path):
    store = ResultStore(tmp_path / "r.jsonl")
    hung, scored = record(1), record(2)
    hung["status"], hung["failure"], hung["score"] = "timeout", "timeout", None
    store.append([hung, scored])
    assert store.kept_keys() == {game_key(scored)}  # bench --resume: played again
    assert store.kept_keys(timeouts=True) == {game_key(hung), game_key(scored)}  # grade: a hung agent costs once
