"""Markers are read, and drawn, only when something shows them (docs/markers.md, "Who asks for them"): the window
and a game log do; bench, grade's games, the coach's and diff's do not. With none wanted the match never calls the
driver's ``markers()``, the agent host's child computes and sends none, and the shipped agents skip their drawing;
what they play is the same either way."""

from __future__ import annotations

import json

import pytest

from app.backends import games
from app.backends.drivers import create_driver
from app.backends.games import play
from app.backends.registry import resolve
from app.backends.runner import Match
from app.cli import main as cli_main
from app.core import PROFILES, Game
from app.solver.playable import load_game_map
from tests.paths import DATA, MAPS_DIR

DRAWING = ["incrocio", "probabilistico", "bdi"]  # the shipped agents that draw
MAPS = ["four-known.map", "bench/k0-0001.map", "bench/k2-0003.map", "bench/k4-0007.map"]
MARKER_AGENT = str(DATA / "markers" / "marker_agent.clp")


def played(agent: str, map_name: str, markers: bool, sandbox: bool = False) -> Game:
    game = Game(load_game_map(MAPS_DIR / map_name), PROFILES["unito-2019"])
    match = Match(game, create_driver(resolve(agent), seed=0, sandbox=sandbox), markers=markers)
    try:
        match.run()
    finally:
        match.close()
    return game


def what_it_played(game: Game) -> tuple:
    """Everything a game's result holds but the markers: the actions, the score, the statistics, the notes."""
    result = game.result().to_dict()
    return [event.text for event in game.events], result.pop("score"), result, game.notes


@pytest.mark.parametrize("map_name", MAPS)
@pytest.mark.parametrize("agent", DRAWING)
def test_the_shipped_agents_play_the_same_with_markers_wanted_or_not(agent, map_name):
    wanted, unwanted = played(agent, map_name, True), played(agent, map_name, False)
    assert wanted.markers and unwanted.markers == {}
    assert what_it_played(wanted) == what_it_played(unwanted)


@pytest.mark.parametrize("agent", DRAWING)
def test_confined_too(agent):
    wanted, unwanted = played(agent, "four-known.map", True, True), played(agent, "four-known.map", False, True)
    assert wanted.markers and unwanted.markers == {}
    assert what_it_played(wanted) == what_it_played(unwanted)


@pytest.fixture
def markers_read(monkeypatch) -> list[str]:
    """The agents whose driver's ``markers()`` was called, once per call, for every game ``games.play`` plays."""
    calls: list[str] = []
    made = games.create_driver

    def counting(spec, *args, **kwargs):
        driver = made(spec, *args, **kwargs)
        read = driver.markers

        def markers():
            calls.append(spec.name)
            return read()

        driver.markers = markers
        return driver

    monkeypatch.setattr(games, "create_driver", counting)
    return calls


def test_bench_grade_and_the_coach_never_ask_for_markers(markers_read):
    from app.tournament.bench.rows import BenchConfig, BenchTask, play_row

    for config in (BenchConfig(), BenchConfig(coach=True, keep_log=True)):  # bench; grade keeps logs, coaches
        row = play_row(BenchTask(MARKER_AGENT, str(MAPS_DIR / "four-known.map")), config)
        assert row.score is not None and not row.error, row
    assert markers_read == []
    assert '"type": "markers"' not in row.log and row.luck_adjusted is not None  # grade's pages show none


def test_a_traced_game_asks_as_the_window_does(markers_read):
    """diff and run --trace trace their games: they are played as the window plays them, so the firings they name
    are the ones the Rules and Changes tabs show (a drawing agent's drawing rules included)."""
    from app.analysis.diff import play_both

    old, new = play_both(MARKER_AGENT, MARKER_AGENT, load_game_map(MAPS_DIR / "four-known.map"),
                         PROFILES["unito-2019"])
    assert markers_read and old.markers == new.markers != {} and old.traces


def test_a_game_for_a_log_asks_after_every_step(markers_read):
    game = play(MARKER_AGENT, load_game_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"], markers=True)
    assert len(markers_read) == sum(not event.by_engine for event in game.events) and game.markers


def test_run_keeps_the_markers_in_its_log(tmp_path):
    log = tmp_path / "game.jsonl"
    assert cli_main(["run", "--agent", MARKER_AGENT, "--map", str(MAPS_DIR / "four-known.map"), "--quiet",
                     "--log", str(log)]) == 0
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["step"] for r in records if r["type"] == "markers"] == [0, 1, 2, 3]


COUNTING = """from agents.base import Agent, Marker
from app.core import Action, Cell


class Counting(Agent):
    name = "counting"
    asked = 0

    def act(self, observation):
        if observation.step < 3:
            return Action.fire(0, observation.step)
        self.log(f"markers asked {self.asked} times")
        return Action.solve()

    def markers(self):
        self.asked += 1
        return [Marker(Cell(1, 1), self.asked)]


AGENT = Counting
"""


@pytest.mark.parametrize("sandbox", [True, False], ids=["confined", "in-process"])
def test_the_agent_is_not_asked_for_markers_nobody_wants(tmp_path, sandbox):
    agent = tmp_path / "counting.py"
    agent.write_text(COUNTING)
    said = {}
    for markers in (True, False):
        game = played(str(agent), "four-known.map", markers, sandbox)
        said[markers] = [text for _, text in game.notes if "markers asked" in text]
        assert bool(game.markers) is markers
    assert said == {True: ["counting: markers asked 3 times"], False: ["counting: markers asked 0 times"]}


UNASKED = """import gc

from agents.base import Agent
from app.core import Action


class Unasked(Agent):
    name = "unasked"

    def act(self, observation):
        if observation.step == 0:
            for thing in gc.get_objects():
                if type(thing).__name__ == "PythonDriver":
                    thing.markers_wanted = True  # the app did not ask; the agent's own process says it did
                    thing.markers = lambda: [(3, 3, 1.0, "forged", "red")]
        return Action.fire(0, observation.step) if observation.step < 3 else Action.solve()


AGENT = Unasked
"""


def test_a_child_cannot_make_the_app_read_markers_it_did_not_ask_for(tmp_path):
    agent = tmp_path / "unasked.py"
    agent.write_text(UNASKED)
    game = Game(load_game_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"])
    driver = create_driver(resolve(str(agent)), seed=0, sandbox=True)
    match = Match(game, driver)
    try:
        match.run()
        assert "markers" not in driver._riding  # sent up unasked, not even decoded
    finally:
        match.close()
    assert game.markers == {} and game.result().steps == 4


def test_the_clips_driver_tells_the_agent_whether_markers_are_wanted():
    """Asserted when they are wanted and the agent's files name the fact (incrocio's do); never for an agent that
    does not (marker_agent.clp draws regardless), whose facts keep the indices the course's environment gives."""
    for agent, asks in (("incrocio", True), (MARKER_AGENT, False)):
        for markers in (True, False):
            game = Game(load_game_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"])
            driver = create_driver(resolve(agent), seed=0, sandbox=False)
            match = Match(game, driver, markers=markers)
            try:
                match.start()
                rows = driver.working_memory()
                wanted = ("MAIN", "board-markers-wanted") in {(row.module, row.template) for row in rows}
                assert wanted is (markers and asks), (agent, markers)
            finally:
                match.close()
