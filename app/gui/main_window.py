"""The main window: board, controls, log, score panel and Facts panel.

The window renders the session's reports and forwards the user's input;
rules and scores come from ``app.core`` through ``GameSession``.
"""

from __future__ import annotations

import dataclasses
import html
import textwrap
from pathlib import Path

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QSettings, Qt, pyqtSignal
from PyQt5.QtGui import QKeySequence
from PyQt5.QtWidgets import (
    QAction,
    QActionGroup,
    QCheckBox,
    QComboBox,
    QLabel,
    QMainWindow,
    QMenu,
    QTabWidget,
    QToolButton,
)

from app.backends import registry
from app.backends.agent_check import load_errors
from app.backends.base import FactRow
from app.backends.human import HUMAN_SPEC
from app.backends.params import parse_agent_params
from app.backends.registry import AgentSpec
from app.core import (
    DEFAULT_PROFILE,
    PROFILES,
    Action,
    BattleshipError,
    Cell,
    GameMap,
    GameResult,
    Outcome,
    Piece,
    RulesProfile,
)
from app.core.game import load_note
from app.gui import i18n
from app.gui.board import BoardWidget
from app.gui.board_state import BoardState
from app.gui.coach_panel import CoachPanel
from app.gui.facts_panel import FactsPanel
from app.gui.help_menu import build_help_menu
from app.gui.interaction import LOG_FILTER, Interaction
from app.gui.legend import LegendWidget
from app.gui.load_banner import LoadErrorBanner
from app.gui.rules_panel import RulesPanel, TraceLink
from app.gui.score_panel import ScorePanel
from app.gui.session import GameSession, LineKind, ReportKind, StepReport
from app.gui.speed import DEFAULT_SPEED_INDEX, FASTEST_INDEX, SpeedControl
from app.gui.theme import card as _card
from app.gui.theme import (
    error_banner,
    fit_to_screen,
    log_view,
    side_column,
    split_central,
    title_row,
    window_toolbar,
)
from app.gui.window_state import app_settings, restore_window_state, save_window_state

RECENT_LIMIT = 8
HUMAN_KEY = "__human__"
OPEN_KEY = "__open__"
NOTICE_OUTCOMES = (Outcome.REJECTED, Outcome.FIRE_WASTED, Outcome.FLAG_WASTED)
LINE_COLOURS = {LineKind.AGENT: "#667085", LineKind.REJECTED: "#B34700", LineKind.STOP: "#B34700",
                LineKind.PROBLEM: "#B34700"}
AGENT_SOLVED = "solved by the agent"  # the stop reason app.core.game gives a game ended by a solve action
BELIEF_TIP = QT_TRANSLATE_NOOP("MainWindow",
                               "Shade unknown cells by the agent's P(ship), when the agent has one (Ctrl+B)")


def _defines_agent(path: str) -> bool:
    """True when a .clp file defines the AGENT module (a course map never does)."""
    try:
        return "defmodule agent" in Path(path).read_text(encoding="utf-8", errors="replace").lower()
    except OSError:
        return False


