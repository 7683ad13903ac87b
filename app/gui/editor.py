"""The map editor: draw a fleet by dragging, mark cells known at start, make puzzles, save in any format.

``MapDraft`` is the map being drawn (plain Python, no Qt): its ships, the
cells known at start and the metadata. Validation is the engine's:
``GameMap.problems()`` (overlap, touching, counts, known cells) plus the
fleet compared with the standard one. A ship that would make the map
invalid is refused, and the problems it would cause (with their cells) are
returned so the window can mark them. ``MapEditor`` is the window.
"""

from __future__ import annotations

import html
import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from PyQt5.QtCore import QPointF, QRectF, QSettings, QSize, Qt, pyqtSignal
from PyQt5.QtGui import QBrush, QColor, QFont, QKeySequence, QPainter, QPen
from PyQt5.QtWidgets import (
    QAction,
    QCheckBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core import SIZE, STANDARD_FLEET, BattleshipError, Cell, GameMap, MapError, MapProblem, Piece, Ship
from app.gui import theme
from app.gui.board import CURSOR_MOVES, BoardWidget, CellLook, Fill, PieceStyle, paint_cell, piece_path
from app.gui.interaction import Interaction
from app.gui.theme import card as _card
from app.gui.theme import (
    card_title,
    error_banner,
    side_column,
    split_central,
    title_row,
    window_toolbar,
)

SHIP_NAMES = {4: "battleship", 3: "cruiser", 2: "destroyer", 1: "submarine"}
SOLUTION_LIMIT = 100  # "make it a puzzle" and the live solution count stop counting here


def _ship_name(length: int) -> str:
    return SHIP_NAMES.get(length, f"{length}-cell ship")


def line_between(start: Cell, end: Cell) -> tuple[Cell, ...]:
    """The straight run of cells from ``start`` towards ``end`` (along the longer direction)."""
    if abs(end.x - start.x) >= abs(end.y - start.y):
        lo, hi = sorted((start.x, end.x))
        return tuple(Cell(x, start.y) for x in range(lo, hi + 1))
    lo, hi = sorted((start.y, end.y))
    return tuple(Cell(start.x, y) for y in range(lo, hi + 1))


@dataclass
class MapDraft:
    """The map being drawn: ships, cells known at start (any cell, water or ship) and metadata."""

    ships: list[Ship] = field(default_factory=list)
    known: set[Cell] = field(default_factory=set)
    name: str = ""
    author: str = ""
    notes: str = ""
    standard: bool = True  # refuse ships the standard fleet has no room for

    @classmethod
    def from_map(cls, game_map: GameMap) -> MapDraft:
        """A draft holding ``game_map`` (a non-standard fleet switches the standard check off)."""
        return cls(list(game_map.ships), set(game_map.known), game_map.name, game_map.author, game_map.notes,
                   standard=game_map.is_standard)

    def _map(self, ships: list[Ship], known: set[Cell]) -> GameMap:
        pieces = {}
        for ship in ships:
            if not ship.problems():
                pieces.update(ship.pieces())
        return GameMap(ships=tuple(sorted(ships, key=lambda s: s.cells)),
                       known={c: pieces.get(c, Piece.WATER) for c in sorted(known)},
                       row_counts=tuple(sum(c.x == x for s in ships for c in s.cells) for x in range(SIZE)),
                       col_counts=tuple(sum(c.y == y for s in ships for c in s.cells) for y in range(SIZE)),
                       name=self.name, author=self.author, notes=self.notes)

    def game_map(self) -> GameMap:
        """The draft as a GameMap (not validated; counts derived from the ships)."""
        return self._map(self.ships, self.known)

    def to_map(self) -> GameMap:
        """The draft as a validated GameMap; MapError naming the first problem."""
        game_map = self.game_map()
        return GameMap.create(game_map.ships, game_map.known, name=self.name, author=self.author, notes=self.notes)

    # ----- the fleet ------------------------------------------------------------------
    def placed(self) -> Counter[int]:
        """How many ships of each length are on the board."""
        return Counter(ship.length for ship in self.ships)

    def fleet_left(self) -> list[int]:
        """The lengths of the standard fleet not placed yet, longest first."""
        left = Counter(STANDARD_FLEET) - self.placed()
        return sorted(left.elements(), reverse=True)

    def fleet_problems(self) -> list[MapProblem]:
        """Ships beyond the standard fleet (empty when the standard check is off)."""
        if not self.standard:
            return []
        wanted = Counter(STANDARD_FLEET)
        problems = []
        for length, count in sorted(self.placed().items(), reverse=True):
            if count > wanted[length]:
                cells = tuple(c for s in self.ships if s.length == length for c in s.cells)
                allowed = f"only {wanted[length]}" if wanted[length] else "none"
                problems.append(MapProblem(f"{count} ships of {length} cells: the standard fleet has {allowed}",
                                           cells))
        return problems

    def problems(self) -> list[MapProblem]:
        """Everything wrong with the draft as it stands (an empty board is not a problem here)."""
        problems = [p for p in self.game_map().problems() if p.message != "the map has no ships"]
        return problems + self.fleet_problems()

    def is_complete(self) -> bool:
        """True when the standard fleet is placed exactly and nothing is wrong."""
        return sorted((s.length for s in self.ships), reverse=True) == list(STANDARD_FLEET) and not self.problems()

    # ----- editing ----------------------------------------------------------------------
    def check_ship(self, cells: tuple[Cell, ...]) -> list[MapProblem]:
        """The problems a new ship on ``cells`` would cause (empty: it may be placed)."""
        ship = Ship(tuple(sorted(cells)))
        shape = ship.problems()
        if shape:
            return [MapProblem(shape[0], ship.cells)]
        if self.standard:
            wanted = Counter(STANDARD_FLEET)[ship.length]
            if not wanted:
                return [MapProblem(f"the standard fleet has no ship of {ship.length} cells "
                                   f"(longest is {max(STANDARD_FLEET)})", ship.cells)]
            if self.placed()[ship.length] >= wanted:
                same = tuple(c for s in self.ships if s.length == ship.length for c in s.cells)
                return [MapProblem(f"all {wanted} {_ship_name(ship.length)}s ({ship.length} cells) are placed already",
                                   ship.cells + same)]
        before = {p.message for p in self.game_map().problems()}
        after = self._map(self.ships + [ship], self.known).problems()
        return [p for p in after if p.message not in before and p.message != "the map has no ships"
                and p.row is None and p.col is None]

    def add_ship(self, cells: tuple[Cell, ...]) -> list[MapProblem]:
        """Place a ship on ``cells`` unless it causes problems; returns them (empty: placed)."""
        problems = self.check_ship(cells)
        if not problems:
            self.ships.append(Ship(tuple(sorted(cells))))
        return problems

    def ship_at(self, cell: Cell) -> Ship | None:
        """The ship covering ``cell``, if any."""
        return next((s for s in self.ships if cell in s.cells), None)

    def remove_ship_at(self, cell: Cell) -> Ship | None:
        """Remove the ship covering ``cell``; returns it (None: there was none)."""
        ship = self.ship_at(cell)
        if ship is not None:
            self.ships.remove(ship)
        return ship

    def toggle_known(self, cell: Cell) -> bool:
        """Mark ``cell`` known at start, or unmark it; returns True when it is now known."""
        if cell in self.known:
            self.known.discard(cell)
            return False
        self.known.add(cell)
        return True


# ----- painting (shared by the canvas and its legend) ---------------------------------------------------

def paint_editor_cell(painter: QPainter, rect: QRectF, piece: Piece, known: bool) -> None:
    """One cell as the editor draws it: a ship piece (dark with K when known at start), or water."""
    if piece.is_ship and known:
        paint_cell(painter, rect, CellLook(Fill.HIDDEN_WATER, piece, PieceStyle.KNOWN, known_at_start=True))
        return
    paint_cell(painter, rect, CellLook(Fill.WATER if known else Fill.HIDDEN_WATER, known_at_start=known))
    if piece.is_ship:
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(theme.HIT_PIECE))
        painter.drawPath(piece_path(rect, piece))


