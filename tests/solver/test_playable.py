"""Bimaru puzzles given as --map: solved into a playable map, or refused with the reason."""

from __future__ import annotations

import pytest

from app.core import MapError
from app.core.formats import bimaru
from app.core.grid import STANDARD_FLEET, Cell, Piece
from app.solver.fast import Constraints
from app.solver.playable import contradiction, load_game_map, puzzle_to_map
from tests.paths import BIMARU_DIR

EXAMPLE = BIMARU_DIR / "T01.txt"


def test_unique_puzzle_becomes_its_solution():
    game_map = load_game_map(EXAMPLE)
    assert bimaru.solution_text(game_map) == EXAMPLE.with_suffix(".out").read_text()
    assert game_map.name == "T01" and game_map.is_standard


def _without_hints(tmp_path):
    text = EXAMPLE.read_text().splitlines()
    path = tmp_path / "open.txt"
    path.write_text("\n".join(text[:2] + ["0"]) + "\n")
    return path


def test_several_solutions_refused_unless_pick_first(tmp_path):
    path = _without_hints(tmp_path)
    with pytest.raises(MapError) as info:
        load_game_map(path)
    assert "several solutions" in str(info.value) and str(path) in str(info.value)
    assert "\n" not in str(info.value)
    first = load_game_map(path, pick_first=True)
    assert first.is_valid() and not first.known


def test_no_solution_names_the_hint(tmp_path):
    text = EXAMPLE.read_text().replace("HINT\t1\t2\tR", "HINT\t1\t2\tL")
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(MapError) as info:
        load_game_map(path)
    message = str(info.value)
    assert message.startswith(f"{path}: the puzzle has no solution: ")
    assert "(1, 2)" in message


@pytest.mark.parametrize("known,words", [
    ({Cell(0, 9): Piece.LEFT}, "hint L at (0, 9) fits no fleet placement"),
    ({Cell(4, 4): Piece.SUB, Cell(4, 5): Piece.SUB}, "hint C at (4, "),
])
def test_contradiction_messages(known, words):
    rows = (2, 3, 2, 2, 3, 0, 1, 3, 2, 2)  # the counts of the example in docs/rules.md
    cols = (6, 0, 1, 0, 2, 1, 3, 1, 2, 4)
    message = contradiction(Constraints(rows, cols, STANDARD_FLEET, known))
    assert words in message


def test_counts_that_fit_no_fleet():
    rows = (10, 10, 0, 0, 0, 0, 0, 0, 0, 0)
    cols = (2,) * 10
    message = contradiction(Constraints(rows, cols, STANDARD_FLEET, {}))
    assert "row 0" in message or "no placement of the fleet fits" in message


def test_puzzle_object_directly():
    puzzle = bimaru.parse(EXAMPLE.read_text(), str(EXAMPLE))
    assert puzzle_to_map(puzzle, EXAMPLE).same_game(load_game_map(EXAMPLE))
