"""The Compare window: a "Side by side" tab, a "Batch" tab and an "A/B" tab."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PyQt5.QtCore import QEvent, QSettings
from PyQt5.QtWidgets import QMainWindow, QTabWidget, QVBoxLayout, QWidget

from app.backends import registry
from app.core import BattleshipError
from app.gui.compare.ab_panel import ABPanel
from app.gui.compare.batch import BatchPanel
from app.gui.compare.side_by_side import MAX_AGENTS, SideBySide
from app.gui.interaction import Interaction
from app.gui.retranslate import retranslate
from app.gui.theme import ScrollingColumn, fit_to_screen


class CompareWindow(QMainWindow):
    """The Compare window: a "Side by side" tab, a "Batch" tab and an "A/B" tab."""

    def __init__(self, interaction: Interaction | None = None, parent: QWidget | None = None,
                 settings: QSettings | None = None):
        """``settings``: where the batch's maps field and ticked agents are kept between runs (None: not kept)."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("Battleship Lab — Compare agents"))
        self.interaction = interaction.for_window(self) if interaction is not None else Interaction(self)
        try:
            agents = registry.discover()
        except BattleshipError:
            agents = {}
        self.tabs = QTabWidget()
        self.tabs.setStyleSheet("QTabBar::tab { min-width: 140px; }")
        self.side_by_side = SideBySide(agents, self.interaction)
        self.batch = BatchPanel(agents, self.interaction, settings=settings)
        self.batch.restore_choices()
        self.tabs.addTab(ScrollingColumn(self.side_by_side), self.tr("Side by side"))  # scroll on a small screen
        self.tabs.addTab(ScrollingColumn(self.batch), self.tr("Batch"))
        self.ab = ABPanel(agents, self.interaction)
        self.tabs.addTab(ScrollingColumn(self.ab), self.tr("A/B"))
        central = QWidget()
        central.setObjectName("central")
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs)
        self.setCentralWidget(central)
        fit_to_screen(self, 1400, 900)

    def preload(self, map_path: str | None, rules: str, agent_files: Sequence[str] = (), tick: str = "") -> None:
        """Start from the main window's map (if the side-by-side view has none yet) and rules, with its recent
        agent files listed (each: path(s) joined by commas) and ``tick`` (one of them) ticked."""
        view = self.side_by_side
        for panel in (view, self.batch):
            panel.add_agent_files([key for key in agent_files if key != tick])
            if tick and len(panel.agent_picker.chosen()) < MAX_AGENTS:
                panel.add_agent_files([tick], checked=True)
        if map_path and view.game_map is None:
            view.load_map(map_path)
        for box in (view.rules, self.batch.rules):
            index = box.findData(rules)
            if index >= 0 and not (view.lockstep and not view.lockstep.done):
                box.setCurrentIndex(index)
        self.ab.add_agent_files(list(agent_files))
        if tick:
            self.ab.set_agents(tick, None)  # your agent, as the new version
        for folder in (self.batch.folder, self.ab.folder):
            if map_path and not folder.text():
                folder.setText(str(Path(map_path).parent))

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        """A language chosen in the main window's menu: this window's texts in it at once (retranslate.py)."""
        if event.type() == QEvent.LanguageChange:
            retranslate(self)
        super().changeEvent(event)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        """Cancel the agents and the batch before closing."""
        self.side_by_side.shutdown()
        self.batch.shutdown()
        self.batch.remember_choices()
        self.ab.shutdown()
        super().closeEvent(event)
