"""The main window's game controls: Run, Step, Step rule, Step back, Rule back, Pause, Reset, Solve and the speed
slider.

``GameControls`` owns the actions (the window places their buttons in the toolbar and lists them in the Game menu)
and enables those the session allows whenever it changes; manual play hides the ones it has no use for. In the
toolbar Run and Solve show their name, the others their icon alone (app/gui/icons.py), named by their tooltip and
the Game menu: as words they pushed Compare… and the speed into the toolbar's overflow on a 1366 px laptop.
"""

from __future__ import annotations

from collections.abc import Callable

from PyQt5.QtCore import QSettings, QSize, Qt
from PyQt5.QtGui import QColor, QKeySequence
from PyQt5.QtWidgets import QAction, QMainWindow, QMenuBar, QToolBar, QToolButton

from app.core import Action
from app.gui.i18n import translate
from app.gui.icons import SIZE, control_icon
from app.gui.main_messages import NOTE_COLOUR, Messages
from app.gui.session import GameSession, ReportKind, StepReport
from app.gui.speed import DEFAULT_SPEED_INDEX, FASTEST_INDEX, SpeedControl
from app.gui.stepback import StepBack


class GameControls:
    """The game's actions (``run_action`` … ``solve_action``) and the speed control (``speed``)."""

    def __init__(self, window: QMainWindow, session: GameSession, settings: QSettings, messages: Messages,
                 restart: Callable[[], None] | None = None):
        """``restart``: what Reset does (the main window's: reload the agent's files and start over)."""
        self.window, self.session, self.settings, self.messages = window, session, settings, messages
        self._restart = restart
        self.run_action = self._action(translate("MainWindow", "Run"), "F5",
                                       translate("MainWindow", "Play on by itself"), session.run)
        self.step_action = self._action(translate("MainWindow", "Step"), "F10",
                                        translate("MainWindow", "Carry out one step"), session.step)
        self.step_rule_action = self._action(
            translate("MainWindow", "Step rule"), "F11",
            translate("MainWindow", "Fire one rule of a CLIPS agent's turn: the turn pauses mid-way (see the Rules "
                                    "tab)"), session.step_rule)
        self.back = StepBack(session)
        session.keep_standby = True  # one step back then plays a step, not the whole game
        self.back_step_action = self._action(
            translate("MainWindow", "Step back"), "Shift+F10",
            translate("MainWindow", "Back to the start of the step (inside a turn: of this step): the game is played "
                                    "again from its start to there"), self.back.back_step)
        self.back_rule_action = self._action(
            translate("MainWindow", "Rule back"), "Shift+F11",
            translate("MainWindow", "Back one rule firing of a CLIPS agent's turn: the game is played again from its "
                                    "start to there (right-click a firing in the Rules tab to go back to it)"),
            self.back.back_rule)
        self.pause_action = self._action(translate("MainWindow", "Pause"), "F6",
                                         translate("MainWindow", "Pause after the current step"), session.pause)
        self.reset_action = self._action(translate("MainWindow", "Reset"), "Ctrl+R",
                                         translate("MainWindow", "Read the agent's files again and start this game "
                                                                 "over"), self.reset)
        self.solve_action = self._action(translate("MainWindow", "Solve"), "Ctrl+Return",
                                         translate("MainWindow", "End your game and score it"), self.solve)
        self.speed = SpeedControl()
        self.speed.interval_changed.connect(self._on_speed)
        self._remember_speed = True
        self._tool_slots: dict[QAction, QAction] = {}  # action -> the toolbar slot holding its button
        session.changed.connect(self.update)
        session.reported.connect(self._on_report)

    def _action(self, text: str, shortcut: str, tip: str, slot) -> QAction:
        act = QAction(text, self.window)
        act.setShortcut(QKeySequence(shortcut))
        act.setToolTip(f"{tip} ({shortcut})")
        act.triggered.connect(lambda _checked=False: slot())
        self.window.addAction(act)
        return act

    def _icons(self) -> dict[QAction, str]:
        """Each game action, in the toolbar's order, with its icon's name."""
        return {self.run_action: "run", self.step_action: "step", self.step_rule_action: "step_rule",
                self.back_step_action: "back_step", self.back_rule_action: "back_rule",
                self.pause_action: "pause", self.reset_action: "reset", self.solve_action: "solve"}

    def add_buttons(self, bar: QToolBar) -> None:
        """One toolbar button per game action, in order: Run (``runButton`` for the style sheet: white on blue)
        and Solve with their name beside the icon, the others the icon alone."""
        for act, icon in self._icons().items():
            named = act in (self.run_action, self.solve_action)
            act.setIcon(control_icon(icon, QColor("white"), QColor("#F3F7FA")) if act is self.run_action
                        else control_icon(icon))
            button = QToolButton()
            button.setDefaultAction(act)
            button.setIconSize(QSize(SIZE, SIZE))
            button.setToolButtonStyle(Qt.ToolButtonTextBesideIcon if named else Qt.ToolButtonIconOnly)
            if act is self.run_action:
                button.setObjectName("runButton")
            self._tool_slots[act] = bar.addWidget(button)

    def build_menu(self, menu: QMenuBar) -> None:
        """Game ▸ every game action by name with its key (the toolbar shows most of them as icons)."""
        self.game_menu = menu.addMenu(translate("MainWindow", "&Game"))
        self.game_menu.setToolTipsVisible(True)
        for act in self._icons():
            self.game_menu.addAction(act)
            if act in (self.pause_action, self.step_rule_action):
                self.game_menu.addSeparator()

    def restore_speed(self) -> None:
        """Take the speed remembered from the last session."""
        speed = self.settings.value("last/speed", DEFAULT_SPEED_INDEX)
        self.speed.slider.setValue(int(speed) if str(speed).isascii() and str(speed).isdigit()
                                   else DEFAULT_SPEED_INDEX)
        self._on_speed(self.speed.interval_ms())

    def reset(self) -> None:
        """Start the current game over (cancels a running agent), reading the agent's files again, with an empty
        log (the old game's lines stayed above the new one's and were read as this game's)."""
        self.messages.clear_log()
        if self._restart is not None:
            self._restart()
            return
        self.messages.hide_error()
        self.session.reset()

    def solve(self) -> None:
        """End a manual game."""
        self.session.submit(Action.solve())

    def _on_report(self, report: StepReport) -> None:
        if report.kind is not ReportKind.REWIND or report.error:
            return
        now = self.back.now()
        if now.fired == 0:
            line = translate("MainWindow", "— back to the start of step {0} —").format(now.step)
        elif now.fired == 1:
            line = translate("MainWindow", "— back to step {0}, after the first rule firing of its turn —").format(
                now.step)
        else:
            line = translate("MainWindow", "— back to step {0}, after {1} rule firings of its turn —").format(
                now.step, now.fired)
        self.messages.log(line, NOTE_COLOUR)

    def _on_speed(self, interval_ms: int) -> None:
        self.session.set_interval(interval_ms)
        if self._remember_speed:
            self.settings.setValue("last/speed", self.speed.slider.value())

    def set_fastest(self) -> None:
        """Move the speed slider to "as fast as it goes" (for this session only: not remembered)."""
        self._remember_speed = False
        try:
            self.speed.slider.setValue(FASTEST_INDEX)
        finally:
            self._remember_speed = True

    def update(self) -> None:
        """Enable the game controls the session allows."""
        s = self.session
        ready = s.can_start() and not s.over
        human = s.is_human
        self.run_action.setEnabled(ready and not human and not s.running)
        self.step_action.setEnabled(ready and not human)
        self.step_rule_action.setEnabled(s.can_step_rule and not s.running)
        self.back_step_action.setEnabled(self.back.can_back())
        self.back_rule_action.setEnabled(self.back.can_back_rule())
        self.pause_action.setEnabled(s.running)
        self.reset_action.setEnabled(s.spec is not None)  # in every state: it is how a fixed agent file is reloaded
        self.solve_action.setEnabled(ready and human)
        for act in (self.run_action, self.step_action, self.step_rule_action, self.back_step_action,
                    self.back_rule_action, self.pause_action):
            self._tool_slots[act].setVisible(not human)  # manual play has no use for them
        self._tool_slots[self.solve_action].setVisible(human)
