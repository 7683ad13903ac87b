"""The main window's files: loading maps (and the recent maps menu), saving the game log, and files dropped
on the window (an agent file picks the agent, any other file is a map).
"""

from __future__ import annotations

from pathlib import Path

from app.backends import kinds, registry
from app.core import BattleshipError, GameMap
from app.gui.i18n import translate
from app.gui.interaction import LOG_FILTER
from app.gui.main_messages import NOTE_COLOUR, PROBLEM_COLOUR

RECENT_LIMIT = 8


class FileCommands:
    """Maps in, game logs out, recent files remembered in the settings (a mixin of ``MainWindow``)."""

    def _start_dir(self) -> str:
        recent = self._recent("recent/maps")
        return str(Path(recent[0]).parent) if recent else str(registry.ROOT / "maps")

    def choose_map(self) -> None:
        """Ask for a map file and load it."""
        path = self.interaction.choose_map(self._start_dir())
        if path:
            self.load_map(path)

    def load_map(self, path: str) -> bool:
        """Load a map file; on a bad file the message shows and the current map stays."""
        from app.backends.games import load_game_map

        try:
            game_map = load_game_map(path)
        except BattleshipError as error:
            self.show_error(translate("MainWindow", "Could not load the map: {0}").format(error))
            return False
        except OSError as error:
            self.show_error(translate("MainWindow", "Could not load the map: {0}").format(
                f"{path}: {error.strerror or error}"))
            return False
        self.use_map(game_map, path)
        return True

    def use_map(self, game_map: GameMap, path: str | None = None) -> None:
        """Play ``game_map`` (from ``path``, remembered among the recent maps; None: not saved)."""
        self.map_path = str(Path(path).resolve()) if path else None
        self.game_map = game_map
        if self.map_path:
            self._remember("recent/maps", self.map_path)
        self.hide_error()
        self._restart_game()
        for warning in game_map.warnings:
            self.log(translate("MainWindow", "warning: {0}: {1} (the course plays it as it is; so does the app)")
                     .format(game_map.name or translate("MainWindow", "the map"), warning), PROBLEM_COLOUR)

    def _fill_recent_maps(self) -> None:
        self.recent_menu.clear()
        recent = self._recent("recent/maps")
        if not recent:
            self.recent_menu.addAction(translate("MainWindow", "No recent maps")).setEnabled(False)
        for path in recent:
            act = self.recent_menu.addAction(Path(path).name)
            act.setToolTip(path)
            act.triggered.connect(lambda _checked=False, p=path: self.load_map(p))

    def _recent(self, key: str) -> list[str]:
        value = self.settings.value(key, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or []) if v]

    def _remember(self, key: str, item: str) -> None:
        items = [item] + [v for v in self._recent(key) if v != item]
        self.settings.setValue(key, items[:RECENT_LIMIT])
        if key == "recent/maps":
            self._fill_recent_maps()

    def save_log(self, path: str | None = None) -> bool:
        """Save the current game's steps as a JSON Lines log (asks where unless ``path``)."""
        from app.core.gamelog import save

        game = self.session.game_so_far()
        if game is None:
            self.show_error(translate("MainWindow", "No game to save yet: play at least one step."))
            return False
        if path is None:
            stem = Path(self.map_path or "game").stem
            spec = self.session.spec
            name = f"{stem}-{spec.name if spec else 'game'}.jsonl"
            path = self.interaction.choose_save_file(str(Path(self._start_dir()) / name), LOG_FILTER)
            if not path:
                return False
            if not Path(path).suffix:
                path += ".jsonl"
        try:
            files = save(game, path, seed=self.session.seed)
        except BattleshipError as error:
            self.show_error(translate("MainWindow", "Could not save the log: {0}").format(error))
            return False
        self.log((translate("MainWindow", "game log saved to {0}") if game.over
                  else translate("MainWindow", "game log saved to {0} (the game is not over yet)"))
                 .format(path), NOTE_COLOUR)
        if files is not None:
            self.log(translate("MainWindow", "the files the agent wrote saved in {0}").format(files), NOTE_COLOUR)
        return True

    def dragEnterEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        """A dropped .py file (or .clp files that hold an AGENT module) picks the agent; any other file is a map."""
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if not paths:
            return
        agent_files = [p for p in paths if (kind := kinds.for_file(p)) is not None and kind.is_agent_file(Path(p))]
        if agent_files:
            self.select_agent(",".join(agent_files))
        else:
            self.load_map(paths[0])
        event.acceptProposedAction()

