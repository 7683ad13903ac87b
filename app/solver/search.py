"""A small search library in the classic shape (Problem, Node, one function per algorithm), instrumented.

The algorithms are tree searches: ``breadth_first_tree_search`` (FIFO
frontier), ``depth_first_tree_search`` (LIFO), ``greedy_search`` (best
first on h) and ``astar_search`` (best first on g + h). Each returns the
goal ``Node`` or None.

Instrumentation is by wrapping: ``run_search`` wraps the problem in an
``InstrumentedProblem`` that counts expanded nodes (calls to ``actions``),
generated nodes (calls to ``result``) and goal tests, follows the frontier
size (in a tree search it is 1 + generated - goal tests), and stops the
search with ``SearchTimeout`` when the time or node budget runs out.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any


class Problem:
    """A search problem: the initial state, the actions, their results, the goal test and a heuristic."""

    def __init__(self, initial: Hashable, goal: Hashable | None = None):
        self.initial = initial
        self.goal = goal

    def actions(self, state) -> Iterable[Any]:
        """The actions that can be done in ``state``."""
        raise NotImplementedError

    def result(self, state, action):
        """The state after doing ``action`` in ``state``."""
        raise NotImplementedError

    def goal_test(self, state) -> bool:
        """True when ``state`` is a goal (default: equal to ``self.goal``)."""
        return state == self.goal

    def path_cost(self, cost: float, state1, action, state2) -> float:
        """Cost of a path arriving at ``state2`` via ``action`` (default: 1 per step)."""
        return cost + 1

    def h(self, node: Node) -> float:
        """Heuristic estimate of the cost from ``node`` to a goal (default 0)."""
        return 0


class Node:
    """A node of the search tree: a state, its parent, the action that led to it, depth and path cost."""

    __slots__ = ("state", "parent", "action", "path_cost", "depth")

    def __init__(self, state, parent: Node | None = None, action=None, path_cost: float = 0):
        self.state = state
        self.parent = parent
        self.action = action
        self.path_cost = path_cost
        self.depth = parent.depth + 1 if parent else 0

    def expand(self, problem: Problem) -> list[Node]:
        """The children of this node."""
        return [self.child_node(problem, action) for action in problem.actions(self.state)]

    def child_node(self, problem: Problem, action) -> Node:
        """The node reached by doing ``action``."""
        state = problem.result(self.state, action)
        return Node(state, self, action, problem.path_cost(self.path_cost, self.state, action, state))

    def path(self) -> list[Node]:
        """The nodes from the root to this one."""
        node, out = self, []
        while node:
            out.append(node)
            node = node.parent
        return out[::-1]

    def solution(self) -> list:
        """The actions from the root to this node."""
        return [node.action for node in self.path()[1:]]

    def __repr__(self) -> str:
        return f"<Node depth={self.depth} action={self.action!r}>"


# ----- frontiers and the one loop ---------------------------------------------------------------


class _Fifo:
    def __init__(self):
        self.items: deque[Node] = deque()

    def push(self, node: Node) -> None:
        self.items.append(node)

    def pop(self) -> Node:
        return self.items.popleft()

    def __len__(self) -> int:
        return len(self.items)


class _Lifo(_Fifo):
    def pop(self) -> Node:
        return self.items.pop()


class _Priority:
    """Lowest f first; ties go to the most recently generated node (so equal f dives, as DFS)."""

    def __init__(self, f: Callable[[Node], float]):
        self.f = f
        self.heap: list[tuple[float, int, Node]] = []
        self.counter = itertools.count()

    def push(self, node: Node) -> None:
        heapq.heappush(self.heap, (self.f(node), -next(self.counter), node))

    def pop(self) -> Node:
        return heapq.heappop(self.heap)[2]

    def __len__(self) -> int:
        return len(self.heap)


def tree_search(problem: Problem, frontier) -> Node | None:
    """Pop a node, test it, push its children; the goal node or None when the frontier empties."""
    frontier.push(Node(problem.initial))
    while frontier:
        node = frontier.pop()
        if problem.goal_test(node.state):
            return node
        children = node.expand(problem)
        # a stack pops the last pushed child first: push in reverse so actions are tried in their order
        for child in reversed(children) if isinstance(frontier, _Lifo) else children:
            frontier.push(child)
    return None


def breadth_first_tree_search(problem: Problem) -> Node | None:
    """Shallowest nodes first."""
    return tree_search(problem, _Fifo())


def depth_first_tree_search(problem: Problem) -> Node | None:
    """Deepest nodes first; children in the order ``actions`` gives them."""
    return tree_search(problem, _Lifo())


def best_first_tree_search(problem: Problem, f: Callable[[Node], float]) -> Node | None:
    """Lowest ``f(node)`` first."""
    return tree_search(problem, _Priority(f))


def greedy_search(problem: Problem, h: Callable[[Node], float] | None = None) -> Node | None:
    """Best first on the heuristic alone."""
    h = h or problem.h
    return best_first_tree_search(problem, h)


def astar_search(problem: Problem, h: Callable[[Node], float] | None = None) -> Node | None:
    """Best first on path cost + heuristic."""
    h = h or problem.h
    return best_first_tree_search(problem, lambda node: node.path_cost + h(node))


ALGORITHMS: dict[str, Callable[[Problem], Node | None]] = {
    "bfs": breadth_first_tree_search,
    "dfs": depth_first_tree_search,
    "greedy": greedy_search,
    "astar": astar_search,
}


# ----- instrumentation -----------------------------------------------------------------------


class SearchTimeout(Exception):
    """The search ran out of its time or node budget."""


class InstrumentedProblem(Problem):
    """A problem that counts what a search does to it and enforces a budget."""

    def __init__(self, problem: Problem, seconds: float | None = None, max_nodes: int | None = None):
        super().__init__(problem.initial, problem.goal)
        self.problem = problem
        self.expanded = 0
        self.generated = 0
        self.goal_tests = 0
        self.max_frontier = 1
        self.max_nodes = max_nodes
        self.deadline = time.perf_counter() + seconds if seconds is not None else None

    def actions(self, state):
        self.expanded += 1
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchTimeout("time budget used up")
        return self.problem.actions(state)

    def result(self, state, action):
        self.generated += 1
        if self.max_nodes is not None and self.generated > self.max_nodes:
            raise SearchTimeout("node budget used up")
        # in a tree search every popped node is goal-tested and every generated node is pushed
        size = 1 + self.generated - self.goal_tests
        if size > self.max_frontier:
            self.max_frontier = size
        return self.problem.result(state, action)

    def goal_test(self, state) -> bool:
        self.goal_tests += 1
        return self.problem.goal_test(state)

    def path_cost(self, cost, state1, action, state2):
        return self.problem.path_cost(cost, state1, action, state2)

    def h(self, node):
        return self.problem.h(node)


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What one search did. ``depth`` is the solution's depth (None: no solution found)."""

    algorithm: str
    solved: bool
    timed_out: bool
    generated: int
    expanded: int
    goal_tests: int
    max_frontier: int
    depth: int | None
    seconds: float

    @property
    def penetrance(self) -> float | None:
        """Solution depth / nodes generated (1.0: the search went straight to the goal)."""
        if self.depth is None or self.generated == 0:
            return None
        return self.depth / self.generated

    @property
    def branching_factor(self) -> float | None:
        """The effective branching factor b: b + b^2 + ... + b^depth = nodes generated."""
        if self.depth is None or self.depth == 0 or self.generated == 0:
            return None
        return effective_branching_factor(self.generated, self.depth)

    def lines(self) -> list[str]:
        """Human-readable lines (the ``--stats`` output)."""
        def fmt(value: float | None, spec: str) -> str:
            return "-" if value is None else format(value, spec)

        outcome = "solved" if self.solved else ("timed out" if self.timed_out else "no solution")
        return [
            f"algorithm: {self.algorithm} ({outcome})",
            f"time: {self.seconds * 1000:.2f} ms",
            f"nodes generated: {self.generated}",
            f"nodes expanded: {self.expanded}",
            f"max frontier: {self.max_frontier}",
            f"solution depth: {fmt(self.depth, 'd')}",
            f"penetrance: {fmt(self.penetrance, '.4f')}",
            f"effective branching factor: {fmt(self.branching_factor, '.3f')}",
        ]


def effective_branching_factor(generated: int, depth: int, tolerance: float = 1e-9) -> float:
    """The b with b + b^2 + ... + b^depth = generated (bisection)."""
    def total(b: float) -> float:
        return sum(b ** i for i in range(1, depth + 1))

    low, high = 0.0, max(1.0, float(generated))
    while high - low > tolerance * max(1.0, high):
        mid = (low + high) / 2
        if total(mid) < generated:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def run_search(algorithm: str, problem: Problem, seconds: float | None = None,
               max_nodes: int | None = None) -> tuple[Node | None, SearchStats]:
    """Run one algorithm (a key of ALGORITHMS) on an instrumented copy of ``problem``."""
    search = ALGORITHMS[algorithm]
    measured = InstrumentedProblem(problem, seconds, max_nodes)
    start = time.perf_counter()
    timed_out = False
    try:
        goal = search(measured)
    except SearchTimeout:
        goal, timed_out = None, True
    elapsed = time.perf_counter() - start
    stats = SearchStats(algorithm, goal is not None, timed_out, measured.generated, measured.expanded,
                        measured.goal_tests, measured.max_frontier, goal.depth if goal else None, elapsed)
    return goal, stats
