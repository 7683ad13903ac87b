"""The house in figures: what each package directly under ``app/`` holds, how the packages import each other, the
modules over the size a reader takes in at once, imports hidden in functions and import cycles.

    python benchmarks/house.py [--root DIR]

``--root`` measures another checkout (e.g. an older commit's ``git worktree``), so before and after are measured by
the same script. The graph is grimp's (the import-linter's), which counts imports inside functions too.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter, defaultdict
from pathlib import Path

import grimp

BIG = 450  # lines: past this, ask whether a module holds two concerns


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def room(module: str, depth: int = 2) -> str:
    return ".".join(module.split(".")[:depth])


def hidden_imports(path: Path) -> int:
    """Imports of the app's own modules inside a function (``TYPE_CHECKING`` blocks are at module level)."""
    count = 0
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith("app"):
                    count += 1
                elif isinstance(inner, ast.Import) and any(a.name.startswith("app") for a in inner.names):
                    count += 1
    return count


def mutual_pairs(graph, modules, key) -> set[tuple[str, str]]:
    edges = {(key(m), key(i)) for m in modules for i in graph.find_modules_directly_imported_by(m)
             if i.startswith("app.") and key(m) != key(i)}
    return {tuple(sorted(e)) for e in edges if (e[1], e[0]) in edges}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[1]))
    root = Path(parser.parse_args().root).resolve()
    sys.path.insert(0, str(root))
    app = root / "app"
    files = sorted(app.rglob("*.py"))
    size = {f: lines(f) for f in files}
    total = sum(size.values())
    by_room = Counter()
    for f, n in size.items():
        parts = f.relative_to(app).parts
        by_room["app." + parts[0].removesuffix(".py") if len(parts) > 1 else "app"] += n
    print(f"app/: {total} lines in {len(files)} modules ({root})")
    for name, n in by_room.most_common():
        print(f"  {name:<16} {n:6d} lines  {100 * n / total:5.1f}%")
    graph = grimp.build_graph("app", cache_dir=None)
    modules = [m for m in graph.modules if m.startswith("app.")]
    arrows = defaultdict(set)
    for m in modules:
        for i in graph.find_modules_directly_imported_by(m):
            if i.startswith("app.") and room(m) != room(i):
                arrows[room(m)].add(room(i))
    print(f"package arrows: {sum(len(v) for v in arrows.values())}")
    for name in sorted(arrows):
        print(f"  {name} -> {', '.join(sorted(arrows[name]))}")
    depth_pairs = set()
    for depth in range(2, 6):
        depth_pairs |= mutual_pairs(graph, modules, lambda m, d=depth: room(m, d))
    print(f"pairs that import each other (module or package, any depth): {len(depth_pairs)}")
    for a, b in sorted(depth_pairs):
        print(f"  {a} <-> {b}")
    hidden = {f: hidden_imports(f) for f in files}
    print(f"imports of the app's own modules inside functions: {sum(hidden.values())}")
    big = sorted(((n, f) for f, n in size.items() if n > BIG), reverse=True)
    print(f"modules over {BIG} lines: {len(big)}")
    for n, f in big:
        print(f"  {n:5d} {f.relative_to(root)}")


if __name__ == "__main__":
    main()
