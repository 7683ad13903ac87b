"""The game engine: map model, formats, rules profiles, game sessions and logs.

Pure Python + numpy: nothing here imports Qt or clipspy.

The names below are exported lazily (PEP 562): ``from app.core import Game``
imports ``app.core.game`` on first use, so a light command (``solve``) that
needs only ``app.core.errors`` or ``app.core.grid`` does not pay for the rest.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

_EXPORTS = {
    "app.core.actions": ("Action", "ActionKind"),
    "app.core.errors": ("ActionError", "AgentError", "BattleshipError", "LogError", "MapError"),
    "app.core.game": ("Game",),
    "app.core.events": ("GameResult", "Observation", "Outcome", "StepEvent"),
    "app.core.gamemap": ("GameMap", "MapProblem", "Ship"),
    "app.core.grid": ("SIZE", "STANDARD_FLEET", "Cell", "Piece", "all_cells"),
    "app.core.rules": ("DEFAULT_PROFILE", "PROFILES", "RulesProfile", "Statistics", "get_profile"),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = [
    "Action", "ActionKind", "ActionError", "AgentError", "BattleshipError", "LogError", "MapError",
    "Game", "GameResult", "Observation", "Outcome", "StepEvent", "GameMap", "MapProblem", "Ship",
    "SIZE", "STANDARD_FLEET", "Cell", "Piece", "all_cells", "DEFAULT_PROFILE", "PROFILES",
    "RulesProfile", "Statistics", "get_profile",
]


def __getattr__(name: str):
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # what type checkers and IDEs see: the same names, eagerly
    from app.core.actions import Action, ActionKind
    from app.core.errors import ActionError, AgentError, BattleshipError, LogError, MapError
    from app.core.events import GameResult, Observation, Outcome, StepEvent
    from app.core.game import Game
    from app.core.gamemap import GameMap, MapProblem, Ship
    from app.core.grid import SIZE, STANDARD_FLEET, Cell, Piece, all_cells
    from app.core.rules import DEFAULT_PROFILE, PROFILES, RulesProfile, Statistics, get_profile
