"""The Italian interface where students need it most (issue 29): the Coach and Rules tabs, the load-error banner,
the score panel and the engine's texts, rendered after a CLIPS game; no English word left and no label cut."""

from __future__ import annotations

import re

import pytest
from PyQt5.QtWidgets import QAbstractButton, QCheckBox, QGroupBox, QLabel, QRadioButton, QTabBar, QTableWidget

from app.core import messages
from app.gui import i18n
from app.gui.engine_text import engine_text
from app.gui.main_tabs import CoachTab
from tests.gui.test_coach_panel import _cross_game
from tests.gui.test_replay_view import _finished_game, _open_game

# words that are English only (not Italian, not CLIPS or map names): one of them in a visible text is a miss
ENGLISH = {"the", "and", "press", "show", "step", "steps", "rule", "rules", "points", "lost", "luck", "score",
           "best", "alternative", "counts", "filter", "modules", "solved", "agent", "fired", "loss",
           "decision", "grades", "open", "log", "waiting", "facts", "changed", "firings", "expected", "mean",
           "median", "games", "seconds", "failures", "failure", "sunk", "oracle", "recall", "reason"}


@pytest.fixture
def italian(qapp):
    assert i18n.install("it")
    yield
    i18n.install("en")


def english_words(text: str) -> set[str]:
    plain = re.sub(r"<[^>]+>", " ", text)
    plain = re.sub(r"\([^()]*::[^()]*\)|\S+::\S+|\S+\.(?:clp|py|map)\b|\S*/\S*", " ", plain)  # CLIPS, paths
    return {word for word in re.findall(r"[A-Za-z]+", plain) if word.lower() in ENGLISH}


def visible_texts(root) -> list[tuple[str, str]]:
    """(kind, text) of every visible label, button, group box and tab of ``root``."""
    texts = []
    for widget in root.findChildren(QLabel) + root.findChildren(QAbstractButton) + root.findChildren(QGroupBox):
        if widget.isVisible():
            texts.append((type(widget).__name__, widget.title() if isinstance(widget, QGroupBox) else widget.text()))
    for bar in root.findChildren(QTabBar):
        if bar.isVisible():
            texts += [("tab", bar.tabText(i)) for i in range(bar.count())]
    return texts


def clipped(root) -> list[str]:
    """The visible one-line labels and boxes whose text is wider than the widget."""
    cut = []
    for widget in root.findChildren(QLabel) + root.findChildren(QCheckBox) + root.findChildren(QRadioButton):
        if not widget.isVisible() or not widget.text() or (isinstance(widget, QLabel) and widget.wordWrap()):
            continue
        if isinstance(widget, QLabel) and ("<" in widget.text() or not widget.text().strip()):
            continue
        needed = widget.sizeHint().width() if not isinstance(widget, QLabel) else \
            widget.fontMetrics().horizontalAdvance(widget.text()) + 2 * widget.margin()
        if needed > widget.width() + 1 and widget.sizePolicy().horizontalPolicy() != widget.sizePolicy().Ignored:
            cut.append(f"{type(widget).__name__} {widget.text()!r}: {needed} > {widget.width()}")
    return cut


def test_the_engines_texts_are_translated_by_their_templates(italian):
    assert engine_text(messages.KNOWN_SHIP_CELL) == "cella di nave nota dall'inizio"
    assert engine_text(messages.ALL_FLAGS_LEFT.format(count=3)) == "già 3 bandierine rimaste"
    stalled = engine_text(messages.STALLED.format(label="fire 0 0", why=messages.NO_FIRES_LEFT))
    assert stalled.startswith("l'agente si è bloccato: 'fire 0 0'") and "spari esauriti" not in stalled  # fields stay
    assert engine_text("solved by the agent; agent loaded with 2 errors") == \
        "risolta dall'agente; agente caricato con 2 errori"
    assert engine_text("the agent crashed: ZeroDivisionError") == "the agent crashed: ZeroDivisionError"  # unknown


def test_the_english_texts_stay_english(qapp):
    i18n.install("en")
    assert engine_text(messages.KNOWN_SHIP_CELL) == messages.KNOWN_SHIP_CELL


def test_after_a_clips_game_the_side_tabs_and_score_speak_italian(qtbot, italian, window):
    _finished_game(qtbot, window, "incrocio")
    coach = window.tabs.panel(CoachTab).panel
    window.tabs.setCurrentWidget(coach)
    qtbot.waitUntil(lambda: coach.report is not None, timeout=60000)
    coach.set_step(next(d for d in coach.report.decisions if d.kind.value == "fire").step)
    found = {}
    for index in range(window.tabs.count()):  # every side tab: Log, Facts, Coach (graded), Rules
        window.tabs.setCurrentIndex(index)
        qtbot.wait(30)
        for kind, text in visible_texts(window):
            words = english_words(text)
            if words:
                found[text] = (kind, sorted(words))
    assert found == {}
    assert "risolta dall'agente" in window.view.score_panel.summary_label.text()
    assert "risolta dall'agente" in window.log_text() and "solved by the agent" not in window.log_text()
    cut = clipped(window)
    assert cut == [], "\n".join(cut)


def test_the_load_error_banner_names_the_reset_button_as_it_reads(qtbot, italian, window):
    banner = window.agents.load_banner
    banner.set_errors("bad", ["bad.clp:3: [PRNTUTIL2] Syntax Error"])
    assert "premi Ricomincia" in banner.title.text() and "agente caricato con 1 errore" in banner.title.text()
    assert banner.log_button.text() == "Mostra registro"
    banner.set_failure("bad", "no file")
    assert "bad non si può caricare" in banner.title.text()


def test_compare_in_both_modes_speaks_italian_and_cuts_no_label(qtbot, italian, window):
    window.companions.open_compare()
    compare = window.companions.compare_window
    qtbot.addWidget(compare)
    compare.resize(1366, 700)
    for index in range(compare.tabs.count()):
        compare.tabs.setCurrentIndex(index)
        qtbot.wait(30)
        cut = clipped(compare)
        assert cut == [], "\n".join(cut)
        found = {text: sorted(english_words(text)) for _, text in visible_texts(compare) if english_words(text)}
        assert found == {}
    heads = [table.horizontalHeaderItem(i).text() for table in compare.findChildren(QTableWidget)
             for i in range(table.columnCount())]
    assert heads and [head for head in heads if english_words(head)] == []  # the tables' column headers too


def test_file_dialogs_filters_are_translated(italian):
    from app.gui.interaction import MAP_FILTER, translated_filter

    assert translated_filter(MAP_FILTER) == "Mappe (*.map *.clp *.txt);;Tutti i file (*)"


def test_the_replay_viewer_with_its_coach_tab_speaks_italian(qtbot, italian, window, tmp_path):
    viewer = _open_game(qtbot, window, tmp_path, _cross_game())
    viewer.side_tabs.setCurrentWidget(viewer.coach_panel)
    qtbot.waitUntil(lambda: viewer.coach_panel.report is not None, timeout=60000)
    viewer.go_to(viewer.track.last)
    qtbot.wait(30)
    found = {text: sorted(english_words(text)) for _, text in visible_texts(viewer) if english_words(text)}
    assert found == {}
    steps = [viewer.log_list.item(i).text() for i in range(viewer.log_list.count())]
    assert any("colpita" in line or "acqua" in line for line in steps)
    cut = clipped(viewer)
    assert cut == [], "\n".join(cut)
