"""``gui``: the desktop app (the default when no subcommand is given)."""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

from app.cli import SUMMARIES, Subcommand, add_sandbox_option, program

HEADLESS_HINT = ("headless commands: run, replay, maps check, maps convert "
                 f"({'python main.py' if program() == 'main.py' else program()} --help)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``gui``."""
    parser.add_argument("--map", help="map to load")
    parser.add_argument("--agent", help="agent to pick")
    parser.add_argument("--rules", help="rules profile")
    parser.add_argument("--fires", type=int, help="fires allowed (default: the profile's)")
    parser.add_argument("--guesses", type=int, help="flags allowed at once (default: the profile's)")
    parser.add_argument("--max-steps", type=int, help="steps before the automatic solve (default: the profile's)")
    parser.add_argument("--agent-param", action="append", metavar="[AGENT:]KEY=VALUE",
                        help="a parameter for the agent played, AGENT:KEY=VALUE for that agent only (repeatable)")
    parser.add_argument("--autorun", action="store_true", help="start the game at once")
    parser.add_argument("--screenshot", metavar="OUT.png", help="save a picture of the window when the game ends")
    parser.add_argument("--quit-when-done", action="store_true", help="close when the game ends")
    parser.add_argument("--lang", choices=("en", "it"),
                        help="interface language (default: the one chosen in the menu, else the system's)")
    add_sandbox_option(parser)


def display_available() -> bool:
    """True when Qt can open a window here (a display, or an offscreen platform)."""
    if os.environ.get("QT_QPA_PLATFORM", "").startswith(("offscreen", "minimal", "vnc")):
        return True
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def debian_package(library: str) -> str:
    """The Debian/Ubuntu package that ships a shared library (``libxcb-icccm.so.4`` -> ``libxcb-icccm4``,
    ``libxkbcommon-x11.so.0`` -> ``libxkbcommon-x11-0``): the distributions' naming rule."""
    base, _, version = library.partition(".so.")
    version = version.split(".")[0]
    return (base + ("-" if base[-1:].isdigit() else "") + version).lower() if version else base.lower()


def missing_libraries(plugin: Path) -> list[str]:
    """The shared libraries ``plugin`` needs that the system lacks (ldd's list, else the first the loader
    names); [] when it loads."""
    ldd = shutil.which("ldd")
    if ldd:
        try:
            listing = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=10).stdout
        except (OSError, subprocess.SubprocessError):
            listing = ""
        missing = [line.split()[0] for line in listing.splitlines() if "not found" in line]
        if missing or listing:
            return list(dict.fromkeys(missing))
    import ctypes

    try:
        ctypes.CDLL(str(plugin))
    except OSError as exc:
        return [str(exc).split(":")[0].strip()] if "cannot open shared object" in str(exc) else [str(exc)]
    return []


def qt_platform_problem() -> str | None:
    """Why Qt's X11 plugin would fail to load (it aborts the process with a long message), in one line;
    None when it loads or another platform is chosen."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if not sys.platform.startswith("linux") or (platform and not platform.startswith("xcb")):
        return None
    if not platform and os.environ.get("WAYLAND_DISPLAY") and not os.environ.get("DISPLAY"):
        return None
    spec = importlib.util.find_spec("PyQt5")
    if spec is None or not spec.submodule_search_locations:
        return None
    plugin = Path(next(iter(spec.submodule_search_locations))) / "Qt5" / "plugins" / "platforms" / "libqxcb.so"
    if not plugin.is_file():
        return None
    missing = missing_libraries(plugin)
    if not missing:
        return None
    packages = " ".join(dict.fromkeys(debian_package(Path(name).name) for name in missing))
    return (f"Qt cannot open a window: this system lacks {', '.join(missing)} "
            f"(Debian/Ubuntu: sudo apt-get install {packages}; see the README's 'On a minimal Linux')")


def gui_command(args: argparse.Namespace) -> int:
    """Handle ``gui``."""
    if not display_available():
        print(f"error: no display to open the window on (set DISPLAY, or QT_QPA_PLATFORM=offscreen); "
              f"{HEADLESS_HINT}", file=sys.stderr)
        return 2
    problem = qt_platform_problem()
    if problem:
        print(f"error: {problem}; {HEADLESS_HINT}", file=sys.stderr)
        return 2
    try:  # lazy: start-up time (Qt), and its absence is a one-line error
        from app.gui.app import run_gui
    except ImportError as exc:
        print(f"error: the desktop app is not available ({exc}); {HEADLESS_HINT}", file=sys.stderr)
        return 2
    return run_gui(args)


COMMAND = Subcommand("gui", SUMMARIES["gui"],
                     "Open the desktop app.",
                     add_arguments, gui_command)
