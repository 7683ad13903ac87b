"""Hostile or broken CLIPS agents end the game cleanly, with the reason in the log."""

from __future__ import annotations

import pytest

from app.backends.drivers import create_driver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import Game, Outcome
from tests.helpers import OPEN_GRID, grid_map

HEADER = "(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))\n"


def play(tmp_path, body: str, **params: str):
    path = tmp_path / "agent.clp"
    path.write_text(HEADER + body)
    game = Game(grid_map(OPEN_GRID))
    log: list[str] = []
    match = Match(game, create_driver(resolve(str(path))), on_log=log.append, params=params)
    try:
        return match.run(), log
    finally:
        match.close()


@pytest.mark.parametrize("exec_fact, words", [
    ("(exec (step ?s) (action fire) (x abc) (y 3))", "malformed action"),
    ("(exec (step ?s) (action guess) (x 1))", "malformed action"),
])
def test_malformed_exec_is_rejected_and_the_game_goes_on(tmp_path, exec_fact, words):
    body = f"""
(defrule AGENT::bad (status (step ?s&:(< ?s 3)) (currently running)) =>
   (assert {exec_fact}) (pop-focus))
(defrule AGENT::done (declare (salience -5)) (status (step ?s&:(>= ?s 3)) (currently running)) =>
   (assert (exec (step ?s) (action solve))) (pop-focus))
"""
    result, _ = play(tmp_path, body)
    assert [e.outcome for e in result.events] == [Outcome.REJECTED] * 3 + [Outcome.SOLVED]
    assert words in result.events[0].reason
    assert result.stop_reason == "solved by the agent"


def test_off_board_fire_is_accepted_as_the_course_does(tmp_path):
    body = """
(defrule AGENT::off (status (step ?s&:(< ?s 3)) (currently running)) =>
   (assert (exec (step ?s) (action fire) (x 12) (y 3))) (pop-focus))
(defrule AGENT::done (declare (salience -5)) (status (step ?s&:(>= ?s 3)) (currently running)) =>
   (assert (exec (step ?s) (action solve))) (pop-focus))
"""
    result, _ = play(tmp_path, body)
    assert [e.outcome for e in result.events] == [Outcome.FIRE_WASTED] * 3 + [Outcome.SOLVED]
    assert "off the board; the course accepts it" in result.events[0].reason
    assert result.statistics.fires_left == 2 and result.stop_reason == "solved by the agent"


def test_exec_for_another_step_is_never_carried_out(tmp_path):
    body = """
(defrule AGENT::wrong-step (status (step ?s) (currently running)) =>
   (assert (exec (step (+ ?s 7)) (action fire) (x 0) (y 2))) (pop-focus))
"""
    result, _ = play(tmp_path, body)
    assert "stall" in result.stop_reason and result.events[0].outcome is not Outcome.HIT


def test_memory_hungry_agent_is_stopped(tmp_path):
    body = """
(deftemplate AGENT::junk (slot n) (multislot payload))
(defrule AGENT::hoard (status (step ?s) (currently running)) =>
   (bind ?i 0)
   (while TRUE do
      (bind ?i (+ ?i 1))
      (assert (junk (n ?i) (payload (create$ ?i ?i ?i ?i ?i ?i ?i ?i))))))
"""
    result, log = play(tmp_path, body, time_limit="1")
    assert result.events[-1].by_engine and result.stop_reason
    assert any("game stopped" in line for line in log)
