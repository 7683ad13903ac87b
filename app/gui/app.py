"""Starting the desktop app: ``run_gui(args)`` for ``python main.py gui [...]``."""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path

from PyQt5.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QEvent,
    QIODevice,
    QObject,
    QSettings,
    Qt,
    QTimer,
    pyqtSignal,
)
from PyQt5.QtGui import QIcon
from PyQt5.QtWidgets import QApplication, QWidget

from app.core import BattleshipError, GameResult
from app.core.fileio import atomic_write_bytes
from app.core.paths import RESOURCES
from app.core.rules import get_profile
from app.gui import i18n, theme
from app.gui.main_window import MainWindow


def save_screenshot(widget: QWidget, path: str | Path) -> None:
    """Save a PNG of ``widget`` atomically (``atomic_write_bytes``: a file another program holds is waited for)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    if not widget.grab().save(buffer, "PNG"):
        raise OSError(f"{target}: could not make the picture")
    atomic_write_bytes(target, bytes(data))


class _ErrorRelay(QObject):
    """Carries an internal error's text to the window on the GUI thread (an excepthook runs on any thread)."""

    raised = pyqtSignal(str)


def dispose(window: QWidget) -> None:
    """Delete ``window`` now, while the application exists: its signal connections hold it (and its parts) in
    reference cycles no collector frees, and PyQt's tear-down of the application crashes now and then on a window
    freed under it."""
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)


def make_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication with the app's style (reuses a running one)."""
    app = QApplication.instance()
    if app is None:
        # crisp on high-DPI screens: both must be set before the QApplication exists
        QApplication.setAttribute(Qt.AA_EnableHighDpiScaling, True)
        QApplication.setAttribute(Qt.AA_UseHighDpiPixmaps, True)
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("Battleship Lab")
    app.setOrganizationName("BattleshipLab")
    app.setWindowIcon(QIcon(str(RESOURCES / "icons" / "battleship-lab.svg")))
    if not app.property("battleshipLabStyled"):  # once: a new style deletes the old one under live widgets
        app.setStyle(theme.AppStyle())
        app.setStyleSheet(theme.STYLE_SHEET)
        app.setProperty("battleshipLabStyled", True)
    return app


def run_gui(args: argparse.Namespace) -> int:
    """Open the window pre-loaded from the command line; returns the exit code."""
    app = make_application()
    language = i18n.choose_language(getattr(args, "lang", None), QSettings("BattleshipLab", "Battleship Lab"))
    if not i18n.install(language):
        print(f"warning: no {language} translation found ({i18n.catalogue_path(language)}); "
              f"the interface stays in English", file=sys.stderr)
    window = MainWindow()
    window.restore_geometry()
    status = {"code": 0}

    def refuse(message: str) -> int:
        # the window may already run an agent thread: end it, or the interpreter's teardown crashes now and then
        print(f"error: {message}", file=sys.stderr)
        window.session.shutdown()
        dispose(window)
        return 2

    if args.rules:
        try:
            get_profile(args.rules)
        except BattleshipError as error:
            return refuse(str(error))
        window.select_rules(args.rules)
    limits = tuple(getattr(args, key, None) for key in ("fires", "guesses", "max_steps"))
    if any(value is not None for value in limits) and not window.game_settings.set_limits(*limits):
        return refuse(window.banner_text())
    if getattr(args, "agent_param", None):
        try:
            window.session.params = window.game_settings.agent_params(args.agent_param, [args.agent] if args.agent else [])
        except BattleshipError as error:
            return refuse(str(error))
    if args.agent and not window.select_agent(args.agent):
        if args.quit_when_done:
            return refuse(window.banner_text())
    if args.map and not window.load_map(args.map):
        if args.quit_when_done:
            return refuse(window.banner_text())
    if args.quit_when_done:
        window.set_fastest()

    def finished(result: GameResult) -> None:
        if args.screenshot:
            # let the final state paint before the picture is taken
            QTimer.singleShot(50, lambda: _shoot_and_maybe_quit())
        elif args.quit_when_done:
            QTimer.singleShot(0, window.close)

    def _shoot_and_maybe_quit() -> None:
        try:
            save_screenshot(window, args.screenshot)
            print(f"screenshot saved to {args.screenshot}")
        except OSError as error:
            print(f"error: {error}", file=sys.stderr)
            status["code"] = 2
        if args.quit_when_done:
            window.close()

    def failed_to_start(report) -> None:
        if report.error and args.quit_when_done:
            print(f"error: the agent could not start: {report.error}", file=sys.stderr)
            status["code"] = 2
            QTimer.singleShot(0, window.close)

    relay = _ErrorRelay()
    relay.raised.connect(window.show_error)  # queued to the GUI thread when raised on a worker thread

    def unexpected(kind, error, tb) -> None:
        # PyQt aborts on an exception escaping a slot; report it and keep the app alive instead
        traceback.print_exception(kind, error, tb)
        relay.raised.emit(" ".join(f"Internal error: {kind.__name__}: {error}".split()) + " (details on the console)")

    sys.excepthook = unexpected
    window.game_finished.connect(finished)
    window.session.reported.connect(failed_to_start)
    window.show()
    if args.autorun:
        QTimer.singleShot(0, window.run)
    app.exec_()
    dispose(window)
    return status["code"]
