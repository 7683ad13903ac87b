"""The agent host forwards the whole driver interface: every call gives what the same driver gives in-process.

Each agent plays the same game twice, in the app's process and in its host
process, through a driver that writes down every call the match and the GUI
make and what it returned (actions, several execs, declared k-cells, traces,
printout, facts, parameters, belief): the two transcripts must be equal.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from app.backends.base import Driver
from app.backends.drivers import create_driver
from app.backends.host.calls import ATTRIBUTES, CALLS, LOCAL
from app.backends.host.driver import HostedDriver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import PROFILES, Game
from app.core.formats import load_map
from tests.paths import COURSE_MAPS, DATA, MAPS_DIR

# Two execs in one step (the engine carries out the newest the course could), a k-cell of its own, a printout.
SEVERAL_EXECS = """(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deftemplate agent-params (slot shots (type INTEGER) (default 3)))
(deffacts AGENT::mine (k-cell (x 9) (y 9) (content sub)))
(defrule AGENT::two (status (step ?s&:(< ?s 6)) (currently running)) =>
  (printout t "step " ?s crlf)
  (assert (exec (step ?s) (action fire) (x ?s) (y 0)))
  (assert (exec (step ?s) (action guess) (x ?s) (y 1))) (pop-focus))
(defrule AGENT::mark (declare (salience 10)) (status (step 2) (currently running)) => (assert (k-cell (x 8) (y 8) (content water))))
(defrule AGENT::end (status (step ?s&:(>= ?s 6)) (currently running)) =>
  (assert (exec (step ?s) (action solve))) (pop-focus))
"""


def _methods(cls) -> set[str]:
    return {name for name, value in vars(cls).items() if callable(value) and not name.startswith("_")}


class TestTheTable:
    def test_every_driver_method_is_forwarded_or_answered_here(self):
        assert _methods(Driver) <= set(CALLS) | set(LOCAL)
        for name in CALLS:
            assert name in vars(HostedDriver), f"HostedDriver has no method {name} of its own"

    def test_the_protocol_checks_wrapper_passes_every_call_on(self):
        from app.backends.step_checks import CheckedDriver

        assert _methods(Driver) <= _methods(CheckedDriver)

    def test_every_attribute_set_before_start_goes_down(self):
        attributes = {name for name, value in vars(Driver).items()
                      if not name.startswith("_") and not callable(value) and name != "name"}
        assert attributes == set(ATTRIBUTES)

    def test_value_objects_cross_with_their_dict(self):
        from app.backends.tracing.steptrace import Activation, BasisFact, FactChange, Firing, StepTrace

        trace = StepTrace(3, (Firing("AGENT", "r", 10, (BasisFact(4, "(a)"), BasisFact(None, ""))),),
                          (FactChange("asserted", 4, "AGENT", "a", "(a)"),), (Activation("AGENT", "r", 0, (4, None)),),
                          ("AGENT", "MAIN"), ("AGENT::r",))
        codec = CALLS["trace"].codec
        assert codec.decode(codec.encode(trace)) == trace
        assert codec.decode(codec.encode(None)) is None

    def test_actions_keep_their_kind(self):
        from app.core import Action

        codec = CALLS["next_action"].codec
        for value in (None, Action.fire(1, 2), "fire x 2", (Action.guess(0, 0), "nonsense 1", Action.solve())):
            assert codec.decode(codec.encode(value)) == value


class Transcript(Driver):
    """Wraps a driver and writes down every call and what it returned (as the GUI asks: belief, facts...)."""

    def __init__(self, inner: Driver, tracing: bool):
        self.inner, self.name, self.calls, self.tracing = inner, inner.name, [], tracing

    def _call(self, name: str, *args):
        try:
            value = getattr(self.inner, name)(*args)
        except Exception as error:
            self.calls.append((name, f"raised {type(error).__name__}: {error}"))
            raise
        if isinstance(value, np.ndarray):
            noted = value.round(12).tolist()
        elif hasattr(value, "to_dict"):
            noted = value.to_dict()
        else:
            noted = value
        self.calls.append((name, noted))
        return value

    def _queries(self):
        for name in ("load_errors", "parameters", "belief", "facts", "working_memory", "exec_facts"):
            self._call(name)

    def start(self, observation, context):
        self.inner.tracing = self.tracing
        self._call("start", observation, context)
        self._queries()
        for rule in self._call("rule_names")[-3:]:  # the agent's own come last
            self._call("why_not", rule)

    def after(self, event, observation):
        self._call("after", event, observation)
        self._queries()

    def next_action(self, observation):
        action = self._call("next_action", observation)
        self._call("turn_summary")
        self.calls.append(("firings", getattr(self.inner, "firings", None)))
        return action

    def advance(self, observation, pause):
        return self._call("advance", observation, pause)

    def declared_k_cells(self):
        return self._call("declared_k_cells")

    def output(self):
        return self._call("output")

    def trace(self):
        return self._call("trace")

    def close(self):
        self.inner.close()


def transcript(agent: str, map_path: Path, sandbox: bool, params: dict | None = None,
               tracing: bool = True) -> tuple[list, dict]:
    game = Game(load_map(map_path), PROFILES["unito-2022" if "2022" in map_path.name else "unito-2019"])
    driver = Transcript(create_driver(resolve(agent), seed=3, sandbox=sandbox), tracing)
    match = Match(game, driver, params=params)
    try:
        match.run()
    finally:
        match.close()
    assert isinstance(driver.inner, HostedDriver) is sandbox
    return driver.calls, game.result().to_dict()


def _cases(tmp: Path) -> list[str]:
    several = tmp / "several.clp"
    several.write_text(SEVERAL_EXECS)
    return [str(several), *sorted(str(path) for path in (DATA / "course-cases").glob("*.clp"))]


def same_transcripts(agents: list[str], map_path: Path, tracing: bool) -> bool:
    """Each agent's game and calls are the same in the host as in-process; True when a trace had firings."""
    traced = False
    for agent in agents:
        local, local_result = transcript(agent, map_path, sandbox=False, tracing=tracing)
        hosted, hosted_result = transcript(agent, map_path, sandbox=True, tracing=tracing)
        assert hosted_result == local_result, agent
        assert {"next_action", "declared_k_cells", "trace", "working_memory"} <= {name for name, _ in local}, agent
        for index, (mine, theirs) in enumerate(zip(local, hosted)):
            assert mine == theirs, f"{agent}: call {index}"
        assert len(hosted) == len(local), agent
        traced |= any(name == "trace" and isinstance(value, dict) and value["firings"] for name, value in hosted)
    return traced


