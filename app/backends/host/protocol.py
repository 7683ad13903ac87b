"""The agent host's message protocol (version ``VERSION``): requests down as pickles, replies up as JSON.

The parent trusts nothing the child sends: replies are JSON (a pickle could
run code when the parent unpickled it), read with a size cap. Requests are
pickles of plain values and core value objects (observations, events), which
the child may trust. Framing is ``multiprocessing.connection``'s.
"""

from __future__ import annotations

import copyreg
import io
import pickle
from dataclasses import fields
from enum import StrEnum
from types import MappingProxyType

from app.core import Cell, Observation, Piece

VERSION = 3
MAX_REPLY = 64 << 20  # bytes in one reply


class Request(StrEnum):
    """What the parent asks; each request gets exactly one reply (``{"value": ...}`` or ``{"error": ...}``)."""

    # each request's args: (its own args, the deferred calls queued before it, whether it is a step call)
    CREATE = "create"  # (spec fields, seed, step seconds, limits, root): confine the process, load the agent's code
    CALL = "call"  # (method name, args, attributes changed): a driver call of ``calls.CALLS`` ("": none)
    FINISH = "finish"  # the game is over: close the driver, stay for the next game of the same agent
    CLOSE = "close"


class ErrorKind(StrEnum):
    """How a failure in the child is raised again in the parent."""

    FAILURE = "failure"  # AgentFailure: the game stops with the message
    AGENT = "agent"  # AgentError: the agent cannot be loaded or started (a user's mistake)
    BATTLESHIP = "battleship"  # any other BattleshipError
    OTHER = "other"  # anything else: its type name and message
    MEMORY = "memory"  # over the memory limit


def read_only(items: dict) -> MappingProxyType:
    """A read-only mapping again (the core's observations hold them; pickle cannot name their type)."""
    return MappingProxyType(items)


class _Same:
    """Stands for the observation sent last (the engine's observation object is the same until the next event:
    the one ``after`` sends is the one the next ``next_action`` sends)."""

    def __reduce__(self) -> str:
        return "SAME_OBSERVATION"


SAME_OBSERVATION = _Same()

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
        values.append(value)
    return observation_from, (tuple(values),)


def observation_from(values: tuple) -> Observation:
    """The observation ``_observation_down`` sent (the child's side)."""
    state = dict(zip(_OBSERVATION_FIELDS, values, strict=True))
    for name in _CELL_MAPS:
        state[name] = MappingProxyType({Cell(x, y): _PIECES[piece] for x, y, piece in state[name]})
    state["flags"] = frozenset(Cell(x, y) for x, y in state["flags"])
    observation = object.__new__(Observation)  # as the engine builds it (a frozen dataclass without slots)
    observation.__dict__.update(state)
    return observation


_DISPATCH = copyreg.dispatch_table.copy()
_DISPATCH[MappingProxyType] = lambda proxy: (read_only, (dict(proxy),))
_DISPATCH[Observation] = _observation_down


def pack(kind: str, args: tuple) -> bytes:
    """One request as bytes."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _DISPATCH
    pickler.dump((kind, args))
    return buffer.getvalue()
