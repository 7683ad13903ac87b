"""Agent actions as small value objects with a text round trip."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from app.core.errors import ActionError
from app.core.grid import Cell


class ActionKind(str, enum.Enum):
    """The four actions of docs/rules.md."""

    FIRE = "fire"
    GUESS = "guess"
    UNGUESS = "unguess"
    SOLVE = "solve"


@dataclass(frozen=True, slots=True)
class Action:
    """One action: ``Action.parse("fire 3 4")``; ``str(action) == "fire 3 4"``."""

    kind: ActionKind
    x: int | None = None
    y: int | None = None

    @classmethod
    def fire(cls, x: int, y: int) -> Action:
        """Fire at cell (x, y)."""
        return cls(ActionKind.FIRE, x, y)

    @classmethod
    def guess(cls, x: int, y: int) -> Action:
        """Put a flag on cell (x, y)."""
        return cls(ActionKind.GUESS, x, y)

    @classmethod
    def unguess(cls, x: int, y: int) -> Action:
        """Remove the flag on cell (x, y)."""
        return cls(ActionKind.UNGUESS, x, y)

    @classmethod
    def solve(cls) -> Action:
        """End the game and score it."""
        return cls(ActionKind.SOLVE)

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from text like ``fire 3 4``, ``(guess 0 9)`` or ``solve``."""
        if not isinstance(text, str):
            raise ActionError(f"malformed action {text!r}: not text")
        words = text.strip().strip("()").replace(",", " ").split()
        if not words:
            raise ActionError("malformed action '': empty")
        try:
            kind = ActionKind(words[0].lower())
        except ValueError:
            raise ActionError(f"malformed action '{text}': unknown action '{words[0]}'") from None
        if kind is ActionKind.SOLVE:
            if len(words) != 1:
                raise ActionError(f"malformed action '{text}': solve takes no coordinates")
            return cls(kind)
        if len(words) != 3:
            raise ActionError(f"malformed action '{text}': {kind.value} needs x and y")
        try:
            x, y = int(words[1]), int(words[2])
        except ValueError:
            raise ActionError(f"malformed action '{text}': coordinates must be whole numbers") from None
        return cls(kind, x, y)

    @property
    def cell(self) -> Cell | None:
        """The target cell (None for solve)."""
        return None if self.x is None or self.y is None else Cell(self.x, self.y)

    def __str__(self) -> str:
        if self.kind is ActionKind.SOLVE:
            return "solve"
        return f"{self.kind._value_} {self.x} {self.y}"  # _value_: the plain attribute behind .value

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"
