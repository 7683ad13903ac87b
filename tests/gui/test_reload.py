"""Reload on save: writing the agent's file restarts the game with the new code; the load-error banner's
instruction works from every state; the Changes tab says where the new code first plays differently."""

from __future__ import annotations

import pytest

from app.gui.changes_panel import ChangesTab
from tests.gui.conftest import wait_over
from tests.paths import MAPS_DIR

FOUR_KNOWN = str(MAPS_DIR / "four-known.map")

TINY = '''
from agents.base import Agent
from app.core import Action


class Tiny(Agent):
    """Fires along row {row}, then solves."""

    name = "tiny"

    def act(self, observation):
        if observation.step >= 3:
            return Action.solve()
        return Action.fire({row}, observation.step)


AGENT = Tiny
'''

# a CLIPS agent with a misspelt rule (it loads with 1 error) that flags three cells then solves
WALKER = """(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(defrule AGENT::broken (status (step 99) (currently running)) => ({verb} (exec (step 99) (action solve))) (pop-focus))
(defrule AGENT::walk (status (step ?s&:(< ?s 3)) (currently running))
   => (assert (exec (step ?s) (action guess) (x 9) (y ?s))) (pop-focus))
(defrule AGENT::done (status (step ?s&:(>= ?s 3)) (currently running))
   => (assert (exec (step ?s) (action solve))) (pop-focus))
"""


def changes(window) -> ChangesTab:
    return window.tabs.panel(ChangesTab)


def pick_tiny(window, tmp_path, row: int = 0):
    """The tiny agent written to a file (firing along ``row``) and picked on four-known, at the fastest speed."""
    agent = tmp_path / "tiny_agent.py"
    agent.write_text(TINY.format(row=row))
    assert window.load_map(FOUR_KNOWN)
    assert window.select_agent(str(agent))
    window.set_fastest()
    return agent


def test_saving_the_agent_file_restarts_the_game_with_the_new_code(qtbot, window, tmp_path):
    agent = pick_tiny(window, tmp_path)
    assert window.reload.toggle.isChecked() and window.reload.toggle.isVisible()
    window.run()
    wait_over(qtbot, window)
    assert window.session.events[0].text == "fire 0 0"
    generation = window.session.generation
    agent.write_text(TINY.format(row=5))  # as an editor saves it: nothing pressed in the window
    qtbot.waitUntil(lambda: window.session.generation > generation and window.session.over, timeout=5000)
    assert window.session.events[0].text == "fire 5 0"
    assert "saved, reloaded" in window.log_text()
    # where it changed: the first step, both actions, both scores
    text = changes(window).shown_text()
    assert "First differing step: 0" in text
    assert "old: fire 0 0" in text and "new: fire 5 0" in text
    diff = changes(window).diff
    assert (diff.old_action, diff.new_action) == ("fire 0 0", "fire 5 0")
    assert f"Score: old {diff.old_score}, new {diff.new_score}" in text
    boards = changes(window).open_side_by_side()
    qtbot.addWidget(boards)
    assert boards.position == 1  # just after step 0, where they part
    assert boards.shown_steps() == ("step 0: fire 0 0", "step 0: fire 5 0")


def test_an_editor_that_replaces_the_file_is_followed_on_every_save(qtbot, window, tmp_path):
    agent = pick_tiny(window, tmp_path)
    for row in (3, 7):  # written elsewhere and renamed over the file, twice: the watch must survive
        generation = window.session.generation
        spare = tmp_path / "tiny_agent.py.swp"
        spare.write_text(TINY.format(row=row))
        spare.replace(agent)
        qtbot.waitUntil(lambda g=generation: window.session.generation > g, timeout=5000)
        window.run()
        wait_over(qtbot, window)
        assert window.session.events[0].text == f"fire {row} 0"


def test_switched_off_a_save_does_not_reload_and_the_setting_is_remembered(qtbot, window, tmp_path):
    agent = pick_tiny(window, tmp_path)
    window.reload.toggle.setChecked(False)
    assert window.settings.value("reload/on_save") == "false"
    generation = window.session.generation
    agent.write_text(TINY.format(row=2))
    qtbot.wait(400)
    assert window.session.generation == generation
    window.controls.reset_action.trigger()  # Ctrl+R: by hand
    window.run()
    wait_over(qtbot, window)
    assert window.session.events[0].text == "fire 2 0"


def _start_in(window, qtbot, state: str) -> None:
    """Bring the game of the agent picked to ``state``."""
    if state == "before the first step":
        return
    if state == "running":
        window.controls.speed.slider.setValue(0)  # one step a second: still running after the first step
        window.run()
        qtbot.waitUntil(lambda: window.session.steps_done >= 1, timeout=5000)
        assert window.session.running and not window.session.over
        return
    if state == "paused":
        window.step()
        qtbot.waitUntil(lambda: window.session.steps_done >= 1 and not window.session.busy, timeout=5000)
        assert not window.session.running and not window.session.over
        return
    assert state == "over"
    window.set_fastest()
    window.run()
    wait_over(qtbot, window)


