"""Render the screenshots of docs/student-loop.md (offscreen, as on a 1366x768 laptop): an agent file with a
mistake saved (the banner), the fix saved and the Changes tab after the game, both games side by side, and
Compare ▸ A/B of probabilistico against incrocio over maps/bench.

    QT_QPA_PLATFORM=offscreen python docs/make_loop_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from make_screenshots import LAPTOP, scratch_settings, settle, show_window, wait  # noqa: E402

from app.gui.app import save_screenshot  # noqa: E402
from app.gui.changes_panel import ChangesTab  # noqa: E402
from app.gui.main_tabs import LogTab  # noqa: E402
from app.gui.main_window import MainWindow  # noqa: E402
from app.gui.theme import fit_to_screen  # noqa: E402

MAP = ROOT / "maps" / "bench" / "k0-0001.map"
# the walk-through's slip (a misspelt function) and its change: among crossings with as many ship cells left,
# incrocio takes the first (top left); the new version takes the last (">=" for ">")
SLIP = ("(bind ?best (create$))", "(bind ?best (craete$))")
CHANGE = ("(> (+ ?in-row ?in-col) ?best-sum)", "(>= (+ ?in-row ?in-col) ?best-sum)")


def save(window, path: Path, edit) -> None:
    """Write the agent's file as an editor saves it, then wait for the reloaded game to stand still."""
    generation = window.session.generation
    edit(path)
    wait(lambda: window.session.generation > generation)
    wait(lambda: window.session.over or window.session.failed or not window.session.started
         or not (window.session.busy or window.session.running))
    settle(300)


def main(out_dir: str = "docs") -> None:
    out = Path(out_dir)
    with scratch_settings() as (_app, settings, tmp):
        agent = tmp / "incrocio"
        agent.mkdir()
        for source in (ROOT / "agents" / "clips" / "lib" / "knowledge.clp",
                       ROOT / "agents" / "clips" / "incrocio" / "strategy.clp"):
            shutil.copy(source, agent / source.name)
        strategy = agent / "strategy.clp"
        original = strategy.read_text()
        window = show_window(MainWindow, settings, (1366, 768))
        window.load_map(str(MAP))
        window.select_agent(f"{agent / 'knowledge.clp'},{strategy}")
        window.set_fastest()
        window.run()
        wait(lambda: window.session.over)
        # the change: the game starts over and the Changes tab says where it went differently
        save(window, strategy, lambda p: p.write_text(original.replace(*CHANGE)))
        wait(lambda: window.session.over)
        tab = window.tabs.panel(ChangesTab)
        window.tabs.show(tab)
        wait(lambda: tab.diff is not None)
        settle(300)
        save_screenshot(window, out / "loop-changes.png")
        boards = tab.open_side_by_side()
        if boards is not None:
            fit_to_screen(boards, 1100, 660, LAPTOP)
            settle(300)
            save_screenshot(boards, out / "loop-side-by-side.png")
            boards.close()
        # then, the game back at its start (Reset), a slip while editing: the banner says what, and what to do
        window.reset()
        save(window, strategy, lambda p: p.write_text(original.replace(*SLIP)))
        window.tabs.show(window.tabs.panel(LogTab))
        settle(300)
        save_screenshot(window, out / "loop-banner.png")
        window.close()
        save_ab(out)
    print(f"screenshots written to {out}/")


def save_ab(out: Path) -> None:
    """Compare ▸ A/B: probabilistico (new) against incrocio (old) over maps/bench, 2 processes."""
    from app.gui.compare.window import CompareWindow
    from app.gui.interaction import ScriptedInteraction

    compare = CompareWindow(ScriptedInteraction())
    fit_to_screen(compare, 1366, 768, LAPTOP)
    compare.show()
    compare.tabs.setCurrentWidget(compare.tabs.widget(2))
    panel = compare.ab
    panel.set_agents("probabilistico", "incrocio")
    panel.folder.setText(str(ROOT / "maps" / "bench"))
    panel.jobs.setValue(2)
    panel.start()
    wait(lambda: not panel.running, 600)
    settle(300)
    save_screenshot(compare, out / "loop-ab.png")
    compare.close()


if __name__ == "__main__":
    main(*sys.argv[1:2])
