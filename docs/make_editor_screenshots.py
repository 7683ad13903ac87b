"""Render the README's pictures of the map editor and the replay viewer (offscreen).

    QT_QPA_PLATFORM=offscreen python docs/make_editor_screenshots.py [OUT_DIR]

Writes ``gui-editor.png`` (a fleet half drawn, a refused ship marked),
``gui-replay.png`` (the cross agent's game on four-known, scrubbed to step 12)
and ``coach-tab.png`` (docs/coach.md: the replay viewer's Coach tab on a game of
incrocio on maps/bench/k0-0003.map, after its second fire).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from make_screenshots import ROOT, scratch_settings, settle, show_window  # first: the repo on sys.path, Qt offscreen
from PyQt5.QtCore import QSettings

from app.backends.games import play
from app.core import PROFILES, Cell
from app.core.draft import line_between
from app.core.gamelog import save
from app.gui.app import save_screenshot
from app.gui.editor.window import MapEditor
from app.gui.replay_view import ReplayWindow
from app.solver.playable import load_game_map


def main(out_dir: str = "docs") -> None:
    """Write gui-editor.png and gui-replay.png into ``out_dir``."""
    out = Path(out_dir)
    with scratch_settings() as (_app, settings, tmp):
        editor = show_window(MapEditor, settings, (1280, 820))
        for start, end in ((Cell(1, 1), Cell(1, 4)), (Cell(3, 7), Cell(5, 7)), (Cell(8, 2), Cell(8, 4)),
                           (Cell(4, 0), Cell(5, 0)), (Cell(9, 8), Cell(9, 9)), (Cell(6, 4), Cell(6, 4))):
            editor.place(line_between(start, end))
        for cell in (Cell(1, 2), Cell(6, 4), Cell(3, 3), Cell(7, 8)):
            editor.toggle_known(cell)
        editor.name_edit.setText("Harbour")
        editor.name_edit.textEdited.emit("Harbour")
        editor.author_edit.setText("Ada")
        editor.author_edit.textEdited.emit("Ada")
        editor.place(line_between(Cell(2, 5), Cell(2, 6)))  # touches the battleship: refused, marked
        editor.canvas.set_preview(line_between(Cell(2, 5), Cell(2, 6)), False)
        settle()
        save_screenshot(editor, out / "gui-editor.png")
        editor.close()

        log = tmp / "cross.jsonl"
        save(play("cross", load_game_map(ROOT / "maps" / "four-known.map"), PROFILES["unito-2019"]), log)
        viewer = show_window(ReplayWindow, settings, (1320, 840))
        viewer.open_replay(str(log))
        viewer.go_to(12)
        settle()
        save_screenshot(viewer, out / "gui-replay.png")
        viewer.close()
        _coach_tab(settings, tmp, out)
    print(f"screenshots written to {out}/")


def _coach_tab(settings: QSettings, tmp: Path, out: Path) -> None:
    """The Coach tab once the coach (on its worker thread) has graded incrocio's game, after the second fire."""
    log = tmp / "incrocio.jsonl"
    save(play("incrocio", load_game_map(ROOT / "maps" / "bench" / "k0-0003.map"), PROFILES["unito-2019"]), log)
    viewer = show_window(ReplayWindow, settings, (1320, 900), screen=None)
    viewer.open_replay(str(log))
    viewer.side_tabs.setCurrentWidget(viewer.coach_panel)
    deadline = time.monotonic() + 120
    while viewer.coach_panel.report is None and time.monotonic() < deadline:
        settle(50)
    fires = [d for d in viewer.coach_panel.report.decisions if d.kind == "fire"]
    viewer.go_to(fires[1].step + 1)
    settle()
    save_screenshot(viewer, out / "coach-tab.png")
    viewer.close()


if __name__ == "__main__":
    main(*sys.argv[1:2])
