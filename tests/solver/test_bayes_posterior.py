"""The bayes agent's posterior and decisions against brute force on tiny constructed boards.

The reference here shares no code with ``app.solver.bayes``: it lists every
placement of every ship, keeps the fleets whose counts, spacing and known
cells fit, and scores flag sets with the docs/rules.md definitions of the counts.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from app.core import PROFILES, Cell, Game, GameMap, Piece, Ship, Statistics
from app.core.formats import load_map
from app.core.grid import ship_pieces
from app.solver.bayes.decisions import ScoreModel, Situation, best_flags, exact_fire_value
from app.solver.bayes.posterior import Posterior, build_posterior, cell_index, piece_code
from app.solver.fast import Constraints
from tests.paths import MAPS_DIR

# ----- the brute-force reference ------------------------------------------------------------------


def _placements(length: int) -> list[tuple[Cell, ...]]:
    out = []
    for x in range(10):
        for y in range(10):
            for horizontal in (True,) if length == 1 else (True, False):
                cells = tuple(Cell(x, y + i) if horizontal else Cell(x + i, y) for i in range(length))
                if all(c.on_board() for c in cells):
                    out.append(cells)
    return out


def brute_layouts(rows, cols, fleet, known) -> list[tuple[tuple[Cell, ...], ...]]:
    """Every fleet (a tuple of ships, each a tuple of cells) fitting counts, spacing and known cells."""
    fleet = sorted(fleet, reverse=True)
    found: set[frozenset] = set()

    def extend(i, ships, used, halo, row_use, col_use):
        if i == len(fleet):
            if row_use == list(rows) and col_use == list(cols):
                pieces = {}
                for ship in ships:
                    pieces.update(zip(ship, ship_pieces(list(ship))))
                if all(pieces.get(c, Piece.WATER) is p for c, p in known.items()):
                    found.add(frozenset(ships))
            return
        for cells in _placements(fleet[i]):
            if any(c in halo for c in cells):
                continue
            r, k = list(row_use), list(col_use)
            for c in cells:
                r[c.x] += 1
                k[c.y] += 1
            if any(a > b for a, b in zip(r, rows)) or any(a > b for a, b in zip(k, cols)):
                continue
            more = set(halo)
            for c in cells:
                more.add(c)
                more.update(c.neighbours())
            extend(i + 1, ships + [cells], used | set(cells), more, r, k)

    extend(0, [], set(), set(), [0] * 10, [0] * 10)
    return sorted(tuple(sorted(layout)) for layout in found)


def reference_score(layout, profile, fired: set[Cell], flags: set[Cell], start_known, fires_left, flags_left):
    """The score docs/rules.md gives ``layout`` after these fires and flags (all on different cells)."""
    ships = {c for ship in layout for c in ship}
    known_ships = {c for c, p in start_known.items() if p.is_ship}
    flagged = flags - fired
    covered = fired | flagged | known_ships
    stats = Statistics(
        fok=len(fired & ships), fko=len(fired - ships), gok=len((flagged & ships) - known_ships),
        gko=len(flagged - ships), safe=len(ships - covered),
        sink=sum(all(c in covered for c in ship) for ship in layout),
        fires_left=fires_left, guesses_left=flags_left)
    return profile.score(stats)


def piece_of(layout, cell: Cell) -> Piece:
    for ship in layout:
        if cell in ship:
            return ship_pieces(list(ship))[ship.index(cell)]
    return Piece.WATER


# ----- tiny boards ----------------------------------------------------------------------------------

# Fleet 3+2+1+1 in the top-left corner, rows 0, 2, 4 sharing columns: counts alone leave 12 layouts.
TINY_SHIPS = [Ship((Cell(2, 1), Cell(2, 2), Cell(2, 3))), Ship((Cell(0, 3), Cell(0, 4))),
              Ship((Cell(0, 0),)), Ship((Cell(4, 1),))]


def tiny_map(known: dict[Cell, Piece] | None = None) -> GameMap:
    return GameMap.create(TINY_SHIPS, known or {}, name="tiny")


TINY_CASES = {
    "counts-only": {},
    "one-known": {Cell(0, 3): Piece.LEFT},
    "water-known": {Cell(2, 0): Piece.WATER},
}


@pytest.fixture(params=sorted(TINY_CASES))
def case(request):
    game_map = tiny_map(TINY_CASES[request.param])
    layouts = brute_layouts(game_map.row_counts, game_map.col_counts, game_map.fleet, dict(game_map.known))
    posterior, report = build_posterior(Constraints.from_map(game_map), cap=100_000)
    return game_map, layouts, posterior, report


class TestPosterior:
    def test_counts_and_marginals_equal_brute_force(self, case):
        game_map, layouts, posterior, report = case
        assert len(layouts) > 1 and report.exact and posterior.size == len(layouts)
        expected = np.zeros(100)
        for layout in layouts:
            for ship in layout:
                for c in ship:
                    expected[cell_index(c)] += 1
        np.testing.assert_allclose(posterior.marginals(), expected / len(layouts), atol=1e-12)

    def test_ship_weights_equal_brute_force(self, case):
        _, layouts, posterior, _ = case
        weights = posterior.ship_weights()
        table = posterior.table
        for ident in range(len(table)):
            cells = set(np.flatnonzero(table.cells[ident]))
            share = Fraction(sum(any({cell_index(c) for c in ship} == cells for ship in layout) for layout in layouts),
                             len(layouts))
            assert weights[ident] == pytest.approx(float(share), abs=1e-12)

    def test_filtering_after_a_reveal_equals_brute_force(self, case):
        game_map, layouts, posterior, _ = case
        cell = Cell(2, 1)
        for piece in {piece_of(layout, cell) for layout in layouts}:
            narrowed = posterior.given(cell_index(cell), piece_code(piece))
            known = dict(game_map.known) | {cell: piece}
            expected = brute_layouts(game_map.row_counts, game_map.col_counts, game_map.fleet, known)
            p = np.zeros(100)
            for layout in expected:
                for c in {c for ship in layout for c in ship}:
                    p[cell_index(c)] += 1 / len(expected)
            assert narrowed.size == len(expected)
            np.testing.assert_allclose(narrowed.marginals(), p, atol=1e-12)
            assert narrowed.outcome_probabilities(cell_index(cell))[piece_code(piece)] == pytest.approx(1.0)


def _situation(game_map: GameMap, fires_left: int, budget: int, fired: dict[Cell, Piece] | None = None) -> Situation:
    fired = fired or {}
    open_cells = np.ones(100, dtype=bool)
    covered = 0
    for c, p in list(game_map.known.items()) + list(fired.items()):
        open_cells[cell_index(c)] = False
        if p.is_ship:
            covered |= 1 << cell_index(c)
    known_ships = sum(p.is_ship for p in game_map.known.values())
    fok = sum(p.is_ship for p in fired.values())
    return Situation(covered, open_cells, fok, len(fired) - fok, sum(game_map.fleet) - known_ships, fires_left, budget)


def _bits(cells) -> int:
    return sum(1 << cell_index(c) for c in cells)


def fast_reference_score(ship_masks, profile, fired: int, flags: int, known_ships: int, fires_left, flags_left):
    """``reference_score`` on bitboards (checked against it below), for the exhaustive searches."""
    ships = 0
    for m in ship_masks:
        ships |= m
    flagged = flags & ~fired
    covered = fired | flagged | known_ships
    w = profile.weights
    stats = {
        "fok": (fired & ships).bit_count(), "fko": (fired & ~ships).bit_count(),
        "gok": (flagged & ships & ~known_ships).bit_count(), "gko": (flagged & ~ships).bit_count(),
        "safe": (ships & ~covered).bit_count(), "sink": sum(not m & ~covered for m in ship_masks),
        "fires_left": fires_left, "guesses_left": flags_left}
    return sum(weight * stats[key] for key, weight in w.items())


def brute_best_flags(layouts, game_map, profile, budget, fires_left, fired: set[Cell]):
    """max over flag sets (on cells that are ship somewhere, at most ``budget``) of the mean score."""
    start = dict(game_map.known)
    known_ships = _bits(c for c, p in start.items() if p.is_ship)
    fired_bits = _bits(fired)
    masks = [[_bits(ship) for ship in layout] for layout in layouts]
    candidates = sorted({c for layout in layouts for ship in layout for c in ship} - set(start) - fired)
    best = None
    for size in range(min(budget, len(candidates)) + 1):
        spare = budget - size
        flags_left = 0 if profile.weights.get("guesses_left", 0) < 0 else spare
        fires = 0 if profile.weights.get("fires_left", 0) < 0 else fires_left
        for flags in combinations(candidates, size):
            flag_bits = _bits(flags)
            total = sum(fast_reference_score(m, profile, fired_bits, flag_bits, known_ships, fires, flags_left)
                        for m in masks)
            value = Fraction(total, len(layouts))
            if best is None or value > best:
                best = value
    return best


def test_bitboard_reference_equals_set_reference():
    game_map = tiny_map()
    layouts = brute_layouts(game_map.row_counts, game_map.col_counts, game_map.fleet, {})
    cells = sorted({c for layout in layouts for ship in layout for c in ship})
    for profile in PROFILES.values():
        for layout in layouts[:4]:
            for fired, flags in (({cells[0]}, set(cells[1:6])), (set(), set(cells[::2])), (set(cells[:3]), set())):
                slow = reference_score(layout, profile, fired, flags, {}, 2, 7)
                fast = fast_reference_score([_bits(s) for s in layout], profile, _bits(fired), _bits(flags), 0, 2, 7)
                assert slow == fast


@pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
@pytest.mark.parametrize("budget", [2, 20])
def test_best_flags_equals_brute_force(case, rules, budget):
    game_map, layouts, posterior, _ = case
    profile = PROFILES[rules]
    model = ScoreModel(profile.weights)
    plan = best_flags(posterior, _situation(game_map, 0, budget), model)
    assert plan.exact
    assert plan.value == pytest.approx(float(brute_best_flags(layouts, game_map, profile, budget, 0, set())))
    assert len(plan.cells) <= budget


def test_reference_score_matches_the_engine():
    game_map = tiny_map()
    game = Game(game_map, PROFILES["unito-2019"])
    for action in ("fire 2 1", "fire 5 5", "guess 2 2", "guess 2 3", "guess 9 9"):
        game.apply(action)
    layout = tuple(s.cells for s in TINY_SHIPS)
    expected = reference_score(layout, game.profile, {Cell(2, 1), Cell(5, 5)}, {Cell(2, 2), Cell(2, 3), Cell(9, 9)},
                               {}, game.fires_left, game.guesses_left)
    assert game.score() == expected


@pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
def test_fire_value_equals_brute_force_lookahead(rules):
    game_map = tiny_map({Cell(4, 0): Piece.WATER})
    layouts = brute_layouts(game_map.row_counts, game_map.col_counts, game_map.fleet, dict(game_map.known))
    posterior, _ = build_posterior(Constraints.from_map(game_map), cap=100_000)
    profile = PROFILES[rules]
    model = ScoreModel(profile.weights)
    budget, fires = 4, 2
    for cell in (Cell(0, 1), Cell(2, 2), Cell(4, 1)):
        expected = Fraction(0)
        outcomes: dict[Piece, list] = {}
        for layout in layouts:
            outcomes.setdefault(piece_of(layout, cell), []).append(layout)
        for branch in outcomes.values():
            value = brute_best_flags(branch, game_map, profile, budget, fires - 1, {cell})
            expected += Fraction(len(branch), len(layouts)) * value
        got = exact_fire_value(posterior, _situation(game_map, fires, budget), model, cell_index(cell))
        assert got == pytest.approx(float(expected))


class TestScoreModel:
    def test_unito_2019_thresholds(self):
        """A flag on p: +10 gok and -10 safe avoided if ship, -15 if water: 35p - 15 > 0 iff p > 3/7;
        even if it always sinks its ship (+15) it loses when 50p - 15 <= 0, p <= 0.3."""
        model = ScoreModel(PROFILES["unito-2019"].weights)
        assert model.always_threshold == pytest.approx(3 / 7)
        assert model.never_threshold == pytest.approx(0.3)

    def test_unito_2022_thresholds(self):
        """Unused flags cost 20, so the alternative to a flag is a spare flag worth 0: a flag on p is
        +15 gok +10 safe if ship, -10 if water: 35p - 10 > 0 iff p > 2/7; with +20 sink, 55p - 10."""
        model = ScoreModel(PROFILES["unito-2022"].weights)
        assert model.always_threshold == pytest.approx(2 / 7)
        assert model.never_threshold == pytest.approx(2 / 11)
        assert model.waste_flags and model.waste_fires


def test_sampling_fallback_is_weighted_and_close():
    """Above the cap the posterior is a stratified sample: flagged inexact, weights sum to 1, marginals near."""
    game_map = tiny_map()
    constraints = Constraints(game_map.row_counts, game_map.col_counts, game_map.fleet, {})
    exact, _ = build_posterior(constraints, cap=100_000)
    sampled, report = build_posterior(constraints, cap=exact.size // 4)
    assert not report.exact and not sampled.exact
    assert sampled.weights.sum() == pytest.approx(1.0)
    assert np.abs(sampled.marginals() - exact.marginals()).mean() < 0.1


def test_posterior_from_no_solutions_is_empty():
    posterior = Posterior.from_solutions([])
    assert posterior.size == 0


def test_enumeration_time_guard_keeps_the_layouts_found():
    """On an overloaded machine the enumeration stops at the guard and says the posterior is biased."""
    game_map = load_map(MAPS_DIR / "four-known.map")  # thousands of layouts once its known cells are dropped
    constraints = Constraints(game_map.row_counts, game_map.col_counts, game_map.fleet, {})
    posterior, report = build_posterior(constraints, cap=100_000, seconds=0.0)
    assert not report.exact and "stopped" in report.detail
    assert posterior.size == report.layouts >= 256
    assert posterior.weights.sum() == pytest.approx(1.0)
