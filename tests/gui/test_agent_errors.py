"""The main window stays right and usable when an agent's driver misbehaves, and its oracle is the map's."""

from __future__ import annotations

import threading

import pytest

from app.backends.base import Driver, FactRow
from app.core import PROFILES, Action
from app.core.oracle import oracle_score
from app.gui.main_tabs import FactsTab
from app.solver.playable import load_game_map
from tests.gui.conftest import wait_over
from tests.paths import MAPS_DIR

FOUR_KNOWN = str(MAPS_DIR / "four-known.map")


class Misbehaving(Driver):
    """Fires along row 0; ``method`` raises RuntimeError from the second step on (``start`` at once).

    ``belief``, ``facts`` and ``parameters`` raising do not end the game; the others do.
    """

    name = "misbehaving"

    def __init__(self, method: str):
        self.method, self.calls = method, 0
        self.threads: set[str] = set()

    def _maybe_raise(self, method: str) -> None:
        self.threads.add(threading.current_thread().name)
        if method == self.method and (method in ("start", "parameters") or self.calls >= 2):
            raise RuntimeError(f"{method} broke\nsecond line")

    def start(self, observation, context):
        self._maybe_raise("start")

    def next_action(self, observation):
        self.calls += 1
        self._maybe_raise("next_action")
        return Action.fire(0, self.calls) if self.calls < 5 else Action.solve()

    def after(self, event, observation):
        self._maybe_raise("after")

    def output(self):
        self._maybe_raise("output")
        return []

    def belief(self):
        self._maybe_raise("belief")
        return None

    def working_memory(self):  # what the window's Facts tab reads
        self._maybe_raise("facts")
        return [FactRow("ENV", 1, "k-per-row", "(k-per-row (row 0) (num 1))")]

    def parameters(self):
        self._maybe_raise("parameters")
        return {"depth": "2"}


def _play(qtbot, window, monkeypatch, method: str) -> Misbehaving:
    driver = Misbehaving(method)
    monkeypatch.setattr("app.gui.session.create_driver", lambda spec, seed=None: driver)
    assert window.load_map(FOUR_KNOWN)
    assert window.select_agent("cross")
    window.tabs.show(window.tabs.panel(FactsTab))
    window.set_fastest()
    window.run()
    wait_over(qtbot, window)
    return driver


class TestDriverExceptions:
    @pytest.mark.parametrize("method", ["start", "next_action", "after", "output"])
    def test_an_exception_ends_the_game_with_a_one_line_reason_and_the_app_goes_on(
            self, qtbot, window, monkeypatch, method):
        _play(qtbot, window, monkeypatch, method)
        reason = f"agent misbehaving: {method} raised RuntimeError: {method} broke second line"
        assert reason in window.banner_text() and "\n" not in window.banner_text()
        assert f"game stopped: {reason}" in window.log_text()
        assert window.session.failed and not window.session.busy
        monkeypatch.undo()  # the real agent again: a new game plays to its end
        window.reset()
        window.run()
        wait_over(qtbot, window)
        assert window.session.result is not None and not window.session.failed


class TestUnreadableAgentData:
    def test_facts_that_cannot_be_read_show_the_reason_in_the_panel_and_the_log(self, qtbot, window, monkeypatch):
        _play(qtbot, window, monkeypatch, "facts")
        reason = "could not read the agent's facts: RuntimeError: facts broke second line"
        assert "Could not read the agent's facts: RuntimeError: facts broke second line" in \
            window.tabs.panel(FactsTab).panel.count_label.text()
        assert window.log_text().count(reason) == 1  # logged once, not at every step
        assert not window.session.failed and window.session.result.steps == 5

    def test_a_belief_that_cannot_be_read_is_explained_on_the_overlay_box(self, qtbot, window, monkeypatch):
        _play(qtbot, window, monkeypatch, "belief")
        assert "belief broke second line" in window.view.belief_box.toolTip()
        assert not window.view.belief_box.isEnabled()
        assert "could not read the agent's belief: RuntimeError: belief broke" in window.log_text()
        assert not window.session.failed

    def test_parameters_that_cannot_be_listed_say_why_in_the_dialog(self, qtbot, window, monkeypatch, interaction):
        _play(qtbot, window, monkeypatch, "parameters")
        assert "could not read the agent's parameters: RuntimeError: parameters broke" in window.log_text()
        interaction.text_answers.append(None)
        window.game_settings.edit_params()
        _title, label, _offered = interaction.text_questions[-1]
        assert "Could not list what cross takes: RuntimeError: parameters broke second line" in label


def test_the_header_oracle_is_the_loaded_maps_even_when_python_reuses_an_id(window):
    """Loading maps one after another: freed maps' ids come back, and must not bring their oracle."""
    profile = PROFILES["unito-2019"]
    window.select_rules(profile.name)
    paths = sorted((MAPS_DIR / "bench").glob("*.map"))[:60]
    assert len(paths) == 60
    wrong = []
    for path in paths:
        assert window.load_map(str(path))
        expected = oracle_score(load_game_map(path), profile)
        if f"oracle {expected}" not in window.header.map_info.text() or window.view.score_panel.values()["oracle"] != str(expected):
            wrong.append((path.name, window.header.map_info.text(), expected))
    assert not wrong
