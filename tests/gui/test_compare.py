"""The Compare window (offscreen): agents side by side in lockstep, and the batch mode."""

from __future__ import annotations

import pytest

from app.backends.bench import load_results
from app.backends.games import load_game_map, play
from app.core import PROFILES
from app.gui.app import make_application
from app.gui.compare.window import CompareWindow
from app.gui.interaction import ScriptedInteraction
from tests.paths import COURSE_MAPS, MAPS_DIR

FOUR_KNOWN = str(MAPS_DIR / "four-known.map")


@pytest.fixture
def compare(qtbot):
    make_application()
    interaction = ScriptedInteraction()
    window = CompareWindow(interaction)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    yield window
    window.close()


class TestSideBySide:
    @pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
    def test_two_agents_play_to_the_end_in_lockstep_and_show_both_scores(self, qtbot, compare, rules):
        view = compare.side_by_side
        assert view.load_map(str(COURSE_MAPS / "mappa1.clp"))
        view.set_agents(["cross", "random"])
        view.rules.setCurrentIndex(view.rules.findData(rules))
        view.seed.setValue(3)
        steps_seen: list[tuple[int, list[int]]] = []
        view.start()
        view.lockstep.stepped.connect(
            lambda k: steps_seen.append((k, [lane.session.steps_done for lane in view.lanes if not lane.done])))
        with qtbot.waitSignal(view.finished, timeout=30000):
            pass
        game_map = load_game_map(str(COURSE_MAPS / "mappa1.clp"))
        expected = {name: play(name, game_map, PROFILES[rules], seed=3).result() for name in ("cross", "random")}
        assert view.scores() == {name: str(result.score) for name, result in expected.items()}
        for lane in view.lanes:
            assert lane.result.statistics == expected[lane.spec.name].statistics
        # lockstep: after common step k every lane still playing has made exactly k actions
        assert steps_seen and all(all(done == k for done in playing) for k, playing in steps_seen)
        assert [k for k, _ in steps_seen] == list(range(1, len(steps_seen) + 1))
        table = {view.results.item(r, 0).text(): view.results.item(r, 1).text() for r in range(view.results.rowCount())}
        assert table == {name: str(result.score) for name, result in expected.items()}

    def test_needs_two_to_four_agents_and_a_map(self, compare):
        view = compare.side_by_side
        view.set_agents(["cross"])
        view.start()
        assert "2 to 4" in view.message.text() and not view.lanes
        view.set_agents(["cross", "random"])
        view.start()
        assert "map" in view.message.text().lower() and not view.lanes
        assert not view.load_map(str(MAPS_DIR / "no-such.map"))
        assert "no such file" in view.message.text()

    def test_step_and_pause(self, qtbot, compare):
        view = compare.side_by_side
        view.load_map(FOUR_KNOWN)
        view.set_agents(["cross", "random"])
        view.step()
        qtbot.waitUntil(lambda: view.lockstep.steps == 1, timeout=10000)
        assert all(lane.session.steps_done == 1 for lane in view.lanes)
        view.step()
        qtbot.waitUntil(lambda: view.lockstep.steps == 2, timeout=10000)
        assert not view.lockstep.running and view.start_button.text() == "Resume"
        with qtbot.waitSignal(view.finished, timeout=30000):
            view.start_button.click()
        assert all(lane.result is not None and lane.score_text == str(lane.result.score) for lane in view.lanes)


class TestBatch:
    def test_batch_runs_in_the_background_and_exports_csv(self, qtbot, compare, tmp_path):
        panel = compare.batch
        panel.folder.setText(str(MAPS_DIR))
        panel.set_agents(["cross", "random"])
        panel.jobs.setValue(2)
        panel.start()
        assert panel.running and not panel.run_button.isEnabled()
        qtbot.waitUntil(lambda: not panel.running, timeout=60000)
        maps = sorted(MAPS_DIR.glob("*.map"))
        assert panel.games_table.rowCount() == 2 * len(maps) == panel.progress.value()
        assert panel.summary_table.rowCount() == 2
        assert {panel.summary_table.item(r, 0).text() for r in range(2)} == {"cross", "random"}
        reference = play("cross", load_game_map(maps[0]), PROFILES["unito-2019"]).result()
        row = next(r for r in panel.rows() if r.agent == "cross" and r.map_path == str(maps[0]))
        assert row.score == reference.score
        assert panel.figure is not None and len(panel.figure.axes) == 2
        out = tmp_path / "batch.csv"
        compare.interaction.save_answers.append(str(out))
        panel.export_csv()
        assert load_results(out) == panel.rows()

    def test_bad_folder_is_a_message(self, compare, tmp_path):
        panel = compare.batch
        panel.folder.setText(str(tmp_path / "nowhere"))
        panel.start()
        assert not panel.running and "no such" in panel.status.text()


def test_the_main_window_opens_compare_with_its_map_and_rules(qtbot, window):
    assert window.load_map(FOUR_KNOWN)
    window.select_rules("unito-2022")
    window.compare_action.trigger()
    compare = window.compare_window
    qtbot.waitUntil(compare.isVisible)
    assert compare.side_by_side.game_map is not None
    assert compare.side_by_side.game_map.name == load_game_map(FOUR_KNOWN).name
    assert compare.side_by_side.rules.currentData() == "unito-2022"
    assert compare.batch.folder.text() == str(MAPS_DIR)
    window.close()
    assert not compare.isVisible()


def test_stopping_a_batch_keeps_the_finished_games(qtbot, compare):
    panel = compare.batch
    panel.folder.setText(str(MAPS_DIR / "bench"))
    panel.set_agents(["cross"])
    panel.jobs.setValue(1)
    panel.start()
    qtbot.waitUntil(lambda: len(panel.finished_rows) >= 2, timeout=60000)
    panel.stop()
    qtbot.waitUntil(lambda: not panel.running, timeout=30000)
    total = len(list((MAPS_DIR / "bench").glob("*.map")))
    assert 2 <= len(panel.rows()) < total
    assert "(stopped)" in panel.status.text()
    assert panel.games_table.rowCount() == len(panel.rows()) and panel.export_button.isEnabled()
