"""The interface switched to another language while it runs (Language menu; issue 43: it took a restart).

Qt sends every window ``QEvent.LanguageChange`` when a catalogue is installed; a window that receives it calls
``retranslate(window)``, which gives each text it shows in the new language. A text is found in the catalogue
(app/gui/i18n.py: the ``.ts`` beside the ``.qm``) in any of the app's languages, as it is or as a template
(``oracle {0}``) whose fields are then given in the new language too, as app/gui/engine_text.py does for the
engine's messages. A text found nowhere (a map's name, a fact, a number) stays as it is; what a panel makes anew
afterwards (the next log line, the next step's tables) comes from ``translate`` in the new language anyway.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache

from PyQt5.QtCore import Qt
from PyQt5.QtWidgets import (
    QAbstractButton,
    QAction,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QProgressBar,
    QSpinBox,
    QTabBar,
    QTableWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from app.gui import i18n

ITEMS_WALKED = 2000  # the items of a list, tree or table given anew at most (a long list's rows are data: facts)
_FIELD = re.compile(r"\{(\d)\}")


@cache
def catalogue(language: str) -> tuple[tuple[str, str, str], ...]:
    """(context, English source, translation) of every translated string of ``language``'s catalogue."""
    path = i18n.catalogue_path(language, ".ts")
    rows = []
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation.text and translation.get("type", "") not in ("unfinished", "obsolete", "vanished"):
                rows.append((name, message.findtext("source"), translation.text))
    return tuple(rows)


def _is_data_word(context: str, source: str) -> bool:
    """The engine's one-word texts (a piece's name, an outcome) are CLIPS values too where a panel shows data."""
    return context == "Engine" and " " not in source


@cache
def _pairs(language: str) -> tuple[tuple[str, str], ...]:
    """(a text in another of the app's languages, the same text in ``language``) of every catalogued string."""
    pairs = []
    for other in i18n.LANGUAGES:
        if other == i18n.SOURCE_LANGUAGE:
            continue
        for context, source, translated in catalogue(other):
            if _is_data_word(context, source):
                continue
            if language == i18n.SOURCE_LANGUAGE:
                pairs.append((translated, source))
            elif other == language:
                pairs.append((source, translated))
    return tuple((old, new) for old, new in pairs if old != new)


class _Template:
    """A catalogued text with fields (``{0} of {1}``), matched in a shown text and given in the new language."""

    def __init__(self, old: str, new: str):
        parts = _FIELD.split(old)
        self.prefix, self.suffix = parts[0], parts[-1]
        self.pattern = re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<f{part}>.*?)"
                                          for i, part in enumerate(parts)), re.S)
        self.new = new

    def apply(self, text: str, say: Callable[[str], str]) -> str | None:
        if not (text.startswith(self.prefix) and text.endswith(self.suffix)):
            return None
        match = self.pattern.fullmatch(text)
        if match is None:
            return None
        fields = {int(name[1:]): say(value) for name, value in match.groupdict().items()}
        return _FIELD.sub(lambda m: fields.get(int(m.group(1)), m.group(0)), self.new)


@cache
def _sayer(language: str) -> Callable[[str], str]:
    """``say(text)``: ``text`` in ``language`` (as it is when the catalogue does not know it)."""
    exact: dict[str, str] = {}
    templates: list[_Template] = []
    for old, new in _pairs(language):
        if _FIELD.search(old):
            fields = len(set(_FIELD.findall(old)))
            literal = _FIELD.sub("", old).strip(" :;,.()·")
            if fields != len(_FIELD.findall(old)):  # a field used twice cannot be matched back
                continue
            # a template that starts and ends with a field ("{0} of {1}") matches any text with the word in it
            # ("bayes's value of the start"): such a one only with words enough to be its own
            enclosed = old.startswith("{") and old.endswith("}")
            if len(literal) >= (12 if enclosed else 2):
                templates.append(_Template(old, new))
        else:
            exact.setdefault(old, new)
    templates.sort(key=lambda t: -len(t.prefix + t.suffix))  # the most specific first

    def say(text: str, depth: int = 0) -> str:
        if not text or depth > 2:
            return text
        if text in exact:
            return exact[text]
        for template in templates:
            given = template.apply(text, lambda field: say(field, depth + 1))
            if given is not None:
                return given
        return text

    return say


