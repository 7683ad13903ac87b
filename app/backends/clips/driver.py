"""``ClipsDriver``: runs a course CLIPS agent one step at a time against the Python engine."""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import functools
import os
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path

import clips
from clips._clips import ffi, lib
from clips.common import CLIPSType, environment_builder, environment_modifier
from clips.values import clips_value, python_value

from app.backends.base import RUNNER_PARAMS, AgentFailure, Driver, StartContext, runner_param
from app.backends.clips.messages import CaptureRouter, parse_messages
from app.backends.clips.watchdog import Watchdog, clear_halt, halt, remove_function
from app.backends.clips.watchdog import pointer as env_pointer
from app.core import SIZE, Action, ActionKind, AgentError, Cell, Observation, Outcome, Piece, StepEvent
from app.core.rules import Statistics

RESOURCES = Path(__file__).resolve().parents[3] / "resources" / "clips"
MAIN_FILE = RESOURCES / "main.clp"
ENV_FILE = RESOURCES / "env.clp"
PROTOCOL_MODULES = ("MAIN", "ENV")

DEFAULT_MAX_FIRINGS = 200_000
DEFAULT_TIME_LIMIT = 5.0
LOAD_TIME_LIMIT = 10.0  # loading an agent's files may take this long, or the step time cap if longer
CHUNK = 2_000  # rule firings per env.run call; cancel and caps are checked between chunks
BRIDGE_PARAMS = tuple(RUNNER_PARAMS)  # agent params the bridge itself consumes
PARAMS_TEMPLATE = "agent-params"  # an agent's own parameters: the slots of its one fact of this template
EXIT_FLAG = "bridge-agent-called-exit"  # MAIN's global that our (exit) sets

_STAT_SLOTS = {"num_fire_ok": "fok", "num_fire_ko": "fko", "num_guess_ok": "gok", "num_guess_ko": "gko",
               "num_safe": "safe", "num_sink": "sink"}
# the C calls of every step, looked up once
_GetFactSlot, _FMSetFact, _FMPutSlot, _FMModify = lib.GetFactSlot, lib.FMSetFact, lib.FMPutSlot, lib.FMModify
_CreateInteger, _FactExistp, _GetNextFactInTemplate = lib.CreateInteger, lib.FactExistp, lib.GetNextFactInTemplate
_NULL = ffi.NULL
_clock = time.perf_counter
assert lib.GSE_NO_ERROR == lib.FME_NO_ERROR == lib.PSE_NO_ERROR == 0
_KINDS = {kind.value.encode(): kind for kind in ActionKind if kind is not ActionKind.SOLVE}
_INTEGER, _SYMBOL = int(CLIPSType.INTEGER), int(CLIPSType.SYMBOL)
_ENCODED: dict[str, bytes] = {}  # slot names as C text


def _encoded(name: str) -> bytes:
    """``name`` as C text, encoded once."""
    encoded = _ENCODED.get(name)
    if encoded is None:
        encoded = _ENCODED[name] = name.encode()
    return encoded




def _held(fact: ffi.CData) -> ffi.CData:
    """``fact`` retained (CLIPS keeps its memory while the bridge holds the pointer)."""
    lib.RetainFact(fact)
    return fact


# ENV's globals that carry a step's outcome to its mirror-outcome rule (resources/clips/env.clp)
_OUTCOME_GLOBALS = ("step", "currently", "fires", "guesses", "content", "x", "y", "statistics", *_STAT_SLOTS.values())
# an outcome that changes neither moves, nor k-cells, nor statistics (ENV's mirror-outcome leaves them alone)
_UNCHANGED = {"fires": "nil", "content": "nil", "statistics": "none"}
_SLOTS = {"status": ("step", "currently"), "moves": ("fires", "guesses"), "statistics": tuple(_STAT_SLOTS)}


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
    return _map_facts(tuple(observation.start_known.items()), observation.row_counts, observation.col_counts,
                      fact_order)


@functools.lru_cache(maxsize=64)
def _map_facts(known_items: tuple, row_counts: tuple[int, ...], col_counts: tuple[int, ...],
               fact_order: tuple[tuple[str, int | Cell], ...] | None) -> str:
    known = dict(known_items)
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
            facts.append(f"(k-per-row (row {key}) (num {row_counts[key]}))")
        elif kind == "k-per-col":
            facts.append(f"(k-per-col (col {key}) (num {col_counts[key]}))")
    return "(deffacts ENV::map-facts " + " ".join(facts) + ")"


