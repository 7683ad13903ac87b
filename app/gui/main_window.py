"""The main window: board, controls, log, score panel and Facts panel.

The window renders the session's reports and forwards the user's input; rules and scores come from ``app.core``
through ``GameSession``. Its other parts are mixins, one concern each: ``MainLayout`` (the widgets),
``AgentChoice`` (the Agent drop-down), ``GameSettings`` (rules, limits, agent parameters, language),
``FileCommands`` (maps, game logs, dropped files), ``CompanionWindows`` (Compare, editor, replays),
``StatusTexts`` (header, status bar, enabled controls), ``WindowMessages`` (error banner, log) and
``RuleDebugging`` (Step rule, breakpoints, why didn't it fire).
"""

from __future__ import annotations

import dataclasses

from PyQt5.QtCore import QSettings, pyqtSignal
from PyQt5.QtWidgets import QMainWindow

from app.backends.base import FactRow
from app.backends.registry import AgentSpec
from app.core import DEFAULT_PROFILE, PROFILES, Action, Cell, GameMap, GameResult, Outcome, Piece
from app.gui.board_state import BoardState
from app.gui.interaction import Interaction
from app.gui.main_agents import AgentChoice
from app.gui.main_companions import CompanionWindows
from app.gui.main_debug import RuleDebugging
from app.gui.main_files import FileCommands
from app.gui.main_layout import BELIEF_TIP, FACTS_TAB, MainLayout
from app.gui.main_messages import LINE_COLOURS, NOTE_COLOUR, WindowMessages
from app.gui.main_settings import GameSettings
from app.gui.main_status import StatusTexts
from app.gui.session import GameSession, ReportKind, StepReport
from app.gui.speed import DEFAULT_SPEED_INDEX, FASTEST_INDEX
from app.gui.theme import fit_to_screen
from app.gui.window_state import app_settings, restore_window_state, save_window_state

NOTICE_OUTCOMES = (Outcome.REJECTED, Outcome.FIRE_WASTED, Outcome.FLAG_WASTED)
AGENT_SOLVED = "solved by the agent"  # the stop reason app.core.game gives a game ended by a solve action


class MainWindow(MainLayout, AgentChoice, GameSettings, FileCommands, CompanionWindows, StatusTexts,
                 WindowMessages, RuleDebugging, QMainWindow):
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
        self._load_checked: tuple | None = None  # the agent files (and their times) the load banner is about
        self.limits: tuple[int | None, int | None, int | None] = (None, None, None)  # None: the profile's
        self._notice = ""  # the last step's action was rejected or counted for nothing
        self._remember_speed = True
        self._init_status()
        self._init_companions()
        self.setWindowTitle(self.tr("Battleship Lab"))
        self.setAcceptDrops(True)
        self._build_toolbar()
        self._build_central()
        self._build_status()
        self._build_menu()
        self._init_sandbox()
        self.session.reported.connect(self._on_report)
        self.session.reset_done.connect(self._on_reset)
        self.session.changed.connect(self._update_controls)
        self._init_debugging()
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

    # ----- game control --------------------------------------------------------------------
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

    # ----- manual play ---------------------------------------------------------------------
    def _on_cell_action(self, x: int, y: int, what: str) -> None:
        """A click or key on the board in a game of yours: fire, flag or unflag (asking first when it is wasted)."""
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
        self._init_status()
        self._init_companions()

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

    def _on_report(self, report: StepReport) -> None:
        if report.error:
            self.show_error(self.tr("The agent could not start: {0}").format(report.error))
            return
        if report.kind is ReportKind.SETUP:
            self._agent_parameters = dict(report.parameters)
            self._parameters_error = report.parameters_error
            spec, profile = self.session.spec, self.session.profile
            self.log(self.tr("— new game: {0} · {1} · {2} —").format(
                self.map_title.text(), spec.name if spec else "?", profile.name if profile else "?"), NOTE_COLOUR)
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
        self._show_pause(report)
        if self.tabs.currentIndex() == FACTS_TAB or report.result is not None:
            self._show_facts()
        if report.failure:
            self.show_error(self.tr("The agent failed: {0}. The game was solved as it stands.").format(report.failure))
        if report.result is not None:
            self._show_result(report.result)

    def _show_facts(self) -> None:
        if self.tabs.currentIndex() == FACTS_TAB or self._facts is None:
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
            + (f"; {result.load_note}" if result.load_errors else ""), NOTE_COLOUR)
        self.game_finished.emit(result)

    # ----- closing -----------------------------------------------------------------------
    def closeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        save_window_state(self.settings, "window", self, self.splitter, toolbars=True)
        self._close_companions()
        self.session.shutdown()
        super().closeEvent(event)

    def restore_geometry(self) -> None:
        """Restore the last window geometry, toolbars and splitter, if any."""
        restore_window_state(self.settings, "window", self, self.splitter, toolbars=True)
