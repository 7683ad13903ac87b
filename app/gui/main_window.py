"""The main window: board, controls, log, score card and the side tabs, composed of parts.

The window owns no game state of its own. ``GameSession`` (app/gui/session.py) runs the game and says what
happens through its signals; ``GameSetup`` (main_setup.py) holds what the next game is. Each part owns its
widgets and state, is handed what it needs, subscribes to the session, and changes the setup through its
commands: ``Messages`` (error banner, log), ``MapHeader`` and ``StatusBar`` (main_status.py), ``GameView`` and
``ManualPlay`` (main_board.py), ``GameControls`` (main_controls.py), ``AgentChoice`` (main_agents.py),
``GameSettings`` (main_settings.py), ``FileCommands`` (main_files.py), ``CompanionWindows``
(main_companions.py) and the side tabs (``SIDE_TABS``, main_tabs.py). The window only lays their widgets out
and offers the few commands the app and the tests drive it by.
"""

from __future__ import annotations

from PyQt5.QtCore import QEvent, QSettings, pyqtSignal
from PyQt5.QtGui import QKeySequence
from PyQt5.QtWidgets import QAction, QHBoxLayout, QLabel, QMainWindow, QToolButton

from app.core import DEFAULT_PROFILE, PROFILES
from app.gui.banner_slot import BannerSlot
from app.gui.changes_panel import ChangesTab
from app.gui.help_menu import build_help_menu
from app.gui.i18n import translate
from app.gui.interaction import Interaction
from app.gui.main_agents import AgentChoice
from app.gui.main_board import GameView, ManualPlay
from app.gui.main_companions import CompanionWindows
from app.gui.main_controls import GameControls
from app.gui.main_files import FileCommands
from app.gui.main_messages import Messages
from app.gui.main_recent import RecentFiles
from app.gui.main_reload import AgentReload
from app.gui.main_settings import GameSettings
from app.gui.main_setup import GameSetup
from app.gui.main_status import MapHeader, StatusBar
from app.gui.main_tabs import CoachTab, FactsTab, LogTab, PanelContext, RulesTab, SideTabs
from app.gui.retranslate import retranslate
from app.gui.session import GameSession
from app.gui.side_split import CardOverTabs
from app.gui.theme import ScrollingColumn, card, fit_to_screen, menu_action, side_column, split_central, window_toolbar
from app.gui.window_state import app_settings, restore_window_state, save_window_state

SIDE_TABS = (LogTab, FactsTab, CoachTab, RulesTab, ChangesTab)  # the side tabs, in order (a panel may use one before it)


