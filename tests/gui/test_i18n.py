"""The Italian interface: a complete catalogue, compiled up to date, used by the window."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest
from PyQt5.QtCore import QSettings

from app.gui import i18n
from app.gui.app import make_application
from app.gui.main_tabs import FactsTab
from app.gui.main_window import MainWindow
from tests.paths import ROOT

SOURCES = ("app/gui/*.py", "app/gui/compare/*.py", "app/gui/editor/*.py",
           "app/core/messages.py")  # what pylupdate5 reads (docs/gui.md)


def _messages(ts_path) -> list[tuple[str, str, str, str]]:
    """(context, source, translation, type) of every message of a .ts file."""
    rows = []
    for context in ET.parse(ts_path).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            translation = message.find("translation")
            rows.append((name, message.findtext("source"), translation.text or "", translation.get("type", "")))
    return rows


ITALIAN = i18n.catalogue_path("it", ".ts")


def test_every_string_of_the_italian_catalogue_is_translated():
    untranslated = [(context, source) for context, source, text, kind in _messages(ITALIAN)
                    if kind in ("unfinished", "vanished", "obsolete") or not text.strip()]
    assert untranslated == []


def test_every_string_is_in_the_context_it_is_looked_up_in():
    # pylupdate5 files a bare QT_TR_NOOP under @default, where self.tr() never looks: use QT_TRANSLATE_NOOP
    assert [source for context, source, _, _ in _messages(ITALIAN) if context == "@default"] == []


def test_translations_keep_the_placeholders_and_markup():
    for context, source, text, _ in _messages(ITALIAN):
        assert sorted(re.findall(r"\{\d\}", source)) == sorted(re.findall(r"\{\d\}", text)), (context, source)
        assert sorted(re.findall(r"</?b>", source)) == sorted(re.findall(r"</?b>", text)), (context, source)


def test_flag_is_one_word_in_each_language():
    for context, source, text, _ in _messages(ITALIAN):
        words = re.sub(r"--[a-z-]+", "", source.lower())  # command-line options keep their names (--guesses)
        assert "guess" not in words, (context, source)  # English says "flag", never "guess"
        if "flag" in source.lower():
            assert "bandierin" in text.lower(), (context, source, text)
        assert not re.search(r"ipotes|indovin|segnal", text.lower()), (context, text)


def test_the_compiled_catalogue_matches_its_source(qapp):
    assert i18n.install("it")
    try:
        stale = [(context, source) for context, source, text, _ in _messages(ITALIAN)
                 if i18n.translate(context, source) != text]
    finally:
        i18n.install("en")
    assert stale == [], "recompile: lrelease resources/i18n/battleship_it.ts (docs/gui.md, Translations)"


@pytest.mark.skipif(shutil.which("pylupdate5") is None, reason="pylupdate5 (installed with PyQt5) is not on PATH")
def test_the_catalogue_has_every_string_the_code_marks(tmp_path):
    fresh = tmp_path / "fresh.ts"
    files = sorted(str(p.relative_to(ROOT)) for pattern in SOURCES for p in ROOT.glob(pattern))
    subprocess.run(["pylupdate5", "-noobsolete", *files, "-ts", str(fresh)], cwd=ROOT, check=True,
                   capture_output=True)
    marked = {(context, source) for context, source, _, _ in _messages(fresh)}
    catalogued = {(context, source) for context, source, _, _ in _messages(ITALIAN)}
    assert sorted(marked - catalogued) == [], "update: pylupdate5 ... -ts resources/i18n/battleship_it.ts"


def test_the_window_speaks_italian_with_the_italian_catalogue(qtbot, tmp_path):
    make_application()
    assert i18n.install("it")
    try:
        win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
        qtbot.addWidget(win)
        assert win.controls.run_action.text() == "Avvia"
        assert win.status.flags_label.text().startswith("Bandierine rimaste")
        assert win.tabs.tabText(win.tabs.indexOf(win.tabs.panel(FactsTab).widget)) == "Fatti"
        assert win.game_settings.language_actions["it"].isChecked()
        win.close()
    finally:
        i18n.install("en")


def test_the_language_comes_from_the_option_then_the_menu_then_the_system(tmp_path, monkeypatch):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    monkeypatch.setattr(i18n, "system_language", lambda: "it")
    assert i18n.choose_language(None, settings) == "it"
    settings.setValue(i18n.SETTINGS_KEY, "en")
    assert i18n.choose_language(None, settings) == "en"
    assert i18n.choose_language("it", settings) == "it"


def test_choosing_a_language_in_the_menu_is_remembered_and_used_at_once(window, interaction):
    try:
        window.game_settings.language_actions["it"].trigger()
        assert window.settings.value(i18n.SETTINGS_KEY) == "it"
        assert i18n.current_language() == "it" and not interaction.messages  # no "from the next start" dialog
    finally:
        i18n.install("en")
