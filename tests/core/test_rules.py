"""Every rule of docs/rules.md, checked against the engine."""

from __future__ import annotations

import itertools

import pytest

from app.core import PROFILES, Action, BattleshipError, Cell, Game, Outcome, Piece
from app.core.oracle import oracle_score
from tests.helpers import OPEN_GRID, grid_map

# OPEN_GRID ships: 4-ship row 0 cols 2-5; 3-ships col 9 rows 1-3, col 2 rows 6-8;
# 2-ships col 1 rows 2-3, row 4 cols 6-7, row 7 cols 8-9; subs (2,4) (5,0) (7,5) (9,9).
SUB = Cell(2, 4)
TWO = (Cell(2, 1), Cell(3, 1))
WATER = Cell(5, 5)


def fresh(rules: str = "unito-2019", **known: str) -> Game:
    return Game(grid_map(OPEN_GRID, **known), PROFILES[rules])


def score_2019(s) -> int:
    return 10 * s.fok + 10 * s.gok + 15 * s.sink - 25 * s.fko - 15 * s.gko - 10 * s.safe


def score_2022(s) -> int:
    return 15 * s.gok + 20 * s.sink - 10 * s.gko - 10 * s.safe - 20 * s.fires_left - 20 * s.guesses_left


class TestScoring:
    def play(self, game: Game) -> None:
        for text in (f"fire {SUB.x} {SUB.y}", f"fire {WATER.x} {WATER.y}", f"guess {TWO[0].x} {TWO[0].y}",
                     f"guess {TWO[1].x} {TWO[1].y}", "guess 0 0", "solve"):
            game.apply(text)

    @pytest.mark.parametrize("rules, formula", [("unito-2019", score_2019), ("unito-2022", score_2022)])
    def test_formula(self, rules, formula):
        game = fresh(rules)
        self.play(game)
        s = game.statistics()
        assert (s.fok, s.fko, s.gok, s.gko, s.sink) == (1, 1, 2, 1, 2)
        assert s.safe == 20 - 3
        assert (s.fires_left, s.guesses_left) == (3, 17)
        assert game.score() == formula(s)
        assert game.result().score == formula(s)

    def test_statistics_frozen_at_solve(self):
        game = fresh()
        self.play(game)
        assert game.over and game.stop_reason == "solved by the agent"
        with pytest.raises(BattleshipError, match="game is over"):
            game.apply("fire 0 2")


class TestMalformedActions:
    @pytest.mark.parametrize("text, reason", [
        ("shoot 1 1", "unknown action"),
        ("fire 1", "needs x and y"),
        ("fire a b", "whole numbers"),
        ("", "empty"),
    ])
    def test_rejected_with_reason_step_advances_nothing_changes(self, text, reason):
        game = fresh()
        before = (game.fires_left, game.guesses_left, dict(game.fired), game.flags)
        event = game.apply(text)
        assert event.outcome is Outcome.REJECTED and reason in event.reason
        assert game.step == 1
        assert (game.fires_left, game.guesses_left, dict(game.fired), game.flags) == before


class TestOffBoard:
    """The course has no bounds check: an off-board fire or guess uses the resource and counts nothing."""

    def test_fire_uses_a_fire_and_counts_nothing(self):
        game = fresh()
        event = game.apply("fire 10 0")
        assert event.outcome is Outcome.FIRE_WASTED and "off the board" in event.reason
        assert "one fire used, nothing counted" in event.describe()
        assert game.fires_left == 4 and not game.fired
        game.apply("solve")
        assert (game.statistics().fok, game.statistics().fko) == (0, 0)

    def test_guess_uses_a_flag_counts_nothing_and_can_be_unguessed(self):
        game = fresh()
        event = game.apply("guess -1 3")
        assert event.outcome is Outcome.FLAGGED and "off the board" in event.reason
        assert game.guesses_left == 19 and game.flags == frozenset()
        assert game.statistics().gko == 0
        assert game.apply("unguess -1 3").outcome is Outcome.UNFLAGGED
        assert game.guesses_left == 20


