"""``desktop-entry`` on each system (issue 37): the Linux menu entry, a Windows Start-menu shortcut, a macOS app
bundle, or one line saying the OS has none. Windows and macOS are taken on Linux by their ``sys.platform``;
PowerShell, which only Windows has, is stood in for by a recorder."""

from __future__ import annotations

import argparse
import plistlib
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import desktop_entry, main
from app.cli.desktop_entry import BOOT, desktop_entry_command, desktop_quote, entry_text
from app.core.errors import BattleshipError
from app.core.paths import ROOT

MAKE = argparse.Namespace(remove=False, print_only=False)
REMOVE = argparse.Namespace(remove=True, print_only=False)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user's home with a space and an accent, as C:\\Users\\Niccolò or /Users/Niccolò Rossi."""
    folder = tmp_path / "Niccolò Rossi"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setattr(desktop_entry.shutil, "which", lambda name: None)  # a clone: no battleship-lab command
    return folder


class TestLinux:
    def test_exec_quotes_a_folder_with_spaces_as_the_desktop_reads_it(self):
        line = next(x for x in entry_text(["/home/Niccolò Rossi/venv/bin/python", "-c", BOOT, "/opt/lab 100%", "gui"])
                    .splitlines() if x.startswith("Exec="))
        assert line == (f'Exec="/home/Niccolò Rossi/venv/bin/python" -c "{BOOT}" "/opt/lab 100%%" gui')
        assert desktop_quote('a"b$c') == '"a\\"b\\$c"'


class TestWindows:
    @pytest.fixture
    def windows(self, home, monkeypatch, tmp_path):
        """``sys.platform`` win32, APPDATA in the user's home, a Python with its pythonw.exe, PowerShell recorded."""
        monkeypatch.setattr(sys, "platform", "win32")
        monkeypatch.setenv("APPDATA", str(home / "AppData" / "Roaming"))
        python = tmp_path / "Python 3.11" / "python.exe"
        python.parent.mkdir()
        python.touch()
        (python.parent / "pythonw.exe").touch()
        monkeypatch.setattr(sys, "executable", str(python))
        runs = []

        def powershell(command, env, **kwargs):
            runs.append((command, env))
            Path(env["BATTLESHIP_LAB_LINK"]).write_bytes(b"L\0\0\0")  # what WScript.Shell's Save() makes
            return subprocess.CompletedProcess(command, 0, "", "")

        monkeypatch.setattr(desktop_entry.subprocess, "run", powershell)
        return runs

    def test_a_start_menu_shortcut_runs_the_app_windowed(self, windows, home, tmp_path, capsys):
        assert desktop_entry_command(MAKE) == 0
        link = home / "AppData" / "Roaming" / "Microsoft" / "Windows" / "Start Menu" / "Programs" / "Battleship Lab.lnk"
        assert capsys.readouterr().out == f"wrote {link}\n"
        [(command, env)] = windows
        assert command[0] == "powershell.exe" and "CreateShortcut($env:BATTLESHIP_LAB_LINK)" in command[-1]
        assert env["BATTLESHIP_LAB_LINK"] == str(link)
        assert env["BATTLESHIP_LAB_TARGET"] == str(tmp_path / "Python 3.11" / "pythonw.exe")  # no console window
        assert env["BATTLESHIP_LAB_ARGUMENTS"] == subprocess.list2cmdline(["-c", BOOT, str(ROOT), "gui"])
        assert desktop_entry_command(REMOVE) == 0 and not link.exists()

    def test_a_powershell_failure_is_one_line_naming_the_shortcut(self, windows, monkeypatch, capsys):
        monkeypatch.setattr(desktop_entry.subprocess, "run", lambda command, **kwargs: subprocess.CompletedProcess(
            command, 1, "", "New-Object : Retrieving the COM class factory failed\r\nAt line:2 char:10\r\n"))
        assert main(["desktop-entry"]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and error.startswith("error: ") and "Battleship Lab.lnk: cannot make the " \
            "Start-menu shortcut (New-Object : Retrieving the COM class factory failed)" in error


class TestMacOS:
    @pytest.fixture
    def macos(self, home, monkeypatch):
        monkeypatch.setattr(sys, "platform", "darwin")
        return home / "Applications" / "Battleship Lab.app"

    def test_an_app_bundle_whose_executable_runs_the_app(self, macos):
        assert desktop_entry_command(MAKE) == 0
        info = plistlib.loads((macos / "Contents" / "Info.plist").read_bytes())
        assert info["CFBundleExecutable"] == "battleship-lab" and info["CFBundlePackageType"] == "APPL"
        assert info["NSHighResolutionCapable"] is True and info["LSMinimumSystemVersion"] == "13.0"
        executable = macos / "Contents" / "MacOS" / "battleship-lab"
        assert executable.stat().st_mode & 0o111
        # run it as Launchpad would, asking the window's command for its help (so no window opens)
        done = subprocess.run([str(executable), "--help"], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and done.stdout.startswith("usage:") and " gui" in done.stdout, done.stderr
        assert shlex.split(executable.read_text().splitlines()[1])[1:] == [sys.executable, "-c", BOOT, str(ROOT),
                                                                           "gui", "$@"]

    def test_remove_takes_only_its_own_bundle_away(self, macos):
        desktop_entry_command(MAKE)
        desktop_entry_command(REMOVE)
        assert not macos.exists()
        (macos / "Contents").mkdir(parents=True)
        (macos / "Contents" / "Info.plist").write_bytes(plistlib.dumps({"CFBundleIdentifier": "com.other.app"}))
        with pytest.raises(BattleshipError, match="not the bundle desktop-entry made"):
            desktop_entry_command(REMOVE)
        assert macos.exists()


def test_another_os_is_told_in_one_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "platform", "sunos5")
    assert main(["desktop-entry"]) == 2
    error = capsys.readouterr().err
    assert error == "error: desktop-entry: not on this OS (sunos5): start the app with `battleship-lab` (or " \
                    "`python main.py`)\n"
