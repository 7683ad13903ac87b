"""Controls both Compare tabs use: their cards, the agent picker and the rules picker."""

from __future__ import annotations

from collections.abc import Sequence

from PyQt5.QtCore import Qt
from PyQt5.QtWidgets import QComboBox, QFrame, QListWidget, QListWidgetItem, QVBoxLayout

from app.backends.registry import AgentSpec
from app.core import DEFAULT_PROFILE, PROFILES
from app.gui.theme import card


def panel_card() -> tuple[QFrame, QVBoxLayout]:
    """A card with the Compare window's margins (a frame and its layout)."""
    return card(margins=(12, 10))


def agent_list(agents: dict[str, AgentSpec], checked: Sequence[str] = ()) -> QListWidget:
    """A list of agents with check boxes (``checked`` ticked)."""
    widget = QListWidget()
    for name, spec in agents.items():
        item = QListWidgetItem(f"{name}  ·  {'CLIPS' if spec.kind == 'clips' else 'Python'}")
        item.setData(Qt.UserRole, name)
        item.setToolTip(spec.description or name)
        item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
        item.setCheckState(Qt.Checked if name in checked else Qt.Unchecked)
        widget.addItem(item)
    return widget


def checked_agents(widget: QListWidget) -> list[str]:
    """The names ticked in an ``agent_list``."""
    return [widget.item(i).data(Qt.UserRole) for i in range(widget.count())
            if widget.item(i).checkState() == Qt.Checked]


def tick_agents(widget: QListWidget, names: Sequence[str]) -> None:
    """Tick exactly ``names`` in an ``agent_list``."""
    for i in range(widget.count()):
        item = widget.item(i)
        item.setCheckState(Qt.Checked if item.data(Qt.UserRole) in names else Qt.Unchecked)


def rules_box() -> QComboBox:
    """A rules profile picker."""
    box = QComboBox()
    for name, profile in PROFILES.items():
        box.addItem(name, name)
        box.setItemData(box.count() - 1, profile.description, Qt.ToolTipRole)
    box.setCurrentIndex(box.findData(DEFAULT_PROFILE))
    return box
