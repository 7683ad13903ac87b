"""What a student's first ten minutes with the window found (issue 23): readable drop-downs, windows that fit a
laptop, every control reachable, the protocol's facts on show."""

from __future__ import annotations

from collections import Counter

import pytest
from PyQt5.QtCore import QRect, QSettings, Qt
from PyQt5.QtGui import QColor, QImage
from PyQt5.QtWidgets import QComboBox, QToolBar, QToolButton

from app.backends.games import play
from app.core import PROFILES
from app.gui.app import make_application
from app.gui.compare.window import CompareWindow
from app.gui.main_tabs import FactsTab
from app.gui.main_window import MainWindow
from app.gui.theme import TITLE_BAR, fit_to_screen
from app.solver.playable import load_game_map
from tests.paths import MAPS_DIR, ROOT


def _contrast(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of two colours (1: the same, 21: black on white)."""
    def luminance(colour: QColor) -> float:
        def channel(value: float) -> float:
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _row_colours(image: QImage, rect) -> tuple[QColor, QColor]:
    """The background of a row (its commonest colour) and its text (the colour furthest from that)."""
    counts = Counter(image.pixel(x, y) for x in range(rect.left(), rect.right())
                     for y in range(rect.top(), rect.bottom()))
    background = QColor(counts.most_common(1)[0][0])
    text = max((QColor(rgb) for rgb in counts), key=lambda colour: _contrast(colour, background))
    return background, text


def highlighted_row_contrast(qtbot, combo: QComboBox, row: int) -> float:
    """Open ``combo``'s pop-up, highlight ``row`` and measure its text against its background."""
    combo.showPopup()
    view = combo.view()
    qtbot.waitUntil(view.isVisible, timeout=3000)
    index = combo.model().index(row, 0)
    view.setCurrentIndex(index)
    view.selectionModel().select(index, view.selectionModel().ClearAndSelect)
    rect = view.visualRect(index)
    image = view.viewport().grab().toImage()
    combo.hidePopup()
    inside = rect.intersected(image.rect()).adjusted(3, 3, -3, -3)  # the row without its frame
    background, text = _row_colours(image, inside)
    return _contrast(background, text)


def test_the_highlighted_entry_of_every_drop_down_is_readable(qtbot, window):
    window.load_map(str(MAPS_DIR / "four-known.map"))
    boxes = [window.agents.agent_box, window.game_settings.rules_box, window.tabs.panel(FactsTab).panel.template_box]
    window.tabs.panel(FactsTab).panel.set_facts([])
    for combo in boxes:
        assert highlighted_row_contrast(qtbot, combo, 0) >= 4.5, combo.toolTip()


LAPTOP = QRect(0, 0, 1366, 768 - 40)  # a 1366x768 screen less a 40-pixel panel
SMALL = QRect(0, 0, 1024, 700 - 40)


def _fits(widget, available: QRect) -> bool:
    frame = widget.frameGeometry()
    return frame.width() <= available.width() and frame.height() <= available.height()


def test_the_main_window_fits_a_laptop_screen_on_first_launch(qtbot, window):
    for available in (LAPTOP, SMALL):
        fit_to_screen(window, 1320, 840, available)
        qtbot.waitUntil(lambda a=available: _fits(window, a), timeout=3000)
        assert available.contains(window.geometry().topLeft())


def test_a_fresh_main_window_is_no_bigger_than_its_screen(qtbot, tmp_path, interaction):
    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat), interaction=interaction)
    qtbot.addWidget(win)
    available = win.screen().availableGeometry()
    size = win.size()
    hint = win.minimumSizeHint()
    assert size.width() <= max(available.width(), hint.width())
    assert size.height() <= max(available.height() - TITLE_BAR, hint.height())
    assert hint.width() <= SMALL.width() and hint.height() + TITLE_BAR <= SMALL.height()


def _drawn(widget) -> int:
    """How many pixels of ``widget`` differ from its commonest colour (0: it shows nothing)."""
    image = widget.grab().toImage()
    counts = Counter(image.pixel(x, y) for x in range(image.width()) for y in range(image.height()))
    return sum(counts.values()) - counts.most_common(1)[0][1]


