"""Provenance chains: from each action back through the firings that made its facts to the environment's facts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.backends.drivers import create_local_driver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.backends.tracing import BasisFact, FactChange, Firing, FiringRef, Origin, Provenance, StepTrace, render
from app.core import Game
from app.core.formats import load_map
from tests.paths import MAPS_DIR, ROOT

CHAIN_AGENT = Path(__file__).resolve().parent / "provenance_agents" / "chain.clp"

# the known chain: A asserts f1 from the known top end, B asserts f2 from f1, C fires at f2's cell
CHAIN_STEP_0 = """\
f-33 (exec (step 0) (action fire) (x 8) (y 0))  <- AGENT::C (step 0 firing 4) matched f-2,f-31,*
  f-2 (status (step 0) (currently running))  [environment]
  f-31 (f2 (x 8) (y 0))  <- AGENT::B (step 0 firing 3) matched f-30,*
    f-30 (f1 (x 7) (y 0))  <- AGENT::A (step 0 firing 2) matched f-8,*
      f-8 (k-cell (x 7) (y 0) (content top))  [environment]"""


def traced(agent: str, map_path: Path) -> list[StepTrace]:
    """Every step's trace of ``agent``'s game on ``map_path``, played in this process."""
    driver = create_local_driver(resolve(agent), seed=0)
    driver.tracing = True
    traces: list[StepTrace] = []
    match = Match(Game(load_map(map_path)), driver, on_trace=traces.append)
    try:
        match.run()
    finally:
        match.close()
    return traces


def test_known_chain_is_exactly_that():
    provenance = Provenance(traced(str(CHAIN_AGENT), MAPS_DIR / "four-known.map"))
    assert "\n".join(render(provenance.exec_lines(0))) == CHAIN_STEP_0
    # step 1's solve comes from (shot), which C asserted in step 0: its chain is there in full when asked alone
    lines = provenance.exec_lines(1)
    assert [(line.rule, line.firing) for line in lines if line.origin == Origin.FIRING] == [
        ("AGENT::D", FiringRef(1, 2)), ("AGENT::C", FiringRef(0, 4)), ("AGENT::B", FiringRef(0, 3)),
        ("AGENT::A", FiringRef(0, 2))]
    # ... and "see above" when step 0's chain was shown before it
    shown: dict[int, int] = {}
    provenance.exec_lines(0, shown)
    assert [str(line) for line in provenance.exec_lines(1, shown)][-1] == \
        "f-32 (shot)  <- AGENT::C (step 0 firing 4): see above"


def test_run_trace_why_prints_the_chain():
    proc = subprocess.run([sys.executable, "main.py", "run", "--agent", str(CHAIN_AGENT), "--map",
                           str(MAPS_DIR / "four-known.map"), "--trace", "why"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    printed = proc.stdout.split("\n")
    start = printed.index("    why:")
    assert "\n".join(printed[start + 1:start + 6]) == "\n".join(f"      {line}" for line in CHAIN_STEP_0.split("\n"))
    assert printed[start - 1].startswith("step   0  fire 8 0")


def test_run_trace_why_of_a_python_agent_says_chains_are_for_clips():
    proc = subprocess.run([sys.executable, "main.py", "run", "--agent", "random", "--map",
                           str(MAPS_DIR / "four-known.map"), "--trace", "why", "--quiet"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "the chains of --trace why exist for CLIPS agents" in proc.stderr


@pytest.mark.parametrize("map_name", ["four-known.map", "bench/k0-0001.map", "bench/k0-0002.map", "open-sea.map"])
def test_every_incrocio_exec_chain_ends_at_the_environment(map_name):
    provenance = Provenance(traced("incrocio", MAPS_DIR / map_name))
    steps = sorted(provenance.traces)
    assert len(steps) > 5
    for step in steps:
        execs = provenance.execs(step)
        assert len(execs) == 1, f"step {step}: {execs}"
        lines = provenance.exec_lines(step)
        assert lines[0].origin == Origin.FIRING and lines[0].rule.startswith("AGENT::")
        for position, line in enumerate(lines):
            below = lines[position + 1] if position + 1 < len(lines) else None
            has_children = below is not None and below.depth > line.depth
            if line.origin == Origin.FIRING and not line.repeat:
                # each matched fact is a line below it: the firing that made it (then), or the environment
                firing = provenance.firings[provenance.position(line.firing)]
                subtree = []
                for other in lines[position + 1:]:
                    if other.depth <= line.depth:
                        break
                    subtree.append(other)
                children = [other.index for other in subtree if other.depth == line.depth + 1]
                assert children == [fact.index for fact in firing.basis if fact.index is not None]
                assert line.index in firing.made
            else:  # where a branch ends: the environment, an initial fact, or a firing shown above
                assert not has_children, f"step {step}: {line}"
        assert any(line.origin == Origin.ENVIRONMENT for line in lines), f"step {step}: no environment fact"
        assert all(not line.rule.startswith(("MAIN::", "ENV::")) for line in lines)


def _firing(rule: str, basis: tuple[tuple[int, str], ...], made: tuple[int, ...]) -> Firing:
    return Firing("AGENT", rule, 0, tuple(BasisFact(index, text) for index, text in basis), made)


def test_a_modified_fact_comes_from_the_modify_in_force_then():
    # f-40 asserted in step 0 by first, modified in step 2 by again; a firing of step 1 reads the step-0 one,
    # one of step 3 the step-2 one; f-41 is a retracted-and-asserted-again fact: a new index, its own maker
    traces = [
        StepTrace(0, (_firing("first", ((7, "(k-cell (x 1) (y 1) (content top))"),), (40,)),)),
        StepTrace(1, (_firing("reader", ((40, "(belief (n 1))"),), (41,)),)),
        StepTrace(2, (_firing("again", ((40, "(belief (n 1))"),), (40,)),)),
        StepTrace(3, (_firing("shoot", ((40, "(belief (n 2))"), (41, "(other)")), (42,)),),
                  changes=(FactChange("asserted", 42, "MAIN", "exec", "(exec (step 3) (action fire) (x 1) (y 2))"),)),
    ]
    provenance = Provenance(traces)
    assert provenance.maker(40, provenance.position(FiringRef(1, 1))) == provenance.position(FiringRef(0, 1))
    got = render(provenance.exec_lines(3))
    assert got == [
        "f-42 (exec (step 3) (action fire) (x 1) (y 2))  <- AGENT::shoot (step 3 firing 1) matched f-40,f-41",
        "  f-40 (belief (n 2))  <- AGENT::again (step 2 firing 1) matched f-40",
        "    f-40 (belief (n 1))  <- AGENT::first (step 0 firing 1) matched f-7",
        "      f-7 (k-cell (x 1) (y 1) (content top))  [environment]",
        "  f-41 (other)  <- AGENT::reader (step 1 firing 1) matched f-40",
        "    f-40 (belief (n 1))  <- AGENT::first (step 0 firing 1): see above",
    ]


def test_initial_facts_and_the_log_keep_the_sources():
    # the agent's deffacts end a chain as initial facts; made and initial cross the log (to_dict/from_dict)
    trace = StepTrace(0, (_firing("plan", ((3, "(phase explore)"),), (9,)),),
                      changes=(FactChange("asserted", 9, "MAIN", "exec", "(exec (step 0) (action solve))"),),
                      initial=(3,))
    again = StepTrace.from_dict(trace.to_dict())
    assert again == trace
    assert render(Provenance([again]).exec_lines(0))[1] == "  f-3 (phase explore)  [initial fact]"


LOOKOUT = ROOT / "tests" / "data" / "debugging" / "lookout.clp"
BUGGY = "(assert (target (x (- ?x 1)) (y ?y) (why below-top)))"


def test_the_walk_through_finds_the_planted_bug_as_documented(tmp_path):
    # docs/debugging.md prints the chain of lookout's first shot; it names below-top, whose arithmetic is wrong
    docs = (ROOT / "docs" / "debugging.md").read_text(encoding="utf-8")
    block = docs.split("step   0  fire 6 0       miss\n    why:\n", 1)[1].split("```", 1)[0]
    provenance = Provenance(traced(str(LOOKOUT), MAPS_DIR / "four-known.map"))
    assert "\n".join(f"      {line}" for line in render(provenance.exec_lines(0))) + "\n" == block
    assert BUGGY in docs and BUGGY in LOOKOUT.read_text(encoding="utf-8")
    fixed = tmp_path / "lookout.clp"
    fixed.write_text(LOOKOUT.read_text(encoding="utf-8").replace(BUGGY, BUGGY.replace("(- ?x 1)", "(+ ?x 1)")),
                     encoding="utf-8")
    first = Provenance(traced(str(fixed), MAPS_DIR / "four-known.map")).execs(0)
    assert [text for _, text, _ in first] == ["(exec (step 0) (action fire) (x 8) (y 0))"]
