"""The BDI CLIPS agent (seed report 001): runs by name, infers soundly, narrates, backtracks, takes params."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.backends.registry import create_driver, discover
from app.backends.runner import Match
from app.core import PROFILES, ActionKind, AgentError, Game, Piece
from app.core.formats import load_map
from tests.paths import COURSE_MAPS, MAPS_DIR

HERE = Path(__file__).resolve().parent
TRAP = HERE / "maps" / "backtrack-trap.map"
MAPS = sorted(COURSE_MAPS.glob("*.clp")) + sorted(MAPS_DIR.glob("*.map"))
MODULES = ("AGENT", "HEAT", "DISCOVER", "CONVOLUTION", "DELIBERATE", "PLANNING")


def play(map_path: Path, params: dict[str, str] | None = None, rules: str = "unito-2019"):
    """One game of bdi; returns (game, log lines, the agent's facts at the end)."""
    game = Game(load_map(map_path), PROFILES[rules])
    driver = create_driver(discover()["bdi"])
    log: list[str] = []
    match = Match(game, driver, on_log=log.append, params=params)
    try:
        match.run()
        facts = driver.facts()
    finally:
        match.close()
    return game, log, facts


def slots(fact_text: str) -> dict[str, str]:
    """``(b-cell (x 1) (y 2) (content water) (plan none))`` -> {"x": "1", ...}."""
    body = fact_text.strip()[1:-1].split(" ", 1)[1]
    pairs = [part.strip("() ") for part in body.split(") (")]
    return dict(part.split(" ", 1) for part in pairs)


def test_listed_by_the_registry_with_its_modules_in_order():
    spec = discover()["bdi"]
    assert spec.kind == "clips" and spec.description
    assert [p.name for p in spec.paths] == ["agent.clp", "heat.clp", "discover.clp", "convolution.clp",
                                           "deliberate.clp", "planning.clp"]
    for path, module in zip(spec.paths, MODULES):
        assert f"(defmodule {module} " in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
def test_solves_every_map_by_itself_with_sound_inferences(map_path):
    game, log, facts = play(map_path)
    result = game.result()
    assert result.stop_reason == "solved by the agent", result.stop_reason
    assert not [line for line in log if "CLIPS:" in line]
    assert result.steps <= PROFILES["unito-2019"].max_steps
    # Every certain belief (plan none) agrees with the hidden map.
    certain = [slots(text) for name, text in facts if name == "b-cell" and "(plan none)" in text]
    assert certain
    for belief in certain:
        piece = game.map.piece_at((int(belief["x"]), int(belief["y"])))
        assert piece.is_ship == (belief["content"] == "hint"), belief


def test_narrates_intentions_and_plans():
    _, log, _ = play(MAPS_DIR / "bimaru-example.map")
    text = "\n".join(log)
    for words in ("desires: sink 10 ships", "heat map", "intention: fire at", "percept: the fire at",
                  "intention: sink a air-carrier", "plan p1: air-carrier", "intention: solve"):
        assert words in text


class TestBacktracking:
    """The trap map needs backtracking.

    Row 0 (count 4) holds two destroyers split by one water cell, and columns
    0-3 have high counts, so the heat map h = R_x + C_y is hottest on row 0
    and the convolution lays the air-carrier there, across the gap: a flag on
    a water cell. That wrong ship uses up row 0 and its columns, the other
    ships are pushed to wrong places, and a submarine is left with no allowed
    placement: the agent can only go on by undoing its last plan, i.e.
    unguessing flags (LIFO over the plan stack).
    """

    def test_a_ship_with_no_place_makes_the_agent_unguess(self):
        game, log, _ = play(TRAP)
        actions = [e.action for e in game.events if e.action is not None]
        kinds = [a.kind for a in actions]
        assert ActionKind.UNGUESS in kinds
        first_unguess = kinds.index(ActionKind.UNGUESS)
        flagged = set()
        for action in actions[:first_unguess]:
            if action.kind is ActionKind.GUESS:
                flagged.add(action.cell)
        assert any(game.map.piece_at(cell) is Piece.WATER for cell in flagged)  # the beliefs were wrong
        text = "\n".join(log)
        assert text.index("intention: abort") < text.index("unguess")
        assert "backtracked: plan" in text
        assert game.result().stop_reason == "solved by the agent"

    def test_every_unguess_takes_back_a_flag_of_the_plan_being_undone(self):
        game, _, _ = play(TRAP)
        flags: set = set()
        for event in game.events:
            action = event.action
            if action is None or event.outcome.value == "rejected":
                continue
            if action.kind is ActionKind.GUESS:
                assert action.cell not in flags
                flags.add(action.cell)
            elif action.kind is ActionKind.UNGUESS:
                assert action.cell in flags
                flags.remove(action.cell)
        assert not [e for e in game.events if e.outcome.value == "rejected"]


class TestParameters:
    def test_defaults(self):
        _, log, facts = play(MAPS_DIR / "open-sea.map")
        assert ("agent-params", "(agent-params (max-age 5) (fire-strategy median))") in facts
        assert any("max-age 5, fire strategy median" in line for line in log)

    def test_set_from_agent_params(self):
        _, log, facts = play(MAPS_DIR / "open-sea.map", {"max-age": "10", "fire-strategy": "max-max"})
        assert ("agent-params", "(agent-params (max-age 10) (fire-strategy max-max))") in facts
        assert any("max-age 10, fire strategy max-max" in line for line in log)
        assert any("max-max target" in line for line in log)

    @pytest.mark.parametrize("params", [{"fire-strategy": "min"}, {"max-age": "-1"}, {"maxage": "3"}])
    def test_bad_values_are_errors(self, params):
        with pytest.raises(AgentError):
            play(MAPS_DIR / "open-sea.map", params)

    def test_max_age_decides_when_an_abandoned_plan_may_be_retried(self):
        _, young, _ = play(TRAP, {"max-age": "0"})
        _, old, _ = play(TRAP, {"max-age": "99"})
        assert any("retried" in line and "> max-age 0" in line for line in young)
        assert not any("retried" in line for line in old)  # 99 pushes never happen within 100 steps


def test_plays_unito_2022_where_water_is_told():
    game, log, _ = play(MAPS_DIR / "bimaru-example.map", rules="unito-2022")
    assert game.result().stop_reason == "solved by the agent"
    assert not [line for line in log if "CLIPS:" in line]
