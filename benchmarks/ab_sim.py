"""Benchmark: how honest and how thrifty the A/B comparison's sequential test is (``bench --versus``, docs/ab.md).

    python benchmarks/ab_sim.py [--runs 10000] [--alpha 0.05 --beta 0.05 --delta 10]
    python benchmarks/ab_sim.py --record      # play the two agents on maps/bench again and rewrite the cache
    python benchmarks/ab_sim.py --real        # also the A/B of two real versions on maps/bench, timed

The score deltas are resampled from real paired games: incrocio and probabilistico (two CLIPS agents of this
repo) played once on every map of ``maps/bench``, their scores cached in ``benchmarks/data/ab_deltas.csv``.
Each case draws ``--runs`` sequences of maps with replacement from those deltas, shifted so that their mean is
the true difference of the case (0, +D, -D, +D/2), and runs the test on each (up to 10 times the fixed-sample
size; a run that has not decided by then is undecided). Printed per case: the share of each verdict, the mean
maps used, and how many fewer than a fixed-sample two-sided z-test needs for the same power. The figures to
read: wrong "better"/"worse" verdicts when there is no difference (nominal: alpha), "better" when the true
difference is D (nominal: 1 - beta), and the maps saved. Figures only: nothing is asserted.

``--real`` plays the A/B of two real versions on ``maps/bench`` as ``bench --versus`` does: probabilistico
against incrocio, and bdi at two settings of its ``fire-strategy`` parameter; verdict, maps used, time.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.cli import run_command  # noqa: E402
from app.core import BattleshipError  # noqa: E402
from app.tournament.ab import Design, VersusBench, run_decisions, shuffled  # noqa: E402
from app.tournament.bench import Bench, BenchConfig, expand_maps  # noqa: E402

CACHE = ROOT / "benchmarks" / "data" / "ab_deltas.csv"
OLD, NEW = "incrocio", "probabilistico"
MAPS = ROOT / "maps" / "bench"
CHUNK = 1000  # runs simulated at once (memory: CHUNK x horizon floats)
SEED = 20
HORIZON_TIMES = 10  # a simulated run may use up to this many times the fixed-sample size


def record(path: Path = CACHE) -> None:
    """Play OLD and NEW on every map of maps/bench (the bench's pool) and write their scores to ``path``."""
    maps = expand_maps([str(MAPS)])
    rows = {}
    for index, row in Bench([OLD, NEW], maps, BenchConfig()).run():
        if not row.scored:
            raise BattleshipError(f"{row.map_path}: {row.agent} was not scored ({row.error})")
        rows[index] = row
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["map", OLD, NEW])
        for i, map_path in enumerate(maps):
            writer.writerow([Path(map_path).stem, rows[2 * i].score, rows[2 * i + 1].score])
    print(f"wrote {path}: {len(maps)} maps, rules unito-2019, seed 0")


def load_deltas(path: Path = CACHE) -> np.ndarray:
    """NEW minus OLD on every cached map."""
    try:
        with path.open(encoding="utf-8") as source:
            rows = list(csv.DictReader(source))
        return np.array([int(r[NEW]) - int(r[OLD]) for r in rows], dtype=float)
    except (OSError, KeyError, ValueError) as exc:
        raise BattleshipError(f"{path}: cannot read the cached scores ({exc}); make it with --record") from None


