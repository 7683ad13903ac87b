"""Markers: what an agent draws on the board to show its own beliefs (a score, a heat map, a label per cell).

A CLIPS agent asserts ``(board-marker (x X) (y Y) (value N) (label "L") (colour C))`` facts (the template is
MAIN's, resources/clips/main.clp); a Python agent returns them from ``Agent.markers()`` (app/core/agent.py). After
each step the match keeps the agent's markers in force (``Game.markers``), game logs keep them, and the board draws
them as a layer that can be switched off (docs/markers.md).

Markers come from the agent, which may run in a confined process: every value is capped here (``capped_markers``)
before the engine, a log or the GUI sees it: at most ``MAX_MARKERS`` (one per cell: the newest wins), labels at most
``MAX_LABEL`` characters, numbers finite, colours from ``COLOURS``, cells on the board. What cannot be read as a
marker is left out rather than ending the game.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from app.core.grid import SIZE, Cell

#: the colour classes a marker may have ("": the layer's own colour, shaded by the marker's number)
COLOURS = ("blue", "green", "orange", "red", "grey")
_COLOUR_SET = frozenset(("", *COLOURS))
MAX_MARKERS = SIZE * SIZE  # one per cell
MAX_LABEL = 6  # characters of a label (a cell is small)
MAX_ITEMS_READ = 10 * MAX_MARKERS  # items looked at before giving up on the rest (a hostile agent's long list)


class Marker(NamedTuple):
    """One mark on a cell: a number (None: none), a short label ("" none) and a colour class of ``COLOURS``
    ("": by the number). A named tuple: an agent's hundred markers are made and compared after every step."""

    cell: Cell
    value: float | None = None
    label: str = ""
    colour: str = ""

    def to_list(self) -> list:
        """``[x, y, value, label, colour]``: how a game log and the agent host carry it."""
        return [self.cell.x, self.cell.y, self.value, self.label, self.colour]

    def text(self) -> str:
        """What the board writes in the cell: the label, else the number in a few characters."""
        if self.label or self.value is None:
            return self.label
        return short_number(self.value)


def short_number(value: float) -> str:
    """``value`` in at most about 5 characters: ``7``, ``0.42``, ``12.5``, ``340``, ``2e+04``."""
    if value == int(value) and abs(value) < 100_000:
        return str(int(value))
    if abs(value) < 10:
        return f"{value:.2f}"
    if abs(value) < 100:
        return f"{value:.1f}"
    return f"{value:.0f}" if abs(value) < 100_000 else f"{value:.0e}"


def _number(value) -> float | None:
    """A finite number, or None (absent, NaN, infinite, not a number; a CLIPS ``nil`` too)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:  # an int too big for a float
        return None
    return number if math.isfinite(number) else None


def marker_from(item) -> Marker | None:
    """``item`` as a capped ``Marker`` (a ``Marker``, ``[x, y, value, label, colour]`` with the last three
    optional, ``(cell, value, label, colour)`` likewise, or a mapping with those keys); None when it has no cell
    on the board."""
    if isinstance(item, Marker):
        x, y, value, label, colour = item.cell.x, item.cell.y, item.value, item.label, item.colour
    elif isinstance(item, Mapping):
        x, y = item.get("x"), item.get("y")
        value, label, colour = item.get("value"), item.get("label", ""), item.get("colour", "")
    elif isinstance(item, list | tuple) and item and isinstance(item[0], Cell) and len(item) <= 4:
        (x, y), value, label, colour = item[0], *(*item[1:], None, "", "")[:3]
    elif isinstance(item, list | tuple) and 2 <= len(item) <= 5:
        x, y, value, label, colour = (*item, None, "", "")[:5]
    else:
        return None
    if isinstance(x, bool) or isinstance(y, bool) or not isinstance(x, int) or not isinstance(y, int):
        return None
    if not (0 <= x < SIZE and 0 <= y < SIZE):
        return None
    label = " ".join(str(label).split())[:MAX_LABEL] if isinstance(label, str | int | float) and label != "nil" else ""
    colour = str(colour) if str(colour) in COLOURS else ""
    return Marker(Cell(x, y), _number(value), label, colour)


def capped_markers(items: Iterable | None) -> tuple[Marker, ...]:
    """The markers of ``items`` (see ``marker_from``), capped: at most ``MAX_MARKERS``, one per cell (the last
    one given for a cell wins, in the place of the first), items that are no marker left out. None: none."""
    if items is None:
        return ()
    by_cell: dict[Cell, Marker] = {}
    for count, item in enumerate(items):
        if count >= MAX_ITEMS_READ:
            break
        if type(item) is list and len(item) == 5:  # the common form (a log, the agent host, the CLIPS driver)
            x, y, value, label, colour = item
            if type(x) is int and type(y) is int and 0 <= x < SIZE and 0 <= y < SIZE and type(label) is str \
                    and len(label) <= MAX_LABEL and label.isprintable() and " " not in label and label != "nil" \
                    and (value is None or type(value) is float and math.isfinite(value)) and colour in _COLOUR_SET:
                cell = Cell(x, y)
                by_cell[cell] = Marker(cell, value, label, colour)
                continue
        marker = marker_from(item)
        if marker is not None:
            by_cell[marker.cell] = marker
    return tuple(by_cell.values())[:MAX_MARKERS]


def markers_at(recorded: Mapping[int, tuple[Marker, ...]], step: int | None) -> tuple[Marker, ...]:
    """The markers in force after game step ``step`` (None: before the first step): those recorded at the
    latest step at or before it (``Game.markers`` records a step only when its markers changed)."""
    if step is None or not recorded:
        return ()
    latest = max((at for at in recorded if at <= step), default=None)
    return () if latest is None else recorded[latest]
