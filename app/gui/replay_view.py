"""The replay viewer: a saved game log shown step by step with a scrubber.

``ReplayTrack`` re-plays a log (``app.core.gamelog.replay_file``) and keeps a
snapshot of every position, from the start to the solve; ``ReplayWindow``
shows one position at a time on the game board, with the log and the score
panel following. Scores are the engine's: the score panel shows the result
at the last position, and before it the score "if solved now".
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QEvent, QSettings, Qt, QTimer, pyqtSignal
from PyQt5.QtGui import QColor, QKeySequence
from PyQt5.QtWidgets import (
    QAction,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QSizePolicy,
    QSlider,
    QTabWidget,
    QToolButton,
    QWidget,
)

from app.backends.human import HUMAN_SPEC
from app.core import BattleshipError, Game, GameResult, Outcome, StepEvent
from app.core.gamelog import Replay, replay_file, rerun
from app.core.markers import markers_at
from app.gui.board import BoardWidget
from app.gui.board_state import BoardState
from app.gui.coach_panel import CoachPanel
from app.gui.engine_text import engine_text
from app.gui.interaction import Interaction
from app.gui.legend import LegendWidget
from app.gui.main_messages import as_shown
from app.gui.marker_layer import MarkerLayer, marker_switch
from app.gui.rules_panel import RulesPanel, traces_from_log
from app.gui.score_panel import ScorePanel
from app.gui.side_window import SideWindow
from app.gui.theme import (
    ScrollingColumn,
    Shortcut,
    add_tab,
    card_title,
    error_banner,
    fit_to_screen,
    mono_font,
    native_keys,
    side_column,
    split_central,
    title_row,
    window_toolbar,
)
from app.gui.theme import card as _card
from app.gui.trace_link import TraceLink

PLAY_INTERVAL_MS = 250


@dataclass(frozen=True, slots=True)
class ReplayTrack:
    """Every position of a replayed game: ``states[i]`` after ``events[:i]`` (0: the start)."""

    replay: Replay
    events: tuple[StepEvent, ...]
    states: tuple[BoardState, ...]
    scores: tuple[int, ...]  # the score if the game were solved at each position
    result: GameResult

    @classmethod
    def from_replay(cls, replay: Replay) -> ReplayTrack:
        """Snapshots of every position of ``replay``'s game (re-run by the engine)."""
        done = replay.game
        game = Game(done.map, done.profile, agent=done.agent)
        states = [BoardState.from_game(game)]
        scores = [game.score()]
        for position in rerun(game, done.events):  # the log's markers: the engine's game has none of its own
            state = BoardState.from_game(position)
            states.append(dataclasses.replace(state, markers=markers_at(done.markers, position.events[-1].step)))
            scores.append(position.score())
        return cls(replay, tuple(done.events), tuple(states), tuple(scores), game.result())

    @property
    def last(self) -> int:
        """The index of the final position."""
        return len(self.states) - 1

    def notes_before(self, position: int) -> list[str]:
        """What was said while the agent decided the step that led to ``position`` (none at the start)."""
        if position <= 0:
            return []
        step = self.events[position - 1].step
        return [text for at, text in self.replay.game.notes if at == step]


