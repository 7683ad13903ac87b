"""Property tests: any input either loads or raises the documented error type; nothing else escapes."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from app.core import PROFILES, Action, ActionError, Game, LogError, MapError
from app.core.formats import bimaru, clp, native
from app.core.gamelog import dumps, replay_text
from tests.helpers import OPEN_GRID, grid_map

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

GRID_CHARS = st.sampled_from(list(".WCTBLRMctblrm#x \t\n:"))
CLP_TOKENS = st.sampled_from(["(", ")", "deffacts", "m", "cell", "boat-hor", "boat-ver", "k-cell", "k-per-row",
                              "k-per-col", "(x 1)", "(y 2)", "(ys 0 1)", "(xs 3 4)", "(size 2)", "(num 3)",
                              "(row 3)", "(col 1)", "(content water)", "(content boat)", "(content sub)",
                              "(status safe)", "; c\n", "\n", " ", '"s"', "1", "-4", "99"])
BIMARU_TOKENS = st.sampled_from(["ROW", "COLUMN", "HINT", "\t", " ", "\n", "0", "1", "2", "3", "10", "11", "-1",
                                 "T", "M", "B", "L", "R", "C", "W", "Q", "x"])


def mutate(text: str, data) -> str:
    """Insert, delete or replace a few characters of a valid file."""
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 4))):
        if not chars:
            break
        i = data.draw(st.integers(0, len(chars) - 1))
        op = data.draw(st.sampled_from(["del", "ins", "rep"]))
        new = data.draw(st.characters(blacklist_categories=("Cs",)))
        if op == "del":
            del chars[i]
        elif op == "ins":
            chars.insert(i, new)
        else:
            chars[i] = new
    return "".join(chars)


VALID_NATIVE = native.dump(grid_map(OPEN_GRID, **{"0_2": "k", "5_5": "k"}))
VALID_CLP = clp.dump(grid_map(OPEN_GRID, **{"0_2": "k"}))
VALID_BIMARU = bimaru.dump(bimaru.puzzle_of(grid_map(OPEN_GRID, **{"0_2": "k"})))


READERS = {  # format: (parse, file name, random text of its tokens, a valid file)
    "native": (native.parse, "f.map", st.text(GRID_CHARS, max_size=150), VALID_NATIVE),
    "clp": (clp.parse, "f.clp", st.lists(CLP_TOKENS, max_size=60).map(" ".join), VALID_CLP),
    "bimaru": (bimaru.parse, "f.txt", st.lists(BIMARU_TOKENS, max_size=60).map(" ".join), VALID_BIMARU),
}


def read_or_refuse(fmt: str, text: str) -> None:
    """Parse ``text`` as ``fmt``: it loads, or a MapError of one line names the file."""
    parse, name, _, _ = READERS[fmt]
    try:
        parse(text, name)
    except MapError as error:
        assert str(error).startswith(name) and "\n" not in str(error)


class TestReaders:
    @pytest.mark.parametrize("fmt", READERS)
    @FUZZ
    @given(st.data())
    def test_random_tokens(self, fmt, data):
        read_or_refuse(fmt, data.draw(READERS[fmt][2]))

    @pytest.mark.parametrize("fmt", READERS)
    @FUZZ
    @given(st.data())
    def test_mutated(self, fmt, data):
        parse, name, _, valid = READERS[fmt]
        try:
            parse(mutate(valid, data), name)
        except MapError:
            pass

    def test_clp_boat_with_a_list_of_columns(self):
        read_or_refuse("clp", "(deffacts m (boat-hor (x 1) (ys 0 1)))")

    @FUZZ
    @given(st.text(max_size=40))
    @example("fire 99999999999999999999 1")
    def test_action_strings(self, text):
        try:
            action = Action.parse(text)
        except ActionError:
            return
        assert Action.parse(str(action)) == action


def _log_text() -> str:
    game = Game(grid_map(OPEN_GRID), PROFILES["unito-2022"])
    for text in ("fire 0 2", "guess 0 3", "guess 5 5", "unguess 5 5", "fire 9 0", "solve"):
        game.apply(text)
    return dumps(game)


VALID_LOG = _log_text()
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                        max_size=3), max_leaves=6)


class TestLogs:
    @FUZZ
    @given(st.data())
    def test_mutated_text(self, data):
        try:
            replay_text(mutate(VALID_LOG, data), "g.jsonl")
        except LogError:
            pass

    @FUZZ
    @given(st.integers(0, 6), st.sampled_from(["type", "action", "x", "y", "outcome", "by_engine", "map", "rules",
                                              "limits", "reason"]), JSON_VALUES)
    def test_field_replaced(self, line_number, key, value):
        lines = VALID_LOG.splitlines()
        record = json.loads(lines[line_number])
        record[key] = value
        lines[line_number] = json.dumps(record)
        try:
            replay_text("\n".join(lines), "g.jsonl")
        except LogError:
            pass
