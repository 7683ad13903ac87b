"""Why a fact is there: the rule firing that asserted (or last modified) it, the facts that firing matched, the
firings that made those, and so on back to what the environment told the agent.

Plain trace data in (``StepTrace``s, as a game is played or read back from its log), no agent engine and no Qt:
the tracer notes, for each firing, the facts its actions asserted or modified (``Firing.made``). What a kind's
trace promises, as CLIPS 6.4 keeps it: a fact index is never reused within a game (a retracted fact asserted
again gets a new one) and a ``modify`` keeps the index, so the fact a firing matched as ``f-N`` was made by the
last firing before it whose ``made`` names N — the chain in force at that time, not a later one. A fact no
recorded firing made, or one made by a rule of the game protocol's modules (``PROTOCOL_MODULES``, MAIN and ENV:
k-cells, counts, status, moves, the result of a fire), is the environment's; the agent's own facts there when
the game began (``StepTrace.initial``: a CLIPS agent's deffacts) are its initial facts. Both end a chain.

The chains form a DAG (a firing's facts often share the firings behind them): ``Provenance`` works out each
firing's sources once; ``chain`` walks it depth first and shows a firing met again as a repeat, so a chain has
at most one full entry per firing of the game.
"""

from __future__ import annotations

import bisect
import enum
from collections.abc import Iterable
from typing import NamedTuple

from app.backends.base import PROTOCOL_MODULES

EXEC_TEMPLATE = "exec"


class Origin(enum.StrEnum):
    """What a fact in a chain comes from."""

    FIRING = "firing"  # an agent's rule firing asserted or modified it
    ENVIRONMENT = "environment"  # the game: k-cells, counts, status, moves, the result of a fire
    INITIAL = "initial"  # the agent's own facts when the game began (deffacts)


class FiringRef(NamedTuple):
    """A firing of the game: its step and its number in the step (1-based, as ``run --trace rules`` counts)."""

    step: int
    number: int

    def __str__(self) -> str:
        return f"step {self.step} firing {self.number}"


class WhyLine(NamedTuple):
    """One line of a chain: a fact (index, text as the firing above matched it), where it comes from, and for a
    firing the firing (rule as MODULE::name, the facts it matched); ``repeat``: that firing is shown above."""

    depth: int
    index: int
    text: str
    origin: str  # an Origin
    firing: FiringRef | None = None
    rule: str = ""
    matched: tuple[str, ...] = ()  # f-N labels, ``*`` for a not/exists pattern
    repeat: bool = False
    made_by: str = ""  # ENVIRONMENT made by a traced MAIN/ENV firing: that rule

    def __str__(self) -> str:
        if self.index < 0:  # the firing asked about itself (``firing_lines``)
            return f"{self.rule} ({self.firing}) matched {','.join(self.matched) or '*'}"
        fact = f"f-{self.index} {self.text}"
        if self.origin == Origin.ENVIRONMENT:
            return f"{fact}  [environment{', ' + self.made_by if self.made_by else ''}]"
        if self.origin == Origin.INITIAL:
            return f"{fact}  [initial fact]"
        where = f"{self.rule} ({self.firing})"
        if self.repeat:
            return f"{fact}  <- {where}: see above"
        return f"{fact}  <- {where} matched {','.join(self.matched) or '*'}"


