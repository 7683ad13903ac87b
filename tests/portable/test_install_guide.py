"""What docs/install.md promises before the app itself runs: an old Python is told so in one line, and the CI
workflow runs the README's test command on the three systems."""

from __future__ import annotations

import subprocess
import sys

from tests.paths import ROOT

README_TEST_COMMAND = "pip install -r requirements-dev.txt && QT_QPA_PLATFORM=offscreen python -m pytest"


def test_an_old_python_gets_one_line_naming_the_version_it_needs():
    code = ("import runpy, sys; sys.version_info = (3, 10, 12, 'final', 0); "
            f"runpy.run_path({str(ROOT / 'main.py')!r}, run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip() == ("error: Battleship Lab needs Python 3.11 or later; this is Python 3.10 "
                                   "(docs/install.md)")


def test_the_workflow_runs_the_readme_test_command_on_three_systems_and_two_pythons():
    workflow = (ROOT / ".github" / "workflows" / "ci.yml").read_text()
    assert README_TEST_COMMAND in (ROOT / "README.md").read_text()
    assert f"run: {README_TEST_COMMAND}" in workflow
    assert "os: [ubuntu-latest, windows-latest, macos-latest]" in workflow
    assert 'python: ["3.11", "3.13"]' in workflow
    assert "BATTLESHIP_LAB_HOST=spawn" in workflow
