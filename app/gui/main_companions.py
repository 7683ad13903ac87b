"""The windows the main window opens: the Compare window, the map editor, the class arena's dialog (one each)
and replay windows (any number), closed with it.
"""

from __future__ import annotations

from PyQt5.QtCore import QSettings, Qt
from PyQt5.QtWidgets import QAction, QMainWindow, QToolButton

from app.core import GameMap
from app.gui.i18n import translate
from app.gui.interaction import Interaction
from app.gui.main_files import FileCommands
from app.gui.main_messages import Messages
from app.gui.main_recent import RecentFiles
from app.gui.main_setup import HUMAN_KEY, GameSetup
from app.gui.theme import menu_action, set_keys


class CompanionWindows:
    """Opens, tracks and closes the main window's companion windows (Compare…: ``compare_action``; Open Replay…
    and Map Editor…: ``open_replay_action``, ``editor_action``; Submit to the Class Arena… and Class Arena
    Standings…: ``arena_action``, ``standings_action``)."""

    def __init__(self, window: QMainWindow, setup: GameSetup, settings: QSettings, interaction: Interaction,
                 messages: Messages, recent: RecentFiles, files: FileCommands):
        self.window, self.setup, self.settings, self.interaction = window, setup, settings, interaction
        self.messages, self.recent, self.files = messages, recent, files
        self.compare_window = None  # the Compare window, once opened
        self._editor = None  # the map editor, once opened
        self.arena_dialog = None  # the class arena's dialog, once opened
        self._replays: list = []  # the replay windows open
        self.compare_action = QAction(translate("MainWindow", "Compare…"), window)
        set_keys(self.compare_action, "Ctrl+K", translate("MainWindow", "Compare agents side by side, or in batch "
                                                                         "over maps"))
        self.compare_action.triggered.connect(lambda _checked=False: self.open_compare())
        window.addAction(self.compare_action)

    def compare_button(self) -> QToolButton:
        """The toolbar's Compare button."""
        button = QToolButton()
        button.setDefaultAction(self.compare_action)
        return button

    def make_menu_actions(self) -> None:
        """Open Replay… and Map Editor… (the window puts them in its File menu)."""
        self.open_replay_action = menu_action(
            self.window, translate("MainWindow", "Open Replay…"), "Ctrl+Shift+O",
            translate("MainWindow", "Open a game log and step through it"), self.choose_replay)
        self.editor_action = menu_action(
            self.window, translate("MainWindow", "Map Editor…"), "Ctrl+E",
            translate("MainWindow", "Draw a map, make it a puzzle, save it as .map, .clp or Bimaru"), self.open_editor)
        self.arena_action = menu_action(
            self.window, translate("MainWindow", "Submit to the Class Arena…"), (),
            translate("MainWindow", "Send this agent to your class's arena, then follow its games, rank and verdict"),
            self.open_arena)
        self.standings_action = menu_action(
            self.window, translate("MainWindow", "Class Arena Standings…"), (),
            translate("MainWindow", "The class arena's leaderboard"), lambda: self.open_arena(standings=True))

    def open_compare(self) -> None:
        """Show the Compare window (app/gui/compare/), with this window's map and rules."""
        from app.gui.compare.window import CompareWindow  # lazy: start-up time (the main window opens without it)

        if self.compare_window is None:
            self.compare_window = CompareWindow(self.interaction, settings=self.settings)
        files = self.recent.items("recent/agents")
        key = self.setup.agent_key
        self.compare_window.preload(self.setup.map_path, self.setup.rules, files, key if key in files else "")
        self.compare_window.show()
        self.compare_window.raise_()

    def open_editor(self):
        """Show the map editor (one per main window), opened on the current map if there is one."""
        from app.gui.editor.window import MapEditor  # lazy: start-up time (the main window opens without it)

        if self._editor is None:
            self._editor = MapEditor(settings=self.settings, interaction=self.interaction)
            self._editor.restore_state()
            self._editor.play_requested.connect(self._play_from_editor)
            if self.setup.game_map is not None:
                self._editor.open_game_map(self.setup.game_map, self.setup.map_path)
        self._editor.show()
        self._editor.raise_()
        self._editor.activateWindow()
        return self._editor

    def open_arena(self, standings: bool = False):
        """Show the class arena's dialog (one per main window), the agent in play preselected the first time; on
        its Standings tab, refreshed, when ``standings``."""
        from app.gui.arena_dialog import ArenaDialog  # lazy: start-up time (the main window opens without it)

        if self.arena_dialog is None:
            key = self.setup.agent_key
            self.arena_dialog = ArenaDialog(self.settings, self.interaction, "" if key == HUMAN_KEY else key or "")
        self.arena_dialog.show()
        self.arena_dialog.raise_()
        self.arena_dialog.activateWindow()
        if standings:
            self.arena_dialog.tabs.setCurrentIndex(1)
            self.arena_dialog.refresh_standings()
        return self.arena_dialog

    def _play_from_editor(self, game_map: GameMap) -> None:
        editor = self._editor
        self.files.use_map(game_map, editor.path if editor is not None else None)
        self.window.raise_()
        self.window.activateWindow()

    def choose_replay(self) -> None:
        """Ask for a game log and show it in a replay window."""
        path = self.interaction.choose_replay(self.files.start_dir())
        if path:
            self.open_replay(path)

    def open_replay(self, path: str):
        """Show the game log at ``path`` in a new replay window (None and a message if it cannot be read)."""
        from app.gui.replay_view import ReplayWindow  # lazy: start-up time (the main window opens without it)

        viewer = ReplayWindow(settings=self.settings, interaction=self.interaction)
        if not viewer.open_replay(path):
            self.messages.show_error(viewer.banner_text())
            viewer.deleteLater()
            return None
        viewer.restore_state()
        viewer.setAttribute(Qt.WA_DeleteOnClose)
        viewer.destroyed.connect(lambda _obj=None, v=viewer: self._replays.remove(v) if v in self._replays else None)
        self._replays.append(viewer)
        viewer.show()
        return viewer

    def close_all(self) -> None:
        """Close the editor, the replay windows and the Compare window (the main window is closing)."""
        for window in [self._editor, self.arena_dialog, *self._replays]:
            if window is not None:
                window.close()
        if self.compare_window is not None:
            self.compare_window.close()
