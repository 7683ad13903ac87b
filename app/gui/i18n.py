"""The interface language: Qt's own translation system.

Every visible string goes through ``QObject.tr`` or ``translate(context, text)``; ``pylupdate5`` collects them
into ``resources/i18n/battleship_<lang>.ts`` (the sources translators edit), ``lrelease`` compiles those into
the ``.qm`` catalogues the app loads (both are committed: running the app needs neither tool). See
docs/gui.md, "Translations", for the commands.

The language: ``--lang`` if given, else the one chosen in the menu (remembered), else the system locale's,
else English (the strings in the code).
"""

from __future__ import annotations

from pathlib import Path

from PyQt5.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from app.core.paths import RESOURCES

I18N_DIR = RESOURCES / "i18n"
CATALOGUE = "battleship"  # battleship_it.ts / battleship_it.qm
LANGUAGES = {"en": "English", "it": "Italiano"}  # code -> the language's own name (shown in the menu)
SOURCE_LANGUAGE = "en"
SETTINGS_KEY = "ui/language"

translate = QCoreApplication.translate  # translate("Context", "text"): for code outside a QObject


def catalogue_path(language: str, suffix: str = ".qm") -> Path:
    """The catalogue of ``language`` (``.qm`` compiled, ``.ts`` source)."""
    return I18N_DIR / f"{CATALOGUE}_{language}{suffix}"


def system_language() -> str:
    """The system locale's language when the app has it, else English."""
    code = QLocale.system().name().split("_")[0]
    return code if code in LANGUAGES else SOURCE_LANGUAGE


def choose_language(requested: str | None, settings: QSettings | None) -> str:
    """``requested`` (``--lang``) if given, else the language picked in the menu, else the system's."""
    if requested:
        return requested
    chosen = str(settings.value(SETTINGS_KEY, "")) if settings is not None else ""
    return chosen if chosen in LANGUAGES else system_language()


_installed: list[QTranslator] = []  # the translators in use (kept alive: Qt does not own them)


def install(language: str) -> bool:
    """Translate the interface into ``language`` from now on; False if its catalogue is missing."""
    app = QCoreApplication.instance()
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    if language == SOURCE_LANGUAGE:
        return True
    translator = QTranslator()
    if not translator.load(str(catalogue_path(language))):
        return False
    app.installTranslator(translator)
    _installed.append(translator)
    qt_own = QTranslator()  # Qt's own dialogs and buttons (Cancel, Open...), when Qt ships them
    if qt_own.load(f"qtbase_{language}", QLibraryInfo.location(QLibraryInfo.TranslationsPath)):
        app.installTranslator(qt_own)
        _installed.append(qt_own)
    return True


def current_language() -> str:
    """The language installed now."""
    return SOURCE_LANGUAGE if not _installed else _installed[0].language().split("_")[0] or SOURCE_LANGUAGE
