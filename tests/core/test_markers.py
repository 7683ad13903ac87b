"""Markers an agent draws: capped before anything sees them, kept per step in the game and its log."""

from __future__ import annotations

import json

import pytest

from app.core import PROFILES, Cell, Game, LogError
from app.core.gamelog import dumps, replay_text
from app.core.markers import MAX_LABEL, MAX_MARKERS, Marker, capped_markers, marker_from, markers_at, short_number
from tests.helpers import OPEN_GRID, grid_map


class TestCapping:
    def test_every_form_gives_the_same_marker(self):
        want = Marker(Cell(3, 4), 0.5, "sub", "red")
        assert marker_from(want) == want
        assert marker_from([3, 4, 0.5, "sub", "red"]) == want
        assert marker_from((Cell(3, 4), 0.5, "sub", "red")) == want
        assert marker_from({"x": 3, "y": 4, "value": 0.5, "label": "sub", "colour": "red"}) == want
        assert marker_from([3, 4]) == Marker(Cell(3, 4))

    @pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), 10**400, "7", True, "nil"])
    def test_a_number_that_is_not_finite_is_dropped(self, value):
        assert marker_from([1, 1, value]).value is None

    def test_label_and_colour_are_capped(self):
        marker = marker_from([1, 1, None, "a  very\nlong label", "purple"])
        assert marker.label == "a very"[:MAX_LABEL] and len(marker.label) <= MAX_LABEL
        assert marker.colour == ""  # not one of COLOURS: the layer's own
        assert marker_from([1, 1, None, "nil", "nil"]) == Marker(Cell(1, 1))  # CLIPS's defaults

    @pytest.mark.parametrize("item", [[10, 0], [0, -1], [1.5, 2], [True, 1], "3 4", 7, None, [1], [1, 2, 3, 4, 5, 6]])
    def test_what_is_no_marker_on_the_board_is_left_out(self, item):
        assert marker_from(item) is None
        assert capped_markers([item, [0, 0]]) == (Marker(Cell(0, 0)),)

    def test_count_is_capped_and_one_marker_per_cell_the_newest(self):
        flood = [[x % 10, x // 10 % 10, x] for x in range(5000)]
        markers = capped_markers(flood)
        assert len(markers) == MAX_MARKERS
        assert markers[0] == Marker(Cell(0, 0), 900.0)  # the last given for (0, 0), in the place of the first
        assert capped_markers(None) == ()

    def test_short_numbers_fit_a_cell(self):
        assert [short_number(v) for v in (7.0, 0.4249, -3.5, 12.25, 340.2, 1e9)] == \
            ["7", "0.42", "-3.50", "12.2", "340", "1e+09"]
        assert Marker(Cell(0, 0), 0.5, "hot").text() == "hot" and Marker(Cell(0, 0), 2.0).text() == "2"


def game_with_markers() -> Game:
    game = Game(grid_map(OPEN_GRID), PROFILES["unito-2019"], agent="tester")
    drawn = {0: (Marker(Cell(0, 0), 1.0),), 1: (Marker(Cell(0, 0), 1.0),), 2: (), 3: (Marker(Cell(5, 5), None, "x"),)}
    for step, action in enumerate(["fire 0 2", "fire 5 5", "guess 0 3", "fire 1 1", "solve"]):
        event = game.apply(action)
        game.keep_markers(event.step, drawn.get(step, drawn[3]))
    return game


class TestRecord:
    def test_only_changes_are_recorded(self):
        game = game_with_markers()
        assert game.markers == {0: (Marker(Cell(0, 0), 1.0),), 2: (), 3: (Marker(Cell(5, 5), None, "x"),)}
        assert markers_at(game.markers, 1) == (Marker(Cell(0, 0), 1.0),)
        assert markers_at(game.markers, 2) == () and markers_at(game.markers, None) == ()
        assert markers_at(game.markers, 4) == (Marker(Cell(5, 5), None, "x"),)

    def test_an_agent_that_draws_nothing_records_nothing(self):
        game = Game(grid_map(OPEN_GRID), PROFILES["unito-2019"])
        game.keep_markers(game.apply("fire 0 2").step, ())
        assert game.markers == {} and '"markers"' not in dumps(game)

    def test_the_log_keeps_them_and_replays_them(self):
        game = game_with_markers()
        text = dumps(game)
        records = [json.loads(line) for line in text.splitlines()]
        kept = [r for r in records if r["type"] == "markers"]
        assert [r["step"] for r in kept] == [0, 2, 3]
        assert kept[2]["markers"] == [[5, 5, None, "x", ""]]
        replay = replay_text(text)
        assert replay.mismatches == [] and replay.game.markers == game.markers

    def test_a_log_from_before_markers_loads(self):
        text = "\n".join(line for line in dumps(game_with_markers()).splitlines() if '"markers"' not in line)
        replay = replay_text(text)
        assert replay.mismatches == [] and replay.game.markers == {}

    def test_markers_read_from_a_log_are_capped(self):
        lines = dumps(game_with_markers()).splitlines()
        forged = {"type": "markers", "step": 1, "markers": [[x % 10, x // 10 % 10, float("inf"), "L" * 999, "pink"]
                                                            for x in range(3000)]}
        replay = replay_text("\n".join([*lines[:3], json.dumps(forged), *lines[3:]]))
        markers = replay.game.markers[1]
        assert len(markers) == MAX_MARKERS and all(m.value is None and len(m.label) == MAX_LABEL and not m.colour
                                                   for m in markers)

    @pytest.mark.parametrize("record", [{"type": "markers", "step": "1", "markers": []},
                                        {"type": "markers", "step": 1, "markers": {"x": 1}},
                                        {"type": "markers", "markers": []}])
    def test_a_malformed_markers_record_names_its_line(self, record):
        lines = dumps(game_with_markers()).splitlines()
        with pytest.raises(LogError, match=r"<log>:2: a markers record needs a step"):
            replay_text("\n".join([lines[0], json.dumps(record), *lines[1:]]))
