"""The "Why this shot?" tree (offscreen): asked of a board cell, a fact of a firing, a fact in the Facts tab, a
firing; clicking a node selects its firing and rings its cells; the same in a replay."""

from __future__ import annotations

from PyQt5.QtCore import QPoint, Qt
from PyQt5.QtTest import QTest

from app.backends.games import play
from app.core import PROFILES, Cell
from app.core.gamelog import save
from app.gui.main_tabs import FactsTab, RulesTab
from app.solver.playable import load_game_map
from tests.backends.test_provenance import CHAIN_AGENT
from tests.paths import MAPS_DIR

FOUR_KNOWN = str(MAPS_DIR / "four-known.map")
# the known chain of chain.clp's shot at (8, 0): C from f2, B made f2 from f1, A made f1 from the known top end
CHAIN_ROWS = [
    (0, "f-33 (exec (step 0) (action fire) (x 8) (y 0))", "AGENT::C", "0", "4"),
    (1, "f-2 (status (step 0) (currently running))", "environment", "", ""),
    (1, "f-31 (f2 (x 8) (y 0))", "AGENT::B", "0", "3"),
    (2, "f-30 (f1 (x 7) (y 0))", "AGENT::A", "0", "2"),
    (3, "f-8 (k-cell (x 7) (y 0) (content top))", "environment", "", ""),
]


def _play_chain(qtbot, window, steps: int = 1):
    assert window.load_map(FOUR_KNOWN)
    assert window.select_agent(str(CHAIN_AGENT))
    for done in range(1, steps + 1):
        window.step()
        qtbot.waitUntil(lambda n=done: window.session.steps_done == n or window.session.over, timeout=30000)
    tab = window.tabs.panel(RulesTab)
    qtbot.waitUntil(lambda: len(tab.panel.traces) >= steps, timeout=10000)
    return tab


def _node(tree, rule: str):
    found = tree.tree.findItems(rule + " (", Qt.MatchStartsWith | Qt.MatchRecursive, 0)
    assert found, f"no node of {rule}"
    return found[0]


def test_double_click_on_a_fired_cell_shows_the_chain_and_a_node_selects_its_firing(qtbot, window):
    tab = _play_chain(qtbot, window)
    panel, board = tab.panel, tab.trace_link.board
    window.tabs.setCurrentWidget(window.tabs.panel(FactsTab).panel)
    centre = board.cell_rect(Cell(8, 0)).center()
    QTest.mouseDClick(board, Qt.LeftButton, Qt.NoModifier, QPoint(int(centre.x()), int(centre.y())))
    assert window.tabs.currentWidget() is panel  # the Rules tab came forward, its "Why this shot?" tab too
    assert panel.lower.currentWidget() is panel.why_tree
    assert panel.why_tree.rows() == CHAIN_ROWS
    assert "action of step 0" in panel.why_tree.question.text()
    node = _node(panel.why_tree, "AGENT::B")
    panel.why_tree.tree.itemClicked.emit(node, 0)
    current = panel.firings.currentItem()
    assert (current.text(0), current.text(2)) == ("3", "B")
    assert tab.trace_link.rings.cells == [Cell(7, 0)]  # B matched f1 (x 7) (y 0)


def test_a_cell_no_exec_was_at_is_left_to_the_board(qtbot, window):
    tab = _play_chain(qtbot, window)
    assert tab.panel.why_tree.shot_at(Cell(0, 0)) is None
    assert not tab.panel.why_cell(Cell(0, 0))
    assert tab.panel.why_tree.rows() == []


