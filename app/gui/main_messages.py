"""The main window's messages: the red error banner and the log pane (one coloured line per entry)."""

from __future__ import annotations

import html

from app.gui.session import LineKind

PROBLEM_COLOUR = "#B34700"  # rejected actions, stops, problems, map warnings
NOTE_COLOUR = "#0072B2"  # the app's own notes: a new game, the result, a saved log
LINE_COLOURS = {LineKind.AGENT: "#667085", LineKind.REJECTED: PROBLEM_COLOUR, LineKind.STOP: PROBLEM_COLOUR,
                LineKind.PROBLEM: PROBLEM_COLOUR, LineKind.WARNING: PROBLEM_COLOUR}


class WindowMessages:
    """The error banner and the log pane of the main window (a mixin of ``MainWindow``)."""

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

    def log_text(self) -> str:
        """The whole log as plain text."""
        return self.log_view.toPlainText()
