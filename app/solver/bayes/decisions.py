"""Expected-score decisions over a posterior: the best final flag set, and whether and where to fire.

Everything is derived from a rules profile's weights (``ScoreModel``), so the
same code plays ``unito-2019`` and ``unito-2022``. The final score is linear in
the counts of docs/rules.md, so its expectation over the posterior is, for a final
flag set G on cells of unknown content::

    w_fok*fok + w_fko*fko + w_safe*(hidden - fok)          (fires made so far)
  + spare_fire*fires_left + spare_flag*budget               (unused resources)
  + sum over d in G of gain(P(ship at d))                   (each flag)
  + w_sink * sum over ship placements s of P(s) * [s covered by known, fired and G]

where ``gain(p) = p*(w_gok - w_safe) + (1-p)*w_gko - spare_flag``, and an unused
flag (fire) is worth ``max(w_guesses_left, 0)`` (``max(w_fires_left, 0)``): when
leftovers cost points, the agent spends them where they count for nothing
(a second flag, a fire on a fired cell). The sink term is exact by linearity
of expectation over the distinct ship placements.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from app.core import Observation
from app.solver.bayes.memo import SearchMemo, remembered
from app.solver.bayes.posterior import CELLS, PIECES, WATER, Posterior, cell_index

EPS = 1e-9


@dataclass(frozen=True)
class ScoreModel:
    """Per-action values derived from a profile's score weights."""

    weights: Mapping[str, int]

    def w(self, key: str) -> float:
        """The weight of a statistic (0 when the profile does not score it)."""
        return float(self.weights.get(key, 0))

    @cached_property
    def spare_flag(self) -> float:
        """What an unused flag is worth at the end."""
        return max(self.w("guesses_left"), 0.0)

    @cached_property
    def spare_fire(self) -> float:
        """What an unused fire is worth at the end."""
        return max(self.w("fires_left"), 0.0)

    @cached_property
    def waste_flags(self) -> bool:
        """True when a leftover flag should be spent where it counts for nothing."""
        return self.w("guesses_left") < 0

    @cached_property
    def waste_fires(self) -> bool:
        """True when a leftover fire should be spent where it counts for nothing."""
        return self.w("fires_left") < 0

    @cached_property
    def flag_ship(self) -> float:
        """A flag on a ship cell: gok instead of safe."""
        return self.w("gok") - self.w("safe")

    @cached_property
    def flag_water(self) -> float:
        """A flag on a water cell."""
        return self.w("gko")

    @cached_property
    def sink(self) -> float:
        """The bonus per sunk ship."""
        return self.w("sink")

    def flag_gain(self, p: np.ndarray | float) -> np.ndarray | float:
        """Expected gain of a flag on a cell with P(ship) = p, sinking left aside."""
        return p * self.flag_ship + (1 - p) * self.flag_water - self.spare_flag

    @cached_property
    def always_threshold(self) -> float:
        """Above this P(ship) a flag gains even with no ship sunk by it (3/7 under unito-2019)."""
        return (self.spare_flag - self.flag_water) / (self.flag_ship - self.flag_water)

    @cached_property
    def never_threshold(self) -> float:
        """At or below this P(ship) a flag loses even if it always sank its ship (0.3 under unito-2019)."""
        return (self.spare_flag - self.flag_water) / (self.flag_ship - self.flag_water + max(self.sink, 0.0))