def _params_template(env: clips.Environment):
    """The agent's ``agent-params`` template (the first of its modules that declares one), or None."""
    for module in env.modules():
        if module.name not in PROTOCOL_MODULES:
            try:
                return env.find_template(f"{module.name}::{PARAMS_TEMPLATE}")
            except LookupError:
                continue
    return None


def _param_value(slot, text: str):
    """``text`` as a value of the agent-params slot ``slot``: integer, float, symbol or string, as it allows."""
    types = set(slot.types)
    for kind, convert in (("INTEGER", int), ("FLOAT", float)):
        if kind in types:
            try:
                return convert(text)
            except ValueError:
                pass
    if "SYMBOL" in types and text and not any(char.isspace() or char in '()";&|~<' for char in text):
        return clips.Symbol(text)
    if "STRING" in types:
        return text
    raise AgentError(f"agent parameter {slot.name}={text!r}: expected {_slot_constraint(slot)}")


def _slot_constraint(slot) -> str:
    """What an agent-params slot accepts, for error messages."""
    if isinstance(slot.allowed_values, tuple):  # clipspy gives FALSE when there are none
        return "one of " + ", ".join(str(value) for value in slot.allowed_values)
    text = " or ".join(sorted(slot.types))
    if isinstance(slot.range, tuple) and tuple(slot.range) != ("-oo", "+oo"):
        text += f" in {slot.range[0]}..{slot.range[1]}"
    return text


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


@contextlib.contextmanager
def _routers_off(env: clips.Environment):
    """Python routers off for trusted builds and evals: CLIPS queries every router for every
    character it parses, and each query is a call back into Python."""

    names = (CaptureRouter.NAME.encode(), b"python-error-router")
    for name in names:
        lib.DeactivateRouter(env._env, name)
    try:
        yield
    finally:
        for name in names:
            lib.ActivateRouter(env._env, name)


