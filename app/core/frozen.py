"""``Frozen``: the base of the small value classes on the light ``solve`` path.

``dataclasses`` costs ``solve`` about 15 ms of start-up, so ``Puzzle``,
``Constraints``, ``Solution`` and ``Placement`` are plain classes: each sets
its ``__dict__`` once in ``__init__`` and inherits from here the refusal of
any later assignment or deletion.
"""

from __future__ import annotations


class Frozen:
    """Attributes cannot be assigned or deleted once ``__init__`` has set ``__dict__``."""

    #: appended to the error, e.g. to name the method that returns a changed copy
    _change_hint = ""

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} objects are immutable: cannot assign to '{name}'"
                             f"{self._change_hint}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} objects are immutable: cannot delete '{name}'")
