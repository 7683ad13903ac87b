"""The driver interface: what the match runner needs from any kind of agent."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from app.core import Action, AgentError, Cell, Observation, Piece, RulesProfile, StepEvent
from app.core.markers import Marker


class AgentFailure(Exception):
    """The agent crashed, timed out or broke its protocol; the game is solved as it stands."""


#: agent parameters the drivers themselves take (the step caps), with their types
RUNNER_PARAMS: dict[str, type] = {"max_firings": int, "time_limit": float}


def runner_param(params: Mapping[str, str], key: str) -> int | float | None:
    """The value of runner parameter ``key`` (None when not given); AgentError unless a positive number."""
    if key not in params:
        return None
    try:
        value = RUNNER_PARAMS[key](params[key])
    except ValueError:
        raise AgentError(f"agent parameter {key}={params[key]!r} is not a number") from None
    if value <= 0:
        raise AgentError(f"agent parameter {key} must be positive, not {params[key]}")
    return value


@dataclass(frozen=True, slots=True)
class StartContext:
    """Public facts about the game an agent is started on."""

    profile: RulesProfile
    map_name: str = ""
    fact_order: tuple[tuple[str, int | Cell], ...] | None = None
    params: Mapping[str, str] = field(default_factory=dict)


#: the CLIPS modules of the course's game protocol (status, moves, exec; k-cell, k-per-row...), not the agent's
PROTOCOL_MODULES = ("MAIN", "ENV")


@dataclass(frozen=True, slots=True)
class FactRow:
    """One fact of an agent's working memory: its module, its index (``f-12``), its template and its text."""

    module: str
    index: int
    template: str
    text: str


@dataclass(frozen=True, slots=True)
class PauseRequest:
    """When ``Driver.advance`` pauses the agent's turn: after ``firings`` more rule firings (None: no such
    limit; 1 is "Step rule"), or just before a rule of ``breakpoints`` (``MODULE::rule``) fires, as CLIPS's
    ``set-break`` does. Resuming after a pause fires the rule paused before first."""

    firings: int | None = None
    breakpoints: frozenset[str] = frozenset()

    def to_dict(self) -> dict:
        """Plain JSON-ready data."""
        return {"firings": self.firings, "breakpoints": sorted(self.breakpoints)}

    @classmethod
    def from_dict(cls, data: dict) -> PauseRequest:
        """The inverse of ``to_dict``."""
        firings = data.get("firings")
        return cls(None if firings is None else int(firings), frozenset(str(n) for n in data.get("breakpoints", ())))


@dataclass(frozen=True, slots=True)
class TurnSummary:
    """What the agent's last turn did, for the protocol checks (``app.backends.step_checks``).

    ``counts`` (rule firings per ``MODULE::rule``), ``exec_rule`` (the rule that asserted the step's exec)
    and ``after_exec`` (the agent's rules that fired after it, its focus not returned) are known only when
    the driver fires rules one at a time (a traced CLIPS agent); empty otherwise.
    """

    step: int
    firings: int
    counts: tuple[tuple[str, int], ...] = ()
    exec_rule: str = ""
    after_exec: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        """Plain JSON-ready data."""
        return {"step": self.step, "firings": self.firings, "counts": [list(item) for item in self.counts],
                "exec_rule": self.exec_rule, "after_exec": list(self.after_exec)}

    @classmethod
    def from_dict(cls, data: dict) -> TurnSummary:
        """The inverse of ``to_dict`` (KeyError/TypeError/ValueError on malformed data)."""
        return cls(int(data["step"]), int(data["firings"]),
                   tuple((str(name), int(count)) for name, count in data.get("counts", ())),
                   str(data.get("exec_rule", "")), tuple(str(name) for name in data.get("after_exec", ())))


@dataclass(frozen=True, slots=True)
class ExecFact:
    """An exec fact of a CLIPS agent (``MAIN::exec``): its fact index and its slots as CLIPS holds them (the
    protocol checks read them: several execs in a turn, one for another step)."""

    index: int
    step: object
    action: str
    x: object
    y: object

    def __str__(self) -> str:
        return self.action if self.action == "solve" else f"{self.action} {self.x} {self.y}"


