"""Game logs from the GUI and the replay viewer (offscreen): save, reopen, step, scrub."""

from __future__ import annotations

from PyQt5.QtCore import Qt
from PyQt5.QtWidgets import QApplication

from app.backends.games import play
from app.core import PROFILES, Game
from app.core.gamelog import replay_file, rerun
from app.core.gamelog import save as save_log
from app.solver.playable import load_game_map
from tests.gui.conftest import wait_over
from tests.paths import MAPS_DIR

FOUR_KNOWN = str(MAPS_DIR / "four-known.map")


def _finished_game(qtbot, window, agent: str = "cross") -> None:
    assert window.load_map(FOUR_KNOWN)
    assert window.select_agent(agent)
    window.set_fastest()
    window.run()
    wait_over(qtbot, window)


def _open_game(qtbot, window, tmp_path, game, name: str = "g.jsonl"):
    """Save ``game``'s log and open it in a replay viewer."""
    target = tmp_path / name
    save_log(game, target)
    viewer = window.open_replay(str(target))
    qtbot.addWidget(viewer)
    return viewer


class TestSavingLogs:
    def test_a_finished_game_saves_a_log_that_replays_to_the_same_score(self, qtbot, window, interaction, tmp_path):
        assert not window.files.save_log_action.isEnabled()
        _finished_game(qtbot, window)
        assert window.files.save_log_action.isEnabled()
        target = tmp_path / "game.jsonl"
        interaction.save_answers.append(str(target))
        window.files.save_log_action.trigger()
        replay = replay_file(target)
        assert replay.mismatches == []
        assert replay.result.score == window.session.result.score
        assert replay.result.statistics == window.session.result.statistics
        assert [e.text for e in replay.game.events] == [e.text for e in window.session.result.events]
        said = [text for _, text in replay.game.notes]  # what the agent printed is in the log too
        assert said and all(text.startswith("cross: ") for text in said)
        assert said == [line.strip() for line in window.log_text().splitlines() if line.strip().startswith("cross: ")]

    def test_an_unfinished_manual_game_saves_too(self, qtbot, window, tmp_path):
        window.load_map(FOUR_KNOWN)
        window.select_agent("Human")
        window.session.submit("fire 0 0")
        window.session.submit("guess 5 5")
        qtbot.waitUntil(lambda: window.session.steps_done == 2, timeout=5000)
        target = tmp_path / "half.jsonl"
        assert window.files.save_log(str(target))
        replay = replay_file(target)
        assert [e.text for e in replay.game.events[:2]] == ["fire 0 0", "guess 5 5"]
        assert "not over yet" in window.log_text()


