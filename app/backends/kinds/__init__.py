"""Agent kinds, each declared once: its file endings, its label, how its driver is built, what it can show.

``AgentKind`` says what a kind is; each kind is one module here (``python``,
``clips``, ``human``) and one ``register`` line below. Everything else asks
the kind: the registry which kind a file is, the agent host which driver to
build in its child, the window which label to show and whether Step rule
applies. Adding a kind: docs/agent-kinds.md.
"""

from __future__ import annotations

from app.backends.kinds.base import (
    AgentKind,
    AgentSpec,
    Capability,
    create_local_driver,
    declared_elsewhere,
    endings,
    endings_text,
    for_file,
    import_modules,
    named,
    register,
    registered,
    spec_for_files,
)
from app.backends.kinds.clips import CLIPS
from app.backends.kinds.course_files import COURSE_FILES
from app.backends.kinds.human import HUMAN
from app.backends.kinds.python import PYTHON

register(PYTHON)
register(CLIPS)
register(HUMAN)
register(COURSE_FILES)

__all__ = ["AgentKind", "AgentSpec", "Capability", "CLIPS", "COURSE_FILES", "HUMAN", "PYTHON", "create_local_driver",
           "declared_elsewhere", "endings", "endings_text", "for_file", "import_modules", "named", "register", "registered", "spec_for_files"]
