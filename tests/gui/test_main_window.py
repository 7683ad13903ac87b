"""The main window end to end (offscreen): agent games, manual play, controls, errors, facts."""

from __future__ import annotations

import re

import pytest
from PyQt5.QtCore import QPoint, Qt

from app.backends.base import Driver, FactRow
from app.backends.games import play
from app.core import PROFILES, Action, Cell, Game
from app.gui.main_tabs import FactsTab
from app.solver.playable import load_game_map
from tests.gui.agents_for_tests import BROKEN_SYNTAX_AGENT, CRASHING_AGENT, SLOW_AGENT
from tests.gui.conftest import wait_over
from tests.paths import COURSE_MAPS, MAPS_DIR

FOUR_KNOWN = str(MAPS_DIR / "four-known.map")


def _write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _click(qtbot, win, cell: Cell, button=Qt.LeftButton) -> None:
    center = win.view.board.cell_rect(cell).center()
    qtbot.mouseClick(win.view.board, button, pos=QPoint(int(center.x()), int(center.y())))


class TestAgentGame:
    @pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
    def test_score_panel_equals_the_engine_score(self, qtbot, window, rules):
        assert window.load_map(FOUR_KNOWN)
        assert window.select_agent("cross")
        window.select_rules(rules)
        window.set_fastest()
        window.run()
        wait_over(qtbot, window)
        reference = play("cross", load_game_map(FOUR_KNOWN), PROFILES[rules]).result()
        shown = window.view.score_panel.values()
        assert int(shown["score"]) == reference.score
        assert int(shown["oracle"]) == reference.oracle
        for key, value in reference.statistics.as_dict().items():
            assert int(shown[key]) == value, key
        assert window.view.board.state.reveal is not None
        assert f"score {reference.score}" in window.log_text()
        assert "step   0" in window.log_text()

    def test_course_map_loads_and_plays(self, qtbot, window):
        assert window.load_map(str(COURSE_MAPS / "mappa1.clp"))
        window.select_agent("random")
        window.set_fastest()
        window.run()
        wait_over(qtbot, window)
        assert window.view.score_panel.result is not None
        assert window.view.score_panel.result.score == window.session.result.score


class TestManualPlay:
    def test_clicks_fire_flag_unflag_and_solve_reach_the_engine_score(self, qtbot, window):
        window.load_map(FOUR_KNOWN)
        window.select_agent("Human")
        assert not window.controls.run_action.isEnabled() and window.controls.solve_action.isEnabled()
        game_map = load_game_map(FOUR_KNOWN)
        moves = [(Cell(0, 0), Qt.LeftButton), (Cell(5, 5), Qt.LeftButton), (Cell(2, 1), Qt.RightButton),
                 (Cell(2, 2), Qt.RightButton), (Cell(9, 9), Qt.RightButton), (Cell(9, 9), Qt.RightButton)]
        for count, (cell, button) in enumerate(moves, start=1):
            _click(qtbot, window, cell, button)
            qtbot.waitUntil(lambda n=count: window.session.steps_done == n, timeout=5000)
        assert Cell(9, 9) not in window.session.state.observation.flags  # second right click unflagged
        window.view.board.setFocus()
        qtbot.keyClick(window.view.board, Qt.Key_Down)  # cursor (2, 2) -> (3, 2)
        qtbot.keyClick(window.view.board, Qt.Key_G)
        qtbot.waitUntil(lambda: window.session.steps_done == len(moves) + 1, timeout=5000)
        window.controls.solve_action.trigger()
        wait_over(qtbot, window)
        reference = Game(game_map, PROFILES["unito-2019"])
        for action in ("fire 0 0", "fire 5 5", "guess 2 1", "guess 2 2", "guess 9 9", "unguess 9 9",
                       "guess 3 2", "solve"):
            reference.apply(action)
        assert int(window.view.score_panel.values()["score"]) == reference.score()
        assert window.view.score_panel.result.statistics == reference.statistics()
        assert not window.view.board._interactive


    def test_a_move_the_course_cannot_carry_out_is_not_sent_and_noticed(self, qtbot, window):
        window.load_map(FOUR_KNOWN)
        window.select_agent("Human")
        for count, y in enumerate(range(6), start=1):
            _click(qtbot, window, Cell(9, y))
            qtbot.waitUntil(lambda n=count: window.session.steps_done == n, timeout=5000)
            if count == 5:
                break
        _click(qtbot, window, Cell(9, 5))  # a sixth fire: not sent (the engine would end the game as stalled)
        assert "fire 9 5 not played: no fires left" in window.status.state_label.text()
        assert window.session.steps_done == 5 and not window.session.over
        _click(qtbot, window, Cell(9, 9), Qt.RightButton)
        qtbot.waitUntil(lambda: window.session.steps_done == 6, timeout=5000)
        assert "no fires left" not in window.status.state_label.text()


