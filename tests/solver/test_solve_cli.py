"""``python main.py solve``: stdout is only the grid, stats on stderr, clean one-line errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.paths import BIMARU_DIR, ROOT

EXAMPLE_PUZZLE = (
    "ROW\t2\t3\t2\t2\t3\t0\t1\t3\t2\t2\n"
    "COLUMN\t6\t0\t1\t0\t2\t1\t3\t1\t2\t4\n"
    "6\n"
    "HINT\t0\t0\tT\nHINT\t1\t6\tM\nHINT\t3\t2\tC\nHINT\t6\t0\tW\nHINT\t8\t8\tB\nHINT\t9\t5\tC\n"
)
EXAMPLE_SOLUTION = (  # the example in docs/rules.md output
    "T.....t...\n"
    "b.....M..t\n"
    "......b..m\n"
    "..C......m\n"
    "c......c.b\n"
    "..........\n"
    "W...t.....\n"
    "t...b...t.\n"
    "m.......B.\n"
    "b....C....\n"
)


def solve(stdin: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", "solve", *args], input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("algorithm", ["fast", "dfs", "bfs", "greedy", "astar"])
def test_game_md_example_byte_for_byte(algorithm):
    done = solve(EXAMPLE_PUZZLE, "--algorithm", algorithm, "--stats")
    assert done.returncode == 0, done.stderr
    assert done.stdout == EXAMPLE_SOLUTION
    assert f"algorithm: {algorithm}" in done.stderr
    if algorithm != "fast":
        for figure in ("nodes generated", "nodes expanded", "max frontier", "solution depth: 10", "penetrance",
                       "effective branching factor"):
            assert figure in done.stderr


def test_spaces_and_tabs_mixed():
    text = EXAMPLE_PUZZLE.replace("\t", " ", 7).replace("HINT\t0", "HINT  \t 0")
    assert solve(text).stdout == EXAMPLE_SOLUTION


def test_count():
    assert solve(EXAMPLE_PUZZLE, "--count").stdout == "1\n"
    no_hints = "\n".join(EXAMPLE_PUZZLE.splitlines()[:2] + ["0"]) + "\n"
    done = solve(no_hints, "--count")
    assert int(done.stdout) > 1


def test_several_solutions_print_the_first_deterministically():
    no_hints = "\n".join(EXAMPLE_PUZZLE.splitlines()[:2] + ["0"]) + "\n"
    first, second = solve(no_hints), solve(no_hints)
    assert first.returncode == 0 and first.stdout == second.stdout
    assert len(first.stdout.splitlines()) == 10


def test_file_argument():
    path = BIMARU_DIR / "T02.txt"
    assert solve("", str(path)).stdout == path.with_suffix(".out").read_text()


@pytest.mark.parametrize("text,words", [
    ("", "empty"),
    ("ROW 1 2\n", "counts, expected 10"),
    (EXAMPLE_PUZZLE.replace("HINT\t9\t5\tC", "HINT\t9\t5\tQ"), "unknown hint letter"),
    (EXAMPLE_PUZZLE.replace("\n6\n", "\n7\n"), "announces 7 hints"),
    (EXAMPLE_PUZZLE.replace("HINT\t9\t5\tC", "HINT\t9\t5\tL"), "no solution"),
])
def test_bad_input_one_line_exit_2(text, words):
    done = solve(text)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and words in done.stderr and "Traceback" not in done.stderr


def test_no_heavy_imports():
    heavy = ("PyQt5", "clips", "matplotlib", "numpy")
    code = (f"import io, sys; sys.stdin = io.StringIO({EXAMPLE_PUZZLE!r}); "
            "from app.cli import main; main(['solve']); "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {heavy!r}), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.stderr.strip() == "[]"


def test_start_up_loads_only_the_solve_path():
    """``solve`` runs once per puzzle: it loads its own subcommand, the Bimaru reader and the fast solver,
    not the other subcommands, the game engine, the other formats, the tree search, agents or backends."""
    code = (f"import io, sys; sys.stdin = io.StringIO({EXAMPLE_PUZZLE!r}); "
            "from app.cli import main; main(['solve']); "
            "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in ('app', 'agents', 'dataclasses'))), "
            "file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.stdout == EXAMPLE_SOLUTION
    loaded = set(done.stderr.split())
    assert {"app.cli.solve", "app.core.formats.bimaru", "app.solver.fast"} <= loaded
    unwanted = {"app.cli.run", "app.cli.maps", "app.cli.replay", "app.cli.bench", "app.cli.gui", "app.core.game", "app.core.events",
                "app.core.gamelog", "app.core.rules", "app.core.formats.clp", "app.core.formats.native",
                "app.solver.search", "app.solver.bimaru", "app.backends", "app.gui", "agents",
                "dataclasses"}  # ~15 ms with what it imports: the solve path's value classes are plain
    assert not loaded & unwanted, sorted(loaded & unwanted)


def test_binary_input_one_line_exit_2():
    done = subprocess.run([sys.executable, "main.py", "solve"], input=b"\xff\xfeROW", cwd=ROOT,
                          capture_output=True, timeout=120)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.count(b"\n") == 1 and b"not UTF-8" in done.stderr


def test_search_that_gives_up_exits_1():
    no_hints = "\n".join(EXAMPLE_PUZZLE.splitlines()[:2] + ["0"]) + "\n"
    done = solve(no_hints, "--algorithm", "bfs", "--timeout", "0.3")
    assert done.returncode == 1 and done.stdout == ""
    assert "bfs gave up" in done.stderr and done.stderr.count("\n") == 1