class TestReplayViewer:
    def test_a_saved_replay_reopens_and_scrubs_to_the_same_final_score(self, qtbot, window, interaction, tmp_path):
        _finished_game(qtbot, window)
        final = window.session.result
        target = tmp_path / "cross.jsonl"
        assert window.files.save_log(str(target))
        interaction.replay_answers.append(str(target))
        window.companions.open_replay_action.trigger()
        viewer = window.companions._replays[-1]
        qtbot.addWidget(viewer)
        assert viewer.position == 0 and viewer.score_panel.result is None
        viewer.scrubber.setValue(viewer.scrubber.maximum())
        shown = viewer.score_panel.values()
        assert int(shown["score"]) == final.score and int(shown["oracle"]) == final.oracle
        for key, value in final.statistics.as_dict().items():
            assert int(shown[key]) == value, key
        assert viewer.board.state.reveal is not None
        assert viewer.log_list.currentRow() == viewer.track.last

    def test_stepping_back_and_forward_follows_the_engine(self, qtbot, window, tmp_path):
        game_map = load_game_map(FOUR_KNOWN)
        game = play("random", game_map, PROFILES["unito-2022"], seed=4)
        target = tmp_path / "random.jsonl"
        save_log(game, target, seed=4)
        viewer = window.open_replay(str(target))
        qtbot.addWidget(viewer)
        track = viewer.track
        assert track.last == len(game.events)
        reference = Game(game_map, PROFILES["unito-2022"])
        positions = [reference.observation()] + [g.observation() for g in rerun(reference, game.events)]
        viewer.setFocus()
        for expected in positions[1:6]:
            viewer.forward_action.trigger()
            assert viewer.board.state.observation == expected
        viewer.back_action.trigger()
        assert viewer.position == 4 and viewer.board.state.observation == positions[4]
        assert viewer.log_list.currentRow() == 4
        viewer.log_list.setCurrentRow(2)
        assert viewer.position == 2 and viewer.scrubber.value() == 2
        assert str(track.scores[2]) in viewer.score_panel.summary_label.text()
        viewer.last_action.trigger()
        assert viewer.score_panel.result.score == game.score()
        assert not viewer.forward_action.isEnabled()
        viewer.first_action.trigger()
        assert viewer.position == 0 and not viewer.back_action.isEnabled()

    def test_each_step_shows_what_the_agent_said_while_deciding_it(self, qtbot, window, tmp_path):
        game = play("bayes", load_game_map(FOUR_KNOWN), PROFILES["unito-2019"])
        viewer = _open_game(qtbot, window, tmp_path, game, "bayes.jsonl")
        assert "Step forward" in viewer.notes_view.toPlainText()
        viewer.forward_action.trigger()
        first = game.events[0]
        assert f"step 0 ({first.text})" in viewer.notes_title.text()
        shown = viewer.notes_view.toPlainText()
        assert shown.startswith("bayes: start:") and f"bayes: {first.text}:" in shown
        viewer.forward_action.trigger()
        assert viewer.notes_view.toPlainText().startswith(f"bayes: {game.events[1].text}:")

    def test_a_log_without_printouts_says_so(self, qtbot, window, tmp_path):
        game = play("random", load_game_map(FOUR_KNOWN), PROFILES["unito-2019"], seed=1)
        game.notes.clear()
        viewer = _open_game(qtbot, window, tmp_path, game, "quiet.jsonl")
        viewer.forward_action.trigger()
        assert "holds no printouts" in viewer.notes_view.toPlainText()

    def test_play_runs_to_the_end_and_stops(self, qtbot, window, tmp_path):
        game = play("cross", load_game_map(FOUR_KNOWN), PROFILES["unito-2019"])
        viewer = _open_game(qtbot, window, tmp_path, game, "g.jsonl")
        viewer._timer.setInterval(1)
        viewer.play_action.trigger()
        assert viewer.playing and viewer.play_action.text() == "Pause"
        qtbot.waitUntil(lambda: not viewer.playing, timeout=10000)
        assert viewer.position == viewer.track.last
        assert viewer.score_panel.result.score == game.score()

    def test_keys_step_the_replay(self, qtbot, window, tmp_path):
        game = play("cross", load_game_map(FOUR_KNOWN), PROFILES["unito-2019"])
        viewer = _open_game(qtbot, window, tmp_path, game, "k.jsonl")
        viewer.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is viewer, timeout=5000)
        viewer.board.setFocus()
        qtbot.keyClick(viewer.board, Qt.Key_Right)
        qtbot.keyClick(viewer.board, Qt.Key_Right)
        assert viewer.position == 2
        qtbot.keyClick(viewer.board, Qt.Key_End)
        assert viewer.position == viewer.track.last

    def test_the_viewers_size_and_splitter_are_remembered(self, qtbot, window, tmp_path):
        game = play("cross", load_game_map(FOUR_KNOWN), PROFILES["unito-2019"])
        first = _open_game(qtbot, window, tmp_path, game, "first.jsonl")
        first.resize(780, 560)  # inside the offscreen screen (800x600): a bigger one is clamped to it
        first.splitter.setSizes([440, 300])
        size, sizes = first.size(), first.splitter.sizes()
        first.close()
        second = _open_game(qtbot, window, tmp_path, game, "second.jsonl")
        assert second.size() == size and second.splitter.sizes() == sizes

    def test_a_bad_log_gives_a_message_and_no_window(self, window, tmp_path):
        bad = tmp_path / "bad.jsonl"
        bad.write_text('{"type": "game"}\nnot json\n', encoding="utf-8")
        assert window.open_replay(str(bad)) is None
        assert "bad.jsonl:2" in window.banner_text()

    def test_a_log_that_disagrees_with_the_engine_is_shown_with_a_warning(self, qtbot, window, tmp_path):
        game = play("cross", load_game_map(FOUR_KNOWN), PROFILES["unito-2019"])
        target = tmp_path / "edited.jsonl"
        save_log(game, target)
        lines = target.read_text(encoding="utf-8").splitlines()
        lines[-1] = lines[-1].replace(f'"score": {game.score()}', '"score": 9999')
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")
        viewer = window.open_replay(str(target))
        qtbot.addWidget(viewer)
        assert "disagrees" in viewer.banner_text() and "9999" in viewer.banner_text()
        viewer.last_action.trigger()
        assert viewer.score_panel.result.score == game.score()


def test_a_human_games_replay_says_solved_not_by_the_agent(qtbot, window, tmp_path):
    game = play("cross", load_game_map(FOUR_KNOWN), PROFILES["unito-2019"])
    game.agent = "Human"  # as the window saves a game you played
    viewer = _open_game(qtbot, window, tmp_path, game)
    viewer.go_to(viewer.track.last)
    text = viewer.score_panel.summary_label.text()
    assert "solved" in text and "by the agent" not in text
