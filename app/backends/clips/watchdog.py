"""The time cap of a CLIPS run, on clipspy's public surface: a deadline checked between bounded slices.

clipspy's wheels for Windows and macOS export no CLIPS function but the
module's init, so nothing here reaches into the compiled module: CLIPS runs
in slices of a bounded number of rule firings (``lib.Run(env, n)``) and the
caller checks the deadline and its cancel flag between slices. A loop inside
ONE rule's actions (or a defglobal's value at load, an endless ``test`` in a
rule's conditions) never returns to the caller: in the agent host's child
(the default) the host's own time cap ends the process; in the app's own
process (``--no-sandbox``) only ending the app stops it (docs/sandbox.md).
"""

from __future__ import annotations

import time

from clips._clips import ffi, lib


def clear_halt(cenv) -> None:
    """Clear CLIPS's halt and evaluation-error flags left by a rule's error (``cenv``: the C environment).

    CLIPS's ``Eval`` called from outside a run resets both flags first
    (``ResetErrorFlags``): an evaluation of a constant does that and nothing else."""
    lib.Eval(cenv, b"TRUE", ffi.NULL)


class Deadline:
    """The time cap of one run: armed before, asked between slices (see the module docstring).

    ``expired`` turns true once the armed deadline has passed, and stays what
    it was at ``disarm`` until the next ``arm``."""

    def __init__(self) -> None:
        self._deadline = 0.0
        self._armed = False
        self._expired = False

    @property
    def expired(self) -> bool:
        """Whether the armed deadline has passed (read between slices)."""
        if self._armed and not self._expired and time.monotonic() >= self._deadline:
            self._expired = True
        return self._expired

    def arm(self, seconds: float) -> None:
        """The deadline is ``seconds`` from now."""
        self._expired = False
        self._deadline = time.monotonic() + seconds
        self._armed = True

    def disarm(self) -> None:
        """No deadline from now on; ``expired`` keeps the answer it has now."""
        _ = self.expired
        self._armed = False

    def close(self) -> None:
        """Forget the deadline."""
        self.disarm()
