"""The main window's files: loading maps (and the recent maps menu), saving the game log, and files dropped
on the window (an agent file picks the agent, any other file is a map).
"""

from __future__ import annotations

from pathlib import Path

from PyQt5.QtGui import QKeySequence
from PyQt5.QtWidgets import QAction, QMainWindow, QMenu, QToolButton

from app.core import BattleshipError, GameMap
from app.core.gamelog import save
from app.core.paths import SHIPPED_MAPS, user_documents
from app.gui.agent_kind import agent_files as dropped_agent_files
from app.gui.i18n import translate
from app.gui.interaction import LOG_FILTER, Interaction
from app.gui.main_agents import AgentChoice
from app.gui.main_messages import NOTE_COLOUR, PROBLEM_COLOUR, Messages
from app.gui.main_recent import RecentFiles
from app.gui.main_setup import GameSetup
from app.gui.session import GameSession
from app.gui.theme import menu_action, native_keys
from app.solver.playable import load_game_map


class FileCommands:
    """Maps in (Load Map… with its recent maps: ``load_action``, ``recent_menu``), game logs out (Save Game Log…:
    ``save_log_action``, enabled once a step was played) and dropped files."""

    def __init__(self, window: QMainWindow, setup: GameSetup, session: GameSession, interaction: Interaction,
                 messages: Messages, recent: RecentFiles, agents: AgentChoice):
        self.window, self.setup, self.session, self.interaction = window, setup, session, interaction
        self.messages, self.recent, self.agents = messages, recent, agents
        self.load_action = QAction(translate("MainWindow", "Load Map…"), window)
        self.load_action.setShortcut(QKeySequence.Open)
        self.load_action.setToolTip(native_keys(translate(
            "MainWindow", "Load a map: native .map, course .clp or a Bimaru puzzle (Ctrl+O)")))
        self.load_action.triggered.connect(self.choose_map)
        self.recent_menu = QMenu(window)
        session.changed.connect(lambda: self.save_log_action.setEnabled(bool(session.events)))

    def load_button(self) -> QToolButton:
        """The toolbar's Load Map button, the recent maps in its menu."""
        button = QToolButton()
        button.setDefaultAction(self.load_action)
        button.setMenu(self.recent_menu)
        button.setPopupMode(QToolButton.MenuButtonPopup)
        return button

    def make_menu_actions(self) -> None:
        """Save Game Log… (the window puts it in its File menu)."""
        self.save_log_action = menu_action(
            self.window, translate("MainWindow", "Save Game Log…"), "Ctrl+Shift+S",
            translate("MainWindow", "Save this game's steps as a JSON Lines log (replay it later)"), self.save_log)

    def start_dir(self) -> str:
        """Where a file chooser starts: the folder of the last map, else the shipped maps."""
        recent = self.recent.items("recent/maps")
        return str(Path(recent[0]).parent) if recent else str(SHIPPED_MAPS)

    def choose_map(self) -> None:
        """Ask for a map file and load it."""
        path = self.interaction.choose_map(self.start_dir())
        if path:
            self.load_map(path)

    def load_map(self, path: str) -> bool:
        """Load a map file; on a bad file the message shows and the current map stays."""
        try:
            game_map = load_game_map(path)
        except BattleshipError as error:
            self.messages.show_error(translate("MainWindow", "Could not load the map: {0}").format(error))
            return False
        except OSError as error:
            self.messages.show_error(translate("MainWindow", "Could not load the map: {0}").format(
                f"{path}: {error.strerror or error}"))
            return False
        self.use_map(game_map, path)
        return True

    def use_map(self, game_map: GameMap, path: str | None = None) -> None:
        """Play ``game_map`` (from ``path``, remembered among the recent maps; None: not saved)."""
        if path:
            self.recent.remember("recent/maps", str(Path(path).resolve()))
            self.fill_recent_maps()
        self.messages.hide_error()
        self.setup.use_map(game_map, path)
        for warning in game_map.warnings:
            self.messages.log(translate("MainWindow", "warning: {0}: {1} (the course plays it as it is; so does the app)")
                     .format(game_map.name or translate("MainWindow", "the map"), warning), PROBLEM_COLOUR)

    def fill_recent_maps(self) -> None:
        """The recent maps under the Load Map button."""
        self.recent_menu.clear()
        recent = self.recent.items("recent/maps")
        if not recent:
            self.recent_menu.addAction(translate("MainWindow", "No recent maps")).setEnabled(False)
        for path in recent:
            act = self.recent_menu.addAction(Path(path).name)
            act.setToolTip(path)
            act.triggered.connect(lambda _checked=False, p=path: self.load_map(p))

    def save_log(self, path: str | None = None) -> bool:
        """Save the current game's steps as a JSON Lines log (asks where unless ``path``)."""
        game = self.session.game_so_far()
        if game is None:
            self.messages.show_error(translate("MainWindow", "No game to save yet: play at least one step."))
            return False
        if path is None:
            stem = Path(self.setup.map_path or "game").stem
            spec = self.session.spec
            name = f"{stem}-{spec.name if spec else 'game'}.jsonl"
            path = self.interaction.choose_save_file(str(user_documents() / name), LOG_FILTER)  # not the maps
            if not path:
                return False
            if not Path(path).suffix:
                path += ".jsonl"
        try:
            files = save(game, path, seed=self.session.seed)
        except BattleshipError as error:
            self.messages.show_error(translate("MainWindow", "Could not save the log: {0}").format(error))
            return False
        self.messages.log((translate("MainWindow", "game log saved to {0}") if game.over
                  else translate("MainWindow", "game log saved to {0} (the game is not over yet)"))
                 .format(path), NOTE_COLOUR)
        if files is not None:
            self.messages.log(translate("MainWindow", "the files the agent wrote saved in {0}").format(files), NOTE_COLOUR)
        return True

    def drop(self, paths: list[str]) -> None:
        """Files dropped on the window: a .py file (or .clp files that hold an AGENT module) picks the agent; any
        other file is a map."""
        agent_files = dropped_agent_files(paths)
        if agent_files:
            self.agents.select_agent(",".join(agent_files))
        else:
            self.load_map(paths[0])

