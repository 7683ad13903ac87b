"""The main window's widgets: the toolbar, the board column, the side tabs, the status bar and the menus.

``MainLayout`` only builds and wires them; what the actions and signals do lives in the window's other parts.
Its strings keep the "MainWindow" translation context (``translate("MainWindow", ...)``), as they did when they
were written inside ``MainWindow``.
"""

from __future__ import annotations

from PyQt5.QtCore import QT_TRANSLATE_NOOP, Qt
from PyQt5.QtGui import QKeySequence
from PyQt5.QtWidgets import (
    QAction,
    QActionGroup,
    QCheckBox,
    QComboBox,
    QLabel,
    QMenu,
    QMenuBar,
    QTabWidget,
    QToolButton,
)

from app.core import PROFILES
from app.gui import i18n
from app.gui.board import BoardWidget
from app.gui.coach_panel import CoachPanel
from app.gui.facts_panel import FactsPanel
from app.gui.help_menu import build_help_menu
from app.gui.i18n import translate
from app.gui.legend import LegendWidget
from app.gui.load_banner import LoadErrorBanner
from app.gui.rules_panel import RulesPanel, TraceLink
from app.gui.score_panel import ScorePanel
from app.gui.speed import SpeedControl
from app.gui.theme import card, error_banner, log_view, side_column, split_central, title_row, window_toolbar

BELIEF_TIP = QT_TRANSLATE_NOOP("MainWindow",
                               "Shade unknown cells by the agent's P(ship), when the agent has one (Ctrl+B)")
FACTS_TAB = 1  # the index of the Facts tab