class TestActionsTheCourseCannotCarryOut:
    """The course's ENV has no rule for them: its environment hangs; the engine ends the game as stalled."""

    @pytest.mark.parametrize("limits, actions, reason", [
        ({"fires": 1}, ["fire 9 0", "fire 9 1"], "no fires left"),
        ({"guesses": 1}, ["guess 9 0", "guess 9 1"], "no flags left"),
        ({}, ["unguess 4 4"], "no flag on that cell"),
        ({}, ["guess 4 4", "unguess 4 4", "unguess 4 4"], "no flag on that cell"),
    ])
    def test_the_game_ends_as_stalled_with_the_reason(self, limits, actions, reason):
        game = Game(grid_map(OPEN_GRID), PROFILES["unito-2019"].with_limits(**limits))
        for text in actions[:-1]:
            game.apply(text)
        before = (game.fires_left, game.guesses_left, dict(game.fired), game.flags)
        event = game.apply(actions[-1])
        assert game.over and game.stalled and event.outcome is Outcome.SOLVED and event.by_engine
        assert reason in game.stop_reason and "would hang" in game.stop_reason
        assert (game.fires_left, game.guesses_left, dict(game.fired), game.flags) == before

    def test_of_several_the_newest_possible_one_is_chosen(self):
        game = fresh()
        assert game.choose([Action.unguess(4, 4), Action.guess(3, 3)]) == Action.guess(3, 3)
        assert game.choose([Action.guess(3, 3), Action.unguess(4, 4)]) == Action.guess(3, 3)
        assert game.choose([Action.unguess(4, 4), Action.unguess(5, 5)]) == Action.unguess(4, 4)


class TestFlagsAreASet:
    def test_a_second_guess_uses_a_flag_and_one_unguess_clears_the_cell(self):
        game = fresh()
        game.apply("guess 0 0")
        assert game.apply("guess 0 0").outcome is Outcome.FLAG_WASTED
        assert game.guesses_left == 18 and game.flags == {Cell(0, 0)}
        assert game.apply("unguess 0 0").outcome is Outcome.UNFLAGGED
        assert game.guesses_left == 19 and game.flags == frozenset()
        game.apply("solve")
        assert game.statistics().gko == 0


class TestWastedActions:
    def test_fire_twice_uses_the_fire_counts_once(self):
        game = fresh()
        assert game.apply(f"fire {SUB.x} {SUB.y}").outcome is Outcome.HIT
        event = game.apply(f"fire {SUB.x} {SUB.y}")
        assert event.outcome is Outcome.FIRE_WASTED and game.fires_left == 3
        assert game.statistics().fok == 1

    def test_fire_on_ship_known_at_start_is_wasted(self):
        game = fresh(**{"2_4": "known"})
        event = game.apply("fire 2 4")
        assert event.outcome is Outcome.FIRE_WASTED and game.fires_left == 4
        game.apply("solve")
        assert game.statistics().fok == 0 and game.statistics().sink == 1  # the known sub is sunk

    def test_fire_on_water_known_at_start_counts_as_miss(self):
        game = fresh(**{"5_5": "known"})
        assert game.apply("fire 5 5").outcome is Outcome.MISS
        assert game.statistics().fko == 1

    def test_second_flag_uses_a_flag_and_counts_for_nothing(self):
        game = fresh()
        assert game.apply("guess 2 4").outcome is Outcome.FLAGGED
        assert game.apply("guess 2 4").outcome is Outcome.FLAG_WASTED
        assert game.guesses_left == 18 and game.statistics().gok == 1

    def test_unguess_gives_the_flag_back(self):
        game = fresh()
        game.apply("guess 2 4")
        assert game.apply("unguess 2 4").outcome is Outcome.UNFLAGGED
        assert game.guesses_left == 20 and not game.flags
        assert game.statistics().gok == 0

    def test_flag_on_fired_cell_counts_neither_way(self):
        game = fresh()
        game.apply("fire 5 5")
        game.apply("guess 5 5")
        s = game.statistics()
        assert (s.fko, s.gko, s.guesses_left) == (1, 0, 19)

    def test_flag_on_known_water_counts_as_gko(self):
        game = fresh(**{"5_5": "known"})
        game.apply("guess 5 5")
        assert game.statistics().gko == 1


