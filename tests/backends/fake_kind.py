"""A third agent kind, for the tests: an agent is a ``.moves`` file listing its actions, one a line.

``fire 3 4``, ``guess 0 0``, ``solve``; blank lines and ``#`` comments are skipped. The agent plays them in order
and solves when they run out. The whole kind is this module: its driver, its declaration and its registration
(the last line), as docs/agent-kinds.md says.
"""

from __future__ import annotations

from app.backends.base import Driver
from app.backends.kinds import AgentKind, AgentSpec, register
from app.core import Action, AgentError, Observation
from app.core.errors import ActionError


class MovesDriver(Driver):
    """Plays a ``.moves`` file's actions in order, then ``solve``."""

    def __init__(self, spec: AgentSpec):
        self.name = spec.name
        path = spec.paths[0]
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise AgentError(f"{path}: cannot read the moves ({exc})") from None
        self.moves: list[Action] = []
        for number, line in enumerate(lines, start=1):
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            try:
                self.moves.append(Action.parse(text))
            except ActionError as exc:
                raise AgentError(f"{path}:{number}: {exc}") from None

    def next_action(self, observation: Observation) -> Action | str:
        """The next listed move; ``solve`` once none is left."""
        return self.moves.pop(0) if self.moves else "solve"


def build(spec: AgentSpec, seed: int | None, step_seconds: float | None) -> Driver:
    """A ``MovesDriver`` for the spec's file (moves take no seed and no time)."""
    return MovesDriver(spec)


MOVES = register(AgentKind("moves", "Moves", __name__, endings=(".moves",), build=build))