class Provenance:
    """The sources of every fact of one traced game (see the module docstring); fed step by step with ``add``."""

    def __init__(self, traces: Iterable = ()):
        self.firings: list = []  # every firing of the game in order (``Firing``)
        self.steps: list[int] = []  # the same positions' step
        self.rules: list[str] = []  # ... and rule, MODULE::name
        self.agent: list[bool] = []  # ... and whether the rule is the agent's (not MAIN's or ENV's)
        self.step_start: dict[int, int] = {}  # step -> position of its first firing
        self.makers: dict[int, list[int]] = {}  # fact index -> positions of the firings that made it, in order
        self.initial: set[int] = set()
        self.traces: dict[int, object] = {}  # step -> its StepTrace
        self._sources: dict[int, tuple] = {}  # position -> ((BasisFact, maker position or None), ...)
        self._matched: dict[int, tuple[str, ...]] = {}  # position -> its basis as f-N labels
        self.sourced = False  # some firing says what it made: a trace recorded before that was kept says nothing
        for trace in traces:
            self.add(trace)

    def add(self, trace) -> None:
        """Take the trace of the next step."""
        self.traces[trace.step] = trace
        self.initial.update(trace.initial)
        self.step_start.setdefault(trace.step, len(self.firings))
        makers, position, firings = self.makers, len(self.firings), trace.firings
        for firing in firings:
            self.sourced = self.sourced or bool(firing.made)
            for index in firing.made:
                found = makers.get(index)
                if found is None:
                    makers[index] = [position]
                elif found[-1] != position:
                    found.append(position)
            position += 1
        self.firings += firings
        self.steps += [trace.step] * len(firings)
        self.rules += [f"{firing.module}::{firing.rule}" for firing in firings]
        self.agent += [firing.module not in PROTOCOL_MODULES for firing in firings]

    # ----- looking up ---------------------------------------------------
    def position(self, ref: FiringRef) -> int:
        """The position in the game of the firing ``ref`` (KeyError/IndexError when the game has no such firing)."""
        position = self.step_start[ref.step] + ref.number - 1
        if ref.number < 1 or position >= len(self.steps) or self.steps[position] != ref.step:
            raise IndexError(f"no firing {ref.number} in step {ref.step}")
        return position

    def ref(self, position: int) -> FiringRef:
        """The step and number of the firing at ``position``."""
        step = self.steps[position]
        return FiringRef(step, position - self.step_start[step] + 1)

    def maker(self, index: int, before: int) -> int | None:
        """The position of the firing that last asserted or modified fact ``index`` before position ``before``."""
        found = self.makers.get(index)
        if not found:
            return None
        at = bisect.bisect_left(found, before)
        return found[at - 1] if at else None

    def sources(self, position: int) -> tuple:
        """The facts the firing at ``position`` matched, each with the position of the firing that made it then
        (None: nothing the trace saw), worked out once."""
        known = self._sources.get(position)
        if known is None:
            known = self._sources[position] = tuple(
                (fact, self.maker(fact.index, position)) for fact in self.firings[position].basis
                if fact.index is not None)
        return known

    def execs(self, step: int) -> list[tuple[int, str, int | None]]:
        """The exec facts the agent asserted during ``step``: (index, text, position of the firing that did)."""
        trace = self.traces.get(step)
        if trace is None:
            return []
        end = self.step_start[step] + len(trace.firings)
        return [(change.index, change.text, self.maker(change.index, end)) for change in trace.changes
                if change.template == EXEC_TEMPLATE and change.change != "retracted"]

    def fact_source(self, index: int, step: int | None = None) -> int | None:
        """The position of the firing that last made fact ``index`` by the end of ``step`` (None: the last step)."""
        if step is None or step not in self.step_start:
            return self.maker(index, len(self.firings))
        return self.maker(index, self.step_start[step] + len(self.traces[step].firings))

    # ----- chains -------------------------------------------------------
    def chain(self, index: int, text: str, source: int | None, shown: dict[int, int] | None = None,
              depth: int = 0) -> list[WhyLine]:
        """The chain of fact ``index`` (``text``) made by the firing at ``source``, depth first, one line per fact;
        a firing already in ``shown`` (filled as it goes) is a repeat. Iterative: chains run hundreds deep."""
        shown = {} if shown is None else shown
        lines: list[WhyLine] = []
        agent, rules, matched, sources = self.agent, self.rules, self._matched, self.sources
        environment, initial, firing_origin = Origin.ENVIRONMENT.value, Origin.INITIAL.value, Origin.FIRING.value
        stack = [(depth, index, text, source)]
        while stack:
            level, index, text, source = stack.pop()
            if source is None or not agent[source]:
                origin = initial if source is None and index in self.initial else environment
                lines.append(WhyLine(level, index, text, origin, made_by="" if source is None else rules[source]))
                continue
            labels = matched.get(source)
            if labels is None:
                labels = matched[source] = tuple(fact.label for fact in self.firings[source].basis)
            repeat = source in shown
            lines.append(WhyLine(level, index, text, firing_origin, self.ref(source), rules[source], labels, repeat))
            if repeat:
                continue
            shown[source] = len(lines) - 1
            stack += [(level + 1, fact.index, fact.text, maker) for fact, maker in reversed(sources(source))]
        return lines

    def firing_lines(self, position: int) -> list[WhyLine]:
        """Why the firing at ``position`` fired (a MAIN or ENV one too): its line (no fact: index -1), then the
        chains of what it matched."""
        shown = {position: 0}
        labels = tuple(fact.label for fact in self.firings[position].basis)
        lines = [WhyLine(0, -1, "", Origin.FIRING.value, self.ref(position), self.rules[position], labels)]
        for fact, maker in self.sources(position):
            lines += self.chain(fact.index, fact.text, maker, shown, depth=1)
        return lines

    def fact_lines(self, index: int, text: str, step: int | None = None) -> list[WhyLine]:
        """The chain of fact ``index`` (``text``) as it stood at the end of ``step`` (None: the last step)."""
        return self.chain(index, text, self.fact_source(index, step))

    def exec_lines(self, step: int, shown: dict[int, int] | None = None) -> list[WhyLine]:
        """The chains of the execs of ``step``, one after the other (``shown``: firings shown before)."""
        lines: list[WhyLine] = []
        for index, text, source in self.execs(step):
            lines += self.chain(index, text, source, shown)
        return lines


def render(lines: list[WhyLine], indent: str = "  ") -> list[str]:
    """The lines of a chain as indented text."""
    return [f"{indent * line.depth}{line}" for line in lines]
