"""check-agent's checks: the templates and shipped agents pass; each broken agent triggers its finding."""

from __future__ import annotations

import pytest

from app.analysis.mistakes import CheckedDriver, Finding, FindingKind, action_findings, check_agent, play_checked
from app.backends.drivers import create_driver
from app.backends.registry import ROOT, resolve
from app.core import PROFILES, Action, Game
from app.core.formats import load_map
from tests.paths import MAPS_DIR

BROKEN = ROOT / "tests" / "backends" / "broken_agents"
FOUR_KNOWN = load_map(MAPS_DIR / "four-known.map")
BOTH = [PROFILES[name] for name in sorted(PROFILES)]

#: each broken agent and the finding it must trigger (its file's first comment says what is wrong)
EXPECTED = {
    "no_exec.clp": FindingKind.NO_EXEC,
    "no_pop_focus.clp": FindingKind.NO_POP_FOCUS,
    "fire_twice.clp": FindingKind.FIRE_TWICE,
    "flag_twice.clp": FindingKind.FLAG_TWICE,
    "too_many_flags.clp": FindingKind.NO_FLAGS_LEFT,
    "too_many_fires.clp": FindingKind.NO_FIRES_LEFT,
    "off_board.clp": FindingKind.OFF_BOARD,
    "bad_action.clp": FindingKind.BAD_ACTION,
    "unguess_unflagged.clp": FindingKind.UNGUESS_UNFLAGGED,
    "after_solve.clp": FindingKind.AFTER_SOLVE,
    "wrong_step.clp": FindingKind.WRONG_STEP,
    "near_cap.clp": FindingKind.NEAR_CAP,
    "misspelt.clp": FindingKind.LOAD_ERROR,
    "modify_slot.clp": FindingKind.LOAD_ERROR,
    "missing_paren.clp": FindingKind.PARENS,
    "nondeterministic.py": FindingKind.NONDETERMINISTIC,
    "crashes.py": FindingKind.FAILURE,
    "slow.py": FindingKind.SLOW_STEP,
}


def test_every_broken_agent_has_its_expectation():
    assert sorted(EXPECTED) == sorted(path.name for path in BROKEN.iterdir() if path.suffix in (".clp", ".py"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_agent_triggers_its_finding(name):
    params = {"near_cap.clp": {"max_firings": "1000"}, "slow.py": {"time_limit": "2"}}.get(name, {})
    report = check_agent(resolve(str(BROKEN / name)), [FOUR_KNOWN], [PROFILES["unito-2019"]], params=params)
    kinds = {finding.kind for finding in report.findings}
    assert EXPECTED[name] in kinds, [finding.describe() for finding in report.findings]
    assert not report.ok


@pytest.mark.parametrize("template", ["my_agent.clp", "my_agent.py"])
def test_templates_pass(template):
    maps = [load_map(path) for path in sorted(MAPS_DIR.glob("*.map"))]
    report = check_agent(resolve(str(ROOT / "agents" / "templates" / template)), maps, BOTH)
    assert report.ok, [finding.describe() for finding in report.findings]
    assert report.games == len(maps) * 2 * 2


def test_missing_paren_is_named_where_it_is_open():
    report = check_agent(resolve(str(BROKEN / "missing_paren.clp")), [FOUR_KNOWN], [PROFILES["unito-2019"]], runs=1)
    [parens] = [f.message for f in report.findings if f.kind is FindingKind.PARENS]
    assert parens.endswith("missing_paren.clp:8: `(assert` opened here is not closed before "
                           "`(defrule AGENT::fire-corner` at line 11")


def test_several_execs_name_them_in_order():
    _, driver = play_checked(resolve(str(BROKEN / "no_pop_focus.clp")), FOUR_KNOWN, PROFILES["unito-2019"])
    several = [f for f in driver.findings if f.kind is FindingKind.SEVERAL_EXECS]
    assert several and several[0].step == 0
    assert "only the newest (solve) is carried out" in several[0].message
    assert several[0].map_name == "four-known" and several[0].rules == "unito-2019"


def test_findings_are_reported_as_they_happen():
    seen: list[Finding] = []
    spec = resolve(str(BROKEN / "fire_twice.clp"))
    driver = CheckedDriver(create_driver(spec, seed=1), "four-known", "unito-2019", on_finding=seen.append)
    from app.backends.runner import Match

    match = Match(Game(FOUR_KNOWN, PROFILES["unito-2019"]), driver)
    try:
        match.step()
        assert seen == []  # the first fire at (5, 5) is fine
        match.step()
        assert [f.kind for f in seen] == [FindingKind.FIRE_TWICE] and seen[0].step == 1
    finally:
        match.close()


class TestActionFindings:
    def observation(self, rules="unito-2019", actions=()):
        game = Game(FOUR_KNOWN, PROFILES[rules])
        for action in actions:
            game.apply(action)
        return game.observation()

    def test_a_good_move_is_fine(self):
        assert action_findings(Action.fire(5, 5), self.observation()) == []

    def test_wasting_leftovers_is_fine_where_leftovers_cost(self):
        observation = self.observation("unito-2022", [Action.fire(5, 5), Action.guess(1, 1)])
        assert action_findings(Action.fire(5, 5), observation, PROFILES["unito-2022"]) == []
        assert action_findings(Action.guess(1, 1), observation, PROFILES["unito-2022"]) == []
        kinds = [kind for kind, _ in action_findings(Action.fire(5, 5), observation, PROFILES["unito-2019"])]
        assert kinds == [FindingKind.FIRE_TWICE]

    def test_unguess_of_an_unflagged_cell(self):
        [(kind, message)] = action_findings(Action.unguess(2, 3), self.observation())
        assert kind is FindingKind.UNGUESS_UNFLAGGED and "(2, 3) is not flagged" in message

    def test_text_that_is_no_action(self):
        [(kind, message)] = action_findings("fire nil nil", self.observation())
        assert kind is FindingKind.BAD_ACTION and "`fire nil nil`" in message

    def test_no_action(self):
        [(kind, _)] = action_findings(None, self.observation())
        assert kind is FindingKind.NO_EXEC


def test_any_exception_of_the_driver_is_a_failure():
    from app.backends.base import Driver
    from app.backends.runner import Match

    class Broken(Driver):
        name = "broken"

        def next_action(self, observation):
            raise RuntimeError("fact modify failed")

    driver = CheckedDriver(Broken(), "four-known", "unito-2019")
    match = Match(Game(FOUR_KNOWN, PROFILES["unito-2019"]), driver)
    match.run()
    [finding] = driver.findings
    assert finding.kind is FindingKind.FAILURE and finding.step == 0
    assert finding.message == "RuntimeError: fact modify failed"