def text_in_language(text: str, language: str | None = None) -> str:
    """``text`` (any of the app's languages) in ``language`` (default: the one installed now)."""
    return _sayer(language or i18n.current_language())(text)


def retranslate(root: QWidget) -> None:
    """Give every text ``root`` and its children show (labels, buttons, menus, tabs, lists, tooltips) in the language
    installed now."""
    say = _sayer(i18n.current_language())
    for widget in [root, *root.findChildren(QWidget)]:
        _widget(widget, say)
    for action in root.findChildren(QAction):
        if not action.isSeparator():
            action.setText(say(action.text()))
            action.setToolTip(say(action.toolTip()))
            action.setStatusTip(say(action.statusTip()))


def _widget(widget: QWidget, say: Callable[[str], str]) -> None:
    """One widget's own texts (its children are walked by ``retranslate``)."""
    if widget.toolTip():
        widget.setToolTip(say(widget.toolTip()))
    if widget.isWindow() and widget.windowTitle():
        widget.setWindowTitle(say(widget.windowTitle()))
    if isinstance(widget, (QLabel, QAbstractButton)) and widget.text():
        widget.setText(say(widget.text()))
    elif isinstance(widget, QGroupBox):
        widget.setTitle(say(widget.title()))
    elif isinstance(widget, QMenu):
        widget.setTitle(say(widget.title()))
    elif isinstance(widget, QLineEdit):
        widget.setPlaceholderText(say(widget.placeholderText()))
    elif isinstance(widget, QSpinBox):
        widget.setSuffix(say(widget.suffix()))
        widget.setSpecialValueText(say(widget.specialValueText()))
    elif isinstance(widget, QProgressBar):
        widget.setFormat(say(widget.format()))
    elif isinstance(widget, QTabBar):
        for index in range(widget.count()):
            widget.setTabText(index, say(widget.tabText(index)))
            widget.setTabToolTip(index, say(widget.tabToolTip(index)))
    elif isinstance(widget, QComboBox):
        for index in range(min(widget.count(), ITEMS_WALKED)):
            widget.setItemText(index, say(widget.itemText(index)))
            tip = widget.itemData(index, Qt.ToolTipRole)
            if isinstance(tip, str):
                widget.setItemData(index, say(tip), Qt.ToolTipRole)
    elif isinstance(widget, QTreeWidget):
        _tree_item(widget.headerItem(), say)
        for index in range(min(widget.topLevelItemCount(), ITEMS_WALKED)):
            _tree_item(widget.topLevelItem(index), say, recurse=True)
    elif isinstance(widget, QTableWidget):
        for column in range(widget.columnCount()):
            item = widget.horizontalHeaderItem(column)
            if item is not None:
                item.setText(say(item.text()))
                item.setToolTip(say(item.toolTip()))
        for row in range(min(widget.rowCount(), ITEMS_WALKED)):
            for column in range(widget.columnCount()):
                item = widget.item(row, column)
                if item is not None:
                    item.setText(say(item.text()))
                    item.setToolTip(say(item.toolTip()))
    elif isinstance(widget, QListWidget):
        for row in range(min(widget.count(), ITEMS_WALKED)):
            item = widget.item(row)
            item.setText(say(item.text()))
            item.setToolTip(say(item.toolTip()))


def _tree_item(item: QTreeWidgetItem, say: Callable[[str], str], recurse: bool = False) -> None:
    for column in range(item.columnCount()):
        item.setText(column, say(item.text(column)))
        item.setToolTip(column, say(item.toolTip(column)))
    if recurse:
        for index in range(min(item.childCount(), ITEMS_WALKED)):
            _tree_item(item.child(index), say, recurse=True)
