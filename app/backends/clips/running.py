"""Running a CLIPS agent's environment and reading it: the part of ``ClipsDriver`` that is not the step protocol.

``RunningEnvironment`` is a part of ``ClipsDriver`` (a mixin, as ``stepping.TurnInParts`` is: it uses the
driver's environment, router, deadline, tracer and cancel flag). It runs CLIPS under the caps (``_run``: the
rule firings and seconds of a turn, checked between chunks of firings; ``_guarded``: CLIPS's work outside a run,
under the step's time cap), collects what the agent printed and what CLIPS reported, and answers what the app
asks of the working memory (its facts, the exec facts, the agent's parameters). The step protocol itself (the
map's facts, the reset, the execs read, the outcome mirrored into MAIN's and ENV's facts) is ``driver``'s.
"""

from __future__ import annotations

import time

from clips._clips import lib

from app.backends.base import AgentFailure, ExecFact, FactRow
from app.backends.clips.loading import describe, fact_rows
from app.backends.clips.messages import parse_messages
from app.backends.clips.params import BRIDGE_PARAMS, PROTOCOL_MODULES, agent_param_values
from app.backends.clips.watchdog import clear_halt
from app.backends.tracing.steptrace import StepTrace

DEFAULT_MAX_FIRINGS = 200_000
DEFAULT_TIME_LIMIT = 5.0
# rule firings per Run call; the time cap, the firing cap and cancel are checked between chunks. A chunk of a
# real agent's firings takes 20-40 ms (docs/benchmarks.md, "Portable CLIPS bridge"): a cap is noticed that soon
CHUNK = 2_000


