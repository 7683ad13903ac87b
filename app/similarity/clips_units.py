"""CLIPS code -> canonical units: what stays the same when a copier renames, reorders and recomments.

Every top-level construct is one unit. Its canonical tokens, read with ``app.backends.clips.source``:

- comments, whitespace, the construct's name, its comment string and ``(declare ...)`` (salience) dropped;
  ``printout`` calls dropped (they are comments a program prints); other strings become ``"``;
- every variable is ``?`` (``$?`` multifield, ``?*`` global): a renamed variable is the same token;
- every name the submission defines itself (its templates and their slots, the relations of its ordered
  facts, functions, globals, modules) becomes a placeholder of its kind (``#T``, ``#S``, ``#R``, ``#F``,
  ``#G``, ``#M``); the names of the game's protocol (``exec``, ``k-cell``, ``status``, ...) and CLIPS's stay;
- a rule that cannot fire (a pattern on a relation nothing in the submission asserts) is left out: adding dead
  rules hides nothing;
- the conditions of a rule are sorted, and so are the slots of a template pattern, the conditions inside
  ``and``/``or``/``not``/``exists``/``logical``, a template's slots, a deffacts' facts;
  so reordering patterns or rules changes nothing (a rule set is compared as a set of units).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from app.backends.clips.source import Form, Token, read
from app.core.paths import RESOURCES as APP_RESOURCES
from app.similarity.units import SimilarityError, Unit, source_lines

RESOURCES = APP_RESOURCES / "clips"
#: conditional elements whose children may be given in any order
_UNORDERED_CES = frozenset({"and", "or", "not", "exists", "logical"})
_CE_KEYWORDS = _UNORDERED_CES | {"test", "forall"}
_NOT_PATTERNS = frozenset({"declare", "test"})  # forms on a rule's left side that match no fact
_FACT_MAKERS = frozenset({"assert", "deffacts"})
_DROPPED_CALLS = frozenset({"printout", "format", "println", "print"})
_CONNECTIVES = re.compile(r"([&|~:=]+)")
_OPERATOR = re.compile(r"[<>=!]+")  # =, <=, <> ...: functions, not connectives
_PROTOCOL_MODULES = frozenset({"MAIN", "ENV", "AGENT"})


@cache
def protocol_names() -> frozenset[str]:
    """Names the game's MAIN and ENV modules define (templates, slots, functions, ordered facts): kept as they are."""
    names = set(_PROTOCOL_MODULES) | {"maxduration"}
    for path in sorted(RESOURCES.glob("*.clp")):
        for form in read(path.read_text(encoding="utf-8")).forms:
            atoms = form.atoms()
            if len(atoms) > 1 and form.head in ("deftemplate", "deffunction", "deffacts"):
                names.add(atoms[1])
            for inner in form.forms():
                if inner.head in ("slot", "multislot") and len(inner.atoms()) > 1:
                    names.add(inner.atoms()[1])
    return frozenset(names)


def read_clips(path: Path, text: str) -> list[Form]:
    """The top-level forms of a ``.clp`` file; SimilarityError naming the first paren problem."""
    reading = read(text)
    if reading.problems:
        raise SimilarityError(reading.problems[0].describe(path))
    return reading.forms


def clips_units(files: list[tuple[Path, str]], also_defined: dict[str, str] | None = None
                ) -> tuple[list[Unit], dict[str, str]]:
    """The units of a CLIPS submission (every construct of ``files``: path, text), and the names it defines
    with their placeholders. ``also_defined``: names taken as defined too (a base file's reader passes those
    the submissions define: the starter may call a function each student writes)."""
    forms = [(path, text, form) for path, text in files for form in read_clips(path, text)]
    names = defined_names([form for _, _, form in forms])
    defined = dict(names)
    names = {**(also_defined or {}), **names}
    live = _live_rules([form for _, _, form in forms])
    units = []
    for path, text, form in forms:
        if live is not None and form.head == "defrule" and id(form) not in live:
            continue
        tokens = _construct_tokens(form, names)
        if tokens:
            atoms = form.atoms()
            label = f"{form.head} {atoms[1]}" if len(atoms) > 1 else form.head
            source = source_lines(text, form.line, form.end_line or form.line)
            units.append(Unit(form.head, label, str(path), form.line, source, tuple(tokens)))
    return units, defined


