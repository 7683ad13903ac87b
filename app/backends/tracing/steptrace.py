"""An agent's trace as plain data: the rule firings of a step, the facts it changed, the agenda and the focus
stack (frozen dataclasses of text, ints and tuples), so it can cross a process boundary, be saved in a game log and
be shown without the agent's engine. The words are a rule engine's (module, rule, salience, fact ``f-N``): any kind
whose agents fire rules over facts can give them; the CLIPS bridge's ``Tracer`` (``app.backends.clips.trace``)
records them from a running environment.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Aspect(enum.StrEnum):
    """What ``run --trace`` prints."""

    RULES = "rules"
    FACTS = "facts"
    AGENDA = "agenda"
    WHY = "why"  # under each action, the chain of firings behind it (``app.backends.tracing.provenance``)


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
    """One rule firing: module, rule, salience, the facts it matched, in pattern order, and the facts its
    actions asserted or modified (indexes, in order: what ``app.backends.tracing.provenance`` follows back)."""

    module: str
    rule: str
    salience: int
    basis: tuple[BasisFact, ...]
    made: tuple[int, ...] = ()

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
    """What happened inside the agent for one step: its turn, and the outcome mirrored into its facts."""

    step: int
    firings: tuple[Firing, ...] = ()
    changes: tuple[FactChange, ...] = ()
    agenda: tuple[Activation, ...] = ()  # after the step (what waits for the next turn)
    focus: tuple[str, ...] = ()  # the focus stack after the step, top first
    rules: tuple[str, ...] = ()  # every rule defined (MODULE::name), given with a game's first traced step only
    # the agent's own facts (not MAIN's or ENV's) there when the game began (its deffacts), with the first step only
    initial: tuple[int, ...] = ()

    def to_dict(self) -> dict:
        """Plain JSON-ready data (lists and dicts; written out: ``dataclasses.asdict`` deep-copies every text)."""
        return {
            "step": self.step,
            "firings": [{"module": f.module, "rule": f.rule, "salience": f.salience,
                         "basis": [{"index": b.index, "text": b.text} for b in f.basis],
                         **({"made": list(f.made)} if f.made else {})} for f in self.firings],
            "changes": [{"change": c.change, "index": c.index, "module": c.module, "template": c.template,
                         "text": c.text} for c in self.changes],
            "agenda": [{"module": a.module, "rule": a.rule, "salience": a.salience, "basis": list(a.basis)}
                       for a in self.agenda],
            "focus": list(self.focus),
            "rules": list(self.rules),
            **({"initial": list(self.initial)} if self.initial else {}),
        }

    @classmethod
    def from_dict(cls, data: dict) -> StepTrace:
        """The inverse of ``to_dict`` (KeyError/TypeError on malformed data). A basis fact several firings name is
        made once (the objects are immutable) and built slot by slot, as the tracer builds them."""
        facts: dict[tuple, BasisFact] = {}  # (index, text) as in the data -> its BasisFact
        firings = []
        for f in data["firings"]:
            basis = []
            for b in f["basis"]:
                key = (b["index"], b["text"])
                fact = facts.get(key)
                if fact is None:
                    fact = facts[key] = new_basis_fact(None if key[0] is None else int(key[0]), key[1])
                basis.append(fact)
            firing = new_firing(f["module"], f["rule"], int(f["salience"]), tuple(basis))
            made = f.get("made")
            if made:
                set_made(firing, tuple(int(index) for index in made))
            firings.append(firing)
        return cls(
            step=int(data["step"]),
            firings=tuple(firings),
            changes=tuple(new_change(c["change"], int(c["index"]), c["module"], c["template"], c["text"])
                          for c in data["changes"]),
            agenda=tuple(Activation(a["module"], a["rule"], int(a["salience"]), tuple(a["basis"]))
                         for a in data["agenda"]),
            focus=tuple(data["focus"]),
            rules=tuple(data.get("rules", ())),
            initial=tuple(int(index) for index in data.get("initial", ())),
        )

    def to_wire(self) -> list:
        """Compact JSON-ready data for the agent host's pipe (``to_dict`` is the game log's form): lists, not
        dicts, and each basis fact of the step once (its firings name 6000 or so a bdi game, most again and
        again), the firings naming them by position."""
        facts: dict[int, int] = {}  # id of each basis fact object -> its number (``table``: index, text, ...)
        table: list = []
        firings = []
        for f in self.firings:
            refs = []
            for b in f.basis:
                at = facts.get(id(b))
                if at is None:
                    at = facts[id(b)] = len(facts)
                    table += (b.index, b.text)
                refs.append(at)
            firings.append([f.module, f.rule, f.salience, refs, f.made] if f.made else
                           [f.module, f.rule, f.salience, refs])
        return [self.step, table, firings,
                [[c.change, c.index, c.module, c.template, c.text] for c in self.changes],
                [[a.module, a.rule, a.salience, a.basis] for a in self.agenda],
                self.focus, self.rules, self.initial]

    @classmethod
    def from_wire(cls, data: list) -> StepTrace:
        """The inverse of ``to_wire`` (TypeError/ValueError/IndexError on malformed data, as ``from_dict``)."""
        step, table, firings, changes, agenda, focus, rules, initial = data
        pairs = iter(table)
        facts = [new_basis_fact(None if index is None else int(index), text) for index, text in zip(pairs, pairs)]
        made_firings = []
        for firing in firings:
            made_firing = new_firing(firing[0], firing[1], int(firing[2]), tuple([facts[at] for at in firing[3]]))
            if len(firing) > 4:
                set_made(made_firing, tuple([int(index) for index in firing[4]]))
            made_firings.append(made_firing)
        return cls(
            step=int(step),
            firings=tuple(made_firings),
            changes=tuple([new_change(change, int(index), module, template, text)
                           for change, index, module, template, text in changes]),
            agenda=tuple([Activation(module, rule, int(salience), tuple(basis)) for module, rule, salience, basis in agenda]),
            focus=tuple(focus),
            rules=tuple(rules),
            initial=tuple([int(index) for index in initial]),
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
    """``rules,facts,agenda,why`` (any of them) as a set of Aspect values; ValueError naming a bad one."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    known = {aspect.value for aspect in Aspect}
    for name in names:
        if name not in known:
            raise ValueError(f"--trace: unknown aspect {name!r} (expected some of {', '.join(sorted(known))})")
    if not names:
        raise ValueError("--trace: name at least one of rules, facts, agenda, why")
    return frozenset(names)