STATES = ("before the first step", "running", "paused", "over")


@pytest.mark.parametrize("how", ["save", "reset"])
@pytest.mark.parametrize("state", STATES)
def test_the_banner_instruction_works_in_every_state(qtbot, window, tmp_path, state, how):
    agent = tmp_path / "walker.clp"
    agent.write_text(WALKER.format(verb="asert"))
    window.load_map(FOUR_KNOWN)
    window.select_agent(str(agent))
    window.reload.toggle.setChecked(how == "save")
    banner = window.load_banner_text()
    assert "walker: agent loaded with 1 error" in banner
    assert ("fix the file and save it" in banner) == (how == "save")
    assert "press Reset" in banner and "Ctrl+R" in banner
    _start_in(window, qtbot, state)
    generation = window.session.generation
    agent.write_text(WALKER.format(verb="assert"))
    if how == "reset":
        assert window.controls.reset_action.isEnabled()
        window.controls.reset_action.trigger()
    qtbot.waitUntil(lambda: window.session.generation > generation, timeout=5000)
    assert window.load_banner_text() == ""  # the fixed file was read


@pytest.mark.parametrize("how", ["save", "reset"])
def test_the_banner_instruction_works_after_a_load_error(qtbot, window, tmp_path, how):
    agent = tmp_path / "tiny_agent.py"
    agent.write_text("def act(:\n")
    window.load_map(FOUR_KNOWN)
    window.select_agent(str(agent))
    window.reload.toggle.setChecked(how == "save")
    assert "tiny cannot be loaded" in window.load_banner_text()
    window.step()  # the game cannot start: the state after a load error
    qtbot.waitUntil(lambda: window.session.failed, timeout=5000)
    generation = window.session.generation
    agent.write_text(TINY.format(row=4))
    if how == "reset":
        assert window.controls.reset_action.isEnabled()
        window.controls.reset_action.trigger()
    qtbot.waitUntil(lambda: window.session.generation > generation, timeout=5000)
    assert window.load_banner_text() == ""
    window.set_fastest()
    window.run()
    wait_over(qtbot, window)
    assert window.session.events[0].text == "fire 4 0"


def test_the_changes_tab_names_the_first_differing_rule_firing(qtbot, window, tmp_path):
    agent = tmp_path / "walker.clp"
    agent.write_text(WALKER.format(verb="assert"))
    window.load_map(FOUR_KNOWN)
    window.select_agent(str(agent))
    window.set_fastest()
    window.run()
    wait_over(qtbot, window)
    generation = window.session.generation
    agent.write_text(WALKER.format(verb="assert").replace("(y ?s)", "(y (+ ?s 1))"))
    qtbot.waitUntil(lambda: window.session.generation > generation and window.session.over, timeout=5000)
    qtbot.waitUntil(lambda: changes(window).diff is not None, timeout=2000)
    diff = changes(window).diff
    assert (diff.first_step, diff.old_action, diff.new_action) == (0, "guess 9 0", "guess 9 1")
    assert diff.traced and diff.old_firing is not None and diff.new_firing is not None
    text = changes(window).shown_text()
    assert "First differing rule firing:" in text
    assert f"old: {diff.old_firing.rule}, firing {diff.old_firing.number}" in text


def test_another_map_drops_the_kept_run(qtbot, window, tmp_path):
    agent = pick_tiny(window, tmp_path)
    window.run()
    wait_over(qtbot, window)
    agent.write_text(TINY.format(row=1))
    window.reset()
    assert changes(window).kept is not None
    window.load_map(str(MAPS_DIR / "bench" / "k0-0001.map"))
    assert changes(window).kept is None


def test_a_folder_agent_reloads_when_its_load_order_changes(qtbot, window, tmp_path):
    folder = tmp_path / "walker"
    folder.mkdir()
    (folder / "walk.clp").write_text(WALKER.format(verb="assert"))
    (folder / "detour.clp").write_text("(defrule AGENT::detour (declare (salience 10)) (status (step 0) "
                                       "(currently running)) => (assert (exec (step 0) (action guess) (x 0) "
                                       "(y 9))) (pop-focus))\n")
    (folder / "load-order.txt").write_text("walk.clp\n")
    assert window.load_map(FOUR_KNOWN)
    assert window.select_agent(str(folder))
    window.set_fastest()
    window.run()
    wait_over(qtbot, window)
    assert window.session.events[0].text == "guess 9 0"
    generation = window.session.generation
    (folder / "load-order.txt").write_text("walk.clp\ndetour.clp\n")  # one file more: a change of the agent
    qtbot.waitUntil(lambda: window.session.generation > generation and window.session.over, timeout=5000)
    assert "saved, reloaded" in window.log_text()
    assert window.session.events[0].text == "guess 0 9"
    assert window.session.spec.folder == folder  # picked as a folder agent, not as the files it had then
