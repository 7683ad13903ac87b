"""The CLIPS bridge follows docs/rules.md's protocol: same statistics as the engine, caps, errors, order."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from app.backends.base import AgentFailure, StartContext
from app.backends.clips import loading as clips_loading
from app.backends.drivers import create_driver, create_local_driver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import PROFILES, Action, AgentError, Game
from app.core.formats import load_map
from tests.paths import COURSE_MAPS, MAPS_DIR

HEADER = "(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))\n"


def plan_agent(actions: list[Action]) -> str:
    """A CLIPS agent that plays ``actions`` in order, one per step."""
    facts = []
    for step, action in enumerate(actions):
        coords = "" if action.x is None else f" (x {action.x}) (y {action.y})"
        facts.append(f"  (plan (n {step}) (action {action.kind.value}){coords})")
    return HEADER + (
        "(deftemplate plan (slot n) (slot action) (slot x) (slot y))\n"
        "(deffacts the-plan\n" + "\n".join(facts) + ")\n"
        "(defrule act (status (step ?s) (currently running)) (plan (n ?s) (action ?a) (x ?x) (y ?y))\n"
        "  => (assert (exec (step ?s) (action ?a) (x ?x) (y ?y))) (pop-focus))\n"
    )


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# a rule chain that never ends its turn, each firing slow (~0.2 ms): a chunk of firings takes ~0.4 s
SLOW_CHAIN = """(deftemplate counter (slot n))
(deffacts start (counter (n 0)))
(defrule spin ?c <- (counter (n ?n)) => (loop-for-count 5000 do (bind ?x 1)) (modify ?c (n (+ ?n 1))))
"""
QUITTER = ("(defrule fire-then-quit (status (step ?s) (currently running)) (not (exec))\n"
           "   => (assert (exec (step ?s) (action fire) (x 0) (y 0))) (pop-focus))\n"
           "(defrule quit (status (step 1) (currently running)) => (exit 3))\n")


def play(agent: str, map_path: Path, profile: str = "unito-2019", params: dict | None = None):
    """Play a whole game; returns (game, driver, log lines). The driver is left open for inspection."""
    game = Game(load_map(map_path), PROFILES[profile])
    driver = create_local_driver(resolve(agent))
    log: list[str] = []
    match = Match(game, driver, on_log=log.append, params=params)
    match.run()
    return game, driver, log


def facts_of(driver, template: str) -> list[str]:
    return [text for name, text in driver.protocol_facts() + driver.facts() if name == template]


class TestConformance:
    ACTIONS = [Action.fire(0, 0), Action.guess(0, 4), Action.guess(1, 4), Action.unguess(1, 4),
               Action.fire(9, 9), Action.guess(2, 1), Action.fire(3, 4), Action.guess(0, 4), Action.solve()]

    @pytest.mark.parametrize("profile", sorted(PROFILES))
    def test_same_statistics_and_score_as_the_engine(self, tmp_path, profile):
        map_path = MAPS_DIR / "four-known.map"
        agent = write(tmp_path, "plan.clp", plan_agent(self.ACTIONS))
        game, driver, _ = play(str(agent), map_path, profile)
        reference = Game(load_map(map_path), PROFILES[profile])
        for action in self.ACTIONS:
            reference.apply(action)
        assert game.result().statistics == reference.result().statistics
        assert game.score() == reference.score()
        assert [e.to_dict() for e in game.events] == [e.to_dict() for e in reference.events]
        s = reference.statistics()
        expected = (f"(statistics (num_fire_ok {s.fok}) (num_fire_ko {s.fko}) (num_guess_ok {s.gok}) "
                    f"(num_guess_ko {s.gko}) (num_safe {s.safe}) (num_sink {s.sink}))")
        assert facts_of(driver, "statistics") == [expected]
        assert facts_of(driver, "moves") == [f"(moves (fires {s.fires_left}) (guesses {s.guesses_left}))"]
        assert facts_of(driver, "status") == [f"(status (step {len(self.ACTIONS)}) (currently stopped))"]
        driver.close()

    def test_new_k_cells_follow_the_profile(self, tmp_path):
        actions = [Action.fire(0, 0), Action.fire(9, 9), Action.solve()]  # (0,0) sub, (9,9) water
        agent = str(write(tmp_path, "plan.clp", plan_agent(actions)))
        for profile, water_told in (("unito-2019", False), ("unito-2022", True)):
            _, driver, _ = play(agent, MAPS_DIR / "four-known.map", profile)
            kcells = facts_of(driver, "k-cell")
            assert "(k-cell (x 0) (y 0) (content sub))" in kcells
            assert ("(k-cell (x 9) (y 9) (content water))" in kcells) is water_told
            driver.close()

    def test_step_limit_solve_is_asserted_by_main(self, tmp_path):
        actions = [Action.guess(5, 5) if i % 2 == 0 else Action.unguess(5, 5) for i in range(100)]
        agent = write(tmp_path, "plan.clp", plan_agent(actions))
        game, driver, _ = play(str(agent), MAPS_DIR / "four-known.map")
        assert game.events[-1].by_engine and game.step == 101
        assert "(exec (step 100) (action solve) (x nil) (y nil))" in facts_of(driver, "exec")
        assert facts_of(driver, "status") == ["(status (step 101) (currently stopped))"]
        driver.close()


    def test_outcome_is_mirrored_even_when_the_agent_retracted_the_status_fact(self, tmp_path):
        # Without status, MAIN never hands the turn to ENV: the bridge changes the facts itself.
        agent = write(tmp_path, "nostatus.clp", HEADER + """
