"""The batch tab: every ticked agent on every map of a folder, on a worker thread; tables, plots, CSV.

The games run on this machine (``Bench``'s process pool) or on a Dask cluster
(as ``main.py bench --cluster``): an embedded local cluster or a running
scheduler's address. The panel reaches batches only through
``app.tournament.bench`` and its batch player (``player``: where a batch may run,
starting it), played on a thread by ``batch_worker``. Each finished game goes to
the batch's results file, the tournament file of ``main.py bench --out F.jsonl``
(``batch_file``), which a later batch, here or ``bench --resume``, continues."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from pathlib import Path

from PyQt5.QtCore import QSettings, Qt, QThread, QTimer, pyqtSignal
from PyQt5.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from app.analysis.mistakes import load_errors
from app.backends.registry import AgentSpec
from app.core import PROFILES, BattleshipError
from app.gui.compare.batch_file import ResultsFileField, default_results_path, setup_from
from app.gui.compare.batch_results import BatchResults
from app.gui.compare.batch_worker import BenchWorker
from app.gui.compare.controls import AgentPicker, game_fields, panel_card, run_stop_row
from app.gui.compare.status_lines import StatusLines
from app.gui.interaction import Interaction
from app.gui.theme import card_title
from app.tournament import bench
from app.tournament.bench.player import Player, RunOn, cluster_address, on_cluster

SHOW_EVERY_MS = 250  # finished games are added to the games table at most this often
SAVE_EVERY_SECONDS = 1.0  # finished games are appended to the results file at most this often (and at the end)


class BatchPanel(QWidget):
    """Every ticked agent on every map of a folder, in the background; tables, plots and CSV export."""

    finished = pyqtSignal()

    def __init__(self, agents: dict[str, AgentSpec], interaction: Interaction, parent: QWidget | None = None,
                 settings: QSettings | None = None):
        super().__init__(parent)
        self.agents = agents
        self.interaction = interaction
        self.settings = settings  # where the maps field and the ticks are kept (None: not kept)
        self.runner: bench.Bench | None = None  # the games and their order
        self.player: Player | None = None  # what plays them: the runner, or a cluster
        self._thread: QThread | None = None
        self._worker: BenchWorker | None = None
        self.results: bench.BenchResults | None = None  # where the games go (the results file), and back
        self.finished_rows: dict[int, bench.GameRow] = {}  # this run's games
        self._saved = 0.0  # when the results file was last written
        self.failures = 0
        self.refused: list[str] = []  # notes on the ticked agents that did not load (not played)
        self._unshown: list[bench.GameRow] = []  # finished games not in the games table yet
        self._show_timer = QTimer(self)
        self._show_timer.setSingleShot(True)
        self._show_timer.setInterval(SHOW_EVERY_MS)
        self._show_timer.timeout.connect(self._show_games)
        self.started = 0.0
        self.export_dir = ""  # where the last CSV went
        outer = QHBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.setSpacing(10)
        outer.addWidget(self._build_side())
        self.results_view = BatchResults()
        self.results_view.export_button.clicked.connect(self.export_csv)
        outer.addWidget(self.results_view, 1)
        self._run_on_changed()
        self._update_controls()

    def _build_side(self) -> QWidget:
        """The left card: what to play (maps, rules, seed, where, limits, agents) and the batch's controls."""
        side, side_layout = panel_card()
        side.setMinimumWidth(290)  # wider when a translation needs it (a title or a box is never cut)
        side.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Preferred)
        side_layout.addWidget(card_title(self.tr("Batch over a folder of maps")))
        self.form = QFormLayout()
        self._add_game_fields(self.form)
        self._add_place_fields(self.form)
        self._add_limit_fields(self.form)
        side_layout.addLayout(self.form)
        side_layout.addWidget(QLabel(self.tr("Agents")))
        self.agent_picker = AgentPicker(self.agents, self.interaction,
                                        [n for n in ("cross", "random") if n in self.agents])
        self.agent_picker.failed.connect(lambda text: self.status.setText(text))
        side_layout.addWidget(self.agent_picker, 1)
        self._add_controls(side_layout)
        return side

    def _add_game_fields(self, form: QFormLayout) -> None:
        """Which games: the maps (a folder, glob or file), the rules and the seed."""
        self.folder, self.rules, self.seed = game_fields(form, self.choose_folder)
        self.results_file = ResultsFileField(self.interaction)
        self.results_file.picked.connect(self.open_results)
        form.addRow(self.tr("Results"), self.results_file)

    def _add_place_fields(self, form: QFormLayout) -> None:
        """Where the games run: this machine, a local Dask cluster or a scheduler (its address), and how many
        processes (the address takes their place for a scheduler: it has its own workers)."""
        self.run_on = QComboBox()
        self.run_on.addItem(self.tr("This machine"), RunOn.MACHINE.value)
        self.run_on.addItem(self.tr("Dask (local)"), RunOn.LOCAL.value)
        self.run_on.addItem(self.tr("Dask scheduler"), RunOn.ADDRESS.value)
        self.run_on.setToolTip(self.tr("Where the games run: this machine's processes, a Dask cluster started on "
                                       "this machine, or the Dask scheduler of a lab or a cluster "
                                       "(docs/tournament.md)"))
        form.addRow(self.tr("Run on"), self.run_on)
        self.address = QLineEdit()
        self.address.setPlaceholderText("tcp://HOST:8786")
        self.address.setToolTip(self.tr("The address dask scheduler printed, e.g. tcp://10.0.0.5:8786"))
        form.addRow(self.tr("Address"), self.address)
        self.jobs = QSpinBox()
        self.jobs.setRange(1, 64)
        self.jobs.setValue(bench.default_jobs())
        self.jobs.setToolTip(self.tr("Processes playing games at once (on a local cluster: its workers)"))
        form.addRow(self.tr("Processes"), self.jobs)
        self.run_on.currentIndexChanged.connect(self._run_on_changed)

    def _add_limit_fields(self, form: QFormLayout) -> None:
        """How each game is played: its timeout, and whether the coach grades it."""
        self.timeout = QSpinBox()
        self.timeout.setRange(1, 3600)
        self.timeout.setValue(int(bench.DEFAULT_TIMEOUT))
        self.timeout.setSuffix(self.tr(" s per game"))
        form.addRow(self.tr("Timeout"), self.timeout)
        self.coach_box = QCheckBox(self.tr("Luck-adjusted score"))
        self.coach_box.setToolTip(self.tr("Grade every game with the coach too (docs/coach.md) and show its "
                                          "luck-adjusted score: a few seconds more per game"))
        form.addRow(self.tr("Coach"), self.coach_box)

    def _add_controls(self, layout) -> None:
        """Run batch and Stop, the progress bar and the status line (Export CSV… is by the results' tabs)."""
        buttons, self.run_button, self.stop_button = run_stop_row(self.tr("Run batch"), self.start, self.stop)
        layout.addLayout(buttons)
        self.progress = QProgressBar()
        self.progress.setFormat(self.tr("no batch run yet"))
        self.progress.setValue(0)
        layout.addWidget(self.progress)
        self.status = StatusLines()
        layout.addWidget(self.status.area)

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
        """Tick exactly these agents (names, or agent files as ``add_agent_files`` listed them)."""
        self.agent_picker.set_agents(names)

    def add_agent_files(self, keys: Sequence[str], checked: bool = False) -> list[str]:
        """List agent files (each key: path(s) joined by commas); the keys they are listed under."""
        return self.agent_picker.add_files(keys, checked)

    def _run_on_changed(self) -> None:
        scheduler = self.run_on.currentData() == RunOn.ADDRESS
        for field, shown in ((self.address, scheduler), (self.jobs, not scheduler)):
            field.setVisible(shown)
            self.form.labelForField(field).setVisible(shown)

    def cluster_address(self) -> str | None:
        """Where the games run: None for this machine, ``local`` or a scheduler's address (an error if malformed)."""
        text = self.address.text().strip()
        try:
            return cluster_address(self.run_on.currentData(), text)
        except BattleshipError:
            raise BattleshipError(self.tr("“{0}” is not a scheduler address: write it as tcp://HOST:8786")
                                  .format(text)) from None

    def start(self) -> None:
        """Start the batch in the background."""
        if self.running:
            return
        agents = self.agent_picker.chosen()
        if not agents:
            self.status.setText(self.tr("Tick at least one agent."))
            return
        agents, refused = self.loadable(agents)
        if not agents:
            self.status.setText("\n".join([self.tr("No ticked agent loads."), *refused]))
            return
        config = bench.BenchConfig(rules=str(self.rules.currentData()), seed=self.seed.value(),
                                   coach=self.coach_box.isChecked())
        timeout = float(self.timeout.value())
        path = self.results_file.path() or str(default_results_path())
        try:
            if not bench.is_tournament_file(path):  # one format: the resumable tournament file
                raise BattleshipError(self.tr("{0}: the results file must end in .jsonl (the file of bench --out "
                                              "F.jsonl)").format(path))
            maps = bench.expand_maps([self.folder.text().strip() or "."])
            address = self.cluster_address()
            local = self.run_on.currentData() == RunOn.LOCAL
            results = bench.BenchResults(path, agents, maps, config, resume=True)
            runner, player, _ = bench.make_bench(agents, maps, config, jobs=self.jobs.value(), timeout=timeout,
                                                 skip=results.skip, cluster=address, planned=results.planned,
                                                 workers=self.jobs.value() if local else 0)
        except BattleshipError as error:
            self.status.setText(str(error))
            return
        self.results_file.set_path(path)
        self.remember_choices()
        results.games = runner
        self.runner, self.player, self.results = runner, player, results
        self.finished_rows = {}
        self.failures = 0
        self._unshown = []
        self._saved = time.perf_counter()
        self.results_view.games_table.setRowCount(0)  # this batch's games appear as they end
        self.progress.setRange(0, len(self.runner.tasks))
        self.progress.setFormat(self.tr("%v / %m games"))
        self.progress.setValue(len(results.skip))
        text = self.tr("{0} agents × {1} maps = {2} games…").format(len(agents), len(maps), len(self.runner.tasks))
        if results.skip:
            text += " " + self.tr("{0} already in {1}: not played again.").format(len(results.skip), Path(path).name)
        if local:
            text += " " + self.tr("Starting a Dask cluster on this machine…")
        elif address is not None:
            text += " " + self.tr("Connecting to {0}…").format(address)
        self.refused = refused
        self.status.setText("\n".join([text, *refused]))
        self.started = time.perf_counter()
        thread = QThread()
        thread.setObjectName("bench")
        worker = BenchWorker(self.player)
        worker.moveToThread(thread)
        worker.game_done.connect(self._on_game, Qt.QueuedConnection)
        worker.connected.connect(self._on_connected, Qt.QueuedConnection)
        worker.finished.connect(self._on_finished, Qt.QueuedConnection)
        thread.started.connect(worker.run)
        self._thread, self._worker = thread, worker
        thread.start()
        self._update_controls()

    def loadable(self, agents: Sequence[str]) -> tuple[list[str], list[str]]:
        """The agents that load under the chosen rules, and a note for each one that does not (not played: its
        row in the agent list turns red, CLIPS's own file:line: message in its tooltip and in the note)."""
        profile = PROFILES[str(self.rules.currentData())]
        kept, refused = [], []
        for key in agents:
            spec = self.agent_picker.spec(key)
            try:
                errors = load_errors(spec, profile)
            except BattleshipError as error:
                errors = [str(error)]
            if errors:
                self.agent_picker.refuse(key, errors)
                name = self.agent_picker.label(key)
                refused.append(self.tr("{0} not played: {1}").format(name, "; ".join(errors[:3])
                                                                     + (" …" if len(errors) > 3 else "")))
            else:
                kept.append(key)
        return kept, refused

    def stop(self) -> None:
        """Stop the batch (finished games are kept; a cluster's chunks in flight are cancelled)."""
        if self.player is not None and self.running and not self.player.stopped:
            self.player.stop()
            self.status.setText(self.tr("Stopping…"))

    def _on_connected(self, workers: int, threads: int) -> None:
        if self.running and not self.finished_rows:
            self.status.setText(self.tr("{0} games on {1} Dask workers ({2} threads)…").format(
                len(self.runner.tasks), workers, threads))

    def _on_game(self, index: int, row: bench.GameRow) -> None:
        self.finished_rows[index] = row
        self.results.add(index, row)
        if time.perf_counter() - self._saved >= SAVE_EVERY_SECONDS:
            self._save_results(False)  # a checkpoint: the finished games survive even a crash
        self.failures += bool(row.failure)
        self._unshown.append(row)
        if not self._show_timer.isActive():  # shown now; games ending in the next moment wait for it, then
            self._show_games()                # go in together (one sort of the table, not one a game)
            self._show_timer.start()
        self.progress.setValue(len(self.results.skip) + len(self.finished_rows))
        self.status.setText(self.tr("{0} games · {1} s · {2} failures").format(
            len(self.finished_rows), f"{time.perf_counter() - self.started:.1f}", self.failures))

    def _show_games(self) -> None:
        """Add the games ended since the last look to the games table (it is redone at the end)."""
        rows, self._unshown = self._unshown, []
        self.results_view.append_games(self.named(rows))
        if rows and self.running:
            self._show_timer.start()  # games ending in the next moment go in together

    def _on_finished(self, stopped: bool, error: str) -> None:
        self._show_timer.stop()
        self._unshown = []  # show_rows below fills the games table with every game
        thread = self._thread
        self._thread = self._worker = None
        if thread is not None:
            thread.wait(2000)
        saved = self._save_results(stopped)
        rows = self.rows()
        total = len(self.runner.tasks) if self.runner else 0
        seconds = f"{time.perf_counter() - self.started:.1f}"
        text = self.tr("{0} of {1} games in {2} s").format(len(rows), total, seconds)
        if self.results.skip:
            text += " " + self.tr("({0} were in the results file already)").format(len(self.results.skip))
        if stopped:
            text += " " + self.tr("(stopped)")
        if error:
            text += " — " + self.tr("error: {0}").format(error)
        for note in [*getattr(self.player, "notes", ()), *self.refused, *([saved] if self.finished_rows else [])]:
            text += "\n" + note
        self.status.setText(text)
        self.show_rows(rows)
        self._update_controls()
        self.finished.emit()

    def _save_results(self, stopped: bool) -> str:
        """Append the games finished since the last time to the results file; a line saying where they are."""
        self._saved = time.perf_counter()
        try:
            self.results.save(stopped)
        except BattleshipError as error:
            return str(error)
        return self.tr("Results: {0}").format(self.results.out)

    def rows(self) -> list[bench.GameRow]:
        """The batch's games, agent by agent: those in its results file (this run's and those played before)."""
        return self.results.ordered() if self.results is not None else []

    def open_results(self, path: str) -> None:
        """Use the results file ``path``: one that holds games sets the batch up as it was played and shows its
        games (Run batch plays the others); a new one is just named."""
        if not Path(path).is_file() or not Path(path).stat().st_size:
            self.status.setText(self.tr("The games will go to the new file {0}").format(path))
            return
        try:
            notes = setup_from(self, path)
            maps = bench.expand_maps([self.folder.text()])
            agents = self.agent_picker.chosen()
            config = bench.BenchConfig(rules=str(self.rules.currentData()), seed=self.seed.value())
            results = bench.BenchResults(path, agents, maps, config, resume=True)
        except BattleshipError as error:
            self.status.setText(str(error))
            return
        results.games = self.runner = bench.Bench(agents, maps, config)
        self.results, self.finished_rows = results, {}
        self.progress.setRange(0, len(self.runner.tasks))
        self.progress.setValue(len(results.skip))
        self.show_rows(self.rows())
        self.status.setText("\n".join([self.tr("{0} of {1} games are in {2}: Run batch plays the others.").format(
            len(results.skip), len(self.runner.tasks), Path(path).name), *notes]))
        self._update_controls()

    def remember_choices(self) -> None:
        """Keep the maps field and the ticked agents in the settings for the next time the window opens."""
        if self.settings is not None:
            self.settings.setValue("compare/batch/maps", self.folder.text())
            self.settings.setValue("compare/batch/agents", self.agent_picker.chosen())

    def restore_choices(self) -> None:
        """Put back the maps field and the ticked agents ``remember_choices`` kept (agent files that are gone are
        reported in the status line)."""
        if self.settings is None:
            return
        self.folder.setText(str(self.settings.value("compare/batch/maps", "") or ""))
        keys = self.settings.value("compare/batch/agents", [])
        keys = [k for k in ([keys] if isinstance(keys, str) else list(keys or [])) if k]
        if keys:
            self.agent_picker.set_agents(self.agent_picker.add_files(keys))

    def named(self, rows: Sequence[bench.GameRow]) -> list[bench.GameRow]:
        """``rows`` as shown: each agent under the name the agent list gives it (a submission's folder or file
        name, not its path); the rows themselves (exported, saved) keep the agent as played."""
        return [dataclasses.replace(r, agent=self.agent_picker.label(r.agent)) for r in rows]

    def show_rows(self, rows: Sequence[bench.GameRow]) -> None:
        """Fill both tables and the plots from results rows, each agent under the name the agent list gives it."""
        agents = [self.agent_picker.label(a) for a in self.runner.agents] if self.runner else None
        self.results_view.show_rows(self.named(rows), agents)

    def export_csv(self) -> None:
        """Save the finished games as CSV (one row per agent and map)."""
        rows = self.rows()
        if not rows:
            self.status.setText(self.tr("Nothing to export yet."))
            return
        start = self.export_dir or str(Path.home())  # the last export's folder, not wherever the app started
        path = self.interaction.choose_save_file(str(Path(start) / "bench-results.csv"), self.tr("CSV files (*.csv)"))
        if not path:
            return
        self.export_dir = str(Path(path).parent)
        if not path.lower().endswith(".csv"):
            path += ".csv"
        try:
            bench.save_results(path, rows)
        except BattleshipError as error:
            self.status.setText(str(error))
            return
        self.status.setText(self.tr("Saved {0} rows to {1}").format(len(rows), path))

    def _update_controls(self) -> None:
        self.run_button.setEnabled(not self.running)
        self.stop_button.setEnabled(self.running)
        self.results_view.export_button.setEnabled(not self.running and (bool(self.finished_rows) or self.results is not None))

    def shutdown(self, wait_ms: int = 5000) -> None:
        """Stop a running batch and wait for its thread (window closing; a local cluster takes a while to close)."""
        self.stop()
        if on_cluster(self.player):
            wait_ms = max(wait_ms, 20000)
        thread = self._thread
        if thread is not None:
            thread.wait(wait_ms)
