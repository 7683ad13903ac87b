"""Stepping back in a game being played: the game played again from its start, with a fresh driver, to an
earlier position.

A ``Position`` is a point of a game where it can wait: before step ``step``'s turn (``fired`` 0), or inside a CLIPS
agent's turn for that step, after ``fired`` rule firings (the pause Step rule makes). Nothing is undone in place:
CLIPS has no undo, and a fact's index, time tag and the agenda's order are CLIPS's own. ``replay`` plays a fresh
match (same map, rules, seed, parameters; the engine carries out every action again, so the score is the
engine's) to the position, through the same calls the game was played by forward: ``Match.step`` for whole
steps (untraced: their traces are the ones recorded forward), then ``Match.advance`` for the firings of the turn,
traced, without breakpoints. A deterministic agent reaches
the same facts, agenda and trace it had there; one that is not is caught at the first step whose event differs
from the game played (``Replayed.diverged``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.backends.base import PauseRequest
from app.backends.runner import Match
from app.core import StepEvent


@dataclass(frozen=True, slots=True, order=True)
class Position:
    """Before step ``step``'s action, after ``fired`` rule firings of the agent's turn for it (0: not begun)."""

    step: int
    fired: int = 0

    @classmethod
    def after(cls, events: Sequence[StepEvent]) -> Position:
        """The start of the step after these (the engine's own solve at the step limit is no step of the agent's)."""
        return cls(sum(not event.by_engine for event in events))

    def describe(self) -> str:
        """Where, in words (the log's and the status bar's)."""
        if self.fired:
            return f"step {self.step}, after {self.fired} rule firing{'s' * (self.fired != 1)} of its turn"
        return f"the start of step {self.step}"


def back_one_step(now: Position) -> Position | None:
    """The start of the step under way (inside a turn), else of the step before; None at the game's start."""
    if now.fired:
        return Position(now.step)
    return Position(now.step - 1) if now.step > 0 else None


def back_one_firing(now: Position, firings_before: int | None) -> Position | None:
    """One rule firing back from ``now``; ``firings_before``: the rule firings of step ``now.step - 1``'s whole
    turn (its trace's; None: not traced, the start of that step then). None at the game's start."""
    if now.fired:
        return Position(now.step, now.fired - 1)
    if now.step == 0:
        return None
    return Position(now.step - 1, max(0, (firings_before or 1) - 1))


def before_firing(step: int, number: int) -> Position:
    """Just before the ``number``-th rule firing (from 1) of step ``step``'s turn fires."""
    return Position(step, max(0, number - 1))


@dataclass(frozen=True, slots=True)
class Replayed:
    """What ``replay`` reached: the turn's pause (a CLIPS driver's ``TurnPause``; None at a step's start or
    once the game is over), and the first step whose event differs from the game played (None: none did)."""

    pause: object | None
    diverged: int | None = None

    def describe_divergence(self, played: Sequence[StepEvent], replayed: Sequence[StepEvent]) -> str:
        """One line on where the replay left the game played ("" when it did not)."""
        if self.diverged is None:
            return ""
        step = self.diverged
        before = played[step].text if step < len(played) else "nothing"
        now = replayed[step].text if step < len(replayed) else "nothing"
        return (f"the agent did not play the same game again (step {step}: {now}, not {before}): it is not "
                f"deterministic; what is shown is the game played again")


def replay(match: Match, target: Position, played: Sequence[StepEvent] = (), tracing: bool = False) -> Replayed:
    """Play the fresh ``match`` (not started; its driver not tracing) from the game's start to ``target``, checking
    each step against ``played`` (the events of the game played before); stops early if the game ends first.

    The steps before ``target.step`` were traced on the way forward: they are played untraced, at full speed
    (tracing costs about 2.5 times the time); with ``tracing`` the driver traces from ``target.step``'s turn on, so
    a turn can be entered (a CLIPS driver's ``TurnPause``, with the trace of that turn so far)."""
    match.start()
    game = match.game
    while not game.over and len(game.events) < target.step:
        match.step()
    if tracing:
        match.driver.tracing = True
    pause = None
    if target.fired and not game.over and len(game.events) == target.step:
        pause = match.advance(PauseRequest(target.fired))
    events = game.events
    diverged = next((i for i, (a, b) in enumerate(zip(played, events, strict=False)) if a != b), None)
    if diverged is None and len(events) < min(len(played), target.step):
        diverged = len(events)  # the replay ended sooner
    return Replayed(pause, diverged)


class Standby:
    """A second game of the same agent kept at the start of the step before the one under way, so that one step
    back (to any position from there: a step's start, a firing of that turn or of the next) plays at most a step
    and a turn instead of the whole game again.

    ``follow`` brings it there between steps (played on from where it is: a step each time the game moves a
    step); ``take`` hands it over, played on to the position asked for. It is untraced until taken (like a
    replay). ``make_match`` builds a fresh match (not started, its driver not tracing). A game that does not play
    again the same (``Replayed.diverged``) gives it up for good.
    """

    def __init__(self, make_match: Callable[[], Match | None]):
        self.make_match = make_match
        self.match: Match | None = None
        self.given_up = False

    def _done(self) -> int:
        return Position.after(self.match.game.events).step

    def follow(self, played: Sequence[StepEvent]) -> None:
        """Bring the standby to the start of the step before the one under way (``played``: the game's events)."""
        want = max(0, Position.after(played).step - 1)
        if self.given_up:
            return
        if self.match is not None and (self.match.game.over or self._done() > want
                                       or self.match.game.events != list(played[:len(self.match.game.events)])):
            self.close()  # past it (the game went back), or it is another game now
        try:
            if self.match is None:
                self.match = self.make_match()
            diverged = self.match is None or replay(self.match, Position(want), played).diverged is not None
        except Exception:  # a standby that cannot be made or played: a step back plays the whole game again
            diverged = True
        if diverged:
            self.close()
            self.given_up = True

    def take(self, target: Position, played: Sequence[StepEvent], tracing: bool) -> tuple[Match, Replayed] | None:
        """The standby played on to ``target`` (see ``replay``) and handed over; None when it cannot get there
        (there is none, or it is past ``target``'s step)."""
        match = self.match
        if match is None or match.game.over or self._done() > target.step:
            return None
        self.match = None
        return match, replay(match, target, played, tracing)

    def close(self) -> None:
        """Release the standby's driver (an error closing it is of no consequence to the game)."""
        match, self.match = self.match, None
        if match is not None:
            with contextlib.suppress(Exception):
                match.close()
