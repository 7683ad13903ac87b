"""A CLIPS agent's turn in parts (Step rule, breakpoints), "why didn't it fire?" and the live protocol warnings."""

from __future__ import annotations

import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from app.backends.base import PauseRequest, TurnSummary
from app.backends.clips.matches import PatternKind, RuleMatches, parse, patterns
from app.backends.drivers import create_driver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.backends.step_checks import CheckedDriver, FindingKind
from app.backends.tracing.pause import PauseReason, TurnPause
from app.core import PROFILES, Game
from app.core.formats import load_map
from tests.backends.test_clips_trace import ORDERED_AGENT
from tests.paths import MAPS_DIR, ROOT

# ORDERED_AGENT's rules fire first, second, third each step; these never fire, each for a known reason
WHY_RULES = """
(defrule blocked-by-third (status (currently running)) (note (x 3)) (note (x 9)) => (printout t "no" crlf))
(defrule disagree (status (step ?s)) (done (step ?s)) => (printout t "no" crlf))
(defrule no-notes (status (step ?s)) (not (note)) => (printout t "no" crlf))
"""
ORDER = ["MAIN::go-on-agent", "AGENT::first", "AGENT::second", "AGENT::third", "MAIN::go-on-env", "ENV::take-exec"]

# Breaks the protocol on purpose: each turn "spin" fires 600 times; the exec's rule keeps the focus ("linger"
# fires after it); it fires twice at (0, 0), then flags (2, 2) and (3, 3); from step 4 on it gives no exec.
SLOPPY_AGENT = """(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deftemplate counter (slot step) (slot n))
(deftemplate lingered (slot step))
(defrule begin (declare (salience 60)) (status (step ?s) (currently running)) (not (counter (step ?s)))
  => (assert (counter (step ?s) (n 0))))
(defrule spin (declare (salience 50)) (status (step ?s) (currently running))
  ?c <- (counter (step ?s) (n ?n&:(< ?n 600))) => (modify ?c (n (+ ?n 1))))
(defrule act-fire (declare (salience 10)) (status (step ?s&:(< ?s 2)) (currently running)) (counter (step ?s) (n 600))
  => (assert (exec (step ?s) (action fire) (x 0) (y 0))))
(defrule act-guess (declare (salience 10)) (status (step ?s&:(>= ?s 2)&:(< ?s 4)) (currently running))
  (counter (step ?s) (n 600)) => (assert (exec (step ?s) (action guess) (x ?s) (y ?s))))
(defrule linger (declare (salience 5)) (status (step ?s)) (exec (step ?s)) (not (lingered (step ?s)))
  => (assert (lingered (step ?s))))
"""


@pytest.fixture
def ordered(tmp_path: Path) -> str:
    path = tmp_path / "ordered.clp"
    path.write_text(ORDERED_AGENT + WHY_RULES, encoding="utf-8")
    return str(path)


@pytest.fixture
def sloppy(tmp_path: Path) -> str:
    path = tmp_path / "sloppy.clp"
    path.write_text(SLOPPY_AGENT, encoding="utf-8")
    return str(path)


@contextmanager
def new_match(agent: str, profile=PROFILES["unito-2019"], checked: bool = False, findings: list | None = None):
    """A started match of ``agent`` on four-known.map, tracing, and the list its traces go to; closed on leaving."""
    game = Game(load_map(MAPS_DIR / "four-known.map"), profile)
    driver = create_driver(resolve(agent))
    if checked:
        driver = CheckedDriver(driver, on_finding=findings.append if findings is not None else None, timing=False)
    driver.tracing = True
    traces: list = []
    match = Match(game, driver, on_trace=traces.append)
    match.start()
    try:
        yield match, traces
    finally:
        match.close()


def names(trace) -> list[str]:
    return [f"{f.module}::{f.rule}" for f in trace.firings]


class TestStepRule:
    def test_each_step_rule_fires_exactly_one_more_rule(self, ordered):
        with new_match(ordered) as (match, traces):
            seen = []
            while (pause := match.advance(PauseRequest(firings=1))) is not None:
                assert isinstance(pause, TurnPause) and pause.reason == PauseReason.STEP_RULE
                assert pause.fired == len(seen) + 1
                seen = names(pause.trace)
                assert seen == ORDER[:pause.fired]
                assert pause.next_rule == ORDER[pause.fired]  # paused just before it: first on the agenda
                assert f"{pause.trace.agenda[0].module}::{pause.trace.agenda[0].rule}" == pause.next_rule
                assert match.game.events == []  # mid-turn: no action yet
            assert seen == ORDER[:-1]  # take-exec ends the turn: the step is carried out at once
            assert [e.text for e in match.game.events] == ["fire 3 0"]
            assert names(traces[0]) == ORDER

    def test_a_mid_turn_trace_shows_the_facts_changed_so_far_and_the_focus_stack(self, ordered):
        with new_match(ordered) as (match, _):
            pause = match.advance(PauseRequest(firings=2))  # go-on-agent, first
            assert pause.trace.focus[0] == "AGENT" and "MAIN" in pause.trace.focus
            assert [c.text for c in pause.trace.changes] == ["(note (x 1) (y 0) (n 0))"]

    def test_a_game_played_rule_by_rule_is_the_game_played_whole(self, ordered):
        with new_match("bdi") as (whole, whole_traces), new_match("bdi") as (parts, parts_traces):
            for _ in range(3):
                whole.step()
                while parts.advance(PauseRequest(firings=7)) is not None:
                    pass
            assert [e.to_dict() for e in parts.game.events] == [e.to_dict() for e in whole.game.events]
            assert [t.to_dict() for t in parts_traces] == [t.to_dict() for t in whole_traces]


