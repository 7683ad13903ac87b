"""``desktop-entry``: put Battleship Lab in the Linux desktop's application menu, with its icon.

An installed copy (``pipx install .``) has its ``battleship-lab`` command but no
menu entry: pipx keeps everything in its own folder, where the desktop does not
look. This writes the two files the desktop reads (the freedesktop.org
conventions): ``$XDG_DATA_HOME/applications/battleship-lab.desktop`` and the icon
under ``$XDG_DATA_HOME/icons/hicolor/scalable/apps/``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from app.cli import Subcommand
from app.core.errors import BattleshipError
from app.core.fileio import atomic_write_text
from app.core.paths import APP_NAME, RESOURCES

ICON = RESOURCES / "icons" / f"{APP_NAME}.svg"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``desktop-entry``."""
    parser.add_argument("--remove", action="store_true", help="take the entry and its icon away again")
    parser.add_argument("--print", action="store_true", dest="print_only",
                        help="print the entry instead of writing it")


def data_home() -> Path:
    """``$XDG_DATA_HOME``, else ``~/.local/share``."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def entry_text(command: str) -> str:
    """The ``.desktop`` file that starts ``command``."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Name=Battleship Lab",
        "GenericName=Solitaire Battleship agents",
        "GenericName[it]=Agenti per la battaglia navale in solitario",
        "Comment=Play and watch solitaire Battleship agents (CLIPS and Python)",
        "Comment[it]=Gioca e guarda giocare agenti per la battaglia navale in solitario (CLIPS e Python)",
        f"Exec={command} gui",
        f"Icon={APP_NAME}",
        "Terminal=false",
        "Categories=Education;Science;ArtificialIntelligence;Game;",
        "",
    ])


def launcher() -> str:
    """The command that starts this copy: the installed ``battleship-lab``, else this Python with main.py."""
    installed = shutil.which(APP_NAME)
    if installed:
        return installed
    main_py = RESOURCES.parent / "main.py"
    return f"{sys.executable} {main_py}"


def desktop_entry_command(args: argparse.Namespace) -> int:
    """Handle ``desktop-entry``."""
    entry = data_home() / "applications" / f"{APP_NAME}.desktop"
    icon = data_home() / "icons" / "hicolor" / "scalable" / "apps" / ICON.name
    if args.print_only:
        print(entry_text(launcher()), end="")
        return 0
    if args.remove:
        for path in (entry, icon):
            path.unlink(missing_ok=True)
            print(f"removed {path}")
        return 0
    if not ICON.is_file():
        raise BattleshipError(f"{ICON}: the app's icon is missing from this copy")
    try:
        icon.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(icon, ICON.read_text(encoding="utf-8"))
        entry.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(entry, entry_text(launcher()))
    except OSError as exc:
        raise BattleshipError(f"{exc.filename or entry}: cannot write the desktop entry ({exc.strerror})") from None
    print(f"wrote {entry}")
    print(f"wrote {icon}")
    return 0


COMMAND = Subcommand("desktop-entry", "add the app to the Linux desktop's menu, with its icon",
                     "Add Battleship Lab to the desktop's application menu (Linux, freedesktop.org): writes "
                     "battleship-lab.desktop and its icon under $XDG_DATA_HOME (~/.local/share).",
                     add_arguments, desktop_entry_command)
