"""The best fire policy over a small posterior, found exactly by search over what the fires can reveal.

``choose_fire`` in ``decisions`` looks one or two fires ahead. When few
layouts are left, the whole decision tree is small enough to search: the
value of a state (the layouts still possible, the fires made) is the larger
of stopping now (``best_flags``) and, for each cell worth firing, the
probability-weighted value of the states its possible contents lead to, each
of which may fire again while fires are left. That is the expected final
score of the best policy, exactly (up to ``best_flags``' node limit).

The search is cut by an upper bound: with perfect knowledge of the layout an
agent would flag every open ship cell and sink every ship, so no policy can
expect more than that averaged over the layouts left; a fire lowers this bound
by what it costs against a flag (``25 * P(water)`` under unito-2019). Cells are
tried best bound first and skipped once their bound cannot beat the best value
found; cells whose fire would split the layouts the same way are tried once.
States are remembered, so the next steps of a game reuse the search.

Most of the tree is its last level. With ``last_shortlist`` set, a state with
one fire left and more than ``last_exact`` layouts is decided by ``choose_fire`` instead: every cell ranked by the
quick one-step values, the best few valued exactly. The result is then no
longer the exact optimum, but never worse than the shallower lookahead, and
several times faster (the agent runs it so; the tests check the exact mode
against plain expectimax).
"""

from __future__ import annotations

import numpy as np

from app.solver.bayes.decisions import EPS, FireChoice, FlagPlan, ScoreModel, Situation, best_flags, choose_fire
from app.solver.bayes.posterior import CELLS, WATER, Posterior


class OutOfBudget(Exception):
    """The search needed more stop evaluations than its budget allows."""


