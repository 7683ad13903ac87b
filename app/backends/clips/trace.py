"""Why a CLIPS agent acts: the rule firings of a turn, the facts it changed, the agenda and the focus stack.

The trace is plain data (frozen dataclasses of text, ints and tuples), so it
can cross a process boundary and be saved in a game log. ``Tracer`` collects
it from a running environment: while tracing, the driver fires one rule at a
time and asks the tracer, before each firing, which activation CLIPS will
fire next (the first activation of the first module on the focus stack whose
agenda is not empty, as CLIPS's run picks it). Off, nothing of this runs.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from clips._clips import ffi, lib
from clips.common import environment_builder

NULL = ffi.NULL


class Aspect(enum.StrEnum):
    """What ``run --trace`` prints."""

    RULES = "rules"
    FACTS = "facts"
    AGENDA = "agenda"


class Change(enum.StrEnum):
    """How a fact changed during a step."""

    ASSERTED = "asserted"
    RETRACTED = "retracted"
    MODIFIED = "modified"


@dataclass(frozen=True, slots=True)
class BasisFact:
    """One pattern's part of a rule firing's basis: the fact it matched (index, text as CLIPS printed it then),
    or for a ``not``/``exists`` pattern no fact (index None, shown ``*`` as CLIPS does)."""

    index: int | None
    text: str

    def __str__(self) -> str:
        return "*" if self.index is None else f"f-{self.index} {self.text}"

    @property
    def label(self) -> str:
        """``f-N`` or ``*``, as in CLIPS's basis lists."""
        return "*" if self.index is None else f"f-{self.index}"


@dataclass(frozen=True, slots=True)
class Firing:
    """One rule firing: module, rule, salience and the facts it matched, in pattern order."""

    module: str
    rule: str
    salience: int
    basis: tuple[BasisFact, ...]

    def __str__(self) -> str:
        facts = ",".join(fact.label for fact in self.basis) or "*"
        return f"{self.module}::{self.rule} (salience {self.salience}): {facts}"


@dataclass(frozen=True, slots=True)
class FactChange:
    """A fact asserted, retracted or modified during a step (text after the change; before it when retracted)."""

    change: str  # a Change
    index: int
    module: str
    template: str
    text: str

    def __str__(self) -> str:
        mark = {Change.ASSERTED: "==>", Change.RETRACTED: "<==", Change.MODIFIED: "<=>"}[Change(self.change)]
        return f"{mark} f-{self.index} {self.text}"


@dataclass(frozen=True, slots=True)
class Activation:
    """An activation waiting on a module's agenda."""

    module: str
    rule: str
    salience: int
    basis: tuple[int | None, ...]  # fact indexes, None for a not/exists pattern (``*``)

    def __str__(self) -> str:
        facts = ",".join("*" if index is None else f"f-{index}" for index in self.basis) or "*"
        return f"{self.salience:<6} {self.module}::{self.rule}: {facts}"


