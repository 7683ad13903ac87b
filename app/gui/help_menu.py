"""The Help menu: keyboard shortcuts, where to start writing an agent, and About (version, rules, settings)."""

from __future__ import annotations

import html
import subprocess

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QSettings
from PyQt5.QtGui import QKeySequence
from PyQt5.QtWidgets import QAction, QMainWindow, QMenu

from app.core import PROFILES
from app.core.paths import ROOT
from app.gui.theme import set_keys

BOARD_KEYS = (  # the board's own keys in a game of yours (app/gui/board.py); translated where shown
    (QT_TRANSLATE_NOOP("HelpMenu", "Arrows"), QT_TRANSLATE_NOOP("HelpMenu", "move the cursor")),
    (QT_TRANSLATE_NOOP("HelpMenu", "Home / End, PageUp / PageDown"),
     QT_TRANSLATE_NOOP("HelpMenu", "jump to the edges")),
    (QT_TRANSLATE_NOOP("HelpMenu", "F, Space or Enter"), QT_TRANSLATE_NOOP("HelpMenu", "fire at the cursor")),
    ("G", QT_TRANSLATE_NOOP("HelpMenu", "flag or unflag at the cursor")),
    (QT_TRANSLATE_NOOP("HelpMenu", "Left / right click"), QT_TRANSLATE_NOOP("HelpMenu", "fire / flag or unflag")),
)
translate = QCoreApplication.translate


def version() -> str:
    """The commit this copy was checked out at, when it is a git checkout."""
    try:
        done = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True,
                              timeout=5)
    except (OSError, subprocess.SubprocessError):
        return translate("HelpMenu", "unknown")
    return done.stdout.strip() or translate("HelpMenu", "unknown")


def shortcuts_text(window: QMainWindow) -> str:
    """Every action of ``window`` that has a key, then the board's keys, as an HTML table."""
    rows = []
    for action in window.findChildren(QAction):
        keys = action.shortcut().toString(QKeySequence.NativeText)
        text = action.text().replace("&", "")
        if keys and text and (keys, text) not in rows:
            rows.append((keys, text))
    rows += [(translate("HelpMenu", keys), translate("HelpMenu", what)) for keys, what in BOARD_KEYS]
    cells = "".join(f"<tr><td><b>{html.escape(k)}</b>&nbsp;&nbsp;</td><td>{html.escape(t)}</td></tr>" for k, t in rows)
    return f"<table>{cells}</table>"


def agent_text() -> str:
    """Where to start writing an agent."""
    return translate("HelpMenu",
                     "<p>Start from a template: <b>agents/templates/my_agent.clp</b> (CLIPS) or "
                     "<b>agents/templates/my_agent.py</b> (Python). Pick it with <b>Agent ▸ Open agent file…</b>; "
                     "after each change press <b>Reset</b> to load it again.</p>"
                     "<p>Check it before playing: <tt>python main.py check-agent FILE</tt> lists load errors and "
                     "what course agents often get wrong.</p>"
                     "<p>Read more in docs/clips-agents.md, docs/agents.md and docs/rules.md.</p>")


def about_text(settings: QSettings) -> str:
    """Version, the rules profiles and where the settings are kept."""
    profiles = "".join(f"<li><b>{html.escape(name)}</b>: {html.escape(profile.description)}</li>"
                       for name, profile in PROFILES.items())
    return translate("HelpMenu",
                     "<p><b>Battleship Lab</b> — solitaire Battleship for CLIPS and Python agents.</p>"
                     "<p>Version: {0}</p><p>Rules profiles:</p><ul>{1}</ul><p>Settings are kept in: {2}</p>").format(
        html.escape(version()), profiles, html.escape(settings.fileName()))


def build_help_menu(window, menu_bar) -> QMenu:
    """Add the Help menu to ``window`` (a MainWindow: its ``interaction`` shows the texts)."""
    menu = menu_bar.addMenu(translate("HelpMenu", "&Help"))
    menu.setToolTipsVisible(True)
    entries = (
        (translate("HelpMenu", "Keyboard Shortcuts"), QKeySequence.HelpContents, lambda: shortcuts_text(window),
         QAction.NoRole),
        (translate("HelpMenu", "Writing an Agent"), (), agent_text, QAction.NoRole),
        (translate("HelpMenu", "About Battleship Lab"), (), lambda: about_text(window.settings), QAction.AboutRole),
    )
    for title, keys, text, role in entries:
        action = QAction(title, window)
        set_keys(action, keys, title)
        action.setMenuRole(role)  # macOS: About goes to the app menu, where its users look for it
        action.triggered.connect(lambda _checked=False, t=title, f=text: window.interaction.inform(t, f()))
        menu.addAction(action)
    return menu
