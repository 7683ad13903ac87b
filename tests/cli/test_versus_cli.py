"""``bench --versus``: every bad input is one line on stderr and exit code 2, before any game is played."""

from __future__ import annotations

import pytest

from app.cli import main
from tests.paths import MAPS_DIR

BENCH = str(MAPS_DIR / "bench")


@pytest.mark.parametrize("arguments, expected", [
    (["--agents", "cross", "--versus", "random", "--maps", "no/such/folder"], "no/such/folder: no such map file"),
    (["--agents", "cross", "--versus", "no-such-agent", "--maps", BENCH], "unknown agent 'no-such-agent'"),
    (["--agents", "cross", "--versus", "cross", "--maps", BENCH], "--versus cross is --agents cross"),
    (["--agents", "cross,random", "--versus", "bdi", "--maps", BENCH], "--agents must name one agent, not 2"),
    (["--agents", "cross", "--versus", "random", "--maps", BENCH, "--alpha", "0.7"], "--alpha must be between"),
    (["--agents", "cross", "--versus", "random", "--maps", BENCH, "--delta", "0"], "--delta must be more than 0"),
    (["--agents", "cross", "--versus", "random", "--maps", BENCH, "--results", "no/such.jsonl"],
     "no/such.jsonl: no such results file"),
    (["--agents", "cross", "--versus", "random", "--maps", BENCH, "--cluster"], "--cluster is not available"),
    (["--agents", "cross", "--versus", " ", "--maps", BENCH], "--versus: no agent given"),
    (["--agents", "cross", "--maps", BENCH, "--json"], "--json is for an A/B comparison: add --versus"),
    (["--agents", "cross", "--maps", BENCH, "--delta", "5"], "--delta is for an A/B comparison"),
])
def test_bad_input_is_one_line(capsys, arguments, expected):
    assert main(["bench", *arguments, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert expected in err and len(err.strip().splitlines()) == 1
