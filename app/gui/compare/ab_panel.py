"""The A/B tab: is the new version of an agent better than the old one? Both play the maps of a folder, paired by
map, until the anytime-valid test decides, as ``python main.py bench --agents NEW --versus OLD`` does.

The games run on a worker thread (``VersusBench`` from app/tournament/ab, the bench's process pool); each map's
delta shows as the test takes it, with the interval so far (valid after any map); at the end the verdict in plain
words, the mean delta with the interval the verdict rests on, wins/ties/losses and the maps that got better and
worse, each of which opens as a two-board replay (both agents played again on that map, traced, off the GUI
thread).
"""

from __future__ import annotations

from pathlib import Path

from PyQt5.QtCore import Qt, QThread, pyqtSignal
from PyQt5.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.analysis.diff import play_both
from app.backends import registry
from app.backends.registry import AgentSpec
from app.core import PROFILES, BattleshipError
from app.gui.agent_kind import listed_name
from app.gui.compare.controls import game_fields, panel_card, run_stop_row
from app.gui.compare.tables import append_rows, make_table
from app.gui.interaction import Interaction
from app.gui.jobs import Job, start_job
from app.gui.theme import card_title
from app.gui.two_boards import TwoBoards
from app.solver.playable import load_game_map
from app.tournament import bench
from app.tournament.ab import Comparison, Design, PairedMap, SequentialTest, Verdict, VersusBench, shuffled

MAP_HEADS = ("map", "new", "old", "delta")


