"""``--agent-param`` for Python agents: declared attributes only, typed by their defaults, one-line errors."""

from __future__ import annotations

import pytest

from agents.base import Agent
from app.backends.games import play
from app.backends.python_runner import PythonDriver
from app.core import PROFILES, AgentError
from app.core.formats import load_map
from tests.paths import MAPS_DIR


class Tunable(Agent):
    name = "tunable"
    parameters = ("depth", "rate", "greedy", "label")
    depth = 2
    rate = 0.5
    greedy = False
    label = "x"

    def act(self, observation):
        return "solve"


def test_values_take_the_type_of_the_default():
    agent = Tunable()
    agent.set_params({"depth": "7", "rate": "1e-3", "greedy": "yes", "label": "fast one"})
    assert (agent.depth, agent.rate, agent.greedy, agent.label) == (7, 0.001, True, "fast one")
    agent.set_params({"greedy": "off"})
    assert agent.greedy is False
    assert Tunable.depth == 2  # the class default is untouched


@pytest.mark.parametrize("params, message", [
    ({"speed": "1"}, "agent tunable has no parameter 'speed' (its parameters: depth, rate, greedy, label)"),
    ({"depth": "2.5"}, "agent tunable: parameter depth='2.5' is not a whole number (default 2)"),
    ({"rate": "fast"}, "agent tunable: parameter rate='fast' is not a number (default 0.5)"),
    ({"greedy": "maybe"}, "agent tunable: parameter greedy='maybe' is not true or false (default False)"),
])
def test_bad_params_are_one_line_errors(params, message):
    with pytest.raises(AgentError) as caught:
        Tunable().set_params(params)
    assert str(caught.value) == message


def test_shipped_agent_without_parameters_rejects_any():
    game_map = load_map(MAPS_DIR / "four-known.map")
    with pytest.raises(AgentError, match="agent cross has no parameter 'depth' \\(its parameters: none\\)"):
        play("cross", game_map, PROFILES["unito-2019"], params={"depth": "3"})


def test_params_reach_the_agent_before_start():
    game_map = load_map(MAPS_DIR / "four-known.map")
    lines: list[str] = []
    play("bayes", game_map, PROFILES["unito-2019"], params={"plan_layouts": "0"}, on_log=lines.append)
    assert lines and not any("exact search" in line for line in lines)
    lines.clear()
    play("bayes", game_map, PROFILES["unito-2019"], on_log=lines.append)
    assert any("exact search" in line for line in lines)


def test_runner_keys_are_the_runners():
    """time_limit caps a step as in the CLIPS bridge; max_firings only concerns CLIPS and is ignored."""
    from app.backends.base import StartContext
    from app.core import Game

    game_map = load_map(MAPS_DIR / "four-known.map")
    game = Game(game_map, PROFILES["unito-2019"])
    driver = PythonDriver(Tunable())
    try:
        driver.start(game.observation(), StartContext(game.profile, params={"time_limit": "2.5", "max_firings": "9"}))
        assert driver.step_seconds == 2.5
    finally:
        driver.close()
    driver = PythonDriver(Tunable())
    try:
        with pytest.raises(AgentError, match="time_limit must be positive"):
            driver.start(game.observation(), StartContext(game.profile, params={"time_limit": "0"}))
    finally:
        driver.close()


def test_the_driver_lists_the_parameters_in_force():
    """What the window's parameters dialog shows: the agent's own, then the step time cap."""
    from app.backends.base import StartContext
    from app.core import Game

    game = Game(load_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"])
    driver = PythonDriver(Tunable())
    try:
        assert list(driver.parameters().items()) == [("depth", "2"), ("rate", "0.5"), ("greedy", "False"),
                                                     ("label", "x"), ("time_limit", "10")]
        driver.start(game.observation(), StartContext(game.profile, params={"depth": "5", "time_limit": "2.5"}))
        assert driver.parameters() == {"depth": "5", "rate": "0.5", "greedy": "False", "label": "x",
                                       "time_limit": "2.5"}
    finally:
        driver.close()
    assert PythonDriver(Tunable(), step_seconds=None).parameters().get("time_limit") is None  # no cap: none listed


def test_a_scoped_param_goes_to_its_agent_only():
    from app.backends.games import params_for
    from app.backends.params import parse_agent_params

    params = parse_agent_params(["bdi:max-age=10", "time_limit=3", "bayes:plan_layouts=0"], ["bdi", "bayes", "cross"])
    assert params_for(params, "bdi") == {"max-age": "10", "time_limit": "3"}
    assert params_for(params, "bayes") == {"plan_layouts": "0", "time_limit": "3"}
    assert params_for(params, "cross") == {"time_limit": "3"}
    game_map = load_map(MAPS_DIR / "four-known.map")
    play("cross", game_map, PROFILES["unito-2019"], params=params)  # nothing of bdi's or bayes's reaches cross


@pytest.mark.parametrize("item, words", [
    ("bdj:max-age=10", "--agent-param bdj:max-age=10: 'bdj' is not an agent of this command (bdi, cross)"),
    ("bdi:=3", "--agent-param bdi:=3: no KEY after 'bdi:'"),
    ("max-age", "--agent-param wants KEY=VALUE or AGENT:KEY=VALUE, not 'max-age'"),
])
def test_a_scope_that_names_no_agent_is_an_error(item, words):
    from app.backends.params import parse_agent_params
    from app.core import BattleshipError

    with pytest.raises(BattleshipError) as caught:
        parse_agent_params([item], ["bdi", "cross"])
    assert str(caught.value) == words
