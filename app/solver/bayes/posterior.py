"""The posterior over fleet placements: a weighted table of layouts, filtered as cells are revealed.

A layout is one fleet placement consistent with everything the agent knows;
the prior is uniform over layouts, so the posterior is the uniform
distribution over the layouts that agree with what fires revealed. Layouts
come from the project's one enumerator (``app.solver.fast``); this module
only stores them compactly and answers the questions the decisions need:

- ``pieces``: (N, 100) int8, the piece code of every cell in every layout
  (``PIECES.index(piece)``: 0 water, 1 sub, 2 left, 3 right, 4 top, 5 bot, 6 middle);
- ``ship_ids``: (N, S) int32, which distinct ship placement each ship of a layout is
  (rows of ``table``), so "P(this exact ship is there)" is one ``bincount``;
- ``weights``: (N,) summing to 1 (uniform when exact; importance weights when sampled).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from app.core.grid import SIZE, Cell, Piece, ship_pieces

PIECES: tuple[Piece, ...] = tuple(Piece)  # code = index: WATER is 0
WATER = 0
CELLS = SIZE * SIZE
_LO_BITS = 64
_BUILT = itertools.count()  # numbers the posteriors built (their ``origin``)


def piece_code(piece: Piece) -> int:
    """The int8 code of a piece in ``Posterior.pieces``."""
    return PIECES.index(piece)


def cell_index(cell: Cell) -> int:
    """The flat index 10*x + y of a cell (the bit of the enumerator's bitboards)."""
    return SIZE * cell.x + cell.y


def split_words(mask: int) -> tuple[int, int]:
    """A 100-bit board as two unsigned 64-bit words (low bits 0..63, high bits 64..99)."""
    return mask & ((1 << _LO_BITS) - 1), mask >> _LO_BITS


class PlacementTable:
    """Distinct ship placements seen in the layouts, each with its cells and piece codes.

    Grows as layouts are added; ``cells`` (M, 100) bool, ``codes`` (M, 100) int8,
    ``lo``/``hi`` (M,) uint64 bitboard words, ``lengths`` (M,).
    """

    def __init__(self) -> None:
        self._ids: dict[int, int] = {}
        self._masks: list[int] = []
        self._frozen: tuple[np.ndarray, ...] | None = None

    def id_of(self, mask: int) -> int:
        """The row of the ship placement ``mask`` (added if new)."""
        ident = self._ids.get(mask)
        if ident is None:
            ident = self._ids[mask] = len(self._masks)
            self._masks.append(mask)
            self._frozen = None
        return ident

    def __len__(self) -> int:
        return len(self._masks)

    def _arrays(self) -> tuple[np.ndarray, ...]:
        if self._frozen is None:
            m = len(self._masks)
            cells = np.zeros((m, CELLS), dtype=bool)
            codes = np.zeros((m, CELLS), dtype=np.int8)
            lo = np.zeros(m, dtype=np.uint64)
            hi = np.zeros(m, dtype=np.uint64)
            for row, mask in enumerate(self._masks):
                bits = [b for b in range(CELLS) if mask >> b & 1]
                line = [Cell(*divmod(b, SIZE)) for b in bits]
                for b, piece in zip(bits, ship_pieces(line)):
                    cells[row, b] = True
                    codes[row, b] = piece_code(piece)
                lo[row], hi[row] = split_words(mask)
            longest = int(cells.sum(axis=1).max()) if m else 1
            members = np.full((m, longest), CELLS, dtype=np.int64)
            for row in range(m):
                where = np.flatnonzero(cells[row])
                members[row, : len(where)] = where
            self._frozen = (cells, codes, lo, hi, members)
        return self._frozen

    @property
    def cells(self) -> np.ndarray:
        """(M, 100) bool: the cells of each placement."""
        return self._arrays()[0]

    @property
    def codes(self) -> np.ndarray:
        """(M, 100) int8: the piece code of each placement's cells (0 elsewhere)."""
        return self._arrays()[1]

    @property
    def words(self) -> tuple[np.ndarray, np.ndarray]:
        """(lo, hi): each placement as two uint64 bitboard words."""
        arrays = self._arrays()
        return arrays[2], arrays[3]

    @property
    def members(self) -> np.ndarray:
        """(M, L) int: the flat cell indices of each placement, padded with 100 (a cell that is always covered)."""
        return self._arrays()[4]

    @property
    def masks(self) -> list[int]:
        """The bitboard of each placement, by row (do not change it)."""
        return self._masks

    def mask(self, ident: int) -> int:
        """The bitboard of placement ``ident``."""
        return self._masks[ident]


@dataclass
class Posterior:
    """Weighted layouts consistent with what is known; see the module docstring.

    Its arrays are never changed once made: ``marginals`` and ``ship_weights`` are computed once and
    handed out read-only.
    """

    table: PlacementTable
    ship_ids: np.ndarray
    pieces: np.ndarray
    weights: np.ndarray
    exact: bool = True
    total: int | None = None  # layouts consistent before sampling, when known
    #: (root, reveals): the posterior built (a number of its own) and the (cell, code) pairs ``given`` since,
    #: None after a ``restrict`` by rows; two posteriors with one origin hold the same layouts (``SearchMemo``)
    origin: tuple[int, frozenset[tuple[int, int]]] | None = None

    @classmethod
    def from_solutions(cls, solutions: Iterable, table: PlacementTable | None = None,
                       weights: Sequence[float] | None = None, exact: bool = True) -> Posterior:
        """The posterior of enumerated solutions (objects with ``ships``: one bitboard per ship)."""
        table = table or PlacementTable()
        rows = [[table.id_of(mask) for mask in solution.ships] for solution in solutions]
        ships = len(rows[0]) if rows else 0
        ship_ids = np.array(rows, dtype=np.int32).reshape(len(rows), ships)
        codes = table.codes
        pieces = np.zeros((len(rows), CELLS), dtype=np.int8)
        for slot in range(ships):
            pieces += codes[ship_ids[:, slot]]
        w = np.ones(len(rows)) if weights is None else np.asarray(weights, dtype=float)
        total = w.sum()
        w = w / total if total > 0 else w
        return cls(table, ship_ids, pieces, w, exact, len(rows) if exact else None, (next(_BUILT), frozenset()))

    @property
    def size(self) -> int:
        """Number of layouts held."""
        return len(self.weights)

    def effective_size(self) -> float:
        """Kish's effective sample size (== size when weights are uniform)."""
        return 1.0 / float(np.sum(self.weights ** 2)) if self.size else 0.0

    def marginals(self) -> np.ndarray:
        """(100,) P(ship) per cell."""
        return self._once("_marginals", lambda: np.einsum("n,nd->d", self.weights, self.pieces != WATER))
        # einsum, no BLAS: see decisions.one_step_values

    def ship_weights(self) -> np.ndarray:
        """(M,) P(each distinct ship placement is part of the fleet)."""
        slots = self.ship_ids.shape[1]
        return self._once("_ship_weights", lambda: np.bincount(
            self.ship_ids.ravel(), weights=np.repeat(self.weights, slots), minlength=len(self.table)))

    def _once(self, name: str, compute) -> np.ndarray:
        """An array computed from the layouts the first time it is asked for (read-only: it is shared)."""
        value = self.__dict__.get(name)
        if value is None:
            value = compute()
            value.setflags(write=False)
            self.__dict__[name] = value
        return value

    def outcome_probabilities(self, cell: int) -> np.ndarray:
        """(7,) P(the cell holds each piece code)."""
        return np.bincount(self.pieces[:, cell], weights=self.weights, minlength=len(PIECES))

    def restrict(self, rows: np.ndarray) -> Posterior:
        """The posterior given that the layout is one of ``rows`` (bool mask or indices)."""
        return Posterior(self.table, self.ship_ids[rows], self.pieces[rows], _normalised(self.weights[rows]),
                         self.exact, None)

    def given(self, cell: int, code: int) -> Posterior:
        """The posterior after learning that ``cell`` holds piece ``code``."""
        narrowed = self.restrict(self.pieces[:, cell] == code)
        if self.origin is not None:
            narrowed.origin = (self.origin[0], self.origin[1] | {(cell, code)})
        return narrowed


def _normalised(weights: np.ndarray) -> np.ndarray:
    total = weights.sum()
    return weights / total if total > 0 else weights


# ----- building it from the enumerator ---------------------------------------------------------


@dataclass(frozen=True)
class BuildReport:
    """How a posterior was built: exactly, or by sampling because there were too many layouts."""

    exact: bool
    layouts: int
    detail: str


def build_posterior(constraints, cap: int, sample_budget: int | None = None,
                    seconds: float | None = None) -> tuple[Posterior, BuildReport]:
    """Every layout consistent with ``constraints``, or a weighted sample when there are more than ``cap``.

    ``seconds`` is a last-resort guard for an overloaded machine (the agent's
    step has a time cap): when enumerating takes longer, the layouts found so
    far are used as they are (a biased sample: the enumerator's first ones),
    and the report says so. Results then depend on the machine's speed.

    Sampling (only above the cap) is stratified with the enumerator on
    narrower problems, never by guessing layouts: the layouts are split by
    where the longest ship lies (when its length is unique in the fleet),
    then by the content of the most uncertain cell (seven ways), each part
    getting an equal share of ``sample_budget`` (default ``cap // 4``). A part
    that fits its share is enumerated exactly; one that does not is split
    again, and below 40 layouts of share it keeps the first layouts found,
    weighted by its size counted up to four times its share. Estimates are
    exact for parts that fit and biased for parts cut short (their size is
    undercounted, their layouts come from one corner of the part). Measured
    by ``benchmarks/bayes_bench.py --sampling``. Deterministic.
    """
    from app.solver.fast import iter_solutions

    first = []
    deadline = None if seconds is None else time.perf_counter() + seconds
    for solution in iter_solutions(constraints, limit=cap + 1):
        first.append(solution)
        if deadline is not None and len(first) % 256 == 0 and time.perf_counter() > deadline and len(first) <= cap:
            posterior = Posterior.from_solutions(first, exact=False)
            return posterior, BuildReport(False, len(first), f"enumeration stopped after {seconds:g} s at "
                                          f"{len(first)} layouts: the posterior uses these only (biased)")
    if len(first) <= cap:
        posterior = Posterior.from_solutions(first)
        return posterior, BuildReport(True, len(first), f"{len(first)} layouts, exact")
    budget = sample_budget if sample_budget is not None else max(1, cap // 4)
    solutions: list = []
    weights: list[float] = []
    cut = _stratify(constraints, first, budget, 0, solutions, weights)
    posterior = Posterior.from_solutions(solutions, weights=weights, exact=False)
    detail = (f"more than {cap} layouts: stratified sample of {len(solutions)} "
              f"(effective size {posterior.effective_size():.0f}; {cut} parts cut short)")
    return posterior, BuildReport(False, len(solutions), detail)


_MIN_SHARE = 40


def _stratify(constraints, seen: list, budget: int, depth: int, out: list, weights: list[float]) -> int:
    """Add a weighted sample of ``constraints``' layouts to ``out``; returns how many parts were cut short."""
    from app.solver.fast import count_solutions, iter_solutions

    parts = _parts(constraints, seen, depth)
    feasible = []
    for part in parts:
        sample = list(iter_solutions(part, limit=max(1, budget // max(1, len(parts))) + 1))
        if sample:
            feasible.append((part, sample))
    if not feasible:
        return 0
    share = max(1, budget // len(feasible))
    cut = 0
    for part, sample in feasible:
        if len(sample) < share + 1:
            sample = list(iter_solutions(part, limit=share + 1))
        if len(sample) <= share:
            out.extend(sample)
            weights.extend([1.0] * len(sample))
        elif share >= _MIN_SHARE and len(parts) > 1:
            cut += _stratify(part, sample, share, depth + 1, out, weights)
        else:
            size = count_solutions(part, limit=4 * share)
            kept = sample[:share]
            out.extend(kept)
            weights.extend([size / len(kept)] * len(kept))
            cut += 1
    return cut


def _parts(constraints, seen: list, depth: int) -> list:
    """Constraints that split ``constraints``' layouts into disjoint parts."""
    from app.solver.bitboard import placements

    fleet = list(constraints.fleet)
    longest = max(fleet) if fleet else 0
    if depth == 0 and longest > 1 and fleet.count(longest) == 1:
        parts = []
        for placement in placements(longest).values():
            cells = placement.cells()
            pieces = dict(zip(cells, ship_pieces(cells)))
            if all(constraints.known.get(c, p) == p for c, p in pieces.items()):
                parts.append(constraints.with_known(pieces))
        return parts
    cell = _most_uncertain(seen, constraints)
    if cell is None:
        return [constraints]
    return [constraints.with_known({cell: piece}) for piece in PIECES]


def _most_uncertain(sample: list, constraints) -> Cell | None:
    """The undecided cell whose P(ship) in ``sample`` is closest to 1/2 (first in row order on ties)."""
    if not sample:
        return None
    counts = np.zeros(CELLS)
    for solution in sample:
        mask = solution.mask
        for b in range(CELLS):
            if mask >> b & 1:
                counts[b] += 1
    p = counts / len(sample)
    best, best_gap = None, 1.0
    for b in range(CELLS):
        cell = Cell(*divmod(b, SIZE))
        if cell in constraints.known:
            continue
        gap = abs(p[b] - 0.5)
        if gap < best_gap - 1e-12:
            best, best_gap = cell, gap
    return best if best_gap < 0.5 else None
