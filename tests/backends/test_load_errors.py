"""Load errors are never silent: named where they are, carried by every result of the game."""

from __future__ import annotations

import pytest

from app.analysis.mistakes import load_errors
from app.backends.games import play
from app.backends.registry import ROOT, resolve
from app.core import PROFILES, AgentError
from app.core.formats import load_map
from tests.paths import MAPS_DIR

BROKEN = ROOT / "tests" / "backends" / "broken_agents"
FOUR_KNOWN = load_map(MAPS_DIR / "four-known.map")
RULES = PROFILES["unito-2019"]


def test_a_missing_paren_is_named_where_the_form_opens_then_clips_says_its_part():
    errors = load_errors(resolve(str(BROKEN / "missing_paren.clp")), RULES)
    assert errors[0] == (f"{BROKEN / 'missing_paren.clp'}:8: `(assert` opened here is not closed before "
                         f"`(defrule AGENT::fire-corner` at line 11")
    assert "missing_paren.clp:11: Missing function declaration for 'defrule'" in errors[1]
    assert len(errors) == 2


def test_an_undefined_function_is_named_with_its_line():
    [error] = load_errors(resolve(str(BROKEN / "misspelt.clp")), RULES)
    assert "misspelt.clp:7: Missing function declaration for 'asert'" in error


def test_a_slot_typo_in_a_modify_is_named_on_its_own_line_not_the_rules_last():
    [error] = load_errors(resolve(str(BROKEN / "modify_slot.clp")), RULES)
    assert error.startswith(f"{BROKEN / 'modify_slot.clp'}:11: Invalid slot 'cuont' not defined")


@pytest.mark.parametrize("agent", ["agents/templates/my_agent.clp", "agents/templates/my_agent.py", "incrocio"])
def test_an_agent_that_loads_has_none(agent):
    assert load_errors(resolve(agent if "/" not in agent else str(ROOT / agent)), RULES) == []


def test_a_python_agent_that_does_not_import_is_an_agent_error(tmp_path):
    bad = tmp_path / "bad_agent.py"
    bad.write_text("def act(:\n")
    with pytest.raises(AgentError, match=r"bad_agent\.py:1: syntax error"):
        load_errors(resolve(str(bad)), RULES)


def test_every_result_of_the_game_is_marked():
    lines: list[str] = []
    game = play(str(BROKEN / "misspelt.clp"), FOUR_KNOWN, RULES, on_log=lines.append)
    result = game.result()
    assert len(result.load_errors) == 1 and "asert" in result.load_errors[0]
    assert result.load_note == "agent loaded with 1 error"
    assert result.to_dict()["load_errors"] == list(result.load_errors)
    assert "agent loaded with 1 error" in lines
    assert (0, "agent loaded with 1 error") in game.notes


def test_a_clean_result_is_not_marked():
    result = play("agents/templates/my_agent.clp", FOUR_KNOWN, RULES).result()
    assert result.load_errors == () and result.load_note == "" and "load_errors" not in result.to_dict()


def test_bench_marks_the_rows_and_the_summary():
    from app.tournament.bench import BenchConfig, BenchTask, FailureKind, GameRow, play_row, summarize

    row = play_row(BenchTask(str(BROKEN / "misspelt.clp"), str(MAPS_DIR / "four-known.map")), BenchConfig())
    assert row.failure is FailureKind.LOAD_ERRORS and row.load_errors == 1 and row.scored
    assert GameRow.from_dict({k: "" if v is None else str(v) for k, v in row.to_dict().items()}).load_errors == 1
    [summary] = summarize([row])
    assert summary.load_errors == 1 and summary.failures == 1
    clean = play_row(BenchTask("agents/templates/my_agent.clp", str(MAPS_DIR / "four-known.map")), BenchConfig())
    assert clean.failure is FailureKind.NONE and clean.load_errors == 0


def test_a_saved_game_keeps_its_mark_in_the_replay(tmp_path):
    from app.core import gamelog

    game = play(str(BROKEN / "misspelt.clp"), FOUR_KNOWN, RULES)
    gamelog.save(game, tmp_path / "g.jsonl")
    replayed = gamelog.replay_file(tmp_path / "g.jsonl").result
    assert replayed.load_errors == game.result().load_errors and replayed.load_note == "agent loaded with 1 error"
