"""The recent maps and agent files the main window offers again, kept in its settings."""

from __future__ import annotations

from PyQt5.QtCore import QSettings

RECENT_LIMIT = 8


class RecentFiles:
    """The recent items of a settings key (``recent/maps``, ``recent/agents``), newest first."""

    def __init__(self, settings: QSettings):
        self.settings = settings

    def items(self, key: str) -> list[str]:
        """The items remembered under ``key``."""
        value = self.settings.value(key, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or []) if v]

    def remember(self, key: str, item: str) -> None:
        """Put ``item`` first under ``key`` (once), keeping the last ``RECENT_LIMIT``."""
        items = [item] + [v for v in self.items(key) if v != item]
        self.settings.setValue(key, items[:RECENT_LIMIT])
