"""Benchmark: how honest and how thrifty the A/B comparison's test is (``bench --versus``, docs/ab.md), against
today's test (the mixture SPRT with a 30-map floor it replaced) and the other candidates.

    python benchmarks/ab_sim.py [--runs 2000] [--horizon 3000] [--alpha 0.05 --beta 0.05 --delta 10]
    python benchmarks/ab_sim.py --record      # play the agents on maps/bench again and rewrite the scores file
    python benchmarks/ab_sim.py --real        # also the A/Bs of the issue's checks, played as bench --versus does

The deltas are resampled from real pairs of agents: every shipped agent played once on every map of ``maps/bench``
(rules unito-2019, seed 0; ``benchmarks/data/ab_scores.csv``, rewritten by ``--record``); from two versions that
play alike on 9 maps in 10 (the ties stay ties, the difference is on the other maps); and from a heavy-tailed pair:
probabilistico against incrocio where the new agent crashes on 2% of the maps (a crash scores -999). Each case
centres the pair's deltas and adds the true difference (0, D/2, D, 5D, 50D), draws ``--runs`` sequences of maps
with replacement and runs each test on them, up to ``--horizon`` maps (then it is undecided). Printed:

- the candidates on the issue's checks (the recorded scores replayed), then at 0 and D on three pairs: wrong
  verdicts, right verdicts and maps used, how the test was chosen; then the chosen test's prior spread, scanned;
- the table of the issue, the chosen test against today's for every pair and effect size: the maps used (mean and
  95th percentile), the wrong verdicts (at 0: better or worse; at D/2: worse; at D and more: worse or the same,
  nominal at most alpha or beta), the right ones (at 0: the same; at D/2: better or the same; at D and more: better,
  the power, nominal at least 1 - beta) and the runs left undecided at the horizon;
- with crashes, how many of the chosen test's wrong verdicts came before the run's first crash.

Figures only: nothing is asserted (tests/tournament/test_ab.py checks the rates on normal deltas).
"""

from __future__ import annotations

import argparse
import csv
import functools
import math
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.cli import run_command  # noqa: E402
from app.core import BattleshipError  # noqa: E402
from app.tournament.ab import Design, VersusBench, run_decisions, shuffled  # noqa: E402
from app.tournament.ab.sequential import PRIOR_SPREAD, half_width  # noqa: E402
from app.tournament.bench import Bench, BenchConfig, expand_maps  # noqa: E402

SCORES = ROOT / "benchmarks" / "data" / "ab_scores.csv"
MAPS = ROOT / "maps" / "bench"
BDI = str(ROOT / "agents" / "clips" / "bdi")
# the agents recorded: name in the file -> (agent, parameters); "bdi" is bdi at its default, "bdi-max-max" another
# setting of it (the rule of seed report 001)
AGENTS = {"bayes": ("bayes", ()), "random": ("random", ()), "cross": ("cross", ()), "incrocio": ("incrocio", ()),
          "probabilistico": ("probabilistico", ()), "bdi": (BDI, ()),
          "bdi-max-max": ("bdi", (("bdi:fire-strategy", "max-max"),))}
PAIRS = (("probabilistico", "incrocio"), ("bdi-max-max", "bdi"), ("bayes", "probabilistico"), ("incrocio", "cross"))
SPARSE_SHARE = 0.1
CRASH_SHARE = 0.02
CRASH_SCORE = -999
BEST_SCORE = 350  # no map of maps/bench gives more (the oracle's best)
BETTING_RANGE = (CRASH_SCORE - BEST_SCORE, BEST_SCORE - CRASH_SCORE)  # a delta can be no further out
CHUNK = 500  # runs simulated at once (memory: CHUNK x horizon floats)
SEED = 20


def record(path: Path = SCORES) -> None:
    """Play every agent of AGENTS on every map of maps/bench (the bench's pool) and write their scores to ``path``."""
    maps = expand_maps([str(MAPS)])
    names = list(AGENTS)
    params = tuple(p for _agent, agent_params in AGENTS.values() for p in agent_params)
    rows = {}
    for index, row in Bench([AGENTS[n][0] for n in names], maps, BenchConfig(params=params)).run():
        if not row.scored:
            raise BattleshipError(f"{row.map_path}: {row.agent} was not scored ({row.error})")
        rows[index] = row
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["map", *names])
        for i, map_path in enumerate(maps):
            writer.writerow([Path(map_path).stem, *(rows[i * len(names) + a].score for a in range(len(names)))])
    print(f"wrote {path}: {len(names)} agents on {len(maps)} maps, rules unito-2019, seed 0")


