"""The project's narrow exception types; each message says where and what."""

from __future__ import annotations

import errno
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path


class BattleshipError(Exception):
    """Base of every error that reports a user's mistake (no traceback shown)."""


class MapError(BattleshipError):
    """A map or puzzle file (or map object) is malformed or inconsistent.

    ``str(error)`` is ``"path:line: problem"`` (parts that are unknown are left out).
    """

    def __init__(self, problem: str, path: str | Path | None = None, line: int | None = None):
        self.problem = problem
        self.path = str(path) if path is not None else None
        self.line = line
        super().__init__(self._text())

    def _text(self) -> str:
        where = ""
        if self.path is not None:
            where = self.path + (f":{self.line}" if self.line is not None else "") + ": "
        elif self.line is not None:
            where = f"line {self.line}: "
        return where + self.problem

    def located(self, path: str | Path, line: int | None = None) -> MapError:
        """A copy of this error that names ``path`` (and ``line`` if not yet set)."""
        return MapError(self.problem, path, self.line if self.line is not None else line)


class FileWriteError(BattleshipError, OSError):
    """A file could not be written: ``str(error)`` is ``"path: cannot write (why)"``.

    An ``OSError`` as well, so a caller that words its own message from ``strerror`` keeps doing so.
    """

    def __init__(self, path: str | Path, reason: str):
        super().__init__(errno.EIO, reason, str(path))
        self.path = str(path)

    def __str__(self) -> str:
        return f"{self.path}: cannot write ({self.strerror})"


class ActionError(BattleshipError):
    """An action string could not be parsed."""


class LogError(BattleshipError):
    """A game log (JSON Lines) is malformed."""


class AgentError(BattleshipError):
    """An agent could not be found or loaded."""
