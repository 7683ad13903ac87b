"""An agent's trace as plain data, for any kind of agent that can trace: the rule firings of each step, the facts
they matched and changed, the agenda and focus stack (``steptrace``), a turn paused mid-way (``pause``: Step rule,
breakpoints), and why a fact is there, followed back from firing to firing (``provenance``), with their text
(``run --trace``) and their wire and log forms.

A kind's driver builds ``StepTrace``s (the CLIPS bridge's ``app.backends.clips.trace`` does, from a running
environment) and gives one per step from ``Driver.trace``; everything that shows a trace (the CLI, the window's
Rules tab and why tree, the agent host's pipe, the game log) reads only these types, so it knows no kind.
Below the kinds and their drivers in ``app.backends``'s layers: it imports only ``app.backends.base``.
"""

from app.backends.tracing.pause import PauseReason, TurnPause
from app.backends.tracing.provenance import FiringRef, Origin, Provenance, WhyLine, render
from app.backends.tracing.steptrace import (
    Activation,
    Aspect,
    BasisFact,
    Change,
    FactChange,
    Firing,
    StepTrace,
    parse_aspects,
)

__all__ = [
    "Activation", "Aspect", "BasisFact", "Change", "FactChange", "Firing", "FiringRef", "Origin", "PauseReason",
    "Provenance", "StepTrace", "TurnPause", "WhyLine", "parse_aspects", "render",
]
