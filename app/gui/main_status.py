"""The main window's texts about the game in play: the map's header over the board (title, fleet, oracle) with
the window title, and the status bar (steps, fires and flags left, what to do next, a notice about the last move).
"""

from __future__ import annotations

from PyQt5.QtWidgets import QLabel, QMainWindow

from app.core import Outcome
from app.gui.board_state import BoardState
from app.gui.i18n import translate
from app.gui.load_banner import LoadErrorBanner
from app.gui.main_setup import GameSetup
from app.gui.session import GameSession, StepReport
from app.gui.theme import native_keys, title_row

NOTICE_OUTCOMES = (Outcome.REJECTED, Outcome.FIRE_WASTED, Outcome.FLAG_WASTED)


class MapHeader:
    """The map's title and summary line above the board (``head``: their row), and the window title."""

    def __init__(self, window: QMainWindow, setup: GameSetup, session: GameSession):
        self.window, self.setup, self.session = window, setup, session
        self.head, self.map_title, self.map_info = title_row(translate("MainWindow", "No map loaded"),
                                                             native_keys(translate("MainWindow", "Load a map to start (Ctrl+O).")))
        session.reset_done.connect(lambda _state: self.update())

    def update(self) -> None:
        """Say what the map in play is."""
        game_map = self.setup.game_map
        if game_map is None:
            self.map_title.setText(translate("MainWindow", "No map loaded"))
            self.map_info.setText(native_keys(translate("MainWindow", "Load a map to start (Ctrl+O).")))
            self.window.setWindowTitle(translate("MainWindow", "Battleship Lab"))
            return
        fleet = (translate("MainWindow", "standard fleet") if game_map.is_standard
                 else translate("MainWindow", "non-standard fleet {0}").format(game_map.fleet_description()))
        if game_map.warnings:  # a course map the course plays as it is (docs/rules.md)
            fleet += " · " + (translate("MainWindow", "1 warning") if len(game_map.warnings) == 1
                              else translate("MainWindow", "{0} warnings").format(len(game_map.warnings)))
        known = len(game_map.known)
        self.map_title.setText(self.setup.title())
        known_text = (translate("MainWindow", "1 cell known at start") if known == 1
                      else translate("MainWindow", "{0} cells known at start").format(known))
        oracle = translate("MainWindow", "oracle {0}").format(self.setup.oracle_text())
        self.map_info.setText(f"{fleet} · {known_text} · {oracle}")
        self.map_info.setToolTip("\n".join(t for t in (self.setup.map_path, game_map.notes, *game_map.warnings)
                                           if t))
        spec = self.session.spec
        title = translate("MainWindow", "Battleship Lab")
        self.window.setWindowTitle(f"{title} — {self.map_title.text()}" + (f" — {spec.name}" if spec else ""))


class StatusBar:
    """The status bar's counters (``step_label``, ``fires_label``, ``flags_label``) and its line saying what to
    do next (``state_label``), with a notice about the last move when it did nothing or was refused."""

    def __init__(self, session: GameSession, load_banner: LoadErrorBanner):
        self.session = session
        self.load_banner = load_banner  # shown: the agent did not load cleanly
        self.step_label = QLabel()
        self.fires_label = QLabel()
        self.flags_label = QLabel()
        self.state_label = QLabel("")
        self.notice = ""  # the last step's action was rejected or counted for nothing
        session.reset_done.connect(self._on_reset)
        session.reported.connect(self._on_report)
        session.changed.connect(self.update_text)

    def set_notice(self, text: str) -> None:
        """Say ``text`` after what to do next (a refused or unplayed move of yours)."""
        self.notice = text
        self.update_text()

    def _on_reset(self, state: BoardState | None) -> None:
        self.notice = ""
        self.update_counters(state)

    def _on_report(self, report: StepReport) -> None:
        if report.events:
            last = report.events[-1]
            self.notice = (translate("MainWindow", "Last action {0} {1}: {2}").format(
                last.text, last.outcome.value, last.reason) if last.outcome in NOTICE_OUTCOMES else "")
        if report.state is not None:
            self.update_counters(report.state)

    def update_counters(self, state: BoardState | None) -> None:
        """Steps, fires left, flags left."""
        if state is None:
            self.step_label.setText(translate("MainWindow", "Steps {0}").format("—"))
            self.fires_label.setText(translate("MainWindow", "Fires left {0}").format("—"))
            self.flags_label.setText(translate("MainWindow", "Flags left {0}").format("—"))
            return
        obs = state.observation
        self.step_label.setText(translate("MainWindow", "Steps {0}").format(f"{obs.step} / {obs.max_steps}"))
        self.step_label.setToolTip(translate("MainWindow", "Steps played of the game's limit (the log numbers them "
                                                           "from 0, as the exec facts do)"))
        self.fires_label.setText(translate("MainWindow", "Fires left {0}").format(obs.fires_left))
        self.flags_label.setText(translate("MainWindow", "Flags left {0}").format(obs.guesses_left))

    def update_text(self) -> None:
        """Say in the status bar what to do next."""
        s = self.session
        if s.game_map is None:
            text = translate("MainWindow", "Load a map to start.")
        elif s.spec is None:
            text = translate("MainWindow", "Pick an agent.")
        elif s.over:
            text = translate("MainWindow", "Game over — press Reset to play again.")
        elif s.running:
            text = translate("MainWindow", "Running…")
        elif s.is_human:
            text = translate("MainWindow", "Your move.")
        elif s.paused_turn is not None:
            text = translate("MainWindow", "Paused mid-turn before {0} (see the Rules tab).").format(
                s.paused_turn.next_rule)
        elif s.started:
            text = translate("MainWindow", "Paused.")
        else:
            text = translate("MainWindow", "Ready — press Run or Step.")
        if not self.load_banner.isHidden() and not s.over:
            text = f"{text}   " + translate("MainWindow", "The agent did not load cleanly: see the red banner.")
        if self.notice and not s.over:
            text = f"{text}   {self.notice}"
        self.state_label.setText(text)
