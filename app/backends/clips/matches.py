"""Why didn't a rule fire? CLIPS's own ``(matches rule verbose)``, read into data and said in plain words.

``rule_matches`` asks CLIPS (``matches`` prints through the bridge's capture
router) and reads what it printed into ``RuleMatches`` (plain data:
it crosses the agent host's pipe like the trace) and names each pattern with
its text from the rule's pretty-printed form, so the verdict reads "pattern 3
``(k-cell (content middle))``: no fact matches" instead of CLIPS's numbers.
CLIPS does the matching; nothing here re-implements it.
"""

from __future__ import annotations

import enum
import itertools
import re
from dataclasses import dataclass

from clips._clips import ffi, lib

from app.core import AgentError

SHOWN = 5  # facts or partial matches named per line; the rest are counted
_PATTERN = re.compile(r"^Matches for Pattern (\d+)$")
_PARTIAL = re.compile(r"^Partial matches for CEs (.+)$")
_SPAN = re.compile(r"^1 - (\d+)$")


class PatternKind(enum.StrEnum):
    """How a pattern takes part in the rule."""

    PLAIN = "plain"  # a fact must match it
    NOT = "not"  # inside (not ...): no fact may match it (with the rule's bindings)
    EXISTS = "exists"  # inside (exists ...): some fact must
    FORALL = "forall"  # inside (forall ...)
    START = "start"  # no pattern of the rule's: CLIPS's own start of a rule that opens with a test or a not


@dataclass(frozen=True, slots=True)
class PatternMatches:
    """One pattern of the rule and the facts that match it on its own (CLIPS's "Matches for Pattern N")."""

    number: int
    text: str  # as written in the rule ("" when it could not be told)
    kind: str  # a PatternKind
    facts: tuple[str, ...]  # "f-12" each ("*" for CLIPS's start pattern)

    def label(self) -> str:
        """``pattern 3 `(k-cell (content middle))```, saying ``(inside not)`` and the like."""
        text = f" `{self.text}`" if self.text else ""
        inside = {PatternKind.NOT: " (inside not)", PatternKind.EXISTS: " (inside exists)",
                  PatternKind.FORALL: " (inside forall)"}.get(PatternKind(self.kind), "")
        return f"pattern {self.number}{text}{inside}"


@dataclass(frozen=True, slots=True)
class PartialMatches:
    """The partial matches of a join (CLIPS's "Partial matches for CEs 1 - N"): facts that agree together."""

    ces: str  # CLIPS's label: "1 - 3", or "1 (P1) , 2 (P2 - P3)" for a nested not/and
    matches: tuple[str, ...]  # "f-1,*,f-4" each

    @property
    def last(self) -> int | None:
        """N of a plain ``1 - N`` label (None for another shape)."""
        found = _SPAN.match(self.ces)
        return int(found.group(1)) if found else None


@dataclass(frozen=True, slots=True)
class Disjunct:
    """The patterns and joins of one alternative of the rule (a rule with ``or`` has several)."""

    patterns: tuple[PatternMatches, ...]
    partials: tuple[PartialMatches, ...]


@dataclass(frozen=True, slots=True)
class RuleMatches:
    """What ``(matches rule verbose)`` reported for ``rule`` (``MODULE::name``), now."""

    rule: str
    disjuncts: tuple[Disjunct, ...]
    activations: tuple[str, ...]
    raw: str  # CLIPS's own text
    game_over: bool = False  # asked after the game: answered as of its last step (the status taken as running)

    def to_dict(self) -> dict:
        """Plain JSON-ready data."""
        return {"rule": self.rule, "raw": self.raw, "activations": list(self.activations), "game_over": self.game_over,
                "disjuncts": [{"patterns": [{"number": p.number, "text": p.text, "kind": p.kind,
                                             "facts": list(p.facts)} for p in d.patterns],
                               "partials": [{"ces": j.ces, "matches": list(j.matches)} for j in d.partials]}
                              for d in self.disjuncts]}

    @classmethod
    def from_dict(cls, data: dict) -> RuleMatches:
        """The inverse of ``to_dict`` (KeyError/TypeError on malformed data)."""
        return cls(str(data["rule"]),
                   tuple(Disjunct(tuple(PatternMatches(int(p["number"]), str(p["text"]), str(p["kind"]),
                                                       tuple(map(str, p["facts"]))) for p in d["patterns"]),
                                  tuple(PartialMatches(str(j["ces"]), tuple(map(str, j["matches"])))
                                        for j in d["partials"]))
                         for d in data["disjuncts"]),
                   tuple(map(str, data["activations"])), str(data["raw"]), bool(data.get("game_over", False)))

    # ----- in plain words ------------------------------------------------------------
    def verdict(self) -> str:
        """One line: why the rule does not fire now (or that it is waiting on the agenda)."""
        if self.activations:
            count = len(self.activations)
            return (f"{self.rule} is on the agenda ({count} activation{'s' * (count != 1)}): it fires when its "
                    f"module has the focus and no activation before it takes its turn")
        reasons = [_blocker(disjunct) for disjunct in self.disjuncts]
        if len(reasons) == 1:
            return f"{self.rule} cannot fire: {reasons[0]}"
        return f"{self.rule} cannot fire: " + "; ".join(f"alternative {n} of its (or): {reason}"
                                                        for n, reason in enumerate(reasons, 1))

    def lines(self) -> list[str]:
        """The verdict, then pattern by pattern and join by join what matches, in plain words."""
        out = [self.verdict()]
        for number, disjunct in enumerate(self.disjuncts, 1):
            if len(self.disjuncts) > 1:
                out.append(f"alternative {number} of the rule's (or):")
            for pattern in disjunct.patterns:
                out.append(f"  {_pattern_line(pattern)}")
            for join in disjunct.partials:
                out.append(f"  {_join_line(join, disjunct.patterns)}")
        if self.activations:
            out.append(f"  activations: {_listed(self.activations)}")
        return out


