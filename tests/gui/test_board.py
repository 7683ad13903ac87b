"""BoardState: how each cell of a game is drawn, during the game and once the map is revealed."""

from PyQt5.QtGui import QPixmap

from app.core import Action, Cell, Game, Piece
from app.gui.board import BoardWidget
from app.gui.board_state import BoardState
from app.gui.cell_paint import Fill, FlagMark, PieceStyle
from app.solver.playable import load_game_map
from tests.paths import MAPS_DIR


def _game():
    return Game(load_game_map(MAPS_DIR / "four-known.map"))


def test_cells_known_at_start_are_drawn_as_their_piece_with_k():
    game = _game()
    state = BoardState.from_game(game)
    for cell, piece in game.map.known.items():
        look = state.look(cell)
        assert look.known_at_start
        if piece.is_ship:
            assert (look.piece, look.style) == (piece, PieceStyle.KNOWN)
        else:
            assert look.fill is Fill.WATER and look.piece is None


def test_hits_take_the_piece_shape_misses_and_flags_are_marked_and_last_action_kept():
    game = _game()
    ship = next(c for c in sorted(game.map.ship_cells) if c not in game.map.known)
    water = next(c for c in sorted(set(Cell(x, y) for x in range(10) for y in range(10)) - game.map.ship_cells)
                 if c not in game.map.known)
    game.apply(Action.fire(*ship))
    game.apply(Action.fire(*water))
    game.apply(Action.guess(9, 9))
    state = BoardState.from_game(game)
    assert (state.look(ship).piece, state.look(ship).style) == (game.map.piece_at(ship), PieceStyle.HIT)
    assert state.look(water).fill is Fill.MISS
    assert state.look(Cell(9, 9)).flag is FlagMark.FLAG
    assert state.last_action == Action.guess(9, 9)
    assert state.reveal is None and state.sunk_ships() == []


def test_revealed_map_tells_right_flags_wrong_flags_missed_cells_and_sunk_ships_apart():
    game = _game()
    hidden_ships = [s for s in game.map.ships if not any(c in game.map.known for c in s.cells)]
    flagged_ship = hidden_ships[0]
    for cell in flagged_ship.cells:
        game.apply(Action.guess(*cell))
    water = next(c for c in sorted(Cell(x, y) for x in range(10) for y in range(10))
                 if not game.map.is_ship(c) and c not in game.map.known)
    game.apply(Action.guess(*water))
    game.apply(Action.solve())
    state = BoardState.from_game(game)
    assert state.reveal is game.map
    for cell in flagged_ship.cells:
        assert state.look(cell).flag is FlagMark.RIGHT
        assert state.look(cell).style is PieceStyle.RIGHT_FLAG
    assert state.look(water).flag is FlagMark.WRONG and state.look(water).fill is Fill.WRONG_FLAG
    missed = hidden_ships[1].cells[0]
    assert state.look(missed).style is PieceStyle.MISSED
    assert state.look(missed).piece is game.map.piece_at(missed)
    sunk = {cells for cells in state.sunk_ships()}
    assert flagged_ship.cells in sunk
    assert hidden_ships[1].cells not in sunk
    assert game.statistics().sink == len(sunk)


def test_board_widget_maps_points_to_cells_and_back(qtbot):
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(500, 420)
    for cell in (Cell(0, 0), Cell(3, 7), Cell(9, 9)):
        rect = board.cell_rect(cell)
        assert board.cell_at(rect.center().x(), rect.center().y()) == cell
    assert board.cell_at(1, 1) is None


def test_board_widget_paints_every_state(qtbot):
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(400, 400)
    game = _game()
    game.apply(Action.fire(0, 0))
    board.set_belief_visible(True)
    import numpy as np
    board.show_game(game, belief=np.full((10, 10), 0.3))
    before = board.paint_count
    board.grab()
    game.apply(Action.solve())
    board.show_game(game)
    board.grab()
    assert board.paint_count >= before + 2
    assert board.state.reveal is not None and board.state.look(Cell(0, 0)).piece is Piece.SUB


def test_tooltip_text_names_the_cell_and_what_it_shows(qtbot):
    board = BoardWidget()
    qtbot.addWidget(board)
    game = _game()
    game.apply(Action.fire(0, 0))
    board.show_game(game)
    assert board.describe(Cell(0, 0)) == "row 0, column 0: hit: sub"
    assert board.describe(Cell(7, 0)) == "row 7, column 0: known at start, top"
    assert board.describe(Cell(5, 5)) == "row 5, column 5: unknown"


def test_count_badges_at_the_end_add_up_to_the_ship_cells_never_found(qtbot):
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(400, 400)
    game = _game()
    ship = next(s for s in game.map.ships if not any(c in game.map.known for c in s.cells))
    for cell in ship.cells:
        game.apply(Action.guess(*cell))
    game.apply(Action.solve())
    board.show_game(game)
    drawn = []
    board._badge_pixmap = lambda left, original, w, h: drawn.append(left) or QPixmap(1, 1)
    board.grab()
    assert sum(drawn) == 2 * game.statistics().safe  # every hidden cell is in one row and one column


def _luminance(colour) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(colour.red()) + 0.7152 * channel(colour.green()) + 0.0722 * channel(colour.blue())


def test_captions_and_muted_text_are_legible_on_every_fill_they_sit_on():
    from PyQt5.QtGui import QColor

    from app.gui import theme

    for fill in (theme.CARD, theme.DONE_BADGE, QColor("#F1F4F8"), theme.UNKNOWN_FILL, QColor("#F3F5F8")):
        light, dark = sorted((_luminance(fill), _luminance(theme.MUTED_INK)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, fill.name()  # WCAG AA for text ("of N", counts, captions)
