"""The main window's game on screen: the board with its legend, the hint of a game of yours, the belief overlay
switch and the score card; and manual play (a click or key on the board in a game of yours).
"""

from __future__ import annotations

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QSettings
from PyQt5.QtGui import QKeySequence
from PyQt5.QtWidgets import QAction, QCheckBox, QLabel, QMainWindow

from app.core import Action, Cell, GameResult, Piece
from app.gui.board import BoardWidget
from app.gui.board_state import BoardState
from app.gui.i18n import translate
from app.gui.interaction import Interaction
from app.gui.legend import LegendWidget
from app.gui.main_messages import PROBLEM_COLOUR, Messages, as_shown
from app.gui.main_setup import GameSetup
from app.gui.main_status import StatusBar
from app.gui.marker_layer import MarkerLayer, marker_switch
from app.gui.score_panel import ScorePanel
from app.gui.session import GameSession, StepReport
from app.gui.theme import native_keys

BELIEF_TIP = QT_TRANSLATE_NOOP("MainWindow",
                               "Shade unknown cells by the agent's P(ship), when the agent has one (Ctrl+B)")


class GameView:
    """The board (``board``), its ``legend``, the ``hint`` of a game of yours, the ``belief_box``, the agent's
    markers (``marker_layer``, switched by ``marker_box``) and the ``score_panel``, kept in step with the session."""

    def __init__(self, window: QMainWindow, setup: GameSetup, session: GameSession):
        self.setup, self.session = setup, session
        self.belief_box = QCheckBox(translate("MainWindow", "Belief overlay"))
        self.belief_box.setToolTip(native_keys(translate("MainWindow", BELIEF_TIP)))
        self.belief_box.toggled.connect(lambda on: self.board.set_belief_visible(on))
        belief_action = QAction(window)
        belief_action.setShortcut(QKeySequence("Ctrl+B"))
        belief_action.triggered.connect(lambda: self.belief_box.isEnabled() and self.belief_box.toggle())
        window.addAction(belief_action)
        self.hint = QLabel(native_keys(translate(
            "MainWindow",
            "<b>Your game.</b> Left click fires · right click flags or unflags · arrows move the cursor, "
            "F or Space fires, G flags · Solve (Ctrl+Enter) ends the game.")))
        self.hint.setObjectName("bannerInfo")
        self.hint.setWordWrap(True)
        self.hint.hide()
        self.board = BoardWidget()
        self.marker_layer = MarkerLayer(self.board)
        self.marker_box = marker_switch(self.marker_layer)
        self.legend = LegendWidget()
        self.score_panel = ScorePanel()
        session.reset_done.connect(self._on_reset)
        session.reported.connect(self._on_report)
        session.game_over.connect(self._on_game_over)

    def _on_reset(self, state: BoardState | None) -> None:
        self.board.set_state(state)
        self.score_panel.clear(oracle=self.setup.oracle_text() if state is not None else "—")
        self.legend.set_revealed(False)
        human = self.session.is_human
        self.board.set_interactive(human and state is not None)
        self.hint.setVisible(human and state is not None)
        self.belief_box.setEnabled(not human and state is not None)  # on offer from the start; shows once there is one
        if human and state is not None:
            self.board.setFocus()

    def _on_report(self, report: StepReport) -> None:
        if report.error:
            return
        if report.state is not None:
            self.board.set_state(report.state)
        if report.belief_error:  # on offer from the start, unless the agent's belief cannot be read
            self.belief_box.setEnabled(False)
        self.belief_box.setToolTip(translate("MainWindow", "Could not read the agent's belief: {0}").format(
            report.belief_error) if report.belief_error else native_keys(translate("MainWindow", BELIEF_TIP)))

    def _on_game_over(self, result: GameResult, _failure: str) -> None:
        self.score_panel.show_result(as_shown(result, self.session.is_human))
        self.legend.set_revealed(True)
        self.board.set_interactive(False)
        self.hint.hide()


class ManualPlay:
    """A click or key on the board in a game of yours: fire, flag or unflag, asking first when it is wasted (a
    remembered answer is given without asking). A move not made is said in the status bar and the log."""

    def __init__(self, session: GameSession, board: BoardWidget, status: StatusBar, settings: QSettings,
                 interaction: Interaction, messages: Messages):
        self.session, self.status, self.settings, self.interaction = session, status, settings, interaction
        self.messages = messages
        board.cell_action.connect(self.on_cell_action)

    def on_cell_action(self, x: int, y: int, what: str) -> None:
        """Fire at, flag or unflag the cell (x, y) in a game of yours."""
        if not self.session.is_human or self.session.over:
            return
        state, cell = self.session.state, Cell(x, y)
        observation = state.observation if state is not None else None
        human = self.session.human
        if observation is not None and human is not None and not human.pending():
            left = observation.fires_left if what == "fire" else observation.guesses_left
            if left <= 0 and (what == "fire" or cell not in observation.flags):  # the game would end as stalled
                self._not_made((
                    translate("MainWindow", "{0} not played: no fires left (the course's environment has no rule "
                                            "for it and would hang)") if what == "fire"
                    else translate("MainWindow", "{0} not played: no flags left (the course's environment has no "
                                                 "rule for it and would hang)")).format(
                    Action.fire(x, y) if what == "fire" else Action.guess(x, y)))
                return
        if what == "fire":
            if observation is not None and cell in observation.fired and not self._ask_once(
                    "fire-again", translate("MainWindow", "This cell was fired at already: another fire tells "
                                                          "nothing new and costs a fire. Fire anyway?")):
                return
            known = observation.known.get(cell) if observation is not None else None
            if known is not None and known.is_ship and cell not in observation.fired and not self._ask_once(
                    "fire-known", translate("MainWindow", "This ship cell is known from the start: a fire there tells "
                                                          "nothing new and costs a fire. Fire anyway?")):
                return
            self.session.submit(Action.fire(x, y))
            return
        flagged = observation is not None and cell in observation.flags
        if not flagged and observation is not None and observation.content(cell) is Piece.WATER and not self._ask_once(
                "flag-water", translate("MainWindow", "This cell is water: a flag on it is a wrong flag (gko) when "
                                                      "the game is solved. Flag it anyway?")):
            return
        self.session.submit(Action.unguess(x, y) if flagged else Action.guess(x, y))

    def _not_made(self, text: str) -> None:
        """Say why a move was not made: in the status bar and in the log."""
        self.status.set_notice(text)
        self.messages.log(text, PROBLEM_COLOUR)

    def _ask_once(self, key: str, question: str) -> bool:
        """Ask ``question`` with "Don't ask again"; a remembered answer is given without asking (and said)."""
        remembered = str(self.settings.value(f"ask/{key}", ""))
        if remembered in ("yes", "no"):
            if remembered == "no":
                self._not_made(translate("MainWindow", "Refused: {0}").format(question.split(":")[0]))
            return remembered == "yes"
        yes, dont_ask = self.interaction.confirm(translate("MainWindow", "Your game"), question, offer_dont_ask=True)
        if dont_ask:
            self.settings.setValue(f"ask/{key}", "yes" if yes else "no")
        return yes
