"""Why a CLIPS agent acts: the rule firings of a turn, the facts it changed, the agenda and the focus stack.

The trace is plain data (``app.backends.clips.steptrace``); ``Tracer``
collects it from a running environment. Two ways, same data: the driver runs the
agent's turn as usual and the tracer listens (CLIPS calls it before each rule
firing with the activation it fires: ``listen``); or, to stop before a given
firing (Step rule, breakpoints), the driver fires one rule at a time and asks
the tracer first which activation CLIPS will fire next (the first activation
of the first module on the focus stack whose agenda is not empty, as CLIPS's
run picks it: ``next_firing``). Off, nothing of this runs.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable

import clips._clips as _compiled
from clips._clips import ffi, lib

from app.backends.base import PROTOCOL_MODULES
from app.backends.clips.steptrace import (
    Activation,
    BasisFact,
    Change,
    FactChange,
    Firing,
    StepTrace,
    new_basis_fact,
    new_change,
    new_firing,
    set_made,
)

NULL = ffi.NULL


def _basis(pp_form: str) -> list[int | None]:
    """The basis of an activation's printed form (``10     rule: f-1,*,f-4``): fact indexes, None for ``*``."""
    items = []
    for item in pp_form.rsplit(":", 1)[1].split(","):
        item = item.strip()
        items.append(int(item[2:]) if item[:2] == "f-" else None)
    return items


def _name(pointer) -> str:
    return ffi.string(pointer).decode()


# CLIPS 6.4 calls an environment's assert and retract functions for each fact asserted or retracted, a modify
# included (it retracts the fact and asserts it again, same index and address), and its before- and
# after-rule-fires functions with each activation it fires: clipspy does not wrap them, the compiled module exports them.
_library = ctypes.CDLL(_compiled.__file__)
_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)  # (env, fact/activation, context)
_KINDS = ("Assert", "Retract", "BeforeRuleFires", "AfterRuleFires")
try:
    _add = {kind: getattr(_library, f"Add{kind}Function") for kind in _KINDS}
    _remove = {kind: getattr(_library, f"Remove{kind}Function") for kind in _KINDS}
except AttributeError:  # not a CLIPS 6.4 build: no tracing (the driver asks CAN_TRACE)
    CAN_TRACE = False
else:
    CAN_TRACE = True
    for _function in _add.values():
        _function.argtypes = [ctypes.c_void_p, ctypes.c_char_p, _CALLBACK, ctypes.c_int, ctypes.c_void_p]
        _function.restype = ctypes.c_bool
    for _function in _remove.values():
        _function.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        _function.restype = ctypes.c_bool
_WATCHER = b"battleship-lab-trace"
_SOURCES = b"battleship-lab-sources"  # the before/after-firing pair that tells which firing asserts a fact
_watchers: dict[int, tuple] = {}  # environment address -> its callbacks (kept alive while CLIPS holds them)
_NO_FACT = BasisFact(None, "*")
_ASSERTED, _RETRACTED, _MODIFIED = Change.ASSERTED.value, Change.RETRACTED.value, Change.MODIFIED.value


# the C calls of every rule firing, looked up once
_SBReset, _FactPPForm, _ActivationPPForm, _GetFocus = lib.SBReset, lib.FactPPForm, lib.ActivationPPForm, lib.GetFocus
_FactIndex, _FACT, _ACTIVATION = lib.FactIndex, ffi.typeof("Fact *"), ffi.typeof("Activation *")
_ActivateRouter, _DeactivateRouter, _string, _cast = lib.ActivateRouter, lib.DeactivateRouter, ffi.string, ffi.cast
_BUILDER_SIZE = 1024  # bytes: the string builder keeps this much between prints (clipspy's regrows it every print)


def _address(pointer) -> int:
    return int(ffi.cast("uintptr_t", pointer))