class MainLayout:
    """Builds the main window's widgets as attributes of the window (a mixin of ``MainWindow``)."""

    def _build_toolbar(self) -> None:
        bar = window_toolbar(self, translate("MainWindow", "Controls"), "controls")

        self.load_action = QAction(translate("MainWindow", "Load Map…"), self)
        self.load_action.setShortcut(QKeySequence.Open)
        self.load_action.setToolTip(translate("MainWindow",
                                              "Load a map: native .map, course .clp or a Bimaru puzzle (Ctrl+O)"))
        self.load_action.triggered.connect(self.choose_map)
        self.recent_menu = QMenu(self)
        load_button = QToolButton()
        load_button.setDefaultAction(self.load_action)
        load_button.setMenu(self.recent_menu)
        load_button.setPopupMode(QToolButton.MenuButtonPopup)
        bar.addWidget(load_button)

        bar.addWidget(QLabel(translate("MainWindow", "Agent")))
        self.agent_box = QComboBox()
        self.agent_box.setToolTip(translate("MainWindow", "Who plays: a shipped Python or CLIPS agent, you (Human), "
                                                          "or an agent file"))
        self.agent_box.setMinimumWidth(185)
        self.agent_box.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        self.agent_box.activated.connect(self._on_agent_chosen)
        bar.addWidget(self.agent_box)
        bar.addWidget(QLabel(translate("MainWindow", "Rules")))
        self.rules_box = QComboBox()
        self.rules_box.setToolTip(translate("MainWindow", "The rules profile: how the game is scored and what a fire "
                                                          "on water tells"))
        for name, profile in PROFILES.items():
            self.rules_box.addItem(name, name)
            self.rules_box.setItemData(self.rules_box.count() - 1, profile.description, Qt.ToolTipRole)
        self.rules_box.activated.connect(lambda _i: self._restart_game())
        bar.addWidget(self.rules_box)
        bar.addSeparator()

        def action(text: str, shortcut: str, tip: str, slot) -> QAction:
            act = QAction(text, self)
            act.setShortcut(QKeySequence(shortcut))
            act.setToolTip(f"{tip} ({shortcut})")
            act.triggered.connect(slot)
            self.addAction(act)
            return act

        self.run_action = action(translate("MainWindow", "Run"), "F5",
                                 translate("MainWindow", "Play on by itself"), self.run)
        self.step_action = action(translate("MainWindow", "Step"), "F10",
                                  translate("MainWindow", "Carry out one step"), self.step)
        self.step_rule_action = action(translate("MainWindow", "Step rule"), "F11",
                                       translate("MainWindow", "Fire one rule of a CLIPS agent's turn: the turn "
                                                               "pauses mid-way (see the Rules tab)"), self.step_rule)
        self.pause_action = action(translate("MainWindow", "Pause"), "F6",
                                   translate("MainWindow", "Pause after the current step"), self.pause)
        self.reset_action = action(translate("MainWindow", "Reset"), "Ctrl+R",
                                   translate("MainWindow", "Start this game over"), self.reset)
        self.solve_action = action(translate("MainWindow", "Solve"), "Ctrl+Return",
                                   translate("MainWindow", "End your game and score it"), self.solve)
        self._tool_slots: dict[QAction, QAction] = {}  # action -> the toolbar slot holding its button
        for act in (self.run_action, self.step_action, self.step_rule_action, self.pause_action, self.reset_action,
                    self.solve_action):
            button = QToolButton()
            button.setDefaultAction(act)
            if act is self.run_action:
                button.setObjectName("runButton")
            self._tool_slots[act] = bar.addWidget(button)
        bar.addSeparator()

        self.speed = SpeedControl()
        self.speed_slider = self.speed.slider
        self.speed_label = self.speed.value_label
        self.speed.interval_changed.connect(self._on_speed)
        bar.addWidget(self.speed)
        bar.addSeparator()
        self.compare_action = action(translate("MainWindow", "Compare…"), "Ctrl+K",
                                     translate("MainWindow", "Compare agents side by side, or in batch over maps"),
                                     self.open_compare)
        compare_button = QToolButton()
        compare_button.setDefaultAction(self.compare_action)
        bar.addWidget(compare_button)

    def _build_central(self) -> None:
        central, splitter = split_central("mainSplitter")
        self.splitter = splitter

        board_card, board_layout = card()
        head, self.map_title, self.map_info = title_row(translate("MainWindow", "No map loaded"),
                                                        translate("MainWindow", "Load a map to start (Ctrl+O)."))
        self.belief_box = QCheckBox(translate("MainWindow", "Belief overlay"))
        self.belief_box.setToolTip(translate("MainWindow", BELIEF_TIP))
        self.belief_box.toggled.connect(lambda on: self.board.set_belief_visible(on))
        belief_action = QAction(self)
        belief_action.setShortcut(QKeySequence("Ctrl+B"))
        belief_action.triggered.connect(lambda: self.belief_box.isEnabled() and self.belief_box.toggle())
        self.addAction(belief_action)
        head.addWidget(self.belief_box)
        board_layout.addLayout(head)
        self.banner = error_banner()
        board_layout.addWidget(self.banner)
        self.load_banner = LoadErrorBanner()
        self.load_banner.show_log.connect(lambda: self.tabs.setCurrentWidget(self.log_view))
        board_layout.addWidget(self.load_banner)
        self.hint = QLabel(translate(
            "MainWindow",
            "<b>Your game.</b> Left click fires · right click flags or unflags · arrows move the cursor, "
            "F or Space fires, G flags · Solve (Ctrl+Enter) ends the game."))
        self.hint.setObjectName("bannerInfo")
        self.hint.setWordWrap(True)
        self.hint.hide()
        board_layout.addWidget(self.hint)
        self.board = BoardWidget()
        self.board.cell_action.connect(self._on_cell_action)
        board_layout.addWidget(self.board, 1)
        self.legend = LegendWidget()
        board_layout.addWidget(self.legend)
        splitter.addWidget(board_card)

        right, right_layout = side_column()
        self.score_panel = ScorePanel()
        right_layout.addWidget(self.score_panel)
        self._build_tabs()
        right_layout.addWidget(self.tabs, 1)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([760, 520])
        self.setCentralWidget(central)

    def _build_tabs(self) -> None:
        """The side tabs: Log, Facts, Coach and Rules."""
        self.tabs = QTabWidget()
        self.log_view = log_view(20000, 9)
        self.tabs.addTab(self.log_view, translate("MainWindow", "Log"))
        self.tabs.setTabToolTip(0, translate("MainWindow", "One line per step, what the agent printed, and errors"))
        self.log_view.setToolTip(self.tabs.tabToolTip(0))
        self.facts_panel = FactsPanel()
        self.tabs.addTab(self.facts_panel, translate("MainWindow", "Facts"))
        self.tabs.setTabToolTip(FACTS_TAB, translate("MainWindow", "A CLIPS agent's working memory at the current "
                                                                   "step, the protocol's facts too"))
        self.coach_panel = CoachPanel(self.board)
        self.tabs.addTab(self.coach_panel, translate("MainWindow", "Coach"))
        self.tabs.setTabToolTip(2, translate("MainWindow", "Once the game is over: each decision graded against "
                                                           "bayes's play with the agent's information (open a saved "
                                                           "log with Replay to step through it)"))
        self.rules_panel = RulesPanel(live=True)
        self.tabs.addTab(self.rules_panel, translate("MainWindow", "Rules"))
        self.tabs.setTabToolTip(3, translate("MainWindow", "A CLIPS agent's rule firings of the step (in order, with "
                                                           "the facts they matched), the agenda and focus stack after "
                                                           "it, and each rule's count"))
        self.trace_link = TraceLink(self.rules_panel, self.facts_panel, self.board)
        self.tabs.currentChanged.connect(lambda _i: self._show_facts())

    def _build_status(self) -> None:
        status = self.statusBar()
        self.step_label = QLabel()
        self.fires_label = QLabel()
        self.flags_label = QLabel()
        self.state_label = QLabel("")
        self.sandbox_label = QLabel("")  # what confines the agents (docs/sandbox.md)
        for label in (self.sandbox_label, self.step_label, self.fires_label, self.flags_label):
            status.addPermanentWidget(label)
        status.addWidget(self.state_label, 1)

    def _build_menu(self) -> None:
        """The menu bar: files, the map editor and replays (the toolbar holds the game controls)."""
        menu = self.menuBar()
        self.file_menu = menu.addMenu(translate("MainWindow", "&File"))
        self.file_menu.setToolTipsVisible(True)
        self.file_menu.addAction(self.load_action)
        self.file_menu.addSeparator()

        def action(text: str, shortcut: str, tip: str, slot) -> QAction:
            act = QAction(text, self)
            act.setShortcut(QKeySequence(shortcut))
            act.setToolTip(f"{tip} ({QKeySequence(shortcut).toString(QKeySequence.NativeText)})")
            act.triggered.connect(lambda _checked=False: slot())
            self.file_menu.addAction(act)
            return act

        self.save_log_action = action(translate("MainWindow", "Save Game Log…"), "Ctrl+Shift+S",
                                      translate("MainWindow", "Save this game's steps as a JSON Lines log (replay it "
                                                              "later)"),
                                      self.save_log)
        self.open_replay_action = action(translate("MainWindow", "Open Replay…"), "Ctrl+Shift+O",
                                         translate("MainWindow", "Open a game log and step through it"),
                                         self.choose_replay)
        self.file_menu.addSeparator()
        self.editor_action = action(translate("MainWindow", "Map Editor…"), "Ctrl+E",
                                    translate("MainWindow", "Draw a map, make it a puzzle, save it as .map, .clp or "
                                                            "Bimaru"),
                                    self.open_editor)
        self.file_menu.addAction(self.compare_action)
        self.limits_action = action(translate("MainWindow", "Game Limits…"), "Ctrl+L",
                                    translate("MainWindow", "Fires, flags and steps a game allows (as run's --fires, "
                                                            "--guesses, --max-steps)"),
                                    self.edit_limits)
        self.params_action = action(translate("MainWindow", "Agent Parameters…"), "Ctrl+Shift+P",
                                    translate("MainWindow", "Settings for the agents, as with --agent-param "
                                                            "(KEY=VALUE or AGENT:KEY=VALUE)"),
                                    self.edit_params)
        self.sandbox_action = QAction(translate("MainWindow", "Run Agents Unconfined (No Sandbox)"), self)
        self.sandbox_action.setCheckable(True)
        self.sandbox_action.setToolTip(translate("MainWindow", "Run agents inside the app's own process, as "
                                                               "--no-sandbox does: for debugging the app only (a "
                                                               "crashing or hostile agent then takes the app with it)"))
        self.file_menu.addAction(self.sandbox_action)
        self.file_menu.addSeparator()
        quit_action = action(translate("MainWindow", "Quit"), "Ctrl+Q",
                             translate("MainWindow", "Close Battleship Lab"), self.close)
        quit_action.setMenuRole(QAction.QuitRole)
        self._build_language_menu(menu)
        build_help_menu(self, menu)
        for button in self.findChildren(QToolButton, "qt_toolbar_ext_button"):
            button.setToolTip(translate("MainWindow", "More controls (the window is too narrow to show them all)"))

    def _build_language_menu(self, menu: QMenuBar) -> None:
        """Language ▸ English / Italiano: remembered, used from the next start (``--lang`` overrides it)."""
        self.language_menu = menu.addMenu(translate("MainWindow", "&Language"))
        self.language_menu.setToolTipsVisible(True)
        group = QActionGroup(self)
        current = i18n.current_language()
        self.language_actions: dict[str, QAction] = {}
        for code, name in i18n.LANGUAGES.items():
            act = QAction(name, self, checkable=True)
            act.setChecked(code == current)
            act.setToolTip(translate("MainWindow", "The interface language, from the next start"))
            act.triggered.connect(lambda _checked=False, c=code: self.choose_language(c))
            group.addAction(act)
            self.language_menu.addAction(act)
            self.language_actions[code] = act
