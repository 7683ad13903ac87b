"""The Compare window's results tables: sortable, read-only, filled from ``bench`` rows and summaries."""

from __future__ import annotations

from collections.abc import Sequence

from PyQt5.QtCore import QT_TRANSLATE_NOOP, Qt
from PyQt5.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from app.gui.i18n import translate
from app.gui.score_panel import TERM_TIPS
from app.tournament import bench

# The column headers of every Compare table (bench's own table heads among them: the engine has no Qt), marked
# for the catalogue in the "CompareTables" context; the game's terms (fok, fko, gok, gko, safe, sink) stay as the
# course writes them.
HEADER_TEXTS = (
    QT_TRANSLATE_NOOP("CompareTables", "agent"), QT_TRANSLATE_NOOP("CompareTables", "map"),
    QT_TRANSLATE_NOOP("CompareTables", "score"), QT_TRANSLATE_NOOP("CompareTables", "oracle"),
    QT_TRANSLATE_NOOP("CompareTables", "% oracle"), QT_TRANSLATE_NOOP("CompareTables", "precision"),
    QT_TRANSLATE_NOOP("CompareTables", "recall"), QT_TRANSLATE_NOOP("CompareTables", "actions"),
    QT_TRANSLATE_NOOP("CompareTables", "seconds"), QT_TRANSLATE_NOOP("CompareTables", "failure"),
    QT_TRANSLATE_NOOP("CompareTables", "stop reason"), QT_TRANSLATE_NOOP("CompareTables", "luck-adj"),
    QT_TRANSLATE_NOOP("CompareTables", "games"), QT_TRANSLATE_NOOP("CompareTables", "mean"),
    QT_TRANSLATE_NOOP("CompareTables", "median"), QT_TRANSLATE_NOOP("CompareTables", "min"),
    QT_TRANSLATE_NOOP("CompareTables", "max"), QT_TRANSLATE_NOOP("CompareTables", "fires ok/ko"),
    QT_TRANSLATE_NOOP("CompareTables", "flags ok/ko"), QT_TRANSLATE_NOOP("CompareTables", "sunk"),
    QT_TRANSLATE_NOOP("CompareTables", "s/game"), QT_TRANSLATE_NOOP("CompareTables", "max s"),
    QT_TRANSLATE_NOOP("CompareTables", "failures"), QT_TRANSLATE_NOOP("CompareTables", "coach s"),
    QT_TRANSLATE_NOOP("CompareTables", "new"), QT_TRANSLATE_NOOP("CompareTables", "old"),
    QT_TRANSLATE_NOOP("CompareTables", "delta"),
)

# (header, GameRow field, digits) of the per-game tables
GAME_COLUMNS = (
    ("agent", "agent", None), ("map", "map", None), ("score", "score", 0), ("oracle", "oracle", 0),
    ("% oracle", "percent_of_oracle", 1), ("fok", "fok", 0), ("fko", "fko", 0), ("gok", "gok", 0),
    ("gko", "gko", 0), ("safe", "safe", 0), ("sink", "sink", 0), ("precision", "precision", 3),
    ("recall", "recall", 3), ("actions", "actions", 0), ("seconds", "seconds", 3), ("failure", "failure", None),
    ("stop reason", "stop_reason", None), ("luck-adj", "luck_adjusted", 1),
)

LANE_COLUMNS = tuple(c for c in GAME_COLUMNS if c[1] not in ("map", "stop_reason", "luck_adjusted"))


class _Shown(str):
    """Text shown in a table cell that sorts by ``key``."""

    def __new__(cls, text: str, key):
        shown = super().__new__(cls, text)
        shown.key = key
        return shown


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
    table.setHorizontalHeaderLabels([translate("CompareTables", head) for head in headers])
    for column, head in enumerate(headers):  # the game's terms (fok, fko...) say what they count, as the score card's
        if head in TERM_TIPS:
            table.horizontalHeaderItem(column).setToolTip(translate("ScorePanel", TERM_TIPS[head]))
    table.setEditTriggers(QAbstractItemView.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectRows)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    table.horizontalHeader().setSortIndicator(0, Qt.AscendingOrder)  # Qt's header starts descending: z..a, k4..k0
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


def append_rows(table: QTableWidget, rows: Sequence[Sequence[tuple[object, int | None]]]) -> None:
    """Add rows at the end (as ``fill_table`` fills them), then sort once, keeping the table's sort order."""
    if not rows:
        return
    table.setSortingEnabled(False)
    first = table.rowCount()
    table.setRowCount(first + len(rows))
    for r, cells in enumerate(rows, start=first):
        for c, (value, digits) in enumerate(cells):
            table.setItem(r, c, _SortItem(value, digits))
    table.setSortingEnabled(True)


def game_cells(row: bench.GameRow) -> list[tuple[object, int | None]]:
    """A results row as the cells of ``GAME_COLUMNS``."""
    return [(getattr(row, name), digits) for _, name, digits in GAME_COLUMNS]


SUMMARY_HEADS = bench.TABLE_HEADS + bench.COACH_HEADS[:1]


def summary_cells(summary: bench.AgentSummary) -> list[tuple[object, int | None]]:
    """A per-agent summary as the cells of ``SUMMARY_HEADS``: the CLI table's texts, sorted by their numbers."""
    keys = (summary.agent, summary.games, summary.mean, summary.median, summary.min, summary.max,
            summary.mean_percent_of_oracle, summary.fok, summary.gok, summary.sink, summary.precision,
            summary.recall, summary.mean_seconds, summary.max_seconds, summary.failures, summary.luck_adjusted)
    texts = bench.table_cells(summary) + bench.coach_cells(summary)[:1]
    return [(_Shown(text, key), None) for text, key in zip(texts, keys)]