(defrule act ?status <- (status (step 0) (currently running))
  => (assert (exec (step 0) (action fire) (x 0) (y 0))) (retract ?status) (pop-focus))
""")
        game, driver, log = play(str(agent), MAPS_DIR / "four-known.map")
        assert [e.text for e in game.events][0] == "fire 0 0"
        assert any("no exec for step 1" in line for line in log)
        assert facts_of(driver, "status") == []
        assert facts_of(driver, "moves") == ["(moves (fires 4) (guesses 20))"]
        assert "(k-cell (x 0) (y 0) (content sub))" in facts_of(driver, "k-cell")
        assert facts_of(driver, "statistics")[0].startswith("(statistics (num_fire_ok 1) (num_fire_ko 0)")
        driver.close()


class TestExecChoice:
    def test_most_recent_exec_of_the_step_is_carried_out(self, tmp_path):
        agent = write(tmp_path, "two.clp", HEADER + """
(defrule two (status (step 0) (currently running))
  => (assert (exec (step 0) (action guess) (x 1) (y 1)))
     (assert (exec (step 0) (action guess) (x 2) (y 2))))
(defrule done (status (step ?s&:(> ?s 0)) (currently running)) => (assert (exec (step ?s) (action solve))))
""")
        game, driver, _ = play(str(agent), MAPS_DIR / "four-known.map")
        assert [e.text for e in game.events] == ["guess 2 2", "solve"]
        driver.close()

    @pytest.mark.parametrize("tidy", [False, True], ids=["keeps-its-execs", "retracts-the-last-exec"])
    def test_exec_asserted_early_for_a_later_step_is_carried_out_at_that_step(self, tmp_path, tidy):
        # A tidy agent retracts the newest exec the bridge saw: the bridge reads the execs again from the first.
        tidy_up = ("(defrule tidy-up (declare (salience 10)) (status (step ?s) (currently running))\n"
                   "  ?old <- (exec (step ?p&:(= ?p (- ?s 1)))) => (retract ?old))\n") if tidy else ""
        agent = write(tmp_path, "ahead.clp", HEADER + tidy_up + """
(defrule plan-ahead (status (step 0) (currently running))
  => (assert (exec (step 2) (action guess) (x 3) (y 3)))
     (assert (exec (step 0) (action guess) (x 1) (y 1))))
