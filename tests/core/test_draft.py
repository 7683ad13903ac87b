"""The editor's map draft (no Qt): placing and refusing ships, known cells, the fleet, the engine's validation."""

from __future__ import annotations

import subprocess
import sys

import pytest

from app.core import STANDARD_FLEET, Cell, GameMap, MapError
from app.core.draft import MapDraft, line_between, ship_name
from app.core.formats import load_map
from tests.paths import MAPS_DIR, ROOT


def _row(x: int, y0: int, y1: int) -> tuple[Cell, ...]:
    return line_between(Cell(x, y0), Cell(x, y1))


class TestLineBetween:
    def test_follows_the_longer_direction_in_either_order(self):
        assert line_between(Cell(2, 1), Cell(2, 3)) == (Cell(2, 1), Cell(2, 2), Cell(2, 3))
        assert line_between(Cell(5, 4), Cell(3, 5)) == (Cell(3, 4), Cell(4, 4), Cell(5, 4))
        assert line_between(Cell(3, 6), Cell(2, 3)) == (Cell(3, 3), Cell(3, 4), Cell(3, 5), Cell(3, 6))
        assert line_between(Cell(7, 7), Cell(7, 7)) == (Cell(7, 7),)


class TestPlacing:
    def test_a_legal_ship_is_placed_and_found_by_any_of_its_cells(self):
        draft = MapDraft()
        assert draft.add_ship(_row(1, 1, 4)) == []
        assert draft.ship_at(Cell(1, 3)).cells == _row(1, 1, 4)
        assert draft.ship_at(Cell(2, 3)) is None
        assert draft.placed() == {4: 1}
        assert draft.fleet_left() == sorted(STANDARD_FLEET, reverse=True)[1:]

    def test_a_touching_ship_is_refused_naming_both_ships_cells(self):
        draft = MapDraft()
        draft.add_ship(_row(1, 1, 4))
        problems = draft.add_ship(line_between(Cell(2, 5), Cell(4, 5)))
        assert len(draft.ships) == 1 and problems
        assert "touch" in problems[0].message
        assert {Cell(1, 4), Cell(2, 5)} <= set(problems[0].cells)

    def test_an_overlapping_or_bent_ship_is_refused(self):
        draft = MapDraft()
        draft.add_ship(_row(5, 1, 3))
        assert "overlap" in draft.add_ship(line_between(Cell(4, 2), Cell(6, 2)))[0].message
        bent = draft.check_ship((Cell(0, 0), Cell(1, 1)))
        assert bent and set(bent[0].cells) == {Cell(0, 0), Cell(1, 1)}
        assert len(draft.ships) == 1

    def test_the_standard_fleet_limits_lengths_and_counts(self):
        draft = MapDraft()
        assert "no ship of 5 cells" in draft.add_ship(_row(0, 0, 4))[0].message
        for y in (0, 2, 4, 6):
            assert draft.add_ship((Cell(9, y),)) == []
        refused = draft.add_ship((Cell(7, 9),))
        assert f"all 4 {ship_name(1)}s" in refused[0].message
        assert {Cell(7, 9), Cell(9, 0), Cell(9, 6)} <= set(refused[0].cells)

    def test_without_the_standard_check_any_fleet_goes(self):
        draft = MapDraft(standard=False)
        assert draft.add_ship(_row(0, 0, 5)) == []
        assert draft.fleet_problems() == [] and draft.problems() == []
        assert draft.to_map().fleet == (6,)

    def test_removing_returns_the_ship_or_none(self):
        draft = MapDraft()
        draft.add_ship(_row(3, 2, 4))
        assert draft.remove_ship_at(Cell(3, 3)).cells == _row(3, 2, 4)
        assert draft.remove_ship_at(Cell(3, 3)) is None and draft.ships == []


class TestKnownCellsAndValidation:
    def test_known_cells_toggle_and_take_the_piece_under_them(self):
        draft = MapDraft()
        draft.add_ship(_row(2, 2, 4))
        assert draft.toggle_known(Cell(2, 2)) is True
        assert draft.toggle_known(Cell(6, 6)) is True
        game_map = draft.game_map()
        assert game_map.known[Cell(2, 2)].is_ship and not game_map.known[Cell(6, 6)].is_ship
        assert draft.toggle_known(Cell(6, 6)) is False and draft.known == {Cell(2, 2)}

    def test_counts_follow_the_ships(self):
        draft = MapDraft()
        draft.add_ship(line_between(Cell(2, 3), Cell(4, 3)))
        game_map = draft.game_map()
        assert game_map.col_counts[3] == 3 and sum(game_map.col_counts) == 3
        assert game_map.row_counts[2:5] == (1, 1, 1) and sum(game_map.row_counts) == 3

    def test_an_unfinished_draft_is_not_a_map_yet(self):
        draft = MapDraft()
        assert draft.problems() == [] and not draft.is_complete()  # an empty board is no problem while drawing
        with pytest.raises(MapError):
            draft.to_map()

    def test_a_shipped_map_round_trips_and_its_validation_is_the_engines(self):
        game_map = load_map(MAPS_DIR / "four-known.map")
        draft = MapDraft.from_map(game_map)
        assert draft.problems() == [] and draft.is_complete()
        assert sorted(draft.to_map().fleet, reverse=True) == list(STANDARD_FLEET)
        assert isinstance(draft.game_map(), GameMap)
        assert draft.to_map().same_game(game_map)
        assert draft.name == game_map.name and draft.known == set(game_map.known)


def test_the_draft_loads_no_qt():
    code = "import sys, app.core.draft; print(sorted(m for m in sys.modules if m.split('.')[0] == 'PyQt5'))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
