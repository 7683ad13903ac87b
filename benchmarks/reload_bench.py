"""Reload on save, timed: from writing an agent's file to the new game's first step on screen. Prints figures,
asserts nothing.

    QT_QPA_PLATFORM=offscreen python benchmarks/reload_bench.py [--saves N]

The main window (1366x768, speed "fastest", the Rules tab tracing as it always does) plays a copy of each agent
to the end; then, N times per agent and interleaved between the agents, a file of the agent is written (a comment
appended: new contents) and the clock runs until the board has painted the new game's first step. Split into:
the wait for the writes to end (the debounce, ``DEBOUNCE_MS``) and the reload until the new game is set up (the
load banner checks the files again, on the GUI thread: most of it), the new game's agent loaded and reported its
setup, and the first step until it is painted. Target: at most 1 s from save to first step.

Agents: bdi (agents/clips/bdi, 6 CLIPS modules, 48 KB, the biggest CLIPS agent of the repo), incrocio (the course's
knowledge base agents/clips/lib/knowledge.clp, 608 lines, and its strategy), and cross (a Python agent, run in the
confined agent host).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

MAP = ROOT / "maps" / "bench" / "k0-0001.map"


def copy_agents(folder: Path) -> dict[str, tuple[str, Path]]:
    """Each agent copied into ``folder``: name -> (what the window is given, the file to write)."""
    bdi = folder / "bdi"
    shutil.copytree(ROOT / "agents" / "clips" / "bdi", bdi)
    incrocio = folder / "incrocio"
    incrocio.mkdir()
    for source in (ROOT / "agents" / "clips" / "lib" / "knowledge.clp", ROOT / "agents" / "clips" / "incrocio" /
                   "strategy.clp"):
        shutil.copy(source, incrocio / source.name)
    cross = folder / "cross_agent.py"
    shutil.copy(ROOT / "agents" / "cross_agent.py", cross)
    return {
        "bdi": (str(bdi), bdi / "deliberate.clp"),
        "incrocio": (f"{incrocio / 'knowledge.clp'},{incrocio / 'strategy.clp'}", incrocio / "strategy.clp"),
        "cross": (str(cross), cross),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=10, help="saves timed per agent (default 10)")
    args = parser.parse_args()

    from PyQt5.QtCore import QSettings
    from PyQt5.QtWidgets import QApplication

    from app.gui.app import make_application
    from app.gui.interaction import ScriptedInteraction
    from app.gui.main_reload import DEBOUNCE_MS
    from app.gui.main_window import MainWindow
    from app.gui.session import ReportKind

    app = make_application()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        agents = copy_agents(folder)
        window = MainWindow(settings=QSettings(str(folder / "s.ini"), QSettings.IniFormat),
                            interaction=ScriptedInteraction())
        window.resize(1366, 728)
        window.show()
        window.load_map(str(MAP))
        window.set_fastest()
        marks: dict[str, float] = {}

        def on_report(report) -> None:
            key = "setup" if report.kind is ReportKind.SETUP else "step"
            marks.setdefault(key, time.perf_counter())

        window.session.reported.connect(on_report)

        def pump_until(condition, limit: float = 60.0) -> None:
            deadline = time.perf_counter() + limit
            while not condition():
                if time.perf_counter() > deadline:
                    raise SystemExit("timed out: the window did not get there in 60 s")
                app.processEvents()
                time.sleep(0.0005)

        figures: dict[str, list[tuple[float, float, float, float]]] = {name: [] for name in agents}
        for round_number in range(args.saves + 1):  # round 0 warms up (first load, caches): not counted
            for name, (given, written) in agents.items():
                if window.agents.agent_box.currentData() != given:
                    assert window.select_agent(given), name
                if not window.session.over:
                    window.run()
                    pump_until(lambda: window.session.over)
                generation = window.session.generation
                marks.clear()
                with written.open("a", encoding="utf-8") as out:
                    out.write(f"\n{'#' if written.suffix == '.py' else ';'} save {round_number}\n")
                saved = time.perf_counter()
                pump_until(lambda g=generation: window.session.generation > g)
                reset = time.perf_counter()
                pump_until(lambda: "step" in marks)
                painted = window.view.board.paint_count
                pump_until(lambda p=painted: window.view.board.paint_count > p)
                shown = time.perf_counter()
                if round_number:
                    figures[name].append((shown - saved, reset - saved, marks["setup"] - reset,
                                          shown - marks["setup"]))
                pump_until(lambda: window.session.over)
        window.close()
        QApplication.processEvents()

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"reload on save: from writing the file to the new game's first step painted; {args.saves} saves per "
          f"agent, interleaved; debounce {DEBOUNCE_MS} ms; load average {load:.1f}")
    print()
    print("| agent | save to first step: median | min | max | save to new game (debounce, load check) | "
          "agent loaded (setup) | first step painted |")
    print("|---|---|---|---|---|---|---|")
    for name, rows in figures.items():
        total = [r[0] for r in rows]
        parts = [statistics.median(r[i] for r in rows) for i in (1, 2, 3)]
        print(f"| {name} | {1000 * statistics.median(total):.0f} ms | {1000 * min(total):.0f} ms | "
              f"{1000 * max(total):.0f} ms | {1000 * parts[0]:.0f} ms | {1000 * parts[1]:.0f} ms | "
              f"{1000 * parts[2]:.0f} ms |")
    worst = max(statistics.median(r[0] for r in rows) for rows in figures.values())
    print()
    print(f"target: at most 1 s from save to first step (median): {'met' if worst <= 1.0 else 'NOT met'} "
          f"(slowest median {1000 * worst:.0f} ms)")


if __name__ == "__main__":
    main()
