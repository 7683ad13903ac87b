"""Step rule, breakpoints, "why didn't it fire?" and live protocol warnings in the main window (offscreen)."""

from __future__ import annotations

import os
from pathlib import Path

from app.gui.main_tabs import FactsTab, RulesTab
from tests.backends.test_clips_stepping import ORDER, SLOPPY_AGENT, WHY_RULES
from tests.backends.test_clips_trace import ORDERED_AGENT
from tests.paths import MAPS_DIR, ROOT

FOUR_KNOWN = str(MAPS_DIR / "four-known.map")
SHOTS = os.environ.get("BATTLESHIP_DOC_SHOTS")  # set: save the docs' screenshots (docs/debugging.md)


def shot(window, name: str) -> None:
    """Save the window as docs/NAME.png at 1366x768 when asked (``BATTLESHIP_DOC_SHOTS=1``)."""
    if SHOTS:
        window.resize(1366, 768)
        window.grab().save(str(ROOT / "docs" / name))


def choose(window, tmp_path: Path, text: str = ORDERED_AGENT + WHY_RULES, name: str = "ordered.clp") -> None:
    agent = tmp_path / "agents" / name
    agent.parent.mkdir(exist_ok=True)
    agent.write_text(text, encoding="utf-8")
    assert window.load_map(FOUR_KNOWN)
    assert window.select_agent(str(agent))


def names(trace) -> list[str]:
    return [f"{f.module}::{f.rule}" for f in trace.firings]


def wait_paused(qtbot, window, fired: int) -> None:
    qtbot.waitUntil(lambda: window.session.paused_turn is not None and window.session.paused_turn.fired == fired
                    and not window.session.busy, timeout=30000)


class TestStepRule:
    def test_each_press_fires_one_rule_and_shows_the_turn_so_far(self, qtbot, window, tmp_path):
        choose(window, tmp_path)
        panel = window.tabs.panel(RulesTab).panel
        for fired in range(1, 4):
            window.controls.step_rule_action.trigger()
            wait_paused(qtbot, window, fired)
            assert [f"{m}::{r}" for m, r, _, _ in panel.listed()] == ORDER[:fired]
            assert panel.agenda.topLevelItem(0).text(2) == ORDER[fired].split("::")[1]  # fires next
            assert not panel.pause_label.isHidden() and ORDER[fired] in panel.pause_label.text()
            assert window.session.steps_done == 0  # mid-turn: the board has not moved
        assert "Paused mid-turn before AGENT::third" in window.status.state_label.text()
        first = panel.firings.topLevelItem(1)  # its facts' rows are made when it is opened
        assert first.childCount() == 0
        first.setExpanded(True)
        assert [first.child(i).text(0).strip() for i in range(first.childCount())] == [
            "f-2 (status (step 0) (currently running))", "* (a not pattern: no fact)"]
        window.tabs.setCurrentWidget(window.tabs.panel(FactsTab).panel)
        shot(window, "rules-step-rule-facts.png")
        window.tabs.setCurrentWidget(panel)
        shot(window, "rules-step-rule.png")
        window.step()  # finishes the turn
        qtbot.waitUntil(lambda: window.session.steps_done == 1 and not window.session.busy, timeout=30000)
        assert window.session.paused_turn is None and panel.pause_label.isHidden()
        assert names(panel.shown) == ORDER  # the whole step's firings, the three fired by hand among them

    def test_step_rule_and_why_not_are_for_clips_agents(self, qtbot, window):
        assert window.load_map(FOUR_KNOWN)
        assert window.select_agent("random")
        assert not window.controls.step_rule_action.isEnabled()
        window.why_not("AGENT::anything")
        qtbot.waitUntil(lambda: "No answer" in window.tabs.panel(RulesTab).panel.why.answer.toPlainText(), timeout=5000)
        assert "pick a CLIPS agent first" in window.tabs.panel(RulesTab).panel.why.answer.toPlainText()


