""""Why didn't it fire?" after the game: said to be over, answered as of its last step (not "the status says
stopped", which every rule of the agent waits on)."""

from __future__ import annotations

from app.gui.main_tabs import RulesTab
from tests.gui.conftest import wait_over
from tests.paths import MAPS_DIR


def test_why_not_after_the_game_answers_as_of_the_last_step(qtbot, window):
    assert window.load_map(str(MAPS_DIR / "four-known.map"))
    assert window.select_agent("bdi")
    window.run()
    wait_over(qtbot, window, 60000)
    panel = window.tabs.panel(RulesTab).panel
    window.why_not("AGENT::execute-action")
    qtbot.waitUntil(lambda: "execute-action" in panel.why.answer.toPlainText()
                    and "Asking" not in panel.why.answer.toPlainText(), timeout=10000)
    lines = panel.why.answer.toPlainText().splitlines()
    assert lines[0].startswith("The game is over: this is the answer as of its last step")
    assert lines[1].startswith("AGENT::execute-action cannot fire: ")
    assert "currently running" not in lines[1]  # the stop is not the reason given
    assert any(line.startswith("  pattern 1 `(status (step ?s) (currently running))`: 1 fact matches")
               for line in lines)
    window.why_not("AGENT::execute-action")  # the status was put back: asked again, the same answer
    qtbot.waitUntil(lambda: panel.why.answer.toPlainText().splitlines() == lines, timeout=10000)
