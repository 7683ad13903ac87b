"""The Compare window: agents side by side on one map, and in batch over a folder of maps.

Side by side: 2 to 4 agents on one map, each in its own lane (board, score
panel, log) driven by its own ``GameSession``; a ``Lockstep`` controller asks
every lane for one step and waits for all of them before the next, so the
boards always show the same step. When every game is over a results table
compares them.

Batch: every chosen agent on every map of a folder, through the batch layer
(``app.backends.bench.Bench``, the same process pool as ``main.py bench``)
on a worker thread; a progress bar, then sortable tables (per agent, per
game), the bench plots, and CSV export.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from PyQt5.QtCore import QObject, Qt, QThread, QTimer, pyqtSignal, pyqtSlot
from PyQt5.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.backends import bench, registry
from app.backends.registry import AgentSpec
from app.core import DEFAULT_PROFILE, PROFILES, BattleshipError, GameMap, GameResult
from app.gui.board import BoardWidget
from app.gui.interaction import Interaction
from app.gui.session import GameSession, StepReport
from app.gui.theme import card, card_title, log_view

MIN_AGENTS, MAX_AGENTS = 2, 4
LOG_COLOURS = {"agent": "#667085", "rejected": "#B34700", "stop": "#B34700"}

# (header, GameRow field, digits) of the per-game tables
GAME_COLUMNS = (
    ("agent", "agent", None), ("map", "map", None), ("score", "score", 0), ("oracle", "oracle", 0),
    ("% oracle", "percent_of_oracle", 1), ("fok", "fok", 0), ("fko", "fko", 0), ("gok", "gok", 0),
    ("gko", "gko", 0), ("safe", "safe", 0), ("sink", "sink", 0), ("precision", "precision", 3),
    ("recall", "recall", 3), ("actions", "actions", 0), ("seconds", "seconds", 3), ("failure", "failure", None),
    ("stop reason", "stop_reason", None),
)

LANE_COLUMNS = tuple(c for c in GAME_COLUMNS if c[1] not in ("map", "stop_reason"))


def _card() -> tuple[QFrame, QVBoxLayout]:
    return card(margins=(12, 10))


class _SortItem(QTableWidgetItem):
    """A cell that sorts by a number when it has one (blanks last)."""

    def __init__(self, value, digits: int | None):
        if isinstance(value, _Shown):
            super().__init__(str(value))
            self.key = value.key
            if not isinstance(value.key, str):
                self.setTextAlignment(int(Qt.AlignRight | Qt.AlignVCenter))
            return
        if value is None or value == "":
            text = "—"
        elif digits is None or isinstance(value, str):
            text = str(value)
        else:
            text = f"{value:.{digits}f}" if digits else str(int(round(value)))
        super().__init__(text)
        self.key = value
        if digits is not None:
            self.setTextAlignment(int(Qt.AlignRight | Qt.AlignVCenter))

    def __lt__(self, other) -> bool:
        mine, theirs = self.key, getattr(other, "key", None)
        if isinstance(mine, (int, float)) and isinstance(theirs, (int, float)):
            return mine < theirs
        if mine is None or mine == "":
            return False
        if theirs is None or theirs == "":
            return True
        return str(mine) < str(theirs)


def make_table(headers: Sequence[str]) -> QTableWidget:
    """A read-only, sortable table with these column headers."""
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.setEditTriggers(QAbstractItemView.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectRows)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    table.setSortingEnabled(True)
    return table


def fill_table(table: QTableWidget, rows: Sequence[Sequence[tuple[object, int | None]]]) -> None:
    """Replace the table's rows; each cell is (value, digits or None for text)."""
    table.setSortingEnabled(False)
    table.setRowCount(len(rows))
    for r, cells in enumerate(rows):
        for c, (value, digits) in enumerate(cells):
            table.setItem(r, c, _SortItem(value, digits))
    table.setSortingEnabled(True)