(defrule one (status (step 1) (currently running)) => (assert (exec (step 1) (action guess) (x 2) (y 2))))
(defrule last (status (step ?s&:(> ?s 2)) (currently running)) => (assert (exec (step ?s) (action solve))))
""")
        game, driver, _ = play(str(agent), MAPS_DIR / "four-known.map")
        assert [e.text for e in game.events] == ["guess 1 1", "guess 2 2", "guess 3 3", "solve"]
        driver.close()

    def test_k_cells_asserted_after_a_retracted_one_are_declared_once(self, tmp_path):
        agent = write(tmp_path, "kcells.clp", HEADER + """
(defrule zero (status (step 0) (currently running))
  => (assert (k-cell (x 9) (y 9) (content water))) (assert (exec (step 0) (action guess) (x 1) (y 1))))
(defrule one (status (step 1) (currently running)) ?old <- (k-cell (x 9) (y 9))
  => (retract ?old) (assert (k-cell (x 9) (y 8) (content water)))
     (assert (exec (step 1) (action solve))))
""")
        game = Game(load_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"])
        driver = create_driver(resolve(str(agent)))
        declared = []
        take = driver.declared_k_cells
        driver.declared_k_cells = lambda: declared.append(take()) or declared[-1]
        Match(game, driver).run()
        assert [[(cell.x, cell.y, piece.value) for cell, piece in cells] for cells in declared if cells] == [
            [(9, 9, "water")], [(9, 8, "water")]]
        driver.close()

    def test_exec_with_an_unknown_action_is_rejected(self, tmp_path):
        agent = write(tmp_path, "odd.clp", HEADER + """
(defrule odd (status (step 0) (currently running))
  => (bind ?kind (sym-cat sh oot)) (assert (exec (step 0) (action ?kind) (x 1) (y 1))))
(defrule done (status (step ?s&:(> ?s 0)) (currently running)) => (assert (exec (step ?s) (action solve))))
""")
        game, driver, _ = play(str(agent), MAPS_DIR / "four-known.map")
        assert [e.outcome.value for e in game.events] == ["rejected", "solved"]
        assert "unknown action 'shoot'" in game.events[0].reason
        driver.close()


class TestHiddenFacts:
    def test_agent_finds_no_hidden_facts(self, tmp_path):
        agent = write(tmp_path, "peek.clp", HEADER + """
(deftemplate cell (slot x) (slot y) (slot content) (slot status))
(deftemplate boat-hor (slot name) (slot x) (multislot ys) (slot size) (multislot status))
(deftemplate boat-ver (slot name) (multislot xs) (slot y) (slot size) (multislot status))
(defrule peek (status (step ?s) (currently running))
  =>
  (printout t "hidden " (length$ (find-all-facts ((?c cell)) TRUE)) " "
              (length$ (find-all-facts ((?b boat-hor)) TRUE)) " "
              (length$ (find-all-facts ((?b boat-ver)) TRUE)) crlf)
  (printout t "env " (get-deftemplate-list ENV) crlf)
  (assert (exec (step ?s) (action solve))) (pop-focus))
""")
        _, driver, log = play(str(agent), COURSE_MAPS / "mappa1.clp")
        assert any(line.endswith("hidden 0 0 0") for line in log)
        # ENV's templates are the course's (its hidden-map ones never hold a fact, and are not exported)
        assert any("env (cell boat-hor boat-ver k-cell k-per-row k-per-col " in line for line in log)
        driver.close()


class TestFailures:
    def test_endless_rule_chain_is_stopped_by_the_firing_cap(self, tmp_path):
        agent = write(tmp_path, "loop.clp", HEADER + """