class RunningEnvironment:
    """Running the environment under the caps, and reading it (see the module docstring)."""

    def _guarded(self, stage: str, work, *args) -> None:
        """``work(*args)``, CLIPS work outside a run, under the step's time cap (``stage``: start or step).

        Changing facts (the reset, the bridge's modifies) makes CLIPS match them
        against the agent's rule conditions, which may call the agent's
        functions: a slow ``test`` there is reported as over the time cap once
        it returns. An endless one never returns: the agent host ends its child
        at the host's cap; in the app's own process only ending the app stops it
        (watchdog's docstring).
        """
        deadline = self.deadline
        deadline.arm(self.time_limit)
        try:
            work(*args)
        finally:
            deadline.disarm()
        if not (deadline.expired or self._cancel.is_set()):
            return
        self._healthy = False  # halted mid-match: not reused
        what = "start, at the reset" if stage == "start" else f"step {self._step - 1}, after the action"
        if self._cancel.is_set():
            raise AgentFailure(f"{what}: stopped on request (cancel)")
        raise AgentFailure(f"{what}: matching the changed facts against the agent's rule conditions ran over the time "
                           f"limit of {self.time_limit:g} s: stopped (an endless test in a rule's conditions?)")

    def _note_errors(self, text: str, default_file: str | None) -> None:
        self._lines += [f"CLIPS: {message}" for message in describe(text, default_file)]

    def _run(self, label: str, fired_before: int = 0, seconds_before: float = 0.0) -> tuple[int, list[str]]:
        """Run until the agenda empties, or to a pause (``_paused_before`` says so); caps, cancel and errors raise
        AgentFailure (``label``: what the run is; ``fired_before``, ``seconds_before``: of the same turn before a
        pause, which the caps count too)."""
        fired = fired_before
        self._paused_before = ""
        errors: list[str] = []
        cenv = self._loaded.cenv
        router = self.router
        tracer = self._tracer
        run = lib.Run if tracer is None else self._run_traced
        if not self._healthy:  # a rule's error or a halt in an earlier run leaves CLIPS halted
            clear_halt(self._loaded.cenv)
        self._healthy = False  # until the run ends normally
        started = time.perf_counter() - seconds_before
        chunk_start = time.perf_counter()
        try:
            while True:
                if self._cancel.is_set():
                    raise AgentFailure(f"{self._what(label)}: stopped on request (cancel)")
                count = run(cenv, CHUNK)  # env.run without clipspy's wrapper
                chunk_end = time.perf_counter()
                self.clips_seconds += chunk_end - chunk_start
                fired += count
                self.firings += count
                text = router.take_errors() if router.errors else ""
                if self._cancel.is_set():
                    raise AgentFailure(f"{self._what(label)}: stopped on request (cancel)")
                if chunk_end - started > self.time_limit:  # checked between chunks only (watchdog's docstring)
                    raise AgentFailure(f"{self._what(label)}: the agent ran over the time limit of {self.time_limit:g} s "
                                       f"({fired} rule firings): stopped (an endless rule chain?)")
                if text and text.strip():
                    messages = [m.describe() for m in parse_messages(text)] or [" ".join(text.split())]
                    errors += messages
                    self._lines += [f"CLIPS: {m}" for m in messages]
                if self._paused_before:  # the turn waits, mid-way
                    self._healthy = not errors
                    return fired - fired_before, errors
                if count < CHUNK:
                    self._healthy = not errors
                    self._taken = lib.GetFocus(cenv) == self._loaded.env_module
                    return fired - fired_before, errors
                if fired >= self.max_firings:
                    raise AgentFailure(f"{self._what(label)}: the agent fired {fired} rules without ending its turn "
                                       f"(limit {self.max_firings}): stopped (an endless rule chain?)")
                chunk_start = time.perf_counter()
        finally:
            self._flush_printout()

    def _run_traced(self, _cenv, limit: int) -> int:
        """Up to ``limit`` rule firings one at a time, each recorded by the tracer before it fires (and paused
        before, as ``advance`` asks)."""
        tracer, pause = self._tracer, self._pause
        fired = 0
        while fired < limit and tracer.next_firing():
            firing = tracer.firings[-1]
            if pause is not None and not self._resume and self._pauses_before(firing):
                tracer.firings.pop()  # it has not fired: it fires first when the turn resumes
                break
            self._resume = False
            fired_one, halted = tracer.fire()
            if not fired_one:  # an error left CLIPS halted: it did not fire
                tracer.firings.pop()
                break
            fired += 1
            if self._budget is not None:
                self._budget -= 1
            self._watch_exec(firing)
            if halted:  # the rule called (halt): a whole run stops here too
                break
        return fired

    def trace(self) -> StepTrace | None:
        """The trace of the last step (rules fired in the agent's turn, facts changed since the step before,
        the agenda and focus stack now), once; None when not tracing."""
        if self._tracer is None or self.env is None:
            return None
        return self._tracer.finish(self._turn)

    def _what(self, label: str) -> str:
        return f"step {self._step}" if label == "step" else f"step {self._step} ({label})"

    def _flush_printout(self) -> None:
        if self.router is None or not self.router.output:
            return
        text = self.router.take_output()
        if text:
            self._lines += text.rstrip("\n").split("\n")

    def load_errors(self) -> list[str]:
        """What loading the agent's files reported (file:line: text), known once started."""
        return list(self.load_messages)

    def output(self) -> list[str]:
        """What the agent printed (``printout t``) and the CLIPS messages, since the last call."""
        if not self._lines and (self.router is None or not self.router.output):
            return []
        self._flush_printout()
        lines, self._lines = self._lines, []
        return lines

    def parameters(self) -> dict[str, str]:
        """The slots of the agent's ``agent-params`` fact (its defaults before one exists), then the bridge's caps."""
        values = agent_param_values(self.env) if self.env is not None and self._healthy else {}
        for key in BRIDGE_PARAMS:
            value = getattr(self, key)
            values[key] = f"{value:g}" if isinstance(value, float) else str(value)
        return values

    def working_memory(self) -> list[FactRow]:
        """Every fact in the environment, MAIN's and ENV's too, with its module and index, in CLIPS's order."""
        return [] if self.env is None else fact_rows(self.env)

    def facts(self) -> list[tuple[str, str]]:
        """The facts of the agent's own modules (not MAIN's or ENV's) as (template, text) pairs."""
        return [(row.template, row.text) for row in self.working_memory() if row.module not in PROTOCOL_MODULES]

    def exec_facts(self) -> list[ExecFact] | None:
        """Every ``MAIN::exec`` fact now, with its index and slots (None before the agent is started)."""
        if self.env is None:
            return None
        try:
            template = self.env.find_template("MAIN::exec")
        except LookupError:
            return None
        return [ExecFact(fact.index, fact["step"], str(fact["action"]), fact["x"], fact["y"]) for fact in template.facts()]

    def protocol_facts(self) -> list[tuple[str, str]]:
        """The facts of MAIN and ENV (status, moves, statistics, exec, k-cells...) as (template, text)."""
        return [(row.template, row.text) for row in self.working_memory() if row.module in PROTOCOL_MODULES]

    def request_cancel(self) -> None:
        """Stop a running ``next_action`` soon (thread-safe); it raises AgentFailure."""
        self._cancel.set()