class FirePlanner:
    """Exact fire decisions for the layouts of ``root`` and any subset of them.

    ``budget`` caps the number of stop evaluations (``best_flags`` calls) over
    the planner's life; past it ``choose`` raises ``OutOfBudget`` and the caller
    falls back to a shallower lookahead; a decision by ``choose_fire`` (``last_shortlist``)
    counts as the flag optimisations it makes, about ``1 + 3 * last_shortlist``.
    Deterministic: it counts work, not time.
    """

    def __init__(self, root: Posterior, model: ScoreModel, budget: int = 4000, node_limit: int = 20000,
                 last_shortlist: int | None = None, last_exact: int = 0):
        self.root = root
        self.last_shortlist = last_shortlist
        self.last_exact = last_exact
        self.model = model
        self.budget = budget
        self.node_limit = node_limit
        self.evaluations = 0
        self._ships = root.pieces != WATER
        self._fleet = root.ship_ids.shape[1]
        self._flag_one = max(model.flag_ship - model.spare_flag, 0.0)
        self._root_open: int | None = None  # open cells (bitboard) when first asked
        self._root_open_ships: np.ndarray | None = None  # (N,) open ship cells of each layout then
        self._values: dict[tuple[bytes, int], float] = {}
        self._stops: dict[tuple[bytes, int], FlagPlan] = {}

    def rows_of(self, facts: dict[int, int]) -> np.ndarray:
        """The root layouts agreeing with ``facts`` (cell -> piece code)."""
        rows = np.ones(self.root.size, dtype=bool)
        for cell, code in facts.items():
            rows &= self.root.pieces[:, cell] == code
        return rows

    def choose(self, rows: np.ndarray, situation: Situation, fired: int) -> FireChoice:
        """Fire at the best cell, or stop (cell None) when no fire beats stopping.

        ``rows``: the root layouts still possible; ``fired``: bitboard of the cells
        fired since the root's situation (part of the state's identity).
        """
        self._anchor(situation)
        stop = self._stop(rows, situation, self._key(rows, fired))
        best_cell, best_value = self._best_fire(rows, situation, fired, stop.value)
        p_ship = float(self._weights(rows) @ self._ships[rows, best_cell]) if best_cell is not None else 0.0
        return FireChoice(best_cell, best_value, stop.value, p_ship, stop)

    def value(self, rows: np.ndarray, situation: Situation, fired: int) -> float:
        """The expected final score of the best play from a state (as ``choose`` values it; the coach's continuation)."""
        self._anchor(situation)
        return self._value(rows, situation, fired)

    def _anchor(self, situation: Situation) -> None:
        """Remember the open cells when first asked (the bound counts the ship cells hit since)."""
        if self._root_open is None:
            self._root_open = sum(1 << int(c) for c in np.flatnonzero(situation.open_cells))
            self._root_open_ships = self._ships[:, situation.open_cells].sum(axis=1)

    # ----- the search --------------------------------------------------------------
    def _weights(self, rows: np.ndarray) -> np.ndarray:
        w = self.root.weights[rows]
        return w / w.sum()

    def _bound(self, rows: np.ndarray, situation: Situation) -> float:
        """The expected score with perfect knowledge of the layout and no further fire."""
        # the layouts left agree on every cell fired since the root: their open ship cells are the
        # root's minus the ships hit since
        hit_since = (situation.covered & self._root_open).bit_count()
        open_ships = float(self._weights(rows) @ self._root_open_ships[rows]) - hit_since
        return situation.base_value(self.model) + self._flag_one * open_ships + self.model.sink * self._fleet

    def _flags_suffice(self, rows: np.ndarray, situation: Situation) -> bool:
        """True when flagging every open ship cell of these layouts pays and fits the flag budget."""
        open_ships = int(self._ships[rows][:, situation.open_cells].sum(axis=1).max())
        return self._flag_one > 0 and open_ships <= situation.flag_budget

    def _fire_penalty(self, p_ship: np.ndarray) -> np.ndarray:
        """How much a fire lowers the perfect-knowledge bound, by the fired cell's P(ship)."""
        m = self.model
        return -(p_ship * (m.w("fok") - m.w("safe") - self._flag_one) + (1 - p_ship) * m.w("fko") - m.spare_fire)

    @staticmethod
    def _key(rows: np.ndarray, fired: int) -> tuple[bytes, int]:
        """A state's identity: the layouts left and the cells fired since the root."""
        return np.packbits(rows).tobytes(), fired

    def _stop(self, rows: np.ndarray, situation: Situation, key: tuple[bytes, int]) -> FlagPlan:
        plan = self._stops.get(key)
        if plan is None:
            self.evaluations += 1
            if self.evaluations > self.budget:
                raise OutOfBudget
            plan = best_flags(self.root.restrict(rows), situation, self.model, self.node_limit)
            self._stops[key] = plan
        return plan

    def _value(self, rows: np.ndarray, situation: Situation, fired: int) -> float:
        key = self._key(rows, fired)
        value = self._values.get(key)
        if value is None:
            if rows.sum() == 1 and self._flags_suffice(rows, situation):  # known layout: flag its open ship cells
                value = self._bound(rows, situation)
            else:
                stop = self._stop(rows, situation, key).value
                value = self._best_fire(rows, situation, fired, stop)[1]
            self._values[key] = value
        return value

    def _best_fire(self, rows: np.ndarray, situation: Situation, fired: int, stop: float) -> tuple[int | None, float]:
        """The best cell to fire (None: stop) and the value of the choice."""
        if situation.fires_left <= 0 or rows.sum() <= 1:
            return None, stop
        bound = self._bound(rows, situation)
        if bound <= stop + EPS:
            return None, stop
        if situation.fires_left == 1 and self.last_shortlist and rows.sum() > self.last_exact:
            self.evaluations += 1 + 3 * self.last_shortlist  # about as many flag optimisations
            if self.evaluations > self.budget:
                raise OutOfBudget
            choice = choose_fire(self.root.restrict(rows), situation, self.model, self.last_shortlist,
                                 self.node_limit)
            return choice.cell, choice.value
        pieces = self.root.pieces[rows]
        w = self._weights(rows)
        open_idx = np.flatnonzero(situation.open_cells & (pieces.min(axis=0) != pieces.max(axis=0)))
        if not len(open_idx):
            return None, stop
        p_ship = w @ self._ships[rows][:, open_idx]
        cell_bounds = bound - self._fire_penalty(p_ship)
        best_cell, best_value = None, stop
        seen: set[bytes] = set()
        bounds_of, cells_of = cell_bounds.tolist(), open_idx.tolist()
        for i in sorted(range(len(cells_of)), key=lambda i: (-round(bounds_of[i], 9), cells_of[i])):
            if bounds_of[i] <= best_value + 1e-6:
                break
            cell = cells_of[i]
            column = pieces[:, cell]
            signature = _signature(column)
            if signature in seen:
                continue
            seen.add(signature)
            value = self._fire_value(rows, situation, fired, cell, column, w, best_value)
            if value is not None and value > best_value + 1e-6:
                best_cell, best_value = cell, value
        return best_cell, best_value

    def _fire_value(self, rows: np.ndarray, situation: Situation, fired: int, cell: int, column: np.ndarray,
                    w: np.ndarray, to_beat: float) -> float | None:
        """Expected value of firing ``cell`` then playing on; None once it cannot beat ``to_beat``."""
        codes = np.unique(column)
        branches = []
        for code in codes.tolist():
            same = column == code
            sub = np.zeros_like(rows)
            sub[rows] = same
            after = situation.after_fire(cell, code)
            pk = float(w[same].sum())
            branches.append((pk, sub, after))
        branches.sort(key=lambda b: -b[0])
        bounds = [pk * self._bound(sub, after) for pk, sub, after in branches]
        rest = sum(bounds)
        total = 0.0
        for (pk, sub, after), upper in zip(branches, bounds):
            rest -= upper
            total += pk * self._value(sub, after, fired | (1 << cell))
            if total + rest <= to_beat + 1e-6:
                return None
        return total


def _signature(column: np.ndarray) -> bytes:
    """How a fire splits the layouts: which layouts share a content (labels by first use), and whether it is water.

    Each layout's byte is twice its content's label plus 1 for water (a few dozen layouts: plain Python is
    quicker than numpy's ``unique`` here).
    """
    labels: dict[int, int] = {}
    return bytes(2 * labels.setdefault(code, len(labels)) + (code == WATER) for code in column.tolist())


__all__ = ["CELLS", "FirePlanner", "OutOfBudget"]
