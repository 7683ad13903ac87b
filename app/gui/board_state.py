"""``BoardState``: an immutable snapshot of a game for the board to draw."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from app.core import Action, Cell, Game, GameMap, Observation, Outcome
from app.core.markers import Marker, markers_at
from app.gui.cell_paint import CellLook, Fill, FlagMark, PieceStyle


@dataclass(frozen=True, slots=True)
class BoardState:
    """A snapshot of a game to draw; ``reveal`` is the hidden map (set when the game is over), ``markers`` what the
    agent drew after the last step (app/core/markers.py; the board's ``MarkerLayer`` draws them)."""

    observation: Observation
    last_action: Action | None = None
    last_outcome: Outcome | None = None
    belief: np.ndarray | None = None
    reveal: GameMap | None = None
    markers: tuple[Marker, ...] = ()

    @classmethod
    def from_game(cls, game: Game, belief: np.ndarray | None = None) -> BoardState:
        """The state of ``game`` now (the hidden map is revealed once it is over)."""
        last = next((e for e in reversed(game.events) if e.action is not None and e.action.cell), None)
        return cls(
            observation=game.observation(),
            last_action=last.action if last else None,
            last_outcome=last.outcome if last else None,
            belief=None if belief is None else np.array(belief, dtype=float),
            reveal=game.map if game.over else None,
            markers=markers_at(game.markers, game.events[-1].step if game.events else None),
        )

    def look(self, cell: Cell) -> CellLook:
        """How ``cell`` is drawn in this state."""
        obs = self.observation
        start = cell in obs.start_known
        flagged = cell in obs.flags
        reveal = self.reveal
        flag = FlagMark.NONE
        if flagged:
            flag = FlagMark.FLAG if reveal is None else (FlagMark.RIGHT if reveal.is_ship(cell) else FlagMark.WRONG)
        if cell in obs.fired:
            piece = obs.fired[cell]
            if piece.is_ship:
                return CellLook(Fill.UNKNOWN, piece, PieceStyle.HIT, start, flag)
            return CellLook(Fill.MISS, None, None, start, flag)
        if cell in obs.known:
            piece = obs.known[cell]
            if piece.is_ship:
                return CellLook(Fill.UNKNOWN, piece, PieceStyle.KNOWN, start, flag)
            return CellLook(Fill.WATER, None, None, start, flag)
        if reveal is None:
            return CellLook(Fill.UNKNOWN, flag=flag)
        piece = reveal.piece_at(cell)
        if piece.is_ship:
            style = PieceStyle.RIGHT_FLAG if flagged else PieceStyle.MISSED
            return CellLook(Fill.HIDDEN_WATER, piece, style, False, flag)
        return CellLook(Fill.WRONG_FLAG if flagged else Fill.HIDDEN_WATER, None, None, False, flag)

    def sunk_ships(self) -> list[tuple[Cell, ...]]:
        """The cells of each ship sunk so far (only known once the map is revealed)."""
        if self.reveal is None:
            return []
        obs = self.observation
        covered = set(obs.fired) | set(obs.flags) | {c for c, p in obs.start_known.items() if p.is_ship}
        return [ship.cells for ship in self.reveal.ships if all(c in covered for c in ship.cells)]
