"""The score panel: a solved game's statistics, score, oracle, precision and recall.

Reusable by any view: ``ScorePanel.show_result(result)`` fills it from a
``GameResult`` (the engine's numbers, never recomputed here except the
per-term contributions shown under each count); ``clear()`` empties it.
"""

from __future__ import annotations

from PyQt5.QtCore import QT_TRANSLATE_NOOP, Qt
from PyQt5.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QProgressBar, QVBoxLayout, QWidget

from app.core import PROFILES, GameResult
from app.gui.engine_text import engine_text
from app.gui.i18n import translate
from app.gui.theme import TitledCard

TILES = (  # the protocol's counts, each explained in its tooltip (docs/rules.md, Scoring); translated where shown
    ("fok", QT_TRANSLATE_NOOP("ScorePanel", "fok, fire ok: fired cells that hold a ship")),
    ("fko", QT_TRANSLATE_NOOP("ScorePanel", "fko, fire ko: fired cells that hold water")),
    ("gok", QT_TRANSLATE_NOOP("ScorePanel", "gok: flagged ship cells (right flags), leaving out cells fired and ship "
                                            "cells known from the start")),
    ("gko", QT_TRANSLATE_NOOP("ScorePanel", "gko: flagged water cells (wrong flags), leaving out cells fired")),
    ("safe", QT_TRANSLATE_NOOP("ScorePanel", "safe: ship cells never fired, never flagged and not known from the start "
                                             "(the ones missed)")),
    ("sink", QT_TRANSLATE_NOOP("ScorePanel", "sink: ships every cell of which was fired, flagged or known from the "
                                             "start")),
    ("fires_left", QT_TRANSLATE_NOOP("ScorePanel", "fires left: fires not used at the end")),
    ("guesses_left", QT_TRANSLATE_NOOP("ScorePanel", "flags left: flags not used at the end")),
)
TERM_TIPS = dict(TILES)  # the protocol's terms explained, wherever a panel shows them (translated where shown)
TILE_CAPTIONS = {"fires_left": QT_TRANSLATE_NOOP("ScorePanel", "fires left"),
                 "guesses_left": QT_TRANSLATE_NOOP("ScorePanel", "flags left")}


