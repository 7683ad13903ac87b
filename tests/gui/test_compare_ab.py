"""Compare ▸ A/B: two agents whose true difference is known by construction (a copy of cross that gives up on the
maps with no cell known at start), played off the GUI thread until the anytime-valid test decides; the verdict, the
interval and the maps that got worse are those of ``VersusBench`` (app/tournament/ab), shown as they come."""

from __future__ import annotations

import pytest
from PyQt5.QtCore import QTimer

from app.gui.compare.window import CompareWindow
from app.gui.interaction import ScriptedInteraction
from tests.tournament.test_ab import MAP_NAMES, lab  # noqa: F401 (lab: the maps and the give-up copy of cross)


@pytest.fixture
def compare(qtbot):
    window = CompareWindow(ScriptedInteraction())
    qtbot.addWidget(window)
    window.resize(1366, 728)
    window.show()
    yield window
    window.ab.shutdown()


def test_a_copy_that_gives_up_on_known_maps_is_worse_and_opens_side_by_side(qtbot, compare, lab):  # noqa: F811
    panel = compare.ab
    compare.tabs.setCurrentIndex(2)
    assert compare.tabs.tabText(2) == "A/B"
    panel.set_agents(lab["give_up"], "cross")
    assert panel.new_box.currentText().startswith("give_up")
    panel.folder.setText(lab["maps"])
    panel.jobs.setValue(2)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append((panel.map_table.rowCount(), panel.figures.text())))
    timer.start(20)
    panel.start()
    assert panel.running and not panel.run_button.isEnabled()
    qtbot.waitUntil(lambda: not panel.running, timeout=120_000)
    timer.stop()
    assert len({rows for rows, _ in ticks}) > 2  # the GUI kept running and the maps came in one by one
    running = [text for rows, text in ticks if rows >= 10 and " maps so far: " in text]
    assert running and all("95% interval [" in text for text in running)  # bounded by then, shown as it comes
    result = panel.result
    assert result is not None and result.verdict.value == "worse"
    assert result.maps_used < len(MAP_NAMES)  # stopped early
    assert panel.map_table.rowCount() == result.maps_used
    verdict = panel.verdict_label.text()
    low, high = result.interval
    assert high < 0
    assert verdict.startswith(f"Worse by {abs(result.mean_delta):.0f} points a game (between {low:+.0f} and "
                              f"{high:+.0f}); ")
    assert f"{result.losses} worse" in verdict
    figures = panel.figures.text()
    assert f"{result.mean_delta:+.1f} points a game, 95% interval [{low:+.1f}, {high:+.1f}] (valid after any map)" \
        in figures
    assert f"wins/ties/losses {result.wins}/{result.ties}/{result.losses}" in figures
    worse = [panel.worse_list.item(i).text() for i in range(panel.worse_list.count())]
    better = [panel.better_list.item(i).text() for i in range(panel.better_list.count())]
    assert len(worse) > len(better) and all(text.startswith("k0-") for text in worse + better)
    panel.open_map(panel.worse_list.item(0).data(0x0100))  # Qt.UserRole: the map's file
    qtbot.waitUntil(lambda: bool(panel.windows), timeout=30_000)
    boards = panel.windows[-1]
    qtbot.addWidget(boards)
    assert boards.diff.first_step == 0  # give-up solves at once where cross fires
    assert boards.shown_steps()[1] == "step 0: solve"
    assert boards.diff.delta < 0


def test_the_same_agent_on_both_sides_is_refused_in_one_line(compare):
    panel = compare.ab
    panel.set_agents("cross", "cross")
    panel.folder.setText("maps/bench")
    panel.start()
    assert not panel.running
    assert panel.status.text() == "Pick two different agents (the new and the old version)."


def test_a_missing_maps_folder_is_one_line(compare, tmp_path):
    panel = compare.ab
    panel.set_agents("cross", "random")
    panel.folder.setText(str(tmp_path / "nowhere"))
    panel.start()
    assert not panel.running
    assert "nowhere" in panel.status.text() and "\n" not in panel.status.text()
