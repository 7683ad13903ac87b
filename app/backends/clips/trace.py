"""Why a CLIPS agent acts: the rule firings of a turn, the facts it changed, the agenda and the focus stack.

The trace is plain data (``app.backends.tracing.steptrace``); ``Tracer``
collects it from a running environment, on clipspy's public surface only
(clipspy's Windows and macOS wheels export no CLIPS function: no callbacks
into CLIPS's engine). Traced, the driver fires one rule at a time: it asks
the tracer which activation CLIPS will fire next (the first activation of
the first module on the focus stack whose agenda is not empty, as CLIPS's
run picks it: ``next_firing``), then has it fire that one (``fire``). What
the firing changed comes from CLIPS's own ``(watch facts)`` output, read by
a router (``_Watcher``): each fact asserted (``==> f-12``) and retracted
(``<== f-3``), a modify being both with the same index, in the order they
happen. A rule that may call ``(halt)`` (its text, or a function's it calls,
names it) is watched too: CLIPS then warns when its actions halted, so the
turn stops where a whole run would. Off, nothing of this runs.
"""

from __future__ import annotations

import re

import clips
from clips._clips import ffi, lib

from app.backends.base import PROTOCOL_MODULES
from app.backends.tracing.steptrace import (
    Activation,
    BasisFact,
    Change,
    FactChange,
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


_NO_FACT = BasisFact(None, "*")
_ASSERTED, _RETRACTED, _MODIFIED = Change.ASSERTED.value, Change.RETRACTED.value, Change.MODIFIED.value
_FACT_ID = re.compile(r"f-(\d+) *")  # the second piece CLIPS prints of a watched fact, after "==> " or "<== "
_FIRE = re.compile(r"FIRE (?: {3}\d| {2}\d\d| \d{3}|\d{4,}) ")  # a watched firing's line begins ("FIRE %4lld ")
# what CLIPS warns (to stdwrn) when a watched rule's actions called (halt), or when they ended in an error
_HALTED = "[PRCCODE4] WARNING: Execution halted during the actions of defrule '"


# the C calls of every rule firing, looked up once
_SBReset, _FactPPForm, _ActivationPPForm, _GetFocus = lib.SBReset, lib.FactPPForm, lib.ActivationPPForm, lib.GetFocus
_FactIndex, _GetNextFact, _FactExistp = lib.FactIndex, lib.GetNextFact, lib.FactExistp
_ActivateRouter, _DeactivateRouter, _string = lib.ActivateRouter, lib.DeactivateRouter, ffi.string
_BUILDER_SIZE = 1024  # bytes: the string builder keeps this much between prints (clipspy's regrows it every print)


def halting_rules(cenv, modules) -> list:
    """The rules (C pointers) of ``modules`` (C pointers) that may call ``(halt)``: their text names it, or a
    deffunction's or a generic function's that does (at any depth). A call made some other way (``funcall``)
    is not seen."""
    texts = {"rule": [], "function": {}}
    current = lib.GetCurrentModule(cenv)
    for module in modules:
        lib.SetCurrentModule(cenv, module)
        for rule in _constructs(cenv, lib.GetNextDefrule):
            texts["rule"].append((rule, _printed(lib.DefrulePPForm(rule))))
        for function in _constructs(cenv, lib.GetNextDeffunction):
            texts["function"][_name(lib.DeffunctionName(function))] = _printed(lib.DeffunctionPPForm(function))
        for generic in _constructs(cenv, lib.GetNextDefgeneric):
            texts["function"][_name(lib.DefgenericName(generic))] = _methods(generic)
    lib.SetCurrentModule(cenv, current)
    callers = {"halt"}
    grown = True
    while grown:
        grown = False
        for name, text in texts["function"].items():
            if name not in callers and _calls(text, callers):
                callers.add(name)
                grown = True
    return [rule for rule, text in texts["rule"] if _calls(text, callers)]


def _constructs(cenv, next_one) -> list:
    """The constructs of the current module, walked with ``next_one`` (``GetNextDefrule``...)."""
    found, item = [], next_one(cenv, NULL)
    while item != NULL:
        found.append(item)
        item = next_one(cenv, item)
    return found


def _methods(generic) -> str:
    """The text of every method of ``generic``."""
    texts, index = [], lib.GetNextDefmethod(generic, 0)
    while index:
        texts.append(_printed(lib.DefmethodPPForm(generic, index)))
        index = lib.GetNextDefmethod(generic, index)
    return " ".join(texts)


def _printed(pointer) -> str:
    """A construct's printed form ("" when CLIPS kept none)."""
    return "" if pointer == NULL else _name(pointer)


def _calls(text: str, names: set[str]) -> bool:
    """Whether ``text`` has a call of one of ``names`` (``(name`` or ``(MODULE::name``)."""
    return any(re.search(rf"[(:]{re.escape(name)}[\s)]", text) for name in names if name in text)


class _Watcher(clips.Router):
    """Reads what ``(watch facts)`` and ``(watch rules)`` print, for the tracer; passes everything else on to
    the capture router, as if the watcher were not there.

    CLIPS prints a watched fact in pieces: ``"==> "`` or ``"<== "``, then
    ``"f-12     "``, the fact's text, and ``"\\n"``: the watcher calls
    ``on_fact`` with the sign and the index and drops the rest of the line,
    as it drops a watched rule's ``FIRE`` line. A firing's error (stderr) is
    passed on and noted, so that the warning CLIPS adds after it ("Execution
    halted during the actions of defrule") is passed on too; the same warning
    after no error means a watched rule called ``(halt)``: counted in
    ``halts``, dropped (an untraced run does not print it)."""

    NAME = "battleship-lab-trace"

    def __init__(self, capture: clips.Router, on_fact) -> None:
        super().__init__(self.NAME, 70)  # before the capture router (60)
        self.capture = capture
        self.on_fact = on_fact
        self.halts = 0
        self._sign = ""  # "==> " or "<== " just printed: the fact's id comes next
        self._skipping = False  # in a watched fact's or firing's line: up to its "\n"
        self._warning = ""  # the start of a stdwrn message that may be the halt warning
        self._erred = False  # the firing under way printed an error

    def query(self, name: str) -> bool:
        """The logical names CLIPS's watch items, errors and warnings print to."""
        return name == "stdout" or name == "stdwrn" or name == "stderr"

    def write(self, name: str, message: str) -> None:
        """Take the watch output apart from the rest (see the class docstring)."""
        if name == "stdout":
            self._stdout(message)
        elif name == "stdwrn":
            self._stdwrn(message)
        else:
            self._erred = True
            self.capture.write(name, message)

    def _stdout(self, message: str) -> None:
        if self._skipping:
            self._skipping = message != "\n"
            return
        if self._sign:
            sign, self._sign = self._sign, ""
            found = _FACT_ID.fullmatch(message)
            if found:
                self.on_fact(sign, int(found.group(1)))
                self._skipping = True
                return
            self.capture.write("stdout", sign)  # the agent's own "==> ", not a fact's
        if message == "==> " or message == "<== ":
            self._sign = message
        elif _FIRE.fullmatch(message):
            self._skipping, self._erred = True, False  # a firing begins
        else:
            self.capture.write("stdout", message)

    def _stdwrn(self, message: str) -> None:
        text = self._warning + message
        if not (_HALTED.startswith(text) or text.startswith(_HALTED)):
            self._warning = ""
            self.capture.write("stdwrn", text)
        elif text.startswith(_HALTED) and text.endswith("\n"):
            self._warning = ""
            if self._erred:
                self.capture.write("stdwrn", text)
            else:
                self.halts += 1
        else:
            self._warning = text


class Tracer:
    """Collects the trace of one CLIPS environment, step by step (see the module docstring).

    A step costs what changed in it, not the size of working memory. The
    watcher reports each fact asserted and retracted (a modify is both,
    keeping the fact's index and address); the tracer notes the index as
    touched (``touched``: at ``finish``, one there now was asserted or
    modified, one gone was retracted) and keeps the indexes of the facts
    there (``addresses``) with their C pointers, found when first needed
    (``_place``). A fact's text is printed once per version: when a basis
    first names it, or at ``finish`` for a fact the step changed; it is kept
    until the fact changes. Fact indexes only rise, so an index names one
    fact for the whole game. ``close`` stops the watching.
    """

    def __init__(self, env: clips.Environment, capture: clips.Router, routers: tuple[bytes, ...] = ()):
        cenv = self.cenv = env._env
        self.watcher = _Watcher(capture, self._fact_changed)
        # deactivated while the tracer prints facts (CLIPS queries them for every character)
        self.routers = (*routers, _Watcher.NAME.encode())
        self.builder = lib.CreateStringBuilder(cenv, _BUILDER_SIZE)  # disposed of by close
        self.firings: list = []
        self.before: dict[int, tuple[str, str, str]] = {}  # index -> (module, template, text) at the last finish
        self.known: dict[int, BasisFact] = {}  # index -> the fact's text now (facts read and not changed since)
        self.addresses: dict[int, object] = {}  # index -> C pointer of each fact there (None: not looked up yet)
        self.touched: set[int] = set()  # indexes asserted, modified or retracted since the last finish
        self.modules = self._modules()
        self.module_names = {pointer: name for name, pointer in self.modules.items()}
        self.template_names: dict[object, tuple[str, str]] = {}  # template pointer -> (module, name)
        self._heads: dict[bytes, tuple[str, int]] = {}  # an activation's printed salience and rule -> (rule, salience)
        self._rules_given = False
        self._retracted: tuple[int, object] = (0, None)  # the fact retracted last: a modify asserts it again
        self._tail = None  # the newest fact located (retained): facts asserted later come after it in CLIPS's list
        self._open = False  # a recorded firing's actions are running: the facts asserted now are its ``made``
        self._made: list[int] = []
        self._initial: tuple[int, ...] = ()  # the agent's facts at ``begin``, for the first step's trace
        lib.DeleteRouter(cenv, self.watcher.NAME.encode())  # a tracer of an earlier game that was never closed
        env.add_router(self.watcher)
        lib.Eval(cenv, b"(watch facts)", NULL)
        self._watched = halting_rules(cenv, self.modules.values())
        for rule in self._watched:
            lib.DefruleSetWatchFirings(rule, True)

    def _fact_changed(self, sign: str, index: int) -> None:
        """The watcher saw fact ``index`` asserted (``sign`` "==> ") or retracted ("<== ")."""
        addresses = self.addresses
        self.touched.add(index)
        self.known.pop(index, None)
        if sign == "<== ":
            self._retracted = (index, addresses.pop(index, None))
            return
        retracted, pointer = self._retracted
        addresses[index] = pointer if retracted == index else None  # modified: the same fact, in the same place
        if self._open:  # a recorded firing asserts (or modifies) it: one of its ``made``
            self._made.append(index)

    def _place(self, index: int):
        """The C pointer of fact ``index`` (there now), looked up if not known yet."""
        fact = self.addresses.get(index)
        if fact is None and index in self.addresses:
            self._locate()
            fact = self.addresses.get(index)
        return fact

    def _locate(self) -> None:
        """Find the C pointers of the facts asserted since the last look. CLIPS adds a new fact at the end of
        its fact list (a modified one keeps its place): the walk starts after the newest fact located, or from
        the start when that one is gone."""
        cenv, addresses, tail = self.cenv, self.addresses, self._tail
        fact = _GetNextFact(cenv, tail if tail is not None and _FactExistp(tail) else NULL)
        newest = None
        while fact != NULL:
            index = _FactIndex(fact)
            if index in addresses:
                addresses[index] = fact
            newest = fact
            fact = _GetNextFact(cenv, fact)
        if newest is not None:
            self._hold_tail(newest)
        if None in addresses.values() and tail is not None:  # not after the tail after all: the whole list
            self._hold_tail(None)
            self._locate()

    def _hold_tail(self, fact) -> None:
        if self._tail is not None:
            lib.ReleaseFact(self._tail)
        if fact is not None:
            lib.RetainFact(fact)
        self._tail = fact

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
        self._open = False
        self._made.clear()
        self.addresses.clear()
        self.addresses.update(facts)
        self._retracted = (0, None)
        self._hold_tail(None)
        self.known.clear()
        self.touched.clear()
        self.firings = []
        self._rules_given = not with_rules

    def _read(self, index: int) -> BasisFact:
        """The fact with ``index`` as it is now (it exists: an activation's basis names it); Python routers off.
        (``text`` inlined: a traced game of bdi reads some 4000 facts.)"""
        fact = self._place(index)
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
        modules off it, as run does); False when nothing is left to fire. ``fire`` fires it."""
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
        return True

    def fire(self) -> tuple[bool, bool]:
        """Fire the activation ``next_firing`` recorded (CLIPS's run of one rule): whether it fired (not when an
        error left CLIPS halted) and whether its actions called ``(halt)``, where a whole run stops. The facts
        its actions assert or modify are the firing's ``made``."""
        watcher, made = self.watcher, self._made
        halts = watcher.halts
        self._open = True
        try:
            fired = lib.Run(self.cenv, 1)
        finally:
            self._open = False
        if fired and made:
            set_made(self.firings[-1], tuple(made))
        made.clear()
        return bool(fired), watcher.halts != halts

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
            if index not in addresses:  # gone (a fact asserted and retracted since is no change)
                if was is not None:
                    changes.append(new_change(_RETRACTED, index, *was))
                continue
            text = (known.get(index) or self._read(index)).text
            if was is None:
                module, template = self._template(self._place(index))
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
        if self.builder is None:
            return
        lib.Eval(self.cenv, b"(unwatch facts)", NULL)
        for rule in self._watched:
            lib.DefruleSetWatchFirings(rule, False)
        self.watcher.delete()
        self._hold_tail(None)
        if self.builder is not None:
            lib.SBDispose(self.builder)
            self.builder = None
