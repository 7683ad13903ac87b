"""The batch tab's results: the per-agent summary on top, the plots and the games table in tabs below, Export CSV…
by the tabs. It shows the rows it is given (``show_rows``, and ``append_games`` while a batch runs); the batch panel
(``app.gui.compare.batch``) runs the batch, keeps its rows and writes the files."""

from __future__ import annotations

from collections.abc import Sequence

from PyQt5.QtCore import QT_TRANSLATE_NOOP, Qt
from PyQt5.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSplitter, QTabWidget, QWidget

from app.core import BattleshipError
from app.gui.compare.controls import panel_card
from app.gui.compare.tables import (
    GAME_COLUMNS,
    SUMMARY_HEADS,
    append_rows,
    fill_table,
    game_cells,
    make_table,
    summary_cells,
)
from app.tournament import bench, plots

# the plots' titles (app/tournament/plots.py draws them, the view translates them), for pylupdate5
PLOT_WORDS = (QT_TRANSLATE_NOOP("BatchResults", "score per game (box: quartiles, triangle: mean)"),
              QT_TRANSLATE_NOOP("BatchResults", "score"), QT_TRANSLATE_NOOP("BatchResults", "mean score as % of oracle"),
              QT_TRANSLATE_NOOP("BatchResults", "% of oracle"))


class BatchResults(QSplitter):
    """The summary table over the Plots and Games tabs (``export_button`` in the tabs' corner: the panel connects
    it); ``figure`` is None when matplotlib is missing (the Plots tab says so)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(Qt.Vertical, parent)
        self.setChildrenCollapsible(False)
        top, top_layout = panel_card()
        self.summary_table = make_table(SUMMARY_HEADS)
        self.summary_table.setMinimumHeight(150)
        self.summary_table.setStyleSheet("QHeaderView::section { padding: 4px 3px; }")
        top_layout.addWidget(self.summary_table)
        self.addWidget(top)
        self.tabs = QTabWidget()
        self.canvas = self._make_canvas()
        self.tabs.addTab(self.canvas, self.tr("Plots"))
        self.games_table = make_table([h for h, _, _ in GAME_COLUMNS])
        self.tabs.addTab(self.games_table, self.tr("Games"))
        self.export_button = QPushButton(self.tr("Export CSV…"))  # by the results, not in the side column: the
        corner = QWidget()  # agents' list there gets the height
        corner_layout = QHBoxLayout(corner)
        corner_layout.setContentsMargins(0, 0, 4, 4)
        corner_layout.addWidget(self.export_button)
        self.tabs.setCornerWidget(corner, Qt.TopRightCorner)
        self.addWidget(self.tabs)
        self.setStretchFactor(0, 1)
        self.setStretchFactor(1, 3)
        self.setSizes([220, 10_000])

    def _make_canvas(self) -> QWidget:
        try:
            from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg  # optional, and slow to import

            self.figure = plots.new_figure()
            return FigureCanvasQTAgg(self.figure)
        except (ImportError, BattleshipError) as error:
            self.figure = None
            label = QLabel(self.tr("Plots need matplotlib: {0}").format(error))
            label.setAlignment(Qt.AlignCenter)
            return label

    def append_games(self, rows: Sequence[bench.GameRow]) -> None:
        """Add games just finished to the games table (``show_rows`` redoes it at the end)."""
        append_rows(self.games_table, [game_cells(r) for r in rows])

    def show_rows(self, rows: Sequence[bench.GameRow], agents: Sequence[str] | None = None) -> None:
        """Fill both tables and the plots from results rows (``agents``: the summary's order; None: as they come)."""
        summaries = bench.summarize(rows, agents)
        fill_table(self.summary_table, [summary_cells(s) for s in summaries])
        self.summary_table.sortItems(2, Qt.DescendingOrder)
        table = self.summary_table
        table.setMinimumHeight(table.horizontalHeader().sizeHint().height()
                               + max(2, len(summaries)) * table.verticalHeader().defaultSectionSize()
                               + table.horizontalScrollBar().sizeHint().height() + 6)
        fill_table(self.games_table, [game_cells(r) for r in rows])
        if self.figure is not None:
            plots.draw(self.figure, summaries, self.tr("{0} maps").format(len({r.map_path for r in rows})),
                       say=self.tr)
            self.canvas.draw_idle()
