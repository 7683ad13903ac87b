"""``run`` with an agent that loads with errors: marked, exit 1 unless --allow-load-errors."""

from __future__ import annotations

from tests.cli.test_cli import main
from tests.paths import MAPS_DIR, ROOT

AGENT = str(ROOT / "tests" / "backends" / "broken_agents" / "missing_paren.clp")


def test_run_exits_1_and_lists_the_errors():
    proc = main("run", "--agent", AGENT, "--map", str(MAPS_DIR / "four-known.map"), "--quiet")
    assert proc.returncode == 1, proc.stderr
    assert "; agent loaded with 2 errors" in proc.stdout.splitlines()[0]
    errors = proc.stderr.splitlines()
    assert errors[0].startswith("error: agent loaded with 2 errors") and "--allow-load-errors" in errors[0]
    assert errors[1].endswith("missing_paren.clp:8: `(assert` opened here is not closed before "
                              "`(defrule AGENT::fire-corner` at line 11")
    assert "missing_paren.clp:11: Missing function declaration for 'defrule'" in errors[2]


def test_run_accepts_them_when_asked():
    proc = main("run", "--agent", AGENT, "--map", str(MAPS_DIR / "four-known.map"), "--allow-load-errors")
    assert proc.returncode == 0, proc.stderr
    assert "agent loaded with 2 errors" in proc.stdout and proc.stderr == ""
