#!/usr/bin/env python3
"""Solver benchmark: prints figures, asserts nothing (the machine is shared and noisy).

    python benchmarks/solver_bench.py                      # the issue's figures (several minutes)
    python benchmarks/solver_bench.py --puzzles 100 --processes 10 --search-timeout 1
    python benchmarks/solver_bench.py --startup-only --processes 60   # figure 3 alone

Puzzles: ``--puzzles`` generated standard-fleet puzzles (seed ``--seed``),
puzzle i with i % 7 hints (0..6: half ship pieces, half water), so many have
several solutions. Figures:

1. the fast solver in-process (``solve``: first solution): median / worst ms,
   every answer checked (counts, hints, fleet, no touching);
2. the fast enumerator: all solutions of the 0-hint puzzles (median / worst);
3. whole-process ``python main.py solve < puzzle`` on ``--processes`` puzzles:
   median wall and CPU seconds, next to a bare ``python -c pass`` (the ratio
   says how much is ours when the machine is loaded);
4. DFS, greedy and A* on every puzzle (BFS on ``--bfs`` of them) with a
   per-puzzle timeout: solved / timed out, median and worst ms and nodes.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.core.formats import bimaru  # noqa: E402
from app.core.grid import STANDARD_FLEET  # noqa: E402
from app.solver.bimaru import Bimaru, Board  # noqa: E402
from app.solver.fast import Constraints, count_solutions, iter_solutions, solve  # noqa: E402
from app.solver.generator import generate_map  # noqa: E402
from app.solver.search import run_search  # noqa: E402


def make_puzzles(count: int, seed: int) -> list[bimaru.Puzzle]:
    """``count`` puzzles, puzzle i with i % 7 hints (ships i%7 // 2, the rest water)."""
    puzzles = []
    for number in range(count):
        hints = number % 7
        game_map = generate_map(random.Random(seed * 100_003 + number), known_ships=hints // 2,
                                known_water=hints - hints // 2, name=f"p{number:04d}")
        puzzles.append(bimaru.puzzle_of(game_map))
    return puzzles


def valid(puzzle: bimaru.Puzzle, solution) -> bool:
    """True when the solution is a legal standard fleet matching the counts and every hint."""
    c = Constraints.from_puzzle(puzzle)
    try:
        game_map = solution.to_map(c)  # GameMap.create validates ships, touching, counts, known cells
    except Exception:
        return False
    return game_map.fleet == STANDARD_FLEET


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.2f} ms, worst {max(values) * 1000:.2f} ms"


def fast_figures(puzzles: list[bimaru.Puzzle]) -> None:
    times, cpu, bad, several = [], [], 0, 0
    for puzzle in puzzles:
        start, start_cpu = time.perf_counter(), time.process_time()
        c = Constraints.from_puzzle(puzzle)
        solution = solve(c)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        if solution is None or not valid(puzzle, solution):
            bad += 1
        several += count_solutions(c, limit=2) > 1
    print(f"fast solver, in-process, {len(puzzles)} puzzles ({several} with several solutions): wall {ms(times)}; "
          f"CPU {ms(cpu)}; {len(puzzles) - bad} valid, {bad} invalid or missing")


def enumeration_figures(puzzles: list[bimaru.Puzzle]) -> None:
    open_puzzles = [p for p in puzzles if not p.hints]
    times, cpu, counts = [], [], []
    for puzzle in open_puzzles:
        start, start_cpu = time.perf_counter(), time.process_time()
        counts.append(len(list(iter_solutions(Constraints.from_puzzle(puzzle)))))
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    if open_puzzles:
        rate = sum(counts) / max(sum(cpu), 1e-9)
        print(f"fast enumerator, all solutions of {len(open_puzzles)} 0-hint puzzles: wall {ms(times)}; "
              f"CPU {ms(cpu)}; solutions median {statistics.median(counts):.0f}, max {max(counts)} "
              f"({rate:.0f} solutions per CPU second)")


def _child_run(args: list[str], stdin_path: Path | None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one child process."""
    before = os.times()
    start = time.perf_counter()
    with open(stdin_path) if stdin_path else open(os.devnull) as stdin:
        subprocess.run(args, stdin=stdin, stdout=subprocess.DEVNULL, check=True, cwd=ROOT)
    wall = time.perf_counter() - start
    after = os.times()
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def process_figures(puzzles: list[bimaru.Puzzle], count: int) -> None:
    chosen = puzzles[:count]
    solve_wall, solve_cpu, bare_wall, bare_cpu = [], [], [], []
    with tempfile.TemporaryDirectory() as folder:
        for number, puzzle in enumerate(chosen):
            path = Path(folder) / f"{number}.txt"
            path.write_text(bimaru.dump(puzzle))
            wall, cpu = _child_run([sys.executable, "main.py", "solve"], path)
            solve_wall.append(wall)
            solve_cpu.append(cpu)
            wall, cpu = _child_run([sys.executable, "-c", "pass"], None)
            bare_wall.append(wall)
            bare_cpu.append(cpu)
    med = statistics.median
    print(f"whole process 'python main.py solve < puzzle', {len(chosen)} puzzles: median wall {med(solve_wall):.3f} s, "
          f"CPU {med(solve_cpu):.3f} s; bare 'python -c pass': wall {med(bare_wall):.3f} s, CPU {med(bare_cpu):.3f} s "
          f"(solve / bare CPU = {med(solve_cpu) / max(med(bare_cpu), 1e-9):.2f}; load average now "
          f"{os.getloadavg()[0]:.1f}{'; PYTHONDONTWRITEBYTECODE is set: modules without a .pyc compile at every start' if sys.dont_write_bytecode else ''})")


def search_figures(puzzles: list[bimaru.Puzzle], algorithm: str, timeout: float) -> None:
    times, nodes, timeouts, wrong = [], [], 0, 0
    for puzzle in puzzles:
        board = Board.from_puzzle(puzzle)
        goal, stats = run_search(algorithm, Bimaru(board), seconds=timeout)
        if stats.timed_out:
            timeouts += 1
            continue
        if goal is None:
            wrong += 1
            continue
        times.append(stats.seconds)
        nodes.append(stats.generated)
    solved = len(times)
    line = f"{algorithm:>6}: {solved}/{len(puzzles)} solved, {timeouts} timed out (> {timeout:g} s)"
    if wrong:
        line += f", {wrong} found no solution (should not happen)"
    if solved:
        line += (f"; solved ones: {ms(times)}; nodes generated median {statistics.median(nodes):.0f}, "
                 f"worst {max(nodes)}")
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--processes", type=int, default=40, help="puzzles for the whole-process figure")
    parser.add_argument("--search-timeout", type=float, default=2.0, help="seconds per puzzle for dfs/greedy/astar")
    parser.add_argument("--bfs", type=int, default=20, help="puzzles for BFS (it blows up on open puzzles)")
    parser.add_argument("--startup-only", action="store_true",
                        help="only the whole-process figure (3), on --processes puzzles")
    args = parser.parse_args()

    puzzles = make_puzzles(args.processes if args.startup_only else args.puzzles, args.seed)
    print(f"{len(puzzles)} puzzles, seed {args.seed}, hints 0..6 (i % 7), python {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    if args.startup_only:
        process_figures(puzzles, args.processes)
        return
    fast_figures(puzzles)
    enumeration_figures(puzzles)
    process_figures(puzzles, args.processes)
    for algorithm in ("dfs", "greedy", "astar"):
        search_figures(puzzles, algorithm, args.search_timeout)
    search_figures(puzzles[: args.bfs], "bfs", args.search_timeout)


if __name__ == "__main__":
    main()
