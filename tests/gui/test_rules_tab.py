"""The Rules tab (offscreen): a CLIPS agent's rule firings per step, fact changes, agenda, rule counts, replays."""

from __future__ import annotations

import re

from PyQt5.QtCore import Qt

from app.backends.games import play
from app.backends.tracing import StepTrace
from app.core import PROFILES, Cell
from app.core.gamelog import save
from app.gui.main_tabs import FactsTab, RulesTab
from app.solver.playable import load_game_map
from tests.backends.test_clips_trace import ORDERED_AGENT
from tests.paths import MAPS_DIR

FOUR_KNOWN = str(MAPS_DIR / "four-known.map")


def _steps(qtbot, window, count: int) -> None:
    for done in range(1, count + 1):
        window.step()
        qtbot.waitUntil(lambda n=done: window.session.steps_done == n or window.session.over, timeout=30000)
    qtbot.waitUntil(lambda: bool(window.tabs.panel(RulesTab).panel.traces), timeout=10000)


def _pick(panel, rule: str):
    for i in range(panel.firings.topLevelItemCount()):
        item = panel.firings.topLevelItem(i)
        if item.text(2) == rule:
            panel.firings.setCurrentItem(item)
            return item.data(0, Qt.UserRole)
    raise AssertionError(f"{rule} is not listed")


class TestOrderedAgent:
    def _play(self, qtbot, window, tmp_path, steps: int = 1):
        agent = tmp_path / "ordered.clp"
        agent.write_text(ORDERED_AGENT, encoding="utf-8")
        assert window.load_map(FOUR_KNOWN)
        assert window.select_agent(str(agent))
        _steps(qtbot, window, steps)
        window.tabs.setCurrentWidget(window.tabs.panel(RulesTab).panel)
        return window.tabs.panel(RulesTab).panel

    def test_lists_the_firings_in_order_with_their_facts(self, qtbot, window, tmp_path):
        panel = self._play(qtbot, window, tmp_path)
        agent = [row for row in panel.listed() if row[0] == "AGENT"]
        shown = [(rule, salience) for _, rule, salience, _ in agent]
        assert shown == [("first", 30), ("second", 20), ("third", 10)]
        trace = panel.shown
        firings = {f.rule: f for f in trace.firings}
        note = firings["second"].basis[1].index
        status = firings["first"].basis[0].index
        assert [labels for *_, labels in agent] == [f"f-{status},*", f"f-{status},f-{note}", f"f-{status},f-{note}"]
        assert firings["third"].basis[1].text == "(note (x 3) (y 0) (n 0))"
        assert panel.summary.text().startswith("Step 0: ")

    def test_module_and_rule_filters(self, qtbot, window, tmp_path):
        panel = self._play(qtbot, window, tmp_path)
        panel.module_box.setCurrentText("AGENT")
        assert {row[0] for row in panel.listed()} == {"AGENT"}
        panel.filter_edit.setText("sec")
        assert [row[1] for row in panel.listed()] == ["second"]
        counted = [panel.count_tree.topLevelItem(i).text(2) for i in range(panel.count_tree.topLevelItemCount())]
        assert counted == ["second"]  # the rule counts are filtered too

    def test_picking_a_firing_rings_its_cells_and_selects_its_facts(self, qtbot, window, tmp_path):
        panel = self._play(qtbot, window, tmp_path)
        window.tabs.setCurrentWidget(window.tabs.panel(FactsTab).panel)
        window.tabs.setCurrentWidget(window.tabs.panel(RulesTab).panel)
        _pick(panel, "third")
        assert window.tabs.panel(RulesTab).trace_link.rings.cells == [Cell(3, 0)]
        selected = [item.text(2) for item in window.tabs.panel(FactsTab).panel.tree.selectedItems()]
        # the fact as it is now (status moved on to step 1 since, same index), the agent's module first
        assert selected == ["(note (x 3) (y 0) (n 0))", "(status (step 1) (currently running))"]

    def test_changed_facts_are_marked(self, qtbot, window, tmp_path):
        self._play(qtbot, window, tmp_path)
        window.tabs.setCurrentWidget(window.tabs.panel(FactsTab).panel)
        facts = window.tabs.panel(FactsTab).panel
        index = {row.text: row.index for row in facts.visible_rows()}
        assert facts.change_of(index["(note (x 3) (y 0) (n 0))"]) == "asserted"
        assert facts.change_of(index["(done (step 0))"]) == "asserted"
        assert facts.change_of(index["(status (step 1) (currently running))"]) == "modified"
        assert facts.change_of(index["(maxduration 100)"]) == ""
        facts.changed_box.setChecked(True)
        changed = facts.visible_facts()
        assert ("exec", "(exec (step 0) (action fire) (x 3) (y 0))") in changed  # MAIN's facts too
        assert ("moves", "(moves (fires 4) (guesses 20))") in changed
        assert len(changed) == len(window.tabs.panel(RulesTab).panel.shown.changes)

    def test_rule_counts_include_rules_that_never_fired(self, qtbot, window, tmp_path):
        panel = self._play(qtbot, window, tmp_path, steps=2)
        assert panel.count_of("AGENT::first") == 2
        assert panel.count_of("AGENT::never") == 0
        assert panel.count_of("ENV::mirror-outcome") == 0  # the bridge fires it: not part of a turn

    def test_agenda_and_focus_stack_after_the_step(self, qtbot, window, tmp_path):
        panel = self._play(qtbot, window, tmp_path)
        assert "Focus stack (top first): MAIN" in panel.focus_label.text()
        rows = [[panel.agenda.topLevelItem(i).text(c) for c in range(4)]
                for i in range(panel.agenda.topLevelItemCount())]
        assert [row[:3] for row in rows] == [["20", "MAIN", "go-on-agent"], ["30", "AGENT", "first"]]
        assert rows[1][3].endswith(",*")