(deftemplate counter (slot n))
(deffacts start (counter (n 0)))
(defrule spin ?c <- (counter (n ?n)) => (modify ?c (n (+ ?n 1))))
""")
        game, driver, log = play(str(agent), MAPS_DIR / "four-known.map", params={"max_firings": "5000"})
        assert game.over and game.step == 1
        assert any("fired" in line and "limit 5000" in line for line in log)
        driver.close()

    def test_slow_rule_chain_is_stopped_by_the_time_cap(self, tmp_path):
        agent = write(tmp_path, "slow.clp", HEADER + SLOW_CHAIN)  # the cap is checked between chunks of firings
        game, driver, log = play(str(agent), MAPS_DIR / "four-known.map", params={"time_limit": "0.3"})
        assert game.over
        assert any("time limit of 0.3 s" in line for line in log)
        driver.close()

    def test_endless_right_hand_side_ends_the_agents_process(self, tmp_path):
        # one rule's actions never give CLIPS back: only the agent host, which ends the agent's process, stops it
        agent = write(tmp_path, "spin.clp", HEADER + "(defrule spin => (while TRUE do (bind ?x 1)))\n")
        game = Game(load_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"])
        match = Match(game, create_driver(resolve(str(agent))), params={"time_limit": "0.3"})
        try:
            match.run()
        finally:
            match.close()
        assert game.over and "its process was ended" in game.stop_reason

    @pytest.mark.parametrize("when, condition", [
        ("step 0, after the action", "(status (step ?s&:(> ?s 0)))"),  # matched when the outcome changes status
        ("start, at the reset", "(maxduration ?s)"),
        ("start, at the reset", "(statistics (num_fire_ok ?s))"),  # also matched by the start's statistics changes
    ])
    def test_slow_test_in_a_rule_condition_is_stopped_by_the_time_cap(self, tmp_path, when, condition):
        # reported once it returns; an endless one never returns: in the agent host, its process is ended
        agent = write(tmp_path, "hang.clp", HEADER + f"""
(deffunction slow (?s) (loop-for-count 20000000 do (bind ?x ?s)) TRUE)
(defrule hang {condition} (test (slow ?s)) => (printout t "never" crlf))
(defrule act (status (step ?s) (currently running)) => (assert (exec (step ?s) (action guess) (x 1) (y 1))))
""")
        game, driver, log = play(str(agent), MAPS_DIR / "four-known.map", params={"time_limit": "0.3"})
        assert game.over and game.stop_reason.startswith(f"{when}: matching the changed facts")
        assert "time limit of 0.3 s" in game.stop_reason
        assert not any("never" in line for line in log)
        driver.close()

    def test_request_cancel_from_another_thread(self, tmp_path):
        agent = write(tmp_path, "spin.clp", HEADER + SLOW_CHAIN)
        game = Game(load_map(MAPS_DIR / "four-known.map"))
        driver = create_local_driver(resolve(str(agent)))
        driver.start(game.observation(), StartContext(game.profile))
        timer = threading.Timer(0.2, driver.request_cancel)
        timer.start()
        started = time.monotonic()
        with pytest.raises(AgentFailure, match="cancel"):
            driver.next_action(game.observation())
        assert time.monotonic() - started < 4  # well before the 5 s time cap
        driver.close()

    def test_stalled_agent_ends_the_game(self, tmp_path):
        agent = write(tmp_path, "idle.clp", HEADER + "(defrule think => (printout t \"thinking\" crlf))\n")
        game, driver, log = play(str(agent), MAPS_DIR / "four-known.map")
        assert game.over and game.step == 1 and "stalled" in game.stop_reason
        driver.close()

    def test_exit_ends_the_agents_process_not_the_app(self, tmp_path):
        agent = write(tmp_path, "quitter.clp", HEADER + QUITTER)
        game = Game(load_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2019"])
        match = Match(game, create_driver(resolve(str(agent))))
        try:
            match.run()
        finally:
            match.close()
        assert game.over and [e.text for e in game.events] == ["fire 0 0", "solve"]
        assert "agent process died: exit code 3" in game.stop_reason

    def test_exit_in_the_apps_process_is_refused_at_load(self, tmp_path):
        # there it would end the app: clipspy offers no way to take CLIPS's exit function out
        agent = write(tmp_path, "quitter.clp", HEADER + QUITTER)
        with pytest.raises(AgentError, match=r"quitter\.clp:4: the agent calls \(exit\)"):
            play(str(agent), MAPS_DIR / "four-known.map")

    def test_syntax_error_is_reported_and_the_rest_loads(self, tmp_path):
        agent = write(tmp_path, "broken.clp", HEADER + """
