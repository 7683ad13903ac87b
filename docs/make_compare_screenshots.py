"""Render the screenshots of the Compare window (offscreen): side by side, batch, and batch on a Dask cluster.

    QT_QPA_PLATFORM=offscreen python docs/make_compare_screenshots.py [OUT_DIR] [--cluster-only]
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

AGENTS = ["cross", "random", "incrocio", "probabilistico"]


def _wait(app, condition, limit_s: float = 120) -> None:
    deadline = time.monotonic() + limit_s
    while not condition() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    for _ in range(20):  # let the last reports paint
        app.processEvents()
        time.sleep(0.01)


def main(out_dir: Path, cluster_only: bool = False) -> None:
    """Play the agents side by side on a course map, run a batch over maps/bench here and on a local Dask cluster."""
    from app.backends.registry import discover
    from app.gui.app import make_application, save_screenshot
    from app.gui.compare.window import CompareWindow
    from app.gui.interaction import ScriptedInteraction

    app = make_application()
    agents = [name for name in AGENTS if name in discover()]
    from PyQt5.QtCore import QRect

    from app.gui.theme import fit_to_screen

    window = CompareWindow(ScriptedInteraction())
    fit_to_screen(window, 1400, 900, QRect(0, 0, 1366, 768 - 40))  # as on a 1366x768 laptop
    window.show()
    if not cluster_only:
        both_tabs(app, window, agents, out_dir)
    batch = window.batch
    window.tabs.setCurrentWidget(batch)
    batch.folder.setText(str(ROOT / "maps" / "bench"))
    batch.set_agents(agents)
    batch.run_on.setCurrentIndex(batch.run_on.findData("local"))
    batch.jobs.setValue(2)  # the local cluster's workers
    batch.start()
    _wait(app, lambda: not batch.running, 900)
    save_screenshot(window, out_dir / "compare-batch-cluster.png")
    window.close()


def both_tabs(app, window, agents: list[str], out_dir: Path) -> None:
    """Side by side on a course map, then a batch over maps/bench on this machine."""
    from app.gui.app import save_screenshot

    view = window.side_by_side
    view.load_map(str(ROOT / "tests" / "data" / "course-maps" / "mappa1.clp"))
    view.set_agents(agents)
    done: list[bool] = []
    view.finished.connect(lambda: done.append(True))
    view.start()
    _wait(app, lambda: bool(done))
    save_screenshot(window, out_dir / "compare-side-by-side.png")
    batch = window.batch
    window.tabs.setCurrentWidget(batch)
    batch.folder.setText(str(ROOT / "maps" / "bench"))
    batch.set_agents(agents)
    batch.jobs.setValue(2)
    batch.start()
    _wait(app, lambda: not batch.running, 600)
    save_screenshot(window, out_dir / "compare-batch.png")


if __name__ == "__main__":  # the batch's worker processes import this file: keep the work under the guard
    arguments = [a for a in sys.argv[1:] if a != "--cluster-only"]
    main(Path(arguments[0]) if arguments else ROOT / "docs", "--cluster-only" in sys.argv)
