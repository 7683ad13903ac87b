"""Pictures of the main window on real X screens with a window manager, as a student's laptop shows it (issue 43):
1280x720, 1366x768 and 1920x1080, at 100%, 125% and 150% scaling, in English and in Italian, after a CLIPS game.

    python docs/make_laptop_screenshots.py [OUT_DIR] [--all]

Each screen is an ``Xvfb`` display with ``openbox`` on it; the app starts as a student starts it (``python main.py
gui``, with settings of its own: a first start), plays incrocio on four-known, and the whole screen is taken with
ImageMagick's ``import`` (title bar and frame included: what the student sees). Without ``--all`` only the pictures
docs/gui.md shows are kept (one per screen size, the two languages at 1366x768); with it every one of the 18.
Needs Xvfb, openbox and ImageMagick (Debian: ``apt-get install xvfb openbox imagemagick``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCREENS = ((1280, 720), (1366, 768), (1920, 1080))
SCALES = ("1", "1.25", "1.5")
LANGUAGES = ("en", "it")
KEPT = {((1366, 768), "1", "en"), ((1366, 768), "1", "it"), ((1280, 720), "1", "it"),
        ((1920, 1080), "1.5", "en"), ((1920, 1080), "1.25", "it"),
        ((1366, 768), "1.5", "it"), ((1280, 720), "1.25", "en")}  # the ones docs/gui.md shows (the last two: too small)
DISPLAY = ":57"  # a display number of its own, so a running X server is left alone
GAME_SECONDS = 15  # start, 26 steps at the default speed, the score: then the picture


def _started(command: list[str], env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def shoot(screen: tuple[int, int], scale: str, language: str, target: Path, env: dict[str, str]) -> None:
    """One picture: the app on the display of ``env`` (already ``screen`` large), scaled, in ``language``."""
    with tempfile.TemporaryDirectory() as home:
        app_env = dict(env, XDG_CONFIG_HOME=home, QT_SCALE_FACTOR=scale)
        app = _started([sys.executable, str(ROOT / "main.py"), "gui", "--lang", language, "--map",
                        str(ROOT / "maps" / "four-known.map"), "--agent", "incrocio", "--autorun"], app_env)
        try:
            time.sleep(GAME_SECONDS)
            subprocess.run(["import", "-window", "root", f"png8:{target}"], env=env, check=True)
        finally:
            _stop(app)
    print(f"{target.name}: {screen[0]}x{screen[1]} at {float(scale):.0%}, {language}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs"), help="where the pictures go (default docs/)")
    parser.add_argument("--all", action="store_true", help="keep all 18 pictures, not only docs/gui.md's")
    args = parser.parse_args()
    missing = [tool for tool in ("Xvfb", "openbox", "import") if shutil.which(tool) is None]
    if missing:
        print(f"error: {', '.join(missing)} not found (Debian: apt-get install xvfb openbox imagemagick)",
              file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    env = {key: value for key, value in os.environ.items() if key not in ("QT_QPA_PLATFORM", "QT_SCALE_FACTOR")}
    env["DISPLAY"] = DISPLAY
    for screen in SCREENS:
        server = _started(["Xvfb", DISPLAY, "-screen", "0", f"{screen[0]}x{screen[1]}x24", "-nolisten", "tcp"], env)
        time.sleep(1)
        manager = _started(["openbox"], env)
        time.sleep(1)
        try:
            for scale in SCALES:
                for language in LANGUAGES:
                    if args.all or (screen, scale, language) in KEPT:
                        name = f"laptop-{screen[0]}x{screen[1]}-{round(float(scale) * 100)}-{language}.png"
                        shoot(screen, scale, language, out / name, env)
        finally:
            _stop(manager)
            _stop(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
