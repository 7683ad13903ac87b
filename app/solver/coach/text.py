"""The coach's report as text: one line per graded decision, then where the points went and the luck."""

from __future__ import annotations

from app.core import Cell
from app.solver.coach.review import CATEGORIES, CoachReport, Decision, DecisionKind


def _cell(cell: Cell | None) -> str:
    return "-" if cell is None else f"{cell.x} {cell.y}"


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def describe_parts(decision: Decision) -> tuple[tuple[str, str], tuple[str, str]]:
    """(what the agent did, the best alternative), each as (template, cell): the template's ``{0}`` is the cell
    ("x y"); the GUI translates the templates (app/gui/coach_panel.py lists them), ``describe`` fills them."""
    d = decision
    if d.kind is DecisionKind.FIRE:
        return ("fire {0}", _cell(d.cell)), (("(this one)", "") if d.best == d.cell else ("fire {0}", _cell(d.best)))
    if d.kind is DecisionKind.LATE_FIRE:
        return ("fire {0}", _cell(d.cell)), ("stop firing, solve", "")
    if d.kind is DecisionKind.FLAG:
        return ("flag {0}", _cell(d.cell)), (("no flag here", "") if d.loss > 0 else ("(keep it)", ""))
    if d.kind is DecisionKind.MISSING_FLAG:
        return ("no flag", ""), ("flag {0}", _cell(d.best))
    if d.kind is DecisionKind.STOP:
        return ("solve", ""), ("fire {0} first", _cell(d.best))
    return ("solve", ""), ("spend unused fires/flags where they count for nothing", "")


def describe(decision: Decision) -> tuple[str, str]:
    """(what the agent did, the best alternative) in words."""
    did, best = describe_parts(decision)
    return did[0].format(did[1]), best[0].format(best[1])


def decision_line(decision: Decision) -> str:
    """One table row: step, decision, loss, best alternative, P(ship) and bits of both cells."""
    did, best = describe(decision)
    d = decision
    p = f"{_num(d.p_ship)}/{_num(d.best_p_ship)}"
    bits = f"{_num(d.bits)}/{_num(d.best_bits)}"
    return f"{d.step:4d}  {did:<12} {d.loss:7.1f}  {best:<22} {p:>11}  {bits:>11}"


def summary_lines(report: CoachReport) -> list[str]:
    """Where the points went, and the luck-adjusted score next to the actual one."""
    parts = ", ".join(f"{name} {report.losses.get(name, 0.0):.1f}" for name in CATEGORIES)
    residual = report.luck_adjusted - (report.expected_start - report.total_loss)
    return [
        f"expected points lost by the decisions: {report.total_loss:.1f} ({parts})",
        f"luck-adjusted score {report.luck_adjusted:.1f}, actual score {report.score} "
        f"(luck {report.luck:+.1f})",
        f"bayes's value of the start {report.expected_start:.1f} - points lost {report.total_loss:.1f} "
        f"+ fires beyond bayes's lookahead {residual:+.1f} = luck-adjusted {report.luck_adjusted:.1f}",
    ]


def format_report(report: CoachReport, all_flags: bool = False) -> str:
    """The whole report; flags that cost nothing are left out unless ``all_flags``."""
    lines = [f"coach: {report.agent or 'agent'} on {report.map_name or 'map'} ({report.rules}); "
             f"posterior: {report.layouts}; {report.seconds:.1f} s",
             f"{'step':>4}  {'decision':<12} {'loss':>7}  {'best alternative':<22} {'P(ship) a/b':>11}  "
             f"{'bits a/b':>11}"]
    for d in report.decisions:
        if d.kind in (DecisionKind.FLAG, DecisionKind.MISSING_FLAG) and d.loss < 0.05 and not all_flags:
            continue
        lines.append(decision_line(d))
    if not report.exact:
        lines.append("note: the posterior was sampled (too many layouts to list): values are estimates")
    lines += summary_lines(report)
    lines += FOOTER
    return "\n".join(lines) + "\n"


FOOTER = [
    "columns: P(ship) a/b: the chance of a ship at the agent's cell (a) and at the best alternative's (b), given "
    "what the agent knew; bits a/b: the information a fire there buys (entropy of the piece it reveals)",
    "points lost are expected losses against bayes's best play from each position: they can exceed the gap "
    "between the score and the oracle (which knows the map), as a lucky outcome (luck > 0) or fires beyond "
    "bayes's lookahead score back points the decisions lost in expectation (the line above adds them up)",
]