def _fraction(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


class _Tile(QFrame):
    """One count: its value and name on one line, what it added to the score under them (two lines, not three: the
    card keeps its whole height beside the side tabs on a 1366x768 laptop)."""

    def __init__(self, key: str, tooltip: str):
        super().__init__()
        self.setObjectName("tile")
        self.setStyleSheet("QFrame#tile { background: #F6F8FA; border-radius: 8px; }")
        self.setToolTip(tooltip)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(0)
        line = QHBoxLayout()
        line.setSpacing(5)
        self.value = QLabel("—")
        self.value.setStyleSheet("font-size: 14pt; font-weight: 600; color: #1F2933;")
        self.caption = QLabel(translate("ScorePanel", TILE_CAPTIONS[key]) if key in TILE_CAPTIONS else key)
        self.caption.setStyleSheet("color: #475467; font-weight: 600;")
        line.addStretch(1)
        line.addWidget(self.value, 0, Qt.AlignBaseline)
        line.addWidget(self.caption, 0, Qt.AlignBaseline)
        line.addStretch(1)
        layout.addLayout(line)
        self.contribution = QLabel(" ")
        self.contribution.setAlignment(Qt.AlignCenter)
        self.contribution.setStyleSheet("color: #475467; font-size: 8pt;")
        layout.addWidget(self.contribution)


class ScorePanel(TitledCard):
    """Statistics tiles, the score next to the oracle, precision and recall."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Score", spacing=6, parent=parent)
        self._result: GameResult | None = None
        self.title.setText(self.tr("Score"))
        layout = self.body

        head = QHBoxLayout()
        self.score_label = QLabel("—")
        self.score_label.setStyleSheet("font-size: 22pt; font-weight: 700; color: #0072B2; padding-right: 12px;")
        self.score_label.setAccessibleName("score")
        head.addWidget(self.score_label)
        side = QVBoxLayout()
        side.setSpacing(2)
        self.oracle_label = QLabel()
        self.oracle_label.setStyleSheet("color: #344054; font-weight: 600;")
        self.bar = QProgressBar()
        self.bar.setRange(0, 100)
        self.bar.setTextVisible(False)
        self.bar.setFixedHeight(8)
        self.bar.setStyleSheet("QProgressBar { background: #E4E9F0; border: none; border-radius: 4px; }"
                               "QProgressBar::chunk { background: #0072B2; border-radius: 4px; }")
        self.percent_label = QLabel(" ")
        self.percent_label.setStyleSheet("color: #475467;")
        side.addWidget(self.oracle_label)
        side.addWidget(self.bar)
        side.addWidget(self.percent_label)
        head.addLayout(side, 1)
        layout.addLayout(head)

        self.tiles_box = QWidget()
        grid = QGridLayout(self.tiles_box)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(6)
        self.tiles: dict[str, _Tile] = {}
        for index, (key, tooltip) in enumerate(TILES):
            tile = _Tile(key, translate("ScorePanel", tooltip))
            self.tiles[key] = tile
            grid.addWidget(tile, index // 4, index % 4)
        layout.addWidget(self.tiles_box)

        self.summary_label = QLabel(" ")
        self.summary_label.setWordWrap(True)
        self.summary_label.setStyleSheet("color: #344054;")
        layout.addWidget(self.summary_label)
        self.clear()

    @property
    def result(self) -> GameResult | None:
        """The result shown (None when empty)."""
        return self._result

    def clear(self, hint: str = "", oracle: str = "—") -> None:
        """Empty the panel (``hint``: what to say meanwhile; ``oracle``: the oracle score to show, as text)."""
        self._result = None
        hint = hint or self.tr("The score appears when the game is solved.")
        self.score_label.setText("—")
        self.oracle_label.setText(self.tr("oracle {0}").format(oracle))
        self.bar.setValue(0)
        self.percent_label.setText(" ")
        for tile in self.tiles.values():
            tile.value.setText("—")
            tile.contribution.setText(" ")
        self.summary_label.setText(hint)
        self.score_label.setToolTip("")
        self.tiles_box.hide()  # the counts only mean something once the game is solved
        self.score_label.hide()
        self.bar.hide()

    def show_result(self, result: GameResult) -> None:
        """Fill the panel from a solved game's result."""
        self._result = result
        self.tiles_box.show()
        self.score_label.show()
        self.bar.show()
        stats = result.statistics.as_dict()
        profile = PROFILES.get(result.rules)
        weights = dict(profile.weights) if profile else {}
        self.score_label.setText(str(result.score))
        self.oracle_label.setText(self.tr("oracle {0}").format(result.oracle))
        percent = result.percent_of_oracle
        self.bar.setValue(int(max(0.0, min(100.0, percent))) if percent is not None else 0)
        self.percent_label.setText(self.tr("{0}% of the oracle score").format(f"{percent:.1f}") if percent is not None
                                   else self.tr("no oracle ratio"))
        for key, tile in self.tiles.items():
            tile.value.setText(str(stats[key]))
            weight = weights.get(key)
            tile.contribution.setText(self.tr("{0} pts").format(f"{weight * stats[key]:+d}") if weight
                                      else self.tr("not scored"))
        s = result.statistics
        found = s.fok + s.gok
        hidden = found + s.safe
        found_text = self.tr("{0} of {1}").format(found, hidden) + (f" ({100 * found / hidden:.1f}%)" if hidden else "")
        self.summary_label.setText(
            self.tr("Precision <b>{0}</b> &nbsp; Recall <b>{1}</b> &nbsp; Found {2}<br>{3} steps · {4}").format(
                _fraction(result.precision), _fraction(result.recall), found_text, result.steps,
                engine_text(result.stop_reason)))
        # the formula in the score's tooltip, not on a line of its own: the card keeps its whole height beside the
        # side tabs on a laptop (1366x768, or 1920x1080 at 150%)
        self.score_label.setToolTip(self.tr("{0}: score = {1}").format(profile.name, profile.formula()) if profile
                                    else "")

    def values(self) -> dict[str, str]:
        """The texts shown, by key (score, oracle and the statistics), for tests and tools."""
        shown = {key: tile.value.text() for key, tile in self.tiles.items()}
        shown["score"] = self.score_label.text()
        shown["oracle"] = self.oracle_label.text().split()[-1]
        return shown