class TestControls:
    def _slow(self, window, tmp_path, delay: float = 0.02) -> None:
        window.load_map(FOUR_KNOWN)
        assert window.select_agent(_write(tmp_path, "slow_agent.py", SLOW_AGENT.format(delay=delay)))

    def test_pause_resume_step_and_reset_mid_game(self, qtbot, window, tmp_path):
        self._slow(window, tmp_path)
        window.controls.speed.slider.setValue(7)  # 30 steps/s
        window.run()
        qtbot.waitUntil(lambda: window.session.steps_done >= 3, timeout=5000)
        window.pause()
        qtbot.waitUntil(lambda: not window.session.busy, timeout=5000)
        paused_at = window.session.steps_done
        qtbot.wait(200)
        assert window.session.steps_done == paused_at and not window.session.over
        window.step()
        qtbot.waitUntil(lambda: window.session.steps_done == paused_at + 1, timeout=5000)
        qtbot.wait(100)
        assert window.session.steps_done == paused_at + 1
        window.run()
        qtbot.waitUntil(lambda: window.session.steps_done >= paused_at + 3, timeout=5000)
        window.reset()
        assert window.session.steps_done == 0 and not window.session.over
        qtbot.wait(200)
        assert window.session.steps_done == 0  # the old game's reports were dropped
        assert window.view.board.state.observation.step == 0
        window.set_fastest()
        window.run()
        wait_over(qtbot, window)
        assert window.view.score_panel.result is not None

    def test_reset_while_the_agent_computes_drops_its_answer(self, qtbot, window, tmp_path):
        self._slow(window, tmp_path, delay=0.4)
        window.step()
        qtbot.waitUntil(lambda: window.session.busy, timeout=2000)
        qtbot.wait(100)  # the agent is inside act() now
        window.reset()
        qtbot.wait(700)
        assert window.session.steps_done == 0 and window.view.board.state.observation.step == 0
        assert "step   0" not in window.log_text()

    def test_closing_mid_game_ends_the_worker_threads(self, qtbot, window, tmp_path):
        self._slow(window, tmp_path, delay=0.2)
        window.run()
        qtbot.waitUntil(lambda: window.session.busy, timeout=2000)
        window.close()
        assert window.session._retired == []
        assert window.session._worker is None


