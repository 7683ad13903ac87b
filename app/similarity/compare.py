"""One call for a class: read the submissions and base files, play them if asked, rank every pair.

What ``python main.py similar`` runs, and what a larger pipeline (``grade``) calls for its similarity report.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from app.similarity.behaviour import Decisions, behaviour_score, play_all
from app.similarity.pairs import FLAG_AT, Pair, rank_pairs
from app.similarity.sources import Submission, find_submissions, read_base, shipped_base
from app.similarity.units import SimilarityError


def compare_class(folder: str | Path, base: Sequence[str | Path] = (), maps: Sequence[str | Path] | None = None,
                  flag_at: float = FLAG_AT, jobs: int = 2,
                  on_playing: Callable[[int, int], None] | None = None, played: dict[str, Decisions] | None = None,
                  skipped: list[tuple[str, str]] | None = None, shipped: bool = True,
                  ) -> tuple[list[Submission], list[Pair]]:
    """The submissions of ``folder`` and every pair of them ranked (see ``rank_pairs``), code in ``base`` not
    counted, nor (``shipped``) that of the files every student has (``shipped_base``). With ``maps``, each submission plays them (``jobs`` games at once; ``on_playing(submissions, maps)``
    is told first) and each pair gets its behaviour score; ``played``: each submission's decisions already
    known, by name (a tournament's games: nothing is played). ``skipped``: see ``find_submissions``.
    SimilarityError for bad input."""
    if not 0 < flag_at <= 1:
        raise SimilarityError("the threshold must be more than 0 and at most 1")
    submissions = find_submissions(folder, skipped)
    base_files = read_base([*(shipped_base() if shipped else ()), *base], submissions)
    score = None
    if played is None and maps:
        if on_playing is not None:
            on_playing(len(submissions), len(maps))
        played = play_all(submissions, maps, jobs=jobs)
    if played is not None:
        def score(left: str, right: str) -> float | None:
            return behaviour_score(played.get(left, {}), played.get(right, {}))

    return submissions, rank_pairs(submissions, base_files, flag_at, score)