class TestKnownCellsTheAgentAsserts:
    """The course fires at every non-water k-cell it has not treated yet, the agent's own included."""

    def test_on_a_ship_cell_it_counts_as_fired_and_nothing_more(self):
        game = fresh()
        game.apply("guess 9 0", declared=[(TWO[0], Piece.TOP), (TWO[1], Piece.BOT)])
        game.apply(f"guess {TWO[0].x} {TWO[0].y}")  # counts for nothing: the cell counts as fired
        game.apply("solve")
        s = game.statistics()
        assert (s.fok, s.fko, s.gok, s.sink) == (0, 0, 0, 1)
        assert any("asserted by the agent" in text for _, text in game.notes)

    def test_on_water_it_is_a_miss_with_one_fire_taken_back(self):
        game = fresh()
        game.apply("guess 9 0", declared=[(WATER, Piece.SUB)])
        assert game.apply(f"fire {WATER.x} {WATER.y}").outcome is Outcome.FIRE_WASTED
        game.apply("solve")
        assert (game.statistics().fok, game.statistics().fko) == (-1, 1)

    def test_water_content_and_a_second_time_change_nothing(self):
        game = fresh()
        game.apply("guess 9 0", declared=[(SUB, Piece.WATER)])
        game.apply("guess 9 1", declared=[(WATER, Piece.SUB)])
        game.apply("guess 9 2", declared=[(WATER, Piece.TOP)])
        game.apply("solve")
        assert (game.statistics().fok, game.statistics().fko, game.statistics().safe) == (-1, 1, 20)

    def test_in_the_solve_turn_only_the_fire_taken_back_counts(self):
        game = fresh()
        game.apply("solve", declared=[(SUB, Piece.SUB), (WATER, Piece.SUB)])
        s = game.statistics()
        assert (s.fok, s.fko, s.safe, s.sink) == (-2, 1, 20, 0)

    def test_a_known_cell_that_contradicts_the_map_is_a_miss_from_the_start(self):
        game_map = grid_map(OPEN_GRID)
        contradicting = type(game_map)(ships=game_map.ships, known={WATER: Piece.TOP},
                                       row_counts=game_map.row_counts, col_counts=game_map.col_counts)
        game = Game(contradicting, PROFILES["unito-2019"])
        assert game.observation().fok_taken == 1 and game.observation().fired == {WATER: Piece.WATER}
        game.apply("solve")
        s = game.statistics()
        assert (s.fok, s.fko, s.gko) == (-1, 1, 0)


class TestSinking:
    def test_ship_sunk_by_fire_flag_and_known_cells(self):
        game = fresh(**{"6_2": "known"})  # top of the 3-ship in column 2
        game.apply("fire 7 2")
        game.apply("guess 8 2")
        s = game.statistics()
        assert s.sink == 1 and s.fok == 1 and s.gok == 1

    def test_flag_on_known_ship_is_not_gok(self):
        game = fresh(**{"6_2": "known"})
        game.apply("guess 6 2")
        assert game.statistics().gok == 0

    def test_partial_ship_not_sunk(self):
        game = fresh()
        game.apply(f"guess {TWO[0].x} {TWO[0].y}")
        assert game.statistics().sink == 0


class TestStepLimit:
    def test_automatic_solve_at_the_limit(self):
        game = Game(grid_map(OPEN_GRID), PROFILES["unito-2019"].with_limits(max_steps=100))
        seen = []
        game.subscribe(seen.append)
        for _ in range(100):
            game.apply("shoot 0 0")  # rejected, but every step counts
        assert game.over and game.stop_reason == "step limit reached"
        assert seen[-1].outcome is Outcome.SOLVED and seen[-1].by_engine and seen[-1].step == 100
        assert len(seen) == 101


