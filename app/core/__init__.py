"""The game engine: map model, formats, rules profiles, game sessions and logs.

Pure Python + numpy: nothing here imports Qt or clipspy.
"""

from app.core.actions import Action, ActionKind
from app.core.errors import ActionError, AgentError, BattleshipError, LogError, MapError
from app.core.game import Game, GameResult, Observation, Outcome, StepEvent
from app.core.gamemap import GameMap, MapProblem, Ship
from app.core.grid import SIZE, STANDARD_FLEET, Cell, Piece, all_cells
from app.core.rules import DEFAULT_PROFILE, PROFILES, RulesProfile, Statistics, get_profile

__all__ = [
    "Action", "ActionKind", "ActionError", "AgentError", "BattleshipError", "LogError", "MapError",
    "Game", "GameResult", "Observation", "Outcome", "StepEvent", "GameMap", "MapProblem", "Ship",
    "SIZE", "STANDARD_FLEET", "Cell", "Piece", "all_cells", "DEFAULT_PROFILE", "PROFILES",
    "RulesProfile", "Statistics", "get_profile",
]
