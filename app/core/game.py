"""A game session: the single authority that applies actions and scores a game.

``Game`` owns the hidden map; agents only ever get an ``Observation``. Every
action (legal, wasted or rejected) advances the step and produces one
``StepEvent``; listeners registered with ``subscribe`` receive each event.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from app.core import messages
from app.core.actions import Action, ActionKind
from app.core.errors import ActionError, BattleshipError
from app.core.gamemap import GameMap
from app.core.grid import Cell, Piece
from app.core.markers import Marker
from app.core.oracle import oracle_score
from app.core.rules import DEFAULT_PROFILE, PROFILES, RulesProfile, Statistics


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


@dataclass(frozen=True)  # no slots: the engine builds it with _frozen, which fills __dict__
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


@dataclass(frozen=True)  # no slots: the engine builds it with _frozen, which fills __dict__
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


Listener = Callable[[StepEvent], None]


def _frozen(cls, **values):
    """An instance of the frozen dataclass ``cls`` from every field's value, without its generated
    ``__init__`` (which sets each field through ``object.__setattr__``: a third of a step's engine time).
    Why ``StepEvent`` and ``Observation`` have no slots: a slots dataclass's ``__init__`` built a
    ``StepEvent`` about 1.6 times slower than this (timeit, 2026-11)."""
    instance = object.__new__(cls)
    instance.__dict__.update(values)
    return instance


class Game:
    """One game of a map under a rules profile. Deterministic."""

    def __init__(self, game_map: GameMap, profile: RulesProfile | None = None, agent: str = ""):
        self.map = game_map
        self.profile = profile or PROFILES[DEFAULT_PROFILE]
        self.agent = agent
        self.step = 0
        self.fires_left = self.profile.fires
        self.guesses_left = self.profile.guesses
        self.fired: dict[Cell, Piece] = {}
        self.flagged: set[Cell] = set()  # a flag is a fact (guess x y): a set, off-board cells included
        self.stalled = False  # the agent gave no action the course could carry out
        self.revealed: dict[Cell, Piece] = {}
        self.events: list[StepEvent] = []
        self.over = False
        self.stop_reason = ""
        self._final: Statistics | None = None
        self._oracle: int | None = None
        self._listeners: list[Listener] = []
        self._known_ships = frozenset(c for c, p in game_map.known.items() if p.is_ship)
        # the course's reset of known cells (docs/rules.md, "Known cells count as fired"): the cells it has
        # treated, the cells with a k-cell fact, and the fok it took back for each
        self._reset_cells: set[Cell] = set(self._known_ships)
        self._k_cells: set[Cell] = set(game_map.known)
        self._fok_taken = 0
        self._declared: tuple[tuple[Cell, Piece], ...] = ()  # for the event of the step being carried out
        self._declared_before: tuple[tuple[Cell, Piece], ...] = ()  # declared with no step yet (its deffacts)
        for cell in self._known_ships:
            if not game_map.is_ship(cell):  # a k-cell that contradicts the map: a fire on what is there
                self.fired[cell] = game_map.piece_at(cell)
                self._fok_taken += 1
        self._start_known = MappingProxyType(dict(game_map.known))
        self._observation: Observation | None = None  # of the current state; every event drops it
        # snapshots for observations, dropped when what they copy changes
        self._known_view: Mapping[Cell, Piece] | None = None
        self._fired_view: Mapping[Cell, Piece] | None = None
        self._flags_view: frozenset[Cell] | None = None
        self.load_errors: tuple[str, ...] = ()  # the agent's load errors (set by the match runner)
        #: what was said during the game (agent printouts, why it stopped), each with the step it came before;
        #: kept for logs and replays, never scored
        self.notes: list[tuple[int, str]] = []
        #: what the agent's driver traced of its insides, per step (a CLIPS agent's rule firings and fact changes):
        #: plain JSON-ready data when read from a log, else the driver's trace object, made plain data by its
        #: ``to_dict()`` only when a log is written; kept for logs and replays, never scored
        self.traces: dict[int, Any] = {}
        #: what the agent tried that its confinement refused ("tried to open /path (outside what it may read)"),
        #: in order, as the agent host's child saw it (set by the match runner; also in the notes); never scored
        self.refusals: list[str] = []
        #: the files the agent wrote in its scratch folder (name -> contents; set at the game's end by the match
        #: runner): listed in the notes, saved beside a game log (``gamelog.save``), never scored
        self.written_files: dict[str, bytes] = {}
        #: what the agent drew on the board (app/core/markers.py), by the step at which the markers in force changed
        #: (``()`` once it took them all away; ``markers.markers_at`` reads them); kept for logs, never scored
        self.markers: dict[int, tuple[Marker, ...]] = {}
        self._markers_in_force: tuple[Marker, ...] = ()

    def keep_markers(self, step: int, markers: tuple[Marker, ...]) -> None:
        """Record ``markers`` (capped already: ``markers.capped_markers``) as the agent's after ``step``, when they
        differ from those in force (an agent that draws nothing, or the same, records nothing)."""
        if markers != self._markers_in_force:
            self.markers[step] = self._markers_in_force = markers

    def note(self, text: str) -> None:
        """Record a line said while the agent decided the current step (not part of the game's state)."""
        self.notes.append((self.step, text))

    # ----- listeners ---------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(event)`` for every event from now on."""
        self._listeners.append(listener)

    def _emit(self, event: StepEvent) -> StepEvent:
        self._observation = None  # every change of state ends in an event
        self.events.append(event)
        if self._listeners:
            for listener in list(self._listeners):
                listener(event)
        return event

    # ----- actions -----------------------------------------------------
    def apply(self, action: Action | str, declared: Sequence[tuple[Cell, Piece]] = ()) -> StepEvent:
        """Carry out one action for the agent and return its event (docs/rules.md, the course's habits).

        As in the course's environment: an off-board fire or guess uses the
        resource and counts nothing; a second flag on a flagged cell uses a
        flag and adds nothing. An action the course's ENV has no rule for (a
        fire or guess with none left, an unguess of a cell with no flag) is
        not carried out: the course's environment would hang, so the game
        ends as stalled (solved as it stands, the reason in ``stop_reason``).
        Malformed text is rejected with a reason (the step advances). When
        the step limit is reached, the engine solves the game (a second event).

        ``declared``: the k-cells a CLIPS agent asserted itself in this turn
        (cell, content), in order; the course treats the non-water ones as
        known cells it fires at once (``_declare``).
        """
        if self.over:
            raise BattleshipError("the game is over: no more actions")
        self._declared = tuple(declared) if declared else ()  # recorded on this step's event
        text = action if isinstance(action, str) else str(action)
        label = text  # the event's text: the action's own (canonical) text
        if not isinstance(action, Action):
            try:
                action = Action.parse(action)
            except ActionError as error:
                event = self._event(text, Outcome.REJECTED, reason=str(error))
                if declared:
                    self._k_cells.update(cell for cell, _ in declared)
                    self._declare(declared)
                return self._after(event)
            label = str(action)
        if action.kind is ActionKind.SOLVE:
            return self._finish(messages.SOLVED_BY_AGENT, by_engine=False, declared=declared)
        impossible = self._impossible(action)
        if impossible:
            return self.stop(messages.STALLED.format(label=label, why=impossible), stalled=True)
        if declared:  # asserted before the action: no reveal there
            self._k_cells.update(cell for cell, _ in declared)
        cell = action.cell
        if action.kind is ActionKind.FIRE:
            event = self._fire(action, cell, label)
        elif action.kind is ActionKind.GUESS:
            event = self._guess(action, cell, label)
        else:
            event = self._unguess(action, cell, label)
        if declared:
            self._declare(declared)
        return self._after(event)

    def _reset_targets(self, declared: Sequence[tuple[Cell, Piece]]) -> list[Cell]:
        """The cells of ``declared`` the course's reset treats (non-water, not treated before), each noted."""
        cells = []
        for cell, piece in declared:
            self._k_cells.add(cell)
            if piece is not Piece.WATER and cell not in self._reset_cells:
                self._reset_cells.add(cell)
                cells.append(cell)
                self.note(messages.DECLARED_K_CELL.format(x=cell.x, y=cell.y, piece=piece.value))
        return cells

    def declare(self, declared: Sequence[tuple[Cell, Piece]]) -> None:
        """The course's reset of k-cells a CLIPS agent asserted (``apply``'s ``declared``): a fire at each
        non-water one not treated before, with one fok taken back. Without an action: its deffacts at start."""
        if self.over:
            raise BattleshipError("the game is over already")
        self._declared_before += tuple(declared)  # recorded on the next step's event
        self._declare(declared)
        self._observation = None

    def _declare(self, declared: Sequence[tuple[Cell, Piece]]) -> None:
        for cell in self._reset_targets(declared):
            self._fok_taken += 1
            if cell.on_board() and cell not in self.fired:
                self.fired[cell] = self.map.piece_at(cell)
                self._fired_view = None

    def impossible(self, action: Action | str) -> str:
        """Why the course's ENV could not carry ``action`` out now ('' when it could, or for malformed text)."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except ActionError:
                return ""
        return self._impossible(action)

    def _impossible(self, action: Action) -> str:
        if action.kind is ActionKind.FIRE and self.fires_left <= 0:
            return messages.NO_FIRES_LEFT
        if action.kind is ActionKind.GUESS and self.guesses_left <= 0:
            return messages.NO_FLAGS_LEFT
        if action.kind is ActionKind.UNGUESS:
            if action.cell not in self.flagged:
                return messages.NO_FLAG_THERE
            if self.guesses_left >= self.profile.guesses:
                return messages.ALL_FLAGS_LEFT.format(count=self.profile.guesses)
        return ""

    def choose(self, actions: Sequence[Action | str]) -> Action | str:
        """Of several actions for one step (newest first), the one the course carries out: the newest it can."""
        return next((action for action in actions if not self.impossible(action)), actions[0])

    def _fire(self, action: Action, cell: Cell, label: str) -> StepEvent:
        self.fires_left -= 1
        if not cell.on_board():
            return self._event(label, Outcome.FIRE_WASTED, action, messages.FIRE_OFF_BOARD)
        if cell in self.fired:
            return self._event(label, Outcome.FIRE_WASTED, action, messages.ALREADY_FIRED)
        if cell in self._known_ships:
            return self._event(label, Outcome.FIRE_WASTED, action, messages.KNOWN_SHIP_CELL)
        piece = self.map.piece_at(cell)
        self.fired[cell] = piece
        self._fired_view = None
        revealed = piece if (piece.is_ship or self.profile.reveal_water) and cell not in self._k_cells else None
        if revealed is not None:
            self.revealed[cell] = revealed
            self._k_cells.add(cell)
            self._reset_cells.add(cell)
            self._known_view = None
        return self._event(label, Outcome.HIT if piece.is_ship else Outcome.MISS, action, revealed=revealed)

    def _guess(self, action: Action, cell: Cell, label: str) -> StepEvent:
        self.guesses_left -= 1
        if cell in self.flagged:
            return self._event(label, Outcome.FLAG_WASTED, action, messages.ALREADY_FLAGGED)
        self.flagged.add(cell)
        self._flags_view = None
        if not cell.on_board():
            return self._event(label, Outcome.FLAGGED, action, messages.FLAG_OFF_BOARD)
        return self._event(label, Outcome.FLAGGED, action)

    def _unguess(self, action: Action, cell: Cell, label: str) -> StepEvent:
        self.flagged.discard(cell)
        self._flags_view = None
        self.guesses_left += 1
        return self._event(label, Outcome.UNFLAGGED, action)

    def _event(self, text: str, outcome: Outcome, action: Action | None = None, reason: str = "",
               revealed: Piece | None = None, by_engine: bool = False) -> StepEvent:
        if self._declared or self._declared_before:  # rare: an agent's own k-cells (docs/rules.md)
            extra = {"declared": self._declared, "declared_before": self._declared_before}
            self._declared = self._declared_before = ()
            return _frozen(StepEvent, step=self.step, text=text, outcome=outcome, action=action, reason=reason,
                           revealed=revealed, by_engine=by_engine, fires_left=self.fires_left,
                           guesses_left=self.guesses_left, **extra)
        return _frozen(StepEvent, step=self.step, text=text, outcome=outcome, action=action, reason=reason,
                       revealed=revealed, by_engine=by_engine, fires_left=self.fires_left,
                       guesses_left=self.guesses_left)

    def _after(self, event: StepEvent) -> StepEvent:
        self.step += 1
        self._emit(event)
        if self.step >= self.profile.max_steps:
            self._finish(messages.STEP_LIMIT, by_engine=True)
        return event

    def stop(self, reason: str, stalled: bool = False) -> StepEvent:
        """Solve the game as it stands on the engine's behalf (agent stalled, crashed, timed out).

        ``stalled``: the agent gave no action the course's environment could
        carry out (where the course's environment hangs)."""
        if self.over:
            raise BattleshipError("the game is over already")
        self.stalled = stalled
        return self._finish(reason, by_engine=True)

    def _finish(self, reason: str, by_engine: bool, declared: Sequence[tuple[Cell, Piece]] = ()) -> StepEvent:
        final = self.statistics()
        targets = self._reset_targets(declared)
        if targets:  # the course counts the solve first: then only the fok taken back, and a miss on unflagged water
            missed = sum(cell.on_board() and cell not in self.fired and cell not in self.flagged
                         and not self.map.is_ship(cell) for cell in targets)
            final = dataclasses.replace(final, fok=final.fok - len(targets), fko=final.fko + missed)
        self._final = final
        self.over = True
        self.stop_reason = reason
        event = self._event("solve", Outcome.SOLVED, Action.solve(), "" if not by_engine else reason,
                            by_engine=by_engine)
        self.step += 1
        return self._emit(event)

    # ----- state -------------------------------------------------------
    @property
    def flags(self) -> frozenset[Cell]:
        """Cells with a flag on them (on the board)."""
        return frozenset(cell for cell in self.flagged if cell.on_board())

    def observation(self) -> Observation:
        """What the agent may know now (the same immutable object until the next event)."""
        if self._observation is not None:
            return self._observation
        if self._known_view is None:
            known = dict(self.map.known)
            known.update(self.revealed)
            self._known_view = MappingProxyType(known)
        if self._fired_view is None:
            self._fired_view = MappingProxyType(dict(self.fired))
        if self._flags_view is None:
            self._flags_view = self.flags
        self._observation = _frozen(
            Observation,
            step=self.step,
            max_steps=self.profile.max_steps,
            fires_left=self.fires_left,
            guesses_left=self.guesses_left,
            row_counts=self.map.row_counts,
            col_counts=self.map.col_counts,
            known=self._known_view,
            start_known=self._start_known,
            fired=self._fired_view,
            flags=self._flags_view,
            fleet=self.map.fleet,
            rules=self.profile.name,
            over=self.over,
            statistics=self._final,
            fok_taken=self._fok_taken,
        )
        return self._observation

    def statistics(self) -> Statistics:
        """The counts at solve (or, before it, as they would be if solved now)."""
        if self._final is not None:
            return self._final
        ships = self.map.ship_cells
        fired = set(self.fired)
        flagged = self.flags - fired
        covered = fired | flagged | self._known_ships
        return Statistics(
            fok=len(fired & ships) - self._fok_taken,
            fko=len(fired - ships),
            gok=len((flagged & ships) - self._known_ships),
            gko=len(flagged - ships),
            safe=len(ships - covered),
            sink=sum(all(c in covered for c in ship.cells) for ship in self.map.ships),
            fires_left=self.fires_left,
            guesses_left=self.guesses_left,
        )

    def score(self) -> int:
        """The score of ``statistics()`` under the game's profile."""
        return self.profile.score(self.statistics())

    def oracle(self) -> int:
        """The map's oracle score under this game's profile and limits."""
        if self._oracle is None:
            self._oracle = oracle_score(self.map, self.profile)
        return self._oracle

    def result(self) -> GameResult:
        """The result (the game must be over)."""
        if not self.over:
            raise BattleshipError("the game is not over yet")
        return GameResult(
            map_name=self.map.name,
            rules=self.profile.name,
            agent=self.agent,
            statistics=self.statistics(),
            score=self.score(),
            oracle=self.oracle(),
            steps=self.step,
            stop_reason=self.stop_reason,
            max_steps=self.profile.max_steps,
            events=tuple(self.events),
            load_errors=self.load_errors,
        )

