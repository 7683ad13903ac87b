"""``ClipsDriver``: runs a course CLIPS agent one step at a time against the Python engine."""

from __future__ import annotations

import ctypes
import os
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path

import clips

from app.backends.base import AgentFailure, Driver, StartContext
from app.backends.clips.messages import CaptureRouter, parse_messages
from app.backends.clips.watchdog import Watchdog, clear_halt, halt
from app.core import SIZE, Action, ActionKind, AgentError, Cell, Observation, Outcome, Piece, StepEvent
from app.core.rules import Statistics

RESOURCES = Path(__file__).resolve().parents[3] / "resources" / "clips"
MAIN_FILE = RESOURCES / "main.clp"
ENV_FILE = RESOURCES / "env.clp"
PROTOCOL_MODULES = ("MAIN", "ENV")

DEFAULT_MAX_FIRINGS = 200_000
DEFAULT_TIME_LIMIT = 5.0
CHUNK = 2_000  # rule firings per env.run call; cancel and caps are checked between chunks

_STAT_SLOTS = {"num_fire_ok": "fok", "num_fire_ko": "fko", "num_guess_ok": "gok", "num_guess_ko": "gko",
               "num_safe": "safe", "num_sink": "sink"}


def _initial_facts(fires: int, guesses: int, max_steps: int) -> str:
    """MAIN's initial facts in the course's order (GAME.md, "Working-memory order")."""
    zeros = " ".join(f"({slot} 0)" for slot in _STAT_SLOTS)
    return (f"(deffacts MAIN::initial-facts (maxduration {max_steps}) (status (step 0) (currently running)) "
            f"(statistics {zeros}) (first-pass-to-env) (moves (fires {fires}) (guesses {guesses})))")


def map_facts(observation: Observation, fact_order: tuple[tuple[str, int | Cell], ...] | None) -> str:
    """The deffacts ENV::map-facts: k-cells, k-per-row, k-per-col in the map file's order.

    ``fact_order`` None means the canonical order (k-cells, rows 0..9, columns
    0..9). Counts a course file left out (derived from its boats) come last.
    """
    known = observation.start_known
    if fact_order is None:
        fact_order = tuple([("k-cell", c) for c in known] + [("k-per-row", x) for x in range(SIZE)]
                           + [("k-per-col", y) for y in range(SIZE)])
    order = list(fact_order)
    seen = set(order)
    order += [("k-per-row", x) for x in range(SIZE) if ("k-per-row", x) not in seen]
    order += [("k-per-col", y) for y in range(SIZE) if ("k-per-col", y) not in seen]
    facts = []
    for kind, key in order:
        if kind == "k-cell" and key in known:
            facts.append(f"(k-cell (x {key[0]}) (y {key[1]}) (content {known[key].value}))")
        elif kind == "k-per-row":
            facts.append(f"(k-per-row (row {key}) (num {observation.row_counts[key]}))")
        elif kind == "k-per-col":
            facts.append(f"(k-per-col (col {key}) (num {observation.col_counts[key]}))")
    return "(deffacts ENV::map-facts " + " ".join(facts) + ")"


def _destroy_quietly(holder: list[clips.Environment]) -> None:
    """Destroy the environment in ``holder`` (its last reference) without CLIPS 6.4's "[ENVRNMNT8] Environment data not fully deallocated" note.

    CLIPS prints it with C ``printf`` once an ordered fact was retracted (a
    few bytes it does not free); it is noise for our users, so fd 1 goes to
    /dev/null for the moment of the destruction.
    """
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 1)
            holder.clear()
            ctypes.CDLL(None).fflush(None)
    finally:
        os.dup2(saved, 1)
        os.close(saved)