class TestErrors:
    def test_error_banner_shows_the_message_as_written(self, window):
        message = "the agent's rule <hang> ran over the time limit & stopped"
        window.show_error(message)
        # Plain text: no HTML entity (&#x27;) or tag handling between the message and the screen.
        assert window.messages.banner.textFormat() == Qt.PlainText
        assert window.messages.banner.text() == message == window.banner_text()

    def test_bad_map_gives_a_message_and_keeps_the_app_usable(self, qtbot, window, tmp_path):
        bad = _write(tmp_path, "bad.map", "c...\nxyz\n")
        assert not window.load_map(bad)
        assert "bad.map" in window.banner_text()
        assert "Could not load the map" in window.banner_text()
        assert "bad.map" in window.log_text()
        assert window.load_map(FOUR_KNOWN)
        assert window.banner_text() == ""
        window.set_fastest()
        window.run()
        wait_over(qtbot, window)

    def test_bad_agent_file_gives_a_message(self, qtbot, window, tmp_path, interaction):
        window.load_map(FOUR_KNOWN)
        path = _write(tmp_path, "broken_agent.py", BROKEN_SYNTAX_AGENT)
        interaction.agent_answers.append([path])
        window.agents.agent_box.setCurrentIndex(window.agents.agent_box.findData("__open__"))
        window.agents._on_agent_chosen(window.agents.agent_box.currentIndex())
        window.run()
        qtbot.waitUntil(lambda: window.banner_text() != "", timeout=5000)
        assert "broken_agent.py:4" in window.banner_text() and "syntax error" in window.banner_text()
        assert not window.session.running
        window.select_agent("cross")
        window.set_fastest()
        window.run()
        wait_over(qtbot, window)

    def test_a_clips_agent_that_loads_nothing_gives_a_message(self, qtbot, window, tmp_path):
        window.load_map(FOUR_KNOWN)
        assert window.select_agent(_write(tmp_path, "broken.clp", "(defrule broken\n"))
        window.run()
        qtbot.waitUntil(lambda: window.banner_text() != "", timeout=10000)
        assert "nothing loaded" in window.banner_text() and "broken.clp:2" in window.banner_text()
        assert not window.session.running
        window.select_agent("cross")  # and the window goes on working
        window.set_fastest()
        window.run()
        wait_over(qtbot, window)

    def test_unknown_agent_gives_a_message(self, window):
        assert not window.select_agent("no-such-agent")
        assert "no-such-agent" in window.banner_text()

    def test_agent_crash_ends_the_game_cleanly_with_a_message(self, qtbot, window, tmp_path):
        window.load_map(FOUR_KNOWN)
        window.select_agent(_write(tmp_path, "crash_agent.py", CRASHING_AGENT))
        window.set_fastest()
        window.run()
        wait_over(qtbot, window)
        assert "boom at step 2" in window.banner_text()
        assert "boom at step 2" in window.log_text()
        assert window.view.score_panel.result.steps == 3


class FakeClipsDriver(Driver):
    """A driver with working memory, standing in for a CLIPS agent."""

    name = "fake-clips"

    def __init__(self):
        self.fired = 0

    def next_action(self, observation):
        self.fired += 1
        return Action.solve() if self.fired > 2 else Action.fire(0, self.fired)

    def working_memory(self):
        return [FactRow("ENV", x + 1, "k-per-row", f"(k-per-row (row {x}) (num 1))") for x in range(3)] + [
            FactRow("MAIN", s + 4, "exec", f"(exec (step {s}) (action fire) (x 0) (y {s + 1}))")
            for s in range(self.fired)]


def test_facts_panel_lists_the_agents_facts_filterable_by_template(qtbot, window, monkeypatch):
    monkeypatch.setattr("app.gui.session.create_driver", lambda spec, seed=None: FakeClipsDriver())
    window.load_map(FOUR_KNOWN)
    window.select_agent("cross")
    window.tabs.show(window.tabs.panel(FactsTab))
    window.step()
    qtbot.waitUntil(lambda: window.session.steps_done == 1, timeout=5000)
    facts = window.tabs.panel(FactsTab).panel.visible_facts()
    assert ("exec", "(exec (step 0) (action fire) (x 0) (y 1))") in facts
    assert len(facts) == 4
    window.tabs.panel(FactsTab).panel.set_template("exec")
    assert [t for t, _ in window.tabs.panel(FactsTab).panel.visible_facts()] == ["exec"]
    window.tabs.panel(FactsTab).panel.filter_edit.setText("row 2")
    window.tabs.panel(FactsTab).panel.set_template("All templates")
    assert window.tabs.panel(FactsTab).panel.visible_facts() == [("k-per-row", "(k-per-row (row 2) (num 1))")]


