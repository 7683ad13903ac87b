"""The engine's texts in the interface's language: a text is matched back to its template (app/core/messages.py)
and the translated template is filled with the same fields; a text that matches none is shown as it is."""

from __future__ import annotations

import re
from functools import cache

from app.core import messages
from app.gui.i18n import translate

CONTEXT = "Engine"


@cache
def _pattern(template: str) -> re.Pattern:
    """``template`` as a regular expression, each ``{field}`` a named group."""
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
                              for i, part in enumerate(parts)))


def engine_text(text: str) -> str:
    """``text`` (a message of the engine, or several joined by "; ") translated."""
    if not text:
        return text
    for template in messages.TEMPLATES + messages.OUTCOMES + messages.PIECES + (messages.STEP,):
        match = _pattern(template).fullmatch(text)
        if match:
            return translate(CONTEXT, template).format(**match.groupdict())
    if "; " in text:
        return "; ".join(engine_text(part) for part in text.split("; "))
    return text
