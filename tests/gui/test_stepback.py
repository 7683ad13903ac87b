"""Step back in the main window (offscreen): back one rule firing, back one step, back to a firing picked in the Rules
tab, then forward again; breakpoints and "why not?" at the position reached; a Python agent's step back."""

from __future__ import annotations

from app.core import gamelog
from app.gui.main_tabs import FactsTab, RulesTab
from app.gui.session import GameSession
from tests.backends.test_clips_stepping import ORDER, WHY_RULES
from tests.backends.test_clips_trace import ORDERED_AGENT
from tests.gui.test_rule_debugging import FOUR_KNOWN, choose, shot, wait_paused
from tests.paths import MAPS_DIR


def idle(qtbot, window, steps: int) -> None:
    qtbot.waitUntil(lambda: window.session.steps_done == steps and not window.session.busy, timeout=30000)


def seen(window) -> tuple:
    """What the window shows of the position: the board's observation, the facts, the trace shown (firings, facts
    changed, agenda), the turn paused, the log's events."""
    session = window.session
    rules = window.tabs.panel(RulesTab).panel
    pause = session.paused_turn
    return (session.state.observation, tuple(window.tabs.panel(FactsTab).facts), rules.shown,
            (pause.step, pause.fired, pause.next_rule) if pause is not None else None, tuple(session.events))


def test_back_one_firing_and_one_step_show_what_was_shown_there_and_forward_again(qtbot, window, tmp_path):
    choose(window, tmp_path, ORDERED_AGENT + WHY_RULES)
    controls, session = window.controls, window.session
    assert not controls.back_step_action.isEnabled() and not controls.back_rule_action.isEnabled()
    window.step()
    idle(qtbot, window, 1)
    at_step_1 = seen(window)
    forward = {}
    for fired in range(1, 4):
        window.step_rule()
        wait_paused(qtbot, window, fired)
        forward[fired] = seen(window)
    assert controls.back_rule_action.isEnabled() and controls.back_step_action.isEnabled()
    controls.back_rule_action.trigger()  # Shift+F11
    wait_paused(qtbot, window, 2)
    assert seen(window) == forward[2]
    assert "— back to step 1, after 2 rule firings of its turn —" in window.log_text()
    window.tabs.show(window.tabs.panel(RulesTab))
    shot(window, "stepback-rule.png")
    controls.back_rule_action.trigger()
    wait_paused(qtbot, window, 1)
    assert seen(window) == forward[1]
    controls.back_step_action.trigger()  # Shift+F10: inside a turn, to the step's start
    qtbot.waitUntil(lambda: session.paused_turn is None and not session.busy, timeout=30000)
    assert seen(window) == at_step_1
    assert "— back to the start of step 1 —" in window.log_text()
    for fired in range(1, 4):  # forward again, as before
        window.step_rule()
        wait_paused(qtbot, window, fired)
        assert seen(window) == forward[fired]
    window.step()
    idle(qtbot, window, 2)
    controls.back_rule_action.trigger()  # from a step's start: just before the last firing of the step before
    wait_paused(qtbot, window, len(ORDER) - 1)
    assert session.paused_turn.next_rule == ORDER[-1]


def test_back_to_a_firing_picked_in_the_rules_tab_with_breakpoints_and_why_not_there(qtbot, window, tmp_path):
    choose(window, tmp_path, ORDERED_AGENT + WHY_RULES)
    panel = window.tabs.panel(RulesTab).panel
    for steps in (1, 2):
        window.step()
        idle(qtbot, window, steps)
    assert panel.shown.step == 1
    panel.back_asked.emit(1, 3)  # the firing menu's "Back to just before firing #3"
    wait_paused(qtbot, window, 2)
    assert window.session.paused_turn.next_rule == ORDER[2]
    assert [f"{m}::{r}" for m, r, _, _ in panel.listed()] == ORDER[:2]
    assert panel.agenda.topLevelItem(0).text(2) == ORDER[2].split("::")[1]  # fires next
    assert len(window.session.events) == 1 and window.session.steps_done == 1
    window.why_not("AGENT::disagree")
    qtbot.waitUntil(lambda: "disagree" in panel.why.answer.toPlainText(), timeout=10000)
    panel.breaks.set_names({"AGENT::third"})
    window.step()  # on from the position: the breakpoint stops the turn before third
    wait_paused(qtbot, window, 3)
    assert window.session.paused_turn.reason == "breakpoint"
    panel.breaks.set_names(set())
    window.step()
    idle(qtbot, window, 2)


def test_menu_of_a_firing_offers_going_back_to_it(qtbot, window, tmp_path):
    choose(window, tmp_path, ORDERED_AGENT + WHY_RULES)
    panel = window.tabs.panel(RulesTab).panel
    window.step()
    idle(qtbot, window, 1)
    asked = []
    panel.back_asked.connect(lambda step, number: asked.append((step, number)))
    item = panel.firings.topLevelItem(2)
    rect = panel.firings.visualItemRect(item)
    menus = []
    original = type(panel).rule_menu

    def spy(self, name):
        menu = original(self, name)
        menus.append(menu)
        menu.exec_ = lambda *_args: None  # not shown (offscreen)
        return menu

    type(panel).rule_menu = spy
    try:
        panel._context_menu(panel.firings, rect.center())
    finally:
        type(panel).rule_menu = original
    back = [a for a in menus[0].actions() if a.text().startswith("Back to just before firing #3")]
    back[0].trigger()
    assert asked == [(0, 3)]


def test_a_real_agent_played_on_after_stepping_back_gives_the_game_played_straight(qtbot, window):
    bench_map = str(MAPS_DIR / "bench" / "k0-0001.map")
    assert window.load_map(bench_map)
    assert window.select_agent("incrocio")
    window.run()
    qtbot.waitUntil(lambda: window.session.over and not window.session.busy, timeout=60000)
    straight = gamelog.dumps(window.session.game_so_far(), seed=0)
    window.controls.back_step_action.trigger()  # from the end: the start of the last step
    qtbot.waitUntil(lambda: not window.session.over and not window.session.busy, timeout=60000)
    assert window.session.result is None and "Game over" not in window.status.state_label.text()
    for _ in range(3):  # into the previous step's turn (incrocio's last turns fire 5 rules), not to its start
        window.controls.back_rule_action.trigger()
        qtbot.waitUntil(lambda: not window.session.busy, timeout=60000)
    assert window.session.paused_turn is not None
    window.run()
    qtbot.waitUntil(lambda: window.session.over and not window.session.busy, timeout=60000)
    assert gamelog.dumps(window.session.game_so_far(), seed=0) == straight


def test_a_python_agent_steps_back_one_step(qtbot, window):
    assert window.load_map(FOUR_KNOWN)
    assert window.select_agent("random")
    for steps in (1, 2, 3):
        window.step()
        idle(qtbot, window, steps)
    played = list(window.session.events)
    board = window.session.state.observation
    assert not window.controls.back_rule_action.isEnabled()  # a Python agent has no rules
    window.controls.back_step_action.trigger()
    idle(qtbot, window, 2)
    assert window.session.events == played[:2]
    window.step()
    idle(qtbot, window, 3)
    assert window.session.events == played and window.session.state.observation == board


def test_step_back_needs_a_game_under_way():
    session = GameSession()
    from app.gui.stepback import StepBack

    back = StepBack(session)
    assert not back.can_back()
    back.back_step()  # nothing to go back to: nothing happens
    assert session.generation == 0