class TestBreakpoints:
    def test_pauses_just_before_the_rule_and_resumes_with_it(self, ordered):
        request = PauseRequest(breakpoints=frozenset({"AGENT::third"}))
        with new_match(ordered) as (match, traces):
            pause = match.advance(request)
            assert (pause.reason, pause.next_rule, pause.fired) == (PauseReason.BREAKPOINT, "AGENT::third", 3)
            assert names(pause.trace) == ORDER[:3]
            assert pause.trace.agenda[0].rule == "third"
            assert match.advance(request) is None  # resuming fires third first: no second pause before it
            assert names(traces[0]) == ORDER
            pause = match.advance(request)  # the next step's turn pauses there again
            assert (pause.step, pause.next_rule) == (1, "AGENT::third")

    def test_a_breakpoint_on_a_rule_of_bdi(self):
        with new_match("bdi") as (match, _):
            match.step()
            pause = match.advance(PauseRequest(breakpoints=frozenset({"AGENT::execute-action"})))
            assert pause.next_rule == "AGENT::execute-action"
            assert len({f.module for f in pause.trace.firings}) >= 3  # it went through bdi's modules on the way
            assert "AGENT::execute-action" not in names(pause.trace)
            step = pause.step
            assert match.advance(PauseRequest()) is None
            assert match.game.events[-1].step == step

    def test_the_firing_cap_counts_the_whole_turn_across_pauses(self, tmp_path):
        path = tmp_path / "endless.clp"
        path.write_text(SLOPPY_AGENT.replace("600", "100000"), encoding="utf-8")
        game = Game(load_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"])
        driver = create_driver(resolve(str(path)))
        driver.tracing = True
        match = Match(game, driver, params={"max_firings": "3000"})
        try:
            assert match.advance(PauseRequest(firings=2500)).fired == 2500
            # 2000 more alone are under the cap; the turn's 4500 are not (the cap is checked every 2000 firings)
            assert match.advance(PauseRequest(firings=2000)) is None
            assert game.over and "the agent fired 4500 rules without ending its turn (limit 3000)" in game.stop_reason
        finally:
            match.close()

    def test_a_driver_that_cannot_pause_plays_the_whole_step(self):
        with new_match("random") as (match, _):
            assert match.advance(PauseRequest(firings=1)) is None
            assert len(match.game.events) == 1


class TestWhyNot:
    @pytest.fixture
    def match(self, ordered):
        """``ordered``'s match after its first step (closed after the test)."""
        with new_match(ordered) as (started, _):
            started.step()
            yield started

    def test_names_the_first_pattern_no_fact_matches(self, match):
        found = match.driver.why_not("blocked-by-third")
        assert found.rule == "AGENT::blocked-by-third"
        assert found.verdict() == "AGENT::blocked-by-third cannot fire: pattern 3 `(note (x 9))`: no fact matches"
        first, second, third = found.disjuncts[0].patterns
        assert (len(first.facts), len(second.facts), third.facts) == (1, 1, ())
        lines = found.lines()
        assert "  pattern 2 `(note (x 3))`: 1 fact matches: " + second.facts[0] in lines

    def test_patterns_that_match_alone_but_not_together(self, match):
        verdict = match.driver.why_not("AGENT::disagree").verdict()
        assert "patterns 1-2: each matches facts, but no combination of them agrees" in verdict
        verdict = match.driver.why_not("AGENT::no-notes").verdict()
        assert "pattern 2 `(note)` (inside not): a fact matching it" in verdict

    def test_mid_turn_a_rule_paused_before_is_on_the_agenda(self, ordered):
        with new_match(ordered) as (match, _):
            match.advance(PauseRequest(breakpoints=frozenset({"AGENT::third"})))
            found = match.driver.why_not("AGENT::third")
            assert found.activations and "is on the agenda (1 activation)" in found.verdict()
            assert RuleMatches.from_dict(found.to_dict()) == found

    def test_an_unknown_rule_is_a_clear_error(self, match):
        with pytest.raises(Exception, match="the agent has no rule named nosuch"):
            match.driver.why_not("nosuch")
        assert "AGENT::blocked-by-third" in match.driver.rule_names()

    def test_every_rule_of_bdi_is_explained_pattern_by_pattern(self):
        with new_match("bdi") as (match, _):
            match.step()
            for name in match.driver.rule_names():
                found = match.driver.why_not(name)
                assert found.verdict().startswith(name)
                for disjunct in found.disjuncts:
                    assert all(p.text for p in disjunct.patterns if p.kind != PatternKind.START), name


class TestMatchesText:
    def test_or_alternatives_and_a_rule_opening_with_a_test(self):
        texts = patterns("(defrule MAIN::r (or (b (x 1)) (and (k (x 1)) (b (x 2)))) (test (> 1 0)) ?f <- (k (x ?y)) =>)")
        assert texts == [[("(b (x 1))", "plain"), ("?f <- (k (x ?y))", "plain")],
                         [("(k (x 1))", "plain"), ("(b (x 2))", "plain"), ("?f <- (k (x ?y))", "plain")]]
        output = ("Matches for Pattern 1\nf-1\nMatches for Pattern 2\n None\nPartial matches for CEs 1 - 2\n None\n"
                  "Matches for Pattern 1\nf-2\nMatches for Pattern 2\nf-3\nMatches for Pattern 3\nf-2\n"
                  "Partial matches for CEs 1 - 2\nf-2,f-3\nPartial matches for CEs 1 - 3\nf-2,f-3,f-2\n"
                  "Activations\nf-2,f-3,f-2\n")
        found = parse("MAIN::r", output, texts)
        assert [len(d.patterns) for d in found.disjuncts] == [2, 3]
        assert found.activations == ("f-2,f-3,f-2",)
        start = parse("MAIN::s", "Matches for Pattern 1\n*\nMatches for Pattern 2\n None\nActivations\n None\n",
                      patterns("(defrule MAIN::s (test (> 1 0)) (b (x ?x)) =>)"))
        assert [p.kind for p in start.disjuncts[0].patterns] == ["start", "plain"]
        assert start.verdict() == "MAIN::s cannot fire: pattern 2 `(b (x ?x))`: no fact matches"


class TestWarnings:
    @staticmethod
    def findings(agent: str, profile=PROFILES["unito-2019"]) -> list:
        """What the checks found in one whole game of ``agent``, traced."""
        found: list = []
        with new_match(agent, profile, True, found) as (match, _):
            match.run()
        return found

    def test_the_checks_find_each_mistake_as_it_is_made(self, sloppy):
        findings = self.findings(sloppy, PROFILES["unito-2019"].with_limits(None, 1, None))
        kinds = [(f.kind, f.step) for f in findings]
        assert (FindingKind.FOCUS_KEPT, 0) in kinds and (FindingKind.RULE_REPEATS, 0) in kinds
        assert (FindingKind.FIRE_TWICE, 1) in kinds and (FindingKind.NO_FLAGS_LEFT, 3) in kinds
        focus = next(f for f in findings if f.kind is FindingKind.FOCUS_KEPT)
        assert "AGENT::act-fire asserted the exec for step 0" in focus.message and "AGENT::linger" in focus.message
        repeats = next(f for f in findings if f.kind is FindingKind.RULE_REPEATS)
        assert "AGENT::spin fired 600 times" in repeats.message

    def test_a_turn_with_no_exec(self, sloppy):
        assert (FindingKind.NO_EXEC, 4) in [(f.kind, f.step) for f in self.findings(sloppy)]

    def test_a_good_agent_gets_none(self):
        assert self.findings("incrocio") == []

    def test_run_prints_them_live_and_trace_says_what_it_shows(self, sloppy):
        out = subprocess.run([sys.executable, "main.py", "run", "--agent", sloppy, "--map",
                              str(MAPS_DIR / "four-known.map"), "--trace", "rules"],
                             cwd=ROOT, capture_output=True, text=True, timeout=120)
        lines = out.stdout.splitlines()
        first = next(i for i, line in enumerate(lines) if line.startswith("  warning: focus-kept: "))
        assert lines[first + 2].startswith("step   0  fire 0 0")  # said before the step line, as it happens
        assert any(line.startswith("  warning: fire-twice: fire 0 0") for line in lines)
        python = subprocess.run([sys.executable, "main.py", "run", "--agent", "random", "--map",
                                 str(MAPS_DIR / "four-known.map"), "--trace", "rules", "--quiet"],
                                cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert python.returncode == 0
        assert python.stderr.splitlines() == ["note: --trace shows rule firings for CLIPS agents only; random is a "
                                              "python agent, so there is nothing to trace"]


class TestValueObjects:
    def test_round_trips(self, ordered):
        with new_match(ordered) as (match, _):
            pause = match.advance(PauseRequest(firings=2, breakpoints=frozenset({"AGENT::x"})))
            assert TurnPause.from_dict(pause.to_dict()) == pause
        summary = TurnSummary(3, 10, (("AGENT::a", 4),), "AGENT::a", ("AGENT::b",))
        assert TurnSummary.from_dict(summary.to_dict()) == summary
        request = PauseRequest(1, frozenset({"AGENT::a"}))
        assert PauseRequest.from_dict(request.to_dict()) == request
