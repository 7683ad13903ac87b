"""The map editor (offscreen): drawing by mouse and keyboard, refusals, generator, puzzles, files."""

from __future__ import annotations

import pytest
from PyQt5.QtCore import QEvent, QPoint, QPointF, Qt
from PyQt5.QtGui import QMouseEvent
from PyQt5.QtWidgets import QApplication

from app.core import Cell
from app.core.draft import line_between
from app.core.formats import read
from app.gui.editor.window import MapEditor
from app.solver.fast import Constraints, count_solutions
from app.solver.playable import load_game_map
from tests.gui.conftest import show_window
from tests.paths import BIMARU_DIR, COURSE_MAPS, MAPS_DIR

# a legal standard fleet (no two ships touch), drawn ship by ship
FLEET = [
    (Cell(0, 0), Cell(0, 3)),  # 4, horizontal
    (Cell(2, 0), Cell(4, 0)),  # 3, vertical
    (Cell(2, 2), Cell(2, 4)),  # 3, horizontal
    (Cell(6, 0), Cell(7, 0)),  # 2
    (Cell(4, 3), Cell(5, 3)),  # 2
    (Cell(9, 0), Cell(9, 1)),  # 2
    (Cell(0, 9), Cell(0, 9)),  # 1
    (Cell(2, 9), Cell(2, 9)),  # 1
    (Cell(4, 9), Cell(4, 9)),  # 1
    (Cell(9, 9), Cell(9, 9)),  # 1
]


@pytest.fixture
def editor(qtbot, tmp_path, interaction):
    return show_window(qtbot, tmp_path, MapEditor, (1180, 780), interaction=interaction)


def _point(editor: MapEditor, cell: Cell) -> QPoint:
    center = editor.canvas.cell_rect(cell).center()
    return QPoint(int(center.x()), int(center.y()))


