"""The Coach tab: a finished game's decisions graded (``app.solver.coach``), shown step by step.

``CoachPanel`` grades the game on a worker thread (the GUI never waits for it;
a result for a game that was replaced meanwhile is dropped), then shows the
summary (where the points went, the luck-adjusted score next to the actual
one), the decision of the step on screen with its expected loss and best
alternative, and the list of every graded decision (pick one to go to its
step). ``CoachOverlay`` draws on the board: each fired cell's loss, and for
the step on screen the best alternative, ringed.
"""

from __future__ import annotations

import threading

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, QRectF, Qt, pyqtSignal
from PyQt5.QtGui import QColor, QFont, QPainter, QPen
from PyQt5.QtWidgets import (
    QCheckBox,
    QFrame,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.core import Cell, Game
from app.gui import theme
from app.gui.board import BoardOverlay, BoardWidget
from app.gui.theme import mono_font
from app.solver.coach.review import CATEGORIES, DecisionKind, coach_game
from app.solver.coach.text import describe_parts

FIRE_KINDS = (DecisionKind.FIRE, DecisionKind.LATE_FIRE)
# the coach's words (app/solver/coach: describe_parts's templates, the loss categories), for pylupdate5
DECISION_WORDS = (
    QT_TRANSLATE_NOOP("CoachPanel", "fire {0}"), QT_TRANSLATE_NOOP("CoachPanel", "(this one)"),
    QT_TRANSLATE_NOOP("CoachPanel", "stop firing, solve"), QT_TRANSLATE_NOOP("CoachPanel", "flag {0}"),
    QT_TRANSLATE_NOOP("CoachPanel", "no flag here"), QT_TRANSLATE_NOOP("CoachPanel", "(keep it)"),
    QT_TRANSLATE_NOOP("CoachPanel", "no flag"), QT_TRANSLATE_NOOP("CoachPanel", "solve"),
    QT_TRANSLATE_NOOP("CoachPanel", "fire {0} first"),
    QT_TRANSLATE_NOOP("CoachPanel", "spend unused fires/flags where they count for nothing"),
    QT_TRANSLATE_NOOP("CoachPanel", "fires"), QT_TRANSLATE_NOOP("CoachPanel", "stopping"),
    QT_TRANSLATE_NOOP("CoachPanel", "flags"), QT_TRANSLATE_NOOP("CoachPanel", "leftovers"),
)
STEP_LINES = 3  # decisions of the step on screen shown in full (the costliest); the rest are in the list


def loss_colour(loss: float) -> QColor:
    """Green for a decision that lost (almost) nothing, orange for a few points, vermillion beyond."""
    if loss < 0.5:
        return theme.BLUISH_GREEN
    return theme.ORANGE if loss < 10 else theme.VERMILLION


class CoachOverlay(BoardOverlay):
    """Drawn over a ``BoardWidget`` (mouse events pass through): fired cells' losses and the best alternative."""

    def __init__(self, board: BoardWidget):
        super().__init__(board)
        self.losses: dict[Cell, float] = {}
        self.best: Cell | None = None
        self.show_losses = True

    def set_marks(self, losses: dict[Cell, float], best: Cell | None) -> None:
        """Show ``losses`` by fired cell and ring ``best`` (None: no ring)."""
        self.losses, self.best = dict(losses), best
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        if self.show_losses:
            for cell, loss in self.losses.items():
                rect = self.board.cell_rect(cell)
                self._tag(painter, rect, f"−{loss:.0f}" if loss >= 0.5 else "0", loss_colour(loss))
        if self.best is not None:
            rect = self.board.cell_rect(self.best).adjusted(3, 3, -3, -3)
            painter.setBrush(Qt.NoBrush)
            painter.setPen(QPen(theme.BLUISH_GREEN, max(2.0, rect.width() / 12), Qt.SolidLine))
            painter.drawRoundedRect(rect, 6, 6)
            self._tag(painter, self.board.cell_rect(self.best), "best", theme.BLUISH_GREEN, top=True)
        painter.end()

    @staticmethod
    def _tag(painter: QPainter, rect: QRectF, text: str, colour: QColor, top: bool = False) -> None:
        """A small filled label at the bottom (or top) of a cell."""
        font = QFont(painter.font())
        font.setPixelSize(max(8, int(rect.height() * 0.28)))
        font.setBold(True)
        painter.setFont(font)
        width = min(rect.width() - 2, painter.fontMetrics().horizontalAdvance(text) + 6)
        height = painter.fontMetrics().height()
        y = rect.top() + 1 if top else rect.bottom() - height - 1
        box = QRectF(rect.center().x() - width / 2, y, width, height)
        painter.setPen(Qt.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(QColor("#FFFFFF"))
        painter.drawText(box, Qt.AlignCenter, text)


class _Bridge(QObject):
    """Carries the worker's result back to the GUI thread (queued signal)."""

    done = pyqtSignal(int, object, str)  # token, report (None on failure), error text


class CoachPanel(QWidget):
    """The Coach tab; ``set_game`` grades a finished game, ``set_step`` follows the step on screen."""

    step_chosen = pyqtSignal(int)  # a decision was picked: go to the position after its step
    graded = pyqtSignal(object)  # the CoachReport, once ready

    def __init__(self, board: BoardWidget | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.report = None
        self.game: Game | None = None
        self.worker_thread: int | None = None  # ident of the thread that graded the last game (tests)
        self._token = 0
        self._wanted = False  # grade once the tab is shown
        self._step: int | None = None
        self._bridge = _Bridge(self)
        self._bridge.done.connect(self._on_done)
        self.overlay = CoachOverlay(board) if board is not None else None
        if self.overlay is not None:
            self.overlay.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.summary = QLabel(self.tr("Open or finish a game: the coach grades its decisions here."))
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.RichText)
        self.step_view = QLabel()
        self.step_view.setWordWrap(True)
        self.step_view.setTextFormat(Qt.RichText)
        self.step_view.setObjectName("coachStep")
        self.step_view.setStyleSheet("QLabel#coachStep { background: #F4F6F9; border-radius: 6px; padding: 6px; }")
        # the texts scroll inside the tab: however long they grow, the window's minimum size does not
        self.texts = QScrollArea()
        self.texts.setObjectName("coachTexts")
        self.texts.setWidgetResizable(True)
        self.texts.setFrameShape(QFrame.NoFrame)
        self.texts.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        inner = QWidget()
        inner_layout = QVBoxLayout(inner)
        inner_layout.setContentsMargins(0, 0, 0, 0)
        for label in (self.summary, self.step_view):
            label.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Minimum)
            inner_layout.addWidget(label)
        inner_layout.addStretch(1)
        self.texts.setWidget(inner)
        self.texts.setMinimumHeight(80)
        layout.addWidget(self.texts, 3)
        self.overlay_box = QCheckBox(self.tr("Show each fired cell's loss on the board"))
        self.overlay_box.setChecked(True)
        self.overlay_box.setToolTip(self.tr("Label each cell fired so far with what the fire lost in expectation"))
        self.overlay_box.toggled.connect(self._toggle_overlay)
        layout.addWidget(self.overlay_box)
        self.list_title = QLabel(self._list_heads())
        self.list_title.setTextFormat(Qt.PlainText)
        title_font = mono_font(9)
        title_font.setBold(True)
        self.list_title.setFont(title_font)
        self.list_title.setContentsMargins(4, 0, 0, 0)
        layout.addWidget(self.list_title)
        self.decision_list = QListWidget()
        self.decision_list.setFont(mono_font(9))
        self.decision_list.setMinimumHeight(48)
        self.decision_list.setToolTip(self.tr("Every graded decision, by step; pick one to go to that step"))
        self.decision_list.itemActivated.connect(self._pick)
        self.decision_list.itemClicked.connect(self._pick)
        layout.addWidget(self.decision_list, 2)

    def _list_heads(self) -> str:
        """The decision list's column heads, aligned as its rows."""
        step, decision, loss, best = self.tr("step"), self.tr("decision"), self.tr("loss"), self.tr("best alternative")
        return f"{step:>4}  {decision:<12} {loss:>6}  {best}"

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        """The language switched: the report written anew in it (its lines are made of several translated parts)."""
        if event.type() == QEvent.LanguageChange:
            self.list_title.setText(self._list_heads())
            if self.report is not None:
                self._fill(self.report)
                if self._step is not None:
                    self.set_step(self._step)
        super().changeEvent(event)

    # ----- grading --------------------------------------------------------------------
    def set_game(self, game: Game | None, now: bool = False) -> None:
        """Grade ``game`` (finished) on a worker thread: at once with ``now``, else when the tab is first shown."""
        self._token += 1
        self.game, self.report = game, None
        self.decision_list.clear()
        self.step_view.clear()
        self._set_marks({}, None)
        if game is None:
            self.summary.setText(self.tr("Open or finish a game: the coach grades its decisions here."))
            return
        self._wanted = True
        self.summary.setText(self.tr("The coach grades every decision with the information the agent had "
                                     "(it starts when this tab is shown)."))
        if now or self.isVisible():
            self._start()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        super().showEvent(event)
        if self.overlay is not None:
            self.overlay.show()  # the board's marks belong to this tab
        if self._wanted:
            self._start()

    def hideEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        super().hideEvent(event)
        if self.overlay is not None:
            self.overlay.hide()

    def _start(self) -> None:
        self._wanted = False
        token, game, bridge = self._token, self.game, self._bridge
        self.summary.setText(self.tr("Grading the game's decisions… (a few seconds; the window stays usable)"))

        def work() -> None:
            report, error = None, ""
            try:
                report = coach_game(game)
            except Exception as exc:  # shown in the panel, never raised into Qt
                error = f"{type(exc).__name__}: {exc}"
            self.worker_thread = threading.get_ident()
            try:
                bridge.done.emit(token, report, error)
            except RuntimeError:  # the panel was closed meanwhile
                pass

        threading.Thread(target=work, name="coach", daemon=True).start()

    def _on_done(self, token: int, report, error: str) -> None:
        if token != self._token:
            return  # a result for a game replaced meanwhile
        if report is None:
            self.summary.setText(self.tr("<b>The coach could not grade this game:</b> {0}").format(error))
            return
        self.report = report
        self._fill(report)
        self.graded.emit(report)
        if self._step is not None:
            self.set_step(self._step)

    def _fill(self, report) -> None:
        parts = " · ".join(f"{self.tr(name)} {report.losses.get(name, 0.0):.1f}" for name in CATEGORIES)
        sampled = "" if report.exact else self.tr(" <i>(sampled posterior: estimates)</i>")
        self.summary.setText(
            self.tr("<b>Points lost in expectation: {0}</b> ({1})<br>").format(f"{report.total_loss:.1f}", parts)
            + self.tr("Luck-adjusted score <b>{0}</b> · actual score <b>{1}</b> · luck {2}<br>").format(
                f"{report.luck_adjusted:.1f}", report.score, f"{report.luck:+.1f}")
            + "<span style='color:#475467'>"
            + self.tr("bayes's value of the start {0}; posterior {1}; graded in {2} s").format(
                f"{report.expected_start:.1f}", report.layouts, f"{report.seconds:.1f}")
            + sampled + "</span>")
        self.decision_list.clear()
        for decision in report.decisions:
            if decision.kind in (DecisionKind.FLAG, DecisionKind.MISSING_FLAG) and decision.loss < 0.05:
                continue
            did, best = self._words(decision)
            item = QListWidgetItem(f"{decision.step:4d}  {did:<12} {decision.loss:6.1f}  {best}")
            item.setForeground(loss_colour(decision.loss) if decision.loss >= 0.5 else QColor(theme.MUTED_INK))
            item.setData(Qt.UserRole, decision.step)
            self.decision_list.addItem(item)

    # ----- the step on screen -----------------------------------------------------------
    def set_step(self, step: int | None) -> None:
        """Show the decision of ``step`` (the step just played; None: the start)."""
        self._step = step
        report = self.report
        if report is None:
            return
        decisions = report.at_step(step) if step is not None else []
        fire = next((d for d in decisions if d.kind in FIRE_KINDS), None)
        fired = {d.cell: d.loss for d in report.decisions
                 if d.kind in FIRE_KINDS and d.cell is not None and step is not None and d.step <= step}
        self._set_marks(fired, fire.best if fire is not None and fire.best != fire.cell else None)
        if step is None:
            self.step_view.setText(self.tr("At the start. Step forward: each step shows what its decision was worth."))
        elif not decisions:
            self.step_view.setText(self.tr("Step {0}: nothing graded here (flags are graded at the solve, "
                                           "by the flag set the agent ended with).").format(step))
        else:
            shown = sorted((d for d in decisions if d.kind in FIRE_KINDS or d.loss >= 0.05), key=lambda d: -d.loss)
            lines = [self._describe(d) for d in shown[:STEP_LINES]]
            if len(shown) > STEP_LINES:
                lines.append("<span style='color:#475467'>" + self.tr("and {0} more of this step in the list below")
                             .format(len(shown) - STEP_LINES) + "</span>")
            self.step_view.setText("<br>".join(lines) or self.tr("Step {0}: nothing here cost points.").format(step))

    def _describe(self, d) -> str:
        did, best = self._words(d)
        colour = loss_colour(d.loss).name()
        text = self.tr("<b>Step {0}: {1}</b> — expected loss <b style='color:{2}'>{3}</b>; best: {4}").format(
            d.step, did, colour, f"{d.loss:.1f}", best)
        if d.kind in FIRE_KINDS:
            text += "<br>" + (
                self.tr("P(ship) {0} here vs {1} at the best cell; information {2} vs {3} bits").format(
                    f"{d.p_ship:.2f}", f"{d.best_p_ship:.2f}", f"{d.bits:.2f}", f"{d.best_bits:.2f}")
                if d.best_p_ship is not None else
                self.tr("P(ship) {0}; stopping here was worth {1} vs {2}").format(
                    f"{d.p_ship:.2f}", f"{d.best_value:.1f}", f"{d.value:.1f}"))
            text += "<br>" + self.tr("luck of the outcome {0}").format(f"{d.luck:+.1f}")
        elif d.p_ship is not None:
            text += f" (P(ship) {d.p_ship:.2f})"
        elif d.best_p_ship is not None:
            text += f" (P(ship) {d.best_p_ship:.2f})"
        return text

    def _words(self, decision) -> tuple[str, str]:
        """``describe``'s (what the agent did, the best alternative), translated (``DECISION_WORDS``)."""
        did, best = describe_parts(decision)
        return self.tr(did[0]).format(did[1]), self.tr(best[0]).format(best[1])

    def _pick(self, item: QListWidgetItem) -> None:
        step = int(item.data(Qt.UserRole))
        self.set_step(step)  # its detail above, also where nothing follows step_chosen (the main window's finished game)
        self.step_chosen.emit(step)

    def _set_marks(self, losses: dict, best: Cell | None) -> None:
        if self.overlay is not None:
            self.overlay.set_marks(losses, best)

    def _toggle_overlay(self, on: bool) -> None:
        if self.overlay is not None:
            self.overlay.show_losses = on
            self.overlay.update()