def test_recent_maps_and_agents_are_remembered(qtbot, window, tmp_path):
    window.load_map(FOUR_KNOWN)
    path = _write(tmp_path, "slow_agent.py", SLOW_AGENT.format(delay=0))
    window.select_agent(path)
    recent_maps = window.settings.value("recent/maps")
    assert FOUR_KNOWN in [str(p) for p in ([recent_maps] if isinstance(recent_maps, str) else recent_maps)]
    assert window.agents.agent_box.findData(path) >= 0
    assert window.settings.value("last/agent") == path


def test_facts_panel_lists_a_clips_agents_facts(qtbot, window):
    from app.backends.drivers import create_driver
    from app.backends.registry import discover
    from app.backends.runner import Match

    clips = [name for name, spec in discover().items() if spec.kind == "clips"]
    if not clips:
        pytest.skip("no CLIPS agent shipped")
    name = clips[0]
    window.load_map(FOUR_KNOWN)
    assert window.select_agent(name)
    window.tabs.show(window.tabs.panel(FactsTab))
    for count in (1, 2, 3):
        window.step()
        qtbot.waitUntil(lambda n=count: window.session.steps_done == n or window.session.over, timeout=20000)
    steps = window.session.steps_done
    driver = create_driver(discover()[name])
    match = Match(Game(load_game_map(FOUR_KNOWN), PROFILES["unito-2019"]), driver, markers=True)  # as the window
    try:
        for _ in range(steps):
            match.step()
        expected = [(row.template, row.text) for row in driver.working_memory()]
    finally:
        match.close()
    def normal(facts):  # gensym names (gen12) depend on what the CLIPS environment did before
        return sorted((t, re.sub(r"\bgen\d+", "gen#", text)) for t, text in facts)

    shown = window.tabs.panel(FactsTab).panel.visible_facts()
    assert shown and normal(shown) == normal(expected)
    template = shown[0][0]
    window.tabs.panel(FactsTab).panel.set_template(template)
    assert {t for t, _ in window.tabs.panel(FactsTab).panel.visible_facts()} == {template}


def test_dropping_files_loads_a_map_or_picks_an_agent(window, tmp_path):
    from PyQt5.QtCore import QMimeData, QPointF, QUrl
    from PyQt5.QtGui import QDropEvent

    def drop(*paths: str) -> None:
        data = QMimeData()
        data.setUrls([QUrl.fromLocalFile(p) for p in paths])
        window.dropEvent(QDropEvent(QPointF(10, 10), Qt.CopyAction, data, Qt.LeftButton, Qt.NoModifier))

    drop(str(COURSE_MAPS / "mappa1.clp"))
    assert window.setup.game_map is not None and window.setup.map_path.endswith("mappa1.clp")
    agent = _write(tmp_path, "slow_agent.py", SLOW_AGENT.format(delay=0))
    drop(agent)
    assert window.session.spec is not None and window.session.spec.paths[0].name == "slow_agent.py"


def test_recent_maps_menu_is_filled_at_start(qtbot, tmp_path, interaction):
    from PyQt5.QtCore import QSettings

    from app.gui.main_window import MainWindow

    settings = QSettings(str(tmp_path / "recent.ini"), QSettings.IniFormat)
    settings.setValue("recent/maps", [FOUR_KNOWN])
    win = MainWindow(settings=settings, interaction=interaction)
    qtbot.addWidget(win)
    actions = win.files.recent_menu.actions()
    assert [a.text() for a in actions] == ["four-known.map"]
    actions[0].trigger()
    assert win.setup.map_path == FOUR_KNOWN
    before = settings.value("last/speed")
    win.set_fastest()
    assert settings.value("last/speed") == before  # a programmatic speed change is not remembered
    win.session.shutdown()


