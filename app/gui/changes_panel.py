"""The main window's Changes tab: after a reload, where the new code first plays the map differently from the old.

The reload (app/gui/main_reload.py) hands over the game played before it (``keep``). Once the new game has
played (paused, or over), the tab compares the two with ``app.analysis.diff.diff_games`` (the same comparison as
``python main.py diff``, steps numbered as the log numbers them): the first differing step with both actions, for
CLIPS agents the first differing rule firing with its rule name, both scores and the delta. **Side by side** opens
both games on two boards at that step (``TwoBoards``). Another map, rules or agent drops the kept game.
"""

from __future__ import annotations

from html import escape

from PyQt5.QtCore import QT_TRANSLATE_NOOP, Qt
from PyQt5.QtWidgets import QFrame, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from app.analysis.diff import FiringAt, GameDiff, diff_games
from app.core import Game
from app.gui.i18n import translate
from app.gui.main_tabs import PanelContext, SidePanel
from app.gui.two_boards import TwoBoards


class ChangesTab(SidePanel):
    """The previous run of the map (kept by a reload) against the game in play: where they part, both scores."""

    title = QT_TRANSLATE_NOOP("MainWindow", "Changes")
    tip = QT_TRANSLATE_NOOP("MainWindow", "After a reload: the first step where the new code plays differently from "
                                          "the old (and the first rule firing that differs), both scores, and both "
                                          "games side by side")

    def __init__(self, context: PanelContext):
        self.session = context.session
        self.tabs = context.tabs
        self.kept: Game | None = None  # the game played before the last reload
        self.diff: GameDiff | None = None
        self.windows: list[TwoBoards] = []  # the side-by-side windows opened (kept alive here)
        self._new = None  # the new game as last compared
        self._compared_at = 0  # how many steps it had then
        self.widget = QScrollArea()  # the firings' facts can be long: the tab scrolls
        self.widget.setWidgetResizable(True)
        self.widget.setFrameShape(QFrame.NoFrame)
        inner = QWidget()
        self.widget.setWidget(inner)
        layout = QVBoxLayout(inner)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.RichText)
        self.text.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.text.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.side_button = QPushButton(translate("MainWindow", "Side by side"))
        self.side_button.setToolTip(translate("MainWindow", "Both games on two boards, at the first step where they "
                                                            "differ"))
        self.side_button.clicked.connect(self.open_side_by_side)
        layout.addWidget(self.side_button, 0, Qt.AlignLeft)  # first: the text below can be long
        layout.addWidget(self.text)
        layout.addStretch(1)
        context.session.reset_done.connect(lambda _state: self._on_reset())
        context.session.changed.connect(self._update)
        self._show()

    def keep(self, game: Game) -> None:
        """The game played before a reload (compared with the next one)."""
        self.kept, self.diff = game, None
        self._show()

    def _on_reset(self) -> None:
        kept, session = self.kept, self.session
        if kept is not None and (session.game_map is None or kept.map.name != session.game_map.name
                                 or session.profile is None or kept.profile.name != session.profile.name
                                 or session.spec is None or kept.agent != session.spec.name):
            self.kept = None  # another map, rules or agent: nothing to compare with
        self.diff = None
        self._show()

    def _update(self) -> None:
        """Compare once the new game stands still (paused or over) after a step it had not been compared at."""
        s = self.session
        if self.kept is None or not s.events or s.running or s.busy:
            return
        if self.diff is not None and self._compared_at == len(s.events):
            return
        new = s.game_so_far()
        if new is None:
            return
        self.diff, self._compared_at = diff_games(self.kept, new), len(s.events)
        self._new = new
        self._show()
        if s.over:
            self.tabs.setTabText(self.tabs.indexOf(self.widget), self._tab_title())

    def _tab_title(self) -> str:
        d = self.diff
        title = translate("MainWindow", self.title)
        return title if d is None else f"{title} {d.delta:+d}"

    def _show(self) -> None:
        self.tabs.setTabText(self.tabs.indexOf(self.widget), self._tab_title())
        kept, d = self.kept, self.diff
        self.side_button.setEnabled(d is not None)
        if kept is None:
            self.text.setText(translate("MainWindow", "Save the agent's file (or press Reset) after a change: the "
                                                      "game played before is kept here, and once the new one has "
                                                      "played, this tab shows the first step where it plays "
                                                      "differently, and both scores."))
            return
        head = translate("MainWindow", "Kept: the previous run of {0} ({1} steps, score {2}).").format(
            escape(kept.map.name), len(kept.events), kept.score())
        if d is None:
            self.text.setText(head + "<br>" + translate("MainWindow", "Play the new game (Run or Step): where it "
                                                                      "changes shows here."))
            return
        rows = [head, ""]
        if d.first_step is None:
            rows.append(translate("MainWindow", "Same actions throughout."))
        else:
            rows.append("<b>" + translate("MainWindow", "First differing step: {0}").format(d.first_step) + "</b>")
            over = translate("MainWindow", "(game over)")
            rows.append(translate("MainWindow", "old: {0}").format(escape(d.old_action or over)))
            rows.append(translate("MainWindow", "new: {0}").format(escape(d.new_action or over)))
        if d.traced:
            if not d.firings_differ:
                rows.append(translate("MainWindow", "Rule firings: the same throughout."))
            else:
                rows.append("<b>" + translate("MainWindow", "First differing rule firing:") + "</b>")
                rows.append(translate("MainWindow", "old: {0}").format(self._firing(d.old_firing)))
                rows.append(translate("MainWindow", "new: {0}").format(self._firing(d.new_firing)))
        over = self.session.over
        score = translate("MainWindow", "Score: old {0}, new {1}, delta {2}") if over else \
            translate("MainWindow", "Score: old {0}, new {1} so far (not over), delta {2}")
        rows.append("<b>" + score.format(d.old_score, d.new_score, f"{d.delta:+d}") + "</b>")
        self.text.setText("<br>".join(rows))

    @staticmethod
    def _firing(firing: FiringAt | None) -> str:
        if firing is None:
            return translate("MainWindow", "(no more firings)")
        text = translate("MainWindow", "{0}, firing {1} (step {2}, #{3} of the step)").format(
            f"<code>{escape(firing.rule)}</code>", firing.number, firing.step, firing.index)
        if firing.basis:
            text += "<br>&nbsp;&nbsp;" + translate("MainWindow", "matched {0}").format(escape(", ".join(firing.basis)))
        return text

    def open_side_by_side(self) -> TwoBoards | None:
        """Open both games on two boards at the first step where they differ."""
        if self.kept is None or self._new is None:
            return None
        window = TwoBoards(self.kept, self._new)
        self.windows = [w for w in self.windows if w.isVisible()] + [window]
        window.show()
        return window

    def shown_text(self) -> str:
        """The tab's text, as plain text (for the tests)."""
        from PyQt5.QtGui import QTextDocument

        document = QTextDocument()
        document.setHtml(self.text.text())
        return document.toPlainText()
