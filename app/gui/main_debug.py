"""The main window's rule debugging for CLIPS agents: Step rule, breakpoints, "why didn't it fire?".

The Rules tab asks (breakpoints, a rule to explain), the session carries it to the agent's worker (the driver
pauses the turn, CLIPS's ``matches`` answers), and the answers come back as data to show. The window never
calls CLIPS.
"""

from __future__ import annotations

from app.gui.i18n import translate
from app.gui.main_messages import PROBLEM_COLOUR


class RuleDebugging:
    """Step rule, breakpoints and "why not?" (a mixin of ``MainWindow``)."""

    def _init_debugging(self) -> None:
        self.rules_panel.breakpoints_changed.connect(self.session.set_breakpoints)
        self.rules_panel.why_asked.connect(self.session.why_not)
        self.session.answered.connect(self.rules_panel.show_why)

    def step_rule(self) -> None:
        """Fire one rule of the agent's turn (the turn pauses mid-way; the Rules tab shows it)."""
        self.session.step_rule()

    def why_not(self, rule: str) -> None:
        """Explain in the Rules tab why ``rule`` (``MODULE::rule``) does not fire now."""
        self.tabs.setCurrentWidget(self.rules_panel)
        self.rules_panel.ask_why(rule)

    def _show_pause(self, report) -> None:
        """A report of a turn paused mid-way (or of the rules known at setup)."""
        if report.rules:
            self.rules_panel.set_agent_rules(report.rules)
        pause = report.pause
        if pause is None:
            return
        self.trace_link.show_pause(pause)
        if pause.reason == "breakpoint":
            self.tabs.setCurrentWidget(self.rules_panel)
            self.log(translate("MainWindow", "breakpoint: step {0} paused before {1}").format(
                pause.step, pause.next_rule), PROBLEM_COLOUR)
