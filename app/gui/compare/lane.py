"""One agent's lane in the side-by-side view: its name, score line, board and log."""

from __future__ import annotations

from PyQt5.QtCore import Qt
from PyQt5.QtWidgets import QFrame, QLabel, QSizePolicy, QSplitter, QVBoxLayout, QWidget

from app.backends.registry import AgentSpec
from app.core import PROFILES, GameMap, GameResult
from app.gui.agent_kind import listed_name
from app.gui.board import BoardWidget
from app.gui.session import GameSession, StepReport
from app.gui.theme import log_view

LOG_COLOURS = {"agent": "#475467", "rejected": "#B34700", "stop": "#B34700"}


class Lane(QFrame):
    """One agent's column: its name, score line, board and log; driven by its own ``GameSession``."""

    def __init__(self, spec: AgentSpec, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("card")
        self.spec = spec
        self.session = GameSession(self)
        self.error = ""
        self.seconds = 0.0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        self.title = QLabel(listed_name(spec.name, spec))
        self.title.setObjectName("mapTitle")
        self.status = QLabel(self.tr("ready"))
        self.status.setObjectName("mapInfo")
        self.status.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.status.setWordWrap(True)  # a narrow lane wraps its score line instead of cutting it
        layout.addWidget(self.title)
        layout.addWidget(self.status)
        splitter = QSplitter(Qt.Vertical)
        splitter.setChildrenCollapsible(False)
        self.board = BoardWidget()
        self.board.setMinimumSize(150, 150)
        splitter.addWidget(self.board)
        # the lane's log only: its score is in the line above and every count in the Results table below
        self.log_view = log_view(5000, 8)
        self.log_view.setMinimumHeight(60)
        splitter.addWidget(self.log_view)
        self.score_text = ""  # the score shown once solved
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout.addWidget(splitter, 1)
        self.session.reported.connect(self._on_report)
        self.session.reset_done.connect(self._on_reset)

    @property
    def done(self) -> bool:
        """True when this lane's game is over or could not start."""
        return self.session.over or bool(self.error)

    @property
    def result(self) -> GameResult | None:
        """The solved game's result (None until then)."""
        return self.session.result

    def configure(self, game_map: GameMap, rules: str, seed: int) -> None:
        """A fresh game of this lane's agent on ``game_map``."""
        self.error = ""
        self.seconds = 0.0
        self.session.configure(game_map, PROFILES[rules], self.spec, seed)

    def _on_reset(self, state) -> None:
        self.board.set_state(state)
        self.score_text = ""
        self.log_view.clear()
        self.status.setText(self.tr("ready"))

    def _on_report(self, report: StepReport) -> None:
        self.seconds += report.seconds
        if report.error:
            self.error = report.error
            self.status.setText(self.tr("could not start"))
            self._log(self.tr("error: {0}").format(report.error), LOG_COLOURS["stop"])
            return
        for kind, text in report.lines:
            self._log(text, LOG_COLOURS.get(kind))
        if report.state is not None:
            self.board.set_state(report.state)
            obs = report.state.observation
            self.status.setText(self.tr("{0} steps · fires {1} · flags {2}").format(obs.step, obs.fires_left,
                                                                                    obs.guesses_left))
        if report.result is not None:
            result = report.result
            self.score_text = str(result.score)
            percent = (" · " + self.tr("{0}% of oracle").format(f"{result.percent_of_oracle:.1f}")
                       if result.percent_of_oracle is not None else "")
            self.status.setText(self.tr("score <b>{0}</b>").format(result.score) + percent + " · "
                                + self.tr("{0} steps").format(result.steps)
                                + (" · " + self.tr("agent failed") if report.failure else ""))

    def _log(self, text: str, colour: str | None) -> None:
        import html

        style = "white-space:pre-wrap" + (f";color:{colour}" if colour else "")  # keep columns, wrap at spaces
        self.log_view.appendHtml(f'<span style="{style}">{html.escape(text)}</span>')

    def shutdown(self) -> None:
        """Cancel the agent and end its thread."""
        self.session.shutdown()
