"""The main window's model of the next game: the map, the rules and their limits, the agent.

The window's parts change it through its commands (``use_map``, ``use_rules``, ``use_limits``, ``use_agent``);
each starts a fresh game in the ``GameSession``, whose signals the panels follow. Nothing here is a widget.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from PyQt5.QtCore import QObject, QSettings

from app.backends import registry
from app.backends.human import HUMAN_SPEC
from app.backends.kinds.course_files import CourseFiles, course_files_spec, course_map_file
from app.backends.registry import AgentSpec
from app.core import DEFAULT_PROFILE, PROFILES, BattleshipError, GameMap, RulesProfile
from app.core.oracle import oracle_score
from app.gui.session import GameSession

HUMAN_KEY = "__human__"  # the agent key of the person playing


class GameSetup(QObject):
    """What the next game is. ``agent_key`` names the chosen agent: a listed agent's name, ``HUMAN_KEY``, or agent
    file paths joined by commas; ``limits`` are the Game Limits… (None: the rules profile's)."""

    def __init__(self, session: GameSession, settings: QSettings, parent: QObject | None = None):
        super().__init__(parent)
        self.session = session
        self.settings = settings
        self.game_map: GameMap | None = None
        self.map_path: str | None = None
        self.rules = DEFAULT_PROFILE
        self.limits: tuple[int | None, int | None, int | None] = (None, None, None)
        self.course: CourseFiles | None = None  # the course's MAIN and ENV CLIPS agents play against (Game Limits…)
        self._course_maps: tempfile.TemporaryDirectory | None = None  # where a map is written as a course file
        self.agents: dict[str, AgentSpec] = {}  # the agents listed (registry.discover)
        self.agent_key: str | None = None
        self._oracle_map: GameMap | None = None  # the map the oracle scores of ``_oracles`` belong to
        self._oracles: dict[tuple, int] = {}

    # ----- reading -------------------------------------------------------------------------
    def profile(self) -> RulesProfile:
        """The rules chosen, with the limits set in Game Limits… (as ``--fires``, ``--guesses``, ``--max-steps``)."""
        return PROFILES[self.rules].with_limits(*self.limits)

    def spec_for(self, key: str) -> AgentSpec:
        """The agent ``key`` names (BattleshipError when its files cannot be read)."""
        if key == HUMAN_KEY:
            return HUMAN_SPEC
        if key in self.agents:
            return self.agents[key]
        return registry.resolve(key)

    def current_spec(self) -> AgentSpec | None:
        """The chosen agent (None: none, or its files are gone)."""
        try:
            return self.spec_for(self.agent_key) if self.agent_key else None
        except BattleshipError:
            return None

    def title(self) -> str:
        """The map's title: its name, else its file's."""
        game_map = self.game_map
        return (game_map.name if game_map is not None else "") or Path(self.map_path or "").stem

    def oracle_text(self) -> str:
        """The map's oracle score under the rules in play ("—" without a map), computed once per map and rules."""
        if self.game_map is None or self.session.profile is None:
            return "—"

        profile = self.session.profile
        if self._oracle_map is not self.game_map:  # not an id(): CPython reuses the ids of freed maps
            self._oracle_map, self._oracles = self.game_map, {}
        key = (profile.name, profile.fires, profile.guesses, profile.max_steps)
        if key not in self._oracles:
            self._oracles[key] = oracle_score(self.game_map, profile)
        return str(self._oracles[key])

    # ----- commands: each starts a fresh game --------------------------------------------
    def restart(self, spec: AgentSpec | None = None) -> None:
        """Start a fresh game of the map in play with these settings (and ``spec``, else the chosen agent)."""
        spec = spec or self.current_spec()
        self.settings.setValue("last/rules", self.rules)
        self.session.configure(self.game_map, self.profile(), self._with_course(spec))

    def _with_course(self, spec: AgentSpec | None) -> AgentSpec | None:
        """``spec``, or for a CLIPS agent with course files set, its spec against them on the map's course file."""
        if self.course is None or spec is None or spec.kind != "clips" or self.game_map is None:
            return spec
        if self._course_maps is None:
            self._course_maps = tempfile.TemporaryDirectory(prefix="battleship-course-map-")
        map_file = course_map_file(self.game_map, self.map_path, Path(self._course_maps.name))
        return course_files_spec(spec, self.course.main, self.course.env, map_file)

    def use_map(self, game_map: GameMap, path: str | None) -> None:
        """Play ``game_map`` (read from ``path``; None: not saved)."""
        self.map_path = str(Path(path).resolve()) if path else None
        self.game_map = game_map
        self.restart()

    def use_rules(self, name: str) -> None:
        """Play by the rules profile ``name``."""
        self.rules = name if name in PROFILES else DEFAULT_PROFILE
        self.restart()

    def use_agent(self, key: str, spec: AgentSpec) -> None:
        """Let ``spec`` (chosen as ``key``) play, remembered for the next start."""
        self.agent_key = key
        self.settings.setValue("last/agent", key)
        self.restart(spec)