@dataclass(frozen=True, slots=True)
class StepTrace:
    """What happened inside CLIPS for one step: the agent's turn and the outcome mirrored into facts."""

    step: int
    firings: tuple[Firing, ...] = ()
    changes: tuple[FactChange, ...] = ()
    agenda: tuple[Activation, ...] = ()  # after the step (what waits for the next turn)
    focus: tuple[str, ...] = ()  # the focus stack after the step, top first
    rules: tuple[str, ...] = ()  # every rule defined (MODULE::name), given with a game's first traced step only

    def to_dict(self) -> dict:
        """Plain JSON-ready data (lists and dicts; written out: ``dataclasses.asdict`` deep-copies every text)."""
        return {
            "step": self.step,
            "firings": [{"module": f.module, "rule": f.rule, "salience": f.salience,
                         "basis": [{"index": b.index, "text": b.text} for b in f.basis]} for f in self.firings],
            "changes": [{"change": c.change, "index": c.index, "module": c.module, "template": c.template,
                         "text": c.text} for c in self.changes],
            "agenda": [{"module": a.module, "rule": a.rule, "salience": a.salience, "basis": list(a.basis)}
                       for a in self.agenda],
            "focus": list(self.focus),
            "rules": list(self.rules),
        }

    @classmethod
    def from_dict(cls, data: dict) -> StepTrace:
        """The inverse of ``to_dict`` (KeyError/TypeError on malformed data)."""
        return cls(
            step=int(data["step"]),
            firings=tuple(Firing(f["module"], f["rule"], int(f["salience"]),
                                 tuple(BasisFact(None if b["index"] is None else int(b["index"]), b["text"])
                                       for b in f["basis"]))
                          for f in data["firings"]),
            changes=tuple(FactChange(c["change"], int(c["index"]), c["module"], c["template"], c["text"])
                          for c in data["changes"]),
            agenda=tuple(Activation(a["module"], a["rule"], int(a["salience"]), tuple(a["basis"]))
                         for a in data["agenda"]),
            focus=tuple(data["focus"]),
            rules=tuple(data.get("rules", ())),
        )

    def lines(self, aspects: frozenset[str]) -> list[str]:
        """Compact text, one item a line, for the ``aspects`` asked (``Aspect`` values)."""
        out: list[str] = []
        if Aspect.RULES in aspects:
            out.append(f"rules fired: {len(self.firings)}")
            for number, firing in enumerate(self.firings, 1):
                out.append(f"  {number:>4} {firing}")
                out += [f"         {fact}" for fact in firing.basis if fact.index is not None]
        if Aspect.FACTS in aspects:
            out.append(f"facts changed: {len(self.changes)}")
            out += [f"  {change}" for change in self.changes]
        if Aspect.AGENDA in aspects:
            out.append(f"focus stack: {' '.join(self.focus) or '(empty)'}; agenda: {len(self.agenda)} activations")
            out += [f"  {activation}" for activation in self.agenda]
        return out


def parse_aspects(text: str) -> frozenset[str]:
    """``rules,facts,agenda`` (any of them) as a set of Aspect values; ValueError naming a bad one."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    known = {aspect.value for aspect in Aspect}
    for name in names:
        if name not in known:
            raise ValueError(f"--trace: unknown aspect {name!r} (expected some of {', '.join(sorted(known))})")
    if not names:
        raise ValueError("--trace: name at least one of rules, facts, agenda")
    return frozenset(names)


def _basis(pp_form: str) -> list[int | None]:
    """The basis of an activation's printed form (``10     rule: f-1,*,f-4``): fact indexes, None for ``*``."""
    items = []
    for item in pp_form.rsplit(":", 1)[1].split(","):
        item = item.strip()
        items.append(int(item[2:]) if item[:2] == "f-" else None)
    return items


def _name(pointer) -> str:
    return ffi.string(pointer).decode()


