"""``desktop-entry``: put Battleship Lab where the system's own launcher finds it, as each system expects.

An installed copy (``pipx install .``) has its ``battleship-lab`` command but no
menu entry: pipx keeps everything in its own folder, where no launcher looks.

- Linux (freedesktop.org): ``$XDG_DATA_HOME/applications/battleship-lab.desktop``
  and the icon under ``$XDG_DATA_HOME/icons/hicolor/scalable/apps/``.
- Windows: a Start-menu shortcut (``Battleship Lab.lnk`` in the user's Programs
  folder), made by Windows' own ``WScript.Shell`` through PowerShell (a ``.lnk``
  is a COM object's file: no library of ours writes one). It starts the app with
  ``pythonw.exe``, so no console window opens behind it. Windows shows the
  Python icon: a shortcut takes only ``.ico`` icons and the app has an SVG.
- macOS: a minimal app bundle, ``~/Applications/Battleship Lab.app``, whose
  executable starts the app: Launchpad and Spotlight list it. It has no icon of
  its own (a bundle's icon is an ``.icns``).

Any other system gets a one-line "not on this OS".
"""

from __future__ import annotations

import argparse
import os
import plistlib
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from app.cli import SUMMARIES, Subcommand
from app.core.errors import BattleshipError
from app.core.fileio import atomic_write_bytes
from app.core.paths import APP_NAME, RESOURCES, ROOT

ICON = RESOURCES / "icons" / f"{APP_NAME}.svg"
TITLE = "Battleship Lab"
COMMENT = "Play and watch solitaire Battleship agents (CLIPS and Python)"
BUNDLE_ID = "org.battleshiplab.BattleshipLab"
#: what ``python -c`` runs to start this copy wherever it lives (a clone, or an installed copy's site-packages):
#: its folder comes as the first argument, the command after it
BOOT = "import sys; sys.path.insert(0, sys.argv.pop(1)); from app.cli import main; sys.exit(main())"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``desktop-entry``."""
    parser.add_argument("--remove", action="store_true", help="take the entry (and its icon) away again")
    parser.add_argument("--print", action="store_true", dest="print_only",
                        help="print what would be written instead of writing it")


def launch_command(python: str | None = None) -> list[str]:
    """The command that opens this copy's window: the installed ``battleship-lab``, else ``python`` (this one)
    running the app from its folder."""
    installed = shutil.which(APP_NAME) if python is None else None
    if installed:
        return [installed, "gui"]
    return [python or sys.executable, "-c", BOOT, str(ROOT), "gui"]


# ----- Linux ---------------------------------------------------------------------------------------------------
def data_home() -> Path:
    """``$XDG_DATA_HOME``, else ``~/.local/share``."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def desktop_quote(argument: str) -> str:
    """``argument`` as a freedesktop.org ``Exec`` key takes it: in double quotes when it has a space or a
    reserved character, with ``"`` `` ` `` ``$`` and ``\\`` escaped; ``%`` doubled (a field code otherwise)."""
    argument = argument.replace("%", "%%")
    if argument and not any(c in argument for c in " \t\n\"'\\><~|&;$*?#()`="):
        return argument
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument)
    return f'"{escaped}"'


def entry_text(command: list[str]) -> str:
    """The ``.desktop`` file that runs ``command``."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        f"Name={TITLE}",
        "GenericName=Solitaire Battleship agents",
        "GenericName[it]=Agenti per la battaglia navale in solitario",
        f"Comment={COMMENT}",
        "Comment[it]=Gioca e guarda giocare agenti per la battaglia navale in solitario (CLIPS e Python)",
        "Exec=" + " ".join(desktop_quote(argument) for argument in command).replace("\\", "\\\\"),  # a string key
        f"Icon={APP_NAME}",
        "Terminal=false",
        "Categories=Education;Science;ArtificialIntelligence;Game;",
        "",
    ])


def _linux(args: argparse.Namespace) -> list[str]:
    entry = data_home() / "applications" / f"{APP_NAME}.desktop"
    icon = data_home() / "icons" / "hicolor" / "scalable" / "apps" / ICON.name
    if args.print_only:
        print(entry_text(launch_command()), end="")
        return []
    if args.remove:
        return _removed(entry, icon)
    if not ICON.is_file():
        raise BattleshipError(f"{ICON}: the app's icon is missing from this copy")
    _write(icon, ICON.read_bytes())
    _write(entry, entry_text(launch_command()).encode("utf-8"))
    return [f"wrote {entry}", f"wrote {icon}"]


# ----- Windows -------------------------------------------------------------------------------------------------
#: PowerShell that makes the shortcut; its paths come in environment variables (no quoting to get wrong, and a
#: user folder like C:\Users\Niccolò arrives intact)
SHORTCUT_SCRIPT = """$ErrorActionPreference = 'Stop'
$link = (New-Object -ComObject WScript.Shell).CreateShortcut($env:BATTLESHIP_LAB_LINK)
$link.TargetPath = $env:BATTLESHIP_LAB_TARGET
$link.Arguments = $env:BATTLESHIP_LAB_ARGUMENTS
$link.WorkingDirectory = $env:USERPROFILE
$link.Description = $env:BATTLESHIP_LAB_COMMENT
$link.Save()
"""


def start_menu() -> Path:
    """The user's Start-menu Programs folder (``%APPDATA%\\Microsoft\\Windows\\Start Menu\\Programs``)."""
    appdata = os.environ.get("APPDATA")
    if not appdata:
        raise BattleshipError("desktop-entry: APPDATA is not set, so the Start menu's folder is unknown")
    return Path(appdata) / "Microsoft" / "Windows" / "Start Menu" / "Programs"