class ABPanel(QWidget):
    """Two agents (new and old) over a folder of maps, paired by map, until the anytime-valid test decides."""

    finished = pyqtSignal()

    def __init__(self, agents: dict[str, AgentSpec], interaction: Interaction, parent: QWidget | None = None):
        super().__init__(parent)
        self.interaction = interaction
        self.specs: dict[str, AgentSpec] = dict(agents)
        self.runner: VersusBench | None = None
        self.live: SequentialTest | None = None  # the test fed as the maps come (the worker's own runs there)
        self.result: Comparison | None = None
        self.pairs: list[PairedMap] = []
        self._map_paths: dict[str, str] = {}  # map name -> its file, for the maps taken
        self._thread: QThread | None = None
        self._worker: Job | None = None
        self._replays: list[tuple[QThread, Job]] = []
        self.windows: list[TwoBoards] = []
        outer = QHBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.setSpacing(10)
        outer.addWidget(self._build_side())
        outer.addWidget(self._build_results(), 1)
        self._update_controls()

    # ----- building -------------------------------------------------------------------
    def _build_side(self) -> QWidget:
        side, layout = panel_card()
        side.setMinimumWidth(290)
        side.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Preferred)
        layout.addWidget(card_title(self.tr("A/B: did the change help?")))
        form = QFormLayout()
        self.new_box, self.old_box = QComboBox(), QComboBox()
        for box in (self.new_box, self.old_box):
            for key, spec in self.specs.items():
                box.addItem(listed_name(key, spec), key)
        self.new_box.setToolTip(self.tr("The new version (its score minus the old one's is each map's delta)"))
        self.old_box.setToolTip(self.tr("The old version, or any agent to compare with"))
        for box, default in ((self.new_box, "probabilistico"), (self.old_box, "incrocio")):
            index = box.findData(default)
            if index >= 0:
                box.setCurrentIndex(index)
        form.addRow(self.tr("New"), self.new_box)
        form.addRow(self.tr("Old"), self.old_box)
        add = QPushButton(self.tr("Add agent file…"))
        add.setToolTip(self.tr("Your own agent: one .py file, or the .clp file(s) of a CLIPS agent (loaded in the "
                               "order picked); it becomes the new version"))
        add.clicked.connect(self.choose_files)
        form.addRow("", add)
        self.folder, self.rules, self.seed = game_fields(form, self.choose_folder)
        self.alpha, self.beta = self._rate(0.05), self._rate(0.05)
        self.alpha.setToolTip(self.tr("How often it may say better or worse when the two are equally good"))
        self.beta.setToolTip(self.tr("How often it may call a difference of the size below the same"))
        form.addRow(self.tr("Alpha"), self.alpha)
        form.addRow(self.tr("Beta"), self.beta)
        self.delta = QDoubleSpinBox()
        self.delta.setRange(0.5, 1000)
        self.delta.setValue(10)
        self.delta.setSuffix(self.tr(" points"))
        self.delta.setToolTip(self.tr("Two agents within this many points a game are the same"))
        form.addRow(self.tr("Difference"), self.delta)
        self.jobs = QSpinBox()
        self.jobs.setRange(1, 64)
        self.jobs.setValue(bench.default_jobs())
        form.addRow(self.tr("Processes"), self.jobs)
        layout.addLayout(form)
        buttons, self.run_button, self.stop_button = run_stop_row(self.tr("Run A/B"), self.start, self.stop)
        layout.addLayout(buttons)
        self.status = QLabel("")
        self.status.setObjectName("mapInfo")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        layout.addStretch(1)
        return side

    @staticmethod
    def _rate(value: float) -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setDecimals(3)
        box.setRange(0.001, 0.5)
        box.setSingleStep(0.01)
        box.setValue(value)
        return box

    def _build_results(self) -> QWidget:
        column, layout = panel_card()
        self.verdict_label = QLabel(self.tr("No A/B run yet."))
        self.verdict_label.setObjectName("cardTitle")
        self.verdict_label.setWordWrap(True)
        layout.addWidget(self.verdict_label)
        self.figures = QLabel("")
        self.figures.setWordWrap(True)
        self.figures.setTextInteractionFlags(Qt.TextSelectableByMouse)
        layout.addWidget(self.figures)
        self.map_table = make_table(list(MAP_HEADS))
        self.map_table.setToolTip(self.tr("Each map as the test took it: both scores and the delta (new − old); "
                                          "double-click: both games side by side"))
        self.map_table.cellDoubleClicked.connect(
            lambda row, _column: self.open_map(self._map_paths.get(self.map_table.item(row, 0).text(), "")))
        layout.addWidget(self.map_table, 2)
        lists = QHBoxLayout()
        self.better_list, self.worse_list = QListWidget(), QListWidget()
        for title, listing in ((self.tr("Maps better (double-click: both games side by side)"), self.better_list),
                               (self.tr("Maps worse (double-click: both games side by side)"), self.worse_list)):
            box = QVBoxLayout()
            label = QLabel(title)
            label.setWordWrap(True)
            box.addWidget(label)
            listing.itemActivated.connect(self._open_item)
            box.addWidget(listing)
            lists.addLayout(box)
        layout.addLayout(lists, 1)
        return column

    # ----- agents and maps ------------------------------------------------------------
    def add_agent_files(self, keys, checked: bool = False) -> list[str]:
        """List these agent files in both boxes (each key: path(s) joined by commas); ``checked``: pick the last as
        the new version. Returns the keys listed."""
        listed = []
        for key in keys:
            try:
                spec = registry.resolve(key)
            except BattleshipError as error:
                self.status.setText(self.tr("Cannot use agent {0}: {1}").format(key, error))
                continue
            key = ",".join(map(str, spec.paths)) if spec.paths and key != spec.name else key
            if key not in self.specs:
                self.specs[key] = spec
                folder = Path(spec.paths[0]).parent.name if spec.paths else ""
                for box in (self.new_box, self.old_box):
                    box.addItem(f"{spec.name}  ·  {folder}/" if folder else spec.name, key)
                    box.setItemData(box.count() - 1, "\n".join(map(str, spec.paths)), Qt.ToolTipRole)
            listed.append(key)
        if listed and checked:
            self.set_agents(listed[-1], None)
        return listed

    def choose_files(self) -> None:
        """Ask for an agent's files (several .clp files: one agent, in the order picked) and make it the new one."""
        start = str(registry.AGENTS_DIR)
        paths = self.interaction.choose_agent_files(start)
        if paths:
            self.add_agent_files([",".join(paths)], checked=True)

    def set_agents(self, new: str | None, old: str | None) -> None:
        """Pick the new and the old agent by key, a name or agent file path(s) (None: leave as it is)."""
        for box, key in ((self.new_box, new), (self.old_box, old)):
            if key is None:
                continue
            if box.findData(key) < 0:
                listed = self.add_agent_files([key])
                key = listed[0] if listed else key
            index = box.findData(key)
            if index >= 0:
                box.setCurrentIndex(index)

    def choose_folder(self) -> None:
        folder = self.interaction.choose_folder(self.folder.text() or str(Path.cwd()))
        if folder:
            self.folder.setText(folder)

    # ----- running ---------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """True while an A/B comparison runs."""
        return self._thread is not None

    def start(self) -> None:
        """Start the comparison (a one-line message instead, for anything that stops it from starting)."""
        if self.running:
            return
        new, old = self.new_box.currentData(), self.old_box.currentData()
        try:
            if new == old:
                raise BattleshipError(self.tr("Pick two different agents (the new and the old version)."))
            maps = shuffled(bench.expand_maps([self.folder.text().strip()]))
        except BattleshipError as error:
            self.status.setText(str(error))
            return
        design = Design(self.alpha.value(), self.beta.value(), self.delta.value())
        config = bench.BenchConfig(rules=self.rules.currentData(), seed=self.seed.value())
        self.runner = VersusBench(new, old, maps, design, config, jobs=self.jobs.value())
        self.live = SequentialTest(design)
        self.result = None
        self.pairs = []
        self.map_table.setRowCount(0)
        self.better_list.clear()
        self.worse_list.clear()
        self.verdict_label.setText(self.tr("Playing: {0} against {1} on up to {2} maps…").format(
            self.new_box.currentText(), self.old_box.currentText(), len(maps)))
        self.figures.setText("")
        self.status.setText("")
        runner = self.runner

        def play(send) -> None:
            for pair in runner.run():
                send(pair)

        self._thread, self._worker = start_job(play, self._on_pair, self._on_finished)
        self._update_controls()

    def stop(self) -> None:
        """Stop playing; the figures are those of the maps finished."""
        if self.runner is not None and self.running:
            self.runner.stop()
            self.status.setText(self.tr("Stopping…"))

    def _on_pair(self, pair: PairedMap) -> None:
        self.pairs.append(pair)
        self._map_paths[pair.map_name] = pair.map_path
        append_rows(self.map_table, [[(pair.map_name, None), (pair.new.score, 0), (pair.old.score, 0),
                                      (pair.delta if pair.scored else None, 0)]])
        self.map_table.scrollToBottom()
        if pair.scored:
            self.live.add(pair.delta)
        scored = [p.delta for p in self.pairs if p.scored]
        if scored:
            wins = sum(d > 0 for d in scored)
            losses = sum(d < 0 for d in scored)
            judgement = self.live.judgement()  # valid after every map: worth showing as it comes
            interval = judgement.interval_text(1) if judgement.bounded else self.tr("(unbounded: too few maps)")
            self.figures.setText(self.tr("{0} maps so far: mean delta {1} points a game, {2} interval {3}; "
                                         "wins/ties/losses {4}/{5}/{6}").format(
                len(scored), f"{judgement.mean:+.1f}", f"{judgement.confidence:.0%}", interval, wins,
                len(scored) - wins - losses, losses))

    def _on_finished(self, error: str) -> None:
        thread = self._thread
        self._thread = self._worker = None
        if thread is not None:
            thread.wait(2000)
        runner = self.runner
        stopped = runner is not None and runner.stopped
        if runner is not None and not error:
            result = self.result = runner.comparison()
            self.verdict_label.setText(self.verdict_words(result))
            judgement = result.judgement
            interval = judgement.interval_text(1) if judgement.bounded else self.tr("(unbounded: too few maps)")
            self.figures.setText(self.tr(
                "Mean delta (new − old): {0} points a game, {1} interval {2} (valid after any map)<br>"
                "wins/ties/losses {3}/{4}/{5} · {6} of {7} maps used, {8} games in {9} s").format(
                f"{result.mean_delta:+.1f}", f"{judgement.confidence:.0%}", interval, result.wins, result.ties,
                result.losses, result.maps_used, result.maps_total, result.games_played, f"{result.seconds:.1f}"))
            paths = {p.map_name: p.map_path for p in result.pairs}
            deltas = {p.map_name: p.delta for p in result.pairs}
            for names, listing in ((result.better_maps, self.better_list), (result.worse_maps, self.worse_list)):
                for name in names:
                    item = QListWidgetItem(f"{name}  ({deltas[name]:+d})")
                    item.setData(Qt.UserRole, paths[name])
                    listing.addItem(item)
        if error:
            self.verdict_label.setText(self.tr("The A/B stopped: {0}").format(error))
        elif stopped:
            self.status.setText(self.tr("Stopped: the figures are those of the maps finished."))
        self._update_controls()
        self.finished.emit()

    def _update_controls(self) -> None:
        self.run_button.setEnabled(not self.running)
        self.stop_button.setEnabled(self.running)

    def verdict_words(self, result: Comparison) -> str:
        """The verdict in plain words, translated (``Comparison.summary`` is the command line's English)."""
        judgement = result.judgement
        between = self.tr("between {0} and {1}").format(f"{judgement.low:+.0f}", f"{judgement.high:+.0f}") \
            if judgement.bounded else self.tr("the interval still unbounded")
        counts = self.tr("{0} maps better, {1} worse, {2} the same ({3} of {4} maps)").format(
            result.wins, result.losses, result.ties, result.maps_used, result.maps_total)
        size = f"{abs(result.mean_delta):.0f}"
        if result.verdict is Verdict.BETTER:
            return self.tr("Better by {0} points a game ({1}); {2}").format(size, between, counts)
        if result.verdict is Verdict.WORSE:
            return self.tr("Worse by {0} points a game ({1}); {2}").format(size, between, counts)
        if result.verdict is Verdict.SAME:
            return self.tr("The same within ±{0} points a game (mean delta {1}, {2}); {3}").format(
                f"{result.design.delta:g}", f"{result.mean_delta:+.0f}", between, counts)
        return self.tr("Undecided: mean delta {0} points a game ({1}); {2}; about {3} more maps like these are likely "
                       "needed").format(f"{result.mean_delta:+.0f}", between, counts, judgement.more_maps)

    # ----- two-board replays -------------------------------------------------------------
    def _open_item(self, item: QListWidgetItem) -> None:
        self.open_map(item.data(Qt.UserRole))

    def open_map(self, map_path: str) -> None:
        """Play both agents again on ``map_path`` (off the GUI thread) and show the two games side by side."""
        runner = self.runner
        if runner is None or not map_path:
            return
        self.status.setText(self.tr("Playing both agents on {0}…").format(Path(map_path).stem))
        old, new, rules, seed = runner.old, runner.new, runner.config.rules, runner.config.seed

        def play(send) -> None:
            send(play_both(old, new, load_game_map(map_path), PROFILES[rules], seed=seed))

        thread, job = start_job(play, self._show_pair, lambda error: error and self.status.setText(error),
                                self._forget)
        self._replays.append((thread, job))

    def _forget(self, thread: QThread) -> None:
        thread.wait(2000)
        self._replays = [(t, w) for t, w in self._replays if t is not thread]

    def _show_pair(self, games) -> None:
        old, new = games
        self.status.setText("")
        window = TwoBoards(old, new)
        self.windows = [w for w in self.windows if w.isVisible()] + [window]
        window.show()

    def shutdown(self, wait_ms: int = 5000) -> None:
        """Stop the comparison and wait for its thread (the window is closing)."""
        self.stop()
        for thread in [self._thread, *(t for t, _ in self._replays)]:
            if thread is not None and not thread.wait(wait_ms):
                thread.terminate()
                thread.wait(1000)

