"""The main window's side tabs: Log, Facts, Coach and Rules, each a panel that owns its widget and subscribes
to the game session itself.

A side panel is a class built from a ``PanelContext`` (what the window shares with its panels) with a ``widget``,
a ``title`` and a ``tip`` (both marked in the "MainWindow" translation context). What it shows of each step it
asks the session for with ``session.collect`` (read on the agent's thread, received here with the step's report).
The window lists the panels' classes in ``SIDE_TABS`` (app/gui/main_window.py): a new tab is a new module and a
line there. The tabs are addressed by panel (``SideTabs.show``, ``is_shown``, ``panel``), never by index.
"""

from __future__ import annotations

from dataclasses import dataclass

from PyQt5.QtCore import QT_TRANSLATE_NOOP
from PyQt5.QtWidgets import QTabWidget, QWidget

from app.core import GameResult
from app.gui.board import BoardWidget
from app.gui.coach_panel import CoachPanel
from app.gui.facts_panel import FactsPanel
from app.gui.i18n import translate
from app.gui.main_messages import PROBLEM_COLOUR, Messages
from app.gui.rules_panel import RulesPanel
from app.gui.session import GameSession, StepReport
from app.gui.stepback import StepBack
from app.gui.theme import add_tab
from app.gui.trace_link import TraceLink


class SidePanel:
    """A side tab: its ``widget``, its tab's ``title`` and ``tip`` (QT_TRANSLATE_NOOP("MainWindow", ...))."""

    title = ""
    tip = ""
    widget: QWidget


class SideTabs(QTabWidget):
    """The tabs beside the board, one per side panel, found by panel."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._panels: list[SidePanel] = []

    def add(self, panel: SidePanel) -> None:
        """Add ``panel``'s tab, after the others."""
        self._panels.append(panel)
        add_tab(self, panel.widget, translate("MainWindow", panel.title), translate("MainWindow", panel.tip))

    def panel(self, kind: type) -> SidePanel:
        """The panel of class ``kind`` (a panel that works with another one finds it here)."""
        return next(panel for panel in self._panels if isinstance(panel, kind))

    def show(self, panel: SidePanel) -> None:
        """Bring ``panel``'s tab to the front."""
        self.setCurrentWidget(panel.widget)

    def is_shown(self, panel: SidePanel) -> bool:
        """True when ``panel``'s tab is the one in front."""
        return self.currentWidget() is panel.widget


@dataclass(frozen=True)
class PanelContext:
    """What the main window shares with its side panels: the game session, the board (for overlays), the log
    and error banner, and the tabs."""

    session: GameSession
    board: BoardWidget
    messages: Messages
    tabs: SideTabs


class LogTab(SidePanel):
    """The log of the game (``Messages`` writes it)."""

    title, tip = Messages.title, Messages.tip

    def __init__(self, context: PanelContext):
        self.widget = context.messages.log_view
        self.widget.setToolTip(translate("MainWindow", self.tip))


class FactsTab(SidePanel):
    """A CLIPS agent's working memory at the current step, read after each step, shown while the tab is in front
    (or once the game is over)."""

    title = QT_TRANSLATE_NOOP("MainWindow", "Facts")
    tip = QT_TRANSLATE_NOOP("MainWindow", "A CLIPS agent's working memory at the current step, the protocol's "
                                          "facts too")

    def __init__(self, context: PanelContext):
        self.tabs = context.tabs
        self.panel = self.widget = FactsPanel()
        self.facts = None  # the last step's (None: none read)
        self.problem = ""  # why they could not be read ("": they were)
        context.session.collect("facts", lambda view: view.driver.working_memory(), self._on_facts)
        context.session.reset_done.connect(self._on_reset)
        context.session.game_over.connect(lambda _result, _failure: self._show())
        context.tabs.currentChanged.connect(lambda _i: self._show())

    def _on_facts(self, facts, problem: str) -> None:
        self.facts, self.problem = facts, problem
        if self.tabs.is_shown(self):
            self._show()

    def _on_reset(self, _state) -> None:
        self.facts, self.problem = None, ""
        self.panel.set_facts(None)

    def _show(self) -> None:
        if self.tabs.is_shown(self) or self.facts is None:
            self.panel.set_facts(self.facts, problem=self.problem)


class CoachTab(SidePanel):
    """Once the game is over: each decision graded against bayes's (computed when the tab is shown)."""

    title = QT_TRANSLATE_NOOP("MainWindow", "Coach")
    tip = QT_TRANSLATE_NOOP("MainWindow", "Once the game is over: each decision graded against bayes's play with "
                                          "the agent's information (open a saved log with Replay to step through "
                                          "it)")

    def __init__(self, context: PanelContext):
        self.session = context.session
        self.panel = self.widget = CoachPanel(context.board)
        context.session.reset_done.connect(lambda _state: self.panel.set_game(None))
        context.session.game_over.connect(self._on_game_over)

    def _on_game_over(self, result: GameResult, _failure: str) -> None:
        self.panel.set_game(self.session.game_so_far())
        self.panel.set_step(result.events[-1].step if result.events else None)


class RulesTab(SidePanel):
    """A CLIPS agent's rule firings of each step, tied to the board and the Facts tab; Step rule, breakpoints and
    "why didn't it fire?" go through the session to the agent's worker, and come back as data to show."""

    title = QT_TRANSLATE_NOOP("MainWindow", "Rules")
    tip = QT_TRANSLATE_NOOP("MainWindow", "A CLIPS agent's rule firings of the step (in order, with the facts they "
                                          "matched), the agenda and focus stack after it, and each rule's count")

    def __init__(self, context: PanelContext):
        session = context.session
        self.tabs, self.messages = context.tabs, context.messages
        self.panel = self.widget = RulesPanel(live=True)
        self.trace_link = TraceLink(self.panel, context.tabs.panel(FactsTab).panel, context.board)
        session.want_trace = True  # CLIPS then fires one rule at a time, tracing each
        session.collect("rules", lambda view: view.driver.rule_names(), self._on_rules, setup_only=True)
        session.reset_done.connect(lambda _state: self.trace_link.clear())
        session.reported.connect(self._on_report)
        self.panel.breakpoints_changed.connect(session.set_breakpoints)
        self.panel.why_asked.connect(session.why_not)
        self.back = StepBack(session)  # a firing's menu: back to just before it
        self.panel.back_asked.connect(self.back.back_to)
        session.answered.connect(self.panel.show_why)

    def _on_rules(self, rules, _problem: str) -> None:
        if rules:
            self.panel.set_agent_rules(tuple(rules))

    def _on_report(self, report: StepReport) -> None:
        if report.error:
            return
        self.trace_link.add(report.traces)
        pause = report.pause
        if pause is None:
            return
        self.trace_link.show_pause(pause)
        if pause.reason == "breakpoint":
            self.tabs.show(self)
            self.messages.log(translate("MainWindow", "breakpoint: step {0} paused before {1}").format(
                pause.step, pause.next_rule), PROBLEM_COLOUR)

    def why_not(self, rule: str) -> None:
        """Explain here why ``rule`` (``MODULE::rule``) does not fire now."""
        self.tabs.show(self)
        self.panel.ask_why(rule)