def _move(editor: MapEditor, cell: Cell) -> None:
    # QTest's mouseMove does not reach the widget on the offscreen platform; send the event itself
    event = QMouseEvent(QEvent.MouseMove, QPointF(_point(editor, cell)), Qt.NoButton, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(editor.canvas, event)


def _drag(qtbot, editor: MapEditor, start: Cell, end: Cell) -> None:
    canvas = editor.canvas
    qtbot.mousePress(canvas, Qt.LeftButton, pos=_point(editor, start))
    _move(editor, end)
    qtbot.mouseRelease(canvas, Qt.LeftButton, pos=_point(editor, end))


def _draw_fleet(qtbot, editor: MapEditor) -> None:
    for start, end in FLEET:
        before = len(editor.draft.ships)
        _drag(qtbot, editor, start, end)
        assert len(editor.draft.ships) == before + 1, editor.message_text()


class TestDrawing:
    def test_dragging_draws_a_valid_fleet_that_saves_and_reopens_identical(self, qtbot, editor, interaction,
                                                                            tmp_path):
        _draw_fleet(qtbot, editor)
        assert editor.draft.is_complete()
        assert editor.draft.fleet_left() == []
        qtbot.mouseClick(editor.canvas, Qt.RightButton, pos=_point(editor, Cell(0, 1)))  # known ship piece
        qtbot.mouseClick(editor.canvas, Qt.RightButton, pos=_point(editor, Cell(5, 5)))  # known water
        editor.name_edit.setText("drawn")
        editor.name_edit.textEdited.emit("drawn")
        drawn = editor.draft.to_map()
        assert set(drawn.known) == {Cell(0, 1), Cell(5, 5)}
        for fmt, suffix in (("native", ".map"), ("clp", ".clp")):
            target = tmp_path / f"drawn{suffix}"
            interaction.map_targets.append((str(target), fmt))
            assert editor.save_as(), editor.message_text()
            reopened = load_game_map(target)
            assert reopened.same_game(drawn), fmt
            other = MapEditor(settings=editor.settings, interaction=interaction)
            qtbot.addWidget(other)
            assert other.open_map(str(target))
            assert set(other.draft.ships) == set(editor.draft.ships) and other.draft.known == editor.draft.known
        assert "name: drawn" in (tmp_path / "drawn.map").read_text()

    def test_the_keyboard_draws_and_removes_ships_and_marks_known_cells(self, qtbot, editor):
        canvas = editor.canvas
        canvas.setFocus()
        for key in (Qt.Key_Down, Qt.Key_Down, Qt.Key_Right):  # cursor (0, 0) -> (2, 1)
            qtbot.keyClick(canvas, key)
        assert canvas.cursor_cell == Cell(2, 1)
        qtbot.keyClick(canvas, Qt.Key_Space)
        qtbot.keyClick(canvas, Qt.Key_Right)
        qtbot.keyClick(canvas, Qt.Key_Right)
        assert canvas.preview == line_between(Cell(2, 1), Cell(2, 3))
        qtbot.keyClick(canvas, Qt.Key_Return)
        assert [s.cells for s in editor.draft.ships] == [line_between(Cell(2, 1), Cell(2, 3))]
        qtbot.keyClick(canvas, Qt.Key_K)
        assert Cell(2, 3) in editor.draft.known
        qtbot.keyClick(canvas, Qt.Key_Delete)
        assert editor.draft.ships == []

    def test_clicking_a_ship_removes_it(self, qtbot, editor):
        _drag(qtbot, editor, Cell(3, 3), Cell(3, 5))
        assert len(editor.draft.ships) == 1
        qtbot.mouseClick(editor.canvas, Qt.LeftButton, pos=_point(editor, Cell(3, 4)))
        assert editor.draft.ships == []


class TestRefusals:
    def test_a_touching_ship_is_refused_with_the_cells_marked(self, qtbot, editor):
        _drag(qtbot, editor, Cell(1, 1), Cell(1, 4))
        _drag(qtbot, editor, Cell(2, 5), Cell(4, 5))  # (2, 5) touches (1, 4) diagonally
        assert len(editor.draft.ships) == 1
        assert "touch" in editor.message_text() and not editor.banner.isHidden()
        assert {Cell(1, 4), Cell(2, 5)} <= editor.problem_cells()
        assert not editor.draft.problems()  # the map itself stays valid

    def test_an_overlapping_ship_is_refused(self, qtbot, editor):
        _drag(qtbot, editor, Cell(5, 1), Cell(5, 3))
        _drag(qtbot, editor, Cell(4, 2), Cell(6, 2))
        assert len(editor.draft.ships) == 1 and "overlap" in editor.message_text()
        assert Cell(5, 2) in editor.problem_cells()

    def test_ships_beyond_the_standard_fleet_are_refused_naming_the_fleet(self, qtbot, editor):
        _drag(qtbot, editor, Cell(0, 0), Cell(0, 4))  # 5 cells
        assert editor.draft.ships == [] and "no ship of 5 cells" in editor.message_text()
        assert {Cell(0, y) for y in range(5)} <= editor.problem_cells()
        for y in (0, 2, 4, 6):
            assert editor.place((Cell(9, y),))
        assert not editor.place((Cell(7, 9),))
        assert "all 4 submarines" in editor.message_text()
        assert {Cell(7, 9), Cell(9, 0), Cell(9, 6)} <= editor.problem_cells()

    def test_the_preview_shows_a_refusal_while_dragging(self, qtbot, editor):
        _drag(qtbot, editor, Cell(1, 1), Cell(1, 2))
        canvas = editor.canvas
        qtbot.mousePress(canvas, Qt.LeftButton, pos=_point(editor, Cell(2, 3)))
        _move(editor, Cell(4, 3))
        assert canvas.preview == line_between(Cell(2, 3), Cell(4, 3)) and not canvas.preview_ok
        assert Cell(2, 3) in editor.problem_cells()
        _move(editor, Cell(3, 6))  # the longer direction is now the row: (2, 3)-(2, 6), touching still
        assert canvas.preview == line_between(Cell(2, 3), Cell(2, 6)) and not canvas.preview_ok
        qtbot.mouseRelease(canvas, Qt.LeftButton, pos=_point(editor, Cell(3, 6)))
        assert canvas.preview == () and len(editor.draft.ships) == 1 and "touch" in editor.message_text()
        _drag(qtbot, editor, Cell(3, 3), Cell(3, 6))
        assert len(editor.draft.ships) == 2 and not editor.problem_cells()

    def test_non_standard_fleets_are_allowed_when_asked(self, editor):
        editor.check_panel.standard_box.setChecked(False)
        assert editor.place(tuple(Cell(0, y) for y in range(6)))
        assert editor.draft.to_map().fleet == (6,)


class TestGeneratorAndSolver:
    def test_random_map_is_a_valid_standard_fleet(self, editor):
        editor.random_map(seed=11)
        game_map = editor.draft.to_map()
        assert game_map.is_standard and game_map.is_valid()

    def test_fill_the_rest_keeps_the_drawn_ships(self, editor):
        drawn = [line_between(Cell(0, 0), Cell(0, 3)), (Cell(5, 5),)]
        for cells in drawn:
            assert editor.place(cells)
        assert editor.fill_rest(seed=3)
        game_map = editor.draft.to_map()
        assert game_map.is_standard
        assert {s.cells for s in game_map.ships} >= set(drawn)

    def test_make_it_a_puzzle_leaves_exactly_one_solution_and_saves_as_bimaru(self, editor, interaction, tmp_path):
        editor.random_map(seed=5)
        assert count_solutions(Constraints.from_map(editor.draft.to_map()), 2) == 2  # no hints: many
        assert editor.make_puzzle(seed=2)
        game_map = editor.draft.to_map()
        assert count_solutions(Constraints.from_map(game_map), 2) == 1
        assert editor.solutions() == (1, 100)
        target = tmp_path / "puzzle.txt"
        interaction.map_targets.append((str(target), "bimaru"))
        assert editor.save_as()
        assert read(target).hints == dict(game_map.known)
        assert load_game_map(target).same_game(game_map)

    def test_bimaru_save_needs_the_standard_fleet(self, editor, tmp_path):
        editor.place((Cell(0, 0),))
        assert not editor.save(str(tmp_path / "p.txt"), "bimaru")
        assert "standard fleet" in editor.message_text() and not (tmp_path / "p.txt").exists()


class TestOpening:
    def test_opens_a_course_map_and_a_bimaru_puzzle(self, editor):
        assert editor.open_map(str(COURSE_MAPS / "mappa1.clp"))
        assert editor.draft.to_map().same_game(load_game_map(COURSE_MAPS / "mappa1.clp"))
        assert editor.fmt == "clp"
        puzzle = BIMARU_DIR / "T01.txt"
        assert editor.open_map(str(puzzle))
        assert editor.fmt == "bimaru"
        assert editor.draft.to_map().same_game(load_game_map(puzzle, pick_first=True))

    def test_a_bad_file_shows_its_error_and_keeps_the_map(self, editor, tmp_path):
        editor.random_map(seed=1)
        ships = list(editor.draft.ships)
        bad = tmp_path / "bad.map"
        bad.write_text("..........\nxx\n", encoding="utf-8")
        assert not editor.open_map(str(bad))
        assert "bad.map:2" in editor.message_text()
        assert editor.draft.ships == ships

    def test_play_this_map_loads_it_in_the_main_window(self, qtbot, window):
        editor = window.companions.open_editor()
        qtbot.addWidget(editor)
        editor.random_map(seed=8)
        editor.play_action.trigger()
        assert window.setup.game_map is not None and window.setup.game_map.same_game(editor.draft.to_map())
        assert window.session.game_map is window.setup.game_map

    def test_the_editor_opens_on_the_main_windows_map(self, qtbot, window):
        window.load_map(str(MAPS_DIR / "four-known.map"))
        editor = window.companions.open_editor()
        qtbot.addWidget(editor)
        assert editor.draft.to_map().same_game(window.setup.game_map)


class TestUnsavedChanges:
    def test_a_new_editor_has_nothing_to_lose_and_an_edit_marks_the_title(self, editor, interaction):
        assert not editor.is_modified() and not editor.isWindowModified()
        assert editor.place(line_between(*FLEET[0]))
        assert editor.is_modified() and editor.isWindowModified()
        editor.remove_at(FLEET[0][0])
        assert not editor.is_modified()  # back to what was saved: nothing to lose
        editor.name_edit.setText("harbour")
        editor.name_edit.textEdited.emit("harbour")  # what typing sends (setText alone does not)
        assert editor.is_modified() and editor.isWindowModified()

    def test_cancel_keeps_the_map_and_discard_drops_it(self, editor, interaction):
        editor.place(line_between(*FLEET[0]))
        interaction.unsaved_answers.append("cancel")
        editor.new_map()
        assert len(editor.draft.ships) == 1 and interaction.unsaved_questions == ["New map"]
        interaction.unsaved_answers.append("cancel")
        editor.choose_and_open()  # no file is asked for
        interaction.unsaved_answers.append("cancel")
        editor.random_map(seed=3)
        assert len(editor.draft.ships) == 1 and len(interaction.unsaved_questions) == 3
        interaction.unsaved_answers.append("discard")
        editor.new_map()
        assert editor.draft.ships == [] and not editor.is_modified()

    def test_closing_asks_and_save_saves_before_closing(self, editor, interaction, tmp_path):
        for start, end in FLEET:
            editor.place(line_between(start, end))
        interaction.unsaved_answers.append("cancel")
        assert not editor.close() and editor.isVisible()
        target = tmp_path / "drawn.map"
        interaction.unsaved_answers.append("save")
        interaction.map_targets.append((str(target), "native"))
        assert editor.close()
        assert [s.cells for s in read(target).ships] == [s.cells for s in editor.draft.to_map().ships]

    def test_a_save_that_is_cancelled_keeps_the_window_open(self, editor, interaction):
        editor.place(line_between(*FLEET[0]))
        interaction.unsaved_answers.append("save")  # the draft is valid; no target queued: the dialog is cancelled
        assert not editor.close() and editor.is_modified()

    def test_saving_and_opening_start_clean(self, editor, interaction, tmp_path):
        editor.random_map(seed=2)
        assert editor.is_modified()
        target = tmp_path / "r.map"
        assert editor.save(str(target), "native") and not editor.is_modified()
        assert editor.open_map(str(MAPS_DIR / "four-known.map")) and not editor.is_modified()


def test_a_refusal_does_not_move_the_board_under_the_pointer(qtbot, editor):
    _drag(qtbot, editor, Cell(1, 1), Cell(1, 4))
    top = editor.canvas.mapTo(editor, QPoint(0, 0)).y()
    _drag(qtbot, editor, Cell(2, 5), Cell(4, 5))  # refused: it touches the first ship
    assert not editor.banner.isHidden()
    QApplication.processEvents()
    assert editor.canvas.mapTo(editor, QPoint(0, 0)).y() == top


def test_new_forgets_the_old_maps_path(qtbot, editor):
    assert editor.open_map(str(MAPS_DIR / "four-known.map"))
    assert "four-known" in editor.file_label.text()
    editor.new_map()
    assert "four-known" not in editor.file_label.text() and editor.file_label.text() == "Not saved yet."
