"""The engine's messages: each a template with named fields (``{count}``), which the engine formats.

The engine's texts stay English (logs, results and tests read them); the GUI translates a text by matching it
back to its template here (app/gui/engine_text.py) and filling the translated template with the same fields.
``QT_TRANSLATE_NOOP`` below is a plain function (app.core imports no Qt): it only marks each template for
``pylupdate5``, which reads this file with the GUI's (docs/gui.md, Translations).
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name pylupdate5 looks for)
    """``text`` itself: marks it for the translation catalogue."""
    return text


# why a game ended
SOLVED_BY_AGENT = QT_TRANSLATE_NOOP("Engine", "solved by the agent")
STEP_LIMIT = QT_TRANSLATE_NOOP("Engine", "step limit reached")
STALLED = QT_TRANSLATE_NOOP("Engine", "the agent stalled: '{label}' cannot be carried out ({why}); the course's "
                                      "environment has no rule for it and would hang here")
# why an action did nothing, or could not be carried out
FIRE_OFF_BOARD = QT_TRANSLATE_NOOP("Engine", "off the board; the course accepts it: one fire used, nothing counted")
FLAG_OFF_BOARD = QT_TRANSLATE_NOOP("Engine", "off the board; the course accepts it: one flag used, nothing counted")
ALREADY_FIRED = QT_TRANSLATE_NOOP("Engine", "cell already fired")
KNOWN_SHIP_CELL = QT_TRANSLATE_NOOP("Engine", "ship cell known from the start")
ALREADY_FLAGGED = QT_TRANSLATE_NOOP("Engine", "cell already flagged; the course keeps one flag there: one flag used")
NO_FIRES_LEFT = QT_TRANSLATE_NOOP("Engine", "no fires left")
NO_FLAGS_LEFT = QT_TRANSLATE_NOOP("Engine", "no flags left")
NO_FLAG_THERE = QT_TRANSLATE_NOOP("Engine", "no flag on that cell")
ALL_FLAGS_LEFT = QT_TRANSLATE_NOOP("Engine", "already {count} flags left")
# notes
DECLARED_K_CELL = QT_TRANSLATE_NOOP("Engine", "k-cell {x} {y} {piece} asserted by the agent: the course fires there "
                                              "(one fire taken back from fok; the cell counts as fired)")
LOAD_ERRORS = QT_TRANSLATE_NOOP("Engine", "agent loaded with {count} errors")
LOAD_ERROR = QT_TRANSLATE_NOOP("Engine", "agent loaded with 1 error")
# what an action did (Outcome's values)
OUTCOMES = (QT_TRANSLATE_NOOP("Engine", "hit"), QT_TRANSLATE_NOOP("Engine", "miss"),
            QT_TRANSLATE_NOOP("Engine", "fire-wasted"), QT_TRANSLATE_NOOP("Engine", "flagged"),
            QT_TRANSLATE_NOOP("Engine", "flag-wasted"), QT_TRANSLATE_NOOP("Engine", "unflagged"),
            QT_TRANSLATE_NOOP("Engine", "rejected"), QT_TRANSLATE_NOOP("Engine", "solved"))
# a step line's words (GameEvent.describe): "step", and the piece a fire revealed (Piece's values, the course's names)
STEP = QT_TRANSLATE_NOOP("Engine", "step")
PIECES = (QT_TRANSLATE_NOOP("Engine", "water"), QT_TRANSLATE_NOOP("Engine", "sub"), QT_TRANSLATE_NOOP("Engine", "left"),
          QT_TRANSLATE_NOOP("Engine", "right"), QT_TRANSLATE_NOOP("Engine", "top"), QT_TRANSLATE_NOOP("Engine", "bot"),
          QT_TRANSLATE_NOOP("Engine", "middle"))

TEMPLATES = (SOLVED_BY_AGENT, STEP_LIMIT, STALLED, FIRE_OFF_BOARD, FLAG_OFF_BOARD, ALREADY_FIRED, KNOWN_SHIP_CELL,
             ALREADY_FLAGGED, NO_FIRES_LEFT, NO_FLAGS_LEFT, NO_FLAG_THERE, ALL_FLAGS_LEFT, DECLARED_K_CELL,
             LOAD_ERRORS, LOAD_ERROR)
