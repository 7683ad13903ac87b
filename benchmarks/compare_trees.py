"""Run one benchmark script in two (or more) checkouts, interleaved, and print the medians side by side.

    python benchmarks/compare_trees.py [--rounds 8] OLD_CHECKOUT NEW_CHECKOUT -- benchmarks/engine_bench.py --games 200

A shared machine's speed drifts by more than the changes worth measuring, so the checkouts take turns
(old, new, new, old, ...) for ``--rounds`` rounds and each figure is the median over the rounds. The
script (a path inside each checkout) must print the same lines each run, figures aside: each number of
its output is replaced by its median over the rounds, checkout by checkout, and the lines that differ
are printed one under the other.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def run_once(checkout: Path, command: list[str]) -> str:
    """The output of ``command`` (a script of the checkout and its arguments) run in ``checkout``."""
    done = subprocess.run([sys.executable, *command], cwd=checkout, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"error: {checkout}: {' '.join(command)} exited with {done.returncode}: "
                         f"{done.stderr.strip().splitlines()[-1:] or ''}")
    return done.stdout


def medians(outputs: list[str]) -> str:
    """The first output with each of its numbers replaced by that number's median over ``outputs``."""
    columns = [NUMBER.findall(text) for text in outputs]
    if len({len(numbers) for numbers in columns}) != 1:
        raise SystemExit("error: the runs printed different lines; cannot take medians")
    values = iter(statistics.median(float(n[i]) for n in columns) for i in range(len(columns[0])))

    def median_of(match: re.Match) -> str:
        value, text = next(values), match.group()
        decimals = len(text.partition(".")[2])
        return f"{value:.{decimals}f}"

    return NUMBER.sub(median_of, outputs[0])


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, run the rounds, print the medians."""
    argv = sys.argv[1:] if argv is None else argv
    if "--" not in argv:
        raise SystemExit("usage: compare_trees.py [--rounds N] CHECKOUT CHECKOUT... -- SCRIPT [ARGS...]")
    split = argv.index("--")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8, help="runs of each checkout (default 8)")
    parser.add_argument("checkouts", nargs="+", type=Path)
    args = parser.parse_args(argv[:split])
    command = argv[split + 1:]
    for checkout in args.checkouts:
        if not (checkout / command[0]).is_file():
            raise SystemExit(f"error: {checkout / command[0]}: no such script")
    outputs: dict[Path, list[str]] = {checkout: [] for checkout in args.checkouts}
    for round_number in range(args.rounds):
        order = args.checkouts if round_number % 2 == 0 else args.checkouts[::-1]
        for checkout in order:
            outputs[checkout].append(run_once(checkout, command))
    tables = {checkout: medians(texts).splitlines() for checkout, texts in outputs.items()}
    width = max(len(str(checkout)) for checkout in args.checkouts)
    print(f"medians of {args.rounds} interleaved runs of: {' '.join(command)}")
    for lines in zip(*tables.values(), strict=False):
        if len(set(lines)) == 1:
            print(f"{'':{width}}  {lines[0]}")
        else:
            for checkout, line in zip(args.checkouts, lines, strict=True):
                print(f"{str(checkout):{width}}  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
