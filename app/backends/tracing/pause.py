"""An agent's turn paused mid-way (Step rule, a breakpoint) as plain data: what a driver's ``advance`` answers (the
CLIPS bridge's ``app.backends.clips.stepping`` pauses its turns; any kind whose driver fires rules one by one can)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from app.backends.tracing.steptrace import StepTrace


class PauseReason(enum.StrEnum):
    """Why the turn paused."""

    STEP_RULE = "step-rule"  # the firings asked for were done
    BREAKPOINT = "breakpoint"  # the next rule to fire has a breakpoint


@dataclass(frozen=True, slots=True)
class TurnPause:
    """The agent's turn for ``step``, paused just before ``next_rule`` (``MODULE::rule``) fires, after ``fired``
    rule firings; ``trace`` is the turn so far (firings, facts changed, the agenda and focus stack now)."""

    step: int
    reason: str  # a PauseReason
    next_rule: str
    fired: int
    trace: StepTrace

    def describe(self) -> str:
        """One line for the log and the status bar."""
        why = "breakpoint" if self.reason == PauseReason.BREAKPOINT else "step rule"
        return (f"step {self.step} paused mid-turn after {self.fired} rule firing{'s' * (self.fired != 1)}, "
                f"before {self.next_rule} ({why})")

    def to_dict(self) -> dict:
        """Plain JSON-ready data."""
        return {"step": self.step, "reason": self.reason, "next_rule": self.next_rule, "fired": self.fired,
                "trace": self.trace.to_dict()}

    @classmethod
    def from_dict(cls, data: dict) -> TurnPause:
        """The inverse of ``to_dict`` (KeyError/TypeError/ValueError on malformed data)."""
        return cls(int(data["step"]), str(data["reason"]), str(data["next_rule"]), int(data["fired"]),
                   StepTrace.from_dict(data["trace"]))