def game_cells(row: bench.GameRow) -> list[tuple[object, int | None]]:
    """A results row as the cells of ``GAME_COLUMNS``."""
    return [(getattr(row, name), digits) for _, name, digits in GAME_COLUMNS]


SUMMARY_HEADS = bench.TABLE_HEADS


def summary_cells(summary: bench.AgentSummary) -> list[tuple[object, int | None]]:
    """A per-agent summary as the cells of ``SUMMARY_HEADS``: the CLI table's texts, sorted by their numbers."""
    keys = (summary.agent, summary.games, summary.mean, summary.median, summary.min, summary.max,
            summary.mean_percent_of_oracle, summary.fok, summary.gok, summary.sink, summary.precision,
            summary.recall, summary.mean_seconds, summary.max_seconds, summary.failures)
    return [(_Shown(text, key), None) for text, key in zip(bench.table_cells(summary), keys)]


class _Shown(str):
    """Text shown in a table cell that sorts by ``key``."""

    def __new__(cls, text: str, key):
        shown = super().__new__(cls, text)
        shown.key = key
        return shown


def agent_list(agents: dict[str, AgentSpec], checked: Sequence[str] = ()) -> QListWidget:
    """A list of agents with check boxes (``checked`` ticked)."""
    widget = QListWidget()
    for name, spec in agents.items():
        item = QListWidgetItem(f"{name}  ·  {'CLIPS' if spec.kind == 'clips' else 'Python'}")
        item.setData(Qt.UserRole, name)
        item.setToolTip(spec.description or name)
        item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
        item.setCheckState(Qt.Checked if name in checked else Qt.Unchecked)
        widget.addItem(item)
    return widget


def checked_agents(widget: QListWidget) -> list[str]:
    """The names ticked in an ``agent_list``."""
    return [widget.item(i).data(Qt.UserRole) for i in range(widget.count())
            if widget.item(i).checkState() == Qt.Checked]


def rules_box() -> QComboBox:
    """A rules profile picker."""
    box = QComboBox()
    for name, profile in PROFILES.items():
        box.addItem(name, name)
        box.setItemData(box.count() - 1, profile.description, Qt.ToolTipRole)
    box.setCurrentIndex(box.findData(DEFAULT_PROFILE))
    return box


# ----- side by side --------------------------------------------------------------

