"""The trace of a CLIPS agent's steps: rule firings in order with their basis, fact changes, agenda; off by default."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from clips._clips import lib
from clips.common import environment_data

from app.backends.clips import trace as recorder
from app.backends.drivers import create_driver, create_local_driver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.backends.tracing.steptrace import Change, StepTrace, parse_aspects
from app.core import PROFILES, Game, gamelog
from app.core.formats import load_map
from tests.paths import MAPS_DIR, ROOT

# Three rules that fire in a known order each step (by salience): note a cell, move the note, fire at it.
ORDERED_AGENT = """(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deftemplate note (slot x) (slot y) (slot n))
(deftemplate done (slot step))
(defrule first (declare (salience 30)) (status (step ?s) (currently running)) (not (done (step ?s)))
  => (assert (note (x 1) (y ?s) (n ?s))))
(defrule second (declare (salience 20)) (status (step ?s) (currently running)) ?n <- (note (x 1) (y ?y) (n ?s))
  => (modify ?n (x 3)))
(defrule third (declare (salience 10)) (status (step ?s)) (note (x 3) (y ?y) (n ?s))
  => (assert (exec (step ?s) (action fire) (x 3) (y ?y))) (assert (done (step ?s))) (pop-focus))
(defrule never (k-cell (content middle)) (note (x 9)) => (printout t "never" crlf))
"""


# A rule that calls (halt) through a generic function and a deffunction, before the rule that would solve.
HALTING_AGENT = """(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deftemplate note (slot v))
(deffunction stop-here () (halt))
(defgeneric pause)
(defmethod pause ((?why STRING)) (stop-here))
(defrule first (status (step ?s) (currently running)) (not (note)) => (assert (note (v 1))) (pause "look"))
(defrule act (status (step ?s) (currently running)) (note (v 1)) => (assert (exec (step ?s) (action solve))))
"""


def play(agent: str, steps: int | None = None, tracing: bool = True, map_name: str = "four-known.map"):
    """The game and the traces of ``steps`` steps (all when None) of ``agent``."""
    game = Game(load_map(MAPS_DIR / map_name), PROFILES["unito-2019"])
    driver = create_driver(resolve(agent))
    driver.tracing = tracing
    traces: list[StepTrace] = []
    match = Match(game, driver, on_trace=traces.append)
    try:
        if steps is None:
            match.run()
        else:
            for _ in range(steps):
                match.step()
    finally:
        match.close()
    return game, traces


@pytest.fixture
def ordered(tmp_path: Path) -> str:
    path = tmp_path / "ordered.clp"
    path.write_text(ORDERED_AGENT, encoding="utf-8")
    return str(path)


class TestFirings:
    def test_rules_in_firing_order_with_their_basis(self, ordered):
        _, traces = play(ordered, steps=2)
        assert [trace.step for trace in traces] == [0, 1]
        for step, trace in enumerate(traces):
            mine = [f for f in trace.firings if f.module == "AGENT"]
            assert [(f.rule, f.salience) for f in mine] == [("first", 30), ("second", 20), ("third", 10)]
            status = f"(status (step {step}) (currently running))"
            first, second, third = mine
            assert [b.text for b in first.basis] == [status, "*"]  # the not pattern matches no fact
            assert first.basis[1].index is None
            assert [b.text for b in second.basis] == [status, f"(note (x 1) (y {step}) (n {step}))"]
            assert [b.text for b in third.basis] == [status, f"(note (x 3) (y {step}) (n {step}))"]
            assert second.basis[1].index == third.basis[1].index  # modify keeps the fact's index
            assert "never" not in {f.rule for f in trace.firings}

    def test_changed_facts_of_the_step(self, ordered):
        _, traces = play(ordered, steps=1)
        changes = {(c.change, c.module, c.text) for c in traces[0].changes}
        assert (Change.ASSERTED, "AGENT", "(note (x 3) (y 0) (n 0))") in changes
        assert (Change.ASSERTED, "AGENT", "(done (step 0))") in changes
        assert (Change.ASSERTED, "MAIN", "(exec (step 0) (action fire) (x 3) (y 0))") in changes
        assert (Change.MODIFIED, "MAIN", "(status (step 1) (currently running))") in changes
        assert (Change.MODIFIED, "MAIN", "(moves (fires 4) (guesses 20))") in changes  # ENV's rule mirrored it
        assert not any(c.change == Change.RETRACTED for c in traces[0].changes)
        assert traces[0].focus == ("MAIN",)
        assert [(a.module, a.rule, a.salience) for a in traces[0].agenda] == [("MAIN", "go-on-agent", 20),
                                                                            ("AGENT", "first", 30)]
        assert traces[0].agenda[1].basis[1] is None  # first's not pattern, * in CLIPS's (agenda)

    def test_round_trip_through_plain_data(self, ordered):
        _, traces = play(ordered, steps=1)
        data = json.loads(json.dumps(traces[0].to_dict()))
        assert StepTrace.from_dict(data) == traces[0]

    def test_bdi_plays_the_same_game_traced(self):
        plain, none = play("bdi", tracing=False)
        traced, traces = play("bdi")
        for trace in traces:  # the agent host's compact form (each basis fact once a step) gives the same data
            assert StepTrace.from_wire(json.loads(json.dumps(trace.to_wire()))) == trace
        assert any(firing.made for trace in traces for firing in trace.firings)
        assert none == []
        assert [e.text for e in traced.events] == [e.text for e in plain.events]
        assert len(traces) == len(traced.events)
        modules = {f.module for t in traces for f in t.firings}
        assert len(modules - {"MAIN", "ENV"}) >= 3  # bdi's own modules show up by name
        assert all(isinstance(a.salience, int) for t in traces for a in t.agenda)

    def test_a_halt_inside_a_function_stops_the_traced_turn_where_a_whole_run_stops(self, tmp_path):
        # the tracer fires one rule at a time: it must see the (halt) called two functions deep (a generic's
        # method calls a deffunction), or the turn would run on to the solve
        path = tmp_path / "halting.clp"
        path.write_text(HALTING_AGENT, encoding="utf-8")
        plain, _ = play(str(path), tracing=False)
        traced, _ = play(str(path))
        assert [e.text for e in plain.events] == ["solve"] and "stalled" in plain.stop_reason  # halted, no exec
        assert [e.text for e in traced.events] == [e.text for e in plain.events]
        assert traced.stop_reason == plain.stop_reason  # the act rule did not fire: "solved by the agent" else

    def test_the_environment_is_let_go_after_the_game(self, ordered):
        driver = create_local_driver(resolve(ordered))  # in this process, where the tracer's state can be seen
        driver.tracing = True
        match = Match(Game(load_map(MAPS_DIR / "four-known.map")), driver)
        try:
            match.step()
            env = driver.env
            assert _watched(env)  # CLIPS prints its watch output to the tracer while the game is on
        finally:
            match.close()
        assert not _watched(env)  # no longer: an untraced game in it costs nothing more

    def test_tracing_off_records_nothing(self, ordered):
        game, traces = play(ordered, steps=2, tracing=False)
        assert traces == [] and game.traces == {}


def _watched(env) -> bool:
    """Whether CLIPS watches ``env``'s facts and ENV's halting rule for a tracer, and the tracer's router is there."""
    take_exec = lib.FindDefrule(env._env, b"ENV::take-exec")
    watching = str(env.eval("(get-watch-item facts)")) == "TRUE" and lib.DefruleGetWatchFirings(take_exec)
    return watching and recorder._Watcher.NAME in environment_data(env._env, "routers")


