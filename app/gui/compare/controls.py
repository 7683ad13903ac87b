"""Controls both Compare tabs use: their cards, the agent picker and the rules picker."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PyQt5.QtCore import Qt, pyqtSignal
from PyQt5.QtGui import QBrush, QColor
from PyQt5.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.backends import registry
from app.backends.registry import AgentSpec
from app.core import DEFAULT_PROFILE, PROFILES, BattleshipError
from app.gui.agent_kind import listed_name
from app.gui.i18n import translate
from app.gui.interaction import Interaction
from app.gui.theme import card
from app.tournament import submissions


def panel_card() -> tuple[QFrame, QVBoxLayout]:
    """A card with the Compare window's margins (a frame and its layout)."""
    return card(margins=(12, 10))


class AgentPicker(QWidget):
    """Agents to tick: the shipped ones, then agent files (the recent ones and any the user adds).

    Keys are what ``registry.resolve`` takes: a shipped agent's name, or an agent's file path(s) joined by commas.
    ``failed(text)`` reports an agent file that cannot be used.
    """

    changed = pyqtSignal()
    failed = pyqtSignal(str)

    def __init__(self, agents: dict[str, AgentSpec], interaction: Interaction, checked: Sequence[str] = (),
                 strip: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.specs: dict[str, AgentSpec] = dict(agents)
        self.names: dict[str, str] = {}  # a submission's key -> its folder or file name
        self.interaction = interaction
        layout = QBoxLayout(QBoxLayout.LeftToRight if strip else QBoxLayout.TopToBottom, self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.list = QListWidget()
        self.list.setToolTip(self.tr("Tick the agents to compare"))
        if strip:  # a wrapping row of check boxes, two lines high
            self.list.setFlow(QListWidget.LeftToRight)
            self.list.setWrapping(True)
            self.list.setResizeMode(QListWidget.Adjust)
            self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
            self.list.setSpacing(2)
            self.list.setFixedHeight(2 * self.list.fontMetrics().height() + 26)
        else:  # a column: a long name is shortened in its middle (its tooltip has it whole), no sideways scrolling
            self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
            self.list.setTextElideMode(Qt.ElideMiddle)
            self.list.setUniformItemSizes(True)
        for name, spec in agents.items():
            self._add(name, spec, listed_name(name, spec), name in checked)
        self.list.itemChanged.connect(lambda _item: self.changed.emit())
        layout.addWidget(self.list, 1)
        self.add_button = QPushButton(self.tr("Add agent file…"))
        self.add_button.setToolTip(self.tr("Compare your own agent: one .py file, "
                                           "or the .clp file(s) of a CLIPS agent"))
        self.add_button.clicked.connect(self.choose_files)
        layout.addWidget(self.add_button, 0, Qt.AlignTop)
        self.folder_button = QPushButton(self.tr("Add submissions folder…"))
        self.folder_button.setToolTip(self.tr("A class's submissions: one agent per student folder or agent file"))
        self.folder_button.clicked.connect(self.choose_submissions)
        layout.addWidget(self.folder_button, 0, Qt.AlignTop)

    def _add(self, key: str, spec: AgentSpec, text: str, checked: bool) -> None:
        item = QListWidgetItem(text)
        item.setData(Qt.UserRole, key)
        item.setToolTip(spec.description or key)
        item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
        item.setCheckState(Qt.Checked if checked else Qt.Unchecked)
        self.list.addItem(item)

    def add_files(self, keys: Sequence[str], checked: bool = False) -> list[str]:
        """List these agent files (each key: path(s) joined by commas), ticked if ``checked``; the keys listed
        (an agent already listed is ticked again, one that cannot be used is reported through ``failed``)."""
        listed = []
        for key in keys:
            try:
                spec = registry.resolve(key)
            except BattleshipError as error:
                self.failed.emit(self.tr("Cannot use agent {0}: {1}").format(key, error))
                continue
            if key != spec.name or key not in self.specs:  # not a shipped agent's name: listed by its path(s)
                key = ",".join(map(str, spec.paths))
            if key not in self.specs:
                self.specs[key] = spec
                folder = Path(spec.paths[0]).parent.name if spec.paths else ""
                self._add(key, spec, f"{spec.name}  ·  {folder}/" if folder else spec.name, checked)
                self.list.item(self.list.count() - 1).setToolTip("\n".join(map(str, spec.paths)))
            elif checked:
                self.set_agents([*self.chosen(), key])
            listed.append(key)
        return listed

    def _start(self) -> str:
        files = [key for key, spec in self.specs.items() if key != spec.name]  # listed by path, not by name
        return str(Path(files[-1].split(",")[0]).parent) if files else str(registry.AGENTS_DIR)

    def choose_files(self) -> None:
        """Ask for agent files and list them, ticked: one agent per file, unless the user says several .clp
        files are one agent (loaded in the order picked); a .py file is always an agent of its own."""
        paths = self.interaction.choose_agent_files(self._start())
        clips = [p for p in paths if p.endswith(".clp")]
        keys = [p for p in paths if not p.endswith(".clp")]
        if len(clips) > 1:
            one, _ = self.interaction.confirm(
                self.tr("Several CLIPS files"),
                self.tr("Load these {0} .clp files as one agent (in this order)?\n{1}\n\n"
                        "No: each file is an agent of its own.").format(
                    len(clips), "\n".join(Path(p).name for p in clips)))
            keys += [",".join(clips)] if one else clips
        else:
            keys += clips
        if keys:
            self.add_files(keys, checked=True)

    def choose_submissions(self) -> None:
        """Ask for a folder of submissions and list its agents, ticked."""
        folder = self.interaction.choose_folder(self._start())
        if folder:
            self.add_submissions(folder)

    def add_submissions(self, folder: str | Path) -> list[str]:
        """List one agent per submission in ``folder`` (as ``app.tournament.submissions`` finds them), ticked, named
        by its folder or file name; one that cannot be played is listed unticked with a red mark, its reason in
        the tooltip and through ``failed``. The keys of the agents listed."""
        try:
            found = submissions.find(folder)
        except BattleshipError as error:
            self.failed.emit(str(error))
            return []
        listed = []
        for submission in found:
            error = submission.error
            if not error:
                try:
                    spec = registry.resolve(submission.agent)
                except BattleshipError as bad:
                    error = str(bad)
            if error:
                self.mark_failed(submission.name, str(submission.path), error)
                continue
            key = submission.agent
            self.names[key] = submission.name
            if key not in self.specs:
                self.specs[key] = spec
                self._add(key, spec, submission.name, True)
                self.list.item(self.list.count() - 1).setToolTip(
                    "\n".join([str(submission.path), *(str(p) for p in spec.paths)]))
            listed.append(key)
        self.set_agents([*self.chosen(), *listed])
        self.changed.emit()
        return listed

    def refuse(self, key: str, errors: Sequence[str]) -> None:
        """Show that the listed agent ``key`` does not load: its row red and unticked, what loading said (CLIPS's
        own file:line: message) in its tooltip."""
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.data(Qt.UserRole) == key:
                if not item.text().startswith("✗ "):
                    item.setText(f"✗ {item.text()}")
                item.setForeground(QBrush(QColor("#c62828")))
                item.setToolTip("\n".join([*(str(p) for p in self.specs[key].paths), *errors]))
                item.setCheckState(Qt.Unchecked)

    def mark_failed(self, name: str, where: str, error: str) -> None:
        """Show an agent that cannot be played: a red, unticked, not tickable row with the reason in its
        tooltip (and the reason through ``failed``)."""
        item = QListWidgetItem(f"✗ {name}")
        item.setForeground(QBrush(QColor("#c62828")))
        item.setToolTip(f"{where}\n{error}")
        item.setFlags(item.flags() & ~Qt.ItemIsUserCheckable)
        self.list.addItem(item)
        self.failed.emit(self.tr("Cannot use agent {0}: {1}").format(name, error))

    def set_agents(self, keys: Sequence[str]) -> None:
        """Tick exactly these agents."""
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setCheckState(Qt.Checked if item.data(Qt.UserRole) in keys else Qt.Unchecked)

    def chosen(self) -> list[str]:
        """The keys of the ticked agents, in the list's order."""
        return [self.list.item(i).data(Qt.UserRole) for i in range(self.list.count())
                if self.list.item(i).checkState() == Qt.Checked]

    def label(self, key: str) -> str:
        """The name the agent ``key`` is shown under in results: a submission's folder or file name, else the key."""
        return self.names.get(key, key)

    def spec(self, key: str) -> AgentSpec:
        """The agent listed under ``key``."""
        return self.specs[key]


def game_fields(form: QFormLayout, choose_folder) -> tuple[QLineEdit, QComboBox, QSpinBox]:
    """Which games (Batch, A/B), as rows of ``form``: the maps (a folder, glob or file; "…" calls
    ``choose_folder``), the rules and the seed."""
    folder_row = QHBoxLayout()
    folder = QLineEdit()
    folder.setPlaceholderText(translate("Compare", "folder, glob or map file"))
    folder_button = QPushButton("…")
    folder_button.setFixedWidth(32)
    folder_button.clicked.connect(choose_folder)
    folder_row.addWidget(folder, 1)
    folder_row.addWidget(folder_button)
    form.addRow(translate("Compare", "Maps"), folder_row)
    rules = rules_box()
    form.addRow(translate("Compare", "Rules"), rules)
    seed = QSpinBox()
    seed.setRange(0, 2**31 - 1)
    form.addRow(translate("Compare", "Seed"), seed)
    return folder, rules, seed


def rules_box() -> QComboBox:
    """A rules profile picker."""
    box = QComboBox()
    for name, profile in PROFILES.items():
        box.addItem(name, name)
        box.setItemData(box.count() - 1, profile.description, Qt.ToolTipRole)
    box.setCurrentIndex(box.findData(DEFAULT_PROFILE))
    return box


def run_stop_row(run_text: str, start, stop) -> tuple[QHBoxLayout, QPushButton, QPushButton]:
    """A Compare mode's two buttons side by side: run (``run_text``, the primary one) and Stop."""
    row = QHBoxLayout()
    run_button = QPushButton(run_text)
    run_button.setObjectName("primary")
    run_button.clicked.connect(start)
    stop_button = QPushButton(translate("Compare", "Stop"))
    stop_button.clicked.connect(stop)
    row.addWidget(run_button)
    row.addWidget(stop_button)
    return row, run_button, stop_button
