"""The main window's agent choice: the Agent drop-down (listed agents, Human, recent agent files, "Open agent
file…"), picking an agent by name or path, and checking that the picked agent loads (the red load banner).
"""

from __future__ import annotations

from pathlib import Path

from PyQt5.QtCore import Qt
from PyQt5.QtWidgets import QComboBox

from app.analysis.mistakes import load_errors
from app.backends import registry
from app.backends.human import HUMAN_SPEC
from app.core import BattleshipError
from app.core.events import load_note
from app.core.paths import user_documents
from app.gui.agent_kind import is_human, listed_name
from app.gui.i18n import translate
from app.gui.interaction import Interaction
from app.gui.load_banner import LoadErrorBanner
from app.gui.main_messages import PROBLEM_COLOUR, Messages
from app.gui.main_recent import RecentFiles
from app.gui.main_setup import HUMAN_KEY, GameSetup
from app.gui.session import GameSession

OPEN_KEY = "__open__"


class AgentChoice:
    """Which agent plays (``setup.agent_key``), as the Agent drop-down (``agent_box``) shows it, and whether it
    loads cleanly (``load_banner``, checked whenever a game starts afresh)."""

    def __init__(self, setup: GameSetup, session: GameSession, interaction: Interaction, messages: Messages,
                 recent: RecentFiles):
        self.setup, self.session, self.interaction, self.messages, self.recent = (setup, session, interaction,
                                                                                  messages, recent)
        self.agent_box = QComboBox()
        self.agent_box.setToolTip(translate("MainWindow", "Who plays: a shipped Python or CLIPS agent, you (Human), "
                                                          "or an agent file"))
        # as wide as a shipped agent's entry, whatever the list holds (a long recent file's name once widened the
        # toolbar past a laptop's width); the open list is as wide as its longest entry
        self.agent_box.setMinimumContentsLength(11)
        self.agent_box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.agent_box.view().setTextElideMode(Qt.ElideNone)
        self.agent_box.activated.connect(self._on_agent_chosen)
        self.load_banner = LoadErrorBanner()
        self._load_checked: tuple | None = None  # the agent files (and their times) the load banner is about
        session.reset_done.connect(lambda _state: self._check_agent_load())

    def fill(self) -> None:
        """List the agents (shipped, Human, recent files, "Open agent file…") and pick the last one used."""
        try:
            self.setup.agents = registry.discover()
        except BattleshipError as error:
            self.setup.agents = {}
            self.messages.show_error(translate("MainWindow", "Could not list the agents: {0}").format(error))
        box = self.agent_box
        box.clear()
        for name, spec in self.setup.agents.items():
            box.addItem(listed_name(name, spec), name)
            box.setItemData(box.count() - 1, spec.description or name, Qt.ToolTipRole)
        box.addItem(translate("MainWindow", "Human  ·  you play"), HUMAN_KEY)
        box.setItemData(box.count() - 1, HUMAN_SPEC.description, Qt.ToolTipRole)
        recent = self.recent.items("recent/agents")
        if recent:
            box.insertSeparator(box.count())
            for text in recent:
                box.addItem(self._file_agent_label(text), text)
                box.setItemData(box.count() - 1, text.replace(",", "\n"), Qt.ToolTipRole)
        box.insertSeparator(box.count())
        box.addItem(translate("MainWindow", "Open agent file…"), OPEN_KEY)
        box.view().setMinimumWidth(box.view().sizeHintForColumn(0) + 2 * box.view().frameWidth() + 8)
        last = str(self.setup.settings.value("last/agent", "cross"))
        index = box.findData(last)
        if index < 0:
            index = box.findData("cross")
        box.setCurrentIndex(max(0, index))
        self.setup.agent_key = box.currentData()

    def _file_agent_label(self, key: str) -> str:
        """An agent file's entry: the agent's name (a+b for several .clp files) and its folder."""
        folder = Path(key.split(",")[0]).parent.name
        try:
            name = registry.resolve(key).name
        except BattleshipError:
            return translate("MainWindow", "{0}  ·  missing").format(Path(key.split(",")[-1]).name)
        return f"{name}  ·  {folder}/"

    def _on_agent_chosen(self, index: int) -> None:
        key = self.agent_box.itemData(index)
        if key != self.setup.agent_key and not self._may_end_game():
            self._select_key(self.setup.agent_key)
            return
        if key == OPEN_KEY:
            recent = self.recent.items("recent/agents")
            start = str(Path(recent[0].split(",")[0]).parent) if recent else str(user_documents())  # never the app's own
            paths = self.interaction.choose_agent_files(start)
            if not paths:
                self._select_key(self.setup.agent_key)
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
            spec = self.setup.spec_for(key)
        except BattleshipError as error:
            self.messages.show_error(translate("MainWindow", "Cannot use agent '{0}': {1}").format(text, error))
            self._select_key(self.setup.agent_key)
            return False
        if key not in self.setup.agents and key != HUMAN_KEY:
            # a folder agent by its folder (its load-order file is read again at each reload), else its files
            key = str(spec.folder) if spec.folder is not None else ",".join(str(p) for p in spec.paths)
            self.recent.remember("recent/agents", key)
            self.fill()
        self._select_key(key)
        self.messages.hide_error()  # the previous agent's trouble is not this one's
        self.setup.use_agent(key, spec)
        return True

    def _check_agent_load(self) -> None:
        """Load the agent in play as soon as it is picked (or its files change) and show its load errors
        in the red banner, which stays until the agent changes."""
        spec, profile = self.session.spec, self.session.profile
        if spec is None or is_human(spec) or profile is None:
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
            self.messages.log(f"{spec.name} cannot be loaded: {error}", PROBLEM_COLOUR)
            return
        self.load_banner.set_errors(spec.name, errors, spec.paths)
        if errors:
            self.messages.log(f"{spec.name}: {load_note(errors)}:", PROBLEM_COLOUR)
            for error in errors:
                self.messages.log(f"  {error}", PROBLEM_COLOUR)
