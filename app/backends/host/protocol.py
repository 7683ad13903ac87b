"""The agent host's message protocol (version ``VERSION``): requests down as tagged plain data, replies up as JSON.

Neither side loads code from a message. The parent trusts nothing the child
sends: replies are JSON, read with a size cap (``encode_reply``,
``decode_reply``: orjson, several times faster than the standard library on
a traced step's reply; JSON has no NaN, so a codec that may carry one says
how: ``calls.BELIEF``). Requests are plain values
(``marshal`` of tuples, lists, dicts, text and numbers) with the app's value
objects tagged by name and rebuilt from a fixed list of classes
(``_CLASSES``): a request the agent forged could name no other type, and the
child's end of the channel is a socket the agent cannot reopen through
``/proc/self/fd`` (docs/sandbox.md, "Threat model"). Framing is
``multiprocessing.connection``'s.
"""

from __future__ import annotations

import enum
import json
import marshal
from dataclasses import fields, is_dataclass
from enum import StrEnum
from types import MappingProxyType

import orjson

from app.backends.base import PauseRequest, StartContext
from app.backends.host.limits import Limits
from app.core import Action, Cell, Observation, Piece, StepEvent
from app.core.actions import ActionKind
from app.core.events import Outcome
from app.core.rules import RulesProfile, Statistics

VERSION = 5
MAX_REPLY = 64 << 20  # bytes in one reply


class Request(StrEnum):
    """What the parent asks; each request gets exactly one reply (``{"value": ...}`` or ``{"error": ...}``)."""

    # each request's args: (its own args, the deferred calls queued before it, whether it is a step call)
    CREATE = "create"  # (spec fields, seed, step seconds, limits, root): confine the process, load the agent's code
    CALL = "call"  # (method name, args, attributes changed): a driver call of ``calls.CALLS`` ("": none)


class ErrorKind(StrEnum):
    """How a failure in the child is raised again in the parent."""

    FAILURE = "failure"  # AgentFailure: the game stops with the message
    AGENT = "agent"  # AgentError: the agent cannot be loaded or started (a user's mistake)
    BATTLESHIP = "battleship"  # any other BattleshipError
    OTHER = "other"  # anything else: its type name and message
    MEMORY = "memory"  # over the memory limit


class _Same:
    """Stands for the observation sent last (the engine's observation object is the same until the next event:
    the one ``after`` sends is the one the next ``next_action`` sends)."""


SAME_OBSERVATION = _Same()

# A tagged value is a pair (TAG + a class name, its payload); tags start with a NUL, which no text of the game has
_TAG = "\0"
_SAME = (_TAG + "same", None)
#: every class a request may hold (besides plain data): dataclasses by their fields, enums by their value
_CLASSES: dict[str, type] = {cls.__name__: cls for cls in (
    Action, ActionKind, Cell, Limits, Outcome, PauseRequest, Piece, RulesProfile, StartContext, Statistics, StepEvent)}
_FIELDS = {name: tuple(f.name for f in fields(cls)) for name, cls in _CLASSES.items() if is_dataclass(cls)}
_PLAIN = frozenset({str, int, float, bool, type(None), bytes})

# An observation crosses as plain tuples (cells as (x, y, piece), flags as (x, y)): pickling the cell and piece
# objects themselves cost most of a step's message time (timeit: 76 us to pack one, 36 us to load it; now ~10)
_OBSERVATION_FIELDS = tuple(field.name for field in fields(Observation))
_CELL_MAPS = frozenset({"known", "start_known", "fired"})
_PIECES = {piece.value: piece for piece in Piece}


def _observation_down(observation: Observation) -> tuple:
    values = []
    for name in _OBSERVATION_FIELDS:
        value = getattr(observation, name)
        if name in _CELL_MAPS:
            value = tuple((cell[0], cell[1], piece.value) for cell, piece in value.items())
        elif name == "flags":
            value = tuple((cell[0], cell[1]) for cell in value)
        elif name == "statistics":
            value = _down(value)
        values.append(value)
    return (_TAG + "Observation", tuple(values))