def paint_problem(painter: QPainter, rect: QRectF) -> None:
    """The mark of a cell a problem concerns: hatched, with a thick frame (not colour alone)."""
    painter.setPen(Qt.NoPen)
    painter.setBrush(QBrush(theme.WRONG_FLAG, Qt.BDiagPattern))
    painter.drawRect(rect)
    width = max(2.5, rect.width() * 0.08)
    painter.setBrush(Qt.NoBrush)
    painter.setPen(QPen(theme.WRONG_FLAG, width))
    painter.drawRect(rect.adjusted(width / 2, width / 2, -width / 2, -width / 2))


# ----- the canvas ------------------------------------------------------------------------------------

class MapCanvas(BoardWidget):
    """The editor's board: ships drawn as pieces, known cells marked K, refused placements marked.

    Reuses the game board's geometry, cursor and cell painting. Mouse: drag to
    draw a ship, click a ship to remove it, right click to mark a cell known at
    start. Keys: arrows move the cursor, Space/Enter starts and ends a ship
    (on a ship: removes it), K marks known, Delete removes, Escape cancels.
    """

    ship_drawn = pyqtSignal(object)  # tuple[Cell, ...]
    ship_removed = pyqtSignal(object)  # Cell
    known_toggled = pyqtSignal(object)  # Cell
    preview_changed = pyqtSignal(object)  # tuple[Cell, ...] (empty: no preview)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.draft = MapDraft()
        self.marks: set[Cell] = set()
        self.preview: tuple[Cell, ...] = ()
        self.preview_ok = True
        self._anchor: Cell | None = None
        self._pressed = False
        self.set_interactive(True)
        self.setAccessibleName("map editor board")

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        return QSize(560, 560)

    def show_draft(self, draft: MapDraft, marks: set[Cell] | None = None) -> None:
        """Show ``draft``, with ``marks`` (cells to flag as wrong)."""
        self.draft = draft
        self.marks = set(marks or ())
        self.update()

    def set_preview(self, cells: tuple[Cell, ...], ok: bool) -> None:
        """Show a ship being drawn (``ok``: it could be placed)."""
        self.preview, self.preview_ok = tuple(cells), ok
        self.update()

    def describe(self, cell: Cell) -> str:
        """What ``cell`` holds in the draft, in words (the tooltip)."""
        piece = self.draft.game_map().piece_at(cell)
        parts = [f"ship ({piece.value})" if piece.is_ship else "water"]
        if cell in self.draft.known:
            parts.append("known at start")
        if cell in self.marks:
            parts.append("concerned by a problem")
        return f"row {cell.x}, column {cell.y}: " + ", ".join(parts)

    @property
    def anchor(self) -> Cell | None:
        """Where the ship being drawn starts (None: none is being drawn)."""
        return self._anchor

    def _begin(self, cell: Cell) -> None:
        self._anchor = cell
        self.preview_changed.emit((cell,))

    def _extend(self, cell: Cell) -> None:
        if self._anchor is not None:
            self.preview_changed.emit(line_between(self._anchor, cell))

    def _finish(self, cell: Cell) -> None:
        anchor, self._anchor = self._anchor, None
        self.preview_changed.emit(())
        if anchor is None:
            return
        if anchor == cell and self.draft.ship_at(cell) is not None:
            self.ship_removed.emit(cell)
        else:
            self.ship_drawn.emit(line_between(anchor, cell))

    def cancel(self) -> None:
        """Drop the ship being drawn."""
        self._anchor = None
        self._pressed = False
        self.preview_changed.emit(())

    # ----- input -----------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        cell = self.cell_at(event.x(), event.y())
        if cell is None:
            return
        self._cursor = cell
        if event.button() == Qt.RightButton:
            self.cancel()
            self.known_toggled.emit(cell)
        elif event.button() == Qt.LeftButton:
            self._pressed = True
            self._begin(cell)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        super().mouseMoveEvent(event)
        if self._pressed:
            cell = self.cell_at(event.x(), event.y())
            if cell is not None:
                self._cursor = cell
                self._extend(cell)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        if not self._pressed or event.button() != Qt.LeftButton:
            return
        self._pressed = False
        cell = self.cell_at(event.x(), event.y())
        if cell is None:
            self.cancel()
            return
        self._finish(cell)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        key = event.key()
        if key in CURSOR_MOVES:
            self._extend(self.move_cursor(*CURSOR_MOVES[key]))
        elif key in (Qt.Key_Space, Qt.Key_Return, Qt.Key_Enter):
            if self._anchor is None:
                self._begin(self._cursor)
            else:
                self._finish(self._cursor)
        elif key == Qt.Key_K:
            self.known_toggled.emit(self._cursor)
        elif key in (Qt.Key_Delete, Qt.Key_Backspace):
            self.ship_removed.emit(self._cursor)
        elif key == Qt.Key_Escape and self._anchor is not None:
            self.cancel()
        else:
            QWidget.keyPressEvent(self, event)

    # ----- painting ----------------------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        self.paint_count += 1
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        size, left, top = self._geometry()
        board = QRectF(left, top, size * SIZE, size * SIZE)
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(theme.CARD))
        painter.drawRoundedRect(board.adjusted(-1.75 * size, -1.75 * size, size * 0.3, size * 0.3), 12, 12)
        game_map = self.draft.game_map()
        self._paint_editor_counts(painter, game_map, size, left, top)
        for x in range(SIZE):
            for y in range(SIZE):
                cell = Cell(x, y)
                paint_editor_cell(painter, self.cell_rect(cell), game_map.piece_at(cell), cell in self.draft.known)
        painter.setPen(QPen(theme.GRID_LINE, 1))
        for i in range(SIZE + 1):
            painter.drawLine(QPointF(left, top + i * size), QPointF(left + SIZE * size, top + i * size))
            painter.drawLine(QPointF(left + i * size, top), QPointF(left + i * size, top + SIZE * size))
        for cell in sorted(self.marks):
            paint_problem(painter, self.cell_rect(cell))
        if self.preview:
            colour = QColor(theme.BLUE if self.preview_ok else theme.WRONG_FLAG)
            fill = QColor(colour)
            fill.setAlpha(110)
            line = Ship(tuple(sorted(self.preview)))
            for cell, piece in line.pieces().items():
                rect = self.cell_rect(cell)
                painter.setPen(QPen(colour, max(1.5, size * 0.05), Qt.DashLine))
                painter.setBrush(QBrush(fill))
                painter.drawPath(piece_path(rect, piece))
        for cell, colour, style in ((self._hover, theme.BLUE, Qt.SolidLine),
                                    (self._cursor if self.hasFocus() else None, theme.INK, Qt.DashLine)):
            if cell is not None:
                painter.setBrush(Qt.NoBrush)
                painter.setPen(QPen(colour, 2, style))
                painter.drawRect(self.cell_rect(cell).adjusted(2, 2, -2, -2))
        painter.end()

    def _paint_editor_counts(self, painter: QPainter, game_map: GameMap, size: float, left: float, top: float) -> None:
        index_font = QFont()
        index_font.setPixelSize(max(7, int(size * 0.24)))
        big = QFont()
        big.setBold(True)
        big.setPixelSize(max(8, int(size * 0.38)))
        for i in range(SIZE):
            painter.setFont(index_font)
            painter.setPen(theme.MUTED_INK)
            painter.drawText(QRectF(left + i * size, top - 1.7 * size, size, 0.45 * size), Qt.AlignCenter, str(i))
            painter.drawText(QRectF(left - 1.7 * size, top + i * size, 0.45 * size, size), Qt.AlignCenter, str(i))
            for rect, count in ((QRectF(left + i * size + 3, top - 1.2 * size, size - 6, 1.05 * size),
                                 game_map.col_counts[i]),
                                (QRectF(left - 1.2 * size, top + i * size + 3, 1.05 * size, size - 6),
                                 game_map.row_counts[i])):
                painter.setPen(Qt.NoPen)
                painter.setBrush(QBrush(QColor("#F1F4F8")))
                painter.drawRoundedRect(rect, 6, 6)
                painter.setFont(big)
                painter.setPen(theme.INK if count else theme.MUTED_INK)
                painter.drawText(rect, Qt.AlignCenter, str(count))


