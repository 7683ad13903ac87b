"""The map editor window: toolbar, board, fleet and check panels (``fleet_panel``, ``check_panel``), map metadata;
files and generator."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QSettings, Qt, pyqtSignal
from PyQt5.QtGui import QKeySequence
from PyQt5.QtWidgets import (
    QAction,
    QFormLayout,
    QLabel,
    QLineEdit,
    QStackedWidget,
    QToolButton,
    QWidget,
)

from app.core import BattleshipError, Cell, GameMap, MapError, MapProblem
from app.core.draft import MapDraft
from app.core.fileio import read_text
from app.core.formats import Puzzle, detect, format_for_path, read, save
from app.gui.editor.canvas import MapCanvas
from app.gui.editor.check_panel import CheckPanel
from app.gui.editor.fleet_panel import FleetPanel
from app.gui.editor.legend import EditorLegend
from app.gui.interaction import Interaction
from app.gui.side_window import SideWindow
from app.gui.theme import (
    Shortcut,
    card_title,
    error_banner,
    fit_to_screen,
    side_column,
    split_central,
    title_row,
    window_toolbar,
)
from app.gui.theme import card as _card
from app.solver.fast import Constraints, count_solutions
from app.solver.generator import make_unique, random_ships
from app.solver.playable import load_game_map

SOLUTION_LIMIT = 100  # "make it a puzzle" and the live solution count stop counting here


class MapEditor(SideWindow):
    """The map editor window. ``play_requested(GameMap)`` asks the main window to play the map drawn."""

    play_requested = pyqtSignal(object)
    STATE_KEY = "editor"

    def __init__(self, settings: QSettings | None = None, interaction: Interaction | None = None,
                 parent: QWidget | None = None):
        super().__init__(settings, interaction, parent)
        self.draft = MapDraft()
        self.path: str | None = None
        self.fmt = "native"
        self.refused: list[MapProblem] = []
        self._message = ""
        self._solutions: tuple[int, int] | None = None  # (count, limit) for the current draft
        self._seed = random.SystemRandom().randrange(1 << 30)
        self.setWindowTitle(self.tr("Map editor — Battleship Lab"))
        self._build_toolbar()
        self._build_central()
        self.canvas.ship_drawn.connect(self.place)
        self.canvas.ship_removed.connect(self.remove_at)
        self.canvas.known_toggled.connect(self.toggle_known)
        self.canvas.preview_changed.connect(self._on_preview)
        fit_to_screen(self, 1180, 780)
        self._saved = self._snapshot()  # the draft as last opened or saved: what closing would lose is the rest
        self._refresh()

    # ----- construction --------------------------------------------------------------
    def _build_toolbar(self) -> None:
        bar = window_toolbar(self, self.tr("Editor"), "editorToolbar")

        def action(text: str, shortcut: Shortcut | tuple[Shortcut, ...], tip: str, slot) -> QAction:
            return self._tool_action(bar, text, shortcut, tip, slot)

        self.new_action = action(
            QT_TRANSLATE_NOOP("MapEditor", "New"), QKeySequence.New, QT_TRANSLATE_NOOP("MapEditor", "Start an empty map"),
            self.new_map)
        self.open_action = action(
            QT_TRANSLATE_NOOP("MapEditor", "Open…"), QKeySequence.Open,
            QT_TRANSLATE_NOOP("MapEditor", "Open a native .map, a course .clp or a Bimaru puzzle"),
            self.choose_and_open)
        self.save_action = action(
            QT_TRANSLATE_NOOP("MapEditor", "Save"), QKeySequence.Save,
            QT_TRANSLATE_NOOP("MapEditor", "Save the map to its file (atomically)"), self.save)
        self.save_as_action = action(
            QT_TRANSLATE_NOOP("MapEditor", "Save As…"), (QKeySequence.SaveAs, "Ctrl+Shift+S"),
            QT_TRANSLATE_NOOP("MapEditor", "Save as a native .map, a course .clp or a Bimaru puzzle .txt"),
            self.save_as)
        bar.addSeparator()
        self.random_action = action(
            QT_TRANSLATE_NOOP("MapEditor", "Random map"), "Ctrl+G",
            QT_TRANSLATE_NOOP("MapEditor", "Draw a whole new fleet at random (the map generator)"), self.random_map)
        self.fill_action = action(
            QT_TRANSLATE_NOOP("MapEditor", "Fill the rest"), "Ctrl+F",
            QT_TRANSLATE_NOOP("MapEditor", "Place the ships still missing at random around the ones drawn"),
            self.fill_rest)
        self.puzzle_action = action(
            QT_TRANSLATE_NOOP("MapEditor", "Make it a puzzle"), "Ctrl+U",
            QT_TRANSLATE_NOOP("MapEditor", "Mark cells known at start until the puzzle has exactly one solution"),
            self.make_puzzle)
        bar.addSeparator()
        self.play_action = action(
            QT_TRANSLATE_NOOP("MapEditor", "Play this map"), "Ctrl+P",
            QT_TRANSLATE_NOOP("MapEditor", "Load this map in the main window and play it"), self.request_play)
        self.buttons["Play this map"].setObjectName("runButton")

    def _build_central(self) -> None:
        central, self.splitter = split_central("editorSplitter")

        board_card, board_layout = _card()
        head, self.title_label, self.info_label = title_row(self.tr("New map"))
        board_layout.addLayout(head)
        self.hint = QLabel(self.tr(
            "<b>Draw the fleet.</b> Drag across cells to draw a ship · click a ship to remove it · "
            "right click (or K) marks a cell known at start · keyboard: arrows, Space/Enter to start "
            "and end a ship, Delete removes."))
        self.hint.setObjectName("bannerInfo")
        self.hint.setWordWrap(True)
        self.banner = error_banner()
        self.notice_slot = QStackedWidget()  # the hint, or a refusal in its place: the board never moves
        self.notice_slot.addWidget(self.hint)
        self.notice_slot.addWidget(self.banner)
        board_layout.addWidget(self.notice_slot)
        self.canvas = MapCanvas()
        board_layout.addWidget(self.canvas, 1)
        self.splitter.addWidget(board_card)

        right, right_layout = side_column()
        self.fleet_panel = FleetPanel()
        right_layout.addWidget(self.fleet_panel)

        self.check_panel = CheckPanel()
        self.check_panel.standard_toggled.connect(self._on_standard)
        self.check_panel.clear_known_asked.connect(self.clear_known)
        right_layout.addWidget(self.check_panel)

        meta_card, meta_layout = _card()
        title = card_title(self.tr("Map"))
        meta_layout.addWidget(title)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignLeft)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(self.tr("e.g. Harbour"))
        self.name_edit.setToolTip(self.tr("The map's name (saved in the native format's header)"))
        self.author_edit = QLineEdit()
        self.author_edit.setPlaceholderText(self.tr("you"))
        self.author_edit.setToolTip(self.tr("Who made the map (native format header)"))
        self.notes_edit = QLineEdit()
        self.notes_edit.setPlaceholderText(self.tr("anything worth knowing about it"))
        self.notes_edit.setToolTip(self.tr("Notes about the map (native format header)"))
        for label, edit in ((self.tr("Name"), self.name_edit), (self.tr("Author"), self.author_edit),
                            (self.tr("Notes"), self.notes_edit)):
            form.addRow(label, edit)
            edit.textEdited.connect(self._on_meta)
        meta_layout.addLayout(form)
        right_layout.addWidget(meta_card)
        right_layout.addWidget(EditorLegend())
        right_layout.addStretch(1)
        right.setMaximumWidth(520)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([700, 440])
        self.setCentralWidget(central)
        for button in self.findChildren(QToolButton, "qt_toolbar_ext_button"):
            button.setToolTip(self.tr("More controls (the window is too narrow to show them all)"))
        self.file_label = QLabel()
        self.statusBar().addWidget(self.file_label, 1)

    # ----- editing (the canvas's signals land here) --------------------------------------------
    def place(self, cells) -> bool:
        """Place a ship on ``cells``; refused (False, cells marked, reason shown) if it breaks the map."""
        cells = tuple(cells)
        problems = self.draft.add_ship(cells)
        if problems:
            self.refused = problems
            self._message = self.tr("Refused: {0}").format("; ".join(p.message for p in problems))
        else:
            self.refused = []
            self._message = ""
            self._changed()
        self._refresh()
        return not problems

    def remove_at(self, cell: Cell) -> bool:
        """Remove the ship covering ``cell``."""
        removed = self.draft.remove_ship_at(cell) is not None
        self.refused = []
        self._message = ""
        if removed:
            self._changed()
        self._refresh()
        return removed

    def toggle_known(self, cell: Cell) -> bool:
        """Mark ``cell`` known at start or unmark it; True when it is now known."""
        known = self.draft.toggle_known(cell)
        self.refused = []
        self._message = ""
        self._changed()
        self._refresh()
        return known

    def clear_known(self) -> None:
        """Unmark every known cell."""
        self.draft.known.clear()
        self._changed()
        self._refresh()

    def new_map(self) -> None:
        """Start an empty map (after asking about unsaved changes)."""
        if not self.may_discard():
            return
        self._edit(MapDraft(standard=self.check_panel.standard_box.isChecked()), None, self.fmt)

    def _edit(self, draft: MapDraft, path: str | None, fmt: str) -> None:
        """Edit ``draft`` from now on, as saved (read from ``path`` in ``fmt``; no path: not saved yet)."""
        self.draft = draft
        self.path, self.fmt = path, fmt
        self.refused = []
        self._message = ""
        self.file_label.setText(self.tr("Not saved yet."))
        self._sync_meta()
        self._changed()
        self._saved = self._snapshot()
        self._refresh()

    # ----- unsaved changes ---------------------------------------------------------------------
    def _snapshot(self) -> tuple:
        draft = self.draft
        ships = tuple(sorted(ship.cells for ship in draft.ships))
        return ships, tuple(sorted(draft.known)), draft.standard, draft.name, draft.author, draft.notes

    def is_modified(self) -> bool:
        """True when the map differs from the one last opened or saved (an empty new map counts as saved)."""
        return self._snapshot() != self._saved

    def may_discard(self) -> bool:
        """True when the current map may be replaced: unchanged, saved now, or the user lets the changes go."""
        if not self.is_modified():
            return True
        answer = self.interaction.ask_unsaved(self.title_label.text())
        if answer == "save":
            return self.save()
        return answer == "discard"

    def _on_preview(self, cells) -> None:
        cells = tuple(cells)
        if not cells:
            self.canvas.set_preview((), True)
            self._refresh_marks()
            return
        problems = [] if self.draft.ship_at(cells[0]) and len(cells) == 1 else self.draft.check_ship(cells)
        self.canvas.set_preview(cells, not problems)
        self.canvas.show_draft(self.draft, {c for p in problems for c in p.cells})

    def _on_standard(self, on: bool) -> None:
        self.draft.standard = on
        self._refresh()

    def _on_meta(self) -> None:
        self.draft.name = self.name_edit.text().strip()
        self.draft.author = self.author_edit.text().strip()
        self.draft.notes = self.notes_edit.text().strip()
        self._refresh_title()

    def _sync_meta(self) -> None:
        self.name_edit.setText(self.draft.name)
        self.author_edit.setText(self.draft.author)
        self.notes_edit.setText(self.draft.notes)
        self.check_panel.set_standard(self.draft.standard)

    def _changed(self) -> None:
        self._solutions = None

    # ----- generator and solver ------------------------------------------------------------
    def _rng(self, seed: int | None) -> random.Random:
        if seed is None:
            self._seed += 1
            seed = self._seed
        return random.Random(seed)

    def random_map(self, seed: int | None = None) -> None:
        """Replace the fleet by one drawn uniformly at random (the generator); no cell is known at start."""
        if self.draft.ships and not self.may_discard():
            return
        self.draft.ships = random_ships(self._rng(seed))
        self.draft.known.clear()
        self.draft.standard = True
        self._after_generate(self.tr("A random fleet, uniform over all legal placements."))

    def fill_rest(self, seed: int | None = None) -> bool:
        """Place the ships still missing at random around the drawn ones; False (and why) if they cannot fit."""
        if self.draft.problems():
            self._show_message(self.tr("Fix the problems first: {0}").format(self.draft.problems()[0].message))
            return False
        if not self.draft.fleet_left():
            self._show_message(self.tr("The standard fleet is complete already."))
            return False
        try:
            self.draft.ships = random_ships(self._rng(seed), placed=list(self.draft.ships), max_tries=200_000)
        except MapError as error:
            self._show_message(self.tr("Cannot fill the rest: {0}").format(error.problem))
            return False
        self._after_generate(self.tr("The missing ships were placed at random around yours."))
        return True

    def make_puzzle(self, seed: int | None = None) -> bool:
        """Mark cells known at start until the puzzle has one solution (as ``maps generate --unique``)."""
        try:
            game_map = self.draft.to_map()
        except MapError as error:
            self._show_message(self.tr("Not a valid map yet: {0}").format(error.problem))
            return False
        before = len(game_map.known)
        unique = make_unique(game_map, self._rng(seed))
        self.draft.known = set(unique.known)
        self._changed()
        added = len(unique.known) - before
        self._message = ""
        self._refresh()
        if added:
            marked = self.tr("1 cell marked known") if added == 1 else self.tr("{0} cells marked known").format(added)
            self.file_label.setText(marked + self.tr(": the puzzle now has exactly one solution."))
        else:
            self.file_label.setText(self.tr("The puzzle already has exactly one solution."))
        return True

    def _after_generate(self, text: str) -> None:
        self.refused = []
        self._message = ""
        self._changed()
        self._sync_meta()
        self._refresh()
        self.file_label.setText(text)

    def solutions(self) -> tuple[int, int] | None:
        """(solutions found, the limit counted to) of the draft's puzzle; None while the map is not valid."""
        if self._solutions is None:
            if not self.draft.ships or self.draft.problems():
                return None
            self._solutions = (count_solutions(Constraints.from_map(self.draft.game_map()), SOLUTION_LIMIT),
                               SOLUTION_LIMIT)
        return self._solutions

    # ----- files --------------------------------------------------------------------------------------
    def _start_dir(self) -> str:
        if self.path:
            return str(Path(self.path).parent)
        recent = self.settings.value("recent/maps", [])
        if isinstance(recent, str):
            recent = [recent]
        return str(Path(recent[0]).parent) if recent else str(Path.cwd())

    def choose_and_open(self) -> None:
        """Ask for a map or puzzle file and open it."""
        if not self.may_discard():
            return
        path = self.interaction.choose_map(self._start_dir())
        if path:
            self.open_map(path)

    def open_map(self, path: str) -> bool:
        """Open a native map, a course map or a Bimaru puzzle (solved: its first solution if several)."""
        note = ""
        try:
            item = read(path)
            if isinstance(item, Puzzle):
                found = count_solutions(Constraints.from_puzzle(item), 2)
                game_map = load_game_map(path, pick_first=True)
                if found > 1:
                    note = self.tr("The puzzle has several solutions: the solver's first is shown. "
                                   "Make it a puzzle adds hints.")
                fmt = "bimaru"
            else:
                game_map = load_game_map(path)
                fmt = "clp" if format_for_path(path) == "clp" else "native"
        except BattleshipError as error:
            self._show_message(self.tr("Could not open the map: {0}").format(error))
            return False
        except OSError as error:
            self._show_message(self.tr("Could not open the map: {0}").format(f"{path}: {error.strerror or error}"))
            return False
        self.open_game_map(game_map, path, fmt)
        self.file_label.setText(note or self.tr("Opened {0}").format(self.path))
        return True

    def open_game_map(self, game_map: GameMap, path: str | None = None, fmt: str | None = None) -> None:
        """Edit ``game_map`` (read from ``path`` in ``fmt``, found from the file when None; no path: unsaved)."""
        if path and fmt is None:
            try:
                fmt = detect(read_text(path), path)
            except BattleshipError:
                path = None  # the file went away or changed: save asks where
        self._edit(MapDraft.from_map(game_map), str(Path(path).resolve()) if path else None, fmt or "native")
        self.file_label.setText(self.path or self.tr("Not saved yet."))

    def save(self, path: str | None = None, fmt: str | None = None) -> bool:
        """Save the map (atomically) to ``path`` in ``fmt`` (default: its file and format, else ask)."""
        if path is None and self.path is None:
            return self.save_as()
        path = path or self.path
        fmt = fmt or self.fmt
        assert path is not None
        try:
            game_map = self.draft.to_map()
        except MapError as error:
            self._show_message(self.tr("Not saved: the map is not valid: {0}").format(error.problem))
            return False
        if fmt == "bimaru" and not game_map.is_standard:
            self._show_message(self.tr("Not saved: a Bimaru puzzle needs the standard fleet (this map has {0}).")
                               .format(game_map.fleet_description() or self.tr("no ships")))
            return False
        try:
            save(game_map, path, fmt)
        except BattleshipError as error:
            self._show_message(self.tr("Not saved: {0}").format(error))
            return False
        self.path, self.fmt = str(Path(path).resolve()), fmt
        self._message = ""
        self._saved = self._snapshot()
        self._refresh()
        note = ""
        if fmt == "bimaru" and (self.solutions() or (0, 0))[0] > 1:
            note = " — " + self.tr("note: the puzzle has several solutions (Make it a puzzle fixes that)")
        self.file_label.setText(self.tr("Saved {0} ({1})").format(self.path, fmt) + note)
        return True

    def save_as(self) -> bool:
        """Ask where and in which format to save, then save."""
        start = self.path or str(Path(self._start_dir()) / ((self.draft.name or "untitled") + ".map"))
        answer = self.interaction.choose_map_target(start, self.fmt)
        if not answer:
            return False
        return self.save(*answer)

    def request_play(self) -> None:
        """Hand the map to the main window to be played (it must be valid)."""
        try:
            game_map = self.draft.to_map()
        except MapError as error:
            self._show_message(self.tr("Cannot play it yet: {0}").format(error.problem))
            return
        if self.path and not game_map.name:
            game_map = dataclasses.replace(game_map, name=Path(self.path).stem)
        self.play_requested.emit(game_map)

    # ----- rendering ----------------------------------------------------------------------------------
    def _show_message(self, text: str) -> None:
        self._message = text
        self._refresh()

    def message_text(self) -> str:
        """The message shown in the banner (empty when none)."""
        return self._message

    def problem_cells(self) -> set[Cell]:
        """The cells marked as wrong on the board."""
        return set(self.canvas.marks)

    def _refresh_marks(self) -> None:
        marks = {c for p in self.refused for c in p.cells} | {c for p in self.draft.problems() for c in p.cells}
        self.canvas.show_draft(self.draft, marks)

    def _refresh_title(self) -> None:
        name = self.draft.name or (Path(self.path).stem if self.path else self.tr("New map"))
        self.title_label.setText(name)
        # [*]: Qt's unsaved-changes mark
        self.setWindowTitle(self.tr("Map editor — {0}[*] — Battleship Lab").format(name))
        self.setWindowModified(self.is_modified())

    def _refresh(self) -> None:
        self._refresh_marks()
        self._refresh_title()
        self.fleet_panel.show_draft(self.draft)
        draft = self.draft
        problems = draft.problems()
        known = [draft.game_map().piece_at(c) for c in draft.known]
        ships_known = sum(p.is_ship for p in known)
        ships = self.tr("1 ship") if len(draft.ships) == 1 else self.tr("{0} ships").format(len(draft.ships))
        self.info_label.setText(ships + " · " + self.tr("{0} known at start ({1} ship, {2} water)").format(
            len(known), ships_known, len(known) - ships_known))
        valid = bool(draft.ships) and not problems
        counted = valid and (draft.is_complete() or not draft.standard)
        self.check_panel.show_draft(draft, self.solutions() if counted else None)
        self.save_action.setEnabled(valid)
        self.save_as_action.setEnabled(valid)
        self.play_action.setEnabled(valid)
        self.puzzle_action.setEnabled(valid)
        self.fill_action.setEnabled(not problems and bool(draft.fleet_left()))
        if self._message:
            self.banner.setText(self._message)
            self.notice_slot.setCurrentWidget(self.banner)
        else:
            self.notice_slot.setCurrentWidget(self.hint)
            self.banner.clear()
        if not self.file_label.text():
            self.file_label.setText(self.tr("Not saved yet.") if self.path is None else self.path)

    # ----- window state --------------------------------------------------------------------------------
    def closeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        if not self.may_discard():
            event.ignore()
            return
        self.save_state()
        super().closeEvent(event)
