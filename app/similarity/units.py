"""What the similarity check compares: a submission's code cut into units, each a canonical token stream.

A unit is one construct of a CLIPS file (a rule, a template, a function, ...) or one function of a
Python file. Its ``tokens`` are what survives the disguises a copier uses (names, order, comments);
its ``text`` is the source as the student wrote it, for the side-by-side view.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core import BattleshipError


class SimilarityError(BattleshipError):
    """A submission or base file cannot be read: ``path:line: problem``."""


@dataclass(frozen=True, slots=True)
class Unit:
    """One construct or function: where it is, its source text and its canonical tokens."""

    kind: str  # "defrule", "deftemplate", ..., "def" (a Python function), "module" (Python top-level code)
    label: str  # how the student named it, e.g. "defrule flag-next" or "def choose"
    path: str
    line: int
    text: str
    tokens: tuple[str, ...]

    @property
    def where(self) -> str:
        """``path:line``."""
        return f"{self.path}:{self.line}"


def source_lines(text: str, first: int, last: int) -> str:
    """Lines ``first``..``last`` (1-based, inclusive) of ``text``, without the trailing newline."""
    return "\n".join(text.splitlines()[first - 1:last]).rstrip()