class TestHeadless:
    def test_aspects(self):
        assert parse_aspects("rules, agenda") == {"rules", "agenda"}
        with pytest.raises(ValueError, match="unknown aspect 'rule'"):
            parse_aspects("rule")

    def test_run_trace_prints_and_logs(self, tmp_path):
        log = tmp_path / "game.jsonl"
        proc = subprocess.run([sys.executable, "main.py", "run", "--agent", "incrocio", "--map",
                               str(MAPS_DIR / "four-known.map"), "--trace", "rules,facts,agenda", "--log", str(log)],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert "    rules fired: " in proc.stdout and "AGENT::" in proc.stdout
        assert "    facts changed: " in proc.stdout and "    focus stack: " in proc.stdout
        replay = gamelog.replay_file(log)
        assert not replay.mismatches
        assert sorted(replay.game.traces) == [e.step for e in replay.game.events if not e.by_engine]
        first = StepTrace.from_dict(replay.game.traces[0])
        assert first.firings and first.firings[0].module == "MAIN"

    def test_bad_aspect_is_one_line(self):
        proc = subprocess.run([sys.executable, "main.py", "run", "--agent", "incrocio", "--map",
                               str(MAPS_DIR / "four-known.map"), "--trace", "rulez"],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 2 and proc.stderr.strip().count("\n") == 0
        assert "unknown aspect 'rulez'" in proc.stderr
