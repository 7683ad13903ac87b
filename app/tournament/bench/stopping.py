"""``Stoppable``: a bench's ``stop()`` from any thread and the ``stopped`` its ``run`` checks (the pool, the cluster)."""

from __future__ import annotations

import threading


class Stoppable:
    """A long ``run`` that another thread may ask to end: ``stop()`` sets ``_stop``, the ``threading.Event`` the run
    checks or waits on (created by the subclass, a dataclass, in its ``__post_init__``)."""

    _stop: threading.Event

    def stop(self) -> None:
        """Ask ``run`` to end at its next check (thread-safe); the subclass says what is dropped."""
        self._stop.set()

    @property
    def stopped(self) -> bool:
        """True once ``stop`` was called."""
        return self._stop.is_set()