class Tracer:
    """Collects the trace of one CLIPS environment, step by step (see the module docstring).

    A step costs what changed in it, not the size of working memory. CLIPS
    reports each fact asserted and retracted (a modify is both, keeping the
    fact's index and address) to the tracer's callbacks, which keep the
    index <-> address maps of the facts there and note the index as touched
    (``touched``: at ``finish``, one there now was asserted or modified, one
    gone was retracted). A fact's text is printed once per version: when a
    basis first names it, or at ``finish`` for a fact the step changed; it is
    kept until the fact changes. Fact indexes only rise, so an index names
    one fact for the whole game (an address may serve another fact once the
    first is retracted). ``close`` takes the callbacks away.
    """

    def __init__(self, cenv, routers: tuple[bytes, ...] = ()):
        self.cenv = cenv
        self.routers = routers  # deactivated while the tracer prints facts (CLIPS queries them for every character)
        self.builder = lib.CreateStringBuilder(cenv, _BUILDER_SIZE)  # disposed of by close
        self.firings: list[Firing] = []
        self.before: dict[int, tuple[str, str, str]] = {}  # index -> (module, template, text) at the last finish
        self.known: dict[int, BasisFact] = {}  # index -> the fact's text now (facts read and not changed since)
        self.addresses: dict[int, object] = {}  # index -> C pointer of each fact there
        self.indexes: dict[int, int] = {}  # the other way round (by address)
        self.touched: set[int] = set()  # indexes asserted, modified or retracted since the last finish
        self.modules = self._modules()
        self.module_names = {pointer: name for name, pointer in self.modules.items()}
        self.template_names: dict[object, tuple[str, str]] = {}  # template pointer -> (module, name)
        self._heads: dict[bytes, tuple[str, int]] = {}  # an activation's printed salience and rule -> (rule, salience)
        self._rules_given = False
        self._on_firing = _CALLBACK(self._firing_recorder())  # kept: CLIPS holds it while listening
        self._after: Callable[[Firing], None] | None = None
        self._armed: int | None = None  # address of the activation next_firing recorded, until it begins
        self._bracketing = False  # ``_bracket`` is on
        self._on_actions = (_CALLBACK(self._actions_begin), _CALLBACK(self._actions_end))
        self._open = False  # a recorded firing's actions are running: the facts asserted now are its ``made``
        self._made: list[int] = []
        self._initial: tuple[int, ...] = ()  # the agent's facts at ``begin``, for the first step's trace
        self._watch()

    def _watch(self) -> None:
        """Have CLIPS report each fact asserted and retracted (the tracer's bookkeeping, see the class docstring)."""
        known, addresses, indexes, touched, made = self.known, self.addresses, self.indexes, self.touched, self._made

        def on_assert(_env, fact, _context) -> None:
            pointer = _cast(_FACT, fact)
            index = _FactIndex(pointer)
            addresses[index] = pointer
            indexes[fact] = index
            touched.add(index)
            if self._open:  # a recorded firing asserts (or modifies) it: one of its ``made``
                made.append(index)

        def on_retract(_env, fact, _context) -> None:
            index = indexes.pop(fact, None)  # gone, or about to be asserted again as modified (same index, address)
            if index is None:  # not there when the tracer began: cannot happen
                return
            del addresses[index]
            known.pop(index, None)
            touched.add(index)

        callbacks = (_CALLBACK(on_assert), _CALLBACK(on_retract))
        target = _address(self.cenv)
        self._unwatch(target)  # a tracer of an earlier game that was never closed
        _add["Assert"](target, _WATCHER, callbacks[0], 0, None)
        _add["Retract"](target, _WATCHER, callbacks[1], 0, None)
        _watchers[target] = callbacks

    def _actions_begin(self, _env, activation, _context) -> None:
        """One rule at a time: a firing's actions begin; they are the recorded firing's if its activation is the
        one ``next_firing`` recorded (not one the bridge fires untraced, as ENV's mirror-outcome)."""
        self._open = activation is not None and activation == self._armed
        self._armed = None

    def _actions_end(self, _env=None, _activation=None, _context=None) -> None:
        """A firing's actions are done: the facts they asserted or modified are its ``made``."""
        made = self._made
        if self._open and made and self.firings:
            set_made(self.firings[-1], tuple(made))
        made.clear()
        self._open = False

    def _bracket(self, on: bool) -> None:
        """CLIPS to call ``_actions_begin``/``_actions_end`` around each firing (one rule at a time), or not (a
        listened run: ``_firing_recorder`` does it)."""
        if on == self._bracketing:
            return
        target = _address(self.cenv)
        if on:
            _add["BeforeRuleFires"](target, _SOURCES, self._on_actions[0], 0, None)
            _add["AfterRuleFires"](target, _SOURCES, self._on_actions[1], 0, None)
        else:
            _remove["BeforeRuleFires"](target, _SOURCES)
            _remove["AfterRuleFires"](target, _SOURCES)
        self._bracketing = on

    @staticmethod
    def _unwatch(target: int) -> None:
        if _watchers.pop(target, None) is not None:
            _remove["Assert"](target, _WATCHER)
            _remove["Retract"](target, _WATCHER)
            _remove["BeforeRuleFires"](target, _SOURCES)  # an earlier tracer's, never closed
            _remove["AfterRuleFires"](target, _SOURCES)

    # ----- facts ---------------------------------------------------------
    def text(self, fact) -> str:
        builder = self.builder
        lib.SBReset(builder)
        lib.FactPPForm(fact, builder, False)
        text = ffi.string(builder.contents).decode()
        return " ".join(text.split()) if "\n" in text or "  " in text else text  # a long fact spans lines

    def _quiet(self, on: bool) -> None:
        """Python routers off (``on``) or back on: printing a fact to a string queries every router per character."""
        switch = lib.DeactivateRouter if on else lib.ActivateRouter
        for name in self.routers:
            switch(self.cenv, name)

    def snapshot(self) -> dict[int, tuple[str, str, str]]:
        """Every fact now: index -> (module, template, text)."""
        self._quiet(True)
        try:
            return {index: (*self._template(fact), self.text(fact)) for index, fact in self._facts().items()}
        finally:
            self._quiet(False)

    def _facts(self) -> dict[int, object]:
        """Every fact now: index -> pointer, in CLIPS's order."""
        cenv, facts = self.cenv, {}
        fact = lib.GetNextFact(cenv, NULL)
        while fact != NULL:
            facts[lib.FactIndex(fact)] = fact
            fact = lib.GetNextFact(cenv, fact)
        return facts

    def _template(self, fact) -> tuple[str, str]:
        """(module, template name) of ``fact``."""
        template = lib.FactDeftemplate(fact)
        name = self.template_names.get(template)
        if name is None:
            name = self.template_names[template] = (_name(lib.DeftemplateModule(template)),
                                                    _name(lib.DeftemplateName(template)))
        return name

    def begin(self, with_rules: bool = True) -> None:
        """Start a game, or tracing part-way through one: remember the facts as they are now (the base of the first
        step's changes); ``with_rules``: the first trace lists every rule (a game's first step)."""
        facts = self._facts()
        self._quiet(True)
        try:
            self.before = {index: (*self._template(fact), self.text(fact)) for index, fact in facts.items()}
        finally:
            self._quiet(False)
        self._initial = tuple(index for index, (module, _, _) in self.before.items() if module not in PROTOCOL_MODULES)
        self._armed, self._open = None, False
        self._made.clear()
        self.addresses.clear()
        self.addresses.update(facts)
        self.indexes.clear()
        self.indexes.update((_address(fact), index) for index, fact in facts.items())
        self.known.clear()
        self.touched.clear()
        self.firings = []
        self._rules_given = not with_rules

    def _read(self, index: int) -> BasisFact:
        """The fact with ``index`` as it is now (it exists: an activation's basis names it); Python routers off.
        (``text`` inlined: a traced game of bdi reads some 4000 facts.)"""
        fact = self.addresses.get(index)
        if fact is None:  # not asserted while watched: cannot happen
            return BasisFact(index, "?")
        builder = self.builder
        _SBReset(builder)
        _FactPPForm(fact, builder, False)
        text = _string(builder.contents).decode()
        if "\n" in text or "  " in text:
            text = " ".join(text.split())
        basis = self.known[index] = new_basis_fact(index, text)
        return basis

    # ----- the agenda ----------------------------------------------------
    def _modules(self) -> dict[str, object]:
        modules = {}
        module = lib.GetNextDefmodule(self.cenv, NULL)
        while module != NULL:
            modules[_name(lib.DefmoduleName(module))] = module
            module = lib.GetNextDefmodule(self.cenv, module)
        return modules

    def _activations(self, module) -> list:
        """The activations on ``module``'s agenda, in firing order (C pointers)."""
        current = lib.GetCurrentModule(self.cenv)
        lib.SetCurrentModule(self.cenv, module)
        found = []
        activation = lib.GetNextActivation(self.cenv, NULL)
        while activation != NULL:
            found.append(activation)
            activation = lib.GetNextActivation(self.cenv, activation)
        lib.SetCurrentModule(self.cenv, current)
        return found

    def _pp(self, activation) -> str:
        builder = self.builder
        lib.SBReset(builder)
        lib.ActivationPPForm(activation, builder)
        return _name(builder.contents)

    def next_firing(self) -> bool:
        """Record the activation CLIPS fires next (focusing MAIN when the focus stack is empty and popping empty
        modules off it, as run does); False when nothing is left to fire. For firing one rule at a time (Step
        rule, breakpoints); a whole run is recorded faster with ``listen``."""
        cenv = self.cenv
        if lib.GetFocus(cenv) == NULL:
            lib.Focus(self.modules["MAIN"])
        current = lib.GetCurrentModule(cenv)
        while True:
            module = lib.GetFocus(cenv)
            if module == NULL:
                return False
            lib.SetCurrentModule(cenv, module)
            activation = lib.GetNextActivation(cenv, NULL)
            lib.SetCurrentModule(cenv, current)
            if activation != NULL:
                break
            lib.PopFocus(cenv)
        self._record(activation, module)
        self._bracket(True)
        self._armed = _address(activation)  # if it fires, the facts it asserts are its own
        return True

    def listen(self, on: bool, after: Callable[[Firing], None] | None = None) -> None:
        """Record each rule firing of the runs to come as CLIPS fires it (``on``), or no longer; ``after``: called
        with each firing once its rule has fired.

        CLIPS calls the tracer before each firing with the activation it fires
        (a plain ``Run`` is recorded, so it stops where an untraced one does).
        A firing's actions end where the next firing begins, or the run ends
        (nothing asserts in between): that call closes the firing before, one
        callback a firing."""
        target = _address(self.cenv)
        if on:
            self._bracket(False)
            self._after = after
            _add["BeforeRuleFires"](target, _WATCHER, self._on_firing, 0, None)
        else:
            _remove["BeforeRuleFires"](target, _WATCHER)
            self._fired()
            self._after = None

    def _fired(self) -> None:
        """A listened firing's actions are done (if one was open): its ``made``, then ``after`` with it."""
        if self._open:
            self._actions_end()
            if self.firings and self._after is not None:
                self._after(self.firings[-1])

    def _firing_recorder(self) -> Callable[[object, object, object], None]:
        """The before-firing callback of a listened run: closes the firing before (``_fired``), records this one
        and opens it (what its actions assert is its own)."""
        fired, record, cenv = self._fired, self._record, self.cenv

        def before_firing(_env, activation, _context) -> None:
            if self._open:
                fired()
            if activation:
                record(_cast(_ACTIVATION, activation), _GetFocus(cenv))
                self._open = True

        return before_firing

    def _record(self, activation, module) -> None:
        """Add the firing of ``activation`` (on the agenda of ``module``, a C pointer): rule, salience, and the
        facts of its basis as they are now."""
        cenv, routers, builder, known, basis = self.cenv, self.routers, self.builder, self.known, []
        for name in routers:
            _DeactivateRouter(cenv, name)
        try:
            _SBReset(builder)
            _ActivationPPForm(activation, builder)
            printed = _string(builder.contents)  # b"10     rule: f-1,*,f-4" (salience, name, basis)
            colon = printed.rindex(b": ")
            for item in printed[colon + 2:].split(b","):
                if item[:2] != b"f-":
                    basis.append(_NO_FACT)
                    continue
                index = int(item[2:])
                basis.append(known.get(index) or self._read(index))
        finally:
            for name in routers:
                _ActivateRouter(cenv, name)
        head = printed[:colon]  # b"10     rule"
        named = self._heads.get(head)
        if named is None:
            salience, rule = head.split(None, 1)
            named = self._heads[head] = (rule.decode(), int(salience))
        self.firings.append(new_firing(self.module_names[module], named[0], named[1], tuple(basis)))

    def agenda(self) -> tuple[Activation, ...]:
        """Every activation waiting, module by module (focus stack first, then the other modules)."""
        self._quiet(True)
        try:
            return self._agenda(self._focus_stack())
        finally:
            self._quiet(False)

    def _agenda(self, focus: tuple[str, ...]) -> tuple[Activation, ...]:
        order = list(focus)
        order += [name for name in self.modules if name not in order]
        waiting = []
        for name in order:
            for activation in self._activations(self.modules[name]):
                waiting.append(Activation(name, _name(lib.ActivationRuleName(activation)),
                                          lib.ActivationGetSalience(activation),
                                          tuple(_basis(self._pp(activation)))))
        return tuple(waiting)

    def rules(self) -> tuple[str, ...]:
        """Every rule defined, as MODULE::name, module by module in definition order."""
        names = []
        current = lib.GetCurrentModule(self.cenv)
        for module_name, module in self.modules.items():
            lib.SetCurrentModule(self.cenv, module)
            rule = lib.GetNextDefrule(self.cenv, NULL)
            while rule != NULL:
                names.append(f"{module_name}::{_name(lib.DefruleName(rule))}")
                rule = lib.GetNextDefrule(self.cenv, rule)
        lib.SetCurrentModule(self.cenv, current)
        return tuple(names)

    def focus_stack(self) -> tuple[str, ...]:
        """The focus stack, top first, as ``(get-focus-stack)`` gives it."""
        self._quiet(True)
        try:
            return self._focus_stack()
        finally:
            self._quiet(False)

    def _focus_stack(self) -> tuple[str, ...]:
        value = ffi.new("CLIPSValue *")
        lib.Eval(self.cenv, b"(get-focus-stack)", value)
        multifield = value.multifieldValue
        contents = ffi.cast("CLIPSValue *", multifield.contents)  # declared [1]: a stack mid-turn is deeper
        names = []
        for position in range(multifield.length):
            names.append(_name(contents[position].lexemeValue.contents))
        return tuple(names)

    # ----- one step ------------------------------------------------------
    def finish(self, step: int) -> StepTrace:
        """The trace of ``step`` (its firings, the facts changed since the last call) and start the next."""
        trace = self._trace(step, commit=True)
        self._rules_given = True
        self.firings = []
        return trace

    def current(self, step: int) -> StepTrace:
        """The trace of ``step`` so far, the step left open (a turn paused mid-way): the firings recorded,
        the facts changed since the step began, the agenda and focus stack now."""
        return self._trace(step, commit=False)

    def _trace(self, step: int, commit: bool) -> StepTrace:
        self._quiet(True)
        try:
            changes = self._changes(commit)
            focus = self._focus_stack()
            agenda = self._agenda(focus)
        finally:
            self._quiet(False)
        rules, initial = ((), ()) if self._rules_given else (self.rules(), self._initial)
        return StepTrace(step, tuple(self.firings), tuple(changes), agenda, focus, rules, initial)

    def _changes(self, commit: bool) -> list[FactChange]:
        """The facts asserted, retracted and modified since the last commit, by index (Python routers off);
        ``commit``: the facts now are the base of the next call's changes."""
        before, addresses, known, changes = self.before, self.addresses, self.known, []
        for index in self.touched:
            was = before.get(index)
            pointer = addresses.get(index)
            if pointer is None:  # gone (a fact asserted and retracted since is no change)
                if was is not None:
                    changes.append(new_change(_RETRACTED, index, *was))
                continue
            text = (known.get(index) or self._read(index)).text
            if was is None:
                module, template = self._template(pointer)
                changes.append(new_change(_ASSERTED, index, module, template, text))
            elif text != was[2]:  # modified (perhaps back to the text it had)
                changes.append(new_change(_MODIFIED, index, was[0], was[1], text))
        if commit:
            for change in changes:
                if change.change == _RETRACTED:
                    del before[change.index]
                else:
                    before[change.index] = (change.module, change.template, change.text)
            self.touched.clear()
        changes.sort(key=lambda change: change.index)
        return changes

    def close(self) -> None:
        """Stop watching the environment's facts and firings."""
        self.listen(False)
        self._bracket(False)
        self._unwatch(_address(self.cenv))
        if self.builder is not None:
            lib.SBDispose(self.builder)
            self.builder = None