def shortcut_command() -> tuple[str, str]:
    """The shortcut's target and arguments: ``pythonw.exe`` (no console window) beside this Python, running the
    app from its folder."""
    python = Path(sys.executable)
    windowed = python.with_name("pythonw.exe")
    command = launch_command(str(windowed if windowed.is_file() else python))
    return command[0], subprocess.list2cmdline(command[1:])


def _windows(args: argparse.Namespace) -> list[str]:
    link = start_menu() / f"{TITLE}.lnk"
    target, arguments = shortcut_command()
    if args.print_only:
        print(f"{link}\n  target: {target}\n  arguments: {arguments}")
        return []
    if args.remove:
        return _removed(link)
    link.parent.mkdir(parents=True, exist_ok=True)
    environment = dict(os.environ, BATTLESHIP_LAB_LINK=str(link), BATTLESHIP_LAB_TARGET=target,
                       BATTLESHIP_LAB_ARGUMENTS=arguments, BATTLESHIP_LAB_COMMENT=COMMENT)
    try:
        done = subprocess.run(["powershell.exe", "-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass",
                               "-Command", SHORTCUT_SCRIPT], env=environment, capture_output=True, text=True,
                              timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BattleshipError(f"{link}: cannot make the Start-menu shortcut (PowerShell: {exc})") from None
    if done.returncode != 0 or not link.is_file():
        why = next((line.strip() for line in (done.stderr or "").splitlines() if line.strip()), "no shortcut made")
        raise BattleshipError(f"{link}: cannot make the Start-menu shortcut ({why})")
    return [f"wrote {link}"]


# ----- macOS ---------------------------------------------------------------------------------------------------
def bundle_path() -> Path:
    """``~/Applications/Battleship Lab.app``: the user's own applications, which Launchpad and Spotlight list."""
    return Path.home() / "Applications" / f"{TITLE}.app"


def info_plist() -> bytes:
    """The bundle's ``Info.plist``: what it is, what to run, the macOS it needs; sharp on a Retina screen."""
    return plistlib.dumps({
        "CFBundleName": TITLE, "CFBundleDisplayName": TITLE, "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleExecutable": APP_NAME, "CFBundlePackageType": "APPL", "CFBundleInfoDictionaryVersion": "6.0",
        "LSMinimumSystemVersion": "13.0", "NSHighResolutionCapable": True,
        "LSApplicationCategoryType": "public.app-category.education",
    })


def bundle_executable() -> str:
    """The bundle's executable: a shell script that starts the app (extra arguments passed on)."""
    return f"#!/bin/sh\nexec {shlex.join(launch_command())} \"$@\"\n"


def _macos(args: argparse.Namespace) -> list[str]:
    bundle = bundle_path()
    if args.print_only:
        print(f"{bundle}/Contents/MacOS/{APP_NAME}:\n{bundle_executable()}", end="")
        return []
    if args.remove:
        if not bundle.is_dir():
            return []
        if plistlib.loads((bundle / "Contents" / "Info.plist").read_bytes()).get("CFBundleIdentifier") != BUNDLE_ID:
            raise BattleshipError(f"{bundle}: not the bundle desktop-entry made; left as it is")
        shutil.rmtree(bundle)
        return [f"removed {bundle}"]
    executable = bundle / "Contents" / "MacOS" / APP_NAME
    _write(bundle / "Contents" / "Info.plist", info_plist())
    _write(executable, bundle_executable().encode("utf-8"))
    executable.chmod(0o755)
    return [f"wrote {bundle}"]


# ----- every system --------------------------------------------------------------------------------------------
def _write(path: Path, data: bytes) -> None:
    """Write one of the entry's files (its folder made); a one-line error naming it when it cannot."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, data)
    except OSError as exc:
        raise BattleshipError(f"{exc.filename or path}: cannot write the desktop entry ({exc.strerror})") from None


def _removed(*paths: Path) -> list[str]:
    for path in paths:
        path.unlink(missing_ok=True)
    return [f"removed {path}" for path in paths]


def desktop_entry_command(args: argparse.Namespace) -> int:
    """Handle ``desktop-entry`` for the system at hand."""
    if sys.platform == "win32":
        make = _windows
    elif sys.platform == "darwin":
        make = _macos
    elif sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        make = _linux
    else:
        raise BattleshipError(f"desktop-entry: not on this OS ({sys.platform}): start the app with "
                              f"`{APP_NAME}` (or `python main.py`)")
    for line in make(args):
        print(line)
    return 0


COMMAND = Subcommand("desktop-entry", SUMMARIES["desktop-entry"],
                     "Add Battleship Lab where the system's launcher finds it: on Linux battleship-lab.desktop and "
                     "its icon under $XDG_DATA_HOME (~/.local/share); on Windows a Start-menu shortcut; on macOS "
                     "~/Applications/Battleship Lab.app.",
                     add_arguments, desktop_entry_command)