class TestRevealedWater:
    def test_2019_miss_reveals_nothing(self):
        game = fresh("unito-2019")
        event = game.apply("fire 5 5")
        assert event.revealed is None and Cell(5, 5) not in game.observation().known

    def test_2022_miss_adds_water_k_cell(self):
        game = fresh("unito-2022")
        event = game.apply("fire 5 5")
        assert event.revealed is Piece.WATER and game.observation().known[Cell(5, 5)] is Piece.WATER

    @pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
    def test_hit_adds_the_piece(self, rules):
        game = fresh(rules)
        event = game.apply("fire 0 2")
        assert event.revealed is Piece.LEFT and game.observation().known[Cell(0, 2)] is Piece.LEFT


class TestObservation:
    def test_never_holds_the_hidden_grid(self):
        obs = fresh(**{"0_2": "known"}).observation()
        assert set(obs.known) == {Cell(0, 2)}
        assert not hasattr(obs, "map") and not hasattr(obs, "ships")
        assert obs.fleet == (4, 3, 3, 2, 2, 2, 1, 1, 1, 1)
        assert obs.remaining_in_row(0) == 3

    def test_is_a_snapshot_that_later_actions_leave_alone(self):
        game = fresh("unito-2022")
        before = game.observation()
        assert game.observation() is before  # nothing happened: the same object
        game.apply(Action.fire(SUB.x, SUB.y))
        game.apply(Action.guess(TWO[0].x, TWO[0].y))
        after = game.observation()
        assert before.step == 0 and dict(before.fired) == {} and before.flags == frozenset()
        assert SUB not in before.known
        assert after.step == 2 and dict(after.fired) == {SUB: Piece.SUB} and after.flags == {TWO[0]}
        assert after.known[SUB] is Piece.SUB
        game.apply(Action.fire(WATER.x, WATER.y))  # 2022: a miss reveals water
        latest = game.observation()
        assert dict(after.fired) == {SUB: Piece.SUB} and WATER not in after.known
        assert latest.fired[WATER] is Piece.WATER and latest.known[WATER] is Piece.WATER
        assert latest.flags == after.flags == {TWO[0]}


class TestOracle:
    def test_standard_fleet_no_known_unito_2019_is_350(self):
        assert oracle_score(grid_map(OPEN_GRID), PROFILES["unito-2019"]) == 350

    @pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
    def test_equals_brute_force_over_real_games(self, rules):
        """With tiny limits, play every multiset of actions on the cells that matter through the engine."""
        game_map = grid_map(OPEN_GRID, **{"6_2": "known"})
        profile = PROFILES[rules].with_limits(fires=2, guesses=2)
        subs = [Cell(2, 4), Cell(5, 0), Cell(7, 5), Cell(9, 9)]
        cells = subs + [TWO[0], TWO[1], Cell(7, 2), Cell(8, 2), WATER, Cell(6, 2)]
        moves = [Action.fire(*c) for c in cells] + [Action.guess(*c) for c in cells]
        best = None
        for length in range(5):
            for sequence in itertools.combinations_with_replacement(moves, length):
                game = Game(game_map, profile)
                for action in sequence:
                    game.apply(action)
                    if game.over:  # past a limit: the game stalls, scored as it stood
                        break
                if not game.over:
                    game.apply("solve")
                best = game.score() if best is None else max(best, game.score())
        assert oracle_score(game_map, profile) == best

    def test_unito_2022_prefers_flags_to_fires(self):
        game_map = grid_map(OPEN_GRID)
        # 20 flags cover every ship cell (300 + 200 for 10 sinks); the 5 fires are spent on water at no cost.
        assert oracle_score(game_map, PROFILES["unito-2022"]) == 15 * 20 + 20 * 10
