"""What the agent draws (markers) on the board: in the live game and the replay viewer, switchable, saved."""

from __future__ import annotations

from app.core import Cell
from app.core.gamelog import replay_file
from app.core.markers import Marker
from tests.gui.conftest import wait_over
from tests.paths import DATA, MAPS_DIR

FOUR_KNOWN = str(MAPS_DIR / "four-known.map")
AGENT = str(DATA / "markers" / "marker_agent.clp")
RED = [Marker(Cell(9, step), float(step), "", "red") for step in range(4)]
START = Marker(Cell(0, 0), None, "start", "blue")


def _step(qtbot, window, count: int) -> None:
    start = window.session.steps_done
    for done in range(start + 1, start + count + 1):
        window.step()
        qtbot.waitUntil(lambda n=done: window.session.steps_done == n or window.session.over, timeout=20000)


def _painted(qtbot, layer) -> int:
    """How often ``layer`` drew markers, after the board was drawn again."""
    before = layer.paint_count
    layer.board.repaint()
    qtbot.waitUntil(lambda: layer.paint_count > before or not layer.markers or not layer.isVisible(), timeout=3000)
    return layer.paint_count - before


def test_the_live_board_shows_the_agents_markers_step_by_step_and_the_switch_hides_them(qtbot, window):
    assert window.load_map(FOUR_KNOWN) and window.select_agent(AGENT)
    layer, box = window.view.marker_layer, window.view.marker_box
    assert box.isChecked() and box.isVisible()
    _step(qtbot, window, 1)
    assert window.view.board.state.markers == (START, RED[0])
    assert _painted(qtbot, layer) >= 1
    _step(qtbot, window, 2)  # step 2 took the start label away
    assert window.view.board.state.markers == tuple(RED[:3])
    box.setChecked(False)
    assert not layer.isVisible() and _painted(qtbot, layer) == 0
    box.setChecked(True)
    assert layer.isVisible() and _painted(qtbot, layer) >= 1


def test_a_saved_game_keeps_them_and_the_replay_viewer_shows_them_at_each_step(qtbot, window, interaction, tmp_path):
    assert window.load_map(FOUR_KNOWN) and window.select_agent(AGENT)
    window.set_fastest()
    window.run()
    wait_over(qtbot, window)
    target = tmp_path / "markers.jsonl"
    interaction.save_answers.append(str(target))
    window.files.save_log_action.trigger()
    assert replay_file(target).game.markers[1] == (START, *RED[:2])
    viewer = window.open_replay(str(target))
    qtbot.addWidget(viewer)
    assert viewer.board.state.markers == ()  # the start: nothing drawn yet
    viewer.go_to(1)
    assert viewer.board.state.markers == (START, RED[0])
    viewer.go_to(3)
    assert viewer.board.state.markers == tuple(RED[:3])
    viewer.go_to(viewer.track.last)  # the solve drew nothing new: step 3's stay in force
    assert viewer.board.state.markers == tuple(RED)
    assert _painted(qtbot, viewer.marker_layer) >= 1


def test_a_log_from_before_markers_replays_with_none(qtbot, window, tmp_path):
    from app.backends.games import play
    from app.core import PROFILES
    from app.core.gamelog import save
    from app.solver.playable import load_game_map

    game = play("cross", load_game_map(FOUR_KNOWN), PROFILES["unito-2019"])
    save(game, tmp_path / "old.jsonl")
    viewer = window.open_replay(str(tmp_path / "old.jsonl"))
    qtbot.addWidget(viewer)
    viewer.go_to(viewer.track.last)
    assert viewer.board.state.markers == () and all(not state.markers for state in viewer.track.states)
