"""Step back in the game being played: back one step, back one rule firing of a CLIPS agent's turn, back to just
before a firing picked in the Rules tab.

``StepBack`` works out the position (``app.analysis.rewind.Position``) from what the session has recorded — the
steps played, the turn paused mid-way, each step's trace — and asks the session to ``rewind`` there: the game is
played again from its start with a fresh driver (same map, rules, seed and parameters), so the board, the score,
the Facts and Rules tabs, breakpoints and "Why not?" are those of that position, and playing on from it gives the
game a straight run would (for an agent that plays the same game again: one that does not is said in the log).
"""

from __future__ import annotations

from app.analysis.rewind import Position, back_one_firing, back_one_step, before_firing
from app.backends.kinds import Capability
from app.gui.agent_kind import can_show
from app.gui.session import GameSession


class StepBack:
    """The step-back commands of a ``GameSession``."""

    def __init__(self, session: GameSession):
        self.session = session

    def now(self) -> Position:
        """Where the game is: the step under way, and the firings of its turn so far when it waits mid-way."""
        session = self.session
        done = Position.after(session.events)
        pause = session.paused_turn
        return Position(done.step, pause.fired) if pause is not None and not session.over else done

    def can_back(self) -> bool:
        """Whether there is a position to go back to, and nothing is under way (a step, a run)."""
        s = self.session
        return (s.started and s.ready and not s.busy and not s.running and not s.is_human and self.now() > Position(0))

    def can_back_rule(self) -> bool:
        """Whether going back one rule firing makes sense: a CLIPS agent's game (its turns are traced)."""
        return self.can_back() and can_show(self.session.spec, Capability.STEP_RULE)

    def back_step(self) -> None:
        """To the start of the step under way (inside a turn), else to the start of the step before."""
        if self.can_back():
            self._go(back_one_step(self.now()))

    def back_rule(self) -> None:
        """One rule firing back (from a step's start: just before the last firing of the step before)."""
        if not self.can_back_rule():
            return
        session, now = self.session, self.now()
        if session.over and session.events[-1].by_engine:  # that trace holds the step limit's firings too
            self._go(Position(now.step - 1))
            return
        before = session.traces.get(now.step - 1)
        self._go(back_one_firing(now, len(before.firings) if before is not None else None))

    def back_to(self, step: int, number: int) -> None:
        """To just before the ``number``-th rule firing (from 1) of step ``step``'s turn fires."""
        target = before_firing(step, number)
        if self.can_back() and target < self.now():
            self._go(target)

    def _go(self, target: Position | None) -> None:
        if target is not None:
            self.session.rewind(target)