class _Loaded:
    """An environment with MAIN, ENV and one agent's files loaded (reusable for another game).

    Also the bridge's direct line to the CLIPS C API for the per-step work:
    reading and modifying MAIN's facts and asserting k-cells through clipspy's
    compiled module, with the slot names encoded once, instead of clipspy's
    Python wrappers (the same C calls, less Python around them).
    """

    def __init__(self, env: clips.Environment, router: CaptureRouter, key: tuple):
        self.env = env
        self.router = router
        self.key = key
        self.load_messages: list[str] = []
        self.map_text = ""  # the ENV::map-facts construct built in the environment now
        cenv = self.cenv = env._env
        self.templates = {name: lib.FindDeftemplate(cenv, f"MAIN::{name}".encode())
                          for name in ("exec", "status", "moves", "statistics")}
        self.marker = lib.FindDeftemplate(cenv, b"MAIN::first-pass-to-env")
        self.main_module = lib.FindDefmodule(cenv, b"MAIN")
        self.env_module = lib.FindDefmodule(cenv, b"ENV")
        self.globals = {name: lib.FindDefglobal(cenv, f"ENV::bridge-{name}".encode()) for name in _OUTCOME_GLOBALS}
        self.global_values: dict[str, object] = {}  # what the bridge last put in each of them
        self.exec_template = self.templates["exec"]
        self.pointer = env_pointer(env)
        self.value = ffi.new("CLIPSValue *")
        self.modifier = environment_modifier(cenv, "fact")
        self.builder = environment_builder(cenv, "fact")
        self.update_seconds = 0.0  # wall time inside FMModify and FBAssert (Rete updates), all games

    def slot(self, fact, name: bytes):
        """The value of slot ``name`` of the fact at C pointer ``fact``, as clipspy would give it."""
        value = self.value
        if _GetFactSlot(fact, name, value):
            raise KeyError(name.decode())
        kind = value.header.type
        if kind == _INTEGER:
            return value.integerValue.contents
        if kind == _SYMBOL:
            return clips.Symbol(ffi.string(value.lexemeValue.contents).decode())
        return python_value(self.cenv, value)

    def action(self, fact) -> Action | None:
        """The exec at ``fact`` as an Action when it is a fire, guess or unguess at integer x and y, else None."""
        value = self.value
        if _GetFactSlot(fact, b"action", value) or value.header.type != _SYMBOL:
            return None
        kind = _KINDS.get(ffi.string(value.lexemeValue.contents))
        if kind is None or _GetFactSlot(fact, b"x", value) or value.header.type != _INTEGER:
            return None
        x = value.integerValue.contents
        if _GetFactSlot(fact, b"y", value) or value.header.type != _INTEGER:
            return None
        return Action(kind, x, value.integerValue.contents)

    def _put(self, value) -> ffi.CData:
        """``value`` in the shared CLIPSValue (ints and symbols directly, the rest as clipspy does)."""
        kind = type(value)
        if kind is int:
            self.value.value = lib.CreateInteger(self.cenv, value)
        elif kind is clips.Symbol:
            self.value.value = lib.CreateSymbol(self.cenv, value.encode())
        else:
            self.value.value = clips_value(self.cenv, value).value
        return self.value

    def modify(self, fact, slots: dict[str, object]) -> None:
        """Modify the fact at C pointer ``fact`` (CLIPS's ``modify``)."""
        modifier = self.modifier
        if _FMSetFact(modifier, fact):  # the error codes are non-zero
            raise clips.CLIPSError(self.cenv, code=lib.FMError(self.cenv))
        cenv, put = self.cenv, self.value
        for name, value in slots.items():
            if type(value) is int:
                put.value = _CreateInteger(cenv, value)
            else:
                self._put(value)
            if _FMPutSlot(modifier, _ENCODED.get(name) or _encoded(name), put):
                lib.FMAbort(modifier)
                raise clips.CLIPSError(self.cenv, message=f"cannot put slot {name}")
        started = _clock()
        modified = _FMModify(modifier)
        self.update_seconds += _clock() - started
        if modified == _NULL:
            raise clips.CLIPSError(self.cenv, code=lib.FMError(self.cenv))

    def set_outcome(self, values: dict[str, object]) -> None:
        """Put ``values`` (ints and symbols) in ENV's ``?*bridge-NAME*`` globals, skipping those already set."""
        known, value, cenv = self.global_values, self.value, self.cenv
        for name, item in values.items():
            if known.get(name) == item:
                continue
            if type(item) is int:
                value.value = _CreateInteger(cenv, item)
            else:
                value.value = lib.CreateSymbol(cenv, _ENCODED.get(item) or _encoded(item))
            lib.DefglobalSetValue(self.globals[name], value)
            known[name] = item

    def assert_k_cell(self, x: int, y: int, content: str) -> None:
        """Assert ``(k-cell (x X) (y Y) (content C))`` in ENV."""
        builder = self.builder
        if lib.FBSetDeftemplate(builder, b"ENV::k-cell") != lib.FBE_NO_ERROR:
            raise clips.CLIPSError(self.cenv, code=lib.FBError(self.cenv))
        lib.FBPutSlot(builder, b"x", self._put(x))
        lib.FBPutSlot(builder, b"y", self._put(y))
        lib.FBPutSlot(builder, b"content", self._put(clips.Symbol(content)))
        started = time.perf_counter()
        asserted = lib.FBAssert(builder)
        self.update_seconds += time.perf_counter() - started
        if asserted == _NULL:
            raise clips.CLIPSError(self.cenv, code=lib.FBError(self.cenv))


_POOL: dict[tuple, list[_Loaded]] = {}
_POOL_LOCK = threading.Lock()
POOL_KEYS = 8  # agents (file sets x limits) kept loaded
POOL_PER_KEY = 2


@atexit.register
def _empty_pool() -> None:
    """Destroy the idle environments before the interpreter tears clipspy down."""
    with _POOL_LOCK:
        idle = [loaded for group in _POOL.values() for loaded in group]
        _POOL.clear()
    for loaded in idle:
        holder = [loaded.env]
        loaded.env = None
        _destroy_quietly(holder)
    idle.clear()


def _pool_take(key: tuple, map_text: str) -> _Loaded | None:
    """An idle environment for ``key``, preferably one that has this map's facts already."""
    with _POOL_LOCK:
        idle = _POOL.get(key)
        if not idle:
            return None
        same = [index for index, loaded in enumerate(idle) if loaded.map_text == map_text]
        loaded = idle.pop(same[-1] if same else -1)
        _POOL[key] = _POOL.pop(key)  # most recently used last
        return loaded


def _pool_give(loaded: _Loaded) -> None:
    """Keep ``loaded`` for the next game of the same agent; destroy what does not fit."""
    spare: list[_Loaded] = []
    with _POOL_LOCK:
        idle = _POOL.pop(loaded.key, [])
        idle.append(loaded)
        spare += idle[POOL_PER_KEY:]
        _POOL[loaded.key] = idle[:POOL_PER_KEY]
        while len(_POOL) > POOL_KEYS:
            spare += _POOL.pop(next(iter(_POOL)))
    for item in spare:
        holder = [item.env]
        item.env = None
        _destroy_quietly(holder)


