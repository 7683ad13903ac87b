"""Reload on save: the main window watches every file of the agent in play and, when one is saved, starts the game
over on the same map, rules and seed with the new code.

``AgentReload`` watches the files (``QFileSystemWatcher``; editors that save by writing a new file and renaming it
drop the old one from the watch list, so the folders are watched too and the files added again after each change),
waits until the saving is over (a short debounce), and reloads only when the files' contents differ from those of
the game in play. ``reload()`` is Reset (Ctrl+R) too, by hand, in every state. Before the new game starts, the game
just played is handed on (``kept``) with the map it was played on, for the Changes tab to compare.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from PyQt5.QtCore import QFileSystemWatcher, QObject, QSettings, QTimer, pyqtSignal
from PyQt5.QtWidgets import QCheckBox

from app.backends.registry import load_order_file
from app.gui.agent_kind import is_human
from app.gui.i18n import translate
from app.gui.load_banner import LoadErrorBanner
from app.gui.main_messages import Messages
from app.gui.main_setup import GameSetup
from app.gui.session import GameSession
from app.gui.theme import native_keys

DEBOUNCE_MS = 120  # an editor's save can be several writes (truncate, write, rename): reload once they are done
SETTING = "reload/on_save"


def fingerprint(paths) -> tuple[tuple[str, str], ...]:
    """Each file's path and a hash of its contents ("" for one that cannot be read now)."""
    found = []
    for path in paths:
        try:
            digest = hashlib.blake2b(Path(path).read_bytes(), digest_size=16).hexdigest()
        except OSError:
            digest = ""
        found.append((str(path), digest))
    return tuple(found)


class AgentReload(QObject):
    """Reload on save (``toggle``, remembered) and by hand (``reload``); ``kept(Game)`` before a reload that follows
    a game played with other code: that game, rebuilt from its steps (traces included)."""

    kept = pyqtSignal(object)

    def __init__(self, setup: GameSetup, session: GameSession, settings: QSettings, messages: Messages,
                 banner: LoadErrorBanner, parent: QObject | None = None):
        super().__init__(parent)
        self.setup, self.session, self.settings, self.messages, self.banner = setup, session, settings, messages, banner
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._on_change)
        self.watcher.directoryChanged.connect(self._on_change)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._on_saved)
        self.code: tuple = ()  # the fingerprint of the agent's files when the game in play started
        self.toggle = QCheckBox(translate("MainWindow", "Reload on save"))
        self.toggle.setObjectName("reloadOnSave")
        self.toggle.setToolTip(native_keys(translate(
            "MainWindow", "When you save a file of the agent in play (in any editor), the game starts over with the "
                          "new code; Reset (Ctrl+R) reloads by hand")))
        self.toggle.setChecked(str(settings.value(SETTING, "true")).lower() not in ("false", "0"))
        self.toggle.toggled.connect(self._on_toggled)
        banner.set_reload_on_save(self.toggle.isChecked())
        session.reset_done.connect(lambda _state: self._watch())

    @property
    def on_save(self) -> bool:
        """True when saving a file of the agent reloads it."""
        return self.toggle.isChecked()

    def _on_toggled(self, on: bool) -> None:
        self.settings.setValue(SETTING, "true" if on else "false")
        self.banner.set_reload_on_save(on)
        self._watch()

    def _paths(self) -> list[Path]:
        """The agent's files, and a folder agent's load-order file (a file added to it is a change too)."""
        spec = self.session.spec
        if spec is None or is_human(spec):
            return []
        order = load_order_file(spec.folder) if spec.folder is not None else None
        return [Path(p) for p in spec.paths] + ([order] if order else [])

    def _watch(self) -> None:
        """Note the contents of the files of the agent in play (a fresh game starts with them) and watch them (and
        their folders)."""
        paths = self._paths()
        self.code = fingerprint(paths)
        watched = self.watcher.files() + self.watcher.directories()
        if watched:
            self.watcher.removePaths(watched)
        if not self.on_save or not paths:
            return
        wanted = {str(p) for p in paths if p.exists()} | {str(p.parent) for p in paths if p.parent.is_dir()}
        self.watcher.addPaths(sorted(wanted))

    def _on_change(self, _path: str) -> None:
        if self.on_save:
            self._timer.start()  # (re)started: one reload once the writes stop

    def _on_saved(self) -> None:
        self._watch_again()
        if self.on_save and self._paths() and fingerprint(self._paths()) != self.code:
            self.reload(saved=True)

    def _watch_again(self) -> None:
        """Add back the files an editor replaced (a renamed-over file leaves the watch list)."""
        missing = [str(p) for p in self._paths() if p.exists() and str(p) not in self.watcher.files()]
        if missing and self.on_save:
            self.watcher.addPaths(missing)

    def reload(self, saved: bool = False) -> None:
        """Read the agent's files again and start the game over on the same map, rules and seed. After a save,
        the new game goes on as the old one did: played on if it was running or over, one step if it had
        started; by hand (Reset) it waits at the start."""
        session = self.session
        new_code = fingerprint(self._paths())
        old = session.game_so_far() if new_code != self.code else None
        was_playing = session.running or session.over
        had_started = session.started and session.steps_done > 0
        if old is not None:
            self.kept.emit(old)
        self.messages.hide_error()
        spec = self.setup.current_spec() or session.spec
        self.setup.restart(spec)  # same map, rules and limits (the window always plays seed 0)
        if saved:
            self.messages.log(translate("MainWindow", "{0}: saved, reloaded").format(spec.name if spec else ""))
            if was_playing:
                session.run()
            elif had_started:
                session.step()