class Tracer:
    """Collects the trace of one CLIPS environment, step by step (see the module docstring)."""

    def __init__(self, cenv, routers: tuple[bytes, ...] = ()):
        self.cenv = cenv
        self.routers = routers  # deactivated while the tracer prints facts (CLIPS queries them for every character)
        self.builder = environment_builder(cenv, "string")
        self.firings: list[Firing] = []
        self.before: dict[int, tuple[str, str, str]] = {}  # index -> (module, template, text) at the last snapshot
        self.pointers: dict[int, object] = {}  # index -> retained fact pointer (this turn's basis lookups)
        self._last = NULL  # the newest fact whose pointer is known
        self.modules = self._modules()
        self.template_names: dict[object, tuple[str, str]] = {}  # template pointer -> (module, name)
        self._rules_given = False

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
            return self._snapshot()
        finally:
            self._quiet(False)

    def _snapshot(self) -> dict[int, tuple[str, str, str]]:
        facts = {}
        names = self.template_names
        fact = lib.GetNextFact(self.cenv, NULL)
        while fact != NULL:
            template = lib.FactDeftemplate(fact)
            name = names.get(template)
            if name is None:
                name = names[template] = (_name(lib.DeftemplateModule(template)), _name(lib.DeftemplateName(template)))
            facts[lib.FactIndex(fact)] = (*name, self.text(fact))
            fact = lib.GetNextFact(self.cenv, fact)
        return facts

    def begin(self) -> None:
        """Start a game: remember the facts as they are now (the base of the first step's changes)."""
        self.before = self.snapshot()
        self.firings = []

    def _lookup(self, index: int):
        """The fact with ``index`` (it exists: an activation's basis); new facts are at the end of the fact list."""
        fact = self.pointers.get(index)
        if fact is not None:
            return fact
        last = self._last
        fact = lib.GetNextFact(self.cenv, last if last != NULL and lib.FactExistp(last) else NULL)
        while fact != NULL:  # from the newest fact known (from the start when it was retracted since)
            number = lib.FactIndex(fact)
            if number not in self.pointers:
                lib.RetainFact(fact)
                self.pointers[number] = fact
            self._last = fact
            fact = lib.GetNextFact(self.cenv, fact)
        return self.pointers.get(index)

    def _release(self) -> None:
        for fact in self.pointers.values():
            lib.ReleaseFact(fact)
        self.pointers.clear()
        self._last = NULL

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
        modules off it, as run does); False when nothing is left to fire."""
        cenv = self.cenv
        if lib.GetFocus(cenv) == NULL:
            lib.Focus(self.modules["MAIN"])
        while True:
            module = lib.GetFocus(cenv)
            if module == NULL:
                return False
            current = lib.GetCurrentModule(cenv)
            lib.SetCurrentModule(cenv, module)
            activation = lib.GetNextActivation(cenv, NULL)
            lib.SetCurrentModule(cenv, current)
            if activation != NULL:
                break
            lib.PopFocus(cenv)
        basis = []
        self._quiet(True)
        try:
            for item in _basis(self._pp(activation)):
                if item is None:
                    basis.append(BasisFact(None, "*"))
                    continue
                fact = self._lookup(item)
                basis.append(BasisFact(item, self.text(fact) if fact is not None else "?"))
        finally:
            self._quiet(False)
        self.firings.append(Firing(_name(lib.DefmoduleName(module)), _name(lib.ActivationRuleName(activation)),
                                   lib.ActivationGetSalience(activation), tuple(basis)))
        return True

    def agenda(self) -> tuple[Activation, ...]:
        """Every activation waiting, module by module (focus stack first, then the other modules)."""
        self._quiet(True)
        try:
            return self._agenda()
        finally:
            self._quiet(False)

    def _agenda(self) -> tuple[Activation, ...]:
        order = list(self.focus_stack())
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
        value = ffi.new("CLIPSValue *")
        lib.Eval(self.cenv, b"(get-focus-stack)", value)
        multifield = value.multifieldValue
        names = []
        for position in range(multifield.length):
            names.append(_name(multifield.contents[position].lexemeValue.contents))
        return tuple(names)

    # ----- one step ------------------------------------------------------
    def finish(self, step: int) -> StepTrace:
        """The trace of ``step`` (its firings, the facts changed since the last call) and start the next."""
        self._release()
        after = self.snapshot()
        changes = []
        for index, (module, template, text) in self.before.items():
            now = after.get(index)
            if now is None:
                changes.append(FactChange(Change.RETRACTED.value, index, module, template, text))
            elif now[2] != text:
                changes.append(FactChange(Change.MODIFIED.value, index, module, template, now[2]))
        for index in sorted(after.keys() - self.before.keys()):
            module, template, text = after[index]
            changes.append(FactChange(Change.ASSERTED.value, index, module, template, text))
        changes.sort(key=lambda change: change.index)
        rules = () if self._rules_given else self.rules()
        self._rules_given = True
        trace = StepTrace(step, tuple(self.firings), tuple(changes), self.agenda(), self.focus_stack(), rules)
        self.before = after
        self.firings = []
        return trace

    def close(self) -> None:
        self._release()