class ReplayWindow(SideWindow):
    """Shows a game log: step forward and back, scrub, play; board, log and score panel follow."""

    position_changed = pyqtSignal(int)
    STATE_KEY = "replay"

    def __init__(self, settings: QSettings | None = None, interaction: Interaction | None = None,
                 parent: QWidget | None = None):
        super().__init__(settings, interaction, parent)
        self.track: ReplayTrack | None = None
        self.path: str | None = None
        self.position = 0
        self._timer = QTimer(self)
        self._timer.setInterval(PLAY_INTERVAL_MS)
        self._timer.timeout.connect(self._tick)
        self.setWindowTitle(self.tr("Replay — Battleship Lab"))
        self._build_toolbar()
        self._build_central()
        fit_to_screen(self, 1320, 840)
        self._show_position()

    # ----- construction ----------------------------------------------------------------
    def _build_toolbar(self) -> None:
        bar = window_toolbar(self, self.tr("Replay"), "replayToolbar")

        def action(text: str, shortcuts: tuple[Shortcut, ...], tip: str, slot) -> QAction:
            return self._tool_action(bar, text, shortcuts, tip, slot)

        self.open_action = action(
            QT_TRANSLATE_NOOP("ReplayWindow", "Open replay…"), (QKeySequence.Open,),
            QT_TRANSLATE_NOOP("ReplayWindow", "Open a game log (.jsonl)"), self.choose_and_open)
        bar.addSeparator()
        self.first_action = action(
            QT_TRANSLATE_NOOP("ReplayWindow", "Start"), ("Home",),
            QT_TRANSLATE_NOOP("ReplayWindow", "Go to the start of the game"), self.first)
        self.back_action = action(
            QT_TRANSLATE_NOOP("ReplayWindow", "◀ Back"), ("Left", "Backspace"),
            QT_TRANSLATE_NOOP("ReplayWindow", "One step back"), self.back)
        self.play_action = action(
            QT_TRANSLATE_NOOP("ReplayWindow", "Play"), ("Space",),
            QT_TRANSLATE_NOOP("ReplayWindow", "Play the game forward, or pause"), self.toggle_play)
        self.buttons["Play"].setObjectName("runButton")
        self.buttons["Play"].setMinimumWidth(70)
        self.forward_action = action(
            QT_TRANSLATE_NOOP("ReplayWindow", "Forward ▶"), ("Right",),
            QT_TRANSLATE_NOOP("ReplayWindow", "One step forward"), self.forward)
        self.last_action = action(
            QT_TRANSLATE_NOOP("ReplayWindow", "End"), ("End",),
            QT_TRANSLATE_NOOP("ReplayWindow", "Go to the solve and the score"), self.last)
        bar.addSeparator()
        self.scrubber = QSlider(Qt.Horizontal)
        self.scrubber.setMinimumWidth(260)
        self.scrubber.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self.scrubber.setToolTip(self.tr("Drag to any step of the game"))
        self.scrubber.setFocusPolicy(Qt.NoFocus)  # arrows belong to the window's step actions
        self.scrubber.valueChanged.connect(self.go_to)
        bar.addWidget(self.scrubber)
        self.step_label = QLabel("— steps")
        widest = self.tr("{0} / {1} steps").format(999, 999) + " · " + self.tr("step {0}").format(999)
        self.step_label.setMinimumWidth(self.step_label.fontMetrics().horizontalAdvance(widest) + 8)  # never cut
        self.step_label.setToolTip(self.tr("The position shown: steps carried out so far, of the game's total"))
        bar.addWidget(self.step_label)

    def _build_central(self) -> None:
        central, self.splitter = split_central("replaySplitter")

        board_card, board_layout = _card()
        head, self.title_label, self.info_label = title_row(self.tr("No replay open"),
                                                            native_keys(self.tr("Open a game log (Ctrl+O).")))
        board_layout.addLayout(head)
        self.banner = error_banner()
        board_layout.addWidget(self.banner)
        self.board = BoardWidget()
        self.board.setAccessibleName("replay board")
        self.marker_layer = MarkerLayer(self.board)
        head.addWidget(marker_switch(self.marker_layer))
        board_layout.addWidget(self.board, 1)
        self.legend = LegendWidget()
        board_layout.addWidget(self.legend)
        self.splitter.addWidget(ScrollingColumn(board_card))

        right, right_layout = side_column()
        self.score_panel = ScorePanel()
        right_layout.addWidget(self.score_panel)
        log_card, log_layout = _card()
        log_layout.addWidget(card_title(self.tr("Steps")))
        self.log_list = QListWidget()
        self.log_list.setObjectName("log")
        self.log_list.setVerticalScrollMode(QListWidget.ScrollPerPixel)  # per item, the row in view could be cut
        self.log_list.viewport().installEventFilter(self)
        self.log_list.setToolTip(self.tr("One line per step; pick a line to go to that step"))
        self.log_list.setStyleSheet("QListWidget#log { border: none; background: #FFFFFF; }"
                                    "QListWidget#log::item:selected { background: #CFE6F5; color: #1F2933; }")
        mono = mono_font(9)
        self.log_list.setFont(mono)
        self.log_list.currentRowChanged.connect(lambda row: row >= 0 and self.go_to(row))
        log_layout.addWidget(self.log_list, 1)
        right_layout.addWidget(log_card, 3)
        notes_card, notes_layout = _card()
        self.notes_title = card_title(self.tr("What the agent said"))
        notes_layout.addWidget(self.notes_title)
        self.notes_view = QPlainTextEdit()
        self.notes_view.setObjectName("notes")
        self.notes_view.setReadOnly(True)
        self.notes_view.setFont(mono)
        self.notes_view.setFrameShape(QPlainTextEdit.NoFrame)
        self.notes_view.setLineWrapMode(QPlainTextEdit.WidgetWidth)
        self.notes_view.setToolTip(self.tr("The agent's printouts (and why the game stopped) while it decided this "
                                           "step, as saved in the log"))
        self.notes_view.setMinimumHeight(70)
        notes_layout.addWidget(self.notes_view, 1)
        self.side_tabs = QTabWidget()
        add_tab(self.side_tabs, notes_card, self.tr("Notes"),
                self.tr("What the agent printed while deciding the step shown"))
        self.coach_panel = CoachPanel(self.board)
        self.coach_panel.step_chosen.connect(self._go_to_step)
        add_tab(self.side_tabs, self.coach_panel, self.tr("Coach"),
                self.tr("Each decision graded against bayes's play with the agent's information"))
        self.rules_panel = RulesPanel()
        add_tab(self.side_tabs, self.rules_panel, self.tr("Rules"),
                self.tr("A CLIPS agent's rule firings of the step shown, the agenda after it and each rule's count "
                        "(in logs saved from traced games: run --trace … --log)"))
        self.trace_link = TraceLink(self.rules_panel, None, self.board)
        right_layout.addWidget(self.side_tabs, 2)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([760, 520])
        self.setCentralWidget(central)
        for button in self.findChildren(QToolButton, "qt_toolbar_ext_button"):
            button.setToolTip(self.tr("More controls (the window is too narrow to show them all)"))
        self.file_label = QLabel()
        self.statusBar().addPermanentWidget(self.file_label)  # right; showMessage() takes the left

    # ----- opening --------------------------------------------------------------------
    def choose_and_open(self) -> None:
        """Ask for a game log and open it."""
        start = str(Path(self.path).parent) if self.path else str(Path.cwd())
        path = self.interaction.choose_replay(start)
        if path:
            self.open_replay(path)

    def open_replay(self, path: str) -> bool:
        """Open the game log at ``path`` (re-played by the engine); False and a message if it cannot be read."""
        try:
            track = ReplayTrack.from_replay(replay_file(path))
        except BattleshipError as error:
            self.show_error(self.tr("Could not open the replay: {0}").format(error))
            return False
        self.show_track(track, str(Path(path).resolve()))
        return True

    def show_track(self, track: ReplayTrack, path: str | None = None) -> None:
        """Show ``track`` from its start."""
        self.pause()
        self.track, self.path = track, path
        game = track.replay.game
        self.title_label.setText(game.map.name or (Path(path).stem if path else "replay"))
        agent = game.agent or self.tr("unknown agent")
        self.info_label.setText(self.tr("{0} · {1} · {2} steps · score {3} (oracle {4})").format(
            agent, game.profile.name, len(track.events), track.result.score, track.result.oracle))
        self.setWindowTitle(self.tr("Replay — {0} — Battleship Lab").format(self.title_label.text()))
        if track.replay.mismatches:
            shown = "; ".join(track.replay.mismatches[:3])
            more = len(track.replay.mismatches) - 3
            self.show_error(f"The log disagrees with the engine (the engine's game is shown): {shown}"
                            + (f" (and {more} more)" if more > 0 else ""))
        else:
            self.banner.hide()
        traces, problem = traces_from_log(game.traces)
        if problem:
            self.show_error(f"The log's rule trace cannot be shown: {problem}")
        self.rules_panel.set_traces(traces)
        self.log_list.blockSignals(True)
        self.log_list.clear()
        self.log_list.addItem("step   —  start")
        for event in track.events:
            item = QListWidgetItem(event.describe(engine_text))
            if event.outcome is Outcome.REJECTED:
                item.setForeground(QColor("#B34700"))
            elif event.outcome is Outcome.SOLVED:
                item.setForeground(QColor("#0072B2"))
            self.log_list.addItem(item)
        self.log_list.blockSignals(False)
        self.scrubber.blockSignals(True)
        self.scrubber.setRange(0, track.last)
        self.scrubber.blockSignals(False)
        self.file_label.setText(path or "")
        self.coach_panel.set_game(game)
        self.position = -1
        self.go_to(0)

    # ----- moving -----------------------------------------------------------------------
    def go_to(self, position: int) -> None:
        """Show position ``position`` (0: the start; the last: the solved game)."""
        if self.track is None:
            return
        position = max(0, min(self.track.last, int(position)))
        if position == self.position:
            return
        self.position = position
        self._show_position()
        self.position_changed.emit(position)

    def _go_to_step(self, step: int) -> None:
        """Go to the position just after game step ``step``."""
        if self.track is not None:
            self.go_to(next((i + 1 for i, e in enumerate(self.track.events) if e.step == step), self.position))

    def first(self) -> None:
        """The start of the game."""
        self.go_to(0)

    def back(self) -> None:
        """One step back."""
        self.pause()
        self.go_to(self.position - 1)

    def forward(self) -> None:
        """One step forward."""
        self.go_to(self.position + 1)

    def last(self) -> None:
        """The solved game and its score."""
        self.pause()
        if self.track is not None:
            self.go_to(self.track.last)

    def toggle_play(self) -> None:
        """Play forward (from the start if at the end), or pause."""
        if self._timer.isActive():
            self.pause()
            return
        if self.track is None:
            return
        if self.position >= self.track.last:
            self.go_to(0)
        self._timer.start()
        self._update_controls()

    def pause(self) -> None:
        """Stop playing."""
        self._timer.stop()
        self._update_controls()

    @property
    def playing(self) -> bool:
        """True while playing forward."""
        return self._timer.isActive()

    def _tick(self) -> None:
        if self.track is None or self.position >= self.track.last:
            self.pause()
            return
        self.forward()
        if self.position >= self.track.last:
            self.pause()

    # ----- rendering ------------------------------------------------------------------------
    def _show_position(self) -> None:
        track = self.track
        if track is None:
            self.board.set_state(None)
            self.score_panel.clear(hint=self.tr("Open a game log to replay it."))
            self._update_controls()
            return
        position = self.position
        state = track.states[position]
        self.board.set_state(state)
        over = position == track.last
        self.legend.set_revealed(over)
        if over:
            self.score_panel.show_result(as_shown(track.result, track.result.agent == HUMAN_SPEC.name))
        else:
            self.score_panel.clear(hint=self.tr("Step {0} of {1}: the score if solved now would be {2}.").format(
                position, track.last, track.scores[position]), oracle=str(track.result.oracle))
        self.scrubber.blockSignals(True)
        self.scrubber.setValue(position)
        self.scrubber.blockSignals(False)
        self.log_list.blockSignals(True)
        self.log_list.setCurrentRow(position)
        self.log_list.blockSignals(False)
        self._scroll_to_current()
        QTimer.singleShot(0, self._scroll_to_current)  # again once a pending layout has sized the list
        self._show_notes(position)
        self.coach_panel.set_step(track.events[position - 1].step if position > 0 else None)
        self.trace_link.show_step(track.events[position - 1].step if position > 0 else None)
        obs = state.observation
        # the count of steps done, and the step whose row is highlighted (the log numbers steps from 0)
        self.step_label.setText(self.tr("{0} / {1} steps").format(position, track.last)
                                + (" · " + self.tr("step {0}").format(position - 1) if position else ""))
        self.statusBar().showMessage(self.tr("fires left {0} · flags left {1}").format(obs.fires_left,
                                                                                       obs.guesses_left)
                                     + (" · " + self.tr("solved") if over else ""))
        self._update_controls()

    def _show_notes(self, position: int) -> None:
        track = self.track
        if position <= 0 or track is None:
            self.notes_title.setText(self.tr("What the agent said"))
            self.notes_view.setPlainText(self.tr("Step forward: each step shows what the agent printed while deciding "
                                                 "it.") if track is not None else "")
            return
        event = track.events[position - 1]
        self.notes_title.setText(self.tr("What the agent said for step {0} ({1})").format(event.step, event.text))
        notes = track.notes_before(position)
        if notes:
            self.notes_view.setPlainText("\n".join(notes))
        elif not track.replay.game.notes:
            self.notes_view.setPlainText(self.tr("This log holds no printouts (saved without them, or the agent "
                                                 "printed nothing)."))
        else:
            self.notes_view.setPlainText(self.tr("(nothing printed for this step)"))

    def _update_controls(self) -> None:
        track = self.track
        has = track is not None
        at_start = not has or self.position <= 0
        at_end = not has or self.position >= track.last
        self.first_action.setEnabled(not at_start)
        self.back_action.setEnabled(not at_start)
        self.forward_action.setEnabled(not at_end)
        self.last_action.setEnabled(not at_end)
        self.play_action.setEnabled(has)
        self.play_action.setText(self.tr("Pause") if self.playing else self.tr("Play"))
        self.scrubber.setEnabled(has)

    def show_error(self, text: str) -> None:
        """Show a readable error in the banner; the window stays usable."""
        self.banner.setText(text)
        self.banner.show()

    def banner_text(self) -> str:
        """The error shown (empty when none)."""
        return "" if self.banner.isHidden() else self.banner.text()

    # ----- window state ----------------------------------------------------------------------
    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt naming)
        """Keep the highlighted step in view when the steps list changes height (its last row was cut off)."""
        if watched is self.log_list.viewport() and event.type() == QEvent.Resize:
            QTimer.singleShot(0, self._scroll_to_current)
        return super().eventFilter(watched, event)

    def _scroll_to_current(self) -> None:
        item = self.log_list.currentItem()
        if item is not None:
            self.log_list.scrollToItem(item)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        self.pause()
        self.save_state()
        super().closeEvent(event)
