"""The search library on a toy problem, and the Bimaru model with every algorithm."""

from __future__ import annotations

import io

import pytest

from app.core.formats import bimaru
from app.solver.bimaru import Bimaru, Board
from app.solver.search import (
    Node,
    Problem,
    astar_search,
    breadth_first_tree_search,
    depth_first_tree_search,
    effective_branching_factor,
    greedy_search,
    run_search,
)
from tests.paths import BIMARU_DIR

PUZZLES = sorted(BIMARU_DIR.glob("*.txt"))
EXAMPLE = BIMARU_DIR / "T01.txt"


class Count(Problem):
    """Reach ``goal`` from 0 by steps of +1 or +2; h is the distance / 2."""

    def __init__(self, goal: int):
        super().__init__(0, goal)

    def actions(self, state):
        return [1, 2] if state < self.goal else []

    def result(self, state, action):
        return state + action

    def h(self, node):
        return (self.goal - node.state) / 2


class TestLibrary:
    def test_bfs_finds_the_shallowest_goal(self):
        goal = breadth_first_tree_search(Count(5))
        assert goal.state == 5 and goal.depth == 3

    def test_dfs_follows_action_order(self):
        goal = depth_first_tree_search(Count(5))
        assert goal.solution() == [1, 1, 1, 1, 1]

    def test_informed_searches(self):
        assert astar_search(Count(6)).depth == 3
        assert greedy_search(Count(6)).state == 6

    def test_node_path(self):
        goal = breadth_first_tree_search(Count(3))
        # FIFO, children in action order (+1 before +2): 0, 1, 2, then 1's children 2 and 3; 3 is the first goal
        assert [n.state for n in goal.path()] == [0, 1, 3]
        assert isinstance(goal.parent, Node)

    def test_instrumented_counts(self):
        goal, stats = run_search("bfs", Count(3))
        # levels: 0 -> {1,2} -> {2,3,3,4}: goal 3 found after popping 0,1,2,2 then 3
        assert stats.solved and stats.depth == goal.depth == 2
        assert stats.expanded == stats.goal_tests - 1
        assert stats.generated == 2 * stats.expanded - sum(1 for _ in ())  # every expanded node has 2 children
        assert stats.penetrance == pytest.approx(2 / stats.generated)
        b = stats.branching_factor
        assert b + b * b == pytest.approx(stats.generated)
        assert stats.max_frontier >= 2

    def test_budget(self):
        _, stats = run_search("bfs", Count(60), max_nodes=100)
        assert stats.timed_out and not stats.solved and stats.depth is None
        assert "timed out" in stats.lines()[0]

    def test_effective_branching_factor(self):
        assert effective_branching_factor(14, 3) == pytest.approx(2.0)
        assert effective_branching_factor(10, 10) == pytest.approx(1.0)


class TestBoard:
    def test_parse_instance_and_adjacent_values(self):
        board = Board.parse_instance(io.StringIO(EXAMPLE.read_text()))
        # T01: hints R at (1, 2), C at (3, 7), C at (4, 9), T at (7, 2)
        assert board.get_value(1, 2) == "R"
        assert board.adjacent_horizontal_values(1, 2)[1] == "."  # right of a right end: water
        assert board.adjacent_horizontal_values(1, 2)[0] in ("x", "l", "m")  # left of it: a ship cell
        assert board.adjacent_vertical_values(8, 2)[0] == "T"
        assert board.adjacent_vertical_values(0, 0)[0] is None  # off the board
        assert board.get_value(3, 8) == "."  # beside a C

    def test_print(self):
        board = Board.parse_instance(io.StringIO(EXAMPLE.read_text()))
        out = io.StringIO()
        board.print(out)
        assert out.getvalue() == board.to_text() and out.getvalue().count("\n") == 10

    def test_malformed_input_raises_map_error(self):
        from app.core import MapError

        with pytest.raises(MapError, match="<stdin>:1"):
            Board.parse_instance(io.StringIO("ROW 1 2 3\n"))

    def test_contradictory_hints_give_a_dead_board(self):
        text = EXAMPLE.read_text() + "HINT\t5\t9\tL\n"  # a left end on the last column
        text = text.replace("\n4\n", "\n5\n", 1)
        board = Board.from_puzzle(bimaru.parse(text))
        assert board.dead and Bimaru(board).actions(board) == []


class TestBimaru:
    @pytest.mark.parametrize("algorithm", ["dfs", "greedy", "astar"])
    @pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.name)
    def test_every_puzzle_solved_as_its_out_file(self, path, algorithm):
        board = Board.from_puzzle(bimaru.parse(path.read_text(), str(path)))
        goal, stats = run_search(algorithm, Bimaru(board), seconds=60)
        assert stats.solved, stats.lines()
        assert goal.state.to_text() == path.with_suffix(".out").read_text()
        assert goal.depth == 10 and Bimaru(board).goal_test(goal.state)

    def test_bfs_on_the_example(self):
        board = Board.from_puzzle(bimaru.parse(EXAMPLE.read_text()))
        goal = breadth_first_tree_search(Bimaru(board))
        assert goal.state.to_text() == EXAMPLE.with_suffix(".out").read_text()
