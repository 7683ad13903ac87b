"""What an agent draws on the board: read from a CLIPS agent's board-marker facts and a Python agent's markers(),
capped when they cross from the agent's process, kept per step in the game and its saved log."""

from __future__ import annotations

import json

import pytest

from app.backends.drivers import create_driver
from app.backends.host.calls import CALLS
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import PROFILES, Cell, Game
from app.core.gamelog import replay_file, save
from app.core.markers import MAX_LABEL, MAX_MARKERS, Marker, markers_at
from app.solver.playable import load_game_map
from tests.paths import DATA, MAPS_DIR, ROOT

AGENTS = DATA / "markers"
#: what both marker agents draw after each step (they fire at (9, step) for 4 steps, then solve)
FIRED = [Marker(Cell(9, step), float(step), "", "red") for step in range(4)]
START = Marker(Cell(0, 0), None, "start", "blue")


def played(agent: str, sandbox: bool, agent_map: str = "four-known.map") -> Game:
    game = Game(load_game_map(MAPS_DIR / agent_map), PROFILES["unito-2019"])
    match = Match(game, create_driver(resolve(str(agent)), seed=0, sandbox=sandbox), markers=True)
    try:
        match.run()
    finally:
        match.close()
    return game


@pytest.mark.parametrize("sandbox", [True, False], ids=["confined", "in-process"])
class TestMarkerAgents:
    def test_a_clips_agents_board_markers_are_kept_as_they_change(self, sandbox):
        game = played(str(AGENTS / "marker_agent.clp"), sandbox)
        assert game.markers[0] == (START, FIRED[0])  # its deffacts' marker, then the one of its first turn
        assert game.markers[1] == (START, *FIRED[:2])
        assert game.markers[2] == tuple(FIRED[:3])  # it took (0, 0)'s away at step 2
        assert markers_at(game.markers, 4) == tuple(FIRED)  # the solve drew nothing new: step 3's are in force
        assert 4 not in game.markers

    def test_a_python_agents_markers_are_kept(self, sandbox):
        game = played(str(AGENTS / "marker_agent.py"), sandbox)
        assert game.markers[0] == (FIRED[0], START)
        assert markers_at(game.markers, 3) == (*FIRED, START)

    def test_an_agent_that_draws_nothing_records_nothing(self, sandbox):
        assert played("cross", sandbox).markers == {}


def test_the_saved_log_keeps_them_and_its_replay_shows_them(tmp_path):
    game = played(str(AGENTS / "marker_agent.clp"), sandbox=True)
    save(game, tmp_path / "game.jsonl")
    kept = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()]
    assert [r["step"] for r in kept if r["type"] == "markers"] == [0, 1, 2, 3]
    replay = replay_file(tmp_path / "game.jsonl")
    assert replay.mismatches == [] and replay.game.markers == game.markers


def test_markers_from_a_forging_agent_process_are_capped():
    """The agent replaces its driver's markers() in its own process with raw lists (too many, endless labels,
    NaN, infinities, unknown colours, off-board cells): the app caps them, and the game goes on."""
    game = played(str(AGENTS / "hostile_markers.py"), sandbox=True)
    assert any("patched 1 drivers" in text for _, text in game.notes), game.notes
    markers = game.markers[0]
    assert len(markers) == MAX_MARKERS
    assert all(m.cell.on_board() and len(m.label) <= MAX_LABEL and not m.colour for m in markers)
    assert all(m.value is None or m.value == int(m.value) for m in markers)  # only the finite ones are kept
    assert game.result().stop_reason and game.events[-1].text == "solve"


def test_the_hosts_codec_caps_whatever_comes_up():
    decode = CALLS["markers"].codec.decode
    assert decode({"not": "a list"}) == ()
    assert len(decode([[x % 10, x // 10 % 10, float("nan"), "x" * 99, "pink"] for x in range(9999)])) == MAX_MARKERS


def test_a_python_agent_whose_markers_break_plays_on(tmp_path):
    agent = tmp_path / "broken_markers.py"
    agent.write_text("from agents.base import Agent\nfrom app.core import Action\n\n\n"
                     "class Broken(Agent):\n    name = 'broken'\n\n"
                     "    def act(self, observation):\n"
                     "        return Action.fire(0, observation.step) if observation.step < 2 else Action.solve()\n\n"
                     "    def markers(self):\n        return 42\n\n\nAGENT = Broken\n")
    game = played(str(agent), sandbox=False)
    said = [text for _, text in game.notes if "markers" in text]
    assert said == ["agent broken: markers() returned int, not a list of markers (its markers are not shown)"]
    assert game.result().steps == 3 and game.markers == {}


def test_the_board_marker_template_is_mains_and_documented():
    main = (ROOT / "resources" / "clips" / "main.clp").read_text()
    assert "(deftemplate board-marker" in main and "docs/markers.md" in main


COURSE_ENV = ROOT.parent / "shared" / "course-env"


@pytest.mark.skipif(not COURSE_ENV.is_dir(), reason="../shared/course-env (the course's own main.clp/env.clp) is absent")
@pytest.mark.parametrize("agent", [[AGENTS / "marker_agent.clp"],
                                   [ROOT / "agents/clips/lib/knowledge.clp", ROOT / "agents/clips/incrocio/strategy.clp"]],
                         ids=["marker_agent", "incrocio"])
def test_an_agent_that_draws_plays_the_same_in_the_courses_own_environment(agent):
    from app.analysis.crosscheck import crosscheck

    comparison = crosscheck(COURSE_ENV / "unito-2019" / "main.clp", COURSE_ENV / "unito-2019" / "env.clp", agent,
                            DATA / "course-maps" / "mappa1.clp", PROFILES["unito-2019"])
    assert comparison.difference is None, comparison.describe()


MODIFYING = """(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deffacts AGENT::mark (board-marker (x 4) (y 4) (value 0.5) (label hot)))
(defrule AGENT::count-in-the-marker (declare (salience 10))
   (status (step ?s&:(< ?s 3)) (currently running))
   ?m <- (board-marker (x 4) (y 4) (value ?v&:(< ?v (+ ?s 1))))
   =>
   (modify ?m (value (+ ?s 1.25)) (colour grey)))
(defrule AGENT::flag (status (step ?s&:(< ?s 3)) (currently running)) (not (exec (step ?s)))
   => (assert (exec (step ?s) (action guess) (x 0) (y ?s))) (pop-focus))
(defrule AGENT::solve (declare (salience -10)) (status (step ?s) (currently running))
   => (assert (exec (step ?s) (action solve))) (pop-focus))
"""


@pytest.mark.parametrize("sandbox", [True, False], ids=["confined", "in-process"])
def test_a_marker_the_agent_modifies_is_read_again(tmp_path, sandbox):
    agent = tmp_path / "modifying.clp"
    agent.write_text(MODIFYING)
    game = played(str(agent), sandbox)
    assert [markers_at(game.markers, step) for step in range(3)] == [
        (Marker(Cell(4, 4), step + 1.25, "hot", "grey"),) for step in range(3)]
