"""Action text round trip and the map model's validation."""

from __future__ import annotations

import pytest

from app.core import Action, ActionError, Cell, GameMap, MapError, Ship
from tests.helpers import OPEN_GRID, grid_map


class TestAction:
    @pytest.mark.parametrize("text", ["fire 3 4", "guess 0 9", "unguess 9 0", "solve"])
    def test_round_trip(self, text):
        action = Action.parse(text)
        assert str(action) == text and eval(repr(action)) == action

    def test_lenient_spelling(self):
        assert Action.parse(" (FIRE 3, 4) ") == Action.fire(3, 4)

    @pytest.mark.parametrize("text", ["", "fire", "fire 1 2 3", "solve 1 1", "jump 1 1", "fire x 1"])
    def test_malformed(self, text):
        with pytest.raises(ActionError, match="malformed action"):
            Action.parse(text)


class TestGameMap:
    def test_problems_name_cells(self):
        game_map = GameMap((Ship((Cell(0, 0), Cell(0, 1))), Ship((Cell(1, 2),))), {}, (2, 1) + (0,) * 8, (1, 1, 1) + (0,) * 7)
        problems = game_map.problems()
        assert problems and "touch" in problems[0].message and Cell(0, 1) in problems[0].cells
        assert not game_map.is_valid()

    def test_bent_ship(self):
        with pytest.raises(MapError, match="not straight"):
            GameMap.create([Ship((Cell(0, 0), Cell(0, 1), Cell(1, 1)))])

    def test_overlap(self):
        with pytest.raises(MapError, match="overlap"):
            GameMap.create([Ship((Cell(0, 0), Cell(0, 1))), Ship((Cell(0, 1),))])

    def test_counts_checked(self):
        with pytest.raises(MapError, match="row 0 count is 3"):
            GameMap.create([Ship((Cell(0, 0),))], row_counts=(3,) + (0,) * 9)

    def test_standard_fleet(self):
        assert grid_map(OPEN_GRID).is_standard
        assert grid_map(OPEN_GRID).fleet_description() == "1x4, 2x3, 3x2, 4x1"