class ClipsDriver(Driver):
    """One CLIPS environment per game: MAIN + ENV + the agent's files; see the package docstring."""

    def __init__(self, spec, max_firings: int = DEFAULT_MAX_FIRINGS, time_limit: float = DEFAULT_TIME_LIMIT):
        self.spec = spec
        self.name = spec.name
        self.paths: tuple[Path, ...] = tuple(Path(p) for p in spec.paths)
        self.max_firings = max_firings
        self.time_limit = time_limit
        self.env: clips.Environment | None = None
        self.router: CaptureRouter | None = None
        self.watchdog: Watchdog | None = None
        self.load_messages: list[str] = []
        self.firings = 0  # rule firings of the whole game
        self.clips_seconds = 0.0  # wall time spent inside env.run
        self._lines: list[str] = []
        self._cancel = threading.Event()
        self._running = False
        self._step = 0
        self._main_module = None

    # ----- setup ---------------------------------------------------------
    def start(self, observation: Observation, context: StartContext) -> None:
        """Build MAIN, ENV and the map's facts, load the agent, reset, settle the known cells."""
        self._read_params(context.params)
        profile = context.profile
        env = clips.Environment()
        self.router = CaptureRouter()
        env.add_router(self.router)
        self.env = env
        self._load_protocol(env, profile.fires, profile.guesses, profile.max_steps)
        env.build(map_facts(observation, context.fact_order))
        self._load_agent(env)
        env.reset()
        self._note_errors(self.router.take_errors(), None)
        # The course's first pass to ENV: drop MAIN's start marker, then one
        # statistics modification per ship cell known at start (net effect zero).
        for fact in env.facts():
            if isinstance(fact, clips.ImpliedFact) and fact.template.name == "first-pass-to-env":
                fact.retract()
                break
        for piece in observation.start_known.values():
            if piece.is_ship:
                self._touch(self._statistics_fact())
        self._step = observation.step
        self.watchdog = Watchdog(env)
        self._flush_printout()

    def _read_params(self, params: Mapping[str, str]) -> None:
        for key, attribute, kind in (("max_firings", "max_firings", int), ("time_limit", "time_limit", float)):
            if key in params:
                try:
                    value = kind(params[key])
                except ValueError:
                    raise AgentError(f"agent parameter {key}={params[key]!r} is not a number") from None
                if value <= 0:
                    raise AgentError(f"agent parameter {key} must be positive, not {params[key]}")
                setattr(self, attribute, value)

    def _load_protocol(self, env: clips.Environment, fires: int, guesses: int, max_steps: int) -> None:
        try:
            env.load(str(MAIN_FILE))
            env.build(_initial_facts(fires, guesses, max_steps))
            env.load(str(ENV_FILE))
            self._main_module = env.find_module("MAIN")
        except clips.CLIPSError:
            problems = "; ".join(m.describe() for m in parse_messages(self.router.take_errors()))
            raise AgentError(f"{RESOURCES}: the protocol modules do not load: {problems}") from None

    @staticmethod
    def _construct_count(env: clips.Environment) -> int:
        """How many constructs exist, in every module."""
        lists = ("(get-defmodule-list)", "(get-deftemplate-list *)", "(get-defrule-list *)",
                 "(get-deffacts-list *)", "(get-deffunction-list *)", "(get-defglobal-list *)",
                 "(get-defgeneric-list *)", "(get-defclass-list *)")
        return sum(len(env.eval(query)) for query in lists)

    def _load_agent(self, env: clips.Environment) -> None:
        before = self._construct_count(env)
        for path in self.paths:
            try:
                path.read_bytes()
            except OSError as exc:
                raise AgentError(f"{path}: cannot read the agent file ({exc.strerror or exc})") from None
            try:
                env.load(str(path))
            except clips.CLIPSError:
                pass  # like the CLIPS console: the rest of the file is loaded; errors reported below
            self._note_errors(self.router.take_errors(), str(path))
        loaded = self._construct_count(env) - before
        if loaded <= 0:
            detail = "; ".join(self.load_messages) or "the files define no constructs"
            raise AgentError(f"agent {self.name}: nothing loaded: {detail}")
        try:
            env.find_module("AGENT")
        except LookupError:
            files = ", ".join(str(p) for p in self.paths)
            raise AgentError(f"{files}: no AGENT module: a course agent starts with "
                             "(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))") from None

    def _note_errors(self, text: str, default_file: str | None) -> None:
        if not text.strip():
            return
        messages = parse_messages(text)
        if not messages:
            self._lines.append(f"CLIPS: {' '.join(text.split())}")
        for message in messages:
            line = f"CLIPS: {message.describe(default_file)}"
            self.load_messages.append(message.describe(default_file))
            self._lines.append(line)

    # ----- facts ---------------------------------------------------------
    def _query(self, query: str) -> tuple:
        """Evaluate a fact-set query in MAIN (fact queries take no module-qualified names)."""
        self.env.current_module = self._main_module
        return self.env.eval(query)

    def _find(self, template: str) -> clips.TemplateFact | None:
        """The (single) fact of one of MAIN's templates."""
        found = self._query(f"(find-fact ((?f {template})) TRUE)")
        return found[0] if found else None

    def _statistics_fact(self):
        return self._find("statistics")

    @staticmethod
    def _touch(fact, **slots) -> None:
        """Modify ``fact``; when no value changes, still give it a new time tag (as CLIPS 6.3's modify did)."""
        if fact is None:
            return
        if not slots or all(fact[k] == v for k, v in slots.items()):
            slot = next(iter(slots)) if slots else next(iter(dict(fact)))
            value = fact[slot]
            fact.modify_slots(**{slot: value + 1 if isinstance(value, int) else clips.Symbol("changed")})
            fact.modify_slots(**{slot: value, **slots})
        else:
            fact.modify_slots(**slots)

    # ----- one step --------------------------------------------------------
    def next_action(self, observation: Observation) -> Action | str | None:
        """Run the agent's turn (bounded); its most recent exec for this step, or None if it stalled."""
        env = self.env
        if env is None:
            raise AgentFailure("the CLIPS agent was not started")
        firings, errors = self._run(f"step {self._step}")
        execs = self._query(f"(find-all-facts ((?e exec)) (eq ?e:step {self._step}))")
        self._flush_printout()
        if not execs:
            if errors:
                raise AgentFailure(f"CLIPS error in step {self._step}: {errors[0]}")
            self._lines.append(f"the agent's turn ended after {firings} rule firings with no exec for step "
                               f"{self._step}")
            return None
        chosen = max(execs, key=lambda fact: fact.index)
        return self._action(chosen)

    def _run(self, what: str) -> tuple[int, list[str]]:
        """Run until the agenda empties; caps, cancel and errors raise AgentFailure."""
        env = self.env
        fired = 0
        errors: list[str] = []
        started = time.perf_counter()
        self.watchdog.arm(self.time_limit)
        self._running = True
        try:
            while True:
                if self._cancel.is_set():
                    raise AgentFailure(f"{what}: stopped on request (cancel)")
                clear_halt(env)
                if self._cancel.is_set():
                    halt(env)
                chunk_start = time.perf_counter()
                count = env.run(CHUNK)
                self.clips_seconds += time.perf_counter() - chunk_start
                fired += count
                self.firings += count
                text = self.router.take_errors()
                if self.watchdog.expired:
                    raise AgentFailure(f"{what}: the agent ran over the time limit of {self.time_limit:g} s "
                                       f"({fired} rule firings): stopped (an endless rule chain?)")
                if self._cancel.is_set():
                    raise AgentFailure(f"{what}: stopped on request (cancel)")
                if text.strip():
                    messages = [m.describe() for m in parse_messages(text)] or [" ".join(text.split())]
                    errors += messages
                    self._lines += [f"CLIPS: {m}" for m in messages]
                if count < CHUNK:
                    return fired, errors
                if fired >= self.max_firings:
                    raise AgentFailure(f"{what}: the agent fired {fired} rules without ending its turn "
                                       f"(limit {self.max_firings}): stopped (an endless rule chain?)")
                if time.perf_counter() - started > self.time_limit:
                    raise AgentFailure(f"{what}: the agent ran over the time limit of {self.time_limit:g} s "
                                       f"({fired} rule firings): stopped (an endless rule chain?)")
        finally:
            self._running = False
            self.watchdog.disarm()
            self._flush_printout()

    @staticmethod
    def _action(fact) -> Action | str:
        kind, x, y = fact["action"], fact["x"], fact["y"]
        if kind == "solve":
            return Action.solve()
        if type(x) is int and type(y) is int:
            return Action(ActionKind(str(kind)), x, y)
        return f"{kind} {x} {y}"

    def after(self, event: StepEvent, observation: Observation) -> None:
        """Mirror the outcome into facts in GAME.md's order (status, moves, k-cell, statistics)."""
        if self.env is None:
            return
        self._step += 1
        status = self._find("status")
        if event.outcome is Outcome.SOLVED:
            self._solved(status, observation)
            return
        self._touch(status, step=self._step)
        if event.outcome is not Outcome.REJECTED:
            moves = self._find("moves")
            self._touch(moves, fires=event.fires_left, guesses=event.guesses_left)
            if event.action is not None and event.action.kind is ActionKind.FIRE:
                if event.revealed is not None:
                    cell = event.action.cell
                    self.env.find_template("ENV::k-cell").assert_fact(
                        x=cell.x, y=cell.y, content=clips.Symbol(event.revealed.value))
                fired = observation.fired.values()
                self._touch(self._statistics_fact(), num_fire_ok=sum(p.is_ship for p in fired),
                            num_fire_ko=sum(p is Piece.WATER for p in fired))
        if observation.over:
            # The step limit: MAIN asserts (exec (step N) (action solve)) itself, then ENV solves.
            self._run(f"step {self._step} (step limit)")
            self._step += 1
            self._solved(self._find("status"), observation)

    def _solved(self, status, observation: Observation) -> None:
        self._touch(status, step=self._step, currently=clips.Symbol("stopped"))
        final = observation.statistics or Statistics()
        self._touch(self._statistics_fact(), **{slot: getattr(final, key) for slot, key in _STAT_SLOTS.items()})
        self._flush_printout()

    # ----- GUI and log ----------------------------------------------------
    def _flush_printout(self) -> None:
        if self.router is None:
            return
        text = self.router.take_output()
        if text:
            self._lines += text.rstrip("\n").split("\n")

    def output(self) -> list[str]:
        """What the agent printed (``printout t``) and the CLIPS messages, since the last call."""
        self._flush_printout()
        lines, self._lines = self._lines, []
        return lines

    def facts(self) -> list[tuple[str, str]] | None:
        """The facts of the agent's own modules (not MAIN's or ENV's) as (template, text) pairs."""
        if self.env is None:
            return []
        from clips._clips import ffi, lib

        pairs = []
        for fact in self.env.facts():
            template = lib.FactDeftemplate(fact._fact)
            module = ffi.string(lib.DeftemplateModule(template)).decode()
            if module in PROTOCOL_MODULES:
                continue
            pairs.append((ffi.string(lib.DeftemplateName(template)).decode(), str(fact)))
        return pairs

    def protocol_facts(self) -> list[tuple[str, str]]:
        """The facts of MAIN and ENV (status, moves, statistics, exec, k-cells...) as (template, text)."""
        if self.env is None:
            return []
        from clips._clips import ffi, lib

        pairs = []
        for fact in self.env.facts():
            template = lib.FactDeftemplate(fact._fact)
            if ffi.string(lib.DeftemplateModule(template)).decode() in PROTOCOL_MODULES:
                pairs.append((ffi.string(lib.DeftemplateName(template)).decode(), str(fact)))
        return pairs

    def request_cancel(self) -> None:
        """Stop a running ``next_action`` soon (thread-safe); it raises AgentFailure."""
        self._cancel.set()
        if self.env is not None and self._running:
            halt(self.env)

    def close(self) -> None:
        """Stop the watchdog and drop the environment."""
        if self.watchdog is not None:
            self.watchdog.close()
            self.watchdog = None
        self.router = None
        if self.env is not None:
            holder, self.env = [self.env], None
            _destroy_quietly(holder)