def _plain(atom: str) -> str:
    """``MODULE::name`` -> ``name``."""
    return atom.rsplit("::", 1)[-1]


def defined_names(forms: list[Form]) -> dict[str, str]:
    """Every name the submission defines -> its placeholder; protocol names are left out."""
    kinds: dict[str, str] = {}
    protocol = protocol_names()

    def add(name: str, kind: str) -> None:
        name = _plain(name)
        if name and name not in protocol and not name.startswith(("?", "$")):
            kinds.setdefault(name, kind)

    for form in forms:
        atoms = form.atoms()
        name = atoms[1] if len(atoms) > 1 else ""
        if form.head == "deftemplate":
            add(name, "#T")
            for slot in form.items:
                if isinstance(slot, Form) and slot.head in ("slot", "multislot") and len(slot.atoms()) > 1:
                    add(slot.atoms()[1], "#S")
        elif form.head in ("deffunction", "defgeneric", "defmethod"):
            add(name, "#F")
        elif form.head == "defmodule":
            add(name, "#M")
        elif form.head == "deffacts":
            add(name, "#D")
        for relation in _relations(form):
            add(relation, "#R")
    return kinds


def _relations(form: Form) -> list[str]:
    """The heads of the facts ``form`` matches or asserts (its patterns, asserts, deffacts)."""
    heads = []
    if form.head == "defrule":
        for item in _lhs(form):
            if isinstance(item, Form):
                heads.extend(_pattern_heads(item))
    for inner in [form, *form.forms()]:
        if inner.head in _FACT_MAKERS:
            heads.extend(item.head for item in inner.items if isinstance(item, Form) and item.head)
    return heads


def _live_rules(forms: list[Form]) -> set[int] | None:
    """The ids of the rules that can fire: each positive pattern's relation is the protocol's, a deffacts' or
    asserted by a function or a live rule (to a fixpoint: rules that only feed each other are dead too).
    None: the submission builds facts from text (``assert-string``, ``load-facts``), so any rule may fire."""
    if any(inner.head in ("assert-string", "str-assert", "load-facts", "bload-facts")
           for form in forms for inner in [form, *form.forms()]):
        return None
    rules = [form for form in forms if form.head == "defrule"]
    always = set(protocol_names()) | {"initial-fact"}
    for form in forms:
        if form.head != "defrule":
            always |= _asserted(form)
    live: list[Form] = []
    while True:  # the least fixpoint: a rule that only feeds itself or others like it never fires
        made = always.union(*(_asserted(rule) for rule in live))
        grown = [rule for rule in rules if _can_fire(rule, made)]
        if len(grown) == len(live):
            return {id(rule) for rule in live}
        live = grown


def _asserted(form: Form) -> set[str]:
    return {_plain(item.head) for inner in [form, *form.forms()] if inner.head in _FACT_MAKERS
            for item in inner.items if isinstance(item, Form) and item.head}


def _can_fire(rule: Form, made: set[str]) -> bool:
    """False for a dead rule: one of its patterns (not negated) matches a relation nothing asserts."""
    return all(_plain(head) in made for item in _lhs(rule) if isinstance(item, Form)
               for head in _positive_heads(item))


def _positive_heads(form: Form) -> list[str]:
    if form.head in ("not", "test", "declare"):
        return []
    if form.head in _CE_KEYWORDS:
        return [head for item in form.items if isinstance(item, Form) for head in _positive_heads(item)]
    return [form.head] if form.head else []


def _pattern_heads(form: Form) -> list[str]:
    if form.head in _NOT_PATTERNS:
        return []
    if form.head in _CE_KEYWORDS:
        return [head for item in form.items if isinstance(item, Form) for head in _pattern_heads(item)]
    return [form.head] if form.head else []


