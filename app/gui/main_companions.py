"""The windows the main window opens: the Compare window, the map editor (one each) and replay windows (any
number), closed with it.
"""

from __future__ import annotations

from PyQt5.QtCore import Qt

from app.core import DEFAULT_PROFILE, GameMap


class CompanionWindows:
    """Opens, tracks and closes the main window's companion windows (a mixin of ``MainWindow``)."""

    def _init_companions(self) -> None:
        self.compare_window = None  # the Compare window, once opened
        self._editor = None  # the map editor, once opened
        self._replays: list = []  # the replay windows open

    def open_compare(self) -> None:
        """Show the Compare window (app/gui/compare/), with this window's map and rules."""
        from app.gui.compare.window import CompareWindow

        if self.compare_window is None:
            self.compare_window = CompareWindow(self.interaction)
        files = self._recent("recent/agents")
        self.compare_window.preload(self.map_path, str(self.rules_box.currentData() or DEFAULT_PROFILE), files,
                                    self._agent_key if self._agent_key in files else "")
        self.compare_window.show()
        self.compare_window.raise_()

    def open_editor(self):
        """Show the map editor (one per main window), opened on the current map if there is one."""
        from app.gui.editor.window import MapEditor

        if self._editor is None:
            self._editor = MapEditor(settings=self.settings, interaction=self.interaction)
            self._editor.restore_state()
            self._editor.play_requested.connect(self._play_from_editor)
            if self.game_map is not None:
                self._editor.open_game_map(self.game_map, self.map_path)
        self._editor.show()
        self._editor.raise_()
        self._editor.activateWindow()
        return self._editor

    def _play_from_editor(self, game_map: GameMap) -> None:
        editor = self._editor
        self.use_map(game_map, editor.path if editor is not None else None)
        self.raise_()
        self.activateWindow()

    def choose_replay(self) -> None:
        """Ask for a game log and show it in a replay window."""
        path = self.interaction.choose_replay(self._start_dir())
        if path:
            self.open_replay(path)

    def open_replay(self, path: str):
        """Show the game log at ``path`` in a new replay window (None and a message if it cannot be read)."""
        from app.gui.replay_view import ReplayWindow

        viewer = ReplayWindow(settings=self.settings, interaction=self.interaction)
        if not viewer.open_replay(path):
            self.show_error(viewer.banner_text())
            viewer.deleteLater()
            return None
        viewer.restore_state()
        viewer.setAttribute(Qt.WA_DeleteOnClose)
        viewer.destroyed.connect(lambda _obj=None, v=viewer: self._replays.remove(v) if v in self._replays else None)
        self._replays.append(viewer)
        viewer.show()
        return viewer


    def _close_companions(self) -> None:
        """Close the editor, the replay windows and the Compare window (the main window is closing)."""
        for window in [self._editor, *self._replays]:
            if window is not None:
                window.close()
        if self.compare_window is not None:
            self.compare_window.close()
