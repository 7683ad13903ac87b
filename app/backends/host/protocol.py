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
from enum import StrEnum
from types import MappingProxyType

VERSION = 2
MAX_REPLY = 64 << 20  # bytes in one reply


class Request(StrEnum):
    """What the parent asks; each request gets exactly one reply (``{"value": ...}`` or ``{"error": ...}``)."""

    CREATE = "create"  # (spec fields, seed, step seconds, limits, root): confine the process, load the agent's code
    CALL = "call"  # (method name, args, attributes changed): a driver call of ``calls.CALLS``
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


_DISPATCH = copyreg.dispatch_table.copy()
_DISPATCH[MappingProxyType] = lambda proxy: (read_only, (dict(proxy),))


def pack(kind: str, args: tuple) -> bytes:
    """One request as bytes."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _DISPATCH
    pickler.dump((kind, args))
    return buffer.getvalue()