class Lane(QFrame):
    """One agent's column: its name, score line, board and log; driven by its own ``GameSession``."""

    def __init__(self, spec: AgentSpec, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("card")
        self.spec = spec
        self.session = GameSession(self)
        self.session.want_facts = False  # lanes have no Facts panel
        self.error = ""
        self.seconds = 0.0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        self.title = QLabel(f"{spec.name}  ·  {'CLIPS' if spec.kind == 'clips' else 'Python'}")
        self.title.setObjectName("mapTitle")
        self.status = QLabel("ready")
        self.status.setObjectName("mapInfo")
        self.status.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.status.setWordWrap(True)  # a narrow lane wraps its score line instead of cutting it
        layout.addWidget(self.title)
        layout.addWidget(self.status)
        splitter = QSplitter(Qt.Vertical)
        splitter.setChildrenCollapsible(False)
        self.board = BoardWidget()
        self.board.setMinimumSize(200, 200)
        splitter.addWidget(self.board)
        # the lane's log only: its score is in the line above and every count in the Results table below
        self.log_view = log_view(5000, 8)
        self.log_view.setMinimumHeight(90)
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
        self.status.setText("ready")

    def _on_report(self, report: StepReport) -> None:
        self.seconds += report.seconds
        if report.error:
            self.error = report.error
            self.status.setText("could not start")
            self._log(f"error: {report.error}", LOG_COLOURS["stop"])
            return
        for kind, text in report.lines:
            self._log(text, LOG_COLOURS.get(kind))
        if report.state is not None:
            self.board.set_state(report.state)
            obs = report.state.observation
            self.status.setText(f"step {obs.step} · fires {obs.fires_left} · flags {obs.guesses_left}")
        if report.result is not None:
            result = report.result
            self.score_text = str(result.score)
            percent = f" · {result.percent_of_oracle:.1f}% of oracle" if result.percent_of_oracle is not None else ""
            self.status.setText(f"score <b>{result.score}</b>{percent} · {result.steps} steps"
                                + (" · agent failed" if report.failure else ""))

    def _log(self, text: str, colour: str | None) -> None:
        import html

        style = "white-space:pre-wrap" + (f";color:{colour}" if colour else "")  # keep columns, wrap at spaces
        self.log_view.appendHtml(f'<span style="{style}">{html.escape(text)}</span>')

    def shutdown(self) -> None:
        """Cancel the agent and end its thread."""
        self.session.shutdown()


class Lockstep(QObject):
    """Steps several sessions together: step k+1 starts when every lane has finished step k.

    Signals: ``stepped(int)`` after each common step (the step number),
    ``finished()`` once every lane is done.
    """

    stepped = pyqtSignal(int)
    finished = pyqtSignal()

    def __init__(self, lanes: Sequence[Lane], parent: QObject | None = None):
        super().__init__(parent)
        self.lanes = list(lanes)
        self.running = False
        self.interval_ms = 0
        self.steps = 0
        self._waiting: set[int] = set()
        self._announced = False
        for index, lane in enumerate(self.lanes):
            lane.session.reported.connect(lambda report, i=index: self._on_report(i, report))

    @property
    def done(self) -> bool:
        """True when every lane's game is over (or could not start)."""
        return all(lane.done for lane in self.lanes)

    @property
    def busy(self) -> bool:
        """True while a common step is in progress."""
        return bool(self._waiting)

    def run(self) -> None:
        """Step on by itself until paused or done."""
        self.running = True
        self._advance()

    def pause(self) -> None:
        """Stop after the common step in progress."""
        self.running = False

    def step(self) -> None:
        """One common step (pausing a run)."""
        self.running = False
        self._advance()

    def reset(self) -> None:
        """Forget the step in progress (the lanes were reconfigured)."""
        self.running = False
        self.steps = 0
        self._waiting.clear()
        self._announced = False

    def _advance(self) -> None:
        if self._waiting:
            return
        if self.done:
            self._finish()
            return
        self._waiting = {i for i, lane in enumerate(self.lanes) if not lane.done}
        for i in sorted(self._waiting):
            self.lanes[i].session.step()

    def _on_report(self, index: int, report: StepReport) -> None:
        lane = self.lanes[index]
        if index in self._waiting and (lane.done or not lane.session.busy):
            self._waiting.discard(index)
        if self._waiting:
            return
        self.steps += 1
        self.stepped.emit(self.steps)
        if self.done:
            self._finish()
        elif self.running:
            QTimer.singleShot(self.interval_ms, self._tick)

    def _tick(self) -> None:
        if self.running:
            self._advance()

    def _finish(self) -> None:
        self.running = False
        if not self._announced:
            self._announced = True
            self.finished.emit()


class SideBySide(QWidget):
    """Pick 2-4 agents and a map; watch them play in lockstep; then a results table."""

    finished = pyqtSignal()

    def __init__(self, agents: dict[str, AgentSpec], interaction: Interaction, parent: QWidget | None = None):
        super().__init__(parent)
        self.agents = agents
        self.interaction = interaction
        self.game_map: GameMap | None = None
        self.map_path = ""
        self.lanes: list[Lane] = []
        self.lockstep: Lockstep | None = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.setSpacing(10)

        controls, controls_layout = _card()
        row = QHBoxLayout()
        self.map_button = QPushButton("Map…")
        self.map_button.clicked.connect(self.choose_map)
        self.map_label = QLabel("No map chosen")
        self.map_label.setObjectName("mapInfo")
        row.addWidget(self.map_button)
        row.addWidget(self.map_label, 1)
        row.addWidget(QLabel("Rules"))
        self.rules = rules_box()
        row.addWidget(self.rules)
        row.addWidget(QLabel("Seed"))
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        row.addWidget(self.seed)
        self.start_button = QPushButton("Start")
        self.start_button.setObjectName("primary")
        self.start_button.clicked.connect(self._on_start_clicked)
        self.step_button = QPushButton("Step")
        self.step_button.clicked.connect(self.step)
        self.pause_button = QPushButton("Pause")
        self.pause_button.clicked.connect(self.pause)
        for button in (self.start_button, self.step_button, self.pause_button):
            row.addWidget(button)
        self.step_label = QLabel("")
        self.step_label.setMinimumWidth(80)
        row.addWidget(self.step_label)
        controls_layout.addLayout(row)
        pick = QHBoxLayout()
        pick.addWidget(QLabel(f"Agents ({MIN_AGENTS} to {MAX_AGENTS})"))
        self.agent_picker = agent_list(agents, [n for n in ("cross", "random") if n in agents])
        self.agent_picker.setFlow(QListWidget.LeftToRight)
        self.agent_picker.setWrapping(True)
        self.agent_picker.setFixedHeight(34)
        self.agent_picker.itemChanged.connect(lambda _item: self._update_controls())
        pick.addWidget(self.agent_picker, 1)
        controls_layout.addLayout(pick)
        self.message = QLabel("")
        self.message.setObjectName("banner")
        self.message.setWordWrap(True)
        self.message.hide()
        controls_layout.addWidget(self.message)
        outer.addWidget(controls)

        splitter = QSplitter(Qt.Vertical)
        splitter.setChildrenCollapsible(False)
        self.lanes_box = QWidget()
        self.lanes_layout = QHBoxLayout(self.lanes_box)
        self.lanes_layout.setContentsMargins(0, 0, 0, 0)
        self.lanes_layout.setSpacing(10)
        splitter.addWidget(self.lanes_box)
        results, results_layout = _card()
        title = card_title("Results")
        results_layout.addWidget(title)
        self.results = make_table([h for h, _, _ in LANE_COLUMNS])
        self.results.horizontalHeader().setSectionResizeMode(QHeaderView.Stretch)
        self.results.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.results.setMinimumHeight(self._results_height(MIN_AGENTS))
        results_layout.addWidget(self.results)
        splitter.addWidget(results)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)
        splitter.setSizes([10_000, 130])
        outer.addWidget(splitter, 1)
        self._update_controls()

    # ----- choosing ------------------------------------------------------------------
    def choose_map(self) -> None:
        """Ask for a map file and load it."""
        path = self.interaction.choose_map(str(Path(self.map_path).parent) if self.map_path else "")
        if path:
            self.load_map(path)

    def load_map(self, path: str) -> bool:
        """Load the map the agents will play; on a bad file the message shows."""
        from app.backends.games import load_game_map

        try:
            self.game_map = load_game_map(path)
        except (BattleshipError, OSError) as error:
            self.show_message(f"Could not load the map: {error}")
            return False
        self.map_path = path
        self.map_label.setText(f"{self.game_map.name}  ·  {path}")
        self.hide_message()
        self._update_controls()
        return True

    def set_agents(self, names: Sequence[str]) -> None:
        """Tick exactly these agents."""
        for i in range(self.agent_picker.count()):
            item = self.agent_picker.item(i)
            item.setCheckState(Qt.Checked if item.data(Qt.UserRole) in names else Qt.Unchecked)

    def chosen(self) -> list[str]:
        """The ticked agents."""
        return checked_agents(self.agent_picker)

    def show_message(self, text: str) -> None:
        """Show a problem above the boards."""
        self.message.setText(text)
        self.message.show()

    def hide_message(self) -> None:
        """Hide the message."""
        self.message.hide()

    # ----- playing -------------------------------------------------------------------
    def start(self) -> None:
        """New games of the ticked agents on the map, run in lockstep to the end."""
        names = self.chosen()
        if not MIN_AGENTS <= len(names) <= MAX_AGENTS:
            self.show_message(f"Tick {MIN_AGENTS} to {MAX_AGENTS} agents (now {len(names)}).")
            return
        if self.game_map is None:
            self.show_message("Choose a map first.")
            return
        self.hide_message()
        self._clear_lanes()
        for name in names:
            lane = Lane(self.agents[name])
            self.lanes.append(lane)
            self.lanes_layout.addWidget(lane, 1)
        self.lockstep = Lockstep(self.lanes, self)
        self.lockstep.stepped.connect(self._on_stepped)
        self.lockstep.finished.connect(self._on_finished)
        rules = str(self.rules.currentData())
        for lane in self.lanes:
            lane.configure(self.game_map, rules, self.seed.value())
        self.results.setRowCount(0)
        self.step_label.setText("step 0")
        self.lockstep.run()
        self._update_controls()

    def _on_start_clicked(self) -> None:
        if self.lockstep is not None and not self.lockstep.done and not self.lockstep.running:
            self.resume()
        else:
            self.start()

    def step(self) -> None:
        """One common step (starts the games if needed)."""
        if self.lockstep is None or self.lockstep.done:
            self.start()
            if self.lockstep is not None:
                self.lockstep.pause()
            return
        self.lockstep.step()
        self._update_controls()

    def pause(self) -> None:
        """Pause after the common step in progress; press Step or Start... to go on."""
        if self.lockstep is not None:
            self.lockstep.pause()
        self._update_controls()

    def resume(self) -> None:
        """Run on after a pause."""
        if self.lockstep is not None and not self.lockstep.done:
            self.lockstep.run()
        self._update_controls()

    def _on_stepped(self, steps: int) -> None:
        self.step_label.setText(f"step {steps}")
        self._update_controls()

    def _on_finished(self) -> None:
        self.fill_results()
        self._update_controls()
        self.finished.emit()

    def rows(self) -> list[bench.GameRow]:
        """One results row per lane (the lanes' solved games, or why they failed)."""
        rows = []
        rules = str(self.rules.currentData())
        for lane in self.lanes:
            row = bench.GameRow(lane.spec.name, self.game_map.name if self.game_map else "", self.map_path, rules,
                                self.seed.value(), seconds=lane.seconds)
            if lane.result is not None:
                bench.fill_row(row, lane.result, PROFILES[rules].max_steps)
            else:
                row.status, row.failure, row.error = "error", "error", lane.error or "not finished"
            rows.append(row)
        return rows

    def fill_results(self) -> None:
        """The results table, best score first."""
        rows = self.rows()
        fill_table(self.results, [[(getattr(r, name), digits) for _, name, digits in LANE_COLUMNS] for r in rows])
        self.results.sortItems(1, Qt.DescendingOrder)
        self.results.setMinimumHeight(self._results_height(len(rows)))

    def _results_height(self, rows: int) -> int:
        return self.results.horizontalHeader().sizeHint().height() + rows * self.results.verticalHeader().defaultSectionSize() + 6

    def scores(self) -> dict[str, str]:
        """The score each lane shows, by agent (for tests and tools)."""
        return {lane.spec.name: lane.score_text for lane in self.lanes}

    def _clear_lanes(self) -> None:
        if self.lockstep is not None:
            self.lockstep.pause()
            self.lockstep.deleteLater()
            self.lockstep = None
        for lane in self.lanes:
            lane.shutdown()
            self.lanes_layout.removeWidget(lane)
            lane.deleteLater()
        self.lanes = []

    def _update_controls(self) -> None:
        count = len(self.chosen())
        ready = self.game_map is not None and MIN_AGENTS <= count <= MAX_AGENTS
        playing = self.lockstep is not None and not self.lockstep.done
        running = playing and self.lockstep.running
        self.start_button.setEnabled(ready and not running)
        self.start_button.setText("Resume" if playing and not running else "Start")
        self.step_button.setEnabled(ready and not running)
        self.pause_button.setEnabled(running)

    def shutdown(self) -> None:
        """Cancel every lane's agent (window closing)."""
        self._clear_lanes()