@pytest.mark.parametrize("map_path", [COURSE_MAPS / "mappa1.clp", COURSE_MAPS / "test_a_obs.clp",
                                      MAPS_DIR / "four-known.map"], ids=lambda path: path.stem)
def test_the_course_cases_traced_in_the_host_as_in_process(tmp_path, map_path):
    assert same_transcripts(_cases(tmp_path), map_path, tracing=True)


def test_the_shipped_agents_in_the_host_as_in_process():
    agents = ["incrocio", "probabilistico", "bdi", "random", "cross"]
    assert not same_transcripts(agents, COURSE_MAPS / "mappa1.clp", tracing=False)


def test_several_execs_declared_k_cells_and_params_cross(tmp_path):
    several = tmp_path / "several.clp"
    several.write_text(SEVERAL_EXECS)
    calls, result = transcript(str(several), MAPS_DIR / "four-known.map", sandbox=True, params={"shots": "5"},
                               tracing=False)
    actions = [value for name, value in calls if name == "next_action"]
    assert any(isinstance(value, tuple) and len(value) == 2 for value in actions)
    declared = [value for name, value in calls if name == "declared_k_cells" and value]
    assert [[(cell.x, cell.y, piece.value) for cell, piece in value] for value in declared] == [
        [(9, 9, "sub")], [(8, 8, "water")]]
    assert ("parameters", {"shots": "5", "max_firings": "200000", "time_limit": "5"}) in calls
    assert any("step 0" in line for name, value in calls if name == "output" for line in value)
    assert result["steps"] == 7


@pytest.mark.parametrize("firings", [1, 3])
def test_a_turn_in_parts_pauses_alike(tmp_path, firings):
    from app.backends.base import PauseRequest

    agent = _cases(tmp_path)[0]
    transcripts = []
    for sandbox in (False, True):
        game = Game(load_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"])
        driver = Transcript(create_driver(resolve(agent), sandbox=sandbox), tracing=True)
        match = Match(game, driver)
        try:
            while not game.over:
                match.advance(PauseRequest(firings=firings, breakpoints=frozenset({"AGENT::mark"})))
        finally:
            match.close()
        transcripts.append((driver.calls, game.result().to_dict()))
    (local, local_result), (hosted, hosted_result) = transcripts
    assert hosted_result == local_result
    assert hosted == local
    assert any(name == "advance" and value for name, value in local)


def test_a_dead_childs_queries_answer_nothing(tmp_path):
    driver = create_driver(resolve("random"), sandbox=True)
    try:
        driver.request_cancel()
        assert driver.belief() is None and driver.facts() is None and driver.parameters() == {}
        assert driver.declared_k_cells() == [] and driver.trace() is None and driver.exec_facts() is None
        assert driver.rule_names() == () and driver.why_not("AGENT::x") is None
    finally:
        driver.close()


def test_the_live_protocol_checks_find_the_same_in_the_host(tmp_path):
    from app.backends import host
    from app.backends.games import play

    agents = [*_cases(tmp_path)[:1], *map(str, sorted((Path(__file__).parent / "broken_agents").glob("*.clp")))]
    findings = {}
    for sandbox in (False, True):
        host.set_enabled(sandbox)
        try:
            for agent in agents:
                found = []
                game = play(agent, load_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"], on_finding=found.append)
                findings.setdefault(agent, []).append(([f.describe() for f in found], game.result().to_dict()))
        finally:
            host.set_enabled(None)
    assert sum(bool(local[0]) for local, _ in findings.values()) >= 10
    for agent, (local, hosted) in findings.items():
        assert hosted == local, agent


# A rule whose condition runs slow (~1 s) when the outcome of the first fire is mirrored (in ``after``, not in a
# turn); reported once it returns (an endless one never returns in the app's process: app/backends/clips/watchdog.py)
LOOPS_IN_AFTER = """(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deffunction AGENT::spin () (loop-for-count 25000000 do (bind ?x 1)) TRUE)
(defrule AGENT::go (status (step ?s) (currently running)) =>
  (assert (exec (step ?s) (action fire) (x ?s) (y 0))) (pop-focus))
(defrule AGENT::trap (moves (fires 4)) (test (spin)) => (printout t "never" crlf))
"""


def test_a_failure_in_after_ends_the_game_alike(tmp_path):
    """``after`` does not wait for its reply in the host (it travels with the next request): a failure there
    must still end the game at the same step with the same reason."""
    agent = tmp_path / "loops_in_after.clp"
    agent.write_text(LOOPS_IN_AFTER)
    results = []
    for sandbox in (False, True):
        game = Game(load_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"])
        match = Match(game, create_driver(resolve(str(agent)), step_seconds=0.5, sandbox=sandbox))
        try:
            match.run()
        finally:
            match.close()
        results.append(game.result().to_dict())
    assert "time limit" in results[0]["stop_reason"] and results[0]["steps"] == 2
    assert results[1] == results[0]
