"""What an installed copy needs beyond the wheel (issue 29): shipped maps by name from any folder, a one-line
message instead of Qt's when the X11 libraries are missing, and the desktop entry."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import gui
from app.cli.desktop_entry import entry_text
from app.core.paths import SHIPPED_MAPS, shipped_map
from tests.paths import ROOT


class TestShippedMapsByName:
    def test_a_name_or_a_maps_path_finds_the_shipped_file_or_folder(self, tmp_path, monkeypatch):
        monkeypatch.chdir(tmp_path)
        assert shipped_map("four-known") == SHIPPED_MAPS / "four-known.map"
        assert shipped_map("four-known.map") == SHIPPED_MAPS / "four-known.map"
        assert shipped_map("maps/bench") == SHIPPED_MAPS / "bench"
        assert shipped_map("bench") == SHIPPED_MAPS / "bench"

    def test_a_path_that_exists_or_leaves_the_maps_folder_is_not_looked_up(self, tmp_path, monkeypatch):
        monkeypatch.chdir(tmp_path)
        (tmp_path / "four-known").write_text("mine")
        assert shipped_map("four-known") is None
        assert shipped_map("../maps/four-known") is None
        assert shipped_map(str(tmp_path / "nothing.map")) is None
        assert shipped_map("no-such-map") is None

    def test_run_and_bench_take_map_names_from_any_folder(self, tmp_path):
        main_py = str(ROOT / "main.py")
        game = subprocess.run([sys.executable, main_py, "run", "--agent", "cross", "--map", "four-known", "--quiet"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert game.returncode == 0 and "(oracle 330)" in game.stdout, game.stderr
        missing = subprocess.run([sys.executable, main_py, "run", "--agent", "cross", "--map", "no-such-map"],
                                 cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "no-such-map" in missing.stderr


class TestQtPlatformLibraries:
    @pytest.mark.parametrize("library, package", [
        ("libxcb-icccm.so.4", "libxcb-icccm4"), ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
        ("libX11-xcb.so.1", "libx11-xcb1"), ("libxcb-render-util.so.0", "libxcb-render-util0")])
    def test_the_debian_package_of_a_library(self, library, package):
        assert gui.debian_package(library) == package

    @pytest.mark.skipif(not shutil.which("cc") or sys.platform != "linux", reason="needs a C compiler on Linux")
    def test_a_plugin_whose_library_is_gone_names_it(self, tmp_path):
        (tmp_path / "dep.c").write_text("int dep(void) { return 1; }\n")
        (tmp_path / "plugin.c").write_text("int dep(void);\nint plugin(void) { return dep(); }\n")
        subprocess.run(["cc", "-shared", "-fPIC", "-o", str(tmp_path / "libgonedep.so.3"), str(tmp_path / "dep.c"),
                        "-Wl,-soname,libgonedep.so.3"], check=True, timeout=60)
        subprocess.run(["cc", "-shared", "-fPIC", "-o", str(tmp_path / "plugin.so"), str(tmp_path / "plugin.c"),
                        str(tmp_path / "libgonedep.so.3")], check=True, timeout=60)
        (tmp_path / "libgonedep.so.3").unlink()
        assert gui.missing_libraries(tmp_path / "plugin.so") == ["libgonedep.so.3"]

    def test_the_gui_command_says_it_in_one_line(self, monkeypatch, capsys):
        monkeypatch.setenv("DISPLAY", ":99")
        monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
        monkeypatch.setattr(gui, "missing_libraries", lambda plugin: ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"])
        if not sys.platform.startswith("linux") or gui.qt_platform_problem() is None:
            pytest.skip("PyQt5 has no X11 plugin here")
        assert gui.gui_command(gui_args()) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1
        assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1" in err

    def test_an_offscreen_platform_is_not_checked(self, monkeypatch):
        monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
        monkeypatch.setattr(gui, "missing_libraries", lambda plugin: ["libxcb-icccm.so.4"])
        assert gui.qt_platform_problem() is None


def gui_args():
    import argparse

    parser = argparse.ArgumentParser()
    gui.add_arguments(parser)
    return parser.parse_args([])


def test_the_desktop_entry_is_written_where_the_desktop_reads_it(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "desktop-entry"], capture_output=True, text=True,
                          timeout=60, env={"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
                                           "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    entry = (tmp_path / "applications" / "battleship-lab.desktop").read_text()
    assert entry.startswith("[Desktop Entry]\n") and "\nIcon=battleship-lab\n" in entry and " gui\n" in entry
    assert (tmp_path / "icons" / "hicolor" / "scalable" / "apps" / "battleship-lab.svg").read_text().startswith("<svg")
    assert "Exec=/opt/x/battleship-lab gui" in entry_text(["/opt/x/battleship-lab", "gui"])
    removed = subprocess.run([sys.executable, str(ROOT / "main.py"), "desktop-entry", "--remove"],
                             capture_output=True, text=True, timeout=60,
                             env={"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert removed.returncode == 0 and not list(Path(tmp_path).rglob("battleship-lab*"))


def test_agents_in_the_users_data_folder_are_listed_by_name(tmp_path):
    own = tmp_path / "battleship-lab" / "agents"
    (own / "team").mkdir(parents=True)
    (own / "solo.clp").write_text((ROOT / "agents" / "templates" / "my_agent.clp").read_text())
    (own / "team" / "rules.clp").write_text((ROOT / "agents" / "templates" / "my_agent.clp").read_text())
    (own / "team" / "load-order.txt").write_text("rules.clp\n")
    (own / "cross.py").write_text("raise SystemExit('the shipped cross wins')\n")
    env = {"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    for name in ("solo", "team", "cross"):
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "run", "--agent", name, "--map", "four-known",
                               "--quiet"], capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert f"result: {name} on four-known" in done.stdout