def _count(items: tuple[str, ...], one: str, many: str) -> str:
    return f"{len(items)} {one if len(items) == 1 else many}"


def _listed(items: tuple[str, ...]) -> str:
    more = f" and {len(items) - SHOWN} more" if len(items) > SHOWN else ""
    return " ".join(items[:SHOWN]) + more


def _pattern_line(pattern: PatternMatches) -> str:
    kind = PatternKind(pattern.kind)
    if kind is PatternKind.START:
        return f"pattern {pattern.number}: CLIPS's start of the rule (it opens with a test or a not)"
    if not pattern.facts:
        suffix = " (good: the not needs none)" if kind is PatternKind.NOT else ""
        return f"{pattern.label()}: no fact matches{suffix}"
    facts = _count(pattern.facts, "fact matches", "facts match")
    suffix = " (the not fails where one agrees with the rule's other patterns)" if kind is PatternKind.NOT else ""
    return f"{pattern.label()}: {facts}: {_listed(pattern.facts)}{suffix}"


def _join_line(join: PartialMatches, patterns: tuple[PatternMatches, ...]) -> str:
    what = f"patterns 1-{join.last} together" if join.last is not None else f"CEs {join.ces} together"
    if not join.matches:
        return f"{what}: no partial match (no facts agree on the shared variables and tests)"
    return f"{what}: {_count(join.matches, 'partial match', 'partial matches')}: {_listed(join.matches)}"


def _blocker(disjunct: Disjunct) -> str:
    """Why one alternative of the rule does not fire: the first pattern or join that matches nothing."""
    for pattern in disjunct.patterns:
        if not pattern.facts and pattern.kind in (PatternKind.PLAIN, PatternKind.EXISTS):
            return f"{pattern.label()}: no fact matches"
    for join in disjunct.partials:
        if join.matches:
            continue
        last = join.last
        if last is not None and 1 <= last <= len(disjunct.patterns):
            pattern = disjunct.patterns[last - 1]
            if pattern.kind == PatternKind.NOT:
                return (f"{pattern.label()}: a fact matching it agrees with every combination of patterns "
                        f"1-{last - 1}, so the not fails")
            return (f"patterns 1-{last}: each matches facts, but no combination of them agrees (their shared "
                    f"variables or a test between them fail at {pattern.label()})")
        return f"CEs {join.ces}: no facts agree together"
    return ("every pattern matches together but there is no activation: it fired on these facts already "
            "(CLIPS fires a rule once per combination of facts) or a test after its last pattern fails")


# ----- reading CLIPS's output ------------------------------------------------------------
def parse(rule: str, output: str, pattern_texts: list[list[tuple[str, str]]] | None = None) -> RuleMatches:
    """``RuleMatches`` from the text ``(matches rule verbose)`` printed; ``pattern_texts``: per alternative,
    (text, kind) of each pattern as ``patterns`` gives them (used when the counts agree with CLIPS's)."""
    disjuncts: list[tuple[list[list], list[PartialMatches]]] = []
    activations: list[str] = []
    current: list | None = None  # the list the next item lines go to
    for raw_line in output.splitlines():
        line = raw_line.strip()
        if not line:
            continue
        pattern = _PATTERN.match(line)
        partial = _PARTIAL.match(line)
        if pattern:
            if int(pattern.group(1)) == 1 or not disjuncts:
                disjuncts.append(([], []))
            current = []
            disjuncts[-1][0].append(current)
        elif partial:
            if not disjuncts:
                disjuncts.append(([], []))
            current = []
            disjuncts[-1][1].append((partial.group(1).strip(), current))
        elif line == "Activations":
            current = activations
        elif line != "None" and current is not None:
            current.append(line)
    texts = pattern_texts or []
    built = []
    for number, (facts_lists, partials) in enumerate(disjuncts):
        named = texts[number] if number < len(texts) else []
        if len(named) + 1 == len(facts_lists) and facts_lists and facts_lists[0] == ["*"]:
            named = [("", PatternKind.START.value), *named]  # CLIPS's start pattern of a rule opening with a test
        if len(named) != len(facts_lists):
            named = [("", PatternKind.PLAIN.value)] * len(facts_lists)
        patterns = tuple(PatternMatches(index, text, kind, tuple(facts))
                         for index, (facts, (text, kind)) in enumerate(zip(facts_lists, named), 1))
        built.append(Disjunct(patterns, tuple(PartialMatches(label, tuple(items)) for label, items in partials)))
    return RuleMatches(rule, tuple(built), tuple(activations), output)


