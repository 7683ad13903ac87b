"""The limits an agent host process is confined to: the parent sends them, the child applies them
(``confine.py``), the OS layers (``windows.py``) and the driver's messages quote them.

Apart from ``confine.py`` so that a module every host side needs (the protocol, the driver, Windows' layer) can
name them without importing the confinement itself, and Windows' layer without importing what imports it.
"""

from __future__ import annotations

from dataclasses import dataclass

GIB = 1 << 30
DEFAULT_MEMORY = GIB  # address space of the agent process
CPU_SECONDS = 600  # CPU time of the whole agent process: a backstop behind the per-step time caps
FILE_SIZE = 16 << 20  # the largest file the agent may write


@dataclass(frozen=True, slots=True)
class Limits:
    """What the child is confined to (sent to it by the parent)."""

    memory: int = DEFAULT_MEMORY
    cpu_seconds: int = CPU_SECONDS
    file_size: int = FILE_SIZE


def memory_text(limit: int) -> str:
    """``1 GiB``, ``512 MiB``."""
    return f"{limit / GIB:g} GiB" if limit >= GIB else f"{limit / (1 << 20):g} MiB"
