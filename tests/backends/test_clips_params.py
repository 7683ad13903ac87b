"""Agent parameters of CLIPS agents: the bridge fills the agent's ``agent-params`` fact from --agent-param."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.backends.clips.running import DEFAULT_MAX_FIRINGS, DEFAULT_TIME_LIMIT
from app.backends.drivers import create_driver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import PROFILES, AgentError, Game
from app.core.formats import load_map
from tests.paths import MAPS_DIR

HEADER = "(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))\n"

PARAMS_AGENT = HEADER + """
(deftemplate agent-params
   (slot depth (type INTEGER) (range 1 9) (default 3))
   (slot rate (type FLOAT) (default 0.5))
   (slot mode (type SYMBOL) (allowed-values careful bold) (default careful))
   (slot label (type STRING) (default "none")))
(deffacts defaults (agent-params))
(defrule show (status (step ?s) (currently running)) (agent-params (depth ?d) (rate ?r) (mode ?m) (label ?l))
  => (printout t "params " ?d " " ?r " " ?m " " ?l crlf) (assert (exec (step ?s) (action solve))) (pop-focus))
"""


def play(tmp_path: Path, text: str, params: dict[str, str]) -> list[str]:
    """Play one game of the agent ``text``; returns the log lines."""
    path = tmp_path / "agent.clp"
    path.write_text(text, encoding="utf-8")
    game = Game(load_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"])
    log: list[str] = []
    match = Match(game, create_driver(resolve(str(path))), on_log=log.append, params=params)
    try:
        match.run()
    finally:
        match.close()
    return log


def shown(log: list[str]) -> str:
    return next(line.split("params ", 1)[1] for line in log if "params " in line)


class TestAgentParams:
    def test_defaults_without_params(self, tmp_path):
        assert shown(play(tmp_path, PARAMS_AGENT, {})) == '3 0.5 careful none'

    def test_values_are_converted_by_slot_type(self, tmp_path):
        log = play(tmp_path, PARAMS_AGENT, {"depth": "7", "rate": "2", "mode": "bold", "label": "two words"})
        assert shown(log) == "7 2.0 bold two words"

    def test_bridge_params_are_not_agent_params(self, tmp_path):
        log = play(tmp_path, PARAMS_AGENT, {"max_firings": "5000", "time_limit": "3", "depth": "2"})
        assert shown(log) == "2 0.5 careful none"

    def test_fact_is_asserted_when_the_agent_has_none(self, tmp_path):
        text = PARAMS_AGENT.replace("(deffacts defaults (agent-params))", "")
        assert shown(play(tmp_path, text, {"mode": "bold"})) == "3 0.5 bold none"

    @pytest.mark.parametrize("params, words", [
        ({"speed": "3"}, ["no parameter 'speed'", "depth, label, mode, rate", "max_firings"]),
        ({"depth": "deep"}, ["depth='deep'", "INTEGER in 1..9"]),
        ({"depth": "10"}, ["bad parameter value", "depth takes INTEGER in 1..9"]),
        ({"mode": "wild"}, ["bad parameter value", "one of careful, bold"]),
    ])
    def test_bad_params_are_clear_errors(self, tmp_path, params, words):
        with pytest.raises(AgentError) as error:
            play(tmp_path, PARAMS_AGENT, params)
        for word in words:
            assert word in str(error.value)

    def test_agent_without_params_template_rejects_params(self, tmp_path):
        text = HEADER + "(defrule go (status (step ?s)) => (assert (exec (step ?s) (action solve))) (pop-focus))\n"
        with pytest.raises(AgentError, match="takes no parameter depth"):
            play(tmp_path, text, {"depth": "2"})
        assert play(tmp_path, text, {"max_firings": "100"}) is not None


def listed(tmp_path: Path, text: str, params: dict[str, str]) -> dict[str, str]:
    """What the driver lists as the agent's parameters once the game has started with ``params``."""
    path = tmp_path / "agent.clp"
    path.write_text(text, encoding="utf-8")
    game = Game(load_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"])
    match = Match(game, create_driver(resolve(str(path))), params=params)
    try:
        match.start()
        return match.driver.parameters()
    finally:
        match.close()


class TestListedParams:
    def test_the_slots_with_their_defaults_then_the_bridges_caps(self, tmp_path):
        assert list(listed(tmp_path, PARAMS_AGENT, {}).items()) == [
            ("depth", "3"), ("rate", "0.5"), ("mode", "careful"), ("label", "none"),
            ("max_firings", str(DEFAULT_MAX_FIRINGS)), ("time_limit", f"{DEFAULT_TIME_LIMIT:g}")]

    def test_the_values_in_force(self, tmp_path):
        values = listed(tmp_path, PARAMS_AGENT, {"depth": "7", "mode": "bold", "time_limit": "2.5"})
        assert (values["depth"], values["mode"], values["rate"], values["time_limit"]) == ("7", "bold", "0.5", "2.5")

    def test_before_the_fact_exists_the_defaults(self, tmp_path):
        text = PARAMS_AGENT.replace("(deffacts defaults (agent-params))", "")
        assert listed(tmp_path, text, {})["depth"] == "3"

    def test_an_agent_without_the_template_lists_the_caps(self, tmp_path):
        text = HEADER + "(defrule go (status (step ?s) (currently running)) => " \
                        "(assert (exec (step ?s) (action solve))) (pop-focus))\n"
        assert list(listed(tmp_path, text, {"max_firings": "300"}).items()) == [
            ("max_firings", "300"), ("time_limit", f"{DEFAULT_TIME_LIMIT:g}")]
