"""``ClipsDriver``: runs a course CLIPS agent one step at a time against the Python engine (the step protocol).

This module is the protocol: the map's facts and the reset, the agent's execs and k-cells read after its turn,
the engine's outcome mirrored into MAIN's and ENV's facts in the course's order. Running the environment under
the caps and reading it (printout, facts, parameters) is ``running``; a turn in parts is ``stepping``; loading
lives in ``loading``, the pool of loaded environments in ``pool``, the direct C-API calls in ``capi``, the
agent's parameters in ``params``.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Mapping
from pathlib import Path

import clips
from clips._clips import ffi, lib

from app.backends.base import AgentFailure, Driver, StartContext, runner_param
from app.backends.clips import pool
from app.backends.clips.capi import (
    KINDS,
    NULL,
    STAT_SLOTS,
    FactCursor,
    FactExistp,
    GetNextFactInTemplate,
    LoadedEnv,
    clock,
    encoded,
    held,
)
from app.backends.clips.loading import load_environment, map_facts, routers_off
from app.backends.clips.messages import CaptureRouter
from app.backends.clips.params import BRIDGE_PARAMS, set_agent_params
from app.backends.clips.running import DEFAULT_MAX_FIRINGS, DEFAULT_TIME_LIMIT, RunningEnvironment
from app.backends.clips.stepping import TurnInParts
from app.backends.clips.trace import Tracer
from app.backends.clips.watchdog import Deadline, clear_halt
from app.core import Action, ActionKind, AgentError, Cell, Observation, Outcome, Piece, StepEvent
from app.core.markers import MAX_ITEMS_READ, Marker, capped_markers
from app.core.rules import Statistics

# an outcome that changes neither moves, nor k-cells, nor statistics (ENV's mirror-outcome leaves them alone)
_UNCHANGED = {"fires": "nil", "content": "nil", "statistics": "none"}
_SLOTS = {"status": ("step", "currently"), "moves": ("fires", "guesses"), "statistics": tuple(STAT_SLOTS)}


class ClipsDriver(TurnInParts, RunningEnvironment, Driver):
    """One CLIPS environment per game: MAIN + ENV + the agent's files; see the package docstring."""

    def __init__(self, spec, max_firings: int = DEFAULT_MAX_FIRINGS, time_limit: float = DEFAULT_TIME_LIMIT):
        self.spec = spec
        self.name = spec.name
        self.paths: tuple[Path, ...] = tuple(p if isinstance(p, Path) else Path(p) for p in spec.paths)
        self.max_firings = max_firings
        self.time_limit = time_limit
        self.env: clips.Environment | None = None
        self.router: CaptureRouter | None = None
        self.deadline: Deadline | None = None
        self.load_messages: list[str] = []
        self.firings = 0  # rule firings of the whole game
        self.clips_seconds = 0.0  # wall time spent inside env.run
        self.mirror_seconds = 0.0  # the part of it firing ENV's mirror-outcome rule
        self.update_seconds = 0.0  # wall time of CLIPS's own work outside env.run: (reset), modifies, asserts
        self._updates_at_start = 0.0
        self._lines: list[str] = []
        self._execs: list[tuple] = []  # (step, fact) of execs for a later step than the current one
        self._exec_cursor = FactCursor()  # the newest exec seen
        self._k_cell_cursor = FactCursor()  # the newest k-cell seen
        self._declared: list[tuple[Cell, Piece]] = []  # k-cells the agent asserted, not yet asked for
        # unito-2022: a k-cell (retained) at each cell fired on water; one the agent took away is revealed again at
        # ENV's next turn, as the course's make-visible-water rule does (docs/rules.md, "Known cells...")
        self._reveal_water = False
        self._water: dict[Cell, ffi.CData] = {}
        self._reveal_again: list[Cell] = []
        self._raw_markers: list[list] = []  # the board-marker facts read last, and their markers
        self._markers: tuple[Marker, ...] = ()
        self._cancel = threading.Event()
        self._step = 0
        self._loaded: LoadedEnv | None = None
        # C pointers to facts the bridge holds on to (CLIPS's RetainFact; released at close):
        self._facts: dict[str, ffi.CData | None] = {}  # MAIN's status, moves, statistics
        self._mirror: dict[str, dict] = {}
        self._fok_taken = 0  # the engine's count mirrored last (Observation.fok_taken)
        self._healthy = True
        self._taken = False  # ENV's take-exec rule stopped the last run: mirror-outcome is on ENV's agenda
        self._several = False  # the agent left several execs for the step: take-exec is on ENV's agenda again
        self._tracer: Tracer | None = None
        self.tracing = False  # record a StepTrace per step (TurnInParts.tracing: before start, or from a step on)
        self._turn = 0  # the step of the agent's last turn
        self._init_turn()  # a turn played in parts (TurnInParts)

    # ----- setup ---------------------------------------------------------
    def _key(self, profile) -> tuple:
        files = []
        for path in self.paths:
            name = str(path)
            try:
                info = os.stat(name)
            except OSError as exc:
                raise AgentError(f"{path}: cannot read the agent file ({exc.strerror or exc})") from None
            files.append((name, info.st_mtime_ns, info.st_size))
        return tuple(files), profile.name, profile.fires, profile.guesses, profile.max_steps

    def start(self, observation: Observation, context: StartContext) -> None:
        """Load MAIN, ENV and the agent (or reuse an environment that has them), build the map's facts, reset.

        Then the course's first pass to ENV: MAIN's start marker goes, and the
        statistics fact is modified once per ship cell known at start.
        """
        self._read_params(context.params)
        profile = context.profile
        key = self._key(profile)
        text = map_facts(observation, context.fact_order)
        loaded = pool.take(key, text)
        fresh = loaded is None
        if fresh:
            loaded = load_environment(key, profile, self.paths, self.name, self.time_limit)
        else:
            self._restore_settings(loaded)
        self._loaded = loaded
        self._updates_at_start = loaded.update_seconds
        self.env, self.router = loaded.env, loaded.router
        self.router.take_output()
        self.router.take_errors()
        self.load_messages = list(loaded.load_messages)
        self._lines += [f"CLIPS: {message}" for message in self.load_messages]
        env = self.env
        if text != loaded.map_text:  # an environment reused for the same map keeps its map facts
            with routers_off(env):
                try:
                    env.find_defined_facts("ENV::map-facts").undefine()
                except LookupError:
                    pass
                loaded.map_text = ""
                env.build(text)
                loaded.map_text = text
        self.deadline = Deadline()
        self._taken = False
        self._step = observation.step
        self._execs = []
        self._exec_cursor = FactCursor()
        self._fok_taken = observation.fok_taken
        self._reveal_water = profile.reveal_water
        self._guarded("start", self._reset, observation, context, fresh)
        self._flush_printout()
        if self.tracing:
            self._begin_tracing()

    def _reset(self, observation: Observation, context: StartContext, fresh: bool) -> None:
        """``(reset)``, then the course's first pass to ENV, then the agent's params."""
        loaded, env = self._loaded, self.env
        started = time.perf_counter()
        env.reset()
        self.update_seconds += time.perf_counter() - started
        if self.deadline.expired:  # the reset ran over the cap: nothing more
            return
        loaded.global_values.clear()  # the reset gave ENV's globals their initial values
        self._healthy = True
        if self.router.errors:
            self._note_errors(self.router.take_errors(), None)
            fresh = True
        if fresh:  # load or reset errors may have left CLIPS halted (a pooled one ended its last game cleanly)
            clear_halt(loaded.cenv)
        lib.SetCurrentModule(loaded.cenv, loaded.main_module)
        marker = GetNextFactInTemplate(loaded.marker, ffi.NULL)
        while marker != NULL:  # the course's first pass to ENV takes MAIN's start marker away
            lib.Retract(marker)
            marker = GetNextFactInTemplate(loaded.marker, ffi.NULL)
        fok = fko = 0
        for cell, piece in observation.start_known.items():
            if piece.is_ship:
                if cell in observation.fired:  # a k-cell on water: the course fires at what is there
                    fok, fko = fok - 1, fko + 1
                    self._touch("statistics", num_fire_ok=fok, num_fire_ko=fko)
                else:
                    self._touch("statistics")
        map_k_cells = len(observation.start_known)  # ENV::map-facts come first; then the agent's own deffacts
        self._declared = [item for index, item in enumerate(self._new_k_cells()) if index >= map_k_cells]
        set_agent_params(env, context.params, self.name)
        if self.markers_wanted and loaded.asks_for_markers:  # something shows the agent's markers: it may draw
            # (docs/markers.md); asserted only for an agent whose files ask for it, so that any other agent's
            # facts keep the indices the course's environment gives them
            env.find_template("MAIN::board-markers-wanted").assert_fact()

    @staticmethod
    def _restore_settings(loaded: LoadedEnv) -> None:
        """Undo engine settings an agent may have changed at run time (CLIPS defaults)."""
        lib.SetStrategy(loaded.cenv, lib.DEPTH_STRATEGY)
        lib.SetSalienceEvaluation(loaded.cenv, lib.WHEN_DEFINED)
        lib.SetFactDuplication(loaded.cenv, False)

    def _read_params(self, params: Mapping[str, str]) -> None:
        for key in BRIDGE_PARAMS:
            value = runner_param(params, key)
            if value is not None:
                setattr(self, key, value)

    # ----- facts ---------------------------------------------------------
    def _fact(self, template: str) -> ffi.CData | None:
        """The fact of one of MAIN's templates (status, moves, statistics); cached while it exists.

        CLIPS 6.4 modifies facts in place, so the same fact object stays valid
        unless the agent retracts it.
        """
        fact = self._facts.get(template)
        if fact is None or not FactExistp(fact):
            if fact is not None:
                lib.ReleaseFact(fact)
            first = GetNextFactInTemplate(self._loaded.templates[template], ffi.NULL)
            fact = None if first == NULL else held(first)
            self._facts[template] = fact
            self._mirror.pop(template, None)
        return fact

    def _current_execs(self) -> list:
        """The exec facts (C pointers, good until CLIPS runs again) whose step is the current one.

        Each call reads only the execs asserted since the previous one (``FactCursor``). Execs for a later step
        are kept (retained) for their step; those of earlier steps never count again.
        """
        loaded = self._loaded
        step = self._step
        found = []
        if self._execs:
            keep = []
            for at, later in self._execs:
                if at == step and FactExistp(later):
                    found.append(later)
                if type(at) is int and at <= step:
                    lib.ReleaseFact(later)
                else:
                    keep.append((at, later))
            self._execs = keep
        for fact in self._exec_cursor.new_facts(loaded.exec_template):
            at = loaded.slot(fact, b"step")
            if at == step:
                found.append(fact)
            if type(at) is not int or at > step:
                self._execs.append((at, held(fact)))
        return found

    def _touch(self, template: str, **slots) -> None:
        """Modify the ``template`` fact; when no value changes, still give it a new time tag (as 6.3's modify did).

        The values last written are remembered on the Python side, so no slot is read back from CLIPS.
        """
        fact = self._facts.get(template)
        if fact is None or not FactExistp(fact):
            fact = self._fact(template)
            if fact is None:
                return
        loaded = self._loaded
        known = self._mirror.get(template)
        if known is None:
            known = self._mirror[template] = {name: loaded.slot(fact, encoded(name)) for name in _SLOTS[template]}
        for name, value in slots.items():
            if known.get(name) != value:
                loaded.modify(fact, slots)
                known.update(slots)
                return
        slot, value = next(iter(slots.items())) if slots else next(iter(known.items()))
        loaded.modify(fact, {slot: value + 1 if isinstance(value, int) else clips.Symbol("changed")})
        loaded.modify(fact, {slot: value, **slots})
        known.update(slots)

    def _new_k_cells(self) -> list[tuple[Cell, Piece]]:
        """The k-cells asserted since the last call (integer x and y only), oldest first."""
        loaded = self._loaded
        found = []
        for fact in self._k_cell_cursor.new_facts(loaded.k_cell_template):
            x, y = loaded.slot(fact, b"x"), loaded.slot(fact, b"y")
            if type(x) is int and type(y) is int:
                found.append((Cell(x, y), Piece(str(loaded.slot(fact, b"content")))))
        return found

    def _without_k_cell(self, water: list[Cell]) -> list[Cell]:
        """The cells of ``water`` (fired on water) that have no k-cell now: the agent retracted it, and the
        course's ENV reveals them (again). The k-cells kept for them are checked first; the whole list is read
        only when one is gone."""
        missing = [cell for cell in water if cell not in self._water or not FactExistp(self._water[cell])]
        if not missing:
            return []
        loaded = self._loaded
        fact = GetNextFactInTemplate(loaded.k_cell_template, NULL)
        while fact != NULL:
            cell = (loaded.slot(fact, b"x"), loaded.slot(fact, b"y"))
            if cell in missing:
                self._keep_water(Cell(*cell), fact)
                missing.remove(cell)
            fact = GetNextFactInTemplate(loaded.k_cell_template, fact)
        return missing

    def _water_again(self, event: StepEvent, observation: Observation, outcome: dict[str, object]) -> None:
        """unito-2022: the water k-cells the course's ENV reveals this turn although the engine reveals none: at
        cells fired before whose k-cell the agent took away (first, as ENV's reveal outranks the action), and at
        the cell fired now when the agent took its k-cell away before the fire (in the new k-cell's place)."""
        now = event.action.cell if event.outcome in (Outcome.HIT, Outcome.MISS) else None
        before = [cell for cell, piece in observation.fired.items() if piece is Piece.WATER and cell != now]
        self._reveal_again = self._without_k_cell(before)
        if now is not None and observation.fired[now] is Piece.WATER and self._without_k_cell([now]):
            outcome.update(content=Piece.WATER.value, x=now.x, y=now.y)

    def _keep_water(self, cell: Cell, fact) -> None:
        old = self._water.get(cell)
        if old is not None:
            lib.ReleaseFact(old)
        self._water[cell] = held(fact)

    def _bridge_k_cells(self) -> None:
        """Read past the k-cells the bridge asserted in ENV's turn (not the agent's), keeping the water ones."""
        loaded = self._loaded
        for fact in self._k_cell_cursor.new_facts(loaded.k_cell_template):
            x, y = loaded.slot(fact, b"x"), loaded.slot(fact, b"y")
            if str(loaded.slot(fact, b"content")) == Piece.WATER.value and type(x) is int and type(y) is int:
                self._keep_water(Cell(x, y), fact)

    def declared_k_cells(self) -> list[tuple[Cell, Piece]]:
        """The k-cells the agent asserted itself (in its deffacts, or in its last turn), oldest first."""
        declared, self._declared = self._declared, []
        return declared

    def markers(self) -> tuple[Marker, ...]:
        """The agent's ``board-marker`` facts now, capped (app/core/markers.py); () at once when it has none."""
        loaded = self._loaded
        raw = loaded.board_markers(MAX_ITEMS_READ) if loaded is not None and self.env else []
        if raw != self._raw_markers:  # capped again only when they changed (most steps change few or none)
            self._raw_markers, self._markers = raw, capped_markers(raw)
        return self._markers

    # ----- one step --------------------------------------------------------
    def next_action(self, observation: Observation) -> Action | str | tuple[Action | str, ...] | None:
        """Run the agent's turn (bounded); its exec for this step (several: newest first), or None if it stalled."""
        if self.env is None:
            raise AgentFailure("the CLIPS agent was not started")
        firings, errors = self._whole_turn()
        self._declared = self._new_k_cells()
        execs = self._current_execs()
        if not execs:
            if errors:
                raise AgentFailure(f"CLIPS error in step {self._step}: {errors[0]}")
            self._lines.append(f"the agent's turn ended after {firings} rule firings with no exec for step "
                               f"{self._step}")
            return None
        self._several = len(execs) > 1
        if not self._several:
            return self._exec_action(execs[0])
        return tuple(self._exec_action(fact) for fact in sorted(execs, key=lib.FactIndex, reverse=True))

    def _exec_action(self, fact) -> Action | str:
        """The exec at C pointer ``fact`` as an Action (its text when it is not a well-formed one)."""
        loaded = self._loaded
        return loaded.action(fact) or self._action(loaded.slot(fact, b"action"), loaded.slot(fact, b"x"),
                                                   loaded.slot(fact, b"y"))

    @staticmethod
    def _action(kind, x, y) -> Action | str:
        if kind == "solve":
            return Action.solve()
        if type(x) is int and type(y) is int and isinstance(kind, str) and kind.encode() in KINDS:
            return Action(KINDS[kind.encode()], x, y)
        return f"{kind} {x} {y}"

    def after(self, event: StepEvent, observation: Observation) -> None:
        """Mirror the outcome into facts in docs/rules.md's order (status, moves, k-cell, statistics)."""
        if self.env is None:
            return
        self._step += 1
        if event.outcome is Outcome.SOLVED:
            if self._reveal_water:  # ENV's reveals come before its solve too
                self._reveal_again = self._without_k_cell(
                    [cell for cell, piece in observation.fired.items() if piece is Piece.WATER])
            self._solved(observation)
            return
        outcome: dict[str, object] = {**_UNCHANGED, "step": self._step, "currently": "running"}
        action = event.action
        if event.outcome is not Outcome.REJECTED:
            outcome["fires"], outcome["guesses"] = event.fires_left, event.guesses_left
            fired = action is not None and action.kind is ActionKind.FIRE
            if fired and event.revealed is not None:
                outcome.update(content=event.revealed.value, x=action.x, y=action.y)
            elif self._reveal_water:
                self._water_again(event, observation, outcome)
            taken = observation.fok_taken != self._fok_taken
            if fired or taken:
                water = sum(piece is Piece.WATER for piece in observation.fired.values())
                fok, fko = len(observation.fired) - water - observation.fok_taken, water
                outcome.update(statistics="reset" if taken else "fire", fok=fok, fko=fko)
                self._fok_taken = observation.fok_taken
        self._guarded("step", self._mirror_outcome, outcome)
        if outcome["content"] != "nil" or self._reveal_water:
            self._bridge_k_cells()
        if observation.over:
            # The step limit: MAIN asserts (exec (step N) (action solve)) itself, then ENV solves.
            self._run("step limit")
            self._step += 1
            self._solved(observation)

    def _solved(self, observation: Observation) -> None:
        final = observation.statistics or Statistics()
        outcome: dict[str, object] = {**_UNCHANGED, "step": self._step, "currently": "stopped", "statistics": "all"}
        outcome.update({key: getattr(final, key) for key in STAT_SLOTS.values()})
        self._guarded("step", self._mirror_outcome, outcome)
        self._flush_printout()

    def _mirror_outcome(self, outcome: dict[str, object]) -> None:
        """Change status, moves, the new k-cell and statistics as ``outcome`` says (see ENV's mirror-outcome).

        When ENV's take-exec rule ended the agent's turn, ENV's mirror-outcome
        rule makes the changes, fired alone, as the course's ENV rules do.
        Otherwise (the agent retracted MAIN's status fact, so ENV never took
        the step) the bridge modifies the facts itself. Run under ``_guarded``.
        """
        loaded = self._loaded
        for cell in self._reveal_again:  # ENV reveals them first (its make-visible rule outranks the actions)
            loaded.assert_k_cell(cell.x, cell.y, Piece.WATER.value)
        self._reveal_again = []
        if self._taken:
            self._taken = False
            if not self._healthy:
                clear_halt(loaded.cenv)
            if self._several:
                self._several = False
                self._drop_takes()
            loaded.set_outcome(outcome)
            started = clock()
            fired = lib.Run(loaded.cenv, 1)
            elapsed = clock() - started
            self.clips_seconds += elapsed
            self.mirror_seconds += elapsed
            self.firings += fired
            self._mirror.clear()  # read the facts back if the bridge ever modifies them itself
            if fired or self.deadline.expired:
                return
        self._touch("status", step=outcome["step"], currently=clips.Symbol(outcome["currently"]))
        if outcome["fires"] != "nil":
            self._touch("moves", fires=outcome["fires"], guesses=outcome["guesses"])
        if outcome["content"] != "nil":
            loaded.assert_k_cell(outcome["x"], outcome["y"], outcome["content"])
        if outcome["statistics"] != "none":
            names = STAT_SLOTS if outcome["statistics"] == "all" else ("num_fire_ok", "num_fire_ko")
            self._touch("statistics", **{slot: outcome[STAT_SLOTS[slot]] for slot in names})

    def _drop_takes(self) -> None:
        """Take ENV's take-exec activations left for the step's other execs off its agenda, so that the one-rule
        run fires mirror-outcome. The course's ENV carries one exec out and its other activations for the step go
        with the step's status; these would halt the run first."""
        loaded = self._loaded
        cenv = loaded.cenv
        current = lib.GetCurrentModule(cenv)
        lib.SetCurrentModule(cenv, loaded.env_module)
        try:
            activation = lib.GetNextActivation(cenv, ffi.NULL)
            while activation != NULL:
                following = lib.GetNextActivation(cenv, activation)
                if ffi.string(lib.ActivationRuleName(activation)) == b"take-exec":
                    lib.DeleteActivation(activation)
                activation = following
        finally:
            lib.SetCurrentModule(cenv, current)

    # ----- the environment kept or dropped ---------------------------------
    def preload(self, profile) -> list[str]:
        """Load the agent's files for ``profile`` now and return what loading reported (AgentError when nothing
        could be used); a clean environment is kept for the first game."""
        key = self._key(profile)
        loaded = pool.take(key, "") or load_environment(key, profile, self.paths, self.name, self.time_limit)
        messages = list(loaded.load_messages)
        if messages:  # errors may leave CLIPS halted: a game gets a fresh environment
            pool.discard(loaded)
        else:
            pool.give(loaded)
        return messages

    def close(self) -> None:
        """Keep a healthy environment for the next game of this agent, else destroy it."""
        if self.deadline is not None:
            self.deadline.close()
            self.deadline = None
        if self._tracer is not None:
            self._tracer.close()
            self._tracer = None
        self._turn_open = self._turn_done = False
        loaded, self._loaded = self._loaded, None
        self.router = None
        self.env = None
        held = [fact for fact in self._facts.values() if fact is not None]
        held += [fact for _, fact in self._execs] + list(self._water.values())
        for fact in held:
            lib.ReleaseFact(fact)
        self._exec_cursor.release()
        self._k_cell_cursor.release()
        self._declared = []
        self._water, self._reveal_again = {}, []
        self._facts.clear()
        self._mirror.clear()
        self._execs = []
        if loaded is None:
            return
        self.update_seconds += loaded.update_seconds - self._updates_at_start  # this game's modifies and asserts
        if self._healthy and not self._cancel.is_set():
            pool.give(loaded)
        else:
            pool.discard(loaded)
