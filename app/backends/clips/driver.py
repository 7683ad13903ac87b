"""``ClipsDriver``: runs a course CLIPS agent one step at a time against the Python engine (the step protocol).

Loading lives in ``loading``, the pool of loaded environments in ``pool``, the
direct C-API calls in ``capi``, the agent's parameters in ``params``.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Mapping
from pathlib import Path

import clips
from clips._clips import ffi, lib

from app.backends.base import AgentFailure, Driver, ExecFact, FactRow, StartContext, runner_param
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
from app.backends.clips.loading import describe, load_environment, map_facts, routers_off
from app.backends.clips.messages import CaptureRouter, parse_messages
from app.backends.clips.params import BRIDGE_PARAMS, PROTOCOL_MODULES, agent_param_values, set_agent_params
from app.backends.clips.stepping import TurnInParts
from app.backends.clips.trace import Tracer
from app.backends.clips.watchdog import Deadline, clear_halt
from app.backends.tracing.steptrace import StepTrace
from app.core import Action, ActionKind, AgentError, Cell, Observation, Outcome, Piece, StepEvent
from app.core.markers import MAX_ITEMS_READ, Marker, capped_markers
from app.core.rules import Statistics

DEFAULT_MAX_FIRINGS = 200_000
DEFAULT_TIME_LIMIT = 5.0
# rule firings per Run call; the time cap, the firing cap and cancel are checked between chunks. A chunk of a
# real agent's firings takes 20-40 ms (docs/benchmarks.md, "Portable CLIPS bridge"): a cap is noticed that soon
CHUNK = 2_000

# an outcome that changes neither moves, nor k-cells, nor statistics (ENV's mirror-outcome leaves them alone)
_UNCHANGED = {"fires": "nil", "content": "nil", "statistics": "none"}
_SLOTS = {"status": ("step", "currently"), "moves": ("fires", "guesses"), "statistics": tuple(STAT_SLOTS)}


class ClipsDriver(TurnInParts, Driver):
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

    def _guarded(self, stage: str, work, *args) -> None:
        """``work(*args)``, CLIPS work outside a run, under the step's time cap (``stage``: start or step).

        Changing facts (the reset, the bridge's modifies) makes CLIPS match them
        against the agent's rule conditions, which may call the agent's
        functions: a slow ``test`` there is reported as over the time cap once
        it returns. An endless one never returns: the agent host ends its child
        at the host's cap; in the app's own process only ending the app stops it
        (watchdog's docstring).
        """
        deadline = self.deadline
        deadline.arm(self.time_limit)
        try:
            work(*args)
        finally:
            deadline.disarm()
        if not (deadline.expired or self._cancel.is_set()):
            return
        self._healthy = False  # halted mid-match: not reused
        what = "start, at the reset" if stage == "start" else f"step {self._step - 1}, after the action"
        if self._cancel.is_set():
            raise AgentFailure(f"{what}: stopped on request (cancel)")
        raise AgentFailure(f"{what}: matching the changed facts against the agent's rule conditions ran over the time "
                           f"limit of {self.time_limit:g} s: stopped (an endless test in a rule's conditions?)")

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

    def _note_errors(self, text: str, default_file: str | None) -> None:
        self._lines += [f"CLIPS: {message}" for message in describe(text, default_file)]

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
        if len(execs) == 1:
            return self._exec_action(execs[0])
        return tuple(self._exec_action(fact) for fact in sorted(execs, key=lib.FactIndex, reverse=True))

    def _exec_action(self, fact) -> Action | str:
        """The exec at C pointer ``fact`` as an Action (its text when it is not a well-formed one)."""
        loaded = self._loaded
        return loaded.action(fact) or self._action(loaded.slot(fact, b"action"), loaded.slot(fact, b"x"),
                                                   loaded.slot(fact, b"y"))

    def _run(self, label: str, fired_before: int = 0, seconds_before: float = 0.0) -> tuple[int, list[str]]:
        """Run until the agenda empties, or to a pause (``_paused_before`` says so); caps, cancel and errors raise
        AgentFailure (``label``: what the run is; ``fired_before``, ``seconds_before``: of the same turn before a
        pause, which the caps count too)."""
        fired = fired_before
        self._paused_before = ""
        errors: list[str] = []
        cenv = self._loaded.cenv
        router = self.router
        tracer = self._tracer
        run = lib.Run if tracer is None else self._run_traced
        if not self._healthy:  # a rule's error or a halt in an earlier run leaves CLIPS halted
            clear_halt(self._loaded.cenv)
        self._healthy = False  # until the run ends normally
        started = time.perf_counter() - seconds_before
        chunk_start = time.perf_counter()
        try:
            while True:
                if self._cancel.is_set():
                    raise AgentFailure(f"{self._what(label)}: stopped on request (cancel)")
                count = run(cenv, CHUNK)  # env.run without clipspy's wrapper
                chunk_end = time.perf_counter()
                self.clips_seconds += chunk_end - chunk_start
                fired += count
                self.firings += count
                text = router.take_errors() if router.errors else ""
                if self._cancel.is_set():
                    raise AgentFailure(f"{self._what(label)}: stopped on request (cancel)")
                if chunk_end - started > self.time_limit:  # checked between chunks only (watchdog's docstring)
                    raise AgentFailure(f"{self._what(label)}: the agent ran over the time limit of {self.time_limit:g} s "
                                       f"({fired} rule firings): stopped (an endless rule chain?)")
                if text and text.strip():
                    messages = [m.describe() for m in parse_messages(text)] or [" ".join(text.split())]
                    errors += messages
                    self._lines += [f"CLIPS: {m}" for m in messages]
                if self._paused_before:  # the turn waits, mid-way
                    self._healthy = not errors
                    return fired - fired_before, errors
                if count < CHUNK:
                    self._healthy = not errors
                    self._taken = lib.GetFocus(cenv) == self._loaded.env_module
                    return fired - fired_before, errors
                if fired >= self.max_firings:
                    raise AgentFailure(f"{self._what(label)}: the agent fired {fired} rules without ending its turn "
                                       f"(limit {self.max_firings}): stopped (an endless rule chain?)")
                chunk_start = time.perf_counter()
        finally:
            self._flush_printout()

    def _run_traced(self, _cenv, limit: int) -> int:
        """Up to ``limit`` rule firings one at a time, each recorded by the tracer before it fires (and paused
        before, as ``advance`` asks)."""
        tracer, pause = self._tracer, self._pause
        fired = 0
        while fired < limit and tracer.next_firing():
            firing = tracer.firings[-1]
            if pause is not None and not self._resume and self._pauses_before(firing):
                tracer.firings.pop()  # it has not fired: it fires first when the turn resumes
                break
            self._resume = False
            fired_one, halted = tracer.fire()
            if not fired_one:  # an error left CLIPS halted: it did not fire
                tracer.firings.pop()
                break
            fired += 1
            if self._budget is not None:
                self._budget -= 1
            self._watch_exec(firing)
            if halted:  # the rule called (halt): a whole run stops here too
                break
        return fired

    def trace(self) -> StepTrace | None:
        """The trace of the last step (rules fired in the agent's turn, facts changed since the step before,
        the agenda and focus stack now), once; None when not tracing."""
        if self._tracer is None or self.env is None:
            return None
        return self._tracer.finish(self._turn)

    def _what(self, label: str) -> str:
        return f"step {self._step}" if label == "step" else f"step {self._step} ({label})"

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
            self._solved(observation)
            return
        outcome: dict[str, object] = {**_UNCHANGED, "step": self._step, "currently": "running"}
        action = event.action
        if event.outcome is not Outcome.REJECTED:
            outcome["fires"], outcome["guesses"] = event.fires_left, event.guesses_left
            fired = action is not None and action.kind is ActionKind.FIRE
            if fired and event.revealed is not None:
                outcome.update(content=event.revealed.value, x=action.x, y=action.y)
            taken = observation.fok_taken != self._fok_taken
            if fired or taken:
                water = sum(piece is Piece.WATER for piece in observation.fired.values())
                fok, fko = len(observation.fired) - water - observation.fok_taken, water
                outcome.update(statistics="reset" if taken else "fire", fok=fok, fko=fko)
                self._fok_taken = observation.fok_taken
        self._guarded("step", self._mirror_outcome, outcome)
        if outcome["content"] != "nil":
            self._new_k_cells()  # the bridge's own k-cell: not the agent's
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
        if self._taken:
            self._taken = False
            if not self._healthy:
                clear_halt(loaded.cenv)
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

    # ----- GUI and log ----------------------------------------------------
    def _flush_printout(self) -> None:
        if self.router is None or not self.router.output:
            return
        text = self.router.take_output()
        if text:
            self._lines += text.rstrip("\n").split("\n")

    def load_errors(self) -> list[str]:
        """What loading the agent's files reported (file:line: text), known once started."""
        return list(self.load_messages)

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

    def output(self) -> list[str]:
        """What the agent printed (``printout t``) and the CLIPS messages, since the last call."""
        if not self._lines and (self.router is None or not self.router.output):
            return []
        self._flush_printout()
        lines, self._lines = self._lines, []
        return lines

    def parameters(self) -> dict[str, str]:
        """The slots of the agent's ``agent-params`` fact (its defaults before one exists), then the bridge's caps."""
        values = agent_param_values(self.env) if self.env is not None and self._healthy else {}
        for key in BRIDGE_PARAMS:
            value = getattr(self, key)
            values[key] = f"{value:g}" if isinstance(value, float) else str(value)
        return values

    def working_memory(self) -> list[FactRow]:
        """Every fact in the environment, MAIN's and ENV's too, with its module and index, in CLIPS's order."""
        if self.env is None:
            return []

        rows = []
        with routers_off(self.env):  # printing a fact queries every router per character: Python's cost the most
            for fact in self.env.facts():
                template = lib.FactDeftemplate(fact._fact)
                rows.append(FactRow(module=ffi.string(lib.DeftemplateModule(template)).decode(), index=fact.index,
                                    template=ffi.string(lib.DeftemplateName(template)).decode(), text=str(fact)))
        return rows

    def facts(self) -> list[tuple[str, str]]:
        """The facts of the agent's own modules (not MAIN's or ENV's) as (template, text) pairs."""
        return [(row.template, row.text) for row in self.working_memory() if row.module not in PROTOCOL_MODULES]

    def exec_facts(self) -> list[ExecFact] | None:
        """Every ``MAIN::exec`` fact now, with its index and slots (None before the agent is started)."""
        if self.env is None:
            return None
        try:
            template = self.env.find_template("MAIN::exec")
        except LookupError:
            return None
        return [ExecFact(fact.index, fact["step"], str(fact["action"]), fact["x"], fact["y"]) for fact in template.facts()]

    def protocol_facts(self) -> list[tuple[str, str]]:
        """The facts of MAIN and ENV (status, moves, statistics, exec, k-cells...) as (template, text)."""
        return [(row.template, row.text) for row in self.working_memory() if row.module in PROTOCOL_MODULES]

    def request_cancel(self) -> None:
        """Stop a running ``next_action`` soon (thread-safe); it raises AgentFailure."""
        self._cancel.set()

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
        held += [fact for _, fact in self._execs]
        for fact in held:
            lib.ReleaseFact(fact)
        self._exec_cursor.release()
        self._k_cell_cursor.release()
        self._declared = []
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
