"""The bridge's direct line to the CLIPS C API: one loaded environment and its per-step calls.

The per-step work (reading and modifying MAIN's facts, asserting k-cells,
setting ENV's globals) goes through clipspy's compiled module with the slot
names encoded once, instead of clipspy's Python wrappers: the same C calls,
less Python around them (``benchmarks/clips_bench.py``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import clips
from clips._clips import ffi, lib
from clips.common import CLIPSType, environment_builder, environment_modifier
from clips.values import clips_value, python_value

from app.backends.clips.messages import CaptureRouter
from app.core import Action, ActionKind

STAT_SLOTS = {"num_fire_ok": "fok", "num_fire_ko": "fko", "num_guess_ok": "gok", "num_guess_ko": "gko",
              "num_safe": "safe", "num_sink": "sink"}
# ENV's globals that carry a step's outcome to its mirror-outcome rule (resources/clips/env.clp)
OUTCOME_GLOBALS = ("step", "currently", "fires", "guesses", "content", "x", "y", "statistics", *STAT_SLOTS.values())

# the C calls of every step, looked up once
GetFactSlot, FMSetFact, FMPutSlot, FMModify = lib.GetFactSlot, lib.FMSetFact, lib.FMPutSlot, lib.FMModify
CreateInteger, FactExistp, GetNextFactInTemplate = lib.CreateInteger, lib.FactExistp, lib.GetNextFactInTemplate
NULL = ffi.NULL
clock = time.perf_counter
KINDS = {kind.value.encode(): kind for kind in ActionKind if kind is not ActionKind.SOLVE}
_INTEGER, _SYMBOL, _FLOAT = int(CLIPSType.INTEGER), int(CLIPSType.SYMBOL), int(CLIPSType.FLOAT)
_LEXEMES = (_SYMBOL, int(CLIPSType.STRING))
_ENCODED: dict[str, bytes] = {}  # slot names as C text


def check_error_codes(library=lib) -> None:
    """Raise ImportError unless the CLIPS build's "no error" codes are 0, as the fast path's checks assume.

    The fast path tests the results of GetFactSlot, FMSetFact and FMPutSlot
    for truth ("non-zero is an error"); a build where GSE_NO_ERROR,
    FME_NO_ERROR or PSE_NO_ERROR is not 0 would misread every call.
    """
    codes = {name: getattr(library, name, None) for name in ("GSE_NO_ERROR", "FME_NO_ERROR", "PSE_NO_ERROR")}
    wrong = {name: value for name, value in codes.items() if value != 0}
    if wrong:
        found = ", ".join(f"{name}={value}" for name, value in wrong.items())
        raise ImportError(f"the CLIPS bridge needs a clipspy built on CLIPS 6.4 whose 'no error' codes are 0 "
                          f"(found {found}); install the clipspy in requirements.txt")


check_error_codes()


def encoded(name: str) -> bytes:
    """``name`` as C text, encoded once."""
    text = _ENCODED.get(name)
    if text is None:
        text = _ENCODED[name] = name.encode()
    return text


def held(fact: ffi.CData) -> ffi.CData:
    """``fact`` retained (CLIPS keeps its memory while the bridge holds the pointer)."""
    lib.RetainFact(fact)
    return fact


class FactCursor:
    """Where the bridge's last walk over one template's facts stopped: the newest fact it saw (retained, so
    CLIPS keeps its memory) and that fact's index."""

    __slots__ = ("fact", "index")

    def __init__(self) -> None:
        self.fact: ffi.CData | None = None
        self.index = 0

    def new_facts(self, template: ffi.CData) -> Iterator[ffi.CData]:
        """The facts of ``template`` asserted since the previous walk, oldest first (C pointers, good until CLIPS
        runs again). CLIPS adds a new fact at the end of its template's list, so the walk starts after the newest
        fact seen; when that one was retracted meanwhile, it reads the whole list and skips the facts whose index
        is not above its index. Read the walk to its end: only then does the cursor move on, retaining the newest
        fact given and releasing the previous one."""
        last = self.fact
        if last is not None and FactExistp(last):
            fact, floor = GetNextFactInTemplate(template, last), 0
        else:
            fact, floor = GetNextFactInTemplate(template, NULL), self.index
        newest = None
        while fact != NULL:
            if not floor or lib.FactIndex(fact) > floor:
                yield fact
                newest = fact
            fact = GetNextFactInTemplate(template, fact)
        if newest is not None:
            if last is not None:
                lib.ReleaseFact(last)
            self.fact = held(newest)
            self.index = lib.FactIndex(newest)

    def release(self) -> None:
        """Let go of the newest fact seen (its environment is done with or reset): the next walk reads them all."""
        if self.fact is not None:
            lib.ReleaseFact(self.fact)
        self.fact, self.index = None, 0


