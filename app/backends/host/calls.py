"""The driver calls the agent host forwards, and how each value crosses from the child to the app: one table.

Arguments go down pickled (observations, events, the start context: the child
may trust the app). Values come up as JSON, each through its ``Codec``: plain
text, lists and dicts as they are, value objects with their ``to_dict`` and
``from_dict``. To forward a new driver method, add one ``Call`` to ``CALLS``
(docs/sandbox.md, "Forwarding a new driver call"); attributes the app sets on a
driver before starting it go in ``ATTRIBUTES``.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from app.core import Action, Cell, Piece

#: driver attributes the app sets before ``start``; sent down whenever they changed
ATTRIBUTES = ("tracing", "markers_wanted")
#: driver attributes the app reads (numbers: the caps, the rule firings so far); the child sends those its driver
#: has with each step reply, and the app's driver holds them
MIRRORED = ("firings", "max_firings", "time_limit", "step_seconds")


class Timing(StrEnum):
    """How long the app waits for a call, and what it does when the child is gone."""

    STEP = "step"  # the agent's step cap plus a grace; the agent's printout and step cap come back with it
    LOAD = "load"  # loading the agent's files: a minute on top of the step cap
    QUERY = "query"  # what the GUI asks between steps; the call's ``default`` once the child is gone


@dataclass(frozen=True, slots=True)
class Codec:
    """How a value crosses up: ``encode`` in the child (to JSON-ready data), ``decode`` in the app (back)."""

    encode: Callable[[object], object]
    decode: Callable[[object], object]


def _same(value: object) -> object:
    return value


def _optional(decode: Callable[[object], object]) -> Callable[[object], object]:
    return lambda value: None if value is None else decode(value)


def _action_up(action: Action | str) -> object:
    return {"action": str(action)} if isinstance(action, Action) else str(action)


def _action_down(value: object) -> Action | str:
    return Action.parse(value["action"]) if isinstance(value, dict) else str(value)


def _actions_up(value) -> object:
    """None, one action, or several (a tuple, newest first): an Action as {"action": text}, text as text."""
    if isinstance(value, tuple):
        return {"several": [_action_up(item) for item in value]}
    return None if value is None else _action_up(value)


def _actions_down(value) -> Action | str | tuple[Action | str, ...] | None:
    if isinstance(value, dict) and "several" in value:
        return tuple(_action_down(item) for item in value["several"])
    return None if value is None else _action_down(value)


def _belief_down(value) -> object:
    import numpy as np

    belief = np.asarray(value, dtype=float)
    if belief.shape != (10, 10):
        raise ValueError(f"a belief of shape {belief.shape}")
    return belief


def _json_float(value) -> float | str:
    """A belief's number as JSON holds it: NaN and the infinities as their text, which the app reads back."""
    number = float(value)
    return number if math.isfinite(number) else str(number)


def _plain(value: object) -> object:
    """A CLIPS slot value as JSON holds it: numbers as they are, symbols and strings as text."""
    return value if isinstance(value, int | float) and not isinstance(value, bool) else str(value)


def _execs_down(value) -> list:
    from app.backends.base import ExecFact

    return [ExecFact(int(index), step, str(action), x, y) for index, step, action, x, y in value]


_last_markers: tuple = ([], ())  # the markers that came up last, raw and capped: most steps send the same again


def _capped_markers(items: list) -> tuple:
    from app.core.markers import capped_markers

    global _last_markers
    last = _last_markers  # one snapshot: another game's thread may replace it meanwhile
    if items == last[0]:
        return last[1]
    capped = capped_markers(items)
    _last_markers = (items, capped)
    return capped


def _rows_down(value) -> list:
    from app.backends.base import FactRow

    return [FactRow(str(m), int(i), str(t), str(x)) for m, i, t, x in value]


def value_object(module: str, name: str, form: str = "dict") -> Codec:
    """A value object (or None) crossing as its ``to_dict``; the app rebuilds it with ``from_dict`` (``form``
    "wire": ``to_wire`` and ``from_wire``, a class's compact form for the pipe).

    The class is imported when a value first comes up (the app imports no CLIPS module before it needs one).
    """
    encode, rebuild = f"to_{form}", f"from_{form}"

    def decode(data):
        if data is None:
            return None
        return getattr(getattr(importlib.import_module(module), name), rebuild)(data)

    return Codec(lambda value: None if value is None else getattr(value, encode)(), decode)


PLAIN = Codec(_same, _same)  # None, or JSON-ready already
TEXTS = Codec(lambda lines: [str(line) for line in lines], lambda lines: [str(line) for line in lines])
TEXT_DICT = Codec(lambda items: {str(k): str(v) for k, v in items.items()},
                  lambda items: {str(k): str(v) for k, v in dict(items).items()})
ACTIONS = Codec(_actions_up, _actions_down)
K_CELLS = Codec(lambda cells: [[cell.x, cell.y, piece.value] for cell, piece in cells],
                lambda cells: [(Cell(int(x), int(y)), Piece(content)) for x, y, content in cells])
