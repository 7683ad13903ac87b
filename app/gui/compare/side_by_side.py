"""The side-by-side tab: 2 to 4 agents on one map in lockstep, then a results table."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PyQt5.QtCore import Qt, pyqtSignal
from PyQt5.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.backends.registry import AgentSpec
from app.core import BattleshipError, GameMap
from app.gui.compare.controls import AgentPicker, panel_card, rules_box
from app.gui.compare.lane import Lane
from app.gui.compare.lockstep import Lockstep
from app.gui.compare.tables import LANE_COLUMNS, fill_table, make_table
from app.gui.interaction import Interaction
from app.gui.speed import FASTEST_INDEX, SpeedControl
from app.gui.theme import card_title
from app.solver.playable import load_game_map
from app.tournament import bench

MIN_AGENTS, MAX_AGENTS = 2, 4


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

        controls, controls_layout = panel_card()
        row = QHBoxLayout()
        self.map_button = QPushButton(self.tr("Map…"))
        self.map_button.clicked.connect(self.choose_map)
        self.map_label = QLabel(self.tr("No map chosen"))
        self.map_label.setObjectName("mapInfo")
        self.map_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)  # a long path is cut, not the window
        row.addWidget(self.map_button)
        row.addWidget(self.map_label, 1)
        row.addWidget(QLabel(self.tr("Rules")))
        self.rules = rules_box()
        row.addWidget(self.rules)
        row.addWidget(QLabel(self.tr("Seed")))
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        row.addWidget(self.seed)
        self.start_button = QPushButton(self.tr("Start"))
        self.start_button.setObjectName("primary")
        self.start_button.clicked.connect(self._on_start_clicked)
        self.step_button = QPushButton(self.tr("Step"))
        self.step_button.clicked.connect(self.step)
        self.pause_button = QPushButton(self.tr("Pause"))
        self.pause_button.clicked.connect(self.pause)
        for button in (self.start_button, self.step_button, self.pause_button):
            row.addWidget(button)
        self.step_label = QLabel("")
        self.step_label.setMinimumWidth(80)
        row.addWidget(self.step_label)
        self.speed = SpeedControl(FASTEST_INDEX)
        self.speed.interval_changed.connect(self._on_speed)
        controls_layout.addLayout(row)
        pick = QHBoxLayout()
        pick.addWidget(QLabel(self.tr("Agents ({0} to {1})").format(MIN_AGENTS, MAX_AGENTS)), 0, Qt.AlignTop)
        self.agent_picker = AgentPicker(agents, interaction, [n for n in ("cross", "random") if n in agents],
                                        strip=True)
        self.agent_picker.changed.connect(self._update_controls)
        self.agent_picker.failed.connect(self.show_message)
        pick.addWidget(self.agent_picker, 1)
        pick.addWidget(self.speed, 0, Qt.AlignBottom)  # beside the agents: the row above is full on a small screen
        controls_layout.addLayout(pick)
        self.message = QLabel("")
        self.message.setObjectName("banner")
        self.message.setWordWrap(True)
        self.message.hide()
        controls_layout.addWidget(self.message)
        outer.addWidget(controls)

        splitter = self.splitter = QSplitter(Qt.Vertical)
        splitter.setChildrenCollapsible(False)
        self.lanes_box = QWidget()
        self.lanes_layout = QHBoxLayout(self.lanes_box)
        self.lanes_layout.setContentsMargins(0, 0, 0, 0)
        self.lanes_layout.setSpacing(10)
        splitter.addWidget(self.lanes_box)
        results, results_layout = panel_card()
        title = card_title(self.tr("Results"))
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
        try:
            self.game_map = load_game_map(path)
        except (BattleshipError, OSError) as error:
            self.show_message(self.tr("Could not load the map: {0}").format(error))
            return False
        self.map_path = path
        self.map_label.setText(f"{self.game_map.name}  ·  {path}")
        self.hide_message()
        self._update_controls()
        return True

    def set_agents(self, names: Sequence[str]) -> None:
        """Tick exactly these agents (names, or agent files as ``add_agent_files`` listed them)."""
        self.agent_picker.set_agents(names)

    def add_agent_files(self, keys: Sequence[str], checked: bool = False) -> list[str]:
        """List agent files (each key: path(s) joined by commas); the keys they are listed under."""
        return self.agent_picker.add_files(keys, checked)

    def chosen(self) -> list[str]:
        """The ticked agents."""
        return self.agent_picker.chosen()

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
            self.show_message(self.tr("Tick {0} to {1} agents (now {2}).").format(MIN_AGENTS, MAX_AGENTS, len(names)))
            return
        if self.game_map is None:
            self.show_message(self.tr("Choose a map first."))
            return
        self.hide_message()
        self._clear_lanes()
        for name in names:
            lane = Lane(self.agent_picker.spec(name))
            self.lanes.append(lane)
            self.lanes_layout.addWidget(lane, 1)
        self.lockstep = Lockstep(self.lanes, self)
        self.lockstep.interval_ms = self.speed.interval_ms()
        self.lockstep.stepped.connect(self._on_stepped)
        self.lockstep.finished.connect(self._on_finished)
        rules = str(self.rules.currentData())
        for lane in self.lanes:
            lane.configure(self.game_map, rules, self.seed.value())
        self.results.setRowCount(0)
        self.step_label.setText(self.tr("{0} steps").format(0))
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

    def _on_speed(self, interval_ms: int) -> None:
        if self.lockstep is not None:
            self.lockstep.interval_ms = interval_ms

    def _on_stepped(self, steps: int) -> None:
        self.step_label.setText(self.tr("{0} steps").format(steps))
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
                bench.fill_row(row, lane.result)
            else:
                bench.failed_row(row, bench.FailureKind.ERROR, lane.error or "not finished", lane.seconds)
            rows.append(row)
        return rows

    def fill_results(self) -> None:
        """The results table, best score first."""
        rows = self.rows()
        fill_table(self.results, [[(getattr(r, name), digits) for _, name, digits in LANE_COLUMNS] for r in rows])
        self.results.sortItems(1, Qt.DescendingOrder)
        # the table may shrink to two rows (a small screen scrolls it); it starts tall enough for every row
        wanted = self._results_height(len(rows)) + self.results.parentWidget().minimumSizeHint().height() \
            - self.results.minimumHeight()
        total = sum(self.splitter.sizes())
        self.splitter.setSizes([max(0, total - wanted), wanted])

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
        self.start_button.setText(self.tr("Resume") if playing and not running else self.tr("Start"))
        self.step_button.setEnabled(ready and not running)
        self.pause_button.setEnabled(running)

    def shutdown(self) -> None:
        """Cancel every lane's agent (window closing)."""
        self._clear_lanes()
