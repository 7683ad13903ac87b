"""A panel's per-step data: ``GameSession.collect`` reads on the agent's thread and hands the value over with
each report; the side tabs are panels found by class."""

from __future__ import annotations

from app.gui.main_tabs import CoachTab, FactsTab, LogTab, RulesTab
from app.gui.session import ReportKind, StepReport
from tests.paths import MAPS_DIR

FOUR_KNOWN = str(MAPS_DIR / "four-known.map")


def test_a_collector_is_read_after_every_request_and_received_before_the_report(qtbot, window):
    received: list[tuple[object, str, int]] = []
    setups: list[object] = []
    window.session.collect("steps seen", lambda view: (view.kind, view.game.observation().step),
                           lambda value, problem: received.append((value, problem, window.session.steps_done)))
    window.session.collect("setup only", lambda view: view.kind, lambda value, _problem: setups.append(value),
                           setup_only=True)
    reports: list[StepReport] = []
    window.session.reported.connect(reports.append)
    assert window.load_map(FOUR_KNOWN) and window.select_agent("cross")
    for count in (1, 2, 3):
        window.step()
        qtbot.waitUntil(lambda n=count: window.session.steps_done == n, timeout=10000)
    qtbot.waitUntil(lambda: len(reports) == 4, timeout=10000)
    assert [value for value, _, _ in received] == [(ReportKind.SETUP, 0), (ReportKind.STEP, 1),
                                                   (ReportKind.STEP, 2), (ReportKind.STEP, 3)]
    assert all(problem == "" for _, problem, _ in received)
    assert [steps for _, _, steps in received] == [0, 1, 2, 3]  # the session had taken the report in already
    assert setups == [ReportKind.SETUP]
    assert all("steps seen" in report.collected for report in reports)


def test_a_failing_collector_is_said_once_in_the_log_and_the_game_goes_on(qtbot, window):
    problems: list[tuple[object, str]] = []

    def broken(_view):
        raise ValueError("no such thing")

    window.session.collect("gizmo", broken, lambda value, problem: problems.append((value, problem)))
    assert window.load_map(FOUR_KNOWN) and window.select_agent("cross")
    for count in (1, 2):
        window.step()
        qtbot.waitUntil(lambda n=count: window.session.steps_done == n, timeout=10000)
    qtbot.waitUntil(lambda: len(problems) == 3, timeout=10000)
    assert problems == [(None, "ValueError: no such thing")] * 3
    assert window.log_text().count("could not read the agent's gizmo: ValueError: no such thing") == 1


def test_the_side_tabs_are_found_by_panel_in_the_order_listed(window):
    tabs = window.tabs
    panels = [tabs.panel(kind) for kind in (LogTab, FactsTab, CoachTab, RulesTab)]
    assert [tabs.indexOf(panel.widget) for panel in panels] == [0, 1, 2, 3]
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["Log", "Facts", "Coach", "Rules", "Changes"]
    tabs.show(panels[3])
    assert tabs.is_shown(panels[3]) and not tabs.is_shown(panels[1])
    assert tabs.tabToolTip(1).startswith("A CLIPS agent's working memory")