class LoadedEnv:
    """An environment with MAIN, ENV and one agent's files loaded (reusable for another game),
    with the C handles of the protocol's templates, modules and globals looked up once."""

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
        self.globals = {name: lib.FindDefglobal(cenv, f"ENV::bridge-{name}".encode()) for name in OUTCOME_GLOBALS}
        self.global_values: dict[str, object] = {}  # what the bridge last put in each of them
        self.exec_template = self.templates["exec"]
        self.k_cell_template = lib.FindDeftemplate(cenv, b"ENV::k-cell")
        self.board_marker_template = lib.FindDeftemplate(cenv, b"MAIN::board-marker")  # what the agent draws
        self.value = ffi.new("CLIPSValue *")
        self.modifier = environment_modifier(cenv, "fact")
        self.builder = environment_builder(cenv, "fact")
        self.update_seconds = 0.0  # wall time inside FMModify and FBAssert (Rete updates), all games
        self.asks_for_markers = False  # its files name MAIN's board-markers-wanted (only then is it asserted)

    def slot(self, fact, name: bytes):
        """The value of slot ``name`` of the fact at C pointer ``fact``, as clipspy would give it."""
        value = self.value
        if GetFactSlot(fact, name, value):
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
        if GetFactSlot(fact, b"action", value) or value.header.type != _SYMBOL:
            return None
        kind = KINDS.get(ffi.string(value.lexemeValue.contents))
        if kind is None or GetFactSlot(fact, b"x", value) or value.header.type != _INTEGER:
            return None
        x = value.integerValue.contents
        if GetFactSlot(fact, b"y", value) or value.header.type != _INTEGER:
            return None
        return Action(kind, x, value.integerValue.contents)

    def board_markers(self, most: int) -> list[list]:
        """The agent's ``board-marker`` facts, oldest first, as ``[x, y, value, label, colour]`` (at most ``most``;
        [] at once when there are none), read straight from C: a number as a float (else None), a label or colour
        as text ("" for nil). A slot of another type reads as None or "": ``markers.capped_markers`` drops what is
        no marker."""
        template = self.board_marker_template
        fact = GetNextFactInTemplate(template, NULL) if template != NULL else NULL
        items: list[list] = []
        value, string = self.value, ffi.string
        while fact != NULL and len(items) < most:
            row = []
            for name in (b"x", b"y"):
                row.append(value.integerValue.contents if not GetFactSlot(fact, name, value)
                           and value.header.type == _INTEGER else None)
            kind = -1 if GetFactSlot(fact, b"value", value) else value.header.type
            row.append(float(value.integerValue.contents) if kind == _INTEGER
                       else value.floatValue.contents if kind == _FLOAT else None)
            for name in (b"label", b"colour"):
                kind = -1 if GetFactSlot(fact, name, value) else value.header.type
                text = string(value.lexemeValue.contents).decode(errors="replace") if kind in _LEXEMES else ""
                row.append("" if text == "nil" and kind == _SYMBOL else text)
            items.append(row)
            fact = GetNextFactInTemplate(template, fact)
        return items

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
        if FMSetFact(modifier, fact):  # the error codes are non-zero
            raise clips.CLIPSError(self.cenv, code=lib.FMError(self.cenv))
        cenv, put = self.cenv, self.value
        for name, value in slots.items():
            if type(value) is int:
                put.value = CreateInteger(cenv, value)
            else:
                self._put(value)
            if FMPutSlot(modifier, _ENCODED.get(name) or encoded(name), put):
                lib.FMAbort(modifier)
                raise clips.CLIPSError(self.cenv, message=f"cannot put slot {name}")
        started = clock()
        modified = FMModify(modifier)
        self.update_seconds += clock() - started
        if modified == NULL:
            raise clips.CLIPSError(self.cenv, code=lib.FMError(self.cenv))

    def set_outcome(self, values: dict[str, object]) -> None:
        """Put ``values`` (ints and symbols) in ENV's ``?*bridge-NAME*`` globals, skipping those already set."""
        known, value, cenv = self.global_values, self.value, self.cenv
        for name, item in values.items():
            if known.get(name) == item:
                continue
            if type(item) is int:
                value.value = CreateInteger(cenv, item)
            else:
                value.value = lib.CreateSymbol(cenv, _ENCODED.get(item) or encoded(item))
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
        if asserted == NULL:
            raise clips.CLIPSError(self.cenv, code=lib.FBError(self.cenv))
