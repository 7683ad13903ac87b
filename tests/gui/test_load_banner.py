"""The load-error banner: shown as soon as a broken agent is picked, kept until the agent changes."""

from __future__ import annotations

from app.gui.main_tabs import FactsTab
from tests.gui.conftest import wait_over
from tests.paths import MAPS_DIR, ROOT

BROKEN = ROOT / "tests" / "backends" / "broken_agents"
FOUR_KNOWN = str(MAPS_DIR / "four-known.map")


def test_picking_a_broken_agent_shows_every_error_at_once(qtbot, window):
    assert window.load_map(FOUR_KNOWN)
    assert window.select_agent(str(BROKEN / "missing_paren.clp"))
    text = window.load_banner_text()  # before any step: the agent was loaded when picked
    assert not window.session.started
    assert "missing_paren: agent loaded with 2 errors" in text
    assert "missing_paren.clp:8: `(assert` opened here is not closed before `(defrule AGENT::fire-corner` at " \
           "line 11" in text
    assert "missing_paren.clp:11: Missing function declaration for 'defrule'" in text
    assert "missing_paren.clp:8: `(assert`" in window.log_text()


def test_the_banner_stays_through_the_game_and_goes_with_the_agent(qtbot, window):
    window.load_map(FOUR_KNOWN)
    window.select_agent(str(BROKEN / "misspelt.clp"))
    window.set_fastest()
    window.run()
    wait_over(qtbot, window)
    assert "agent loaded with 1 error" in window.load_banner_text()
    assert window.session.result.load_note == "agent loaded with 1 error"
    assert "solved by the agent; agent loaded with 1 error" in window.log_text()
    window.reset()
    assert "misspelt.clp:7" in window.load_banner_text()
    window.select_agent("cross")
    assert window.load_banner_text() == ""


def test_show_log_opens_the_log_tab(qtbot, window):
    window.load_map(FOUR_KNOWN)
    window.select_agent(str(BROKEN / "misspelt.clp"))
    window.tabs.show(window.tabs.panel(FactsTab))
    window.agents.load_banner.log_button.click()
    assert window.tabs.currentWidget() is window.messages.log_view


def test_an_agent_fixed_on_disk_is_checked_again_at_reset(qtbot, window, tmp_path):
    agent = tmp_path / "fixme.clp"
    text = (BROKEN / "misspelt.clp").read_text()
    agent.write_text(text)
    window.load_map(FOUR_KNOWN)
    window.select_agent(str(agent))
    assert "fixme.clp:7" in window.load_banner_text()
    agent.write_text(text.replace("(asert", "(assert") + "\n")  # another size: seen as changed
    window.reset()
    assert window.load_banner_text() == ""


def test_an_agent_that_cannot_load_says_so_in_the_banner(qtbot, window, tmp_path):
    bad = tmp_path / "bad_agent.py"
    bad.write_text("def act(:\n")
    window.load_map(FOUR_KNOWN)
    window.select_agent(str(bad))
    assert "bad cannot be loaded" in window.load_banner_text()
    assert "• bad_agent.py:1: syntax error" in window.load_banner_text()


def test_a_clean_agent_shows_no_banner(qtbot, window):
    window.load_map(FOUR_KNOWN)
    window.select_agent("incrocio")
    assert window.load_banner_text() == ""