class TestAgentParams:
    def test_params_reach_the_agent_and_scoped_ones_only_theirs(self, qtbot, window):
        window.session.params = {"bayes:plan_layouts": "0", "bdi:max-age": "10"}
        window.load_map(FOUR_KNOWN)
        assert window.select_agent("bayes")
        window.set_fastest()
        window.run()
        wait_over(qtbot, window)
        assert "bayes: fire" in window.log_text() and "exact search" not in window.log_text()

    def test_params_typed_in_the_window_reach_the_agent(self, qtbot, window):
        window.load_map(FOUR_KNOWN)
        assert window.select_agent("bayes")
        window.session.params = {"depth": "3"}
        window.interaction.text_answers.append("bayes:plan_layouts=0  time_limit=20")
        window.game_settings.edit_params()
        [(title, _, offered)] = window.interaction.text_questions
        assert (title, offered) == ("Agent parameters", "depth=3")  # offered as it stands
        assert window.session.params == {"bayes:plan_layouts": "0", "time_limit": "20"}
        assert window.game_settings.params_text() == "bayes:plan_layouts=0 time_limit=20"
        window.set_fastest()
        window.run()
        wait_over(qtbot, window)
        assert "agent parameters: bayes:plan_layouts=0 time_limit=20" in window.log_text()
        assert "bayes: fire" in window.log_text() and "exact search" not in window.log_text()

    @pytest.mark.parametrize("agent, param, listed", [
        ("bayes", "layout_cap=5000", ("layout_cap=20000", "plan_layouts=40", "time_limit=10")),
        ("bdi", "max-age=7", ("max-age=", "fire-strategy=", "max_firings=", "time_limit=")),
        ("incrocio", "time_limit=20", ("max_firings=", "time_limit=5")),
    ])
    def test_the_dialog_is_a_form_of_what_the_agent_takes(self, qtbot, window, agent, param, listed):
        window.load_map(FOUR_KNOWN)
        assert window.select_agent(agent)
        window.game_settings.edit_params()  # no game started yet: nothing to list, the line as --agent-param takes it
        assert f"{agent} takes" not in window.interaction.text_questions[-1][1]
        window.step()
        qtbot.waitUntil(lambda: window.session.game_so_far() is not None, timeout=10000)
        window.game_settings.edit_params()  # cancelled
        name, offered, other = window.interaction.params_questions[-1]
        assert name == agent and other == ""
        shown = " ".join(f"{key}={value}" for key, value in offered.items())
        for item in listed:
            assert item in shown
        key, value = param.split("=")
        window.interaction.params_answers.append(({key: value}, ""))
        window.game_settings.edit_params()  # a fresh game with the new value: in the form once it has started
        assert window.session.params == {key: value}
        window.step()
        qtbot.waitUntil(lambda: window.session.game_so_far() is not None, timeout=10000)
        window.interaction.params_answers.append(({}, "nobody:depth=1"))
        window.game_settings.edit_params()  # a value set before stays set; the other line is checked as --agent-param's
        assert window.interaction.params_questions[-1][1][key] == value
        assert "'nobody' is not an agent" in window.banner_text() and window.session.params == {key: value}

    def test_malformed_params_are_shown_and_change_nothing(self, window):
        window.session.params = {"depth": "3"}
        for text in ("depth", "nobody:depth=3"):
            window.interaction.text_answers.append(text)
            window.game_settings.edit_params()
            assert window.session.params == {"depth": "3"}
            assert window.banner_text().startswith("Agent parameters not changed:")
        assert "'nobody' is not an agent" in window.banner_text()
        window.game_settings.edit_params()  # cancelled: nothing changes
        assert window.session.params == {"depth": "3"}
        window.interaction.text_answers.append("")
        window.game_settings.edit_params()
        assert window.session.params == {} and window.banner_text() == ""

    def test_a_param_the_agent_does_not_take_is_shown(self, qtbot, window):
        window.session.params = {"depth": "3"}
        window.load_map(FOUR_KNOWN)
        assert window.select_agent("cross")
        window.set_fastest()
        window.run()
        qtbot.waitUntil(lambda: "no parameter 'depth'" in window.banner_text(), timeout=10000)