class MainWindow(QMainWindow):
    """Battleship Lab's main window. ``game_finished(GameResult)`` fires when a game is solved."""

    game_finished = pyqtSignal(object)

    def __init__(self, settings: QSettings | None = None, interaction: Interaction | None = None):
        super().__init__()
        self.settings = settings if settings is not None else app_settings()
        self.interaction = interaction if interaction is not None else Interaction(self)
        self.session = GameSession(self)
        self.setup = GameSetup(self.session, self.settings, self)
        recent = RecentFiles(self.settings)
        self.messages = Messages(self.session, self.setup.title)
        self.setWindowTitle(translate("MainWindow", "Battleship Lab"))
        self.setAcceptDrops(True)
        self.agents = AgentChoice(self.setup, self.session, self.interaction, self.messages, recent)
        self.files = FileCommands(self, self.setup, self.session, self.interaction, self.messages, recent,
                                  self.agents)
        self.game_settings = GameSettings(self, self.setup, self.session, self.interaction, self.messages,
                                          self.settings)
        self.reload = AgentReload(self.setup, self.session, self.settings, self.messages, self.agents.load_banner, self)
        self.controls = GameControls(self, self.session, self.settings, self.messages, self.reload.reload)
        self.companions = CompanionWindows(self, self.setup, self.settings, self.interaction, self.messages,
                                           recent, self.files)
        self._build_toolbar()
        self.header = MapHeader(self, self.setup, self.session)
        self.view = GameView(self, self.setup, self.session)
        self.status = StatusBar(self.session, self.agents.load_banner)
        self.play = ManualPlay(self.session, self.view.board, self.status, self.settings, self.interaction,
                               self.messages)
        self.tabs = SideTabs()
        context = PanelContext(self.session, self.view.board, self.messages, self.tabs)
        for panel_class in SIDE_TABS:
            self.tabs.add(panel_class(context))
        self.reload.kept.connect(self.tabs.panel(ChangesTab).keep)
        self._build_central()
        self._build_status()
        self._build_menu()
        self.game_settings.follow_sandbox()
        self.session.game_over.connect(lambda result, _failure: self.game_finished.emit(result))
        self.agents.fill()
        rules = str(self.settings.value("last/rules", DEFAULT_PROFILE))
        self.select_rules(rules if rules in PROFILES else DEFAULT_PROFILE)
        self.controls.restore_speed()
        self.files.fill_recent_maps()
        fit_to_screen(self, 1320, 840)
        self.status.update_counters(None)
        self.controls.update()
        self.status.update_text()

    # ----- layout ---------------------------------------------------------------------------
    def _build_toolbar(self) -> None:
        bar = window_toolbar(self, translate("MainWindow", "Controls"), "controls")
        bar.addWidget(self.files.load_button())
        bar.addWidget(QLabel(translate("MainWindow", "Agent")))
        bar.addWidget(self.agents.agent_box)
        bar.addWidget(QLabel(translate("MainWindow", "Rules")))
        bar.addWidget(self.game_settings.rules_box)
        bar.addSeparator()
        self.controls.add_buttons(bar)
        bar.addSeparator()
        bar.addWidget(self.controls.speed)
        bar.addSeparator()
        bar.addWidget(self.companions.compare_button())

    def _build_central(self) -> None:
        central, self.splitter = split_central("mainSplitter")
        board_card, board_layout = card()
        board_layout.addLayout(self.header.head)
        toggles = QHBoxLayout()  # a row of their own: beside the map's line they cut its oracle at 1366 px
        for toggle in (self.reload.toggle, self.view.belief_box, self.view.marker_box):
            toggles.addWidget(toggle)
            toggles.addSpacing(12)
        toggles.addStretch(1)
        board_layout.addLayout(toggles)
        self.agents.load_banner.show_log.connect(lambda: self.tabs.show(self.tabs.panel(LogTab)))
        board_layout.addWidget(self.view.board, 1)
        board_layout.addWidget(BannerSlot(self.view.legend, [self.messages.banner, self.agents.load_banner,
                                                             self.view.hint]))
        self.splitter.addWidget(ScrollingColumn(board_card))
        right, right_layout = side_column()
        self.side_splitter = CardOverTabs(self.view.score_panel, self.tabs)
        right_layout.addWidget(self.side_splitter, 1)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([760, 520])
        self.setCentralWidget(central)

    def _build_status(self) -> None:
        status = self.statusBar()
        for label in (self.game_settings.sandbox_label, self.status.step_label, self.status.fires_label,
                      self.status.flags_label):
            status.addPermanentWidget(label)
        status.addWidget(self.status.state_label, 1)

    def _build_menu(self) -> None:
        """The menu bar: files, the map editor and replays (the toolbar holds the game controls)."""
        menu = self.menuBar()
        self.file_menu = menu.addMenu(translate("MainWindow", "&File"))
        self.file_menu.setToolTipsVisible(True)
        self.file_menu.addAction(self.files.load_action)
        self.file_menu.addSeparator()
        self.files.make_menu_actions()
        self.companions.make_menu_actions()
        self.game_settings.make_menu_actions()
        self.controls.build_menu(menu)
        quit_action = menu_action(self, translate("MainWindow", "Quit"), (QKeySequence.Quit, "Ctrl+Q"),
                                  translate("MainWindow", "Close Battleship Lab"), self.close)
        quit_action.setMenuRole(QAction.QuitRole)
        for entry in (self.files.save_log_action, self.companions.open_replay_action, None,
                      self.companions.editor_action, self.companions.compare_action, None,
                      self.companions.arena_action, self.companions.standings_action, None,
                      self.game_settings.limits_action, self.game_settings.params_action,
                      self.game_settings.sandbox_action, None, quit_action):
            if entry is None:
                self.file_menu.addSeparator()
            else:
                self.file_menu.addAction(entry)
        self.game_settings.build_language_menu(menu)
        build_help_menu(self, menu)
        for button in self.findChildren(QToolButton, "qt_toolbar_ext_button"):
            button.setToolTip(translate("MainWindow", "More controls (the window is too narrow to show them all)"))

    # ----- the commands the app, the scripts and the tests drive the window by -------------------
    def run(self) -> None:
        """Play on by itself."""
        self.session.run()

    def step(self) -> None:
        """One step."""
        self.session.step()

    def step_rule(self) -> None:
        """Fire one rule of the agent's turn (the turn pauses mid-way; the Rules tab shows it)."""
        self.session.step_rule()

    def pause(self) -> None:
        """Pause after the current step."""
        self.session.pause()

    def reset(self) -> None:
        """Start the current game over (cancels a running agent)."""
        self.controls.reset()

    def solve(self) -> None:
        """End a manual game."""
        self.controls.solve()

    def set_fastest(self) -> None:
        """Move the speed slider to "as fast as it goes" (for this session only: not remembered)."""
        self.controls.set_fastest()

    def load_map(self, path: str) -> bool:
        """Load a map file; on a bad file the message shows and the current map stays."""
        return self.files.load_map(path)

    def select_agent(self, text: str) -> bool:
        """Pick an agent by name, "Human", or file path(s); False (and a message) if it cannot be found."""
        return self.agents.select_agent(text)

    def select_rules(self, name: str) -> None:
        """Pick a rules profile by name."""
        self.game_settings.select_rules(name)

    def why_not(self, rule: str) -> None:
        """Explain in the Rules tab why ``rule`` (``MODULE::rule``) does not fire now."""
        self.tabs.panel(RulesTab).why_not(rule)

    def open_replay(self, path: str):
        """Show the game log at ``path`` in a new replay window (None and a message if it cannot be read)."""
        return self.companions.open_replay(path)

    def show_error(self, text: str) -> None:
        """Show a readable error in the window (banner) and the log; the app stays usable."""
        self.messages.show_error(text)

    def banner_text(self) -> str:
        """The error shown (empty when none)."""
        return self.messages.banner_text()

    def log_text(self) -> str:
        """The whole log as plain text."""
        return self.messages.log_text()

    def load_banner_text(self) -> str:
        """What the load-error banner says ("" when hidden)."""
        return self.agents.load_banner.text()

    # ----- dropped files, closing ---------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        """A dropped agent file picks the agent; any other file is a map."""
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if not paths:
            return
        self.files.drop(paths)
        event.acceptProposedAction()

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        """A language chosen in the menu: every text in it at once (retranslate.py); the map's line, the status
        line and the board made anew."""
        if event.type() == QEvent.LanguageChange:
            retranslate(self)
            self.header.update()
            self.status.update_text()
            self.view.board.update()  # its counts' "of N" are painted in the language of the moment
        super().changeEvent(event)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        save_window_state(self.settings, "window", self, self.splitter, toolbars=True,
                          more=[("sideSplitter", self.side_splitter)])
        self.companions.close_all()
        self.session.shutdown()
        super().closeEvent(event)

    def restore_geometry(self) -> None:
        """Restore the last window geometry, toolbars and splitter, if any."""
        restore_window_state(self.settings, "window", self, self.splitter, toolbars=True,
                             more=[("sideSplitter", self.side_splitter)])