@dataclass(frozen=True)
class Situation:
    """The public state a final score depends on, besides the posterior.

    ``covered``: bitboard of ship cells already counted for sinking (known at
    start or hit by a fire); ``open_cells``: (100,) bool, cells whose content
    is unknown (flag and fire candidates); ``hidden``: ship cells not known at
    start; ``flag_budget``: flags in hand plus flags on open cells (they can be
    taken back).
    """

    covered: int
    open_cells: np.ndarray
    fok: int
    fko: int
    hidden: int
    fires_left: int
    flag_budget: int

    @classmethod
    def from_observation(cls, observation: Observation) -> Situation:
        """The situation an agent is in at ``observation``."""
        known_ships = {cell_index(c) for c, p in observation.start_known.items() if p.is_ship}
        fired_ships = {cell_index(c) for c, p in observation.fired.items() if p.is_ship}
        open_cells = np.ones(CELLS, dtype=bool)
        for cell in list(observation.known) + list(observation.fired):
            open_cells[cell_index(cell)] = False
        covered = 0
        for b in known_ships | fired_ships:
            covered |= 1 << b
        open_flags = sum(1 for c in observation.flags if open_cells[cell_index(c)])
        return cls(covered, open_cells, fok=len(fired_ships), fko=len(observation.fired) - len(fired_ships),
                   hidden=sum(observation.fleet) - len(known_ships), fires_left=observation.fires_left,
                   flag_budget=observation.guesses_left + open_flags)

    @cached_property
    def key(self) -> tuple:
        """What identifies the situation (``SearchMemo``)."""
        return (self.covered, self.open_cells.tobytes(), self.fok, self.fko, self.hidden, self.fires_left,
                self.flag_budget)

    def base_value(self, model: ScoreModel) -> float:
        """The expected score with no flag placed (fires so far, unused resources)."""
        return (model.w("fok") * self.fok + model.w("fko") * self.fko + model.w("safe") * (self.hidden - self.fok)
                + model.spare_fire * self.fires_left + model.spare_flag * self.flag_budget)

    def after_fire(self, cell: int, code: int) -> Situation:
        """The situation after a fire at ``cell`` revealed piece ``code``."""
        open_cells = self.open_cells.copy()
        open_cells[cell] = False
        ship = code != WATER
        return Situation(self.covered | (1 << cell) if ship else self.covered, open_cells, self.fok + ship,
                         self.fko + (not ship), self.hidden, self.fires_left - 1, self.flag_budget)


@dataclass(frozen=True)
class FlagPlan:
    """The best final flag set found and its expected final score."""

    cells: tuple[int, ...]
    value: float
    exact: bool
    nodes: int


class _SinkTable:
    """Ship placements whose sinking still depends on the flags, for fast sink sums.

    Made once per flag optimisation of a small posterior (a few dozen placements), so the placements
    are walked as Python ints (their bitboards) and numpy is kept for the float sums only (the same
    sums in the same order as over the whole table: the values do not change with the representation).
    """

    def __init__(self, posterior: Posterior, covered: int):
        weights = posterior.ship_weights()
        present = np.flatnonzero(weights > EPS)  # the placements of these layouts (the table holds all the game's)
        masks = posterior.table.masks
        self._present = present
        self._weights = weights[present]
        self._need = [masks[i] & ~covered for i in present.tolist()]
        done = [k for k, need in enumerate(self._need) if not need]
        self.constant = float(self._weights[done].sum())
        self._cells = posterior.table.cells

    def restrict(self, candidates: int) -> None:
        """Keep the placements the flags on ``candidates`` (bitboard) can still sink."""
        live = [k for k, need in enumerate(self._need) if need and not need & ~candidates]
        self.weights = self._weights[live]
        self.cells = self._cells[self._present[live]]
        self._needs = [(self._need[k], w) for k, w in zip(live, self.weights.tolist())]
        self._cache: dict[int, float] = {}

    def needs(self) -> list[tuple[int, float]]:
        """The live placements as Python values, (cells still needed as a bitboard, weight)."""
        return self._needs

    def potential(self) -> np.ndarray:
        """(100,) for each cell, the probability mass of live placements through it."""
        return np.einsum("m,md->d", self.weights, self.cells) if len(self.weights) else np.zeros(CELLS)

    def sunk(self, flags: int) -> float:
        """Expected ships sunk when ``flags`` (bitboard) are flagged."""
        value = self._cache.get(flags)
        if value is None:
            hit = [k for k, (need, _) in enumerate(self._needs) if not need & ~flags]
            value = self.constant + float(self.weights[hit].sum())
            self._cache[flags] = value
        return value