def test_every_toolbar_control_is_reachable_in_a_narrow_window(qtbot, window):
    window.resize(SMALL.width(), SMALL.height() - TITLE_BAR)
    bar = window.findChild(QToolBar, "controls")
    qtbot.waitUntil(lambda: bar.width() <= SMALL.width(), timeout=3000)
    hidden = [action for action in bar.actions()
              if not action.isSeparator() and action.isVisible()
              and not (bar.widgetForAction(action).isVisible()
                       and bar.rect().contains(bar.widgetForAction(action).geometry()))]
    assert hidden, "the test needs a window too narrow for the whole toolbar"
    more = bar.findChild(QToolButton, "qt_toolbar_ext_button")
    assert more is not None and more.isVisible() and bar.rect().contains(more.geometry())
    assert more.width() >= 20 and _drawn(more) > 40, "the overflow button must be seen to be used"


def test_the_facts_tab_shows_the_protocol_by_module_with_indexes(qtbot, window):
    from app.backends.registry import discover

    clips = sorted(name for name, spec in discover().items() if spec.kind == "clips")
    if not clips:
        pytest.skip("no CLIPS agent shipped")
    window.load_map(str(MAPS_DIR / "four-known.map"))
    assert window.select_agent(clips[0])
    window.tabs.show(window.tabs.panel(FactsTab))
    window.step()
    qtbot.waitUntil(lambda: window.session.steps_done == 1, timeout=20000)
    panel = window.tabs.panel(FactsTab).panel
    qtbot.waitUntil(lambda: bool(panel.visible_rows()), timeout=5000)
    rows = panel.visible_rows()
    templates = {row.template for row in rows}
    assert {"exec", "status", "moves", "k-cell", "k-per-row", "k-per-col"} <= templates
    modules = panel.visible_modules()
    assert modules[-2:] == ["MAIN", "ENV"] and len(modules) > 2, "the agent's own modules come first"
    indexes = [row.index for row in rows]
    assert len(set(indexes)) == len(indexes) and all(index > 0 for index in indexes)
    panel.set_template("k-per-row")
    assert {row.template for row in panel.visible_rows()} == {"k-per-row"}
    assert panel.visible_modules() == ["ENV"]
    panel.set_template("All templates")
    exec_row = next(row for row in rows if row.template == "exec")
    panel.filter_edit.setText(f"f-{exec_row.index}")
    assert exec_row in panel.visible_rows()


def _own_agent(tmp_path) -> str:
    """A copy of the cross agent in a folder of its own, as a student's agent file."""
    folder = tmp_path / "my-agent"
    folder.mkdir()
    target = folder / "my_cross.py"
    target.write_text((ROOT / "agents" / "cross_agent.py").read_text(encoding="utf-8"), encoding="utf-8")
    return str(target)


def test_compare_plays_an_agent_file_side_by_side_and_in_batch(qtbot, window, interaction, tmp_path):
    own = _own_agent(tmp_path)
    window.load_map(str(MAPS_DIR / "four-known.map"))
    compare = CompareWindow(interaction)
    qtbot.addWidget(compare)
    view = compare.side_by_side
    view.load_map(str(MAPS_DIR / "four-known.map"))
    interaction.agent_answers.append([own])
    view.agent_picker.add_button.click()
    assert own in view.chosen()
    view.set_agents(["random", own])
    with qtbot.waitSignal(view.finished, timeout=30000):
        view.start()
    expected = play(own, load_game_map(str(MAPS_DIR / "four-known.map")), PROFILES["unito-2019"]).result()
    assert view.scores()[view.agent_picker.spec(own).name] == str(expected.score)

    panel = compare.batch
    interaction.agent_answers.append([own])
    panel.agent_picker.add_button.click()
    panel.set_agents([own])
    panel.folder.setText(str(MAPS_DIR / "four-known.map"))
    panel.jobs.setValue(1)
    panel.start()
    qtbot.waitUntil(lambda: not panel.running, timeout=60000)
    assert [row.score for row in panel.rows()] == [expected.score]
    compare.close()