class Driver:
    """Drives one agent through one game, one action per ``next_action`` call."""

    name = "agent"
    tracing = False  # set before start to ask for a trace of each step (drivers that cannot trace ignore it)
    #: set before start when something shows the agent's markers (``Match(markers=True)``: the window, a game log);
    #: a CLIPS driver then asserts MAIN's ``(board-markers-wanted)`` and the shipped agents draw (docs/markers.md)
    markers_wanted = False

    def start(self, observation: Observation, context: StartContext) -> None:
        """Prepare the agent for a new game."""

    def next_action(self, observation: Observation) -> Action | str | tuple[Action | str, ...] | None:
        """The agent's action for this step; None when the agent stopped acting.

        A tuple gives several actions for the step, newest first (a CLIPS agent
        that asserted several execs): the engine carries out the newest one the
        course's environment could (``Game.choose``).

        Raises AgentFailure when the agent crashed or exceeded its limits.
        """
        raise NotImplementedError

    def advance(self, observation: Observation, pause: PauseRequest) -> object | None:
        """Run the agent's turn for this step (beginning it, or resuming a paused one) until ``pause`` says
        stop: a CLIPS driver's ``TurnPause`` (the turn waits, mid-way), or None once the turn has ended (then
        ``next_action`` gives its action without running more). Drivers that cannot pause return None at once
        and ``next_action`` runs the whole turn."""
        return None

    def turn_summary(self) -> TurnSummary | None:
        """What the last turn did (after ``next_action``); None when the driver does not say."""
        return None

    def rule_names(self) -> tuple[str, ...]:
        """Every rule of the agent as ``MODULE::rule`` (CLIPS agents, once started); () otherwise."""
        return ()

    def why_not(self, rule: str) -> object | None:
        """How far ``rule`` (``MODULE::rule``) matches the facts now, pattern by pattern (a CLIPS driver's
        ``RuleMatches``, what CLIPS's ``(matches rule)`` reports); None when the driver has no rules."""
        return None

    def exec_facts(self) -> list[ExecFact] | None:
        """The agent's exec facts in its working memory now, oldest first (CLIPS agents, once started); None for
        agents that have none."""
        return None

    def declared_k_cells(self) -> list[tuple[Cell, Piece]]:
        """The k-cells the agent asserted itself since the last call (cell, content), oldest first (CLIPS only)."""
        return []

    def after(self, event: StepEvent, observation: Observation) -> None:
        """Tell the agent what its action did (the CLIPS bridge mirrors it into facts)."""

    def output(self) -> list[str]:
        """Lines the agent printed or logged since the last call."""
        return []

    def load_errors(self) -> list[str]:
        """What loading the agent's files reported (``file:line: text``), once started; [] when all loaded."""
        return []

    def belief(self) -> np.ndarray | None:
        """The agent's P(ship) per cell (10x10), if it exposes one."""
        return None

    def markers(self) -> tuple[Marker, ...]:
        """What the agent draws on the board after its last turn, capped (``markers.capped_markers``): a CLIPS
        agent's ``board-marker`` facts, a Python agent's ``markers()``; () when it draws nothing."""
        return ()

    def parameters(self) -> dict[str, str]:
        """The parameters the agent takes (``--agent-param`` keys), each with its value in force, as text."""
        return {}

    def trace(self) -> object | None:
        """What happened inside the agent for the last step (a CLIPS driver's ``StepTrace`` when tracing), once;
        None when the driver does not trace."""
        return None

    def facts(self) -> list[tuple[str, str]] | None:
        """The agent's working memory as (template, fact text) pairs; None if the agent has none (Python)."""
        return None

    def working_memory(self) -> list[FactRow] | None:
        """Every fact, the protocol's too, by module with its index; None if the agent has none (Python)."""
        return None

    def confinement(self) -> str:
        """Where the agent runs and what confines it, in a few words (the run header, the GUI's status bar)."""
        return "agent in the app's own process (no sandbox)"

    def written_files(self) -> dict[str, bytes]:
        """Files the agent wrote in its scratch folder so far, by name ({} in the app's process)."""
        return {}

    def written_sizes(self) -> dict[str, int]:
        """The real size of each file of ``written_files`` (what is kept of a file may be shorter)."""
        return {name: len(data) for name, data in self.written_files().items()}

    def refusals(self) -> list[str]:
        """What the agent tried that its confinement refuses, since the last call (one line each: "tried to open
        /path (outside what it may read)"); [] in the app's own process, where nothing is refused."""
        return []

    def request_cancel(self) -> None:
        """Ask a running ``next_action`` to give up soon (thread-safe); it then raises AgentFailure."""

    def close(self) -> None:
        """Release what the agent holds."""
