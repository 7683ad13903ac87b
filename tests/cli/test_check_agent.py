"""``check-agent`` as a user runs it: exit 0 when nothing is wrong, 1 with a list, 2 on bad input."""

from __future__ import annotations

import subprocess
import sys

from tests.cli.test_cli import assert_one_line_error
from tests.paths import MAPS_DIR, ROOT

BROKEN = ROOT / "tests" / "backends" / "broken_agents"


def check(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", "check-agent", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_template_passes():
    proc = check("agents/templates/my_agent.clp")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "12 games (3 maps x 2 rules profiles x 2 runs, seed 1)" in proc.stdout
    assert proc.stdout.rstrip().endswith("no problems found")


def test_broken_agent_lists_its_problems():
    proc = check(str(BROKEN / "no_pop_focus.clp"), "--maps", str(MAPS_DIR / "four-known.map"))
    assert proc.returncode == 1, proc.stderr
    assert "4 problems of 2 kinds:" in proc.stdout
    assert "no-pop-focus (2):" in proc.stdout and "several-execs (2):" in proc.stdout
    assert "no_pop_focus.clp:5: rule AGENT::flag-row-ends asserts an exec but never calls (pop-focus)" in proc.stdout
    assert "four-known, unito-2022, step 0: the agent asserted 10 execs for step 0" in proc.stdout


def test_several_files_and_a_maps_folder(tmp_path):
    for name in ("four-known.map", "open-sea.map"):
        (tmp_path / name).write_text((MAPS_DIR / name).read_text())
    (tmp_path / "notes.md").write_text("not a map")
    agent = ROOT / "agents" / "clips" / "incrocio"
    files = ",".join(str(agent / line.strip()) for line in (agent / "load-order.txt").read_text().splitlines()
                     if line.strip() and not line.startswith("#"))
    proc = check(files, "--maps", str(tmp_path), "--count", "1")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "4 games (1 map x 2 rules profiles x 2 runs, seed 1): four-known.map;" in proc.stdout


def test_bad_input_is_one_line(tmp_path):
    assert_one_line_error(check("no/such/agent.clp"), "no/such/agent.clp")
    assert_one_line_error(check("agents/templates/my_agent.clp", "--maps", str(tmp_path / "none")), "none",
                          "no such folder")
    assert_one_line_error(check("agents/templates/my_agent.clp", "--maps", str(tmp_path)), "no map files")
    bad = tmp_path / "bad_agent.py"
    bad.write_text("from agents.base import Agent\n\nclass A(Agent)\n    pass\n")
    assert_one_line_error(check(str(bad)), "bad_agent.py:3", "syntax error")
    assert_one_line_error(check("agents/templates/my_agent.clp", "--agent-param", "max_firings=-1"), "max_firings")