def test_bdi_rules_tab_matches_a_headless_traced_game(qtbot, window):
    assert window.load_map(FOUR_KNOWN)
    assert window.select_agent("bdi")
    _steps(qtbot, window, 3)
    panel = window.tabs.panel(RulesTab).panel
    traces: list[StepTrace] = []
    play("bdi", load_game_map(FOUR_KNOWN), PROFILES["unito-2019"], on_trace=traces.append)
    for step in range(3):
        panel.show_step(step)
        expected = [(f.module, f.rule, f.salience, ",".join(b.label for b in f.basis) or "*")
                    for f in traces[step].firings]
        assert panel.listed() == expected
    modules = {row[0] for row in panel.listed()}
    assert len(modules - {"MAIN", "ENV"}) >= 3  # bdi's own modules by name
    never = [name for name in panel.rules if panel.count_of(name) == 0]
    assert never and all(re.fullmatch(r"[A-Z-]+::\S+", name) for name in never)


def test_replay_shows_the_rules_of_a_saved_traced_game(qtbot, window, tmp_path):
    traces: list[StepTrace] = []
    game = play("incrocio", load_game_map(FOUR_KNOWN), PROFILES["unito-2019"], on_trace=traces.append)
    target = tmp_path / "traced.jsonl"
    save(game, target)
    viewer = window.open_replay(str(target))
    qtbot.addWidget(viewer)
    viewer.go_to(2)
    panel = viewer.rules_panel
    assert panel.listed() == [(f.module, f.rule, f.salience, ",".join(b.label for b in f.basis) or "*")
                              for f in traces[1].firings]
    viewer.go_to(0)
    assert panel.listed() == [] and "No step yet" in panel.summary.text()  # not "traces exist for CLIPS agents"


def test_a_saved_gui_game_keeps_its_trace(qtbot, window, tmp_path):
    assert window.load_map(FOUR_KNOWN)
    assert window.select_agent("incrocio")
    _steps(qtbot, window, 2)
    game = window.session.game_so_far()
    assert sorted(game.traces) == [0, 1]
    assert StepTrace.from_dict(game.traces[1]) == window.tabs.panel(RulesTab).panel.traces[1]