# A game's trace holds a Firing per rule firing and a BasisFact per fact version read (bdi: some 2300 and 4000):
# these build them slot by slot, without the dataclass __init__'s object.__setattr__ per field (half the time).
_new = object.__new__
_set_module, _set_rule, _set_salience, _set_basis, set_made = (
    getattr(Firing, name).__set__ for name in ("module", "rule", "salience", "basis", "made"))
_set_index, _set_text = BasisFact.index.__set__, BasisFact.text.__set__


def new_firing(module: str, rule: str, salience: int, basis: tuple[BasisFact, ...]) -> Firing:
    firing = _new(Firing)
    _set_module(firing, module)
    _set_rule(firing, rule)
    _set_salience(firing, salience)
    _set_basis(firing, basis)
    set_made(firing, ())
    return firing


_set_change, _set_change_index, _set_change_module, _set_template, _set_change_text = (
    getattr(FactChange, name).__set__ for name in ("change", "index", "module", "template", "text"))


def new_change(change: str, index: int, module: str, template: str, text: str) -> FactChange:
    made = _new(FactChange)
    _set_change(made, change)
    _set_change_index(made, index)
    _set_change_module(made, module)
    _set_template(made, template)
    _set_change_text(made, text)
    return made


def new_basis_fact(index: int | None, text: str) -> BasisFact:
    fact = _new(BasisFact)
    _set_index(fact, index)
    _set_text(fact, text)
    return fact