def test_the_main_windows_recent_agent_files_are_listed_in_compare_and_the_current_one_ticked(qtbot, window, tmp_path):
    own = _own_agent(tmp_path)
    assert window.select_agent(own)
    window.companions.compare_action.trigger()
    compare = window.companions.compare_window
    for panel in (compare.side_by_side, compare.batch):
        assert own in panel.agent_picker.chosen()
        items = [panel.agent_picker.list.item(i) for i in range(panel.agent_picker.list.count())]
        assert any("my-agent/" in item.text() and item.data(Qt.UserRole) == own for item in items)
    window.close()


def test_dialogs_opened_from_compare_or_the_editor_stay_over_their_own_window(qtbot, tmp_path):
    make_application()
    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))  # real dialogs
    qtbot.addWidget(win)
    win.companions.open_compare()
    editor = win.companions.open_editor()
    qtbot.addWidget(editor)
    assert win.interaction.parent is win
    assert win.companions.compare_window.interaction.parent is win.companions.compare_window
    assert editor.interaction.parent is editor
    win.close()


def test_switching_agent_mid_game_asks_first(qtbot, window, interaction):
    window.load_map(str(MAPS_DIR / "four-known.map"))
    window.select_agent("cross")
    window.step()
    qtbot.waitUntil(lambda: window.session.steps_done == 1, timeout=10000)
    interaction.confirm_answers.append((False, False))
    window.agents.agent_box.setCurrentIndex(window.agents.agent_box.findData("random"))
    window.agents.agent_box.activated.emit(window.agents.agent_box.currentIndex())
    assert interaction.confirm_questions and window.session.spec.name == "cross"
    assert window.agents.agent_box.currentData() == "cross" and window.session.steps_done == 1
    window.agents.agent_box.activated.emit(window.agents.agent_box.findData("random"))  # yes (nothing queued)
    assert window.session.spec.name == "random" and window.session.steps_done == 0


def test_the_belief_overlay_is_on_offer_before_the_first_step_and_steps_are_counted(window):
    window.load_map(str(MAPS_DIR / "four-known.map"))
    window.select_agent("bayes")
    assert window.view.belief_box.isEnabled()
    assert window.status.step_label.text() == "Steps 0 / 100"
    window.select_agent("Human")
    assert not window.view.belief_box.isEnabled()


def test_an_agent_files_entry_names_the_agent_and_its_folder(window, tmp_path):
    own = _own_agent(tmp_path)
    assert window.select_agent(own)
    label = window.agents.agent_box.itemText(window.agents.agent_box.findData(own))
    assert label == f"{window.session.spec.name}  ·  my-agent/"


def test_batch_export_starts_in_the_home_folder_then_the_last_one(qtbot, tmp_path, monkeypatch):
    from pathlib import Path

    from app.gui.interaction import ScriptedInteraction
    from app.tournament import bench

    make_application()
    interaction = ScriptedInteraction()
    offered = []
    monkeypatch.setattr(interaction, "choose_save_file",
                        lambda suggested="", file_filter="": offered.append(suggested) or str(tmp_path / "r.csv"))
    compare = CompareWindow(interaction)
    qtbot.addWidget(compare)
    panel = compare.batch
    panel.finished_rows = {0: bench.GameRow("cross", "m", "m.map", "unito-2019", 0)}
    monkeypatch.setattr(panel, "rows", lambda: list(panel.finished_rows.values()))
    panel.export_csv()
    panel.export_csv()
    assert offered == [str(Path.home() / "bench-results.csv"), str(tmp_path / "bench-results.csv")]