def simulate(design: Design, deltas: np.ndarray, shift: float, runs: int, horizon: int,
             rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Verdict codes and maps used of ``runs`` runs on maps drawn from ``deltas`` centred, plus ``shift``."""
    centred = deltas - deltas.mean() + shift
    codes, used = [], []
    for start in range(0, runs, CHUNK):
        sample = rng.choice(centred, size=(min(CHUNK, runs - start), horizon))
        verdict, count = run_decisions(design, sample)
        codes.append(verdict)
        used.append(count)
    return np.concatenate(codes), np.concatenate(used)


def simulation(design: Design, runs: int) -> None:
    """Print the table of the cases."""
    deltas = load_deltas()
    sd = float(deltas.std(ddof=1))
    fixed = design.fixed_maps(sd)
    horizon = HORIZON_TIMES * fixed
    print(f"deltas: {NEW} - {OLD} on {len(deltas)} maps of maps/bench (cached in "
          f"{CACHE.relative_to(ROOT)}): mean {deltas.mean():+.1f}, sd {sd:.1f}, {np.mean(deltas == 0):.0%} zero")
    print(f"design: alpha {design.alpha:g}, beta {design.beta:g}, delta {design.delta:g} points, no verdict before "
          f"{design.min_maps} maps; {runs} runs per case, each up to {horizon} maps")
    print(f"fixed-sample two-sided z-test with power {1 - design.beta:.0%} at delta: {fixed} maps")
    print()
    heads = ["true difference", "better", "worse", "no difference", "undecided", "mean maps", "fewer than fixed",
             "fixed at that power", "fewer"]
    print("| " + " | ".join(heads) + " |")
    print("|" + "---|" * len(heads))
    rng = np.random.default_rng(SEED)
    decisive = []  # mean maps used with no difference and with a difference of D either way
    for label, shift in (("0 (none)", 0.0), (f"+D = +{design.delta:g}", design.delta),
                         (f"-D = -{design.delta:g}", -design.delta), (f"+D/2 = +{design.delta / 2:g}",
                                                                       design.delta / 2)):
        codes, used = simulate(design, deltas, shift, runs, horizon, rng)
        shares = [float(np.mean(codes == code)) for code in (1, 2, 3, 0)]
        mean_used = float(used.mean())
        if shift in (0.0, design.delta, -design.delta):
            decisive.append(mean_used)
        # the fixed test of the power the sequential test reached: at +-D, the share of right verdicts
        reached = shares[0] if shift > 0 else shares[1] if shift < 0 else None
        matched = design.fixed_maps(sd, reached) if reached and abs(shift) == design.delta else None
        cells = [label, *(f"{share:.2%}" for share in shares), f"{mean_used:.0f}", f"{1 - mean_used / fixed:.0%}",
                 f"{matched} ({reached:.1%})" if matched else "-",
                 f"{1 - mean_used / matched:.0%}" if matched else "-"]
        print("| " + " | ".join(cells) + " |", flush=True)
    wrong_low, wrong_high = 100 * design.alpha - 1, 100 * design.alpha + 1
    average = sum(decisive) / len(decisive)
    print()
    print(f"mean maps used over the cases 0, +D and -D: {average:.0f}, {1 - average / fixed:.0%} fewer than the "
          f"fixed-sample test ({fixed})")
    print(f"honest when: wrong verdicts at 0 within {wrong_low:g}%..{wrong_high:g}% and 'better' at +D near "
          f"{1 - design.beta:.0%}")


def real_ab(design: Design) -> None:
    """The A/B of two real versions on maps/bench, as ``bench --versus`` plays it."""
    maps = shuffled(expand_maps([str(MAPS)]))
    bdi = str(ROOT / "agents" / "clips" / "bdi")
    cases = [(NEW, OLD, ()), ("bdi", bdi, (("bdi:fire-strategy", "max-max"),))]
    print()
    print("| new | old | verdict | maps used | games played | seconds | mean delta [95% interval] |")
    print("|---|---|---|---|---|---|---|")
    for new, old, params in cases:
        runner = VersusBench(new, old, maps, design, BenchConfig(params=params), jobs=2)
        for _pair in runner.run():
            pass
        result = runner.comparison()
        low, high = result.interval
        name = " ".join([new, *(f"{k.split(':')[1]}={v}" for k, v in params)])
        print(f"| {name} | {Path(old).name if old == bdi else old} | {result.verdict} | {result.maps_used} of "
              f"{result.maps_total} | {result.games_played} | {result.seconds:.1f} | "
              f"{result.mean_delta:+.1f} [{low:+.1f}, {high:+.1f}] |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10_000, help="simulated runs per case (default 10000)")
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--delta", type=float, default=10.0)
    parser.add_argument("--record", action="store_true", help="play the games again and rewrite the cache first")
    parser.add_argument("--real", action="store_true", help="also play two real A/B comparisons on maps/bench")
    args = parser.parse_args()

    def run() -> None:
        design = Design(args.alpha, args.beta, args.delta)
        if args.runs < 1:
            raise BattleshipError(f"--runs must be 1 or more, not {args.runs}")
        if args.record:
            record()
        simulation(design, args.runs)
        if args.real:
            real_ab(design)

    return run_command(run)


if __name__ == "__main__":
    sys.exit(main())
