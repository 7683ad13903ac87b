"""``gui``: the desktop app (the default when no subcommand is given)."""

from __future__ import annotations

import argparse
import os
import sys

from app.cli import Subcommand, add_sandbox_option

HEADLESS_HINT = ("headless commands: run, replay, maps check, maps convert "
                 "(python main.py --help)")


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


def gui_command(args: argparse.Namespace) -> int:
    """Handle ``gui``."""
    if not display_available():
        print(f"error: no display to open the window on (set DISPLAY, or QT_QPA_PLATFORM=offscreen); "
              f"{HEADLESS_HINT}", file=sys.stderr)
        return 2
    try:
        from app.gui.app import run_gui
    except ImportError as exc:
        print(f"error: the desktop app is not available ({exc}); {HEADLESS_HINT}", file=sys.stderr)
        return 2
    return run_gui(args)


COMMAND = Subcommand("gui", "open the desktop app (default)",
                     "Open the desktop app.",
                     add_arguments, gui_command)