def best_flags(posterior: Posterior, situation: Situation, model: ScoreModel,
               node_limit: int = 20000, memo: SearchMemo | None = None) -> FlagPlan:
    """The flag set maximising the expected final score, with at most ``flag_budget`` flags.

    Cells at or below ``never_threshold`` (or whose every live ship could not
    pay for them) are left out. When all remaining candidates fit in the
    budget, cells above ``always_threshold`` are flagged outright (adding them
    never lowers the score) and the cells in between are searched exactly,
    independently per group of cells linked by a possible ship. Otherwise
    all candidates are searched together under the budget. The search is a
    branch and bound (``_search``); ``exact`` is False when it hit ``node_limit``
    and the best set found is returned. ``memo``: see ``SearchMemo``.
    """
    if memo is not None:
        return memo.get(("flags", node_limit), posterior, situation,
                        lambda: best_flags(posterior, situation, model, node_limit))
    p = posterior.marginals()
    gains = model.flag_gain(p)
    base = situation.base_value(model)
    floor = max(model.never_threshold, 0.0) + EPS
    candidates = np.flatnonzero(situation.open_cells & (p > floor)).tolist()
    sinks = _SinkTable(posterior, situation.covered)
    while True:  # drop cells whose best case (every live ship through them sunk) still loses
        sinks.restrict(sum(1 << d for d in candidates))
        paying = (gains + model.sink * sinks.potential() > EPS).tolist()
        kept = [d for d in candidates if paying[d]]
        if len(kept) == len(candidates):
            break
        candidates = kept
    budget = situation.flag_budget
    exact, nodes = True, 0
    gain_of = gains.tolist()
    if len(candidates) <= budget:
        chosen = [d for d in candidates if gain_of[d] > 0]
        search = [d for d in candidates if gain_of[d] <= 0]
        forced = sum(1 << d for d in chosen)
        for group, (needs, weights) in _groups(search, sinks, forced):
            found, group_exact, group_nodes = _search(group, gain_of, needs, weights, model.sink, len(group),
                                                      node_limit)
            chosen += found
            exact &= group_exact
            nodes += group_nodes
    else:
        chosen, exact, nodes = _search(candidates, gain_of, *_needs(sinks, candidates, 0), model.sink, budget,
                                       node_limit)
    mask = sum(1 << d for d in chosen)
    value = base + sum(gain_of[d] for d in chosen) + model.sink * sinks.sunk(mask)
    return FlagPlan(tuple(sorted(chosen)), value, exact, nodes)


def _needs(sinks: _SinkTable, cells: list[int], forced: int) -> tuple[list[list[int]], list[float]]:
    """Live placements as the cells of ``cells`` they still need (ascending), with their weights."""
    allowed = sum(1 << d for d in cells)
    needs, weights = [], []
    for need, w in sinks.needs():
        need &= ~forced
        if need and not need & ~allowed:
            places = []
            while need:
                low = need & -need
                places.append(low.bit_length() - 1)
                need ^= low
            needs.append(places)
            weights.append(w)
    return needs, weights


