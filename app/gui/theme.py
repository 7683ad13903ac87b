"""Colours, the application style sheet, and the small pieces every window is built from (cards, toolbars).

The palette is Okabe-Ito (readable with the common colour-vision
deficiencies); the board never relies on colour alone: every state also has a
shape, a pattern or a letter.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from PyQt5.QtCore import QEvent, QObject, QRect, QSize, Qt
from PyQt5.QtGui import QColor, QFont, QGuiApplication, QKeySequence, QTextOption
from PyQt5.QtWidgets import (
    QAction,
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QProxyStyle,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStyle,
    QTabWidget,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

# Okabe-Ito
BLACK = QColor("#000000")
ORANGE = QColor("#E69F00")
SKY_BLUE = QColor("#56B4E9")
BLUISH_GREEN = QColor("#009E73")
YELLOW = QColor("#F0E442")
BLUE = QColor("#0072B2")
VERMILLION = QColor("#D55E00")
REDDISH_PURPLE = QColor("#CC79A7")

# roles on the board
INK = QColor("#1F2933")
MUTED_INK = QColor("#475467")
GRID_LINE = QColor("#C9D2DC")
CARD = QColor("#FFFFFF")
UNKNOWN_FILL = QColor("#EEF1F5")
WATER_FILL = QColor("#DDEFFA")
WATER_WAVE = QColor("#56B4E9")
HIDDEN_WATER_FILL = QColor("#F7FAFC")
KNOWN_PIECE = QColor("#3D4451")
HIT_PIECE = BLUE
RIGHT_FLAG_PIECE = BLUISH_GREEN
MISSED_PIECE = ORANGE
WRONG_FLAG = VERMILLION
FLAG = VERMILLION
LAST_ACTION = ORANGE
BELIEF = REDDISH_PURPLE
SUNK_OUTLINE = QColor("#111111")
DONE_BADGE = QColor("#E3F4EE")

STYLE_SHEET = """
QMainWindow, QWidget#central, QScrollArea#scrollingColumn, QWidget#sideColumn { background: #F3F5F8; }
QMenuBar { background: #FFFFFF; color: #1F2933; padding: 2px 4px; }
QMenuBar::item { padding: 4px 10px; border-radius: 4px; }
QMenuBar::item:selected { background: #EEF2F6; }
QMenu { background: #FFFFFF; border: 1px solid #DDE3EA; padding: 4px; }
QMenu::item { padding: 5px 24px 5px 14px; border-radius: 4px; color: #1F2933; }
QMenu::item:selected { background: #E3F0FA; color: #0B3C5D; }
QMenu::item:disabled { color: #A0A8B4; }
QMenu::separator { height: 1px; background: #E4E9F0; margin: 4px 8px; }
QToolBar { background: #FFFFFF; border: none; border-bottom: 1px solid #DDE3EA; spacing: 2px; padding: 6px 6px; }
QToolBar QLabel { color: #475467; padding: 0 2px 0 6px; }
QToolButton { padding: 5px 7px; border-radius: 6px; color: #1F2933; }
QToolButton[toolButtonStyle="0"] { padding: 5px 3px; }
QToolButton[popupMode="1"] { padding-right: 22px; }
QToolButton::menu-button { border: none; border-left: 1px solid #DDE3EA; width: 18px; }
QToolButton::menu-button:hover { background: #E2E8F0; border-top-right-radius: 6px; border-bottom-right-radius: 6px; }
QToolButton:hover { background: #EEF2F6; }
QToolBarExtension { padding: 0px; margin: 0px; border: 1px solid #DDE3EA; background: #F6F8FA; }
QToolButton:pressed { background: #E2E8F0; }
QToolButton:disabled { color: #A0A8B4; }
QToolButton#runButton { background: #0072B2; color: white; font-weight: 600; }
QToolButton#runButton:hover { background: #00619A; }
QToolButton#runButton:disabled { background: #9FC2DA; color: #F3F7FA; }
QComboBox { padding: 4px 8px; border: 1px solid #CBD3DD; border-radius: 6px; background: #FFFFFF; min-height: 20px; }
QComboBox:hover { border-color: #98A6B6; }
QComboBox QAbstractItemView { background: #FFFFFF; color: #1F2933; border: 1px solid #DDE3EA; outline: 0;
    selection-background-color: #E3F0FA; selection-color: #0B3C5D; }
QComboBox::item { color: #1F2933; }
QComboBox::item:selected { background: #E3F0FA; color: #0B3C5D; }
QFrame#card { background: #FFFFFF; border: 1px solid #DDE3EA; border-radius: 10px; }
QLabel#cardTitle { color: #344054; font-weight: 600; font-size: 11pt; }
QLabel#mapTitle { color: #1F2933; font-weight: 600; font-size: 12pt; }
QLabel#mapInfo { color: #475467; }
QLabel#banner { background: #FCEBDD; color: #7A2E00; border: 1px solid #E8B48F; border-radius: 8px; padding: 8px 10px; }
QLabel#bannerInfo { background: #E3F0FA; color: #0B3C5D; border: 1px solid #A9CDE6; border-radius: 8px; padding: 8px 10px; }
QPlainTextEdit#log { background: #FFFFFF; border: none; color: #1F2933; selection-background-color: #CFE6F5; }
QTabWidget::pane { border: 1px solid #DDE3EA; border-radius: 8px; background: #FFFFFF; top: -1px; }
QTabBar::tab { padding: 6px 14px; color: #475467; border: none; }
QTabBar::tab:selected { color: #0072B2; border-bottom: 2px solid #0072B2; }  /* bold would be cut: tabs are sized for normal text */
QTabBar::tab:disabled { color: #B0B8C4; }
QStatusBar { background: #FFFFFF; border-top: 1px solid #DDE3EA; color: #344054; }
QStatusBar QLabel { padding: 0 10px; }
QSlider::groove:horizontal { height: 4px; background: #D0D7E1; border-radius: 2px; }
QSlider::sub-page:horizontal { background: #0072B2; border-radius: 2px; }
QSlider::handle:horizontal { background: #FFFFFF; border: 2px solid #0072B2; width: 12px; margin: -6px 0; border-radius: 8px; }
QLineEdit { padding: 4px 8px; border: 1px solid #CBD3DD; border-radius: 6px; background: #FFFFFF; }
QTreeWidget { border: none; }
QHeaderView::section { background: #F6F8FA; border: none; border-bottom: 1px solid #DDE3EA; padding: 4px 6px; color: #475467; }
QCheckBox { color: #1F2933; }
QCheckBox:disabled { color: #A0A8B4; }
"""


TITLE_BAR = 32  # room left for a window's title bar and frame, unknown until it is shown
TOOLBAR_EXTENSION = 28  # the width of a toolbar's "more controls" button (Fusion's 12 px is too easy to miss)


class AppStyle(QProxyStyle):
    """Fusion, with a toolbar overflow button wide enough to see and hit."""

    def __init__(self):
        super().__init__("Fusion")

    def pixelMetric(self, metric, option=None, widget=None) -> int:  # noqa: N802 (Qt naming)
        if metric == QStyle.PM_ToolBarExtensionExtent:
            return TOOLBAR_EXTENSION
        return super().pixelMetric(metric, option, widget)


def fit_to_screen(window: QWidget, width: int, height: int, available: QRect | None = None) -> None:
    """Size a window on its first launch: ``width`` x ``height`` or less, so that it fits the screen's
    available area (``available``: the window's screen's), centred there. A window never goes below its minimum."""
    if available is None:
        screen = window.screen() or QGuiApplication.primaryScreen()
        available = screen.availableGeometry()
    frame = window.frameGeometry().size() - window.size()  # known once the window is shown
    extra_width, extra_height = (frame.width(), frame.height()) if window.isVisible() else (0, TITLE_BAR)
    width = max(min(width, available.width() - extra_width), window.minimumSizeHint().width())
    height = max(min(height, available.height() - extra_height), window.minimumSizeHint().height())
    window.resize(width, height)
    window.move(available.x() + max(0, (available.width() - extra_width - width) // 2),
                available.y() + max(0, (available.height() - extra_height - height) // 2))


def card(layout_cls: type[QBoxLayout] = QVBoxLayout, margins: tuple[int, int] = (14, 12)) -> tuple[QFrame, QBoxLayout]:
    """A white rounded panel (styled by the ``#card`` rule) and its layout."""
    frame = QFrame()
    frame.setObjectName("card")
    layout = layout_cls(frame)
    layout.setContentsMargins(margins[0], margins[1], margins[0], margins[1])
    return frame, layout


class TitledCard(QFrame):
    """A card with a heading (``self.title``), for panels that are widgets of their own: they fill ``self.body``."""

    def __init__(self, title: str, spacing: int | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("card")
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(14, 12, 14, 12)
        if spacing is not None:
            self.body.setSpacing(spacing)
        self.title = card_title(title)
        self.body.addWidget(self.title)


def add_tab(tabs: QTabWidget, widget: QWidget, title: str, tip: str) -> int:
    """Add ``widget`` as a tab of ``tabs`` with its title and tooltip; its index (tabs are found by widget)."""
    index = tabs.addTab(widget, title)
    tabs.setTabToolTip(index, tip)
    return index


def window_toolbar(window: QMainWindow, title: str, object_name: str) -> QToolBar:
    """A fixed, text-only toolbar added to ``window``."""
    bar = QToolBar(title)
    bar.setObjectName(object_name)
    bar.setMovable(False)
    bar.setToolButtonStyle(Qt.ToolButtonTextOnly)
    window.addToolBar(bar)
    return bar


#: a key of an action: the platform's standard one (``QKeySequence.Open``: Cmd+O on macOS, Ctrl+O elsewhere),
#: or a portable text ("Ctrl+L": Cmd+L on macOS) where no standard exists. A standard key some platform leaves
#: without a binding (Windows: Quit, Save As) is given with the text after it: ``(QKeySequence.Quit, "Ctrl+Q")``
Shortcut = str | QKeySequence.StandardKey


#: a key named in a text: "Ctrl+O", "Ctrl+Shift+S", "Ctrl+Enter"
_KEY_MENTION = re.compile(r"\bCtrl\+(?:(?:Shift|Alt)\+)*(?:Enter|Return|Space|F\d+|[A-Z0-9])\b")


def _native(key: str) -> str:
    return QKeySequence(key).toString(QKeySequence.NativeText)


def native_keys(text: str) -> str:
    """``text`` with each key it names ("Ctrl+O") as the platform writes it (⌘O on macOS, as its menus do):
    texts and their translations name keys one way, and the user reads the keys of their keyboard."""
    return _KEY_MENTION.sub(lambda mention: _native(mention.group()), text)


def key_sequences(shortcuts: Shortcut | Sequence[Shortcut]) -> list[QKeySequence]:
    """The keys ``shortcuts`` stand for on this platform, in order, each once."""
    found: list[QKeySequence] = []
    for shortcut in [shortcuts] if isinstance(shortcuts, str | QKeySequence.StandardKey) else shortcuts:
        keys = QKeySequence.keyBindings(shortcut) if isinstance(shortcut, QKeySequence.StandardKey) else [
            QKeySequence(shortcut)]
        found += [key for key in keys if key not in found]
    return found


def set_keys(act: QAction, shortcuts: Shortcut | Sequence[Shortcut], tip: str) -> None:
    """Give ``act`` its keys and a tooltip that ends with them, as the platform writes them."""
    keys = key_sequences(shortcuts)
    act.setShortcuts(keys)
    if keys:
        tip = f"{tip} ({' or '.join(key.toString(QKeySequence.NativeText) for key in keys)})"
    act.setToolTip(tip)


def menu_action(window: QMainWindow, text: str, shortcut: Shortcut | Sequence[Shortcut], tip: str,
                slot) -> QAction:
    """A menu entry of ``window``: ``text``, its key (said in the tip, as the platform writes it), ``slot``."""
    act = QAction(text, window)
    set_keys(act, shortcut, tip)
    act.triggered.connect(lambda _checked=False: slot())
    return act


def toolbar_action(window: QMainWindow, bar: QToolBar, text: str, shortcuts: Shortcut | Sequence[Shortcut],
                   tip: str, slot: Callable[[], object]) -> tuple[QAction, QToolButton]:
    """An action of ``window`` that calls ``slot``, with its button on ``bar``; the tooltip ends with its keys."""
    act = QAction(text, window)
    set_keys(act, shortcuts, tip)
    act.triggered.connect(lambda _checked=False: slot())
    window.addAction(act)
    button = QToolButton()
    button.setDefaultAction(act)
    bar.addWidget(button)
    return act, button


def split_central(object_name: str) -> tuple[QWidget, QSplitter]:
    """The padded central widget of a window and the horizontal splitter that fills it."""
    central = QWidget()
    central.setObjectName("central")
    outer = QHBoxLayout(central)
    outer.setContentsMargins(12, 12, 12, 12)
    splitter = QSplitter(Qt.Horizontal)
    splitter.setObjectName(object_name)
    splitter.setChildrenCollapsible(False)
    outer.addWidget(splitter)
    return central, splitter


def title_row(title: str, info: str = "") -> tuple[QHBoxLayout, QLabel, QLabel]:
    """A board card's heading: a bold title, then a grey line of details that may be cut."""
    row = QHBoxLayout()
    title_label = QLabel(title)
    title_label.setObjectName("mapTitle")
    info_label = QLabel(info)
    info_label.setObjectName("mapInfo")
    info_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
    row.addWidget(title_label)
    row.addSpacing(10)
    row.addWidget(info_label, 1)
    return row, title_label, info_label


def error_banner() -> QLabel:
    """A hidden, selectable, wrapping banner for error messages (plain text: shown as written)."""
    banner = QLabel()
    banner.setObjectName("banner")
    banner.setTextFormat(Qt.PlainText)
    banner.setWordWrap(True)
    banner.setTextInteractionFlags(Qt.TextSelectableByMouse)
    banner.hide()
    return banner


def card_title(text: str) -> QLabel:
    """A card's heading (styled by the ``#cardTitle`` rule)."""
    title = QLabel(text)
    title.setObjectName("cardTitle")
    return title


class _WrappedHeight(QObject):
    """Keeps a widget's minimum height at what its wrapped text needs at its width (``hold_wrapped_height``)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() in (QEvent.Resize, QEvent.LayoutRequest, QEvent.Show):
            needed = watched.heightForWidth(watched.width())
            if needed > 0 and needed != watched.minimumHeight():
                watched.setMinimumHeight(needed)
        return False


def hold_wrapped_height(widget: QWidget) -> None:
    """Make ``widget`` (wrapped labels in a layout) ask for the height its text needs at its width, not its
    minimum height alone: in a ``ScrollingColumn`` (which asks its cards for their minimum heights only) a
    wrapped banner or legend would otherwise be given less than it needs and overlap its neighbours."""
    widget.installEventFilter(_WrappedHeight(widget))


class _NoHeightForWidth(QVBoxLayout):
    """A layout that asks for its minimum height only, whatever the height-for-width of what it holds."""

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt naming)
        return False


class ScrollingColumn(QScrollArea):
    """A column (or a board's card) that fills its height when there is room and scrolls when there is not: its minimum height is
    at most ``SCROLL_MIN_HEIGHT`` whatever its cards need (no panel may push a window past the screen); its
    minimum width is the column's (it never scrolls sideways)."""

    SCROLL_MIN_HEIGHT = 200

    def __init__(self, column: QWidget):
        super().__init__()
        self.setObjectName("scrollingColumn")
        self.setFrameShape(QFrame.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        holder = QWidget()  # fills the height it is given: a square board's height-for-width would make it scroll
        holder.setObjectName("sideColumn")
        layout = _NoHeightForWidth(holder)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(column)
        self.setWidget(holder)

    def _bar(self) -> int:
        return self.style().pixelMetric(QStyle.PM_ScrollBarExtent)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        inner = self.widget().minimumSizeHint()
        return QSize(inner.width() + self._bar(), min(inner.height(), self.SCROLL_MIN_HEIGHT))

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        inner = self.widget().sizeHint()
        return QSize(inner.width() + self._bar(), inner.height())


def side_column() -> tuple[QWidget, QVBoxLayout]:
    """The column of cards beside a window's board (scrolling when the window is too short for its cards:
    the widget to add to the window), and the cards' layout."""
    column = QWidget()
    column.setObjectName("sideColumn")
    layout = QVBoxLayout(column)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(12)
    return ScrollingColumn(column), layout


def mono_font(points: int) -> QFont:
    """The monospaced font of logs and step lists (their columns line up)."""
    font = QFont("DejaVu Sans Mono")
    font.setStyleHint(QFont.Monospace)
    font.setPointSize(points)
    return font


def log_view(max_lines: int, points: int) -> QPlainTextEdit:
    """A read-only game log (styled by the ``#log`` rule) keeping its last ``max_lines`` lines."""
    view = QPlainTextEdit()
    view.setObjectName("log")
    view.setReadOnly(True)
    view.setMaximumBlockCount(max_lines)
    view.setWordWrapMode(QTextOption.WordWrap)  # long printouts break between words
    view.setFont(mono_font(points))
    return view
