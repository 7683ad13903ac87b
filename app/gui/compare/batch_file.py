"""The batch's results file: the tournament file ``main.py bench --out F.jsonl`` writes and ``bench --resume``
continues (one format, one implementation: ``app.tournament.bench.BenchResults``).

The user picks it (an existing file, to continue it, or a new name), or a batch started without one writes a new
file in the user's data folder (``batches/``). Picking a file that holds games sets the batch up as it was
played (agents, maps, rules, seed: ``setup_from``); Run batch then plays only the games not in it yet.
"""

from __future__ import annotations

import time
from pathlib import Path

from PyQt5.QtCore import pyqtSignal
from PyQt5.QtWidgets import QHBoxLayout, QLineEdit, QPushButton, QWidget

from app.core.paths import user_data
from app.gui.i18n import translate
from app.gui.interaction import Interaction
from app.tournament import bench


def default_results_path() -> Path:
    """A new results file in the user's data folder, named by the time (``batches/batch-YYYYmmdd-HHMMSS.jsonl``).

    New means no file of that name yet (``-2``, ``-3``... when batches start in the same second): a batch is resumed
    from its file, so a second batch started within a second of another would otherwise take that one's games as its
    own."""
    folder = user_data() / "batches"
    stem = time.strftime("batch-%Y%m%d-%H%M%S")
    path, number = folder / f"{stem}.jsonl", 1
    while path.exists():
        number += 1
        path = folder / f"{stem}-{number}.jsonl"
    return path


class ResultsFileField(QWidget):
    """The results file's name and a "…" button to pick one; ``picked(path)`` when the user picks a file, or types
    the name of one that exists (and leaves the field or presses Enter)."""

    picked = pyqtSignal(str)

    def __init__(self, interaction: Interaction, parent: QWidget | None = None):
        super().__init__(parent)
        self.interaction = interaction
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.edit = QLineEdit()
        self.edit.editingFinished.connect(self._typed)
        self._picked = ""  # the file ``picked`` named last (leaving the field again does not set the batch up again)
        self.edit.setPlaceholderText(self.tr("new file in {0}").format(Path(user_data().name) / "batches"))
        self.edit.setToolTip(self.tr("Where the games go as they finish (the file of bench --out F.jsonl). "
                                     "A file that holds games is continued: only the games not in it are "
                                     "played. Empty: a new file in {0}").format(user_data() / "batches"))
        button = QPushButton("…")
        button.setFixedWidth(32)
        button.setToolTip(self.tr("Pick a results file to continue, or a new one"))
        button.clicked.connect(self.choose)
        layout.addWidget(self.edit, 1)
        layout.addWidget(button)

    def path(self) -> str:
        """The file named (empty: none yet)."""
        return self.edit.text().strip()

    def set_path(self, path: str | Path) -> None:
        """Name this file."""
        self.edit.setText(str(path))

    def choose(self) -> None:
        """Ask for a results file (starting at the one named, or in the user's data folder)."""
        start = self.path() or str(default_results_path())
        path = self.interaction.choose_results_file(start)
        if path:
            if not path.lower().endswith(".jsonl"):
                path += ".jsonl"
            self.set_path(path)
            self._pick(path)

    def _typed(self) -> None:
        """A typed name of a file that exists is picked as if chosen with the button; a new name only names it."""
        path = self.path()
        if path and path != self._picked and Path(path).expanduser().is_file():
            self._pick(str(Path(path).expanduser()))

    def _pick(self, path: str) -> None:
        self._picked = path
        self.picked.emit(path)


def maps_folder(maps: list[str]) -> tuple[str, list[str]]:
    """The folder field for a stored batch's maps (their folder; the first one's when they are in several), and
    the maps it leaves out."""
    folder = str(Path(maps[0]).parent)
    return folder, [m for m in maps if str(Path(m).parent) != folder]


def setup_from(panel, path: str) -> list[str]:
    """Set ``panel`` (a ``BatchPanel``) up as the batch stored in ``path`` was played: its agents ticked, its maps'
    folder, its rules and seed. Notes for what cannot be set up (a one-line error if ``path`` is no results file)."""
    stored = bench.stored_batch(path)
    notes = []
    keys = panel.agent_picker.add_files(stored.agents)
    panel.agent_picker.set_agents(keys)
    folder, left_out = maps_folder(stored.maps)
    panel.folder.setText(folder)
    if left_out:
        notes.append(translate("BatchPanel", "Maps in other folders are not in this batch: {0}")
                     .format(", ".join(left_out[:3])))
    index = panel.rules.findData(stored.rules)
    if index >= 0:
        panel.rules.setCurrentIndex(index)
    panel.seed.setValue(stored.seed)
    if stored.options:
        notes.append(translate("BatchPanel", "Played with options the batch does not set ({0}): its games are "
                                           "played again")
                     .format(", ".join(stored.options)))
    return notes