def _lhs(rule: Form) -> list[Form | Token]:
    """The items of a rule before ``=>`` (after its name and comment)."""
    items = rule.items[2:]
    if items and isinstance(items[0], Token) and items[0].text.startswith('"'):
        items = items[1:]
    for index, item in enumerate(items):
        if isinstance(item, Token) and item.text == "=>":
            return items[:index]
    return items


def _construct_tokens(form: Form, names: dict[str, str]) -> list[str]:
    """The canonical tokens of one top-level construct ([] for a form that is no construct)."""
    head = form.head
    body = form.items[2:] if head not in ("defglobal", "") else form.items[1:]
    body = [item for item in body if not (isinstance(item, Token) and item.text.startswith('"'))]  # comments
    body = [item for item in body if not (isinstance(item, Form) and item.head == "declare")]
    if head == "defrule":
        cut = next((i for i, item in enumerate(body) if isinstance(item, Token) and item.text == "=>"), len(body))
        conditions = _conditions(body[:cut], names)
        actions = [_tokens(item, names) for item in body[cut + 1:]]
        return ["(", "defrule", *(t for c in sorted(conditions) for t in c), "=>", *(t for a in actions for t in a), ")"]
    name = [] if head in ("defglobal", "") else [_atom_tokens(form.atoms()[1], names)[0]] if len(form.atoms()) > 1 else []
    parts = [_tokens(item, names) for item in body]
    if head in ("deftemplate", "deffacts", "defmodule"):
        parts = sorted(parts)
    return ["(", head or "(", *name, *(t for p in parts for t in p), ")"]


def _conditions(items: list[Form | Token], names: dict[str, str]) -> list[tuple[str, ...]]:
    """The rule's conditions, each as tokens: ``?f <- (pattern)`` is one condition."""
    conditions: list[tuple[str, ...]] = []
    pending: list[str] = []
    for item in items:
        if isinstance(item, Token):
            pending.extend(_atom_tokens(item.text, names))
            continue
        conditions.append(tuple(pending + _condition_tokens(item, names)))
        pending = []
    if pending:
        conditions.append(tuple(pending))
    return conditions


def _condition_tokens(form: Form, names: dict[str, str]) -> list[str]:
    """A pattern or conditional element; unordered parts sorted."""
    if form.head in _UNORDERED_CES:
        children = sorted(tuple(_condition_tokens(item, names)) if isinstance(item, Form)
                          else tuple(_atom_tokens(item.text, names)) for item in form.items[1:])
        return ["(", form.head, *(t for c in children for t in c), ")"]
    if form.head == "test" or form.head == "forall":
        return _tokens(form, names)
    items = form.items[1:]
    if items and all(isinstance(item, Form) for item in items):  # a template pattern: its slots in any order
        slots = sorted(tuple(_tokens(item, names)) for item in items)
        return ["(", *_atom_tokens(form.head, names), *(t for s in slots for t in s), ")"]
    return _tokens(form, names)


def _tokens(item: Form | Token, names: dict[str, str]) -> list[str]:
    """The canonical tokens of any form or token, in order."""
    if isinstance(item, Token):
        return _atom_tokens(item.text, names)
    if item.head in _DROPPED_CALLS:
        return []
    out = ["("]
    for child in item.items:
        out.extend(_tokens(child, names))
    out.append(")")
    return out


def _atom_tokens(text: str, names: dict[str, str]) -> list[str]:
    """An atom's tokens: variables anonymous, defined names as placeholders, connectives apart."""
    if text.startswith('"'):
        return ['"']
    if _OPERATOR.fullmatch(text):
        return [text]
    if "::" in text and not text.startswith(("?", "$")):
        text = _plain(text)
    out = []
    for piece in _CONNECTIVES.split(text):
        if not piece:
            continue
        if piece.startswith("?*") or piece.startswith("$?*"):
            out.append("?*")
        elif piece.startswith("$?"):
            out.append("$?")
        elif piece.startswith("?"):
            out.append("?")
        elif _CONNECTIVES.fullmatch(piece):
            out.append(piece)
        else:
            plain = _plain(piece)
            out.append(names.get(plain, plain))
    return out