# ----- batch ----------------------------------------------------------------------

class BenchWorker(QObject):
    """Runs a ``Bench`` on its own thread and reports each finished game."""

    game_done = pyqtSignal(int, object)  # task index, GameRow
    finished = pyqtSignal(bool, str)  # stopped early, error message

    def __init__(self, runner: bench.Bench):
        super().__init__()
        self.runner = runner

    @pyqtSlot()
    def run(self) -> None:
        """Play every game (in the bench's worker processes)."""
        error = ""
        try:
            for index, row in self.runner.run():
                self.game_done.emit(index, row)
        except Exception as exc:  # report it in the window; the app stays usable
            error = f"{type(exc).__name__}: {exc}"
        self.finished.emit(self.runner.stopped, error)
        thread = QThread.currentThread()
        if thread is not None:
            thread.quit()


class BatchPanel(QWidget):
    """Every ticked agent on every map of a folder, in the background; tables, plots and CSV export."""

    finished = pyqtSignal()

    def __init__(self, agents: dict[str, AgentSpec], interaction: Interaction, parent: QWidget | None = None):
        super().__init__(parent)
        self.agents = agents
        self.interaction = interaction
        self.runner: bench.Bench | None = None
        self._thread: QThread | None = None
        self._worker: BenchWorker | None = None
        self.finished_rows: dict[int, bench.GameRow] = {}
        self.started = 0.0
        outer = QHBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.setSpacing(10)

        side, side_layout = _card()
        side.setFixedWidth(270)
        title = card_title("Batch over a folder of maps")
        side_layout.addWidget(title)
        form = QFormLayout()
        folder_row = QHBoxLayout()
        self.folder = QLineEdit()
        self.folder.setPlaceholderText("folder, glob or map file")
        folder_button = QPushButton("…")
        folder_button.setFixedWidth(32)
        folder_button.clicked.connect(self.choose_folder)
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(folder_button)
        form.addRow("Maps", folder_row)
        self.rules = rules_box()
        form.addRow("Rules", self.rules)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        form.addRow("Seed", self.seed)
        self.jobs = QSpinBox()
        self.jobs.setRange(1, 64)
        self.jobs.setValue(bench.default_jobs())
        form.addRow("Processes", self.jobs)
        self.timeout = QSpinBox()
        self.timeout.setRange(1, 3600)
        self.timeout.setValue(int(bench.DEFAULT_TIMEOUT))
        self.timeout.setSuffix(" s per game")
        form.addRow("Timeout", self.timeout)
        side_layout.addLayout(form)
        side_layout.addWidget(QLabel("Agents"))
        self.agent_picker = agent_list(agents, [n for n in ("cross", "random") if n in agents])
        side_layout.addWidget(self.agent_picker, 1)
        buttons = QHBoxLayout()
        self.run_button = QPushButton("Run batch")
        self.run_button.setObjectName("primary")
        self.run_button.clicked.connect(self.start)
        self.stop_button = QPushButton("Stop")
        self.stop_button.clicked.connect(self.stop)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.stop_button)
        side_layout.addLayout(buttons)
        self.export_button = QPushButton("Export CSV…")
        self.export_button.clicked.connect(self.export_csv)
        side_layout.addWidget(self.export_button)
        self.progress = QProgressBar()
        self.progress.setFormat("%v / %m games")
        self.progress.setValue(0)
        side_layout.addWidget(self.progress)
        self.status = QLabel("")
        self.status.setObjectName("mapInfo")
        self.status.setWordWrap(True)
        side_layout.addWidget(self.status)
        outer.addWidget(side)

        main = QSplitter(Qt.Vertical)
        main.setChildrenCollapsible(False)
        top, top_layout = _card()
        self.summary_table = make_table(SUMMARY_HEADS)
        self.summary_table.setMinimumHeight(150)
        self.summary_table.setStyleSheet("QHeaderView::section { padding: 4px 3px; }")
        top_layout.addWidget(self.summary_table)
        main.addWidget(top)
        self.tabs = QTabWidget()
        self.canvas = self._make_canvas()
        self.tabs.addTab(self.canvas, "Plots")
        self.games_table = make_table([h for h, _, _ in GAME_COLUMNS])
        self.tabs.addTab(self.games_table, "Games")
        main.addWidget(self.tabs)
        main.setStretchFactor(0, 1)
        main.setStretchFactor(1, 3)
        main.setSizes([220, 10_000])
        outer.addWidget(main, 1)
        self._update_controls()

    def _make_canvas(self) -> QWidget:
        try:
            from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg

            from app.backends import bench_plots

            self.figure = bench_plots.new_figure()
            return FigureCanvasQTAgg(self.figure)
        except (ImportError, BattleshipError) as error:
            self.figure = None
            label = QLabel(f"Plots need matplotlib: {error}")
            label.setAlignment(Qt.AlignCenter)
            return label

    # ----- running -------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """True while a batch runs."""
        return self._thread is not None

    def choose_folder(self) -> None:
        """Ask for a folder of maps."""
        path = self.interaction.choose_folder(self.folder.text())
        if path:
            self.folder.setText(path)

    def set_agents(self, names: Sequence[str]) -> None:
        """Tick exactly these agents."""
        for i in range(self.agent_picker.count()):
            item = self.agent_picker.item(i)
            item.setCheckState(Qt.Checked if item.data(Qt.UserRole) in names else Qt.Unchecked)

    def start(self) -> None:
        """Start the batch in the background."""
        if self.running:
            return
        agents = checked_agents(self.agent_picker)
        if not agents:
            self.status.setText("Tick at least one agent.")
            return
        try:
            maps = bench.expand_maps([self.folder.text().strip() or "."])
        except BattleshipError as error:
            self.status.setText(str(error))
            return
        config = bench.BenchConfig(rules=str(self.rules.currentData()), seed=self.seed.value())
        self.runner = bench.Bench(agents, maps, config, jobs=self.jobs.value(), timeout=float(self.timeout.value()))
        self.finished_rows = {}
        self.progress.setRange(0, len(self.runner.tasks))
        self.progress.setValue(0)
        self.status.setText(f"{len(agents)} agents × {len(maps)} maps = {len(self.runner.tasks)} games…")
        self.started = time.perf_counter()
        thread = QThread()
        thread.setObjectName("bench")
        worker = BenchWorker(self.runner)
        worker.moveToThread(thread)
        worker.game_done.connect(self._on_game, Qt.QueuedConnection)
        worker.finished.connect(self._on_finished, Qt.QueuedConnection)
        thread.started.connect(worker.run)
        self._thread, self._worker = thread, worker
        thread.start()
        self._update_controls()

    def stop(self) -> None:
        """Stop the batch (finished games are kept)."""
        if self.runner is not None:
            self.runner.stop()

    def _on_game(self, index: int, row: bench.GameRow) -> None:
        self.finished_rows[index] = row
        self.progress.setValue(len(self.finished_rows))
        failures = sum(bool(r.failure) for r in self.finished_rows.values())
        self.status.setText(f"{len(self.finished_rows)} games · {time.perf_counter() - self.started:.1f} s · "
                            f"{failures} failures")

    def _on_finished(self, stopped: bool, error: str) -> None:
        thread = self._thread
        self._thread = self._worker = None
        if thread is not None:
            thread.wait(2000)
        rows = self.rows()
        total = len(self.runner.tasks) if self.runner else 0
        text = f"{len(rows)} of {total} games in {time.perf_counter() - self.started:.1f} s"
        if stopped:
            text += " (stopped)"
        if error:
            text += f" — error: {error}"
        self.status.setText(text)
        self.show_rows(rows)
        self._update_controls()
        self.finished.emit()

    def rows(self) -> list[bench.GameRow]:
        """The finished games, agent by agent."""
        return self.runner.ordered(self.finished_rows) if self.runner else []

    def show_rows(self, rows: Sequence[bench.GameRow]) -> None:
        """Fill both tables and the plots from results rows."""
        agents = list(self.runner.agents) if self.runner else None
        summaries = bench.summarize(rows, agents)
        fill_table(self.summary_table, [summary_cells(s) for s in summaries])
        self.summary_table.sortItems(2, Qt.DescendingOrder)
        table = self.summary_table
        table.setMinimumHeight(table.horizontalHeader().sizeHint().height()
                               + max(2, len(summaries)) * table.verticalHeader().defaultSectionSize()
                               + table.horizontalScrollBar().sizeHint().height() + 6)
        fill_table(self.games_table, [game_cells(r) for r in rows])
        if self.figure is not None:
            from app.backends import bench_plots

            bench_plots.draw(self.figure, summaries, f"{len({r.map_path for r in rows})} maps")
            self.canvas.draw_idle()

    def export_csv(self) -> None:
        """Save the finished games as CSV (one row per agent and map)."""
        rows = self.rows()
        if not rows:
            self.status.setText("Nothing to export yet.")
            return
        path = self.interaction.choose_save_file("bench-results.csv", "CSV files (*.csv)")
        if not path:
            return
        if not path.lower().endswith(".csv"):
            path += ".csv"
        try:
            bench.save_results(path, rows)
        except BattleshipError as error:
            self.status.setText(str(error))
            return
        self.status.setText(f"Saved {len(rows)} rows to {path}")

    def _update_controls(self) -> None:
        self.run_button.setEnabled(not self.running)
        self.stop_button.setEnabled(self.running)
        self.export_button.setEnabled(not self.running and bool(self.finished_rows))

    def shutdown(self, wait_ms: int = 5000) -> None:
        """Stop a running batch and wait for its thread (window closing)."""
        self.stop()
        thread = self._thread
        if thread is not None:
            thread.wait(wait_ms)


