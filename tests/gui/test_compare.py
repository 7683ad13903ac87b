"""The Compare window (offscreen): agents side by side in lockstep, and the batch mode."""

from __future__ import annotations

import pytest

from app.backends.games import play
from app.core import PROFILES
from app.gui.app import make_application
from app.gui.compare.window import CompareWindow
from app.gui.interaction import ScriptedInteraction
from app.solver.playable import load_game_map
from app.tournament import bench
from app.tournament.bench import load_results
from app.tournament.bench.cluster import ClusterBench
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
        assert panel.results_view.games_table.rowCount() == 2 * len(maps) == panel.progress.value()
        assert panel.results_view.summary_table.rowCount() == 2
        assert {panel.results_view.summary_table.item(r, 0).text() for r in range(2)} == {"cross", "random"}
        reference = play("cross", load_game_map(maps[0]), PROFILES["unito-2019"]).result()
        row = next(r for r in panel.rows() if r.agent == "cross" and r.map_path == str(maps[0]))
        assert row.score == reference.score
        assert panel.results_view.figure is not None and len(panel.results_view.figure.axes) == 2
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
    window.companions.compare_action.trigger()
    compare = window.companions.compare_window
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
    assert panel.results_view.games_table.rowCount() == len(panel.rows()) and panel.results_view.export_button.isEnabled()


CLUSTER_MAPS = str(MAPS_DIR / "bench" / "k[02]-000[1-3].map")  # 6 maps


def same_game(row) -> tuple:
    """What two plays of the same game share (not the time it took)."""
    return tuple(v for k, v in row.to_dict().items() if k not in ("seconds", "coach_seconds"))


class TestBatchOnACluster:
    def test_a_local_dask_cluster_plays_the_plain_batch_game_for_game(self, qtbot, compare):
        pytest.importorskip("distributed", reason="the cluster choice needs dask and distributed")
        panel = compare.batch
        panel.folder.setText(CLUSTER_MAPS)
        panel.set_agents(["cross", "random"])
        panel.run_on.setCurrentIndex(panel.run_on.findData("local"))
        assert not panel.address.isVisibleTo(panel) and panel.jobs.isVisibleTo(panel)
        panel.jobs.setValue(2)  # the local cluster's workers
        seen: list[int] = []  # the progress bar as each game arrives (connected before the start: the first
        panel.progress.valueChanged.connect(seen.append)  # games may arrive before a slot connected after it)
        panel.start()
        assert panel.running, panel.status.text()
        assert isinstance(panel.player, ClusterBench) and panel.player.workers == 2
        qtbot.waitUntil(lambda: not panel.running, timeout=180000)
        assert "error" not in panel.status.text(), panel.status.text()
        assert [value for value in seen if value] == list(range(1, 13))
        assert panel.progress.value() == 12 == panel.results_view.games_table.rowCount()
        plain = bench.Bench(["cross", "random"], bench.expand_maps([CLUSTER_MAPS]), bench.BenchConfig(), jobs=2)
        expected = plain.ordered(dict(plain.run()))
        assert [same_game(r) for r in panel.rows()] == [same_game(r) for r in expected]
        assert panel.results_view.summary_table.rowCount() == 2 and panel.results_view.export_button.isEnabled()

    @pytest.mark.parametrize("text", ["", "lab pc", "http://10.0.0.5:8786", "tcp://10.0.0.5"])
    def test_a_bad_address_is_one_line_and_nothing_starts(self, compare, text):
        panel = compare.batch
        panel.folder.setText(CLUSTER_MAPS)
        panel.set_agents(["cross"])
        panel.run_on.setCurrentIndex(panel.run_on.findData("address"))
        assert panel.address.isVisibleTo(panel) and not panel.jobs.isVisibleTo(panel)
        panel.address.setText(text)
        panel.start()
        assert not panel.running
        assert panel.status.text() == f"“{text}” is not a scheduler address: write it as tcp://HOST:8786"

    def test_an_unreachable_scheduler_is_reported_without_a_hang(self, qtbot, compare):
        pytest.importorskip("distributed", reason="the cluster choice needs dask and distributed")
        import socket

        with socket.socket() as probe:  # a port nobody listens on
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        panel = compare.batch
        panel.folder.setText(CLUSTER_MAPS)
        panel.set_agents(["cross"])
        panel.run_on.setCurrentIndex(panel.run_on.findData("address"))
        panel.address.setText(f"127.0.0.1:{port}")
        panel.start()
        assert panel.running and f"Connecting to tcp://127.0.0.1:{port}" in panel.status.text()
        qtbot.waitUntil(lambda: not panel.running, timeout=60000)
        text = panel.status.text()
        assert f"error: tcp://127.0.0.1:{port}: cannot reach the scheduler" in text and "\n" not in text
        assert panel.rows() == [] and panel.run_button.isEnabled()

    def test_stop_cancels_the_chunks_in_flight_and_keeps_the_games_back(self, qtbot, compare, tmp_path):
        pytest.importorskip("distributed", reason="the cluster choice needs dask and distributed")
        from tests.test_bench import write_agent

        slow = write_agent(tmp_path, "slow", "time.sleep(0.01)")
        panel = compare.batch
        panel.add_agent_files([slow])
        panel.folder.setText(str(MAPS_DIR / "bench"))
        panel.set_agents(["cross", slow])
        panel.run_on.setCurrentIndex(panel.run_on.findData("local"))
        panel.jobs.setValue(1)
        panel.start()
        qtbot.waitUntil(lambda: len(panel.finished_rows) >= 1, timeout=180000)
        panel.stop()
        assert panel.status.text() == "Stopping…"
        qtbot.waitUntil(lambda: not panel.running, timeout=60000)
        kept = panel.rows()
        assert 1 <= len(kept) < len(panel.runner.tasks) and "(stopped)" in panel.status.text()
        assert all(r.status == "ok" for r in kept)  # only whole chunks came back: no game cut short
        assert panel.results_view.games_table.rowCount() == len(kept) == panel.progress.value()


def test_a_results_table_lists_its_rows_in_ascending_order_of_its_first_column(qtbot):
    from app.gui.compare.tables import append_rows, fill_table, make_table

    table = make_table(["map", "delta"])
    qtbot.addWidget(table)
    fill_table(table, [[("k0-0002", None), (5, 0)], [("k0-0010", None), (-5, 0)]])
    append_rows(table, [[("k0-0001", None), (0, 0)]])
    assert [table.item(row, 0).text() for row in range(3)] == ["k0-0001", "k0-0002", "k0-0010"]


def test_a_batch_started_in_the_same_second_as_another_gets_a_file_of_its_own(monkeypatch, tmp_path):
    """The default results file is resumed from: a second batch must not take the first one's games as its own."""
    from app.gui.compare import batch_file

    monkeypatch.setattr(batch_file, "user_data", lambda: tmp_path)
    monkeypatch.setattr(batch_file.time, "strftime", lambda pattern: "batch-20261128-170000")
    first = batch_file.default_results_path()
    first.parent.mkdir(parents=True)
    first.write_text("{}\n")
    second = batch_file.default_results_path()
    second.write_text("{}\n")
    assert (first.name, second.name, batch_file.default_results_path().name) == (
        "batch-20261128-170000.jsonl", "batch-20261128-170000-2.jsonl", "batch-20261128-170000-3.jsonl")