class ClipsDriver(Driver):
    """One CLIPS environment per game: MAIN + ENV + the agent's files; see the package docstring."""

    def __init__(self, spec, max_firings: int = DEFAULT_MAX_FIRINGS, time_limit: float = DEFAULT_TIME_LIMIT):
        self.spec = spec
        self.name = spec.name
        self.paths: tuple[Path, ...] = tuple(p if isinstance(p, Path) else Path(p) for p in spec.paths)
        self.max_firings = max_firings
        self.time_limit = time_limit
        self.env: clips.Environment | None = None
        self.router: CaptureRouter | None = None
        self.watchdog: Watchdog | None = None
        self.load_messages: list[str] = []
        self.firings = 0  # rule firings of the whole game
        self.clips_seconds = 0.0  # wall time spent inside env.run
        self.mirror_seconds = 0.0  # the part of it firing ENV's mirror-outcome rule
        self.update_seconds = 0.0  # wall time of CLIPS's own work outside env.run: (reset), modifies, asserts
        self._updates_at_start = 0.0
        self._lines: list[str] = []
        self._execs: list[tuple] = []  # (step, fact) of execs for a later step than the current one
        self._last_exec: ffi.CData | None = None  # the newest exec seen
        self._cancel = threading.Event()
        self._running = False
        self._step = 0
        self._loaded: _Loaded | None = None
        # C pointers to facts the bridge holds on to (CLIPS's RetainFact; released at close):
        self._facts: dict[str, ffi.CData | None] = {}  # MAIN's status, moves, statistics
        self._mirror: dict[str, dict] = {}
        self._healthy = True
        self._taken = False  # ENV's take-exec rule stopped the last run: mirror-outcome is on ENV's agenda

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
        return tuple(files), profile.fires, profile.guesses, profile.max_steps

    def start(self, observation: Observation, context: StartContext) -> None:
        """Load MAIN, ENV and the agent (or reuse an environment that has them), build the map's facts, reset.

        Then the course's first pass to ENV: MAIN's start marker goes, and the
        statistics fact is modified once per ship cell known at start.
        """
        self._read_params(context.params)
        profile = context.profile
        key = self._key(profile)
        text = map_facts(observation, context.fact_order)
        loaded = _pool_take(key, text)
        fresh = loaded is None
        if fresh:
            loaded = self._load(key, profile)
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
            with _routers_off(env):
                try:
                    env.find_defined_facts("ENV::map-facts").undefine()
                except LookupError:
                    pass
                loaded.map_text = ""
                env.build(text)
                loaded.map_text = text
        self.watchdog = Watchdog(env)
        self._taken = False
        self._step = observation.step
        self._execs = []
        self._last_exec = None
        self._guarded("start", self._reset, observation, context, fresh)
        self._flush_printout()

    def _reset(self, observation: Observation, context: StartContext, fresh: bool) -> None:
        """``(reset)``, then the course's first pass to ENV, then the agent's params."""
        loaded, env = self._loaded, self.env
        started = time.perf_counter()
        env.reset()
        self.update_seconds += time.perf_counter() - started
        if self.watchdog.expired:  # halted inside the reset: nothing more (clearing the halt would resume the match)
            return
        loaded.global_values.clear()  # the reset gave ENV's globals their initial values
        self._healthy = True
        if self.router.errors:
            self._note_errors(self.router.take_errors(), None)
            fresh = True
        if fresh:  # load or reset errors may have left CLIPS halted (a pooled one ended its last game cleanly)
            clear_halt(loaded.pointer)
        lib.SetCurrentModule(loaded.cenv, loaded.main_module)
        marker = _GetNextFactInTemplate(loaded.marker, ffi.NULL)
        while marker != _NULL:  # the course's first pass to ENV takes MAIN's start marker away
            lib.Retract(marker)
            marker = _GetNextFactInTemplate(loaded.marker, ffi.NULL)
        for piece in observation.start_known.values():
            if piece.is_ship:
                self._touch("statistics")
        self._set_agent_params(env, context.params)

    def _guarded(self, stage: str, work, *args) -> None:
        """``work(*args)``, CLIPS work outside a run, under the step's time cap (``stage``: start or step).

        Changing facts (the reset, the bridge's modifies) makes CLIPS match them
        against the agent's rule conditions, which may call the agent's
        functions: an endless ``test`` there is stopped like an endless rule
        (time cap or cancel), instead of hanging the app.
        """
        watchdog = self.watchdog
        watchdog.arm(self.time_limit)
        self._running = True  # request_cancel halts it too
        try:
            work(*args)
        finally:
            self._running = False
            watchdog.disarm()
        if not (watchdog.expired or self._cancel.is_set()):
            return
        self._healthy = False  # halted mid-match: not reused
        what = "start, at the reset" if stage == "start" else f"step {self._step - 1}, after the action"
        if self._cancel.is_set():
            raise AgentFailure(f"{what}: stopped on request (cancel)")
        raise AgentFailure(f"{what}: matching the changed facts against the agent's rule conditions ran over the time "
                           f"limit of {self.time_limit:g} s: stopped (an endless test in a rule's conditions?)")

    @staticmethod
    def _restore_settings(loaded: _Loaded) -> None:
        """Undo engine settings an agent may have changed at run time (CLIPS defaults)."""
        lib.SetStrategy(loaded.cenv, lib.DEPTH_STRATEGY)
        lib.SetSalienceEvaluation(loaded.cenv, lib.WHEN_DEFINED)
        lib.SetFactDuplication(loaded.cenv, False)

    def _read_params(self, params: Mapping[str, str]) -> None:
        for key in BRIDGE_PARAMS:
            value = runner_param(params, key)
            if value is not None:
                setattr(self, key, value)

    def _set_agent_params(self, env: clips.Environment, params: Mapping[str, str]) -> None:
        """Put every param but the bridge's own into the agent's ``agent-params`` fact (asserted if absent).

        The agent declares ``(deftemplate agent-params (slot NAME ...) ...)`` in one
        of its modules, one slot per parameter, with its default, type and allowed
        values; CLIPS checks the values. A param the agent does not declare is an error.
        """
        given = {key: text for key, text in params.items() if key not in BRIDGE_PARAMS}
        if not given:
            return
        template = _params_template(env)
        if template is None:
            raise AgentError(f"agent {self.name} takes no parameter {', '.join(sorted(given))} (it declares no "
                             f"{PARAMS_TEMPLATE} template; the bridge takes {', '.join(BRIDGE_PARAMS)})")
        slots = {slot.name: slot for slot in template.slots}
        values = {}
        for key, text in given.items():
            if key not in slots:
                raise AgentError(f"agent {self.name} has no parameter '{key}' (its parameters: "
                                 f"{', '.join(sorted(slots))}; the bridge's: {', '.join(BRIDGE_PARAMS)})")
            values[key] = _param_value(slots[key], text)
        env.current_module = template.module
        try:
            found = env.eval(f"(find-all-facts ((?f {PARAMS_TEMPLATE})) TRUE)")
            if found:
                found[0].modify_slots(**values)
            else:
                template.assert_fact(**values)
        except (TypeError, ValueError, clips.CLIPSError) as exc:
            wanted = "; ".join(f"{key} takes {_slot_constraint(slots[key])}" for key in values)
            raise AgentError(f"agent {self.name}: bad parameter value ({exc}): {wanted}") from None
        finally:
            env.current_module = env.find_module("MAIN")

    def _load(self, key: tuple, profile) -> _Loaded:
        env = clips.Environment()
        router = CaptureRouter()
        env.add_router(router)
        try:
            env.load(str(MAIN_FILE))
            if remove_function(env, "exit"):  # an agent's (exit) would end the whole app: it halts the agent
                env.build(f"(defglobal MAIN ?*{EXIT_FLAG}* = FALSE)")
                env.build(f"(deffunction MAIN::exit ($?code) (bind ?*{EXIT_FLAG}* TRUE) (halt))")
            env.build(_initial_facts(profile.fires, profile.guesses, profile.max_steps))
            env.load(str(ENV_FILE))
        except clips.CLIPSError:
            problems = "; ".join(m.describe() for m in parse_messages(router.take_errors()))
            _destroy_quietly([env])
            raise AgentError(f"{RESOURCES}: the protocol modules do not load: {problems}") from None
        loaded = _Loaded(env, router, key)
        try:
            loaded.load_messages = self._load_agent(env, router)
        except AgentError:
            holder = [env]
            del env, loaded
            _destroy_quietly(holder)
            raise
        return loaded

    @staticmethod
    def _construct_count(env: clips.Environment) -> int:
        """How many constructs exist, in every module."""
        lists = ("(get-defmodule-list)", "(get-deftemplate-list *)", "(get-defrule-list *)",
                 "(get-deffacts-list *)", "(get-deffunction-list *)", "(get-defglobal-list *)",
                 "(get-defgeneric-list *)", "(get-defclass-list *)")
        return sum(len(env.eval(query)) for query in lists)

    def _load_agent(self, env: clips.Environment, router: CaptureRouter) -> list[str]:
        """Load the agent's files in order; the load messages (file:line: text)."""
        messages: list[str] = []
        before = self._construct_count(env)
        limit = max(self.time_limit, LOAD_TIME_LIMIT)
        watchdog = Watchdog(env)  # a definition may run code (a defglobal's value): an endless one is stopped
        try:
            for path in self.paths:
                try:
                    path.read_bytes()
                except OSError as exc:
                    raise AgentError(f"{path}: cannot read the agent file ({exc.strerror or exc})") from None
                watchdog.arm(limit)
                try:
                    env.load(str(path))
                except clips.CLIPSError:
                    pass  # like the CLIPS console: the rest of the file is loaded; errors reported below
                finally:
                    watchdog.disarm()
                if watchdog.expired:
                    raise AgentError(f"{path}: loading ran over the time limit of {limit:g} s: stopped (a "
                                     f"defglobal's or a default's value that never ends?)")
                messages += self._describe(router.take_errors(), str(path))
        finally:
            watchdog.close()
        if self._construct_count(env) - before <= 0:
            detail = "; ".join(messages) or "the files define no constructs"
            raise AgentError(f"agent {self.name}: nothing loaded: {detail}")
        try:
            env.find_module("AGENT")
        except LookupError:
            files = ", ".join(str(p) for p in self.paths)
            raise AgentError(f"{files}: no AGENT module: a course agent starts with "
                             "(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))") from None
        return messages

    @staticmethod
    def _describe(text: str, default_file: str | None) -> list[str]:
        if not text.strip():
            return []
        messages = parse_messages(text)
        return [m.describe(default_file) for m in messages] or [" ".join(text.split())]

    def _note_errors(self, text: str, default_file: str | None) -> None:
        self._lines += [f"CLIPS: {message}" for message in self._describe(text, default_file)]

    # ----- facts ---------------------------------------------------------
    def _fact(self, template: str) -> ffi.CData | None:
        """The fact of one of MAIN's templates (status, moves, statistics); cached while it exists.

        CLIPS 6.4 modifies facts in place, so the same fact object stays valid
        unless the agent retracts it.
        """
        fact = self._facts.get(template)
        if fact is None or not _FactExistp(fact):
            if fact is not None:
                lib.ReleaseFact(fact)
            first = _GetNextFactInTemplate(self._loaded.templates[template], ffi.NULL)
            fact = None if first == _NULL else _held(first)
            self._facts[template] = fact
            self._mirror.pop(template, None)
        return fact

    def _current_execs(self) -> list:
        """The exec facts (C pointers, good until CLIPS runs again) whose step is the current one.

        New facts go to the end of a template's fact list, so each call only
        reads the execs asserted since the previous one (a full rescan when the
        last one seen was retracted). Execs for a later step are kept for their
        step; those of earlier steps never count again.
        """
        loaded = self._loaded
        template = loaded.exec_template
        step = self._step
        last = self._last_exec
        if last is not None and _FactExistp(last):
            fact = _GetNextFactInTemplate(template, last)
        else:
            fact = _GetNextFactInTemplate(template, ffi.NULL)
            for _, later in self._execs:
                lib.ReleaseFact(later)
            self._execs = []
        found = []
        if self._execs:
            keep = []
            for at, later in self._execs:
                if at == step and _FactExistp(later):
                    found.append(later)
                if type(at) is int and at <= step:
                    lib.ReleaseFact(later)
                else:
                    keep.append((at, later))
            self._execs = keep
        newest = None
        while fact != _NULL:
            at = loaded.slot(fact, b"step")
            if at == step:
                found.append(fact)
            if type(at) is not int or at > step:
                self._execs.append((at, _held(fact)))
            newest = fact
            fact = _GetNextFactInTemplate(template, fact)
        if newest is not None:
            if last is not None:
                lib.ReleaseFact(last)
            self._last_exec = _held(newest)
        return found

    def _touch(self, template: str, **slots) -> None:
        """Modify the ``template`` fact; when no value changes, still give it a new time tag (as 6.3's modify did).

        The values last written are remembered on the Python side, so no slot is read back from CLIPS.
        """
        fact = self._facts.get(template)
        if fact is None or not _FactExistp(fact):
            fact = self._fact(template)
            if fact is None:
                return
        loaded = self._loaded
        known = self._mirror.get(template)
        if known is None:
            known = self._mirror[template] = {name: loaded.slot(fact, _encoded(name)) for name in _SLOTS[template]}
        for name, value in slots.items():
            if known.get(name) != value:
                loaded.modify(fact, slots)
                known.update(slots)
                return
        slot, value = next(iter(slots.items())) if slots else next(iter(known.items()))
        loaded.modify(fact, {slot: value + 1 if isinstance(value, int) else clips.Symbol("changed")})
        loaded.modify(fact, {slot: value, **slots})
        known.update(slots)

    # ----- one step --------------------------------------------------------
    def next_action(self, observation: Observation) -> Action | str | None:
        """Run the agent's turn (bounded); its most recent exec for this step, or None if it stalled."""
        env = self.env
        if env is None:
            raise AgentFailure("the CLIPS agent was not started")
        firings, errors = self._run("step")
        execs = self._current_execs()
        if not execs:
            if errors:
                raise AgentFailure(f"CLIPS error in step {self._step}: {errors[0]}")
            if self._exit_called():
                self._healthy = False  # halted: not reused
                raise AgentFailure(f"step {self._step}: the agent called (exit): stopped (in the course's "
                                   f"console this would end CLIPS)")
            self._lines.append(f"the agent's turn ended after {firings} rule firings with no exec for step "
                               f"{self._step}")
            return None
        fact = max(execs, key=lib.FactIndex) if len(execs) > 1 else execs[0]
        loaded = self._loaded
        return loaded.action(fact) or self._action(loaded.slot(fact, b"action"), loaded.slot(fact, b"x"),
                                                   loaded.slot(fact, b"y"))

    def _exit_called(self) -> bool:
        try:
            return self.env.find_global(EXIT_FLAG).value == "TRUE"
        except LookupError:  # a CLIPS build whose exit could not be replaced
            return False

    def _run(self, label: str) -> tuple[int, list[str]]:
        """Run until the agenda empties; caps, cancel and errors raise AgentFailure (``label``: what the run is)."""
        fired = 0
        errors: list[str] = []
        cenv = self._loaded.cenv
        router = self.router
        if not self._healthy:  # a rule's error or a halt in an earlier run leaves CLIPS halted
            clear_halt(self._loaded.pointer)
        self._healthy = False  # until the run ends normally
        self.watchdog.arm(self.time_limit)
        self._running = True
        started = time.perf_counter()
        chunk_start = started
        try:
            while True:
                if self._cancel.is_set():
                    raise AgentFailure(f"{self._what(label)}: stopped on request (cancel)")
                count = lib.Run(cenv, CHUNK)  # env.run without clipspy's wrapper
                chunk_end = time.perf_counter()
                self.clips_seconds += chunk_end - chunk_start
                fired += count
                self.firings += count
                text = router.take_errors() if router.errors else ""
                if self.watchdog.expired:
                    raise AgentFailure(f"{self._what(label)}: the agent ran over the time limit of {self.time_limit:g} s "
                                       f"({fired} rule firings): stopped (an endless rule chain?)")
                if self._cancel.is_set():
                    raise AgentFailure(f"{self._what(label)}: stopped on request (cancel)")
                if text and text.strip():
                    messages = [m.describe() for m in parse_messages(text)] or [" ".join(text.split())]
                    errors += messages
                    self._lines += [f"CLIPS: {m}" for m in messages]
                if count < CHUNK:
                    self._healthy = not errors
                    self._taken = lib.GetFocus(cenv) == self._loaded.env_module
                    return fired, errors
                if fired >= self.max_firings:
                    raise AgentFailure(f"{self._what(label)}: the agent fired {fired} rules without ending its turn "
                                       f"(limit {self.max_firings}): stopped (an endless rule chain?)")
                if chunk_end - started > self.time_limit:
                    raise AgentFailure(f"{self._what(label)}: the agent ran over the time limit of {self.time_limit:g} s "
                                       f"({fired} rule firings): stopped (an endless rule chain?)")
                chunk_start = time.perf_counter()
        finally:
            self._running = False
            self.watchdog.disarm()
            self._flush_printout()

    def _what(self, label: str) -> str:
        return f"step {self._step}" if label == "step" else f"step {self._step} ({label})"

    @staticmethod
    def _action(kind, x, y) -> Action | str:
        if kind == "solve":
            return Action.solve()
        if type(x) is int and type(y) is int and isinstance(kind, str) and kind.encode() in _KINDS:
            return Action(_KINDS[kind.encode()], x, y)
        return f"{kind} {x} {y}"

    def after(self, event: StepEvent, observation: Observation) -> None:
        """Mirror the outcome into facts in GAME.md's order (status, moves, k-cell, statistics)."""
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
            if action is not None and action.kind is ActionKind.FIRE:
                if event.revealed is not None:
                    outcome.update(content=event.revealed.value, x=action.x, y=action.y)
                fired = observation.fired
                water = sum(piece is Piece.WATER for piece in fired.values())
                outcome.update(statistics="fire", fok=len(fired) - water, fko=water)
        self._guarded("step", self._mirror_outcome, outcome)
        if observation.over:
            # The step limit: MAIN asserts (exec (step N) (action solve)) itself, then ENV solves.
            self._run("step limit")
            self._step += 1
            self._solved(observation)

    def _solved(self, observation: Observation) -> None:
        final = observation.statistics or Statistics()
        outcome: dict[str, object] = {**_UNCHANGED, "step": self._step, "currently": "stopped", "statistics": "all"}
        outcome.update({key: getattr(final, key) for key in _STAT_SLOTS.values()})
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
                clear_halt(loaded.pointer)
            loaded.set_outcome(outcome)
            started = _clock()
            fired = lib.Run(loaded.cenv, 1)
            elapsed = _clock() - started
            self.clips_seconds += elapsed
            self.mirror_seconds += elapsed
            self.firings += fired
            self._mirror.clear()  # read the facts back if the bridge ever modifies them itself
            if fired or self.watchdog.expired:
                return
        self._touch("status", step=outcome["step"], currently=clips.Symbol(outcome["currently"]))
        if outcome["fires"] != "nil":
            self._touch("moves", fires=outcome["fires"], guesses=outcome["guesses"])
        if outcome["content"] != "nil":
            loaded.assert_k_cell(outcome["x"], outcome["y"], outcome["content"])
        if outcome["statistics"] != "none":
            names = _STAT_SLOTS if outcome["statistics"] == "all" else ("num_fire_ok", "num_fire_ko")
            self._touch("statistics", **{slot: outcome[_STAT_SLOTS[slot]] for slot in names})

    # ----- GUI and log ----------------------------------------------------
    def _flush_printout(self) -> None:
        if self.router is None or not self.router.output:
            return
        text = self.router.take_output()
        if text:
            self._lines += text.rstrip("\n").split("\n")

    def output(self) -> list[str]:
        """What the agent printed (``printout t``) and the CLIPS messages, since the last call."""
        if not self._lines and (self.router is None or not self.router.output):
            return []
        self._flush_printout()
        lines, self._lines = self._lines, []
        return lines

    def parameters(self) -> dict[str, str]:
        """The slots of the agent's ``agent-params`` fact (its defaults before one exists), then the bridge's caps."""
        values: dict[str, str] = {}
        template = _params_template(self.env) if self.env is not None and self._healthy else None
        if template is not None:
            fact = next(template.facts(), None)
            for slot in template.slots:
                value = fact[slot.name] if fact is not None else slot.default_value
                values[slot.name] = " ".join(map(str, value)) if isinstance(value, tuple) else str(value)
        for key in BRIDGE_PARAMS:
            value = getattr(self, key)
            values[key] = f"{value:g}" if isinstance(value, float) else str(value)
        return values

    def facts(self) -> list[tuple[str, str]] | None:
        """The facts of the agent's own modules (not MAIN's or ENV's) as (template, text) pairs."""
        if self.env is None:
            return []

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
        """Stop the watchdog; keep a healthy environment for the next game of this agent, else destroy it."""
        if self.watchdog is not None:
            self.watchdog.close()
            self.watchdog = None
        loaded, self._loaded = self._loaded, None
        self.router = None
        self.env = None
        held = [fact for fact in self._facts.values() if fact is not None]
        held += [fact for _, fact in self._execs] + ([self._last_exec] if self._last_exec is not None else [])
        for fact in held:
            lib.ReleaseFact(fact)
        self._facts.clear()
        self._mirror.clear()
        self._execs = []
        self._last_exec = None
        if loaded is None:
            return
        self.update_seconds += loaded.update_seconds - self._updates_at_start  # this game's modifies and asserts
        if self._healthy and not self._cancel.is_set():
            _pool_give(loaded)
        else:
            holder = [loaded.env]
            loaded.env = None
            del loaded
            _destroy_quietly(holder)
