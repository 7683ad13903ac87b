"""Two games of one map side by side, step by step: the old version's and the new one's, opened at the step where
they part (the Changes tab after a reload, and the maps of an A/B comparison in Compare).

Each game is re-run by the engine into a snapshot per position (as the replay viewer does); one scrubber moves both.
Position ``p`` is the board after the first ``p`` steps of each game (a game that ended sooner stays at its end).
"""

from __future__ import annotations

from PyQt5.QtCore import Qt
from PyQt5.QtWidgets import QHBoxLayout, QLabel, QMainWindow, QPushButton, QSlider, QVBoxLayout, QWidget

from app.analysis.diff import GameDiff, action_text, diff_games
from app.core import Game
from app.core.gamelog import rerun
from app.gui.board import BoardWidget
from app.gui.board_state import BoardState
from app.gui.theme import card, fit_to_screen


def snapshots(game: Game) -> list[BoardState]:
    """The board before any step, then after each step of ``game`` (re-run by the engine)."""
    fresh = Game(game.map, game.profile, agent=game.agent)
    states = [BoardState.from_game(fresh)]
    states.extend(BoardState.from_game(position) for position in rerun(fresh, game.events))
    return states


def position_of(diff: GameDiff, old: Game, new: Game) -> int:
    """The position just after the first differing step (the end when the games agree throughout)."""
    last = max(len(old.events), len(new.events))
    if diff.first_step is None:
        return last
    for index in range(last):
        for game in (old, new):
            if index < len(game.events) and game.events[index].step == diff.first_step:
                return index + 1
    return last


class TwoBoards(QMainWindow):
    """The old and the new game of one map, one scrubber for both, opened at the first differing step."""

    def __init__(self, old: Game, new: Game, parent: QWidget | None = None):
        super().__init__(parent)
        self.old, self.new = old, new
        self.diff = diff_games(old, new)
        self.states = (snapshots(old), snapshots(new))
        self.last = max(len(old.events), len(new.events))
        self.setWindowTitle(self.tr("{0}: old and new side by side — Battleship Lab").format(old.map.name))
        self.boards = (BoardWidget(), BoardWidget())
        self.step_labels = (QLabel(), QLabel())
        central = QWidget()
        layout = QVBoxLayout(central)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        row = QHBoxLayout()
        for side, (game, board, label) in enumerate(zip((old, new), self.boards, self.step_labels, strict=True)):
            box, inner = card()
            title = QLabel((self.tr("old: {0} · score {1}") if side == 0 else self.tr("new: {0} · score {1}")).format(
                game.agent, game.score()))
            title.setObjectName("cardTitle")
            inner.addWidget(title)
            inner.addWidget(board, 1)
            label.setTextInteractionFlags(Qt.TextSelectableByMouse)
            inner.addWidget(label)
            row.addWidget(box, 1)
        layout.addLayout(row, 1)
        controls = QHBoxLayout()
        self.back_button = QPushButton(self.tr("◀ Back"))
        self.back_button.clicked.connect(lambda: self.go_to(self.position - 1))
        self.forward_button = QPushButton(self.tr("Forward ▶"))
        self.forward_button.clicked.connect(lambda: self.go_to(self.position + 1))
        self.scrubber = QSlider(Qt.Horizontal)
        self.scrubber.setRange(0, self.last)
        self.scrubber.valueChanged.connect(self.go_to)
        self.position_label = QLabel()
        for widget in (self.back_button, self.scrubber, self.forward_button, self.position_label):
            controls.addWidget(widget, 1 if widget is self.scrubber else 0)
        layout.addLayout(controls)
        self.setCentralWidget(central)
        self.summary.setText(self._summary())
        fit_to_screen(self, 1100, 660)
        self.position = -1
        self.go_to(position_of(self.diff, old, new))

    def _summary(self) -> str:
        d = self.diff
        if d.first_step is None:
            parted = self.tr("The two games took the same actions throughout.")
        else:
            parted = self.tr("They part at step {0}: old {1}, new {2}.").format(
                d.first_step, d.old_action or self.tr("(game over)"), d.new_action or self.tr("(game over)"))
        return parted + " " + self.tr("Score: old {0}, new {1}, delta {2:+d}.").format(d.old_score, d.new_score,
                                                                                       d.delta)

    def go_to(self, position: int) -> None:
        """Show both games after ``position`` steps (0: the start)."""
        position = max(0, min(self.last, int(position)))
        if position == self.position:
            return
        self.position = position
        for game, states, board, label in zip((self.old, self.new), self.states, self.boards, self.step_labels,
                                              strict=True):
            board.set_state(states[min(position, len(states) - 1)])
            if 0 < position <= len(game.events):
                event = game.events[position - 1]
                label.setText(self.tr("step {0}: {1}").format(event.step, action_text(event)))
            elif position == 0:
                label.setText(self.tr("the start"))
            else:
                label.setText(self.tr("game over"))
        self.scrubber.blockSignals(True)
        self.scrubber.setValue(position)
        self.scrubber.blockSignals(False)
        self.position_label.setText(self.tr("{0} / {1} steps").format(position, self.last))
        self.back_button.setEnabled(position > 0)
        self.forward_button.setEnabled(position < self.last)

    def shown_steps(self) -> tuple[str, str]:
        """What each side's line under its board says (for the tests)."""
        return self.step_labels[0].text(), self.step_labels[1].text()