def observation_from(values: tuple) -> Observation:
    """The observation ``_observation_down`` sent (the child's side)."""
    state = dict(zip(_OBSERVATION_FIELDS, values, strict=True))
    for name in _CELL_MAPS:
        state[name] = MappingProxyType({Cell(x, y): _PIECES[piece] for x, y, piece in state[name]})
    state["flags"] = frozenset(Cell(x, y) for x, y in state["flags"])
    state["statistics"] = _up(state["statistics"])
    observation = object.__new__(Observation)  # as the engine builds it (a frozen dataclass without slots)
    observation.__dict__.update(state)
    return observation


def _down(value):
    """``value`` as plain data (the parent's side)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple:
        items = tuple(_down(item) for item in value)
        return (_TAG + "tuple", items) if len(items) == 2 and isinstance(items[0], str) and items[0][:1] == _TAG \
            else items
    if kind is list:
        return [_down(item) for item in value]
    if kind is dict or kind is MappingProxyType:
        return (_TAG + ("dict" if kind is dict else "mapping"), [(_down(k), _down(v)) for k, v in value.items()])
    if kind is frozenset:
        return (_TAG + "frozenset", [_down(item) for item in value])
    if kind is Observation:
        return _observation_down(value)
    if value is SAME_OBSERVATION:
        return _SAME
    name = kind.__name__
    if _CLASSES.get(name) is not kind:
        raise TypeError(f"a {name} cannot go to the agent host")
    if isinstance(value, enum.Enum):
        return (_TAG + name, value.value)
    if kind is Cell:
        return (_TAG + name, (value.x, value.y))
    return (_TAG + name, tuple(_down(getattr(value, field)) for field in _FIELDS[name]))


def _up(value):
    """The value ``_down`` made (the child's side); a tag of no known class raises ValueError."""
    kind = type(value)
    if kind is list:
        return [_up(item) for item in value]
    if kind is not tuple:
        return value
    if len(value) != 2 or type(value[0]) is not str or value[0][:1] != _TAG:
        return tuple(_up(item) for item in value)
    tag, payload = value[0][1:], value[1]
    if tag == "Observation":
        return observation_from(payload)
    if tag == "same":
        return SAME_OBSERVATION
    if tag in ("dict", "mapping"):
        items = {_up(k): _up(v) for k, v in payload}
        return items if tag == "dict" else MappingProxyType(items)
    if tag == "frozenset":
        return frozenset(_up(item) for item in payload)
    if tag == "tuple":
        return tuple(_up(item) for item in payload)
    cls = _CLASSES.get(tag)
    if cls is None:
        raise ValueError(f"unknown tag {tag!r} in a request")
    if issubclass(cls, enum.Enum):
        return cls(payload)
    return cls(*(_up(item) for item in payload))


def pack(kind: str, args: tuple) -> bytes:
    """One request as bytes."""
    return marshal.dumps((kind, _down(args)))


def unpack(data: bytes) -> tuple[str, tuple]:
    """The request ``pack`` made: (kind, args). Raises ValueError for anything else."""
    try:
        kind, args = marshal.loads(data)
    except (EOFError, TypeError) as exc:
        raise ValueError(f"a malformed request ({exc})") from None
    if type(kind) is not str:
        raise ValueError("a malformed request")
    return kind, _up(args)


_REPLY_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_SERIALIZE_NUMPY


def encode_reply(reply: dict) -> bytes:
    """One reply as JSON bytes (the child's side). What orjson cannot write (an integer past 64 bits) goes through
    the standard library, as every reply did before."""
    try:
        return orjson.dumps(reply, option=_REPLY_OPTIONS)
    except TypeError:
        return json.dumps(reply).encode()


def decode_reply(data: bytes) -> dict:
    """The reply ``encode_reply`` made, as a dict; ValueError for anything that is not a JSON object (a broken or
    hostile child)."""
    try:
        reply = orjson.loads(data)
    except orjson.JSONDecodeError:
        reply = json.loads(data)  # what only the standard library reads (its NaN, a long integer), or ValueError
    if not isinstance(reply, dict):
        raise ValueError("not a JSON object")
    return reply
