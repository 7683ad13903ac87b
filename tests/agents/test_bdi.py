"""The BDI CLIPS agent (seed report 001): runs by name, infers soundly, narrates, backtracks, takes params."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.backends.drivers import create_driver
from app.backends.registry import discover
from app.backends.runner import Match
from app.core import PROFILES, ActionKind, AgentError, Game, Piece
from app.core.formats import load_map
from tests.paths import COURSE_MAPS, MAPS_DIR

HERE = Path(__file__).resolve().parent
TRAP = HERE / "maps" / "backtrack-trap.map"
SURRENDER = HERE / "maps" / "surrender.map"
MEDIAN = HERE / "maps" / "median.map"
MAPS = sorted(COURSE_MAPS.glob("*.clp")) + sorted(MAPS_DIR.glob("*.map"))
MODULES = ("AGENT", "HEAT", "DISCOVER", "CONVOLUTION", "DELIBERATE", "PLANNING")


def play(map_path: Path, params: dict[str, str] | None = None, rules: str = "unito-2019", fires: int | None = None):
    """One game of bdi; returns (game, log lines, the agent's facts at the end)."""
    game = Game(load_map(map_path), PROFILES[rules].with_limits(fires=fires))
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
    order = game.map.fact_order
    told_counts = order is None or any(kind != "k-cell" for kind, _ in order)
    assert certain or not told_counts  # a course file without counts tells the agent none (docs/rules.md)
    for belief in certain:
        piece = game.map.piece_at((int(belief["x"]), int(belief["y"])))
        assert piece.is_ship == (belief["content"] == "hint"), belief


def test_narrates_intentions_and_plans():
    _, log, _ = play(MAPS_DIR / "bimaru-example.map")
    text = "\n".join(log)
    for words in ("desires: sink 10 ships", "heat map", "intention: fire at", "percept: the fire at",
                  "intention: sink a air-carrier", "plan p1: air-carrier", ": solve"):
        assert words in text
    assert "intention: solve" in text or "surrender: " in text


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


def actions_of(game: Game) -> list[tuple[ActionKind, tuple[int, int] | None]]:
    """The accepted actions of a game as (kind, (x, y) or None)."""
    return [(e.action.kind, None if e.action.cell is None else (e.action.cell.x, e.action.cell.y))
            for e in game.events if e.action is not None and e.outcome.value != "rejected"]


def flags_at_end(game: Game) -> set[tuple[int, int]]:
    """The cells flagged when the game ended."""
    flags: set[tuple[int, int]] = set()
    for kind, cell in actions_of(game):
        if kind is ActionKind.GUESS:
            flags.add(cell)
        elif kind is ActionKind.UNGUESS:
            flags.discard(cell)
    return flags


class TestSurrender:
    """Report 001's surrender: the first time an abandoned placement would be revived, solve.

    surrender.map holds an air-carrier (column 5, rows 4-7) and a cruiser
    (column 2, rows 2-4). With no fires, the heat of column 5 is 4 + R_x, so
    the carrier at rows 2-5 and at rows 4-7 both sum 21; the first (rows 2-5)
    is chosen, and it takes the counts of rows 2, 3 and 5 the cruiser needs: no
    cruiser placement (the first dead end). The carrier plan p1 is undone (its
    four flags taken back) and abandoned at age 0. The next convolution for a
    carrier ages it to 1; with max-age 1 it is no longer blocked and is again
    the best placement: that revival is where the agent surrenders.
    """

    CARRIER = [(2, 5), (3, 5), (4, 5), (5, 5)]

    def test_the_agent_surrenders_at_the_first_revival(self):
        game, log, _ = play(SURRENDER, {"max-age": "1"}, fires=0)
        text = "\n".join(log)
        assert "BDI: first dead end, 4 flags up" in text
        assert ("BDI: surrender: plan p1 (air-carrier ver at (2,5)), abandoned, would be revived "
                "(age 1, max-age 1); solving with the 0 flags up") in text
        assert "retried" not in text
        expected = ([(ActionKind.GUESS, c) for c in self.CARRIER]
                    + [(ActionKind.UNGUESS, c) for c in reversed(self.CARRIER)] + [(ActionKind.SOLVE, None)])
        assert actions_of(game) == expected
        assert game.result().stop_reason == "solved by the agent"

    def test_with_give_up_retry_the_revived_plan_gets_its_second_chance(self):
        game, log, _ = play(SURRENDER, {"max-age": "1", "give-up": "retry"}, fires=0)
        text = "\n".join(log)
        assert "surrender" not in text
        assert "BDI: plan p1: retried (air-carrier ver at (2,5)), age 1 > max-age 1, try 2" in text
        assert flags_at_end(game) == set(game.map.ship_cells)

    def test_at_max_age_5_the_other_placement_is_tried_before_any_revival(self):
        game, log, _ = play(SURRENDER, fires=0)
        assert not any("surrender" in line for line in log)
        assert flags_at_end(game) == set(game.map.ship_cells)

    def test_keep_best_puts_back_the_flags_of_the_first_dead_end(self):
        game, log, _ = play(SURRENDER, {"max-age": "1", "give-up": "keep-best"}, fires=0)
        assert any("keep-best: back to the 4 flags of the first dead end (0 off, 4 on)" in line for line in log)
        assert actions_of(game)[-5:] == [(ActionKind.GUESS, c) for c in self.CARRIER] + [(ActionKind.SOLVE, None)]
        assert flags_at_end(game) == set(self.CARRIER)

    def test_dead_end_surrenders_without_backtracking(self):
        game, log, _ = play(SURRENDER, {"give-up": "dead-end"}, fires=0)
        assert any("surrender: no allowed placement for a cruiser (give-up dead-end)" in line for line in log)
        assert ActionKind.UNGUESS not in [kind for kind, _ in actions_of(game)]
        assert flags_at_end(game) == set(self.CARRIER)


class TestMedianFires:
    """Report 001's median: of the distinct starting heat values, once; fires only at exactly that heat.

    median.map: an air-carrier on row 1, columns 1-4, and a cruiser on column
    7, rows 4-6. Row counts: R1 = 4, R4 = R5 = R6 = 1, the others 0; column
    counts: C1 = C2 = C3 = C4 = 1, C7 = 3, the others 0. A cell in a row or
    column of count 0 starts at 0 (water); the others at R_x + C_y:
    row 1: 4 + 1 = 5 (columns 1-4), 4 + 3 = 7 (column 7);
    rows 4-6: 1 + 1 = 2 (columns 1-4), 1 + 3 = 4 (column 7).
    Distinct values 0, 2, 4, 5, 7: five, the median is the third, 4.
    (Counted cell by cell over the 20 cells not known to be water, as
    median=cells does, the median is 2: twelve cells have 2.)
    Max-max, the highest value at least as many cells have as there are
    fires (5): 7 has one cell, 5 four, 4 three, 2 twelve, so 2.
    The cells at heat 4 are the cruiser's: the fire at (4,7) finds its top,
    which tells that (5,7) is a ship cell too; the fire at (6,7) finds its
    bottom, and no unknown cell at heat 4 is left: two fires, both hits.
    """

    @staticmethod
    def starting_heat(game: Game, cell: tuple[int, int]) -> int:
        x, y = cell
        rows, cols = game.map.row_counts, game.map.col_counts
        return 0 if rows[x] == 0 or cols[y] == 0 else rows[x] + cols[y]

    def test_the_target_is_the_median_of_the_distinct_starting_values(self):
        game, log, _ = play(MEDIAN)
        assert "BDI: fire targets from the 5 distinct starting heat values (0 2 4 5 7): median 4, max-max 2" in "\n".join(log)
        fires = [cell for kind, cell in actions_of(game) if kind is ActionKind.FIRE]
        assert fires == [(4, 7), (6, 7)]
        assert all(self.starting_heat(game, cell) == 4 for cell in fires)
        assert any("no unknown cell left with heat 4 (median target): no more fires" in line for line in log)
        assert game.result().score == game.result().oracle  # both fires hit, both ships found

    def test_max_max_fires_at_the_highest_value_with_a_cell_for_every_fire(self):
        game, log, _ = play(MEDIAN, {"fire-strategy": "max-max"})
        fires = [cell for kind, cell in actions_of(game) if kind is ActionKind.FIRE]
        assert len(fires) == 5 and all(self.starting_heat(game, cell) == 2 for cell in fires)
        assert any("max-max target 2" in line for line in log)

    def test_median_cells_recomputes_over_the_unknown_cells(self):
        _, log, _ = play(MEDIAN, {"median": "cells"})
        assert any("intention: fire at" in line and "median target 2" in line for line in log)


class TestParameters:
    def test_defaults(self):
        _, log, facts = play(MAPS_DIR / "open-sea.map")
        assert ("agent-params", "(agent-params (max-age 5) (fire-strategy median) (median report) (aging report) "
                                "(give-up report) (markers on))") in facts
        assert any("max-age 5, fire strategy median, median report, aging report, give-up report" in line
                   for line in log)

    def test_set_from_agent_params(self):
        params = {"max-age": "10", "fire-strategy": "max-max", "median": "cells", "aging": "pushes",
                  "give-up": "keep-best"}
        _, log, facts = play(MAPS_DIR / "open-sea.map", params)
        assert ("agent-params", "(agent-params (max-age 10) (fire-strategy max-max) (median cells) (aging pushes) "
                                "(give-up keep-best) (markers on))") in facts
        assert any("max-age 10, fire strategy max-max, median cells, aging pushes, give-up keep-best" in line
                   for line in log)
        assert any("max-max target" in line for line in log)

    @pytest.mark.parametrize("params", [{"fire-strategy": "min"}, {"max-age": "-1"}, {"maxage": "3"},
                                        {"median": "mean"}, {"aging": "never"}, {"give-up": "never"}])
    def test_bad_values_are_errors(self, params):
        with pytest.raises(AgentError):
            play(MAPS_DIR / "open-sea.map", params)

    def test_max_age_decides_when_an_abandoned_plan_may_be_retried(self):
        old = {"give-up": "retry", "aging": "pushes"}
        _, young, _ = play(TRAP, old | {"max-age": "0"})
        _, aged, _ = play(TRAP, old | {"max-age": "99"})
        assert any("retried" in line and "> max-age 0" in line for line in young)
        assert not any("retried" in line for line in aged)  # 99 pushes never happen within 100 steps


def test_plays_unito_2022_where_water_is_told():
    game, log, _ = play(MAPS_DIR / "bimaru-example.map", rules="unito-2022")
    assert game.result().stop_reason == "solved by the agent"
    assert not [line for line in log if "CLIPS:" in line]
