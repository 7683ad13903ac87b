"""What the searches of one game found, remembered by the posterior's reveals and the situation.

The coach asks ``bayes``'s searches about the states of one game over and over: the
lookahead from a step values the same positions as the lookahead from the step before,
and two orders of the same two fires reach one position. A ``SearchMemo`` answers such a
question again without searching. A posterior is named by its ``origin`` (the posterior it
was narrowed from by ``given`` and the reveals since: the same layouts, whatever their
order), a situation by its ``key``; a posterior without an origin (a ``restrict`` by rows)
is never remembered. One memo serves one game and one set of search settings.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")


class SearchMemo:
    """Search results by (question, posterior origin, situation key)."""

    def __init__(self) -> None:
        self._results: dict = {}
        self.hits = 0

    def get(self, question: Hashable, posterior, situation, compute: Callable[[], T]) -> T:
        """The answer to ``question`` about ``posterior`` in ``situation``: remembered, or ``compute()``d."""
        if posterior.origin is None:
            return compute()
        key = (question, posterior.origin, situation.key)
        try:
            value = self._results[key]
        except KeyError:
            value = self._results[key] = compute()
        else:
            self.hits += 1
        return value


def remembered(memo: SearchMemo | None, question: Hashable, posterior, situation, compute: Callable[[], T]) -> T:
    """``memo.get(...)``, or ``compute()`` when there is no memo."""
    return compute() if memo is None else memo.get(question, posterior, situation, compute)