BELIEF = Codec(lambda belief: None if belief is None else [[_json_float(v) for v in row] for row in belief],
               _optional(_belief_down))
FACT_PAIRS = Codec(lambda facts: None if facts is None else [[str(t), str(f)] for t, f in facts],
                   _optional(lambda facts: [(str(t), str(f)) for t, f in facts]))
TEXT_TUPLE = Codec(lambda names: [str(name) for name in names], lambda names: tuple(str(name) for name in names))
EXEC_FACTS = Codec(lambda facts: None if facts is None else [[f.index, *map(_plain, (f.step, f.action, f.x, f.y))]
                                                            for f in facts], _optional(_execs_down))
MARKERS = Codec(lambda markers: [marker.to_list() for marker in markers],  # capped again in the app: untrusted
                lambda items: _capped_markers(items if isinstance(items, list) else ()))
FACT_ROWS = Codec(lambda rows: None if rows is None else [[r.module, r.index, r.template, r.text] for r in rows],
                  _optional(_rows_down))


@dataclass(frozen=True, slots=True)
class Call:
    """One forwarded driver method.

    ``label``: what the call is, in a timeout or death message (formatted with
    the call's arguments). ``rides_on``: the child computes this call's value
    right after those calls and sends it with their reply, which saves a round
    trip; the app answers from it (``once``: the value is taken by the first
    read, as for calls that answer "since the last call"; else it is kept).
    ``defers``: while the game goes on (no argument is an observation that is
    ``over``), the app does not wait for the reply: it reads it before its next
    request, and an error the call raised is raised by the next step call as
    the match would word it (``after`` this way costs no round trip of its
    own). ``only_if``: the call answers ``default`` at once while that
    attribute of the driver is false (``trace`` when not tracing, ``markers``
    when nothing shows them): the child computes no such rider, and the app
    reads none a child sent unasked (``asked``).
    """

    name: str
    timing: Timing
    codec: Codec = PLAIN
    default: object = None
    label: str = ""
    rides_on: tuple[str, ...] = ()
    once: bool = True
    defers: bool = False
    only_if: str = ""


CALLS: dict[str, Call] = {call.name: call for call in (
    Call("start", Timing.STEP, label="start"),
    Call("next_action", Timing.STEP, ACTIONS, label="step {0.step}"),
    Call("advance", Timing.STEP, value_object("app.backends.tracing.pause", "TurnPause"), label="step {0.step}"),
    Call("after", Timing.STEP, label="step {0.step}, after the action", defers=True),
    Call("declared_k_cells", Timing.QUERY, K_CELLS, default=[], rides_on=("start", "next_action")),
    Call("trace", Timing.QUERY, value_object("app.backends.tracing.steptrace", "StepTrace", "wire"), rides_on=("after",),
         only_if="tracing"),
    Call("markers", Timing.QUERY, MARKERS, default=(), rides_on=("next_action",),  # a field of the step's reply
         only_if="markers_wanted"),
    Call("turn_summary", Timing.QUERY, value_object("app.backends.base", "TurnSummary"), rides_on=("next_action",)),
    Call("load_errors", Timing.QUERY, TEXTS, default=[], rides_on=("start",), once=False),
    Call("exec_facts", Timing.QUERY, EXEC_FACTS),
    Call("rule_names", Timing.QUERY, TEXT_TUPLE, default=()),
    Call("why_not", Timing.QUERY, value_object("app.backends.clips.matches", "RuleMatches")),
    Call("belief", Timing.QUERY, BELIEF),
    Call("parameters", Timing.QUERY, TEXT_DICT, default={}),
    Call("facts", Timing.QUERY, FACT_PAIRS),
    Call("working_memory", Timing.QUERY, FACT_ROWS),
    Call("preload", Timing.LOAD, TEXTS, default=[], label="loading"),
)}

#: Driver methods the app's side answers itself (not forwarded): the agent's printout comes with each reply;
#: confinement, the files written, cancel and close concern the child process, not the agent.
LOCAL = ("output", "confinement", "written_files", "written_sizes", "refusals", "request_cancel", "close")


def asked(call: Call, driver: object) -> bool:
    """Whether ``call`` is wanted of ``driver`` now (``Call.only_if``: the attribute the app set on it)."""
    return not call.only_if or bool(getattr(driver, call.only_if, False))


def riders(name: str, driver: object = None) -> tuple[Call, ...]:
    """The calls whose values come with the reply to ``name`` (with ``driver``: those ``asked`` of it)."""
    carried = _RIDERS.get(name, ())
    return carried if driver is None else tuple(call for call in carried if asked(call, driver))


_RIDERS: dict[str, tuple[Call, ...]] = {}
for _call in CALLS.values():
    for _carrier in _call.rides_on:
        _RIDERS[_carrier] = (*_RIDERS.get(_carrier, ()), _call)