def load_scores(path: Path = SCORES) -> dict[str, np.ndarray]:
    """Each recorded agent's scores, maps in the file's order, and the maps' names under ``map``."""
    try:
        with path.open(encoding="utf-8") as source:
            rows = list(csv.DictReader(source))
        scores = {name: np.array([int(r[name]) for r in rows], dtype=float) for name in AGENTS}
        return {"map": np.array([r["map"] for r in rows]), **scores}
    except (OSError, KeyError, ValueError) as exc:
        raise BattleshipError(f"{path}: cannot read the recorded scores ({exc}); make it with --record") from None


class Population:
    """Deltas to draw maps from: ``values`` with probabilities ``weights`` (None: equally likely).

    ``keep_ties``: the zeros stay zeros whatever the true difference (two versions that play alike on most maps):
    only the other deltas are centred and shifted, by ``shift`` over their share."""

    def __init__(self, name: str, values: np.ndarray, weights: np.ndarray | None = None, keep_ties: bool = False):
        self.name, self.values, self.weights, self.keep_ties = name, values, weights, keep_ties
        self.mean = float(np.average(values, weights=weights))
        self.sd = math.sqrt(float(np.average((values - self.mean) ** 2, weights=weights)))

    def draw(self, shift: float, shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
        """Maps drawn with replacement, the deltas centred then shifted by the true difference ``shift``."""
        if not self.keep_ties:
            return rng.choice(self.values - self.mean + shift, size=shape, p=self.weights)
        weights = np.full(len(self.values), 1 / len(self.values)) if self.weights is None else self.weights
        moved = self.values != 0
        share = float(weights[moved].sum())
        inner = float(np.average(self.values[moved], weights=weights[moved]))
        values = np.where(moved, self.values - inner + shift / share, 0.0)
        return rng.choice(values, size=shape, p=weights)


def populations(scores: dict[str, np.ndarray]) -> list[Population]:
    """The real pairs; two versions that differ on one map in SPARSE_SHARE (probabilistico against incrocio on
    those, ties on the others, kept whatever the difference); then probabilistico against incrocio with the new
    agent crashing on CRASH_SHARE of the maps (last)."""
    found = [Population(f"{new} - {old}", scores[new] - scores[old]) for new, old in PAIRS]
    new, old = scores["probabilistico"], scores["incrocio"]
    differ = (new - old)[new != old]
    found.append(Population(f"probabilistico - incrocio on {SPARSE_SHARE:.0%} of the maps, ties elsewhere",
                            np.concatenate([differ, [0.0]]),
                            np.concatenate([np.full(len(differ), SPARSE_SHARE / len(differ)), [1 - SPARSE_SHARE]]),
                            keep_ties=True))
    count = len(new)
    weights = np.concatenate([np.full(count, (1 - CRASH_SHARE) / count), np.full(count, CRASH_SHARE / count)])
    found.append(Population(f"probabilistico - incrocio, {CRASH_SHARE:.0%} crashes",
                            np.concatenate([new - old, CRASH_SCORE - old]), weights))
    return found


# ----- the candidates: each maps (design, deltas[runs, maps]) to (verdict codes, maps used), codes 1 better,
# 2 worse, 3 the same, 0 undecided (app.tournament.ab.sequential.VERDICT_CODES) -----

def first_decision(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each run's first non-zero code and the maps it took (all of them when none)."""
    runs, maps = codes.shape
    decided = codes != 0
    first = np.argmax(decided, axis=1)
    hit = decided[np.arange(runs), first]
    return np.where(hit, codes[np.arange(runs), first], 0), np.where(hit, first + 1, maps)


def running(deltas: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Maps so far, their mean delta and their squared deviations from it, after each map."""
    count = np.arange(1, deltas.shape[1] + 1, dtype=float)
    total = np.cumsum(deltas, axis=1)
    squares = np.maximum(np.cumsum(deltas * deltas, axis=1) - total * total / count, 0)
    return count, total / count, squares


def interval_codes(design: Design, mean: np.ndarray, width_alpha: np.ndarray, width_beta: np.ndarray) -> np.ndarray:
    """The verdict codes of confidence sequences ``mean +- width`` (intersected over the maps)."""
    codes = np.zeros(mean.shape, dtype=np.int8)
    low_b = np.maximum.accumulate(mean - width_beta, axis=1)
    high_b = np.minimum.accumulate(mean + width_beta, axis=1)
    codes[(low_b > -design.delta) & (high_b < design.delta)] = 3
    codes[np.minimum.accumulate(mean + width_alpha, axis=1) < 0] = 2
    codes[np.maximum.accumulate(mean - width_alpha, axis=1) > 0] = 1
    return codes


def todays_test(design: Design, deltas: np.ndarray, floor: int = 30) -> tuple[np.ndarray, np.ndarray]:
    """The test this one replaced: Wald's SPRT of mu = 0 against mu = +-D (half and half), the variance estimated
    as the maps come, Wald's bounds, no verdict before ``floor`` maps."""
    count, mean, squares = running(deltas)
    variance = np.maximum(squares / np.maximum(count - 1, 1), 1e-9)
    half = count * design.delta / 2
    total = mean * count
    ratio = np.logaddexp(design.delta * (total - half) / variance, design.delta * (-total - half) / variance)
    ratio -= math.log(2)
    upper, lower = math.log((1 - design.beta) / design.alpha), math.log(design.beta / (1 - design.alpha))
    codes = np.zeros(deltas.shape, dtype=np.int8)
    codes[ratio <= lower] = 3
    codes[(ratio >= upper) & (total < 0)] = 2
    codes[(ratio >= upper) & (total > 0)] = 1
    codes[:, :floor - 1] = 0
    return first_decision(codes)


def gsprt(design: Design, deltas: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The same SPRT without the floor: the generalized SPRT of chess engines' testing frameworks (a normal model,
    its variance estimated as the maps come)."""
    return todays_test(design, deltas, floor=2)


def normal_mixture(design: Design, deltas: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Robbins' normal-mixture confidence sequence (the mixture SPRT's always-valid p-values) with the running
    variance plugged in as if known, the mixture's scale set to D."""
    count, mean, squares = running(deltas)
    variance = np.where(count > 1, squares / np.maximum(count - 1, 1), np.inf)
    widths = []
    for level in (design.alpha, design.beta):
        ratio = variance / design.delta ** 2
        with np.errstate(invalid="ignore", divide="ignore"):
            width = np.sqrt(variance * (count + ratio) * np.log((count + ratio) / (ratio * level ** 2))) / count
        widths.append(np.where(np.isfinite(width), width, np.inf))
    return first_decision(interval_codes(design, mean, *widths))


def sign_then_t(design: Design, deltas: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A sequential sign test on wins and losses as a fast first stage (uniform mixture over the chance of a win,
    at alpha / 2), then the chosen test at alpha / 2 for the rest."""
    from scipy.special import gammaln

    wins = np.cumsum(deltas > 0, axis=1)
    losses = np.cumsum(deltas < 0, axis=1)
    games = wins + losses
    log_evidence = games * math.log(2) + gammaln(wins + 1) + gammaln(losses + 1) - gammaln(games + 2)
    signs = np.zeros(deltas.shape, dtype=np.int8)
    clear = log_evidence >= math.log(2 / design.alpha)
    signs[clear & (wins > losses)] = 1
    signs[clear & (wins < losses)] = 2
    half = Design(design.alpha / 2, design.beta, design.delta)
    count, mean, squares = running(deltas)
    squares = squares + half.prior_squares
    codes = interval_codes(half, mean, half_width(half.alpha, count, squares), half_width(half.beta, count, squares))
    return first_decision(np.where(signs != 0, signs, codes))


def betting(design: Design, deltas: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Waudby-Smith and Ramdas' hedged betting confidence sequence for a bounded mean (predictable plug-in bets,
    half the capital on each side): valid for any deltas within ``BETTING_RANGE``, whatever their shape. Its
    sets are intervals, so the verdicts need only three means tested: 0 (at alpha), -D and +D (at beta)."""
    low, high = BETTING_RANGE
    scaled = (deltas - low) / (high - low)
    count = np.arange(1, deltas.shape[1] + 1, dtype=float)
    means = (0.5 + np.cumsum(scaled, axis=1)) / (count + 1)
    spread = (0.25 + np.cumsum((scaled - means) ** 2, axis=1)) / (count + 1)
    before = np.concatenate([np.full((deltas.shape[0], 1), 0.25), spread[:, :-1]], axis=1)

    def rejected(mean: float, level: float) -> tuple[np.ndarray, np.ndarray]:
        """Whether ``mean`` is out of the sequence by now, and whether the deltas lie above it (else below)."""
        target = (mean - low) / (high - low)
        bet = np.sqrt(2 * math.log(2 / level) / (before * count * np.log(count + 1)))
        up = np.cumsum(np.log1p(np.minimum(bet, 0.5 / target) * (scaled - target)), axis=1)
        down = np.cumsum(np.log1p(-np.minimum(bet, 0.5 / (1 - target)) * (scaled - target)), axis=1)
        out = np.logaddexp(up, down) - math.log(2) >= math.log(1 / level)
        return np.maximum.accumulate(out, axis=1), up > down

    zero, above = rejected(0.0, design.alpha)
    minus, _ = rejected(-design.delta, design.beta)
    plus, _ = rejected(design.delta, design.beta)
    codes = np.zeros(deltas.shape, dtype=np.int8)
    codes[minus & plus] = 3
    codes[zero & ~above] = 2
    codes[zero & above] = 1
    return first_decision(codes)


def t_mixture(design: Design, deltas: np.ndarray, prior_spread: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """The chosen test with its squared deviations starting at ``prior_spread ** 2`` (the engine's: PRIOR_SPREAD)."""
    count, mean, squares = running(deltas)
    squares = squares + prior_spread ** 2
    widths = [half_width(level, count, squares) for level in (design.alpha, design.beta)]
    return first_decision(interval_codes(design, mean, *widths))


def chosen(design: Design, deltas: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The engine's test (app/tournament/ab/sequential.py): Lai's mixture t confidence sequence, prior spread."""
    return run_decisions(design, deltas)


CANDIDATES: dict[str, Callable] = {
    "today's test (SPRT, 30-map floor)": todays_test,
    "GSPRT (the SPRT, no floor)": gsprt,
    "mixture SPRT, variance plugged in": normal_mixture,
    "sign test first, then the t mixture": sign_then_t,
    "betting confidence sequence (bounded deltas)": betting,
    "t-mixture confidence sequence, no prior spread": t_mixture,
    "t-mixture confidence sequence (chosen)": chosen,
}


def simulate(test: Callable, design: Design, population: Population, shift: float, runs: int, horizon: int,
             rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Verdict codes and maps used of ``runs`` runs of ``test``."""
    codes, used = [], []
    for start in range(0, runs, CHUNK):
        verdict, count = test(design, population.draw(shift, (min(CHUNK, runs - start), horizon), rng))
        codes.append(verdict)
        used.append(count)
    return np.concatenate(codes), np.concatenate(used)


def rates(design: Design, shift: float, codes: np.ndarray) -> tuple[float, float, float]:
    """Wrong verdicts, right verdicts and undecided runs at the true difference ``shift`` (>= 0)."""
    better, worse, same, undecided = (float(np.mean(codes == code)) for code in (1, 2, 3, 0))
    if shift == 0:
        return better + worse, same, undecided
    if shift < design.delta:
        return worse, better + same, undecided
    return worse + same, better, undecided


def effects(design: Design) -> list[tuple[str, float]]:
    """The true differences of the table."""
    return [("0", 0.0), ("D/2", design.delta / 2), ("D", design.delta), ("5D", 5 * design.delta),
            ("50D", 50 * design.delta)]


def candidates_table(design: Design, pops: list[Population], runs: int, horizon: int) -> None:
    """Every candidate at 0 and D on the first pair, the sparse one and the heavy-tailed one."""
    shown = (pops[0], pops[-2], pops[-1])
    print("Candidates, at no difference and at D: wrong verdicts / right verdicts / mean maps")
    heads = ["test", *(f"{p.name}: {label}" for p in shown for label in ("0", "D"))]
    print("| " + " | ".join(heads) + " |")
    print("|" + "---|" * len(heads))
    for name, test in CANDIDATES.items():
        rng = np.random.default_rng(SEED)
        cells = [name]
        for population in shown:
            for shift in (0.0, design.delta):
                codes, used = simulate(test, design, population, shift, runs, horizon, rng)
                wrong, right, _ = rates(design, shift, codes)
                cells.append(f"{wrong:.1%} / {right:.1%} / {used.mean():.0f}")
        print("| " + " | ".join(cells) + " |", flush=True)
    print()


def checks_table(design: Design, scores: dict[str, np.ndarray]) -> None:
    """Every candidate on the issue's checks, replayed from the recorded scores in the order ``bench --versus``
    takes the maps: an exact copy (every delta 0), bayes against random and back, probabilistico against incrocio."""
    names = list(scores["map"])
    order = np.array([names.index(Path(m).stem) for m in shuffled([str(MAPS / f"{name}.map") for name in names])])
    cases = {"copy (all 0)": np.zeros(len(order)), "bayes - random": scores["bayes"] - scores["random"],
             "random - bayes": scores["random"] - scores["bayes"],
             "probabilistico - incrocio": scores["probabilistico"] - scores["incrocio"]}
    verdicts = {1: "better", 2: "worse", 3: "the same", 0: "undecided"}
    print(f"The issue's checks on the {len(order)} maps of maps/bench (recorded, seed 0): verdict after maps used")
    print("| test | " + " | ".join(cases) + " |")
    print("|" + "---|" * (len(cases) + 1))
    for name, test in CANDIDATES.items():
        cells = [name]
        for deltas in cases.values():
            verdict, used = test(design, deltas[order][None, :])
            cells.append(f"{verdicts[int(verdict[0])]} after {int(used[0])}")
        print("| " + " | ".join(cells) + " |", flush=True)
    print()


def issue_table(design: Design, pops: list[Population], runs: int, horizon: int) -> None:
    """The chosen test against today's, every pair and effect size."""
    print("The chosen test (new) against today's (old): maps used, wrong and right verdicts, undecided")
    heads = ["deltas", "true difference", "maps mean new / old", "maps p95 new / old", "wrong new / old",
             "right new / old", "undecided new / old"]
    print("| " + " | ".join(heads) + " |")
    print("|" + "---|" * len(heads))
    for population in pops:
        for label, shift in effects(design):
            cells = [population.name, f"{label} = {shift:g}"]
            found = []
            for test in (chosen, todays_test):
                codes, used = simulate(test, design, population, shift, runs, horizon, np.random.default_rng(SEED))
                found.append((used.mean(), np.percentile(used, 95), *rates(design, shift, codes)))
            (mean_n, p95_n, wrong_n, right_n, und_n), (mean_o, p95_o, wrong_o, right_o, und_o) = found
            cells += [f"{mean_n:.0f} / {mean_o:.0f}", f"{p95_n:.0f} / {p95_o:.0f}", f"{wrong_n:.1%} / {wrong_o:.1%}",
                      f"{right_n:.1%} / {right_o:.1%}", f"{und_n:.1%} / {und_o:.1%}"]
            print("| " + " | ".join(cells) + " |", flush=True)
    print()


def unseen_crashes(design: Design, population: Population, runs: int, horizon: int) -> None:
    """How many of the chosen test's wrong verdicts at no difference, with crashes, came before the run's first
    crash: those no test can avoid without assuming the crash before seeing it."""
    codes, used, before = [], [], []
    rng = np.random.default_rng(SEED)
    for start in range(0, runs, CHUNK):
        deltas = population.draw(0.0, (min(CHUNK, runs - start), horizon), rng)
        verdict, count = chosen(design, deltas)
        crashed = deltas < CRASH_SCORE / 2  # a crash's delta is below -800, any other above -250
        first = np.where(crashed.any(axis=1), np.argmax(crashed, axis=1) + 1, horizon + 1)
        codes.append(verdict)
        used.append(count)
        before.append(count < first)
    codes, used, before = np.concatenate(codes), np.concatenate(used), np.concatenate(before)
    wrong = (codes == 1) | (codes == 2)
    print(f"{population.name}, no difference: the chosen test is wrong in {wrong.mean():.1%} of the runs, in "
          f"{(wrong & before).mean():.1%} before the run's first crash (wrong verdicts after a median of "
          f"{np.median(used[wrong]):.0f} maps)")
    print()


def prior_spread_table(design: Design, pops: list[Population], runs: int, horizon: int) -> None:
    """The chosen test's prior spread, scanned: the maps an exact copy needs to be "the same", and what each costs
    or saves on the pair that differs on one map in ten (at D) and on the first pair (at 0 and D)."""
    print("The prior spread, scanned: an exact copy's maps; wrong verdicts and mean maps")
    cases = ((pops[-2], design.delta), (pops[0], 0.0), (pops[0], design.delta))
    print("| prior spread | copy (all 0) | " + " | ".join(f"{p.name}: {shift:g}" for p, shift in cases) + " |")
    print("|" + "---|" * (len(cases) + 2))
    for spread in (0.0, 100.0, 150.0, PRIOR_SPREAD, 250.0):
        test = functools.partial(t_mixture, prior_spread=spread)
        _verdict, copy_maps = test(design, np.zeros((1, horizon)))
        cells = [f"{spread:g}" + (" (chosen)" if spread == PRIOR_SPREAD else ""), f"{int(copy_maps[0])} maps"]
        for population, shift in cases:
            codes, used = simulate(test, design, population, shift, runs, horizon, np.random.default_rng(SEED))
            cells.append(f"{rates(design, shift, codes)[0]:.1%} / {used.mean():.0f}")
        print("| " + " | ".join(cells) + " |", flush=True)
    print()


def simulation(design: Design, runs: int, horizon: int) -> None:
    """Print the pairs, then both tables."""
    scores = load_scores()
    pops = populations(scores)
    print(f"design: alpha {design.alpha:g}, beta {design.beta:g}, D {design.delta:g} points; {runs} runs per case, "
          f"each up to {horizon} maps")
    for population in pops:
        print(f"deltas {population.name}: mean {population.mean:+.1f}, sd {population.sd:.1f}")
    print()
    checks_table(design, scores)
    candidates_table(design, pops, runs, horizon)
    prior_spread_table(design, pops, runs, horizon)
    issue_table(design, pops, runs, horizon)
    unseen_crashes(design, pops[-1], runs, horizon)


def real_ab(design: Design) -> None:
    """The issue's checks, played as ``bench --versus`` plays them (2 worker processes, seed 0)."""
    maps = shuffled(expand_maps([str(MAPS)]))
    with tempfile.TemporaryDirectory() as folder:
        copy = str(Path(shutil.copy(ROOT / "agents" / "cross_agent.py", Path(folder) / "cross_copy_agent.py")))
        cases = [("bayes", "random"), ("random", "bayes"), (copy, "cross"), ("probabilistico", "incrocio")]
        print("| new | old | verdict | maps used | games played | seconds | mean delta [interval] |")
        print("|---|---|---|---|---|---|---|")
        for new, old in cases:
            runner = VersusBench(new, old, maps, design, BenchConfig(), jobs=2)
            for _pair in runner.run():
                pass
            result = runner.comparison()
            print(f"| {Path(new).stem if new == copy else new} | {old} | {result.verdict} | {result.maps_used} of "
                  f"{result.maps_total} | {result.games_played} | {result.seconds:.1f} | {result.mean_delta:+.1f} "
                  f"{result.judgement.interval_text(1)} |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2000, help="simulated runs per case (default 2000)")
    parser.add_argument("--horizon", type=int, default=3000, help="maps a simulated run may use (default 3000)")
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--delta", type=float, default=10.0)
    parser.add_argument("--record", action="store_true", help="play the games again and rewrite the scores first")
    parser.add_argument("--real", action="store_true", help="also play the issue's A/B checks on maps/bench")
    args = parser.parse_args()

    def run() -> None:
        design = Design(args.alpha, args.beta, args.delta)
        if args.runs < 1 or args.horizon < 30:
            raise BattleshipError(f"--runs must be 1 or more and --horizon 30 or more, not {args.runs} and "
                                  f"{args.horizon}")
        if args.record:
            record()
        simulation(design, args.runs, args.horizon)
        if args.real:
            real_ab(design)

    return run_command(run)


if __name__ == "__main__":
    sys.exit(main())