def test_a_human_is_asked_before_firing_twice_or_flagging_water_and_may_say_dont_ask_again(qtbot, window,
                                                                                          interaction):
    window.load_map(str(MAPS_DIR / "four-known.map"))
    window.select_agent("Human")
    water = next(cell for cell, piece in window.session.state.observation.known.items() if piece.value == "water")
    window.play.on_cell_action(0, 0, "fire")
    qtbot.waitUntil(lambda: window.session.steps_done == 1, timeout=5000)
    interaction.confirm_answers.append((False, False))
    window.play.on_cell_action(0, 0, "fire")
    assert "fired at already" in interaction.confirm_questions[-1] and window.session.steps_done == 1
    interaction.confirm_answers.append((False, True))  # no, and don't ask again: refused from now on
    window.play.on_cell_action(water.x, water.y, "flag")
    window.play.on_cell_action(water.x, water.y, "flag")
    assert len(interaction.confirm_questions) == 2 and "gko" in interaction.confirm_questions[-1]
    assert window.session.steps_done == 1 and "Refused" in window.status.state_label.text()
    interaction.confirm_answers.append((True, True))  # yes, and don't ask again
    window.play.on_cell_action(0, 0, "fire")
    qtbot.waitUntil(lambda: window.session.steps_done == 2, timeout=5000)
    window.play.on_cell_action(0, 0, "fire")
    qtbot.waitUntil(lambda: window.session.steps_done == 3, timeout=5000)
    assert len(interaction.confirm_questions) == 3


def test_a_human_game_ends_solved_not_solved_by_the_agent(qtbot, window):
    window.load_map(str(MAPS_DIR / "four-known.map"))
    window.select_agent("Human")
    window.solve()
    qtbot.waitUntil(lambda: window.session.over, timeout=5000)
    assert window.view.score_panel.result.stop_reason == "solved"
    assert "solved by the agent" not in window.view.score_panel.summary_label.text()


def test_the_previous_agents_error_goes_when_another_agent_is_picked(window):
    window.load_map(str(MAPS_DIR / "four-known.map"))
    assert not window.select_agent("no-such-agent")
    assert window.banner_text()
    window.select_agent("Human")
    assert window.banner_text() == ""


def test_the_help_menu_lists_the_shortcuts_says_how_to_start_an_agent_and_where_settings_live(window, interaction):
    help_menu = next(action.menu() for action in window.menuBar().actions() if action.text() == "&Help")
    for action in help_menu.actions():
        action.trigger()
    (_, keys), (_, agent), (_, about) = interaction.messages[-3:]
    assert "F5" in keys and "Run" in keys and "Ctrl+O" in keys and "fire at the cursor" in keys
    assert "agents/templates/my_agent.clp" in agent and "check-agent" in agent
    assert window.settings.fileName() in about and all(name in about for name in PROFILES)


def test_game_limits_are_set_in_the_window_as_on_the_command_line(qtbot, window, interaction):
    window.load_map(str(MAPS_DIR / "four-known.map"))
    window.select_agent("cross")
    interaction.limits_answers.append((3, 7, 40))
    window.game_settings.limits_action.trigger()
    assert interaction.limits_offered == [(5, 20, 100)]
    profile = window.session.profile
    assert (profile.fires, profile.guesses, profile.max_steps) == (3, 7, 40)
    assert window.status.fires_label.text() == "Fires left 3" and window.status.step_label.text() == "Steps 0 / 40"
    assert not window.game_settings.set_limits(max_steps=0) and "max steps" in window.banner_text()
    assert window.session.profile.max_steps == 40


def test_side_by_side_has_a_speed_control(qtbot, interaction):
    make_application()
    compare = CompareWindow(interaction)
    qtbot.addWidget(compare)
    view = compare.side_by_side
    view.load_map(str(MAPS_DIR / "four-known.map"))
    view.set_agents(["cross", "random"])
    view.speed.slider.setValue(0)  # one step a second
    view.step()
    assert view.lockstep.interval_ms == 1000
    view.speed.slider.setValue(view.speed.slider.maximum())
    assert view.lockstep.interval_ms == 0
    compare.close()