class CompareWindow(QMainWindow):
    """The Compare window: a "Side by side" tab and a "Batch" tab."""

    def __init__(self, interaction: Interaction | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Battleship Lab — Compare agents")
        self.interaction = interaction if interaction is not None else Interaction(self)
        try:
            agents = registry.discover()
        except BattleshipError:
            agents = {}
        self.tabs = QTabWidget()
        self.tabs.setStyleSheet("QTabBar::tab { min-width: 140px; }")
        self.side_by_side = SideBySide(agents, self.interaction)
        self.batch = BatchPanel(agents, self.interaction)
        self.tabs.addTab(self.side_by_side, "Side by side")
        self.tabs.addTab(self.batch, "Batch")
        central = QWidget()
        central.setObjectName("central")
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs)
        self.setCentralWidget(central)
        self.resize(1400, 900)

    def preload(self, map_path: str | None, rules: str) -> None:
        """Start from the main window's map (if the side-by-side view has none yet) and rules."""
        view = self.side_by_side
        if map_path and view.game_map is None:
            view.load_map(map_path)
        for box in (view.rules, self.batch.rules):
            index = box.findData(rules)
            if index >= 0 and not (view.lockstep and not view.lockstep.done):
                box.setCurrentIndex(index)
        if map_path and not self.batch.folder.text():
            self.batch.folder.setText(str(Path(map_path).parent))

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        """Cancel the agents and the batch before closing."""
        self.side_by_side.shutdown()
        self.batch.shutdown()
        super().closeEvent(event)