class _EditorSwatch(QWidget):
    def __init__(self, piece: Piece, known: bool, problem: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.piece, self.known, self.problem = piece, known, problem
        self.setFixedSize(26, 26)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        rect = QRectF(1, 1, 24, 24)
        paint_editor_cell(painter, rect, self.piece, self.known)
        painter.setPen(QPen(theme.GRID_LINE, 1))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(rect)
        if self.problem:
            paint_problem(painter, rect)
        painter.end()


EDITOR_LEGEND = (
    ("Ship (hidden at start)", Piece.LEFT, False, False),
    ("Ship known at start (K)", Piece.SUB, True, False),
    ("Water known at start", Piece.WATER, True, False),
    ("Refused or wrong", Piece.WATER, False, True),
)


class EditorLegend(QFrame):
    """What the editor's marks mean."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("card")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        title = card_title("Legend")
        layout.addWidget(title)
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(6)
        for index, (text, piece, known, problem) in enumerate(EDITOR_LEGEND):
            row, col = divmod(index, 2)
            label = QLabel(text)
            label.setStyleSheet("color: #475467;")
            grid.addWidget(_EditorSwatch(piece, known, problem), row, col * 2)
            grid.addWidget(label, row, col * 2 + 1)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        layout.addLayout(grid)


# ----- the fleet panel ---------------------------------------------------------------------------------

class _ShipIcon(QWidget):
    """A small drawing of a ship of ``length`` cells (greyed when ``done``)."""

    def __init__(self, length: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.length = length
        self.done = False
        self.setFixedSize(4 * 22 + 2, 24)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        ship = Ship(tuple(Cell(0, y) for y in range(self.length)))
        colour = QColor("#B8C4D2") if self.done else theme.HIT_PIECE
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(colour))
        for cell, piece in ship.pieces().items():
            painter.drawPath(piece_path(QRectF(1 + cell.y * 22, 1, 22, 22), piece))
        painter.end()


class FleetPanel(QFrame):
    """What is left of the standard fleet to place: one row per ship length."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("card")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        layout.setSpacing(6)
        title = card_title("Fleet")
        layout.addWidget(title)
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(4)
        self.rows: dict[int, tuple[_ShipIcon, QLabel, QLabel]] = {}
        wanted = Counter(STANDARD_FLEET)
        for row, length in enumerate(sorted(wanted, reverse=True)):
            icon = _ShipIcon(length)
            name = QLabel(f"{_ship_name(length).capitalize()} · {length} cell{'s' if length > 1 else ''}")
            name.setStyleSheet("color: #344054;")
            status = QLabel()
            status.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
            status.setMinimumWidth(120)
            for widget in (icon, name, status):
                widget.setToolTip(f"The standard fleet has {wanted[length]} {_ship_name(length)}"
                                  f"{'s' if wanted[length] > 1 else ''} of {length} cell{'s' if length > 1 else ''}")
            grid.addWidget(icon, row, 0)
            grid.addWidget(name, row, 1)
            grid.addWidget(status, row, 2)
            self.rows[length] = (icon, name, status)
        grid.setColumnStretch(1, 1)
        layout.addLayout(grid)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("color: #475467;")
        layout.addWidget(self.summary)

    def show_draft(self, draft: MapDraft) -> None:
        """Fill the rows from ``draft``."""
        placed = draft.placed()
        wanted = Counter(STANDARD_FLEET)
        for length, (icon, _name, status) in self.rows.items():
            have, want = placed[length], wanted[length]
            icon.done = have >= want
            icon.update()
            if have == want:
                status.setText("✓ all placed")
                status.setStyleSheet("color: #007A5A; font-weight: 600;")
            elif have > want:
                status.setText(f"{have} placed — {have - want} too many")
                status.setStyleSheet("color: #B34700; font-weight: 600;")
            else:
                status.setText(f"{want - have} of {want} left")
                status.setStyleSheet("color: #1F2933; font-weight: 600;")
        extra = sorted((n for n in placed if n not in wanted), reverse=True)
        left = draft.fleet_left()
        text = (f"{len(left)} ship{'s' if len(left) != 1 else ''} ({sum(left)} cells) left to place."
                if left else "The standard fleet is complete.")
        if extra:
            text += " Not in the standard fleet: " + ", ".join(f"{placed[n]}x{n}" for n in extra) + "."
        self.summary.setText(text)


# ----- the window ------------------------------------------------------------------------------------------

class MapEditor(QMainWindow):
    """The map editor window. ``play_requested(GameMap)`` asks the main window to play the map drawn."""

    play_requested = pyqtSignal(object)

    def __init__(self, settings: QSettings | None = None, interaction: Interaction | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings("BattleshipLab", "Battleship Lab")
        self.interaction = interaction if interaction is not None else Interaction(self)
        self.draft = MapDraft()
        self.path: str | None = None
        self.fmt = "native"
        self.refused: list[MapProblem] = []
        self._message = ""
        self._solutions: tuple[int, int] | None = None  # (count, limit) for the current draft
        self._seed = random.SystemRandom().randrange(1 << 30)
        self.setWindowTitle("Map editor — Battleship Lab")
        self._build_toolbar()
        self._build_central()
        self.canvas.ship_drawn.connect(self.place)
        self.canvas.ship_removed.connect(self.remove_at)
        self.canvas.known_toggled.connect(self.toggle_known)
        self.canvas.preview_changed.connect(self._on_preview)
        self.resize(1180, 780)
        self._saved = self._snapshot()  # the draft as last opened or saved: what closing would lose is the rest
        self._refresh()

    # ----- construction --------------------------------------------------------------
    def _build_toolbar(self) -> None:
        bar = window_toolbar(self, "Editor", "editorToolbar")

        def action(text: str, shortcut: str | None, tip: str, slot) -> QAction:
            act = QAction(text, self)
            if shortcut:
                act.setShortcut(QKeySequence(shortcut))
                tip = f"{tip} ({QKeySequence(shortcut).toString(QKeySequence.NativeText)})"
            act.setToolTip(tip)
            act.triggered.connect(lambda _checked=False: slot())
            self.addAction(act)
            button = QToolButton()
            button.setDefaultAction(act)
            bar.addWidget(button)
            self.buttons[text] = button
            return act

        self.buttons: dict[str, QToolButton] = {}
        self.new_action = action("New", "Ctrl+N", "Start an empty map", self.new_map)
        self.open_action = action("Open…", "Ctrl+O", "Open a native .map, a course .clp or a Bimaru puzzle",
                                  self.choose_and_open)
        self.save_action = action("Save", "Ctrl+S", "Save the map to its file (atomically)", self.save)
        self.save_as_action = action("Save As…", "Ctrl+Shift+S",
                                     "Save as a native .map, a course .clp or a Bimaru puzzle .txt", self.save_as)
        bar.addSeparator()
        self.random_action = action("Random map", "Ctrl+G", "Draw a whole new fleet at random (the map generator)",
                                    self.random_map)
        self.fill_action = action("Fill the rest", "Ctrl+F",
                                  "Place the ships still missing at random around the ones drawn", self.fill_rest)
        self.puzzle_action = action("Make it a puzzle", "Ctrl+U",
                                    "Mark cells known at start until the puzzle has exactly one solution",
                                    self.make_puzzle)
        bar.addSeparator()
        self.play_action = action("Play this map", "Ctrl+P", "Load this map in the main window and play it",
                                  self.request_play)
        self.buttons["Play this map"].setObjectName("runButton")

    def _build_central(self) -> None:
        central, self.splitter = split_central("editorSplitter")

        board_card, board_layout = _card()
        head, self.title_label, self.info_label = title_row("New map")
        board_layout.addLayout(head)
        self.hint = QLabel("<b>Draw the fleet.</b> Drag across cells to draw a ship · click a ship to remove it · "
                           "right click (or K) marks a cell known at start · keyboard: arrows, Space/Enter to start "
                           "and end a ship, Delete removes.")
        self.hint.setObjectName("bannerInfo")
        self.hint.setWordWrap(True)
        board_layout.addWidget(self.hint)
        self.banner = error_banner()
        board_layout.addWidget(self.banner)
        self.canvas = MapCanvas()
        board_layout.addWidget(self.canvas, 1)
        self.splitter.addWidget(board_card)

        right, right_layout = side_column()
        self.fleet_panel = FleetPanel()
        right_layout.addWidget(self.fleet_panel)

        check_card, check_layout = _card()
        title = card_title("Check")
        check_layout.addWidget(title)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextFormat(Qt.RichText)
        self.status_label.setToolTip("What the engine says about the map: overlap, touching ships, the fleet, "
                                     "the cells known at start, and how many solutions the puzzle has")
        check_layout.addWidget(self.status_label)
        self.standard_box = QCheckBox("Standard fleet only")
        self.standard_box.setChecked(True)
        self.standard_box.setToolTip("Refuse ships the standard fleet (1x4, 2x3, 3x2, 4x1) has no room for; "
                                     "off: any fleet (agents are told the map's fleet)")
        self.standard_box.toggled.connect(self._on_standard)
        row = QHBoxLayout()
        row.addWidget(self.standard_box, 1)
        self.clear_known_action = QAction("Clear known cells", self)
        self.clear_known_action.setToolTip("Unmark every cell known at start")
        self.clear_known_action.triggered.connect(lambda _checked=False: self.clear_known())
        clear_button = QToolButton()
        clear_button.setDefaultAction(self.clear_known_action)
        row.addWidget(clear_button)
        check_layout.addLayout(row)
        right_layout.addWidget(check_card)

        meta_card, meta_layout = _card()
        title = card_title("Map")
        meta_layout.addWidget(title)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignLeft)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("e.g. Harbour")
        self.name_edit.setToolTip("The map's name (saved in the native format's header)")
        self.author_edit = QLineEdit()
        self.author_edit.setPlaceholderText("you")
        self.author_edit.setToolTip("Who made the map (native format header)")
        self.notes_edit = QLineEdit()
        self.notes_edit.setPlaceholderText("anything worth knowing about it")
        self.notes_edit.setToolTip("Notes about the map (native format header)")
        for label, edit in (("Name", self.name_edit), ("Author", self.author_edit), ("Notes", self.notes_edit)):
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
            button.setToolTip("More controls (the window is too narrow to show them all)")
        self.file_label = QLabel()
        self.statusBar().addWidget(self.file_label, 1)

    # ----- editing (the canvas's signals land here) --------------------------------------------
    def place(self, cells) -> bool:
        """Place a ship on ``cells``; refused (False, cells marked, reason shown) if it breaks the map."""
        cells = tuple(cells)
        problems = self.draft.add_ship(cells)
        if problems:
            self.refused = problems
            self._message = "Refused: " + "; ".join(p.message for p in problems)
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
        self.draft = MapDraft(standard=self.standard_box.isChecked())
        self.path = None
        self.refused = []
        self._message = ""
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
        self.standard_box.blockSignals(True)
        self.standard_box.setChecked(self.draft.standard)
        self.standard_box.blockSignals(False)

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
        from app.solver.generator import random_ships

        if self.draft.ships and not self.may_discard():
            return
        self.draft.ships = random_ships(self._rng(seed))
        self.draft.known.clear()
        self.draft.standard = True
        self._after_generate("A random fleet, uniform over all legal placements.")

    def fill_rest(self, seed: int | None = None) -> bool:
        """Place the ships still missing at random around the drawn ones; False (and why) if they cannot fit."""
        from app.solver.generator import random_ships

        if self.draft.problems():
            self._show_message("Fix the problems first: " + self.draft.problems()[0].message)
            return False
        if not self.draft.fleet_left():
            self._show_message("The standard fleet is complete already.")
            return False
        try:
            self.draft.ships = random_ships(self._rng(seed), placed=list(self.draft.ships), max_tries=200_000)
        except MapError as error:
            self._show_message(f"Cannot fill the rest: {error.problem}")
            return False
        self._after_generate("The missing ships were placed at random around yours.")
        return True

    def make_puzzle(self, seed: int | None = None) -> bool:
        """Mark cells known at start until the puzzle has one solution (as ``maps generate --unique``)."""
        from app.solver.generator import make_unique

        try:
            game_map = self.draft.to_map()
        except MapError as error:
            self._show_message(f"Not a valid map yet: {error.problem}")
            return False
        before = len(game_map.known)
        unique = make_unique(game_map, self._rng(seed))
        self.draft.known = set(unique.known)
        self._changed()
        added = len(unique.known) - before
        self._message = ""
        self._refresh()
        self.file_label.setText(f"{added} cell{'s' if added != 1 else ''} marked known: the puzzle now has "
                                "exactly one solution." if added else "The puzzle already has exactly one solution.")
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
            from app.solver.fast import Constraints, count_solutions

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
        from app.backends.games import load_game_map
        from app.core.formats import Puzzle, format_for_path, read

        note = ""
        try:
            item = read(path)
            if isinstance(item, Puzzle):
                from app.solver.fast import Constraints, count_solutions

                found = count_solutions(Constraints.from_puzzle(item), 2)
                game_map = load_game_map(path, pick_first=True)
                if found > 1:
                    note = "The puzzle has several solutions: the solver's first is shown. Make it a puzzle adds hints."
                fmt = "bimaru"
            else:
                game_map = load_game_map(path)
                fmt = "clp" if format_for_path(path) == "clp" else "native"
        except BattleshipError as error:
            self._show_message(f"Could not open the map: {error}")
            return False
        except OSError as error:
            self._show_message(f"Could not open the map: {path}: {error.strerror or error}")
            return False
        self.open_game_map(game_map, path, fmt)
        self.file_label.setText(note or f"Opened {self.path}")
        return True

    def open_game_map(self, game_map: GameMap, path: str | None = None, fmt: str | None = None) -> None:
        """Edit ``game_map`` (read from ``path`` in ``fmt``, found from the file when None; no path: unsaved)."""
        if path and fmt is None:
            from app.core.fileio import read_text
            from app.core.formats import detect

            try:
                fmt = detect(read_text(path), path)
            except BattleshipError:
                path = None  # the file went away or changed: save asks where
        fmt = fmt or "native"
        self.draft = MapDraft.from_map(game_map)
        self.path, self.fmt = (str(Path(path).resolve()) if path else None), fmt
        self.refused = []
        self._message = ""
        self._changed()
        self._sync_meta()
        self._saved = self._snapshot()
        self._refresh()
        self.file_label.setText(self.path or "Not saved yet.")

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
            self._show_message(f"Not saved: the map is not valid: {error.problem}")
            return False
        if fmt == "bimaru" and not game_map.is_standard:
            self._show_message("Not saved: a Bimaru puzzle needs the standard fleet "
                               f"(this map has {game_map.fleet_description() or 'no ships'}).")
            return False
        from app.core.formats import save

        try:
            save(game_map, path, fmt)
        except BattleshipError as error:
            self._show_message(f"Not saved: {error}")
            return False
        self.path, self.fmt = str(Path(path).resolve()), fmt
        self._message = ""
        self._saved = self._snapshot()
        self._refresh()
        note = ""
        if fmt == "bimaru" and (self.solutions() or (0, 0))[0] > 1:
            note = " — note: the puzzle has several solutions (Make it a puzzle fixes that)"
        self.file_label.setText(f"Saved {self.path} ({fmt}){note}")
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
            self._show_message(f"Cannot play it yet: {error.problem}")
            return
        if self.path and not game_map.name:
            import dataclasses

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
        name = self.draft.name or (Path(self.path).stem if self.path else "New map")
        self.title_label.setText(name)
        self.setWindowTitle(f"Map editor — {name}[*] — Battleship Lab")  # [*]: Qt's unsaved-changes mark
        self.setWindowModified(self.is_modified())

    def _refresh(self) -> None:
        self._refresh_marks()
        self._refresh_title()
        self.fleet_panel.show_draft(self.draft)
        draft = self.draft
        problems = draft.problems()
        known = [draft.game_map().piece_at(c) for c in draft.known]
        ships_known = sum(p.is_ship for p in known)
        self.info_label.setText(f"{len(draft.ships)} ship{'s' if len(draft.ships) != 1 else ''} · "
                                f"{len(known)} known at start ({ships_known} ship, {len(known) - ships_known} water)")
        lines = []
        if problems:
            lines += [f'<span style="color:#B34700">✗ {html.escape(p.message)}</span>' for p in problems[:6]]
            if len(problems) > 6:
                lines.append(f"… and {len(problems) - 6} more")
        elif not draft.ships:
            lines.append('<span style="color:#667085">Empty board: draw a ship, or press Random map.</span>')
        else:
            fleet = "standard fleet" if draft.is_complete() else (
                f"{len(draft.fleet_left())} ships still to place" if draft.standard else "non-standard fleet")
            colour = "#007A5A" if draft.is_complete() or not draft.standard else "#344054"
            lines.append(f'<span style="color:{colour}">✓ No ships overlap or touch · {fleet}</span>')
            found = self.solutions() if draft.is_complete() or not draft.standard else None
            if found is not None:
                count, limit = found
                if count == 0:
                    text = "the puzzle has no solution"
                elif count == 1:
                    text = "<b>the puzzle has exactly one solution</b>"
                else:
                    text = f"the puzzle has {count}{'+' if count >= limit else ''} solutions"
                lines.append(f'<span style="color:#344054">Counts and known cells: {text}</span>')
        self.status_label.setText("<br>".join(lines))
        valid = bool(draft.ships) and not problems
        self.save_action.setEnabled(valid)
        self.save_as_action.setEnabled(valid)
        self.play_action.setEnabled(valid)
        self.puzzle_action.setEnabled(valid)
        self.fill_action.setEnabled(not problems and bool(draft.fleet_left()))
        self.clear_known_action.setEnabled(bool(draft.known))
        if self._message:
            self.banner.setText(self._message)
            self.banner.show()
        else:
            self.banner.hide()
            self.banner.clear()
        if not self.file_label.text():
            self.file_label.setText("Not saved yet." if self.path is None else self.path)

    # ----- window state --------------------------------------------------------------------------------
    def closeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        if not self.may_discard():
            event.ignore()
            return
        self.settings.setValue("editor/geometry", self.saveGeometry())
        self.settings.setValue("editor/splitter", self.splitter.saveState())
        super().closeEvent(event)

    def restore_state(self) -> None:
        """Restore the editor's last geometry and splitter."""
        geometry = self.settings.value("editor/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        splitter = self.settings.value("editor/splitter")
        if splitter is not None:
            self.splitter.restoreState(splitter)
