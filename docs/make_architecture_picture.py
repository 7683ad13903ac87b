"""Draws docs/architecture.png: the packages directly under ``app/`` as boxes on their layers (from pyproject.toml's
import-linter contract), each box's width its share of the lines, its sub-packages and largest modules written
inside, and an arrow for every package that imports another (from the code's own imports, through grimp).

    python docs/make_architecture_picture.py
"""

from __future__ import annotations

import sys
import tomllib
from collections import defaultdict
from pathlib import Path

import grimp
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HOLDS = {  # one line each: what a reader finds inside
    "app.cli": "the subcommands",
    "app.gui": "the desktop windows (PyQt5)",
    "app.report": "tournament report, students' pages",
    "app.similarity": "the copy detector",
    "app.analysis": "diff, mistakes, crosscheck, step back",
    "app.tournament": "bench, A/B, submissions, statistics",
    "app.backends": "how an agent is played: runner, kinds,\nCLIPS bridge, Python runner, agent host",
    "app.solver": "solver, Bimaru, bayes, coach",
    "app.core": "engine: maps, rules, game, oracle, logs",
}


def layers() -> list[list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    top = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers" and "containers" not in c)
    return [[name.strip() for name in layer.split("|")] for layer in top["layers"]]


def sizes() -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for path in (ROOT / "app").rglob("*.py"):
        parts = path.relative_to(ROOT / "app").parts
        if len(parts) > 1:
            counts["app." + parts[0]] += len(path.read_text(encoding="utf-8").splitlines())
    return counts


def arrows(names: set[str]) -> set[tuple[str, str]]:
    graph = grimp.build_graph("app", cache_dir=None)

    def package(module: str) -> str:
        return ".".join(module.split(".")[:2])

    return {(package(m), package(i)) for m in graph.modules for i in graph.find_modules_directly_imported_by(m)
            if package(m) in names and package(i) in names and package(m) != package(i)}


def main() -> None:
    rows, counts = layers(), sizes()
    total = sum(counts.values())
    fig, ax = plt.subplots(figsize=(12, 9))
    ax.set_xlim(0, 12)
    ax.set_ylim(0, len(rows) * 1.3 + 0.4)
    ax.axis("off")
    boxes = {}
    for level, row in enumerate(rows):
        y = (len(rows) - 1 - level) * 1.3 + 0.3
        widths = [max(2.6, 11.4 * counts[name] / total * 2.2) for name in row]
        scale = min(1.0, 11.4 / (sum(widths) + 0.3 * (len(row) - 1)))
        x = (12 - scale * (sum(widths) + 0.3 * (len(row) - 1))) / 2
        for name, width in zip(row, widths):
            width *= scale
            ax.add_patch(FancyBboxPatch((x, y), width, 0.85, boxstyle="round,pad=0.02", facecolor="#e8eef7",
                                        edgecolor="#35609a", linewidth=1.4))
            share = 100 * counts[name] / total
            ax.text(x + width / 2, y + 0.66, f"{name.replace('.', '/')}   {counts[name]:,} lines, {share:.0f}%",
                    ha="center", va="center", fontsize=9.5, weight="bold")
            ax.text(x + width / 2, y + 0.3, HOLDS.get(name, ""), ha="center", va="center", fontsize=8)
            boxes[name] = (x, y, width)
            x += width + 0.3
    links = sorted(arrows(set(boxes)), key=lambda st: (boxes[st[0]][0], boxes[st[1]][0]))
    leaving, arriving = defaultdict(list), defaultdict(list)
    for source, target in links:
        leaving[source].append(target)
        arriving[target].append(source)

    def spot(name: str, others: list[str], other: str) -> float:
        x, _, width = boxes[name]
        return x + width * (others.index(other) + 1) / (len(others) + 1)

    for source, target in links:
        y1, y2 = boxes[source][1], boxes[target][1] + 0.85
        near = y1 - y2 < 1.4  # the layer right below: drawn dark; further down: light
        ax.add_patch(FancyArrowPatch((spot(source, leaving[source], target), y1),
                                     (spot(target, arriving[target], source), y2), arrowstyle="-|>",
                                     mutation_scale=9, color="#35609a" if near else "#c3cedd", linewidth=0.9,
                                     zorder=1 if near else 0))
    ax.set_title(f"app/: {total:,} lines. Each package imports only those below it (arrows: who imports whom)",
                 fontsize=11)
    fig.tight_layout()
    out = ROOT / "docs" / "architecture.png"
    fig.savefig(out, dpi=90)
    print(out)


if __name__ == "__main__":
    main()
