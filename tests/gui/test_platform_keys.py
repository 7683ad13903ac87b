"""Keys and menus follow the platform (issue 37): standard keys where Qt has one (Cmd on macOS, Windows' own
bindings on Windows), and the macOS app menu's Quit, About and Preferences come from the roles Qt reads."""

from __future__ import annotations

import pytest
from PyQt5.QtGui import QKeySequence
from PyQt5.QtWidgets import QAction

from app.gui import theme
from app.gui.editor.window import MapEditor
from app.gui.replay_view import ReplayWindow
from app.gui.theme import key_sequences
from tests.gui.conftest import show_window


def _action(window, text: str) -> QAction:
    [found] = [a for a in window.findChildren(QAction) if a.text().replace("&", "") == text]
    return found


def _keys(*shortcuts) -> list[str]:
    """The platform's keys for standard keys and texts, each once (what the actions should have)."""
    found: list[str] = []
    for shortcut in shortcuts:
        keys = QKeySequence.keyBindings(shortcut) if isinstance(shortcut, QKeySequence.StandardKey) else [
            QKeySequence(shortcut)]
        found += [key.toString() for key in keys if key.toString() not in found]
    return found


def _shortcuts(action: QAction) -> list[str]:
    return [key.toString() for key in action.shortcuts()]


@pytest.mark.parametrize(("text", "keys"), [("Quit", (QKeySequence.Quit, "Ctrl+Q")), ("Load Map…", (QKeySequence.Open,)),
                                            ("Keyboard Shortcuts", (QKeySequence.HelpContents,))])
def test_the_main_windows_actions_take_the_platforms_standard_keys(window, text, keys):
    assert _shortcuts(_action(window, text)) == _keys(*keys) != []


@pytest.mark.parametrize(("text", "keys"), [("New", (QKeySequence.New,)), ("Open…", (QKeySequence.Open,)),
                                            ("Save", (QKeySequence.Save,)),
                                            ("Save As…", (QKeySequence.SaveAs, "Ctrl+Shift+S"))])
def test_the_editors_file_actions_take_the_platforms_standard_keys(qtbot, tmp_path, interaction, text, keys):
    editor = show_window(qtbot, tmp_path, MapEditor, (1180, 780), interaction=interaction)
    action = _action(editor, text)
    assert _shortcuts(action) == _keys(*keys) != []
    assert action.toolTip().endswith(f"({action.shortcuts()[0].toString(QKeySequence.NativeText)})")


def test_the_replays_open_takes_the_platforms_standard_key(qtbot, tmp_path):
    replay = show_window(qtbot, tmp_path, ReplayWindow, (1000, 700))
    assert _shortcuts(_action(replay, "Open replay…")) == _keys(QKeySequence.Open)


def test_a_platform_without_a_standard_key_gets_the_text_key_once():
    """Windows binds no Quit (Qt's offscreen platform uses its bindings): Ctrl+Q then; where the standard is
    Ctrl+Q (GNOME, KDE) or Cmd+Q (macOS: Ctrl+ in a text is Cmd there), it is there once."""
    quit_keys = QKeySequence.keyBindings(QKeySequence.Quit)
    assert key_sequences((QKeySequence.Quit, "Ctrl+Q")) == quit_keys + [k for k in [QKeySequence("Ctrl+Q")]
                                                                          if k not in quit_keys]
    assert key_sequences((QKeySequence("Ctrl+Q").toString(), "Ctrl+Q")) == [QKeySequence("Ctrl+Q")]
    assert key_sequences(()) == []


@pytest.mark.parametrize(("text", "role"), [("Quit", QAction.QuitRole), ("About Battleship Lab", QAction.AboutRole),
                                            ("Game Limits…", QAction.PreferencesRole)])
def test_the_macos_app_menu_gets_quit_about_and_preferences(window, text, role):
    assert _action(window, text).menuRole() == role


def test_no_other_action_is_taken_into_the_macos_app_menu_by_its_name(window):
    """Qt's default (TextHeuristicRole) moves an entry named like "Settings…" or "Options" there too."""
    roles = {a.text(): a.menuRole() for a in window.findChildren(QAction) if a.text()}
    moved = {text for text, role in roles.items() if role not in (QAction.NoRole, QAction.TextHeuristicRole)}
    assert moved == {"Quit", "About Battleship Lab", "Game Limits…"}


def test_keys_named_in_texts_are_written_as_the_platform_writes_them(monkeypatch):
    """On macOS Qt writes Ctrl+O as ⌘O: stand in for it, and every key a text names goes through it."""
    monkeypatch.setattr(theme, "_native", lambda key: key.replace("Ctrl+", "⌘").replace("Shift+", "⇧"))
    assert theme.native_keys("Load a map to start (Ctrl+O). Save As (Ctrl+Shift+S), Solve (Ctrl+Enter)") == \
        "Load a map to start (⌘O). Save As (⌘⇧S), Solve (⌘Enter)"
    assert theme.native_keys("Controlla (CtrlX) e Ctrl+ nulla") == "Controlla (CtrlX) e Ctrl+ nulla"