def _groups(cells: list[int], sinks: _SinkTable, forced: int) -> list[tuple[list[int], tuple[list, list]]]:
    """``cells`` split into groups no live ship placement links (searched independently), each with the
    placements within it (``_needs`` of the group)."""
    needs, weights = _needs(sinks, cells, forced)
    position = {d: i for i, d in enumerate(cells)}
    parent = list(range(len(cells)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for places in needs:
        for d in places:
            parent[root(position[d])] = root(position[places[0]])
    groups: dict[int, tuple[list[int], list, list]] = {}
    for i, d in enumerate(cells):
        groups.setdefault(root(i), ([], [], []))[0].append(d)
    for places, w in zip(needs, weights):
        _, group_needs, group_weights = groups[root(position[places[0]])]
        group_needs.append(places)
        group_weights.append(w)
    return [(groups[r][0], groups[r][1:]) for r in sorted(groups)]


def _search(cells: list[int], gains: list[float], needs: list[list[int]], weights: list[float], sink_weight: float,
            budget: int, node_limit: int) -> tuple[list[int], bool, int]:
    """Branch and bound: the subset of ``cells`` (at most ``budget``) maximising gains plus sinks.

    ``needs``/``weights``: the live ship placements within ``cells``, as the cells each still
    needs, and their probabilities. Cells are tried best gain first, "flag it" before "leave it". The bound of
    a node is its value plus the best ``room`` positive values among the
    undecided cells, each cell's value being its gain plus an equal share of
    the sink bonus of every still possible ship that needs it (a ship sunk by
    the flags added later is paid for by exactly those flags' shares).
    Returns (chosen cells, search finished, nodes visited).

    A node carries what its children change only where cell ``i`` is: the ships still
    possible and not yet sunk (``live``, a bitmask over ``needs``), the bonus of those its
    flags sank (``sunk``) and the undecided cells' values (``extra``); deciding cell ``i``
    updates the shares of the ships through it and leaves every other value as it was.
    """
    cells = sorted(cells, key=lambda d: (-gains[d], d))
    n = len(cells)
    if n == 0 or budget <= 0:
        return [], True, 0
    gain = [gains[d] for d in cells]
    position = {d: i for i, d in enumerate(cells)}
    bonus = [sink_weight * w for w in weights]
    through = [0] * n  # the needs through each position, as a bitmask over needs
    extra = list(gain)
    places_of = []
    for k, cells_of in enumerate(needs):
        places = sorted(position[d] for d in cells_of)
        places_of.append(places)
        share = bonus[k] / len(places)
        for p in places:
            through[p] |= 1 << k
            extra[p] += share
    best_value, best_mask = 0.0, 0
    nodes = 0
    stack = [(0, 0, 0.0, 0, 0.0, extra, (1 << len(needs)) - 1)]
    while stack:
        i, mask, lin, count, sunk, extra, live = stack.pop()
        nodes += 1
        if nodes > node_limit:
            break
        value = lin + sunk
        if value > best_value + EPS:
            best_value, best_mask = value, mask
        room = budget - count
        if i == n or room <= 0:
            continue
        if len(extra) > room:  # the best room values, when more than room are positive
            top = sorted(extra, reverse=True)
            bound = sum(top[:room]) if top[room] > EPS else sum([e for e in extra if e > EPS])
        else:
            bound = sum([e for e in extra if e > EPS])
        if value + bound <= best_value + EPS:
            continue
        left_out, taken = extra[1:], extra[1:]
        left_live, taken_live, taken_sunk = live, live, sunk
        touching = live & through[i]
        while touching:
            low = touching & -touching
            touching ^= low
            k = low.bit_length() - 1
            places = places_of[k]
            rest, b = places[places.index(i) + 1:], bonus[k]  # its positions after i
            share = b / (len(rest) + 1)
            left_live ^= low  # leaving cell i out: the ship can no longer be sunk
            for p in rest:
                left_out[p - i - 1] -= share
            if rest:  # flagging it: its other cells share its bonus
                more = b / len(rest) - share
                for p in rest:
                    taken[p - i - 1] += more
            else:  # flagging it sinks the ship
                taken_live ^= low
                taken_sunk += b
        stack.append((i + 1, mask, lin, count, sunk, left_out, left_live))
        stack.append((i + 1, mask | (1 << i), lin + gain[i], count + 1, taken_sunk, taken, taken_live))
    chosen = [cells[i] for i in range(n) if best_mask >> i & 1]
    return chosen, nodes <= node_limit, nodes


def quick_flag_values(p: np.ndarray, ship_w: np.ndarray, members: np.ndarray, open_cells: np.ndarray,
                      covered: np.ndarray, flag_budget: int, base: np.ndarray, model: ScoreModel) -> np.ndarray:
    """Expected final score of many branches at once, each flagging the cells with positive gain.

    ``p`` (B, 100) and ``ship_w`` (B, M) describe each branch's posterior; ``members``
    is ``PlacementTable.members``; ``open_cells`` (B, 100) and ``covered`` (B, 100) bool are each
    branch's cells of unknown content and ship cells counted for sinking, ``base`` (B,) its
    ``Situation.base_value``. A fast lower bound of ``best_flags`` (no search over
    the cells between the thresholds), used to rank fire candidates before the
    exact evaluation of the best few.
    """
    branches = len(base)
    gains = model.flag_gain(p)
    flagged = open_cells & (gains > 0)
    over = np.flatnonzero(flagged.sum(axis=1) > flag_budget)
    if len(over):  # keep each such branch's flag_budget best gains (a stable sort: ties by cell)
        order = np.argsort(-np.where(flagged[over], gains[over], -np.inf), axis=1, kind="stable")
        keep = np.zeros((len(over), CELLS), dtype=bool)
        np.put_along_axis(keep, order[:, :flag_budget], True, axis=1)
        flagged[over] &= keep
    sinking = np.ones((branches, CELLS + 1), dtype=bool)  # column CELLS: the padding of ``members``
    sinking[:, :CELLS] = flagged | covered
    sunk_ships = sinking[:, members].all(axis=2)
    sunk = (ship_w * sunk_ships).sum(axis=1)
    linear = np.where(flagged, gains, 0.0).sum(axis=1)
    return base + linear + model.sink * sunk


@dataclass(frozen=True)
class FireChoice:
    """The result of weighing fires against stopping."""

    cell: int | None  # None: stop firing
    value: float  # expected final score of the choice
    stop_value: float
    p_ship: float
    plan: FlagPlan  # the flag plan if the agent stops now


def fire_candidates(posterior: Posterior, situation: Situation) -> list[int]:
    """Open cells whose content is not certain water (firing a sure miss teaches nothing)."""
    p = posterior.marginals()
    return [c for c in range(CELLS) if situation.open_cells[c] and p[c] > EPS]


_BINCOUNT_ITEMS = 1 << 20  # at most this many (cell, layout, ship) keys in one bincount of one_step_values


def one_step_values(posterior: Posterior, situation: Situation, model: ScoreModel,
                    cells: list[int]) -> np.ndarray:
    """Approximate value of firing each of ``cells`` and then flagging (``quick_flag_values`` per outcome)."""
    if not cells:
        return np.zeros(0)
    w = posterior.weights
    pieces = posterior.pieces
    occupied = (pieces != WATER).astype(np.float32)
    at_cells = pieces[:, np.array(cells)]
    w32 = w.astype(np.float32)[:, None]
    n_codes = len(PIECES)
    prob = np.zeros((len(cells), n_codes))
    cooc = np.zeros((len(cells), n_codes, CELLS))
    for code in range(n_codes):
        here = at_cells == code
        if not here.any():  # no layout holds this piece at these cells: its rows stay zero
            continue
        at = np.where(here, w32, np.float32(0.0))
        prob[:, code] = at.sum(axis=0, dtype=np.float64)
        cooc[:, code, :] = at.T @ occupied
    m = len(posterior.table)
    slots = posterior.ship_ids.shape[1]
    owners, codes = np.nonzero(prob > EPS)  # the branches: every outcome a fire may reveal
    probs = prob[owners, codes]
    # P(outcome, ship placement) of each branch: a bincount over a few cells at a time, each bin summed in
    # layout order
    ship_w = np.empty((len(owners), m))
    chunk = max(1, _BINCOUNT_ITEMS // max(1, posterior.ship_ids.size))
    repeated = np.repeat(w, slots)
    for first in range(0, len(cells), chunk):
        part = at_cells[:, first:first + chunk].T.astype(np.int64)
        keys = (np.arange(len(part))[:, None, None] * n_codes + part[:, :, None]) * m + posterior.ship_ids[None]
        joint = np.bincount(keys.ravel(), weights=np.tile(repeated, len(part)),
                            minlength=len(part) * n_codes * m).reshape(len(part), n_codes, m)
        rows = (owners >= first) & (owners < first + len(part))
        ship_w[rows] = joint[owners[rows] - first, codes[rows]] / probs[rows, None]
    fired = np.array(cells)[owners]
    ship = codes != WATER
    open_cells = np.repeat(situation.open_cells[None, :], len(owners), axis=0)
    open_cells[np.arange(len(owners)), fired] = False
    covered = np.zeros(CELLS, dtype=bool)
    covered[[b for b in range(CELLS) if situation.covered >> b & 1]] = True
    covered = np.repeat(covered[None, :], len(owners), axis=0)
    covered[np.flatnonzero(ship), fired[ship]] = True
    after_ship, after_water = situation.after_fire(cells[0], 1), situation.after_fire(cells[0], WATER)
    base = np.where(ship, after_ship.base_value(model), after_water.base_value(model))
    values = quick_flag_values(cooc[owners, codes] / probs[:, None], ship_w,
                               posterior.table.members, open_cells, covered, situation.flag_budget, base, model)
    q = np.zeros(len(cells))
    np.add.at(q, owners, probs * values)
    totals = np.zeros(len(cells))
    np.add.at(totals, owners, probs)
    return q / np.maximum(totals, EPS)


def _after_firing(posterior: Posterior, situation: Situation, cell: int,
                  value_of: Callable[[Posterior, Situation], float]) -> float:
    """The expectation over what a fire at ``cell`` may reveal of ``value_of(posterior, situation)`` after it."""
    probs = posterior.outcome_probabilities(cell)
    value = 0.0
    for code, pk in enumerate(probs):
        if pk > EPS:
            value += pk * value_of(posterior.given(cell, code), situation.after_fire(cell, code))
    return value / float(probs.sum())


def exact_fire_value(posterior: Posterior, situation: Situation, model: ScoreModel, cell: int,
                     node_limit: int = 20000, memo: SearchMemo | None = None) -> float:
    """Expected final score of firing ``cell`` then flagging optimally (``best_flags`` per outcome).

    ``memo``: remember the results for the rest of the game (``SearchMemo``); also in ``choose_fire``.
    """
    return remembered(memo, ("fire", cell, node_limit), posterior, situation, lambda: _after_firing(
        posterior, situation, cell, lambda branch, after: best_flags(branch, after, model, node_limit, memo).value))


def choose_fire(posterior: Posterior, situation: Situation, model: ScoreModel, shortlist: int = 4,
                node_limit: int = 20000, depth: int = 1, deep_shortlist: int = 3,
                memo: SearchMemo | None = None) -> FireChoice:
    """Fire at the cell with the best lookahead value, or stop when none beats stopping.

    All candidates are ranked with ``one_step_values``; the ``shortlist`` best are
    re-valued exactly (fire, see the piece, flag optimally). With ``depth`` > 1
    and fires left, the ``deep_shortlist`` best of those are valued once more
    allowing ``depth - 1`` further fires chosen the same way after each outcome
    (each outcome may fire again or stop). The best
    is fired only when it beats the exact value of stopping now. Ties go to the
    first cell in row-major order.
    """
    return remembered(memo, ("choice", shortlist, node_limit, depth, deep_shortlist), posterior, situation,
                      lambda: _choose_fire(posterior, situation, model, shortlist, node_limit, depth, deep_shortlist,
                                           memo))


def _choose_fire(posterior: Posterior, situation: Situation, model: ScoreModel, shortlist: int, node_limit: int,
                 depth: int, deep_shortlist: int, memo: SearchMemo | None) -> FireChoice:
    plan = best_flags(posterior, situation, model, node_limit, memo)
    p = posterior.marginals()
    cells = fire_candidates(posterior, situation) if situation.fires_left > 0 else []
    if not cells:
        return FireChoice(None, plan.value, plan.value, 0.0, plan)
    approx = remembered(memo, "one step", posterior, situation,
                        lambda: one_step_values(posterior, situation, model, cells))
    order = sorted(range(len(cells)), key=lambda i: (-round(approx[i], 9), cells[i]))[:shortlist]
    values = {cells[i]: exact_fire_value(posterior, situation, model, cells[i], node_limit, memo) for i in order}
    if depth > 1 and situation.fires_left > 1:
        for cell in sorted(values, key=lambda c: (-round(values[c], 9), c))[:deep_shortlist]:
            values[cell] = max(values[cell], _deeper_value(posterior, situation, model, cell, depth - 1,
                                                           shortlist, node_limit, memo))
    best_cell, best_value = None, plan.value
    for cell in sorted(values):
        if values[cell] > best_value + 1e-6:
            best_cell, best_value = cell, values[cell]
    p_ship = float(p[best_cell]) if best_cell is not None else 0.0
    return FireChoice(best_cell, best_value, plan.value, p_ship, plan)


def _deeper_value(posterior: Posterior, situation: Situation, model: ScoreModel, cell: int, depth: int,
                  shortlist: int, node_limit: int, memo: SearchMemo | None) -> float:
    """Expected final score of firing ``cell``, then following ``choose_fire`` with ``depth`` on each outcome."""
    return _after_firing(posterior, situation, cell, lambda branch, after: choose_fire(
        branch, after, model, shortlist, node_limit, depth, memo=memo).value)
