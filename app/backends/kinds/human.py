"""The Human kind: the person at the window plays (``app.backends.human``); no files, no driver to build."""

from __future__ import annotations

from app.backends.kinds.base import AgentKind

HUMAN = AgentKind("human", "Human", __name__)
