"""Pictures of the class arena's dialog (File ▸ Submit to the Class Arena…) as a 1366x768 laptop shows it: a
version whose games are played, and the leaderboard, in English and in Italian.

    python docs/make_arena_screenshots.py [OUT_DIR]

The dialog is given what an arena server answers (docs/arena.md's HTTP API: a version, the standings) without
a server, sized as it opens on a 1366x768 screen, and taken with ``QWidget.grab()`` (offscreen: no display needed).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PyQt5.QtCore import QRect, QSettings  # noqa: E402 (after the platform is chosen)

from app.gui import i18n  # noqa: E402
from app.gui.app import make_application  # noqa: E402
from app.gui.arena_dialog import ArenaDialog  # noqa: E402
from app.gui.interaction import ScriptedInteraction  # noqa: E402
from app.gui.theme import fit_to_screen  # noqa: E402

LAPTOP = QRect(0, 0, 1366, 768 - 40)  # a 1366x768 screen less its panel
VERSION = {"id": 17, "version": 4, "student": "Ada", "phase": "done",
           "phases": {"queued": "2026-11-28T19:00:00", "loading": "2026-11-28T19:00:05",
                      "playing": "2026-11-28T19:00:06", "done": "2026-11-28T19:01:40"},
           "games": 150, "played": 150, "load_error": None, "stopped": None, "mean": 41.6, "low": 39.1,
           "high": 44.1, "oracle_pct": 71.8,
           "verdict": {"verdict": "better", "maps": 150, "mean": 3.5, "low": 1.0, "high": 6.0,
                       "gained": ["k0-0001", "k0-0007", "k1-0012", "k2-0030"], "lost": ["k0-0042"]}}
NAMES = ("Student 7", "Ada", "Student 12", "Student 3", "Student 9", "Student 2")
STANDINGS = {"maps": 150, "map_set": "term", "rows": [
    {"rank": rank, "student": name, "you": name == "Ada", "version": 6 - rank, "games": 150, "maps": 150,
     "mean": 46.0 - 2.2 * rank, "low": 43.5 - 2.2 * rank, "high": 48.5 - 2.2 * rank, "oracle_pct": 78.0 - 3.1 * rank,
     "submitted_at": f"2026-11-28T1{rank}:0{rank}:00", "verdict": ("better", "better", "same", "worse", "none")[rank - 1],
     "gained": 12 - rank if rank < 5 else None, "lost": rank if rank < 5 else None}  # rank 5: a first version
    for rank, name in enumerate(NAMES[:5], start=1)] + [
    {"rank": None, "student": NAMES[5], "you": False, "version": 1, "games": 38, "maps": 150, "mean": None,
     "low": None, "high": None, "oracle_pct": None, "submitted_at": "2026-11-28T19:05:00", "verdict": "none",
     "gained": None, "lost": None}]}


def shoot(out: Path, language: str, settings_dir: Path) -> None:
    """The dialog's two tabs in ``language``, as PNG files in ``out`` (its settings in ``settings_dir``)."""
    i18n.install(language)
    settings = QSettings(str(settings_dir / f"arena-{language}.ini"), QSettings.IniFormat)
    settings.setValue("arena/server", "https://lab.example.org/arena")
    settings.setValue("arena/token", "q8Zr-2mVt-Kx41")
    dialog = ArenaDialog(settings, ScriptedInteraction(), "incrocio")
    fit_to_screen(dialog, *ArenaDialog.SIZE, LAPTOP)
    dialog.page = "https://lab.example.org/arena/students/ada"
    dialog.show_standings(STANDINGS)
    dialog.show_version(VERSION)
    dialog.show()
    for index, name in enumerate(("version", "standings")):
        dialog.tabs.setCurrentIndex(index)
        target = out / f"arena-{name}-{language}.png"
        dialog.grab().save(str(target))
        print(f"{target}: {dialog.width()}x{dialog.height()}")
    dialog.close()


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs"
    out.mkdir(parents=True, exist_ok=True)
    app = make_application()  # noqa: F841 (kept alive while the dialogs are made)
    with tempfile.TemporaryDirectory() as settings_dir:  # not the user's settings
        for language in ("en", "it"):
            shoot(out, language, Path(settings_dir))


if __name__ == "__main__":
    main()
