"""What a game says: what an action did (``Outcome``), each step's event (``StepEvent``), what an agent may know
(``Observation``) and the result of a solved game (``GameResult``).

Plain, frozen data: ``Game`` (app/core/game.py), the single authority that applies actions and scores, makes them;
agents, listeners, logs and every view read them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from app.core import messages
from app.core.actions import Action
from app.core.grid import Cell, Piece
from app.core.rules import Statistics


class Outcome(str, enum.Enum):
    """What an action did."""

    HIT = "hit"
    MISS = "miss"
    FIRE_WASTED = "fire-wasted"
    FLAGGED = "flagged"
    FLAG_WASTED = "flag-wasted"
    UNFLAGGED = "unflagged"
    REJECTED = "rejected"
    SOLVED = "solved"


@dataclass(frozen=True)  # no slots: Game builds it with game._frozen, which fills __dict__
class StepEvent:
    """One step of a game: the action, its outcome and what the agent learned.

    ``revealed`` is the content of the k-cell the environment added (None:
    the agent was told nothing new). ``by_engine`` marks the automatic solve.
    ``declared``: the k-cells a CLIPS agent asserted itself in this step's
    turn; ``declared_before``: those of its deffacts, treated before this (its
    first) step (``Game.declare``; docs/rules.md).
    """

    step: int
    text: str
    outcome: Outcome
    action: Action | None = None
    reason: str = ""
    revealed: Piece | None = None
    by_engine: bool = False
    fires_left: int = 0
    guesses_left: int = 0
    declared: tuple[tuple[Cell, Piece], ...] = ()
    declared_before: tuple[tuple[Cell, Piece], ...] = ()

    def to_dict(self) -> dict:
        """A JSON-ready dict (the ``actions`` entries of a result, and game log lines)."""
        action = self.action
        values = {
            "step": self.step,
            "action": action.kind.value if action else self.text,
            "x": action.x if action else None,
            "y": action.y if action else None,
            "outcome": self.outcome.value,
            "reason": self.reason,
            "revealed": self.revealed.value if self.revealed else None,
            "by_engine": self.by_engine,
        }
        for key in ("declared", "declared_before"):
            if getattr(self, key):
                values[key] = [[cell.x, cell.y, piece.value] for cell, piece in getattr(self, key)]
        return values

    def describe(self, say: Callable[[str], str] = str) -> str:
        """One human-readable line, e.g. ``step  3  fire 4 5      hit (middle)``; ``say`` gives the word "step",
        the outcome, the piece revealed and the reason in the reader's language (the GUI's: app/gui/engine_text.py).
        The action stays as the agent wrote it: the protocol's command."""
        detail = say(self.outcome.value)
        if self.revealed is not None and self.outcome in (Outcome.HIT, Outcome.MISS):
            detail += f" ({say(self.revealed.value)})"
        if self.reason:
            detail += f": {say(self.reason)}"
        who = " [auto]" if self.by_engine else ""
        return f"{say(messages.STEP)} {self.step:3d}  {self.text:<14}{who} {detail}"


@dataclass(frozen=True)  # no slots: Game builds it with game._frozen, which fills __dict__
class Observation:
    """What an agent may know: never the hidden grid.

    ``known`` holds the k-cells the environment has told (at start and after
    fires); ``fired`` every fired cell with what it held (a miss is water,
    which an agent can infer under every profile). ``statistics``: the counts
    at solve, told once the game is over (None before).
    """

    step: int
    max_steps: int
    fires_left: int
    guesses_left: int
    row_counts: tuple[int, ...]
    col_counts: tuple[int, ...]
    known: Mapping[Cell, Piece]
    start_known: Mapping[Cell, Piece]
    fired: Mapping[Cell, Piece]
    flags: frozenset[Cell]
    fleet: tuple[int, ...]
    rules: str
    over: bool = False
    statistics: Statistics | None = None
    fok_taken: int = 0  # fires the course took back from fok for known cells it treated as fired

    def content(self, cell: Cell) -> Piece | None:
        """What the agent knows is at ``cell`` (None: unknown)."""
        return self.known.get(cell) or self.fired.get(cell)

    def is_unknown(self, cell: Cell) -> bool:
        """True when the agent does not know what ``cell`` holds."""
        return cell not in self.known and cell not in self.fired

    def known_ship_cells(self) -> set[Cell]:
        """Cells the agent knows hold a ship piece."""
        cells = {c for c, p in self.known.items() if p.is_ship}
        return cells | {c for c, p in self.fired.items() if p.is_ship}

    def remaining_in_row(self, x: int) -> int:
        """Row x's count minus the ship cells known in it."""
        return self.row_counts[x] - sum(c.x == x for c in self.known_ship_cells())

    def remaining_in_col(self, y: int) -> int:
        """Column y's count minus the ship cells known in it."""
        return self.col_counts[y] - sum(c.y == y for c in self.known_ship_cells())


def load_note(errors: Sequence[str]) -> str:
    """``agent loaded with 2 errors`` for an agent's load errors ("" for none): how a result is marked."""
    count = len(errors)
    return (messages.LOAD_ERROR if count == 1 else messages.LOAD_ERRORS.format(count=count)) if count else ""


@dataclass(frozen=True, slots=True)
class GameResult:
    """The result of a solved game."""

    map_name: str
    rules: str
    agent: str
    statistics: Statistics
    score: int
    oracle: int
    steps: int
    stop_reason: str
    max_steps: int
    events: tuple[StepEvent, ...] = field(repr=False, default=())
    #: what the agent's files reported when they were loaded (a CLIPS agent plays what loaded): file:line: text
    load_errors: tuple[str, ...] = ()

    @property
    def load_note(self) -> str:
        """``agent loaded with 2 errors`` when there were load errors, else ""."""
        return load_note(self.load_errors)

    @property
    def agent_failed(self) -> bool:
        """True when the engine stopped the game before the step limit: the agent crashed, timed out or stalled."""
        final = self.events[-1] if self.events else None
        return final is not None and final.by_engine and final.step < self.max_steps

    @property
    def percent_of_oracle(self) -> float | None:
        """Score as % of the oracle score (None when the oracle is not positive)."""
        return 100.0 * self.score / self.oracle if self.oracle > 0 else None

    @property
    def precision(self) -> float | None:
        """Share of fires and flags that landed on ship cells."""
        s = self.statistics
        shots = s.fok + s.fko + s.gok + s.gko
        return (s.fok + s.gok) / shots if shots else None

    @property
    def recall(self) -> float | None:
        """Share of the hidden ship cells found by fire or flag."""
        s = self.statistics
        hidden = s.fok + s.gok + s.safe
        return (s.fok + s.gok) / hidden if hidden else None

    def to_dict(self) -> dict:
        """The JSON object of ``run --json`` and ``replay --json``."""
        return {
            "score": self.score,
            "oracle": self.oracle,
            "statistics": self.statistics.as_dict(),
            "rules": self.rules,
            "map": self.map_name,
            "agent": self.agent,
            "steps": self.steps,
            "stop_reason": self.stop_reason,
            **({"load_errors": list(self.load_errors)} if self.load_errors else {}),
            "actions": [
                {k: e.to_dict()[k] for k in ("step", "action", "x", "y", "outcome")} for e in self.events
            ],
        }
