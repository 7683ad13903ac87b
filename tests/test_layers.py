"""The import contract of pyproject.toml (``[tool.importlinter]``): layers point one way.

Runs ``lint-imports`` as CI does (the README's test command runs this test), so an
upward import (``app.gui`` -> ``app.cli``, ``app`` -> ``agents``, Qt in ``app.core``)
fails the suite with import-linter's report of the offending line. Beside the contracts,
no module imports one that imports it back, and no two packages (or modules) side by side
under ``app`` do (issue 38): the graph is grimp's, which counts imports inside functions too.
"""

from __future__ import annotations

import importlib.util
import itertools
import subprocess
import sys

import grimp
import pytest

from tests.paths import ROOT


def test_lint_imports_keeps_every_contract():
    assert importlib.util.find_spec("importlinter") is not None, \
        "import-linter is missing: pip install -r requirements-dev.txt"
    command = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command as main; "
               "sys.argv = ['lint-imports', '--no-cache']; main()"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    report = done.stdout[done.stdout.find("Contracts"):] + done.stderr
    assert done.returncode == 0, report
    assert "0 broken" in done.stdout, report


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    """The app's import graph (every import, at the top of a module or inside a function)."""
    return grimp.build_graph("app", cache_dir=None)


def test_no_module_imports_one_that_imports_it_back(graph):
    cycles = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                cycles.append(" -> ".join((importer, *back)))
    assert not cycles, "import cycles (put what both need where both can import it):\n" + "\n".join(cycles)


def test_no_two_packages_side_by_side_import_each_other(graph):
    """At every depth under ``app``: two children of one package (sub-packages counted with all they hold)."""
    both_ways = []
    for package in sorted(module for module in graph.modules if graph.find_children(module)):
        for first, second in itertools.combinations(sorted(graph.find_children(package)), 2):
            there = graph.find_shortest_chain(importer=first, imported=second, as_packages=True)
            back = graph.find_shortest_chain(importer=second, imported=first, as_packages=True)
            if there is not None and back is not None:
                both_ways.append(f"{first} <-> {second}: {' -> '.join(there)}; {' -> '.join(back)}")
    assert not both_ways, "packages that import each other:\n" + "\n".join(both_ways)


def _imports_in_functions(path):
    """(line, text) of each import of the app's own modules inside a function of ``path``."""
    import ast

    lines = path.read_text(encoding="utf-8").splitlines()
    for node in ast.walk(ast.parse("\n".join(lines))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                names = ([inner.module or ""] if isinstance(inner, ast.ImportFrom)
                         else [a.name for a in inner.names] if isinstance(inner, ast.Import) else [])
                if any(name == "app" or name.startswith("app.") for name in names):
                    yield inner.lineno, lines[max(0, inner.lineno - 3):inner.end_lineno]


def test_an_import_inside_a_function_says_why():
    """Imports stand at the module's top, where a reader and the linter see the graph; one inside a function says
    why on its line or just above it (start-up time, the agent host child's import order, an OS's own module)."""
    silent = [f"{path.relative_to(ROOT)}:{line}" for path in sorted((ROOT / "app").rglob("*.py"))
              for line, around in _imports_in_functions(path) if not any("#" in text for text in around)]
    assert not silent, f"imports inside a function with no word of why: {silent}"
