"""The app as an installed application: the wheel, installed into a fresh virtual environment, works from an empty
folder with the source tree out of reach (issue 29): ``battleship-lab --help``, a shipped CLIPS agent's game on a
shipped map, a bench on two maps, and an offscreen screenshot of the window.

The install needs the package index (or pip's cache): CI reaches PyPI. Set BATTLESHIP_SKIP_WHEEL=1 to skip it on a
machine without either; nothing else skips it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

from tests.paths import ROOT

PACKAGED = ("pyproject.toml", "README.md", "app", "agents", "maps", "resources")
STEP_SECONDS = 600  # each step of the wheel test (a fresh install downloads PyQt5 and numpy when not cached)


def _requirements(path: Path) -> dict[str, str]:
    """``name -> spec`` of a requirements file's own lines (``-r`` includes left out)."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            name = re.match(r"[A-Za-z0-9_.-]+", line).group(0)
            found[name.lower()] = line.replace(" ", "").replace("'", '"')
    return found


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_package_asks_for_what_the_requirements_files_ask_for():
    project = _project()
    declared = {re.match(r"[A-Za-z0-9_.-]+", item).group(0).lower(): item.replace(" ", "").replace("'", '"')
                for item in project["dependencies"]}
    assert declared == _requirements(ROOT / "requirements.txt")
    tournament = {re.match(r"[A-Za-z0-9_.-]+", item).group(0).lower(): item.replace(" ", "")
                  for item in project["optional-dependencies"]["tournament"]}
    assert tournament == _requirements(ROOT / "requirements-tournament.txt")
    arena = {re.match(r"[A-Za-z0-9_.-]+", item).group(0).lower(): item.replace(" ", "")
             for item in project["optional-dependencies"]["arena"]}
    assert arena == _requirements(ROOT / "requirements-arena.txt")


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=STEP_SECONDS,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, f"{' '.join(command)} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.mark.skipif(os.environ.get("BATTLESHIP_SKIP_WHEEL") == "1", reason="BATTLESHIP_SKIP_WHEEL=1")
@pytest.mark.skipif(sys.platform != "linux", reason="the installed sandbox is checked on Linux")
def test_the_wheel_installed_in_a_fresh_environment_works_from_an_empty_folder(tmp_path):
    wheels, environment, empty, source = (tmp_path / name for name in ("wheels", "venv", "empty", "source"))
    empty.mkdir()
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in PACKAGED:  # built from a copy: the build writes beside its sources, and needs nothing else
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        copy(ROOT / name, source / name, **({"ignore": ignore} if (ROOT / name).is_dir() else {}))
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(source)], tmp_path,
         dict(os.environ))
    (wheel,) = wheels.glob("battleship_lab-*.whl")
    venv.create(environment, with_pip=True)
    python = environment / "bin" / "python"
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{environment / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    _run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)], empty, env)
    command = str(environment / "bin" / "battleship-lab")

    where = _run([str(python), "-c", "import app, agents; print(app.__file__); print(agents.__file__)"], empty, env)
    assert all(line.startswith(str(environment)) for line in where.stdout.split()), where.stdout  # not the clone

    assert "usage: battleship-lab" in _run([command, "--help"], empty, env).stdout
    game = _run([command, "run", "--agent", "incrocio", "--map", "four-known"], empty, env).stdout
    assert "agent incrocio; agent confined (seccomp" in game.splitlines()[0]
    assert re.search(r"result: incrocio on four-known under unito-2019: score -?\d+ \(oracle 330\)", game), game
    bench = _run([command, "bench", "--agents", "cross,incrocio", "--maps", "four-known", "open-sea",
                  "--out", "results.csv"], empty, env).stdout
    assert "4 of 4 games (4 played" in bench
    assert len((empty / "results.csv").read_text().splitlines()) == 5
    shot = _run([command, "gui", "--map", "four-known", "--agent", "cross", "--autorun", "--screenshot",
                 "shot.png", "--quit-when-done"], empty, dict(env, QT_QPA_PLATFORM="offscreen"))
    assert "screenshot saved" in shot.stdout
    assert (empty / "shot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in empty.iterdir()) == ["results.csv", "shot.png"]  # nothing else left behind