def test_the_replays_last_step_is_in_view_and_named_beside_the_count(qtbot, tmp_path):
    from app.core.gamelog import save
    from app.gui.replay_view import ReplayWindow

    make_application()
    log = tmp_path / "g.jsonl"
    save(play("random", load_game_map(str(MAPS_DIR / "four-known.map")), PROFILES["unito-2019"]), log)
    viewer = ReplayWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(viewer)
    assert viewer.open_replay(str(log))
    viewer.resize(1320, 840)
    viewer.show()
    viewer.last()
    viewer.resize(1320, 640)  # a smaller screen: the list shrinks under its highlighted row
    last = viewer.log_list.item(viewer.log_list.count() - 1)

    def in_view() -> bool:
        return viewer.log_list.viewport().rect().contains(viewer.log_list.visualItemRect(last))

    qtbot.waitUntil(in_view, timeout=3000)
    steps = viewer.track.last
    assert viewer.step_label.text() == f"{steps} / {steps} steps · step {steps - 1}"
    assert last.text().split()[:2] == ["step", str(steps - 1)]


def test_compare_fits_a_small_screen_and_the_other_windows_a_laptop(qtbot, interaction, tmp_path):
    from app.gui.editor.window import MapEditor
    from app.gui.replay_view import ReplayWindow

    make_application()
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    for window, screen in ((CompareWindow(interaction), SMALL), (ReplayWindow(settings=settings), LAPTOP),
                           (MapEditor(settings=settings), LAPTOP)):
        qtbot.addWidget(window)
        hint = window.minimumSizeHint()
        assert hint.width() <= screen.width() and hint.height() + TITLE_BAR <= screen.height(), type(window).__name__


def test_a_batchs_games_appear_in_the_table_as_they_end(qtbot, interaction):
    from PyQt5.QtCore import Qt as QtNs

    make_application()
    compare = CompareWindow(interaction)
    qtbot.addWidget(compare)
    panel = compare.batch
    panel.folder.setText(str(MAPS_DIR))
    panel.set_agents(["cross"])
    panel.jobs.setValue(1)
    seen = []
    panel.start()
    # after the panel's own slot (connected first): games ended and the rows the table holds as each game ends
    panel._worker.game_done.connect(lambda _i, _row: seen.append((len(panel.finished_rows),
                                                                  panel.results_view.games_table.rowCount())),
                                    QtNs.QueuedConnection)
    qtbot.waitUntil(lambda: not panel.running, timeout=60000)
    games = len(list(MAPS_DIR.glob("*.map")))
    assert panel.results_view.games_table.rowCount() == games
    assert seen[0] == (1, 1), "the first game shows as it ends"
    assert all(shown <= done for done, shown in seen)  # the others within a quarter of a second, a few at a time
    compare.close()


def test_open_agent_file_and_save_game_log_start_in_the_users_documents(qtbot, window, interaction, monkeypatch):
    from app.core.paths import user_documents
    from app.gui.main_agents import OPEN_KEY
    from tests.gui.test_replay_view import _finished_game

    offered = []
    monkeypatch.setattr(interaction, "choose_agent_files", lambda start="": offered.append(start) or [])
    monkeypatch.setattr(interaction, "choose_save_file", lambda suggested="", file_filter="": offered.append(suggested))
    window.agents._on_agent_chosen(window.agents.agent_box.findData(OPEN_KEY))  # as picking it in the box
    _finished_game(qtbot, window)
    window.files.save_log()
    assert offered[0] == str(user_documents())  # not the app's agents/ with its __init__.py and base.py
    assert offered[1].startswith(str(user_documents())) and offered[1].endswith(".jsonl")  # not the shipped maps/


def test_a_human_is_asked_before_firing_at_a_ship_cell_known_from_the_start(qtbot, window, interaction):
    window.load_map(str(MAPS_DIR / "four-known.map"))
    window.select_agent("Human")
    ship = next(cell for cell, piece in window.session.state.observation.known.items() if piece.is_ship)
    interaction.confirm_answers.append((False, False))
    window.play.on_cell_action(ship.x, ship.y, "fire")
    assert "known from the start" in interaction.confirm_questions[-1] and window.session.steps_done == 0