class TestBreakpoints:
    def test_a_breakpoint_from_the_menu_pauses_before_the_rule(self, qtbot, window, tmp_path):
        choose(window, tmp_path)
        panel = window.tabs.panel(RulesTab).panel
        panel.rule_menu("AGENT::third").actions()[0].trigger()  # "Break before this rule"
        assert window.session.breakpoints == {"AGENT::third"}
        assert [panel.breaks.list.item(i).text() for i in range(panel.breaks.list.count())] == ["AGENT::third"]
        window.run()
        wait_paused(qtbot, window, 3)
        assert not window.session.running  # a breakpoint stops a run
        pause = window.session.paused_turn
        assert (pause.reason, pause.next_rule) == ("breakpoint", "AGENT::third")
        assert names(panel.shown) == ORDER[:3]
        assert panel.lower.currentWidget() is panel.agenda_box  # the agenda shown, third first
        assert panel.agenda.topLevelItem(0).text(2) == "third" and panel.agenda.topLevelItem(0).font(2).bold()
        assert "breakpoint: step 0 paused before AGENT::third" in window.log_text()
        shot(window, "rules-breakpoint.png")
        window.step()  # third fires first, then the turn ends; the next turn pauses there again
        qtbot.waitUntil(lambda: window.session.steps_done == 1 and not window.session.busy, timeout=30000)
        window.step()
        wait_paused(qtbot, window, 3)
        assert window.session.paused_turn.step == 1
        panel.rule_menu("AGENT::third").actions()[0].trigger()  # "Remove the breakpoint"
        assert window.session.breakpoints == frozenset() and panel.breaks.list.count() == 0
        window.step()
        qtbot.waitUntil(lambda: window.session.steps_done == 2 and not window.session.busy, timeout=30000)
        window.step()
        qtbot.waitUntil(lambda: window.session.steps_done == 3 and not window.session.busy, timeout=30000)
        assert window.session.paused_turn is None

    def test_bdi_pauses_before_its_rule_with_the_agenda_shown(self, qtbot, window):
        assert window.load_map(FOUR_KNOWN)
        assert window.select_agent("bdi")
        window.tabs.panel(RulesTab).panel.breaks.set_names({"AGENT::execute-action"})
        window.step()
        qtbot.waitUntil(lambda: window.session.paused_turn is not None and not window.session.busy, timeout=30000)
        pause = window.session.paused_turn
        assert pause.next_rule == "AGENT::execute-action"
        agenda = window.tabs.panel(RulesTab).panel.agenda.topLevelItem(0)
        assert (agenda.text(1), agenda.text(2)) == ("AGENT", "execute-action")
        assert window.tabs.panel(FactsTab).panel is not None and window.tabs.panel(FactsTab).facts  # the working memory mid-turn
        shot(window, "rules-agenda-paused.png")


class TestWhyNot:
    def test_names_the_first_pattern_with_no_match(self, qtbot, window, tmp_path):
        choose(window, tmp_path)
        window.step()
        qtbot.waitUntil(lambda: window.session.steps_done == 1 and not window.session.busy, timeout=30000)
        panel = window.tabs.panel(RulesTab).panel
        assert "AGENT::blocked-by-third" in [panel.why.rule_box.itemText(i) for i in range(panel.why.rule_box.count())]
        panel.rule_menu("AGENT::blocked-by-third").actions()[1].trigger()  # "Why didn't it fire?"
        qtbot.waitUntil(lambda: "cannot fire" in panel.why.answer.toPlainText(), timeout=10000)
        lines = panel.why.answer.toPlainText().splitlines()
        assert lines[0] == "AGENT::blocked-by-third cannot fire: pattern 3 `(note (x 9))`: no fact matches"
        assert panel.lower.currentWidget() is panel.why_page  # the "Why not?" tab (the panel scrolls in it)
        window.tabs.setCurrentWidget(panel)
        shot(window, "rules-why-not.png")
        panel.why.rule_box.setEditText("nosuch")
        panel.why.ask_current()
        qtbot.waitUntil(lambda: "No answer" in panel.why.answer.toPlainText(), timeout=10000)
        assert "the agent has no rule named nosuch" in panel.why.answer.toPlainText()
        panel.why.rule_box.setEditText("blocked-by-third")  # typed without its module
        panel.why.ask_current()
        qtbot.waitUntil(lambda: "AGENT::blocked-by-third cannot fire" in panel.why.answer.toPlainText(), timeout=10000)
        window.reset()
        assert panel.why.rule_box.currentText() == "AGENT::blocked-by-third"  # Reset keeps the rule picked

    def test_mid_turn_on_bdi(self, qtbot, window):
        assert window.load_map(FOUR_KNOWN)
        assert window.select_agent("bdi")
        for fired in range(1, 3):
            window.step_rule()
            wait_paused(qtbot, window, fired)
        window.why_not("AGENT::execute-action")
        qtbot.waitUntil(lambda: "AGENT::execute-action" in window.tabs.panel(RulesTab).panel.why.answer.toPlainText()
                        and "Asking" not in window.tabs.panel(RulesTab).panel.why.answer.toPlainText(), timeout=10000)
        text = window.tabs.panel(RulesTab).panel.why.answer.toPlainText()
        assert text.startswith("AGENT::execute-action cannot fire: pattern ")
        assert "  pattern 1 `" in text


def test_protocol_warnings_appear_live_in_the_log(qtbot, window, tmp_path):
    choose(window, tmp_path, SLOPPY_AGENT, "sloppy.clp")
    window.step()
    qtbot.waitUntil(lambda: window.session.steps_done == 1 and not window.session.busy, timeout=30000)
    log = window.log_text()
    assert "warning: step 0: focus-kept: AGENT::act-fire asserted the exec for step 0" in log
    assert "warning: step 0: rule-repeats: AGENT::spin fired 600 times" in log
    window.step()
    qtbot.waitUntil(lambda: window.session.steps_done == 2 and not window.session.busy, timeout=30000)
    assert "warning: step 1: fire-twice: fire 0 0" in window.log_text()
