"""``diff``: two versions of an agent on one map; the first differing step and rule firing, known by construction."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.analysis.diff import diff_agents, diff_games, first_differing_firing
from app.cli import main
from app.core import PROFILES
from app.solver.playable import load_game_map
from tests.paths import MAPS_DIR

# Flags (s, 0) at steps 0..4, then solves.
OLD_AGENT = """(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(defrule guess-down (declare (salience 10)) (status (step ?s&:(< ?s 5)) (currently running))
  => (assert (exec (step ?s) (action guess) (x ?s) (y 0))) (pop-focus))
(defrule done (status (step ?s&:(>= ?s 5)) (currently running))
  => (assert (exec (step ?s) (action solve))) (pop-focus))
"""
# The same and one rule more, which takes over step 3 only: the games part there, in that step's AGENT firing.
DETOUR = """(defrule detour (declare (salience 20)) (status (step 3) (currently running))
  => (assert (exec (step 3) (action guess) (x 3) (y 9))) (pop-focus))
"""
MAP = MAPS_DIR / "open-sea.map"


@pytest.fixture
def versions(tmp_path: Path) -> tuple[str, str]:
    old, new = tmp_path / "old.clp", tmp_path / "new.clp"
    old.write_text(OLD_AGENT, encoding="utf-8")
    new.write_text(OLD_AGENT + DETOUR, encoding="utf-8")
    return str(old), str(new)


def both(old: str, new: str):
    return diff_agents(old, new, load_game_map(MAP), PROFILES["unito-2019"])


class TestDiffAgents:
    def test_names_the_step_and_the_firing_of_the_one_rule_that_differs(self, versions):
        found = both(*versions)
        assert (found.first_step, found.old_action, found.new_action) == (3, "guess 3 0", "guess 3 9")
        assert found.traced
        assert found.old_firing.rule == "AGENT::guess-down" and found.new_firing.rule == "AGENT::detour"
        assert found.old_firing.step == found.new_firing.step == 3
        assert found.old_firing.number == found.new_firing.number  # the same firings before it, one by one
        assert found.old_firing.basis == ("(status (step 3) (currently running))",)
        # a flag on a water cell (3, 0) against (3, 9) on this map: the scores say which helped
        assert found.delta == found.new_score - found.old_score

    def test_a_rule_that_computes_another_target_is_the_differing_firing(self, tmp_path):
        # the same rule on the same facts; only the cell its function computes differs from step 2 on
        old, new = tmp_path / "old.clp", tmp_path / "new.clp"
        old.write_text(OLD_AGENT, encoding="utf-8")
        new.write_text(OLD_AGENT.replace("(x ?s) (y 0)", "(x ?s) (y (if (< ?s 2) then 0 else 9))"),
                       encoding="utf-8")
        found = both(str(old), str(new))
        assert (found.first_step, found.old_action, found.new_action) == (2, "guess 2 0", "guess 2 9")
        assert found.old_firing.rule == found.new_firing.rule == "AGENT::guess-down"
        assert found.old_firing.step == 2 and found.old_firing.basis == found.new_firing.basis
        assert found.old_firing.made == ("(exec (step 2) (action guess) (x 2) (y 0))",)
        assert found.new_firing.made == ("(exec (step 2) (action guess) (x 2) (y 9))",)
        assert "       made (exec (step 2) (action guess) (x 2) (y 9))" in found.lines()

    def test_the_same_agent_twice_acts_the_same_throughout(self, versions):
        found = both(versions[0], versions[0])
        assert found.first_step is None and found.old_action is None
        assert found.traced and not found.firings_differ
        assert found.delta == 0
        assert "same actions throughout" in found.lines()

    def test_python_agents_are_compared_by_their_actions_only(self):
        found = both("cross", "random")
        assert found.first_step is not None and not found.traced
        assert found.old_firing is None and found.new_firing is None

    def test_a_game_that_ends_first_differs_where_it_ended(self, versions, tmp_path):
        shorter = tmp_path / "short.clp"
        shorter.write_text(OLD_AGENT.replace("(< ?s 5)", "(< ?s 2)").replace("(>= ?s 5)", "(>= ?s 2)"),
                           encoding="utf-8")
        found = both(versions[0], str(shorter))
        assert (found.first_step, found.old_action, found.new_action) == (2, "guess 2 0", "solve")


class TestDiffGames:
    def test_traces_compared_rule_and_matched_facts(self):
        from app.core import Game

        def game(*firings):
            played = Game(load_game_map(MAP), PROFILES["unito-2019"])
            played.traces = {0: {"step": 0, "firings": [
                {"module": "AGENT", "rule": rule, "salience": 0, "basis": [{"index": 1, "text": fact}]}
                for rule, fact in firings]}}
            return played

        same_rule_other_fact = first_differing_firing(game(("a", "(x 1)"), ("b", "(y 1)")),
                                                      game(("a", "(x 1)"), ("b", "(y 2)")))
        assert [f.number for f in same_rule_other_fact] == [2, 2]
        assert same_rule_other_fact[1].basis == ("(y 2)",)
        old, new = first_differing_firing(game(("a", "(x 1)")), game(("a", "(x 1)"), ("c", "(z 1)")))
        assert old is None and new.rule == "AGENT::c"
        assert diff_games(game(("a", "(x 1)")), game(("a", "(x 1)"))).firings_differ is False


class TestDiffCommand:
    def test_json_has_the_step_actions_scores_and_firings(self, versions, capsys):
        assert main(["diff", *versions, "--map", str(MAP), "--json"]) == 0
        found = json.loads(capsys.readouterr().out)
        assert (found["first_step"], found["old_action"], found["new_action"]) == (3, "guess 3 0", "guess 3 9")
        assert found["new_firing"]["rule"] == "AGENT::detour" and found["old_firing"]["step"] == 3
        assert found["new_score"] - found["old_score"] == found["delta"]

    def test_text_names_both_actions_and_the_firing(self, versions, capsys):
        assert main(["diff", *versions, "--map", str(MAP)]) == 0
        out = capsys.readouterr().out
        assert "first differing step: 3" in out and "AGENT::detour, firing" in out
        assert "score: old" in out and "delta" in out

    @pytest.mark.parametrize("agent, expected", [
        ("no-such-agent", "unknown agent 'no-such-agent'"),
        ("{tmp}/bad.clp", "no AGENT module"),
        ("{tmp}/bad_agent.py", "syntax error"),
    ])
    def test_a_bad_agent_is_one_line(self, versions, tmp_path, capsys, agent, expected):
        (tmp_path / "bad.clp").write_text("(defrule broken (foo =>\n", encoding="utf-8")
        (tmp_path / "bad_agent.py").write_text("def x(:\n", encoding="utf-8")
        assert main(["diff", versions[0], agent.format(tmp=tmp_path), "--map", str(MAP)]) == 2
        err = capsys.readouterr().err
        assert expected in err and len(err.strip().splitlines()) == 1

    def test_a_missing_map_is_one_line(self, versions, capsys):
        assert main(["diff", *versions, "--map", "no/such.map"]) == 2
        assert "no/such.map" in capsys.readouterr().err