class MainWindow(QMainWindow):
    """Battleship Lab's main window. ``game_finished(GameResult)`` fires when a game is solved."""

    game_finished = pyqtSignal(object)

    def __init__(self, settings: QSettings | None = None, interaction: Interaction | None = None):
        super().__init__()
        self.settings = settings if settings is not None else app_settings()
        self.interaction = interaction if interaction is not None else Interaction(self)
        self.session = GameSession(self)
        self.session.want_trace = True  # the Rules tab shows a CLIPS agent's rule trace
        self.map_path: str | None = None
        self.game_map: GameMap | None = None
        self.agents: dict[str, AgentSpec] = {}
        self._agent_key: str | None = None
        self._facts: list[FactRow] | None = None
        self._facts_error = ""  # why the agent's facts could not be read ("": they were)
        self._agent_parameters: dict[str, str] = {}  # what the current game's agent takes (from its setup)
        self._parameters_error = ""  # why they could not be listed
        self._oracle_map: GameMap | None = None  # the map the oracle scores of ``_oracles`` belong to
        self._oracles: dict[tuple, int] = {}
        self.limits: tuple[int | None, int | None, int | None] = (None, None, None)  # None: the profile's
        self._notice = ""  # the last step's action was rejected or counted for nothing
        self._remember_speed = True
        self.setWindowTitle(self.tr("Battleship Lab"))
        self.setAcceptDrops(True)
        self._build_toolbar()
        self._build_central()
        self._build_status()
        self._build_menu()
        self.session.reported.connect(self._on_report)
        self.session.reset_done.connect(self._on_reset)
        self.session.changed.connect(self._update_controls)
        self._fill_agents()
        rules = str(self.settings.value("last/rules", DEFAULT_PROFILE))
        self.select_rules(rules if rules in PROFILES else DEFAULT_PROFILE)
        speed = self.settings.value("last/speed", DEFAULT_SPEED_INDEX)
        self.speed_slider.setValue(int(speed) if str(speed).isascii() and str(speed).isdigit() else DEFAULT_SPEED_INDEX)
        self._on_speed(self.speed.interval_ms())
        self._fill_recent_maps()
        fit_to_screen(self, 1320, 840)
        self._update_status(None)
        self._update_controls()

    # ----- construction ------------------------------------------------------------
    def _build_toolbar(self) -> None:
        bar = window_toolbar(self, self.tr("Controls"), "controls")

        self.load_action = QAction(self.tr("Load Map…"), self)
        self.load_action.setShortcut(QKeySequence.Open)
        self.load_action.setToolTip(self.tr("Load a map: native .map, course .clp or a Bimaru puzzle (Ctrl+O)"))
        self.load_action.triggered.connect(self.choose_map)
        self.recent_menu = QMenu(self)
        load_button = QToolButton()
        load_button.setDefaultAction(self.load_action)
        load_button.setMenu(self.recent_menu)
        load_button.setPopupMode(QToolButton.MenuButtonPopup)
        bar.addWidget(load_button)

        bar.addWidget(QLabel(self.tr("Agent")))
        self.agent_box = QComboBox()
        self.agent_box.setToolTip(self.tr("Who plays: a shipped Python or CLIPS agent, you (Human), or an agent file"))
        self.agent_box.setMinimumWidth(185)
        self.agent_box.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        self.agent_box.activated.connect(self._on_agent_chosen)
        bar.addWidget(self.agent_box)
        bar.addWidget(QLabel(self.tr("Rules")))
        self.rules_box = QComboBox()
        self.rules_box.setToolTip(self.tr("The rules profile: how the game is scored and what a fire on water tells"))
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

        self.run_action = action(self.tr("Run"), "F5", self.tr("Play on by itself"), self.run)
        self.step_action = action(self.tr("Step"), "F10", self.tr("Carry out one step"), self.step)
        self.pause_action = action(self.tr("Pause"), "F6", self.tr("Pause after the current step"), self.pause)
        self.reset_action = action(self.tr("Reset"), "Ctrl+R", self.tr("Start this game over"), self.reset)
        self.solve_action = action(self.tr("Solve"), "Ctrl+Return", self.tr("End your game and score it"), self.solve)
        self._tool_slots: dict[QAction, QAction] = {}  # action -> the toolbar slot holding its button
        for act in (self.run_action, self.step_action, self.pause_action, self.reset_action, self.solve_action):
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
        self.compare_action = action(self.tr("Compare…"), "Ctrl+K",
                                     self.tr("Compare agents side by side, or in batch over maps"),
                                     self.open_compare)
        compare_button = QToolButton()
        compare_button.setDefaultAction(self.compare_action)
        bar.addWidget(compare_button)
        self.compare_window = None

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

    def _build_central(self) -> None:
        central, splitter = split_central("mainSplitter")
        self.splitter = splitter

        board_card, board_layout = _card()
        head, self.map_title, self.map_info = title_row(self.tr("No map loaded"),
                                                        self.tr("Load a map to start (Ctrl+O)."))
        self.belief_box = QCheckBox(self.tr("Belief overlay"))
        self.belief_box.setToolTip(self.tr(BELIEF_TIP))
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
        self._load_checked: tuple | None = None  # the agent files (and their times) the banner is about
        self.hint = QLabel(self.tr(
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
        self.tabs = QTabWidget()
        self.log_view = log_view(20000, 9)
        self.tabs.addTab(self.log_view, self.tr("Log"))
        self.tabs.setTabToolTip(0, self.tr("One line per step, what the agent printed, and errors"))
        self.log_view.setToolTip(self.tabs.tabToolTip(0))
        self.facts_panel = FactsPanel()
        self.tabs.addTab(self.facts_panel, self.tr("Facts"))
        self.tabs.setTabToolTip(1, self.tr("A CLIPS agent's working memory at the current step, "
                                           "the protocol's facts too"))
        self.coach_panel = CoachPanel(self.board)
        self.tabs.addTab(self.coach_panel, self.tr("Coach"))
        self.tabs.setTabToolTip(2, self.tr("Once the game is over: each decision graded against bayes's play with "
                                           "the agent's information (open a saved log with Replay to step through "
                                           "it)"))
        self.rules_panel = RulesPanel()
        self.tabs.addTab(self.rules_panel, self.tr("Rules"))
        self.tabs.setTabToolTip(3, self.tr("A CLIPS agent's rule firings of the step (in order, with the facts "
                                           "they matched), the agenda and focus stack after it, and each rule's "
                                           "count"))
        self.trace_link = TraceLink(self.rules_panel, self.facts_panel, self.board)
        self.tabs.currentChanged.connect(lambda _i: self._show_facts())
        right_layout.addWidget(self.tabs, 1)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([760, 520])
        self.setCentralWidget(central)

    def _build_status(self) -> None:
        status = self.statusBar()
        self.step_label = QLabel()
        self.fires_label = QLabel()
        self.flags_label = QLabel()
        self.state_label = QLabel("")
        for label in (self.step_label, self.fires_label, self.flags_label):
            status.addPermanentWidget(label)
        status.addWidget(self.state_label, 1)

    def _build_menu(self) -> None:
        """The menu bar: files, the map editor and replays (the toolbar holds the game controls)."""
        menu = self.menuBar()
        self.file_menu = menu.addMenu(self.tr("&File"))
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

        self.save_log_action = action(self.tr("Save Game Log…"), "Ctrl+Shift+S",
                                      self.tr("Save this game's steps as a JSON Lines log (replay it later)"),
                                      self.save_log)
        self.open_replay_action = action(self.tr("Open Replay…"), "Ctrl+Shift+O",
                                         self.tr("Open a game log and step through it"), self.choose_replay)
        self.file_menu.addSeparator()
        self.editor_action = action(self.tr("Map Editor…"), "Ctrl+E",
                                    self.tr("Draw a map, make it a puzzle, save it as .map, .clp or Bimaru"),
                                    self.open_editor)
        self.file_menu.addAction(self.compare_action)
        self.limits_action = action(self.tr("Game Limits…"), "Ctrl+L",
                                    self.tr("Fires, flags and steps a game allows (as run's --fires, --guesses, "
                                            "--max-steps)"), self.edit_limits)
        self.params_action = action(self.tr("Agent Parameters…"), "Ctrl+Shift+P",
                                    self.tr("Settings for the agents, as with --agent-param "
                                            "(KEY=VALUE or AGENT:KEY=VALUE)"),
                                    self.edit_params)
        self.file_menu.addSeparator()
        quit_action = action(self.tr("Quit"), "Ctrl+Q", self.tr("Close Battleship Lab"), self.close)
        quit_action.setMenuRole(QAction.QuitRole)
        self._build_language_menu(menu)
        build_help_menu(self, menu)
        for button in self.findChildren(QToolButton, "qt_toolbar_ext_button"):
            button.setToolTip(self.tr("More controls (the window is too narrow to show them all)"))
        self._editor = None
        self._replays: list = []

    def _build_language_menu(self, menu) -> None:
        """Language ▸ English / Italiano: remembered, used from the next start (``--lang`` overrides it)."""
        self.language_menu = menu.addMenu(self.tr("&Language"))
        self.language_menu.setToolTipsVisible(True)
        group = QActionGroup(self)
        current = i18n.current_language()
        self.language_actions: dict[str, QAction] = {}
        for code, name in i18n.LANGUAGES.items():
            act = QAction(name, self, checkable=True)
            act.setChecked(code == current)
            act.setToolTip(self.tr("The interface language, from the next start"))
            act.triggered.connect(lambda _checked=False, c=code: self.choose_language(c))
            group.addAction(act)
            self.language_menu.addAction(act)
            self.language_actions[code] = act

    def choose_language(self, code: str) -> None:
        """Use ``code`` (en, it) for the interface from the next start on."""
        self.settings.setValue(i18n.SETTINGS_KEY, code)
        self.interaction.inform(self.tr("Language"), self.tr("The interface will be in {0} from the next start of "
                                                             "Battleship Lab.").format(i18n.LANGUAGES[code]))

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

    def save_log(self, path: str | None = None) -> bool:
        """Save the current game's steps as a JSON Lines log (asks where unless ``path``)."""
        from app.core.gamelog import save

        game = self.session.game_so_far()
        if game is None:
            self.show_error(self.tr("No game to save yet: play at least one step."))
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
            save(game, path, seed=self.session.seed)
        except BattleshipError as error:
            self.show_error(self.tr("Could not save the log: {0}").format(error))
            return False
        self.log((self.tr("game log saved to {0}") if game.over
                  else self.tr("game log saved to {0} (the game is not over yet)"))
                 .format(path), "#0072B2")
        return True

    # ----- agents and rules ---------------------------------------------------------
    def _fill_agents(self) -> None:
        try:
            self.agents = registry.discover()
        except BattleshipError as error:
            self.agents = {}
            self.show_error(self.tr("Could not list the agents: {0}").format(error))
        box = self.agent_box
        box.clear()
        for name, spec in self.agents.items():
            box.addItem(f"{name}  ·  {'CLIPS' if spec.kind == 'clips' else 'Python'}", name)
            box.setItemData(box.count() - 1, spec.description or name, Qt.ToolTipRole)
        box.addItem(self.tr("Human  ·  you play"), HUMAN_KEY)
        box.setItemData(box.count() - 1, HUMAN_SPEC.description, Qt.ToolTipRole)
        recent = self._recent("recent/agents")
        if recent:
            box.insertSeparator(box.count())
            for text in recent:
                box.addItem(self._file_agent_label(text), text)
                box.setItemData(box.count() - 1, text.replace(",", "\n"), Qt.ToolTipRole)
        box.insertSeparator(box.count())
        box.addItem(self.tr("Open agent file…"), OPEN_KEY)
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
            return self.tr("{0}  ·  missing").format(Path(key.split(",")[-1]).name)
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
        yes, _ = self.interaction.confirm(self.tr("End this game?"),
                                          self.tr("A game is under way: another agent starts a new one. End it?"))
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
            self.show_error(self.tr("Cannot use agent '{0}': {1}").format(text, error))
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

    def select_rules(self, name: str) -> None:
        """Pick a rules profile by name."""
        index = self.rules_box.findData(name)
        if index >= 0:
            self.rules_box.setCurrentIndex(index)
            self._restart_game()

    def current_spec(self) -> AgentSpec | None:
        """The chosen agent."""
        try:
            return self._spec_for(self._agent_key) if self._agent_key else None
        except BattleshipError:
            return None

    # ----- maps ---------------------------------------------------------------------------------
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
            self.show_error(self.tr("Could not load the map: {0}").format(error))
            return False
        except OSError as error:
            self.show_error(self.tr("Could not load the map: {0}").format(f"{path}: {error.strerror or error}"))
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
            self.log(self.tr("warning: {0}: {1} (the course plays it as it is; so does the app)").format(
                game_map.name or self.tr("the map"), warning), "#B34700")

    def _fill_recent_maps(self) -> None:
        self.recent_menu.clear()
        recent = self._recent("recent/maps")
        if not recent:
            self.recent_menu.addAction(self.tr("No recent maps")).setEnabled(False)
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

    # ----- agent parameters ---------------------------------------------------------------------
    def params_text(self) -> str:
        """The agent parameters in force, as typed: ``KEY=VALUE`` items separated by spaces."""
        return " ".join(f"{key}={value}" for key, value in self.session.params.items())

    def edit_params(self) -> None:
        """Ask for the agent parameters and start a fresh game with them: a form of what the agent takes once a
        game has shown it, else a line as ``--agent-param`` takes them."""
        spec = self.current_spec()
        if spec is not None and self._agent_parameters and not self._parameters_error:
            self._edit_params_form(spec)
            return
        example = f"e.g. {spec.name}:KEY=VALUE" if spec is not None else "e.g. AGENT:KEY=VALUE"
        if spec is not None and self._parameters_error:
            takes = self.tr("Could not list what {0} takes: {1}").format(spec.name, self._parameters_error)
        elif spec is not None and self._agent_parameters:  # cleared whenever the agent or the game changes
            takes = textwrap.fill(", ".join(f"{key}={value}" for key, value in self._agent_parameters.items()),
                                  100, subsequent_indent="    ")
            takes = self.tr("{0} takes (values of this game):").format(spec.name) + f"\n    {takes}"
        else:
            takes = self.tr("An agent given a key it does not take lists the ones it takes when the game starts.")
        answer = self.interaction.ask_text(
            self.tr("Agent parameters"),
            self.tr("Settings for the agents, as --agent-param takes them: KEY=VALUE for whichever agent plays,\n"
                    "AGENT:KEY=VALUE for one agent only ({0}); separated by spaces. Empty: none.").format(example)
            + f"\n\n{takes}",
            self.params_text())
        if answer is not None:
            self.set_params_text(answer)

    def _edit_params_form(self, spec: AgentSpec) -> None:
        in_force = dict(self._agent_parameters)  # what the agent takes, with this game's values

        def about_this_agent(item: str) -> bool:  # KEY or AGENT:KEY for a key this agent takes
            agent, _, key = item.rpartition(":")
            return key in in_force and agent in ("", spec.name)

        set_before = {item.rpartition(":")[2] for item in self.session.params if about_this_agent(item)}
        other = " ".join(f"{item}={value}" for item, value in self.session.params.items() if not about_this_agent(item))
        answer = self.interaction.ask_params(spec.name, in_force, other)
        if answer is None:
            return
        values, other = answer
        items = [f"{key}={value}" for key, value in values.items() if value != in_force[key] or key in set_before]
        self.set_params_text(" ".join(items + ([other] if other else [])))

    def agent_params(self, items: list[str], also: list[str]) -> dict[str, str]:
        """``[AGENT:]KEY=VALUE`` items as ``--agent-param`` takes them, AGENT one of the listed agents or
        of ``also``; BattleshipError (one line) for a malformed one."""
        return parse_agent_params(items, sorted(self.agents) + also)

    def set_params_text(self, text: str) -> bool:
        """Use the parameters in ``text`` from a fresh game on; a malformed one is shown and changes nothing."""
        spec = self.current_spec()
        try:
            params = self.agent_params(text.split(), [spec.name] if spec is not None else [])
        except BattleshipError as error:
            self.show_error(self.tr("Agent parameters not changed: {0}").format(error))
            return False
        self.hide_error()
        self.session.params = params
        self.log(self.tr("agent parameters: {0} (from this game on)").format(self.params_text() or self.tr("none")))
        self._restart_game()
        return True

    # ----- game control --------------------------------------------------------------------
    def _restart_game(self, spec: AgentSpec | None = None) -> None:
        spec = spec or self.current_spec()
        name = str(self.rules_box.currentData() or DEFAULT_PROFILE)
        self.settings.setValue("last/rules", name)
        self.session.configure(self.game_map, self.profile(), spec)

    def profile(self) -> RulesProfile:
        """The rules chosen, with the limits set in Game Limits… (as ``--fires``, ``--guesses``, ``--max-steps``)."""
        return PROFILES[str(self.rules_box.currentData() or DEFAULT_PROFILE)].with_limits(*self.limits)

    def edit_limits(self) -> None:
        """Ask for the game's limits (fires, flags, steps) and start a fresh game with them."""
        profile = self.profile()
        answer = self.interaction.ask_limits((profile.fires, profile.guesses, profile.max_steps))
        if answer is not None:
            self.set_limits(*answer)

    def set_limits(self, fires: int | None = None, guesses: int | None = None, max_steps: int | None = None) -> bool:
        """Play with these limits (None: the rules profile's) from a fresh game on; a bad one is shown, and
        changes nothing."""
        try:
            PROFILES[DEFAULT_PROFILE].with_limits(fires, guesses, max_steps)  # the same checks for every profile
        except BattleshipError as error:
            self.show_error(self.tr("Game limits not changed: {0}").format(error))
            return False
        self.hide_error()
        self.limits = (fires, guesses, max_steps)
        profile = self.profile()
        self.log(self.tr("limits: {0} fires, {1} flags, {2} steps (from this game on)").format(
            profile.fires, profile.guesses, profile.max_steps))
        self._restart_game()
        return True

    def run(self) -> None:
        """Play on by itself."""
        self.session.run()

    def step(self) -> None:
        """One step."""
        self.session.step()

    def pause(self) -> None:
        """Pause after the current step."""
        self.session.pause()

    def reset(self) -> None:
        """Start the current game over (cancels a running agent)."""
        self.hide_error()
        self.session.reset()

    def solve(self) -> None:
        """End a manual game."""
        self.session.submit(Action.solve())

    def _on_cell_action(self, x: int, y: int, what: str) -> None:
        if not self.session.is_human or self.session.over:
            return
        state, cell = self.session.state, Cell(x, y)
        observation = state.observation if state is not None else None
        human = self.session.human
        if observation is not None and human is not None and not human.pending():
            left = observation.fires_left if what == "fire" else observation.guesses_left
            if left <= 0 and (what == "fire" or cell not in observation.flags):  # the game would end as stalled
                self._notice = (self.tr("{0} not played: no fires left (the course's environment has no rule "
                                        "for it and would hang)") if what == "fire"
                                else self.tr("{0} not played: no flags left (the course's environment has no rule "
                                             "for it and would hang)")).format(
                    Action.fire(x, y) if what == "fire" else Action.guess(x, y))
                self._update_controls()
                return
        if what == "fire":
            if observation is not None and cell in observation.fired and not self._ask_once(
                    "fire-again", self.tr("This cell was fired at already: another fire tells nothing new and "
                                          "costs a fire. Fire anyway?")):
                return
            self.session.submit(Action.fire(x, y))
            return
        flagged = observation is not None and cell in observation.flags
        if not flagged and observation is not None and observation.content(cell) is Piece.WATER and not self._ask_once(
                "flag-water", self.tr("This cell is water: a flag on it is a wrong flag (gko) when the game is "
                                      "solved. Flag it anyway?")):
            return
        self.session.submit(Action.unguess(x, y) if flagged else Action.guess(x, y))

    def _ask_once(self, key: str, question: str) -> bool:
        """Ask ``question`` with "Don't ask again"; a remembered answer is given without asking (and said)."""
        remembered = str(self.settings.value(f"ask/{key}", ""))
        if remembered in ("yes", "no"):
            if remembered == "no":
                self._notice = self.tr("Refused: {0}").format(question.split(":")[0])
                self._update_controls()
            return remembered == "yes"
        yes, dont_ask = self.interaction.confirm(self.tr("Your game"), question, offer_dont_ask=True)
        if dont_ask:
            self.settings.setValue(f"ask/{key}", "yes" if yes else "no")
        return yes

    def _on_speed(self, interval_ms: int) -> None:
        self.session.set_interval(interval_ms)
        if self._remember_speed:
            self.settings.setValue("last/speed", self.speed_slider.value())

    def set_fastest(self) -> None:
        """Move the speed slider to "as fast as it goes" (for this session only: not remembered)."""
        self._remember_speed = False
        try:
            self.speed_slider.setValue(FASTEST_INDEX)
        finally:
            self._remember_speed = True

    # ----- rendering reports ---------------------------------------------------------------
    def _on_reset(self, state: BoardState | None) -> None:
        self._notice = ""
        self._check_agent_load()
        self.board.set_state(state)
        self._update_header()
        self.score_panel.clear(oracle=self._oracle_text() if state is not None else "—")
        self.legend.set_revealed(False)
        self._facts, self._facts_error = None, ""
        self._agent_parameters, self._parameters_error = {}, ""
        self.facts_panel.set_facts(None)
        self.trace_link.clear()
        self.coach_panel.set_game(None)
        human = self.session.is_human
        self.board.set_interactive(human and state is not None)
        self.hint.setVisible(human and state is not None)
        self.belief_box.setEnabled(not human and state is not None)  # on offer from the start; shows once there is one
        self._update_status(state)
        if human and state is not None:
            self.board.setFocus()

    def _check_agent_load(self) -> None:
        """Load the agent in play as soon as it is picked (or its files change) and show its load errors
        in the red banner, which stays until the agent changes."""
        spec, profile = self.session.spec, self.session.profile
        if spec is None or spec.kind == "human" or profile is None:
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
            self.log(f"{spec.name} cannot be loaded: {error}", LINE_COLOURS[LineKind.STOP])
            return
        self.load_banner.set_errors(spec.name, errors, spec.paths)
        if errors:
            self.log(f"{spec.name}: {load_note(errors)}:", LINE_COLOURS[LineKind.STOP])
            for error in errors:
                self.log(f"  {error}", LINE_COLOURS[LineKind.STOP])

    def load_banner_text(self) -> str:
        """What the load-error banner says ("" when hidden)."""
        return self.load_banner.text()

    def _on_report(self, report: StepReport) -> None:
        if report.error:
            self.show_error(self.tr("The agent could not start: {0}").format(report.error))
            return
        if report.kind is ReportKind.SETUP:
            self._agent_parameters = dict(report.parameters)
            self._parameters_error = report.parameters_error
            spec, profile = self.session.spec, self.session.profile
            self.log(self.tr("— new game: {0} · {1} · {2} —").format(
                self.map_title.text(), spec.name if spec else "?", profile.name if profile else "?"), "#0072B2")
        for kind, text in report.lines:
            self.log(text, LINE_COLOURS.get(kind))
        if report.events:
            last = report.events[-1]
            self._notice = (self.tr("Last action {0} {1}: {2}").format(last.text, last.outcome.value, last.reason)
                            if last.outcome in NOTICE_OUTCOMES else "")
        if report.state is not None:
            self.board.set_state(report.state)
            self._update_status(report.state)
        if report.belief_error:  # on offer from the start, unless the agent's belief cannot be read
            self.belief_box.setEnabled(False)
        self.belief_box.setToolTip(self.tr("Could not read the agent's belief: {0}").format(report.belief_error)
                                   if report.belief_error else self.tr(BELIEF_TIP))
        self._facts, self._facts_error = report.facts, report.facts_error
        self.trace_link.add(report.traces)
        if self.tabs.currentIndex() == 1 or report.result is not None:
            self._show_facts()
        if report.failure:
            self.show_error(self.tr("The agent failed: {0}. The game was solved as it stands.").format(report.failure))
        if report.result is not None:
            self._show_result(report.result)

    def _show_facts(self) -> None:
        if self.tabs.currentIndex() == 1 or self._facts is None:
            self.facts_panel.set_facts(self._facts, problem=self._facts_error)

    def _show_result(self, result: GameResult) -> None:
        if self.session.is_human and result.stop_reason == AGENT_SOLVED:
            result = dataclasses.replace(result, stop_reason=self.tr("solved"))  # by you, not by an agent
        self.score_panel.show_result(result)
        self.legend.set_revealed(True)
        self.board.set_interactive(False)
        self.hint.hide()
        self.coach_panel.set_game(self.session.game_so_far())
        self.coach_panel.set_step(result.events[-1].step if result.events else None)
        self.log(self.tr("result: score {0} (oracle {1}) after {2} steps; {3}").format(
            result.score, result.oracle, result.steps, result.stop_reason)
            + (f"; {result.load_note}" if result.load_errors else ""), "#0072B2")
        self.game_finished.emit(result)

    def _update_header(self) -> None:
        game_map = self.game_map
        if game_map is None:
            self.map_title.setText(self.tr("No map loaded"))
            self.map_info.setText(self.tr("Load a map to start (Ctrl+O)."))
            self.setWindowTitle(self.tr("Battleship Lab"))
            return
        fleet = (self.tr("standard fleet") if game_map.is_standard
                 else self.tr("non-standard fleet {0}").format(game_map.fleet_description()))
        if game_map.warnings:  # a course map the course plays as it is (docs/rules.md)
            fleet += " · " + (self.tr("1 warning") if len(game_map.warnings) == 1
                              else self.tr("{0} warnings").format(len(game_map.warnings)))
        known = len(game_map.known)
        self.map_title.setText(game_map.name or Path(self.map_path or "").stem)
        known_text = (self.tr("1 cell known at start") if known == 1
                      else self.tr("{0} cells known at start").format(known))
        oracle = self.tr("oracle {0}").format(self._oracle_text())
        self.map_info.setText(f"{fleet} · {known_text} · {oracle}")
        self.map_info.setToolTip("\n".join(t for t in (self.map_path, game_map.notes, *game_map.warnings) if t))
        spec = self.session.spec
        self.setWindowTitle(f"{self.tr('Battleship Lab')} — {self.map_title.text()}"
                            + (f" — {spec.name}" if spec else ""))

    def _oracle_text(self) -> str:
        if self.game_map is None or self.session.profile is None:
            return "—"
        from app.core.oracle import oracle_score

        profile = self.session.profile
        if self._oracle_map is not self.game_map:  # not an id(): CPython reuses the ids of freed maps
            self._oracle_map, self._oracles = self.game_map, {}
        key = (profile.name, profile.fires, profile.guesses, profile.max_steps)
        if key not in self._oracles:
            self._oracles[key] = oracle_score(self.game_map, profile)
        return str(self._oracles[key])

    def _update_status(self, state: BoardState | None) -> None:
        if state is None:
            self.step_label.setText(self.tr("Steps {0}").format("—"))
            self.fires_label.setText(self.tr("Fires left {0}").format("—"))
            self.flags_label.setText(self.tr("Flags left {0}").format("—"))
            return
        obs = state.observation
        self.step_label.setText(self.tr("Steps {0}").format(f"{obs.step} / {obs.max_steps}"))
        self.step_label.setToolTip(self.tr("Steps played of the game's limit (the log numbers them from 0, "
                                           "as the exec facts do)"))
        self.fires_label.setText(self.tr("Fires left {0}").format(obs.fires_left))
        self.flags_label.setText(self.tr("Flags left {0}").format(obs.guesses_left))

    def _update_controls(self) -> None:
        s = self.session
        ready = s.can_start() and not s.over
        human = s.is_human
        self.run_action.setEnabled(ready and not human and not s.running)
        self.step_action.setEnabled(ready and not human)
        self.pause_action.setEnabled(s.running)
        self.reset_action.setEnabled(s.started or s.over or s.failed)
        self.save_log_action.setEnabled(bool(s.events))
        self.solve_action.setEnabled(ready and human)
        for act in (self.run_action, self.step_action, self.pause_action):
            self._tool_slots[act].setVisible(not human)  # manual play has no use for them
        self._tool_slots[self.solve_action].setVisible(human)
        if s.game_map is None:
            text = self.tr("Load a map to start.")
        elif s.spec is None:
            text = self.tr("Pick an agent.")
        elif s.over:
            text = self.tr("Game over — press Reset to play again.")
        elif s.running:
            text = self.tr("Running…")
        elif human:
            text = self.tr("Your move.")
        elif s.started:
            text = self.tr("Paused.")
        else:
            text = self.tr("Ready — press Run or Step.")
        if not self.load_banner.isHidden() and not s.over:
            text = f"{text}   " + self.tr("The agent did not load cleanly: see the red banner.")
        if self._notice and not s.over:
            text = f"{text}   {self._notice}"
        self.state_label.setText(text)

    # ----- messages ------------------------------------------------------------------------------
    def show_error(self, text: str) -> None:
        """Show a readable error in the window (banner) and the log; the app stays usable."""
        self.banner.setText(text)
        self.banner.show()
        self.log(f"error: {text}", LINE_COLOURS[LineKind.STOP])

    def hide_error(self) -> None:
        """Hide the error banner."""
        self.banner.hide()
        self.banner.clear()

    def banner_text(self) -> str:
        """The error shown (empty when none)."""
        return "" if self.banner.isHidden() else self.banner.text()

    def log(self, text: str, colour: str | None = None) -> None:
        """Append one line to the log pane."""
        style = "white-space:pre-wrap" + (f";color:{colour}" if colour else "")  # keep columns, wrap at spaces
        self.log_view.appendHtml(f'<span style="{style}">{html.escape(text)}</span>')
        bar = self.log_view.verticalScrollBar()
        bar.setValue(bar.maximum())

    def log_text(self) -> str:
        """The whole log as plain text."""
        return self.log_view.toPlainText()

    # ----- drag and drop -------------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        """A dropped .py file (or .clp files that hold an AGENT module) picks the agent; any other file is a map."""
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if not paths:
            return
        agent_files = [p for p in paths if p.endswith(".py") or (p.endswith(".clp") and _defines_agent(p))]
        if agent_files:
            self.select_agent(",".join(agent_files))
        else:
            self.load_map(paths[0])
        event.acceptProposedAction()

    # ----- closing -----------------------------------------------------------------------
    def closeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        save_window_state(self.settings, "window", self, self.splitter, toolbars=True)
        for window in [self._editor, *self._replays]:
            if window is not None:
                window.close()
        self.session.shutdown()
        if self.compare_window is not None:
            self.compare_window.close()
        super().closeEvent(event)

    def restore_geometry(self) -> None:
        """Restore the last window geometry, toolbars and splitter, if any."""
        restore_window_state(self.settings, "window", self, self.splitter, toolbars=True)
