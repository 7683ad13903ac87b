"""Every registered agent on every example map: terminates, plays by the rules, is deterministic.

Agents added to ``agents/`` (Python or CLIPS) are picked up automatically. The
checks are ``check-agent``'s (``app.analysis.mistakes``): none may find anything.
"""

from __future__ import annotations

import pytest

from app.analysis.mistakes import FindingKind, play_checked, run_difference, source_findings
from app.backends.registry import discover
from app.core import PROFILES, Outcome
from app.core.formats import load_map
from tests.paths import MAPS_DIR

AGENTS = sorted(discover())
MAPS = sorted(MAPS_DIR.glob("*.map"))


def play(agent: str, map_path, rules: str, seed: int):
    """A checked game; its findings but SLOW_STEP (how long a step takes depends on the machine: no timed test)."""
    result, driver = play_checked(discover()[agent], load_map(map_path), PROFILES[rules], seed=seed)
    return result, [finding for finding in driver.findings if finding.kind is not FindingKind.SLOW_STEP]


@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
@pytest.mark.parametrize("agent", AGENTS)
def test_agent_conforms(agent, map_path):
    rules = "unito-2019"
    result, findings = play(agent, map_path, rules, seed=1)
    assert [finding.describe() for finding in findings] == []
    assert result.events[-1].outcome is Outcome.SOLVED
    assert result.steps <= PROFILES[rules].max_steps + 1
    for event in result.events:
        if event.outcome is Outcome.REJECTED:
            assert event.reason, f"{agent} rejected without a reason at step {event.step}"
    again, _ = play(agent, map_path, rules, seed=1)
    assert run_difference(result, again) == ""
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in result.events]


@pytest.mark.parametrize("agent", AGENTS)
def test_agent_plays_unito_2022(agent):
    result, findings = play(agent, MAPS[0], "unito-2022", seed=2)
    assert [finding.describe() for finding in findings] == []
    assert result.events[-1].outcome is Outcome.SOLVED and result.rules == "unito-2022"


@pytest.mark.parametrize("agent", [name for name, spec in discover().items() if spec.kind == "clips"])
def test_clips_agent_source_reads_clean(agent):
    assert [finding.describe() for finding in source_findings(discover()[agent].paths)] == []


def test_registry_lists_the_python_agents():
    agents = discover()
    assert {"random", "cross"} <= set(agents)
    assert agents["cross"].kind == "python" and agents["cross"].description
