"""Render the README's screenshots of the desktop app (offscreen), as on a 1366x768 laptop: start, mid-game
with the overlay, final score, manual play, a CLIPS agent's facts, an open drop-down, the Italian interface.

    QT_QPA_PLATFORM=offscreen python docs/make_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PyQt5 import sip  # noqa: E402
from PyQt5.QtCore import QEventLoop, QRect, QSettings, QTimer  # noqa: E402
from PyQt5.QtGui import QPainter  # noqa: E402
from PyQt5.QtWidgets import QApplication  # noqa: E402

from app.backends.registry import discover  # noqa: E402
from app.gui.app import dispose, make_application, save_screenshot  # noqa: E402
from app.gui.interaction import ScriptedInteraction  # noqa: E402
from app.gui.main_tabs import FactsTab  # noqa: E402
from app.gui.main_window import MainWindow  # noqa: E402
from app.gui.theme import fit_to_screen  # noqa: E402

LAPTOP = QRect(0, 0, 1366, 768 - 40)  # a 1366x768 screen less a 40-pixel panel


def settle(ms: int = 100) -> None:
    """Let the event loop run for ``ms`` milliseconds (workers report, widgets paint)."""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec_()


def wait(condition, limit_s: float = 30) -> None:
    """Run the event loop until ``condition()`` holds (or ``limit_s`` seconds have gone)."""
    waited = 0.0
    while not condition() and waited < limit_s:
        settle(20)
        waited += 0.02


def show_window(window_class, settings: QSettings, size: tuple[int, int], screen: QRect | None = LAPTOP, **kwargs):
    """A ``window_class`` with ``settings`` and scripted prompts, shown at ``size`` (fitted to ``screen``; None:
    as it is)."""
    window = window_class(settings=settings, interaction=ScriptedInteraction(), **kwargs)
    if screen is None:
        window.resize(*size)
    else:
        fit_to_screen(window, *size, screen)
    window.show()
    return window


@contextlib.contextmanager
def scratch_settings() -> Iterator[tuple[QApplication, QSettings, Path]]:
    """The application, settings in a scratch folder (no user's settings are read or changed) and the folder,
    removed at the end."""
    app = make_application()
    with tempfile.TemporaryDirectory() as tmp:
        yield app, QSettings(str(Path(tmp) / "s.ini"), QSettings.IniFormat), Path(tmp)
        for window in app.topLevelWidgets():  # the script's windows go while the application exists
            if sip.ispyowned(window):
                dispose(window)


def main(out_dir: str = "docs") -> None:
    """Write gui-start, gui-midgame, gui-final, gui-human (and gui-clips-facts) PNGs into ``out_dir``."""
    out = Path(out_dir)
    with scratch_settings() as (app, settings, tmp):
        window = show_window(MainWindow, settings, (1320, 840))
        window.load_map(str(ROOT / "maps" / "four-known.map"))
        window.select_agent("cross")
        settle()
        save_screenshot(window, out / "gui-start.png")
        for _ in range(9):
            steps = window.session.steps_done
            window.step()
            wait(lambda s=steps: window.session.steps_done > s)
        window.view.belief_box.setChecked(True)
        settle()
        save_screenshot(window, out / "gui-midgame.png")
        window.set_fastest()
        window.run()
        wait(lambda: window.session.over)
        settle()
        save_screenshot(window, out / "gui-final.png")
        window.select_agent("Human")
        window.load_map(str(ROOT / "maps" / "open-sea.map"))
        for action in ("fire 0 3", "fire 2 1", "fire 5 5", "guess 0 2", "guess 0 4", "guess 3 1", "guess 7 9"):
            steps = window.session.steps_done
            window.session.submit(action)
            wait(lambda s=steps: window.session.steps_done > s)
        settle()
        save_screenshot(window, out / "gui-human.png")
        clips = [name for name, spec in discover().items() if spec.kind == "clips"]
        if clips:
            window.select_agent(clips[0])
            window.load_map(str(ROOT / "maps" / "four-known.map"))
            window.tabs.show(window.tabs.panel(FactsTab))
            for _ in range(7):
                steps = window.session.steps_done
                window.step()
                wait(lambda s=steps: window.session.steps_done > s or window.session.over)
            settle()
            save_screenshot(window, out / "gui-clips-facts.png")
        save_open_drop_down(app, window, out / "gui-dropdown.png")
        window.close()
        save_italian(app, tmp, out / "gui-italian.png")
        save_coach_and_rules(tmp, out)
    print(f"screenshots written to {out}/")


def save_open_drop_down(app, window: MainWindow, path: Path) -> None:
    """The window with the Agent drop-down open and its second entry highlighted (the pop-up drawn in place)."""
    box = window.agents.agent_box
    box.showPopup()
    view = box.view()
    index = box.model().index(1, 0)
    view.setCurrentIndex(index)
    view.selectionModel().select(index, view.selectionModel().ClearAndSelect)
    settle()
    picture = window.grab()
    popup = view.window()
    painter = QPainter(picture)
    painter.drawPixmap(window.mapFromGlobal(popup.mapToGlobal(popup.rect().topLeft())), popup.grab())
    painter.end()
    box.hidePopup()
    path.parent.mkdir(parents=True, exist_ok=True)
    picture.save(str(path), "PNG")


def save_italian(app, tmp: Path, path: Path) -> None:
    """The cross agent's finished game with the interface in Italian (as ``main.py gui --lang it``)."""
    from app.gui import i18n

    i18n.install("it")
    try:
        window = show_window(MainWindow, QSettings(str(tmp / "it.ini"), QSettings.IniFormat), (1320, 840))
        window.load_map(str(ROOT / "maps" / "four-known.map"))
        window.select_agent("cross")
        window.set_fastest()
        window.run()
        wait(lambda: window.session.over)
        settle()
        save_screenshot(window, path)
        window.close()
    finally:
        i18n.install("en")


def save_coach_and_rules(tmp: Path, out: Path) -> None:
    """A CLIPS agent's finished game on a 1366x768 laptop, in English and in Italian, with the Coach tab (graded,
    at a fire) and with the Rules tab: gui-coach-LANG.png and gui-rules-LANG.png."""
    from app.gui import i18n
    from app.gui.main_tabs import CoachTab, RulesTab

    for lang in ("en", "it"):
        i18n.install(lang)
        try:
            window = show_window(MainWindow, QSettings(str(tmp / f"{lang}.ini"), QSettings.IniFormat), (1366, 768))
            window.load_map(str(ROOT / "maps" / "four-known.map"))
            window.select_agent("incrocio")
            window.set_fastest()
            window.run()
            wait(lambda w=window: w.session.over)
            coach = window.tabs.panel(CoachTab).panel
            window.tabs.show(window.tabs.panel(CoachTab))
            wait(lambda c=coach: c.report is not None, 60)
            fire = next(d for d in coach.report.decisions if d.kind.value == "fire" and d.loss > 0)
            coach.set_step(fire.step)
            settle(300)
            save_screenshot(window, out / f"gui-coach-{lang}.png")
            window.tabs.show(window.tabs.panel(RulesTab))
            settle(300)
            save_screenshot(window, out / f"gui-rules-{lang}.png")
            window.close()
        finally:
            i18n.install("en")


if __name__ == "__main__":
    main(*sys.argv[1:2])