def test_a_fact_of_the_facts_tab_and_of_a_firing(qtbot, window):
    tab = _play_chain(qtbot, window)
    panel, facts = tab.panel, window.tabs.panel(FactsTab).panel
    window.tabs.setCurrentWidget(facts)
    qtbot.waitUntil(lambda: any(row.template == "f2" for row in facts.visible_rows()), timeout=10000)
    row = next(row for row in facts.visible_rows() if row.template == "f2")
    facts.why_asked.emit(row.index, row.text)
    assert window.tabs.currentWidget() is panel
    assert panel.why_tree.rows() == [(depth - 1, *rest) for depth, *rest in CHAIN_ROWS[2:]]
    assert "after step 0" in panel.why_tree.question.text()
    window.step()
    qtbot.waitUntil(lambda: 1 in panel.traces, timeout=30000)
    # step 1's D matched (shot), which C asserted in step 0: double-click that fact under D's row
    panel.show_step(1)
    top = next(panel.firings.topLevelItem(i) for i in range(panel.firings.topLevelItemCount())
               if panel.firings.topLevelItem(i).text(2) == "D")
    top.setExpanded(True)
    shot = next(top.child(i) for i in range(top.childCount()) if "(shot)" in top.child(i).text(0))
    panel.firings.itemDoubleClicked.emit(shot, 0)
    rows = panel.why_tree.rows()
    assert rows[0][1:] == ("f-32 (shot)", "AGENT::C", "0", "4")
    assert [row[2] for row in rows] == ["AGENT::C", "environment", "AGENT::B", "AGENT::A", "environment"]
    assert "step 1, firing 2" in panel.why_tree.question.text()


def test_why_a_firing_fired(qtbot, window):
    tab = _play_chain(qtbot, window)
    why = tab.panel.why_tree
    from app.backends.tracing import FiringRef
    assert why.why_firing(FiringRef(0, 6))  # ENV::take-exec: the protocol's firing, asked about itself
    rows = why.rows()
    assert rows[0] == (0, "", "ENV::take-exec", "0", "6")
    assert [row[2] for row in rows[1:]] == ["environment", "AGENT::C", "environment", "AGENT::B", "AGENT::A",
                                            "environment"]


def test_replay_asks_the_same(qtbot, window, tmp_path):
    game = play(str(CHAIN_AGENT), load_game_map(FOUR_KNOWN), PROFILES["unito-2019"], on_trace=lambda _trace: None)
    target = tmp_path / "chain.jsonl"
    save(game, target)
    viewer = window.open_replay(str(target))
    qtbot.addWidget(viewer)
    viewer.go_to(1)
    assert viewer.rules_panel.why_cell(Cell(8, 0))
    assert viewer.rules_panel.why_tree.rows() == CHAIN_ROWS
    assert viewer.side_tabs.currentWidget() is viewer.rules_panel


def test_a_log_saved_before_the_sources_were_recorded_says_so(qtbot):
    # an older log's trace has no "made": the tree says there are no chains rather than show every fact as the
    # environment's
    from app.backends.tracing import FactChange, Firing, StepTrace
    from app.gui.why_tree import WhyTree

    tree = WhyTree()
    qtbot.addWidget(tree)
    tree.add(StepTrace(0, (Firing("AGENT", "shoot", 0, ()),),
                       changes=(FactChange("asserted", 9, "MAIN", "exec", "(exec (step 0) (action fire) (x 1) (y 2))"),)))
    assert tree.why_cell(Cell(1, 2))
    assert tree.rows() == [] and "does not say which rule made each fact" in tree.question.text()


def test_why_this_shot_shows_the_firings_of_the_shots_step_not_the_last_ones(qtbot, window):
    tab = _play_chain(qtbot, window, steps=2)
    panel, board = tab.panel, tab.trace_link.board
    assert panel.shown is not None and panel.shown.step == max(panel.traces) > 0  # the last step on show
    centre = board.cell_rect(Cell(8, 0)).center()
    QTest.mouseDClick(board, Qt.LeftButton, Qt.NoModifier, QPoint(int(centre.x()), int(centre.y())))
    assert panel.why_tree.rows() == CHAIN_ROWS
    assert panel.shown.step == 0  # the shot's step: its firings (C fired the exec) are the ones listed
    assert "Step 0" in panel.summary.text()
