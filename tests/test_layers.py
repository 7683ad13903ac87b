"""The import contract of pyproject.toml (``[tool.importlinter]``): layers point one way.

Runs ``lint-imports`` as CI does (the README's test command runs this test), so an
upward import (``app.gui`` -> ``app.cli``, ``app`` -> ``agents``, Qt in ``app.core``)
fails the suite with import-linter's report of the offending line.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from tests.paths import ROOT


def test_lint_imports_keeps_every_contract():
    assert importlib.util.find_spec("importlinter") is not None, \
        "import-linter is missing: pip install -r requirements-dev.txt"
    command = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command as main; "
               "sys.argv = ['lint-imports', '--no-cache']; main()"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    report = done.stdout[done.stdout.find("Contracts"):] + done.stderr
    assert done.returncode == 0, report
    assert "0 broken" in done.stdout, report
