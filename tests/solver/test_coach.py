"""The coach: losses never negative, bayes's own play near loss-free, a hand-computed fire loss,
planted blunders found, and the luck-adjusted score unbiased over the hidden fleets."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from agents.bayes_agent import BayesAgent
from agents.cross_agent import CrossAgent
from app.backends.python_runner import PythonDriver
from app.backends.runner import Match
from app.core import PROFILES, Action, Cell, Game, GameMap, Observation, Piece, Ship
from app.core.formats import load_map
from app.core.gamelog import dumps, replay_text
from app.solver.coach import DecisionKind, coach_game, losses_by_cell
from app.solver.coach.scoring import SolveState, scores
from app.solver.coach.text import format_report
from tests.paths import MAPS_DIR
from tests.solver.test_bayes_posterior import (
    TINY_CASES,
    _bits,
    brute_best_flags,
    brute_layouts,
    fast_reference_score,
    piece_of,
    tiny_map,
)

FOUR_KNOWN = MAPS_DIR / "four-known.map"


def play(game_map: GameMap, rules: str, agent, fires: int | None = None) -> Game:
    """A finished game of a Python agent object."""
    game = Game(game_map, PROFILES[rules].with_limits(fires=fires))
    match = Match(game, PythonDriver(agent, step_seconds=None))
    try:
        match.run()
    finally:
        match.close()
    return game


def all_losses(report) -> list[float]:
    return [d.loss for d in report.decisions] + list(report.losses.values())


@pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
@pytest.mark.parametrize("agent", [BayesAgent, CrossAgent], ids=["bayes", "cross"])
def test_every_loss_is_at_least_zero_and_the_report_prints(agent, rules):
    game = play(load_map(FOUR_KNOWN), rules, agent())
    report = coach_game(game)
    assert report.decisions and min(all_losses(report)) >= 0.0
    fires = [d for d in report.decisions if d.kind in (DecisionKind.FIRE, DecisionKind.LATE_FIRE)]
    assert len(fires) == sum(e.text.startswith("fire") for e in game.events) > 0
    assert all(d.best_value >= d.value for d in fires)
    text = format_report(report)
    assert "luck-adjusted score" in text and f"actual score {report.score}" in text
    assert "P(ship) a/b: the chance of a ship" in text and "can exceed the gap" in text  # the columns explained
    assert not np.isnan(losses_by_cell(report)[fires[0].cell.x, fires[0].cell.y])


@pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
def test_bayes_own_games_lose_almost_nothing(rules):
    """bayes is within a few tenths of a point of the optimum where it can be measured; graded by its own
    continuation it should lose (next to) nothing."""
    for path in (FOUR_KNOWN, MAPS_DIR / "bench" / "k4-0012.map"):
        report = coach_game(play(load_map(path), rules, BayesAgent()))
        assert report.total_loss < 0.5, (path.name, report.losses)


def test_losses_differ_between_profiles():
    game_map = load_map(FOUR_KNOWN)
    a, b = (coach_game(play(game_map, rules, CrossAgent())) for rules in ("unito-2019", "unito-2022"))
    assert a.losses != b.losses


# ----- a fire's loss by hand ------------------------------------------------------------------------


def scripted_game(game_map: GameMap, rules: str, actions: list[str], fires: int | None = None) -> Game:
    game = Game(game_map, PROFILES[rules].with_limits(fires=fires))
    for action in actions:
        game.apply(action)
    if not game.over:
        game.apply("solve")
    return game


def hand_fire_values(layouts, game_map, profile) -> tuple[Fraction, dict[Cell, Fraction]]:
    """With one fire: (value of stopping now, value of each fire), each the mean over the layouts of
    the score of the best flag set after seeing what the fire reveals (brute force)."""
    stop = brute_best_flags(layouts, game_map, profile, 20, 1, set())
    cells = sorted({c for layout in layouts for ship in layout for c in ship} - set(game_map.known))
    values = {}
    for cell in cells:
        by_piece: dict[Piece, list] = {}
        for layout in layouts:
            by_piece.setdefault(piece_of(layout, cell), []).append(layout)
        values[cell] = sum(Fraction(len(group), len(layouts)) * brute_best_flags(group, game_map, profile, 20, 0,
                                                                                  {cell})
                           for group in by_piece.values())
    return stop, values


@pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
def test_a_fire_loss_equals_the_hand_computation(rules):
    game_map = tiny_map(TINY_CASES["water-known"])
    layouts = brute_layouts(game_map.row_counts, game_map.col_counts, game_map.fleet, dict(game_map.known))
    profile = PROFILES[rules]
    stop, values = hand_fire_values(layouts, game_map, profile)
    best = max([stop, *values.values()])
    worst_cell = min(values, key=lambda c: (values[c], c))
    for cell in (worst_cell, max(values, key=lambda c: (values[c], -c.x, -c.y))):
        game = scripted_game(game_map, rules, [f"fire {cell.x} {cell.y}"], fires=1)
        report = coach_game(game)
        (fire,) = [d for d in report.decisions if d.step == 0]
        assert fire.value == pytest.approx(float(values[cell]))
        assert fire.loss == pytest.approx(float(best - values[cell]))
        assert report.expected_start == pytest.approx(float(best))
    assert best - values[worst_cell] > 1  # the test grades a real mistake


def test_expected_scores_match_the_engine_layout_by_layout():
    game_map = tiny_map()
    game = scripted_game(game_map, "unito-2019", ["fire 2 1", "guess 2 2", "guess 0 0", "guess 5 5", "guess 4 1"])
    from app.solver.bayes.posterior import build_posterior
    from app.solver.fast import Constraints

    observation: Observation = game.observation()
    posterior, _ = build_posterior(Constraints.from_observation(observation), 10_000)
    per_layout = scores(posterior, SolveState.from_observation(observation), observation.flags, game.profile)
    layouts = brute_layouts(game_map.row_counts, game_map.col_counts, game_map.fleet, {Cell(2, 1): Piece.LEFT})
    expected = sorted(fast_reference_score([_bits(s) for s in layout], game.profile, _bits({Cell(2, 1)}),
                                           _bits(observation.flags), 0, game.fires_left, game.guesses_left)
                      for layout in layouts)
    assert sorted(per_layout.tolist()) == pytest.approx(expected)
    assert game.score() in per_layout.tolist()


# ----- planted blunders ---------------------------------------------------------------------------


class Blunderer(BayesAgent):
    """bayes, except for one planted blunder: a fire at a cell known to be water first, or, instead of
    solving, a flag on a cell that cannot be ship (taken from a spare flag when none is left), then solve."""

    def __init__(self, blunder: Action):
        super().__init__()
        self.blunder = blunder
        self.queue: list[Action] | None = None

    def act(self, observation: Observation) -> Action:
        if self.blunder.kind.value == "fire":
            if self.queue is None:
                self.queue = []
                return self.blunder
            return super().act(observation)
        if self.queue is None:
            action = super().act(observation)
            if action.kind.value != "solve":
                return action
            self.queue = [self.blunder, Action.solve()]
            if observation.guesses_left == 0:  # unito-2022: bayes spent its spare flags on fired cells
                spare = next(c for c in sorted(observation.flags) if c in observation.fired)
                self.queue.insert(0, Action.unguess(*spare))
        return self.queue.pop(0)


@pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
def test_planted_blunders_get_the_largest_loss(rules):
    game_map = load_map(FOUR_KNOWN)
    water = next(c for c, p in sorted(game_map.known.items()) if p is Piece.WATER)
    empty_row = game_map.row_counts.index(0)
    nowhere = next(Cell(empty_row, y) for y in range(10) if Cell(empty_row, y) not in game_map.known)
    for blunder, kind in ((Action.fire(*water), DecisionKind.FIRE), (Action.guess(*nowhere), DecisionKind.FLAG)):
        report = coach_game(play(game_map, rules, Blunderer(blunder)))
        worst = max(report.decisions, key=lambda d: d.loss)
        assert (worst.kind, worst.cell) == (kind, blunder.cell), format_report(report)
        others = [d.loss for d in report.decisions if d is not worst]
        assert worst.loss > max(others) + 5


# ----- luck -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
def test_luck_adjusted_score_is_unbiased_over_every_hidden_fleet(rules):
    """Every layout the counts allow is the hidden fleet once: the luck-adjusted scores of a deterministic
    agent average to its mean actual score exactly (no sampling error), while the luck itself varies."""
    start = tiny_map()
    layouts = brute_layouts(start.row_counts, start.col_counts, start.fleet, {})
    actual, adjusted = [], []
    for layout in layouts:
        game_map = GameMap.create([Ship(tuple(ship)) for ship in layout], {}, name="tiny")
        report = coach_game(play(game_map, rules, CrossAgent(), fires=2))
        actual.append(report.score)
        adjusted.append(report.luck_adjusted)
    assert np.mean(adjusted) == pytest.approx(np.mean(actual), abs=1e-6)
    assert np.std(actual) > 1 and np.std(np.array(actual) - np.array(adjusted)) > 1


def test_luck_adjusted_score_over_redrawn_fleets_on_a_bench_map():
    """Fleets redrawn at random among those a bench map's counts and known cells allow: the mean luck of
    the cross agent is within three standard errors of zero."""
    from app.solver.fast import Constraints, iter_solutions

    base = load_map(MAPS_DIR / "bench" / "k4-0012.map")
    solutions = list(iter_solutions(Constraints.from_map(base), limit=5000))
    assert len(solutions) < 5000  # the coach's posterior is exact here
    rng = np.random.default_rng(7)
    lucks = []
    for index in rng.choice(len(solutions), size=16, replace=False):
        ships = [Ship(tuple(Cell(*divmod(b, 10)) for b in range(100) if mask >> b & 1))
                 for mask in solutions[index].ships]
        game_map = GameMap.create(ships, dict(base.known), name=base.name)
        report = coach_game(play(game_map, "unito-2019", CrossAgent()))
        lucks.append(report.luck)
    lucks = np.array(lucks)
    assert abs(lucks.mean()) <= 3 * lucks.std(ddof=1) / np.sqrt(len(lucks)) + 1e-9


def test_a_log_round_trip_grades_the_same():
    game = play(load_map(FOUR_KNOWN), "unito-2019", CrossAgent())
    again = replay_text(dumps(game)).game
    assert coach_game(again).to_dict() | {"seconds": 0} == coach_game(game).to_dict() | {"seconds": 0}


# ----- stopping -------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
def test_firing_when_the_fleet_is_known_is_a_late_fire(rules):
    """The counts of the Bimaru example leave one layout: any fire is worth less than stopping at once."""
    game_map = load_map(MAPS_DIR / "bimaru-example.map")
    empty_row = game_map.row_counts.index(0)
    water = next(Cell(empty_row, y) for y in range(10) if Cell(empty_row, y) not in game_map.known)
    report = coach_game(scripted_game(game_map, rules, [f"fire {water.x} {water.y}"]))
    (fire,) = [d for d in report.decisions if d.step == 0]
    assert fire.p_ship == 0.0 and fire.bits == 0.0
    if rules == "unito-2019":  # a miss costs 25, and nothing is learned
        assert fire.kind is DecisionKind.LATE_FIRE and fire.best is None
        assert fire.loss == pytest.approx(25) and report.losses["stopping"] == pytest.approx(25)
    else:  # a miss costs nothing and a spare fire is spent anyway: as good as stopping
        assert fire.loss == pytest.approx(0, abs=1e-6)


def test_solving_at_once_with_fires_worth_firing_is_a_stopping_loss():
    game_map = load_map(FOUR_KNOWN)
    report = coach_game(scripted_game(game_map, "unito-2019", []))
    (stop,) = [d for d in report.decisions if d.kind is DecisionKind.STOP]
    assert stop.loss > 10 and stop.best is not None and stop.best_p_ship > 0
    assert stop.loss == pytest.approx(report.expected_start - stop.value)
    assert report.losses["stopping"] == pytest.approx(stop.loss)
