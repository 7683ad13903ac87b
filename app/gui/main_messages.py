"""The main window's messages: the red error banner over the board and the Log tab (one coloured line per entry).

``Messages`` writes into the log what the session reports: a new game, each step's lines, an agent that could
not start or failed, and the result.
"""

from __future__ import annotations

import dataclasses
import html

from PyQt5.QtCore import QT_TRANSLATE_NOOP

from app.core import GameResult, messages
from app.gui.engine_text import engine_text
from app.gui.i18n import translate
from app.gui.session import GameSession, LineKind, ReportKind, StepReport
from app.gui.theme import error_banner, log_view

PROBLEM_COLOUR = "#B34700"  # rejected actions, stops, problems, map warnings
NOTE_COLOUR = "#0072B2"  # the app's own notes: a new game, the result, a saved log
LINE_COLOURS = {LineKind.AGENT: "#475467", LineKind.REJECTED: PROBLEM_COLOUR, LineKind.STOP: PROBLEM_COLOUR,
                LineKind.PROBLEM: PROBLEM_COLOUR, LineKind.WARNING: PROBLEM_COLOUR}


def as_shown(result: GameResult, human: bool) -> GameResult:
    """The result as a window shows it: a game of yours (``human``) was solved by you, not "by the agent"."""
    if human and result.stop_reason == messages.SOLVED_BY_AGENT:
        return dataclasses.replace(result, stop_reason=translate("MainWindow", "solved"))
    return result


class Messages:
    """The error banner and the log pane (its widgets: ``banner``, ``log_view``), and the log of the game."""

    title = QT_TRANSLATE_NOOP("MainWindow", "Log")  # the log pane's tab
    tip = QT_TRANSLATE_NOOP("MainWindow", "One line per step, what the agent printed, and errors")

    def __init__(self, session: GameSession, game_title):
        self.session = session
        self.game_title = game_title  # () -> the map's title, for the "new game" line
        self.banner = error_banner()
        self.log_view = log_view(20000, 9)
        self.widget = self.log_view
        self._at_end = True  # the log shows its last line: it keeps showing it when the pane shrinks or grows
        bar = self.log_view.verticalScrollBar()
        bar.valueChanged.connect(lambda value: setattr(self, "_at_end", value >= bar.maximum()))
        bar.rangeChanged.connect(lambda _low, high: self._at_end and bar.setValue(high))
        session.reported.connect(self._on_report)
        session.game_over.connect(self._on_game_over)

    def show_error(self, text: str) -> None:
        """Show a readable error in the window (banner) and the log; the app stays usable."""
        self.banner.setText(text)
        self.banner.show()
        self.log(f"error: {text}", PROBLEM_COLOUR)

    def hide_error(self) -> None:
        """Hide the error banner."""
        self.banner.hide()
        self.banner.clear()

    def banner_text(self) -> str:
        """The error shown (empty when none)."""
        return "" if self.banner.isHidden() else self.banner.text()

    def log(self, text: str, colour: str | None = None) -> None:
        """Append one line to the log pane."""
        style = "white-space:pre-wrap" + (f";color:{colour}" if colour else "")  # keep columns, wrap at spaces
        self.log_view.appendHtml(f'<span style="{style}">{html.escape(text)}</span>')
        bar = self.log_view.verticalScrollBar()
        bar.setValue(bar.maximum())

    def clear_log(self) -> None:
        """Empty the log: a game started over by hand starts a log of its own."""
        self.log_view.clear()
        self._at_end = True

    def log_text(self) -> str:
        """The whole log as plain text."""
        return self.log_view.toPlainText()

    def _on_report(self, report: StepReport) -> None:
        if report.error:
            self.show_error(translate("MainWindow", "The agent could not start: {0}").format(report.error))
            return
        if report.kind is ReportKind.SETUP:
            spec, profile = self.session.spec, self.session.profile
            self.log(translate("MainWindow", "— new game: {0} · {1} · {2} —").format(
                self.game_title(), spec.name if spec else "?", profile.name if profile else "?"), NOTE_COLOUR)
        for kind, text in report.lines:
            self.log(text, LINE_COLOURS.get(kind))

    def _on_game_over(self, result: GameResult, failure: str) -> None:
        if failure:
            self.show_error(translate("MainWindow", "The agent failed: {0}. The game was solved as it stands.")
                            .format(failure))
        result = as_shown(result, self.session.is_human)
        self.log(translate("MainWindow", "result: score {0} (oracle {1}) after {2} steps; {3}").format(
            result.score, result.oracle, result.steps, engine_text(result.stop_reason))
            + (f"; {engine_text(result.load_note)}" if result.load_errors else ""), NOTE_COLOUR)