(defrule bad (status (step ?s) => (assert (exec (step ?s) (action solve))))

(defrule good (status (step ?s) (currently running))
  => (assert (exec (step ?s) (action solve))) (pop-focus))
""")
        game, driver, log = play(str(agent), MAPS_DIR / "four-known.map")
        assert any(f"{agent}:3:" in line and "Syntax Error" in line for line in log)
        assert game.stop_reason == "solved by the agent"
        driver.close()

    def test_nothing_loaded_is_an_agent_error(self, tmp_path):
        agent = write(tmp_path, "junk.clp", "(defrule (((\n")
        with pytest.raises(AgentError, match="nothing loaded"):
            play(str(agent), MAPS_DIR / "four-known.map")

    def test_slow_value_at_load_time_is_an_agent_error(self, tmp_path, monkeypatch):
        monkeypatch.setattr(clips_loading, "LOAD_TIME_LIMIT", 0.3)
        agent = write(tmp_path, "slow.clp", HEADER + "(deffunction slow () (loop-for-count 20000000 do (bind ?x 1)) 1)\n"
                      "(defglobal ?*x* = (slow))\n")
        with pytest.raises(AgentError, match=r"slow\.clp: loading ran over the time limit of 0\.3 s"):
            play(str(agent), MAPS_DIR / "four-known.map", params={"time_limit": "0.3"})

    def test_missing_agent_module_is_an_agent_error(self, tmp_path):
        agent = write(tmp_path, "nomodule.clp", "(deftemplate foo (slot x))\n")
        with pytest.raises(AgentError, match="no AGENT module"):
            play(str(agent), MAPS_DIR / "four-known.map")


class TestLoading:
    def test_agent_split_in_module_files(self, tmp_path):
        first = write(tmp_path, "a.clp", HEADER + "(deftemplate AGENT::goal (slot action))\n"
                      "(deffacts AGENT::goals (goal (action solve)))\n"
                      "(defrule AGENT::start => (focus DECIDE))\n")
        second = write(tmp_path, "b.clp", "(defmodule DECIDE (import MAIN ?ALL) (import AGENT ?ALL))\n"
                       "(defrule DECIDE::go (status (step ?s) (currently running)) (goal (action ?a))\n"
                       "  => (printout t \"deciding \" ?a crlf) (assert (exec (step ?s) (action ?a))))\n")
        game, driver, log = play(f"{first},{second}", MAPS_DIR / "four-known.map")
        assert game.stop_reason == "solved by the agent"
        assert any(line.endswith("deciding solve") for line in log)
        driver.close()

    def test_clips_63_functions_are_available(self, tmp_path):
        agent = write(tmp_path, "old.clp", HEADER + """
(defrule old (status (step ?s) (currently running))
  => (printout t "old " (length (create$ a b c)) " " (length "abcd") " " (nth 2 (create$ x y)) " "
                (member b (create$ a b)) crlf)
     (assert (exec (step ?s) (action solve))))
""")
        _, driver, log = play(str(agent), MAPS_DIR / "four-known.map")
        assert any(line.endswith("old 3 4 y 2") for line in log)
        driver.close()


class TestWorkingMemoryOrder:
    def test_reset_order_is_main_then_map_then_agent(self, tmp_path):
        agent = write(tmp_path, "mine.clp", HEADER + "(deffacts AGENT::mine (mine 1))\n"
                      "(defrule go (status (step ?s)) => (assert (exec (step ?s) (action solve))))\n")
        game_map = load_map(COURSE_MAPS / "mappa1.clp")
        game = Game(game_map)
        driver = create_local_driver(resolve(str(agent)))
        driver.start(game.observation(), StartContext(game.profile, fact_order=game_map.fact_order))
        facts = list(driver.env.facts())
        names = [f.template.name for f in facts]
        assert names[:4] == ["maxduration", "status", "statistics", "moves"]  # the start marker is gone
        expected_map = [kind for kind, _ in (game_map.fact_order or ())] or (
            ["k-cell"] * len(game_map.known) + ["k-per-row"] * 10 + ["k-per-col"] * 10)
        assert names[4:-1] == expected_map
        assert names[-1] == "mine"
        driver.close()

    def test_fire_modifies_status_moves_kcell_statistics_in_order(self, tmp_path):
        # Watchers of equal salience fire most-recent-first (depth strategy): the reverse of the change order.
        agent = write(tmp_path, "watch.clp", HEADER + """
(defrule w-status (declare (salience 10)) (status (step 1)) => (printout t "saw status" crlf))
(defrule w-moves (declare (salience 10)) (moves (fires 4)) => (printout t "saw moves" crlf))
(defrule w-kcell (declare (salience 10)) (k-cell (x 0) (y 0)) => (printout t "saw k-cell" crlf))
(defrule w-stats (declare (salience 10)) (statistics (num_fire_ok 1)) => (printout t "saw statistics" crlf))
(defrule act (status (step ?s) (currently running))
  => (if (= ?s 0) then (assert (exec (step 0) (action fire) (x 0) (y 0)))
                  else (assert (exec (step ?s) (action solve)))) (pop-focus))
""")
        _, driver, log = play(str(agent), MAPS_DIR / "four-known.map")
        seen = [line.split("saw ")[1] for line in log if "saw " in line]
        assert seen == ["statistics", "k-cell", "moves", "status"]
        driver.close()


class TestCountFacts:
    @pytest.mark.parametrize("course_map, told", [("case1.clp", 0), ("mappa1.clp", 10)])
    def test_the_agent_is_told_the_counts_the_course_file_gives(self, tmp_path, course_map, told):
        # case1.clp has no k-per-row/k-per-col facts: the agent is told none, though the map model has the counts
        agent = write(tmp_path, "solve.clp", HEADER + "(defrule go (status (step ?s)) => "
                      "(assert (exec (step ?s) (action solve))))\n")
        game, driver, _ = play(str(agent), COURSE_MAPS / course_map)
        assert len(facts_of(driver, "k-per-row")) == len(facts_of(driver, "k-per-col")) == told
        assert sum(game.map.row_counts) > 0  # the map model has the counts its ships give
        driver.close()


class TestReuse:
    """A loaded environment is reused for the next game of the same files (see the driver docstring)."""

    def test_second_game_on_another_map_sees_only_that_map(self, tmp_path):
        agent = write(tmp_path, "mine.clp", HEADER + "(deffacts AGENT::mine (mine 1))\n"
                      "(defrule go (status (step ?s)) => (assert (exec (step ?s) (action solve))))\n")
        first, driver, _ = play(str(agent), MAPS_DIR / "four-known.map")
        driver.close()
        game_map = load_map(COURSE_MAPS / "mappa1.clp")
        game = Game(game_map)
        driver = create_local_driver(resolve(str(agent)))
        driver.start(game.observation(), StartContext(game.profile, fact_order=game_map.fact_order))
        names = [f.template.name for f in driver.env.facts()]
        kcells = sorted(text for name, text in driver.protocol_facts() if name == "k-cell")
        expected = sorted(f"(k-cell (x {c.x}) (y {c.y}) (content {p.value}))" for c, p in game_map.known.items())
        assert kcells == expected
        assert names[:4] == ["maxduration", "status", "statistics", "moves"] and names[-1] == "mine"
        assert len(names) == 4 + len(game_map.known) + 20 + 1
        driver.close()

    def test_edited_agent_file_is_loaded_again(self, tmp_path):
        path = tmp_path / "say.clp"
        for version in ("one", "three"):  # different sizes: a new key even within one mtime tick
            path.write_text(HEADER + f'(defrule say (status (step ?s)) => (printout t "version {version}" crlf)'
                            " (assert (exec (step ?s) (action solve))))\n", encoding="utf-8")
            _, driver, log = play(str(path), MAPS_DIR / "four-known.map")
            driver.close()
            assert any(line.endswith(f"version {version}") for line in log)

    def test_load_errors_are_shown_in_every_game(self, tmp_path):
        agent = write(tmp_path, "broken.clp", HEADER + "(defrule bad (status (step ?s) => (halt))\n"
                      "(defrule good (status (step ?s)) => (assert (exec (step ?s) (action solve))))\n")
        for _ in range(2):
            _, driver, log = play(str(agent), MAPS_DIR / "four-known.map")
            driver.close()
            assert any(f"{agent}:2:" in line for line in log)
