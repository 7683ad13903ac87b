"""The main window's agent choice: the Agent drop-down (shipped agents, Human, recent agent files, "Open agent
file…"), picking an agent by name or path, and checking that the picked agent loads (the red load banner).
"""

from __future__ import annotations

from pathlib import Path

from PyQt5.QtCore import Qt

from app.backends import registry
from app.backends.agent_check import load_errors
from app.backends.human import HUMAN_SPEC
from app.backends.kinds import HUMAN
from app.backends.registry import AgentSpec
from app.core import BattleshipError
from app.core.game import load_note
from app.gui.i18n import translate
from app.gui.main_messages import PROBLEM_COLOUR

HUMAN_KEY = "__human__"
OPEN_KEY = "__open__"


class AgentChoice:
    """Which agent plays, as the Agent drop-down shows it (a mixin of ``MainWindow``; the chosen key is
    ``_agent_key``: a shipped agent's name, ``HUMAN_KEY``, or agent file paths joined by commas)."""

    def _fill_agents(self) -> None:
        try:
            self.agents = registry.discover()
        except BattleshipError as error:
            self.agents = {}
            self.show_error(translate("MainWindow", "Could not list the agents: {0}").format(error))
        box = self.agent_box
        box.clear()
        for name, spec in self.agents.items():
            box.addItem(f"{name}  ·  {spec.kind.label}", name)
            box.setItemData(box.count() - 1, spec.description or name, Qt.ToolTipRole)
        box.addItem(translate("MainWindow", "Human  ·  you play"), HUMAN_KEY)
        box.setItemData(box.count() - 1, HUMAN_SPEC.description, Qt.ToolTipRole)
        recent = self._recent("recent/agents")
        if recent:
            box.insertSeparator(box.count())
            for text in recent:
                box.addItem(self._file_agent_label(text), text)
                box.setItemData(box.count() - 1, text.replace(",", "\n"), Qt.ToolTipRole)
        box.insertSeparator(box.count())
        box.addItem(translate("MainWindow", "Open agent file…"), OPEN_KEY)
        last = str(self.settings.value("last/agent", "cross"))
        index = box.findData(last)
        if index < 0:
            index = box.findData("cross")
        box.setCurrentIndex(max(0, index))
        self._agent_key = box.currentData()

    def _file_agent_label(self, key: str) -> str:
        """An agent file's entry: the agent's name (a+b for several .clp files) and its folder."""
        folder = Path(key.split(",")[0]).parent.name
        try:
            name = registry.resolve(key).name
        except BattleshipError:
            return translate("MainWindow", "{0}  ·  missing").format(Path(key.split(",")[-1]).name)
        return f"{name}  ·  {folder}/"

    def _spec_for(self, key: str) -> AgentSpec:
        if key == HUMAN_KEY:
            return HUMAN_SPEC
        if key in self.agents:
            return self.agents[key]
        return registry.resolve(key)

    def _on_agent_chosen(self, index: int) -> None:
        key = self.agent_box.itemData(index)
        if key != self._agent_key and not self._may_end_game():
            self._select_key(self._agent_key)
            return
        if key == OPEN_KEY:
            recent = self._recent("recent/agents")
            start = str(Path(recent[0].split(",")[0]).parent) if recent else str(registry.AGENTS_DIR)
            paths = self.interaction.choose_agent_files(start)
            if not paths:
                self._select_key(self._agent_key)
                return
            self.select_agent(",".join(paths))
            return
        self.select_agent(key)

    def _may_end_game(self) -> bool:
        """True when no game is under way, or the user agrees to end it."""
        s = self.session
        if not s.started or s.over:
            return True
        yes, _ = self.interaction.confirm(translate("MainWindow", "End this game?"),
                                          translate("MainWindow", "A game is under way: another agent starts a new "
                                                                  "one. End it?"))
        return yes

    def _select_key(self, key: str | None) -> None:
        index = self.agent_box.findData(key)
        if index >= 0:
            self.agent_box.setCurrentIndex(index)

    def select_agent(self, text: str) -> bool:
        """Pick an agent by name, "Human", or file path(s); False (and a message) if it cannot be found."""
        key = HUMAN_KEY if text.strip().lower() == "human" else text.strip()
        try:
            spec = self._spec_for(key)
        except BattleshipError as error:
            self.show_error(translate("MainWindow", "Cannot use agent '{0}': {1}").format(text, error))
            self._select_key(self._agent_key)
            return False
        if key not in self.agents and key != HUMAN_KEY:
            key = ",".join(str(p) for p in spec.paths)
            self._remember("recent/agents", key)
            self._fill_agents()
        self._agent_key = key
        self._select_key(key)
        self.settings.setValue("last/agent", key)
        self.hide_error()  # the previous agent's trouble is not this one's
        self._restart_game(spec)
        return True

    def current_spec(self) -> AgentSpec | None:
        """The chosen agent."""
        try:
            return self._spec_for(self._agent_key) if self._agent_key else None
        except BattleshipError:
            return None

    def _check_agent_load(self) -> None:
        """Load the agent in play as soon as it is picked (or its files change) and show its load errors
        in the red banner, which stays until the agent changes."""
        spec, profile = self.session.spec, self.session.profile
        if spec is None or spec.kind is HUMAN or profile is None:
            self._load_checked = None
            self.load_banner.clear()
            return
        stamps = []
        for path in spec.paths:
            try:
                info = path.stat()
                stamps.append((str(path), info.st_mtime_ns, info.st_size))
            except OSError:
                stamps.append((str(path), None, None))
        key = (spec.name, tuple(stamps))
        if key == self._load_checked:
            return
        self._load_checked = key
        try:
            errors = load_errors(spec, profile)
        except BattleshipError as error:
            self.load_banner.set_failure(spec.name, str(error), spec.paths)
            self.log(f"{spec.name} cannot be loaded: {error}", PROBLEM_COLOUR)
            return
        self.load_banner.set_errors(spec.name, errors, spec.paths)
        if errors:
            self.log(f"{spec.name}: {load_note(errors)}:", PROBLEM_COLOUR)
            for error in errors:
                self.log(f"  {error}", PROBLEM_COLOUR)

    def load_banner_text(self) -> str:
        """What the load-error banner says ("" when hidden)."""
        return self.load_banner.text()