# ----- the rule's patterns, from its pretty-printed form -----------------------------------
def _items(text: str) -> list[str]:
    """The top-level items of ``text`` (atoms and parenthesised forms, strings kept whole), as text."""
    items: list[str] = []
    depth, start, index, length = 0, -1, 0, len(text)
    while index < length:
        char = text[index]
        if char == '"':
            end = index + 1
            while end < length and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            if depth == 0:
                items.append(text[index:end + 1])
            index = end + 1
            continue
        if char == "(":
            if depth == 0:
                start = index
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                items.append(text[start:index + 1])
        elif depth == 0 and not char.isspace():
            end = index
            while end < length and not text[end].isspace() and text[end] not in '()"':
                end += 1
            items.append(text[index:end])
            index = end
            continue
        index += 1
    return items


def _head(form: str) -> str:
    inner = _items(form[1:-1]) if form.startswith("(") else []
    return inner[0] if inner else ""


def _conditions(pp_form: str) -> list[str]:
    """The conditional elements of a defrule's text (``?f <- (...)`` joined into one), before ``=>``."""
    items = _items(" ".join(pp_form.split())[1:-1]) if pp_form.startswith("(") else []
    items = items[2:]  # defrule NAME
    if items and items[0].startswith('"'):
        items = items[1:]
    if items and _head(items[0]) == "declare":
        items = items[1:]
    found: list[str] = []
    index = 0
    while index < len(items) and items[index] != "=>":
        item = items[index]
        if index + 2 < len(items) and items[index + 1] == "<-":
            found.append(f"{item} <- {items[index + 2]}")
            index += 3
            continue
        found.append(item)
        index += 1
    return found


def _flatten(element: str, kind: PatternKind) -> list[tuple[str, str]]:
    """The patterns of one conditional element, in CLIPS's order, each with how it takes part."""
    if "<-" in element and not element.startswith("("):
        return [(element, kind.value)]
    head = _head(element)
    inner = _items(element[1:-1])[1:]
    if head == "test":
        return []
    if head in ("not", "exists", "forall"):
        inner_kind = PatternKind(head) if kind is PatternKind.PLAIN else kind
        return [pattern for item in inner for pattern in _flatten(item, inner_kind)]
    if head in ("and", "logical"):
        return [pattern for item in inner for pattern in _flatten(item, kind)]
    return [(element, kind.value)]


def _alternatives(element: str) -> list[list[str]]:
    """The alternatives of one conditional element: several for ``(or ...)``, each a list of elements."""
    if not element.startswith("(") or _head(element) != "or":
        return [[element]]
    found = []
    for item in _items(element[1:-1])[1:]:
        if item.startswith("(") and _head(item) == "and":
            found.append(_items(item[1:-1])[1:])
        else:
            found.append([item])
    return found


def patterns(pp_form: str) -> list[list[tuple[str, str]]]:
    """Per alternative of the rule (one unless it has ``or``s), the (text, kind) of each pattern in order."""
    choices = [_alternatives(element) for element in _conditions(pp_form)]
    result = []
    for combination in itertools.product(*choices):
        result.append([pattern for part in combination for element in part
                       for pattern in _flatten(element, PatternKind.PLAIN)])
    return result or [[]]


def rule_matches(env, router, rule: str) -> RuleMatches:
    """Ask CLIPS ``(matches RULE verbose)`` in ``env`` (a clipspy Environment whose output ``router``, a
    ``CaptureRouter``, takes what it prints; take its output first); AgentError for an unknown rule."""
    name = rule.strip()
    if not re.fullmatch(r"[^\s()\";&|~<>]+", name):
        raise AgentError(f"{rule!r} is not a rule name")
    found = lib.FindDefrule(env._env, name.encode())
    if found == ffi.NULL and "::" not in name:  # a name without its module: look in every module
        for qualified in env.eval("(get-defrule-list *)"):
            if str(qualified).endswith(f"::{name}"):
                found = lib.FindDefrule(env._env, str(qualified).encode())
                break
    if found == ffi.NULL:
        raise AgentError(f"the agent has no rule named {name}")
    module = ffi.string(lib.DefruleModule(found)).decode()
    qualified = f"{module}::{ffi.string(lib.DefruleName(found)).decode()}"
    pp_form = lib.DefrulePPForm(found)
    texts = patterns(ffi.string(pp_form).decode()) if pp_form != ffi.NULL else None
    env.eval(f"(matches {qualified} verbose)")
    return parse(qualified, router.take_output(), texts)
