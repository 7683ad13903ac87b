"""The Coach tab of the replay viewer: graded on a worker thread, following the step on screen."""

from __future__ import annotations

import threading

from PyQt5.QtCore import Qt, QTimer

from app.backends.games import play
from app.core import PROFILES
from app.gui import coach_panel
from app.gui.coach_panel import CoachPanel
from app.gui.main_tabs import CoachTab
from app.solver.coach.review import coach_game
from app.solver.playable import load_game_map
from tests.gui.test_replay_view import FOUR_KNOWN, _open_game


def _cross_game(rules: str = "unito-2019"):
    return play("cross", load_game_map(FOUR_KNOWN), PROFILES[rules])


def test_the_coach_tab_grades_off_the_gui_thread_and_follows_the_step(qtbot, window, tmp_path, monkeypatch):
    viewer = _open_game(qtbot, window, tmp_path, _cross_game())
    panel = viewer.coach_panel
    assert panel.report is None and panel.worker_thread is None  # nothing graded until the tab is shown
    ticked = threading.Event()  # set by the GUI's event loop; the grading waits for it
    saw_tick = []

    def grade_after_a_tick(game):
        saw_tick.append(ticked.wait(30))
        return coach_game(game)

    monkeypatch.setattr(coach_panel, "coach_game", grade_after_a_tick)
    timer = QTimer()
    timer.timeout.connect(ticked.set)
    timer.start(20)
    viewer.side_tabs.setCurrentWidget(panel)
    qtbot.waitUntil(lambda: panel.report is not None, timeout=60000)
    timer.stop()
    assert panel.worker_thread != threading.get_ident()
    assert saw_tick == [True]  # the GUI's event loop kept running while the game was being graded
    report = panel.report
    assert "Luck-adjusted score" in panel.summary.text() and str(report.score) in panel.summary.text()
    first_fire = next(d for d in report.decisions if d.kind == "fire")
    viewer.go_to(first_fire.step + 1)
    assert f"Step {first_fire.step}: fire {first_fire.cell.x} {first_fire.cell.y}" in panel.step_view.text()
    assert "expected loss" in panel.step_view.text()
    overlay = panel.overlay
    assert overlay.isVisible() and overlay.losses == {first_fire.cell: first_fire.loss}
    assert overlay.best == (first_fire.best if first_fire.best != first_fire.cell else None)
    viewer.go_to(viewer.track.last)
    assert overlay.losses == report.fire_losses()
    viewer.side_tabs.setCurrentIndex(0)
    assert not overlay.isVisible()  # the marks belong to the Coach tab
    viewer.side_tabs.setCurrentWidget(panel)
    panel.decision_list.setCurrentRow(0)
    panel._pick(panel.decision_list.item(0))
    assert viewer.position == report.decisions[0].step + 1
    viewer.grab().save(str(tmp_path / "coach.png"))


def test_a_result_for_a_replaced_game_is_dropped(qtbot):
    panel = CoachPanel()
    qtbot.addWidget(panel)
    first, second = _cross_game("unito-2019"), _cross_game("unito-2022")
    panel.set_game(first, now=True)
    panel.set_game(second, now=True)
    qtbot.waitUntil(lambda: panel.report is not None, timeout=60000)
    qtbot.wait(200)
    assert panel.report.rules == "unito-2022"


def test_the_main_window_grades_a_finished_game_in_its_coach_tab(qtbot, window):
    from tests.gui.test_replay_view import _finished_game

    _finished_game(qtbot, window)
    window.tabs.setCurrentWidget(window.tabs.panel(CoachTab).panel)
    qtbot.waitUntil(lambda: window.tabs.panel(CoachTab).panel.report is not None, timeout=60000)
    report = window.tabs.panel(CoachTab).panel.report
    assert report.score == window.session.result.score and report.agent == "cross"
    assert window.tabs.panel(CoachTab).panel.overlay.losses == report.fire_losses()
    panel = window.tabs.panel(CoachTab).panel
    last = panel.decision_list.item(0)
    panel._pick(last)  # a click on the first decision: the detail shows it (not the last step's)
    assert f"Step {last.data(Qt.UserRole)}:" in panel.step_view.text()
    window.reset()
    assert window.tabs.panel(CoachTab).panel.report is None and not window.tabs.panel(CoachTab).panel.overlay.losses
