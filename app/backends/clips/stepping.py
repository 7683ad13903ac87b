"""A CLIPS agent's turn played in parts: Step rule (one rule firing at a time), breakpoints, and what the
turn did (for the protocol checks); "why didn't it fire?" (CLIPS's ``matches``).

``TurnInParts`` is a part of ``ClipsDriver`` (a mixin: it uses the driver's environment, tracer and
``_run``). A turn begins at ``advance`` or ``next_action``; ``advance`` runs it, rule by rule through the
tracer, until the pause asked for (a number of firings, a rule with a breakpoint: CLIPS's ``set-break``,
pausing just before it fires) and answers a ``TurnPause``; the next ``advance`` resumes it, firing the rule
paused before first, as CLIPS's ``run`` after a break does. The time and firing caps count the whole turn,
not each part. The turn ends when it would have ended in one run (ENV's take-exec halts, or nothing is left
to fire); ``next_action`` then reads its exec without running more.
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter

from clips import Symbol

from app.backends.base import AgentFailure, PauseRequest, TurnSummary
from app.backends.clips.capi import NULL, FactExistp, GetNextFactInTemplate
from app.backends.clips.loading import PYTHON_ROUTERS, routers_off
from app.backends.clips.matches import RuleMatches, rule_matches
from app.backends.clips.params import PROTOCOL_MODULES
from app.backends.clips.trace import Tracer
from app.backends.tracing.pause import PauseReason, TurnPause
from app.core import AgentError, Observation


class TurnInParts:
    """The paused-turn state and calls of ``ClipsDriver`` (see the module docstring)."""

    def _init_turn(self) -> None:
        self._turn_open = False  # the turn of the current step has begun and next_action has not taken it
        self._turn_done = False  # ... and it has ended
        self._turn_fired = 0
        self._turn_errors: list[str] = []
        self._turn_seconds = 0.0  # time in CLIPS so far: the time cap counts the whole turn, not each part
        self._pause: PauseRequest | None = None  # while advancing: when to pause
        self._budget: int | None = None  # firings left before a Step rule pause
        self._paused_before = ""  # MODULE::rule the last run paused before ("": it did not pause)
        self._pause_reason = PauseReason.STEP_RULE
        self._resume = False  # the next firing is the one paused before: it fires (as a run after a break does)
        self._exec_rule = ""  # the rule after whose firing the turn's exec existed (traced)
        self._after_exec: list[str] = []  # the agent's rules that fired after it, before MAIN had the focus again
        self._watching = False  # the exec's rule was the agent's: note the agent's rules that fire after it
        self._summary: TurnSummary | None = None

    @property
    def tracing(self) -> bool:
        """Whether each step's ``StepTrace`` is recorded (``trace``; a turn can then be paused mid-way). Set before
        ``start``, or between two steps: a game played again to a position (``app.analysis.rewind``) traces from
        there on only, its first trace holding the facts changed since then (and the rule list only if no step was
        played before: ``rule_names`` has it)."""
        return self._tracing

    @tracing.setter
    def tracing(self, on: bool) -> None:
        self._tracing = bool(on)
        if self.env is None:
            return  # start begins it
        if on and self._tracer is None:
            self._begin_tracing()
        elif not on and self._tracer is not None:
            self._tracer.close()
            self._tracer = None

    def _begin_tracing(self) -> None:
        """Trace from now on (the facts now are the base of the first trace's changes)."""
        self._tracer = Tracer(self.env, self.router, PYTHON_ROUTERS)
        self._tracer.begin(with_rules=self._step == 0)

    def advance(self, observation: Observation, pause: PauseRequest) -> TurnPause | None:
        """Run the agent's turn (begun now, or resumed) until ``pause`` says stop: a ``TurnPause`` then, or None
        once the turn has ended (``next_action`` gives its exec). Pausing needs rule-by-rule firing: without
        tracing, None at once (``next_action`` runs the whole turn)."""
        if self.env is None:
            raise AgentFailure("the CLIPS agent was not started")
        if self._tracer is None:
            return None
        if pause.firings is not None and pause.firings < 1:
            raise ValueError(f"a pause after {pause.firings} rule firings: at least 1")
        self._begin_turn()
        if self._turn_done:
            return None
        self._pause, self._budget = pause, pause.firings
        try:
            self._play_turn()
        finally:
            self._pause = self._budget = None
        if not self._paused_before:
            return None
        return TurnPause(self._turn, self._pause_reason.value, self._paused_before, self._turn_fired,
                         self._tracer.current(self._turn))

    def _begin_turn(self) -> None:
        """The agent's turn of the current step begins (unless it has begun and waits, paused)."""
        if self._turn_open:
            return
        self._turn_open, self._turn_done = True, False
        self._turn = self._step
        self._turn_fired, self._turn_errors, self._turn_seconds = 0, [], 0.0
        self._exec_rule, self._after_exec, self._resume, self._watching = "", [], False, False

    def _whole_turn(self) -> tuple[int, list[str]]:
        """The turn of the current step to its end (begun now, or resumed after a pause): its rule firings and
        errors; what it did is kept for ``turn_summary``."""
        self._begin_turn()
        if not self._turn_done:
            self._play_turn()  # no pause asked: to the turn's end
        self._turn_open = False
        tracer = self._tracer
        counts = Counter(f"{f.module}::{f.rule}" for f in tracer.firings) if tracer is not None else Counter()
        self._summary = TurnSummary(self._turn, self._turn_fired, tuple(counts.items()), self._exec_rule,
                                    tuple(self._after_exec))
        return self._turn_fired, self._turn_errors

    def _play_turn(self) -> None:
        """Run the turn on, to its end or (advancing) to a pause."""
        started = time.perf_counter()
        try:
            fired, errors = self._run("step", self._turn_fired, self._turn_seconds)
        finally:
            self._turn_seconds += time.perf_counter() - started
        self._turn_fired += fired
        self._turn_errors += errors
        self._turn_done = not self._paused_before

    def _pauses_before(self, firing) -> bool:
        """Whether the run pauses before ``firing`` (the activation CLIPS fires next), as ``_pause`` asks."""
        name = f"{firing.module}::{firing.rule}"
        if name in self._pause.breakpoints:
            reason = PauseReason.BREAKPOINT
        elif self._budget is not None and self._budget <= 0:
            reason = PauseReason.STEP_RULE
        else:
            return False
        self._paused_before, self._pause_reason, self._resume = name, reason, True
        return True

    def _watch_exec(self, firing) -> None:
        """After ``firing``: note the rule after which the step's exec exists, and the agent's rules that
        fire after it while the focus is not back in MAIN (the rule did not pop the focus)."""
        if self._exec_rule:
            if firing.module in PROTOCOL_MODULES:
                self._watching = False
            elif self._watching:
                self._after_exec.append(f"{firing.module}::{firing.rule}")
            return
        last = self._exec_cursor.fact  # the newest exec the driver has seen (the cursor is not moved here)
        if last is not None and not FactExistp(last):
            return  # the exec seen last was retracted: new ones cannot be told from old ones cheaply
        loaded = self._loaded
        fact = GetNextFactInTemplate(loaded.exec_template, NULL if last is None else last)
        while fact != NULL:
            if loaded.slot(fact, b"step") == self._step:
                self._exec_rule = f"{firing.module}::{firing.rule}"
                self._watching = firing.module not in PROTOCOL_MODULES
                return
            fact = GetNextFactInTemplate(loaded.exec_template, fact)

    def turn_summary(self) -> TurnSummary | None:
        """What the last turn did (after ``next_action``): its firings, and when tracing the count of each rule,
        the rule after which its exec existed and the agent's rules that fired after that one."""
        return self._summary

    def rule_names(self) -> tuple[str, ...]:
        """Every rule defined (MAIN's, ENV's and the agent's), as ``MODULE::rule``."""
        if self.env is None:
            return ()
        with routers_off(self.env):
            return tuple(str(name) for name in self.env.eval("(get-defrule-list *)"))

    def why_not(self, rule: str) -> RuleMatches:
        """CLIPS's ``(matches rule verbose)`` now, pattern by pattern (AgentError for an unknown rule).

        After the game (MAIN's status says ``(currently stopped)``), as of its last step: the status is taken as
        running while CLIPS answers, so the answer is about the agent's facts, not the stop every rule waits on
        (``game_over`` says so)."""
        if self.env is None:
            raise AgentFailure("the CLIPS agent was not started")
        self._flush_printout()
        self.router.take_errors()
        status = self._fact("status")
        over = status is not None and str(self._loaded.slot(status, b"currently")) == "stopped"
        if over:
            self._touch("status", currently=Symbol("running"))
        try:
            matches = rule_matches(self.env, self.router, rule)
        finally:
            if over:
                self._touch("status", currently=Symbol("stopped"))
        errors = self.router.take_errors()
        if errors.strip():
            raise AgentError(f"(matches {rule}): " + " ".join(errors.split()))
        return dataclasses.replace(matches, game_over=True) if over else matches

