"""Ranking pairs of submissions by shared code: winnowed k-gram fingerprints, units matched one to one.

As MOSS does (Schleimer, Wilkerson, Aiken, "Winnowing", SIGMOD 2003): each unit's canonical tokens are cut
into k-grams, hashed, and winnowed (the smallest hash of every window of ``WINDOW`` k-grams is kept). A hash
found in a base file (the teacher's starter code) or in more than half of the submissions (the protocol's
boilerplate every agent writes; never fewer than ``COMMON_FLOOR``, as MOSS's ``-m``) counts for nothing.

Two submissions' units are then matched one to one (``scipy.optimize.linear_sum_assignment``, the Hungarian
algorithm) to share the most fingerprints, so one rule copied once is not counted against several. The code
score is the matched fingerprints over those of the smaller submission (``MIN_WEIGHT`` at least): adding dead
rules to a copy makes it bigger, not less of a copy. ``FLAG_AT`` is the threshold the benchmark
(``benchmarks/similarity_bench.py``) measured recall and false positives at.
"""

from __future__ import annotations

import csv
import io
import zlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from app.similarity.sources import Submission
from app.similarity.units import SimilarityError, Unit

K = 8  # tokens per k-gram (a CLIPS slot pattern "( x ? )" is 4)
WINDOW = 4  # k-grams per winnowing window: any shared run of K + WINDOW - 1 tokens is seen
FLAG_AT = 0.5  # a pair whose code score reaches this is flagged
MIN_WEIGHT = 30  # fingerprints a submission is taken to have at least (two tiny agents are not "all copied")
COMMON_SHARE = 0.5  # a fingerprint in more than this share of the submissions is boilerplate
COMMON_FLOOR = 10  # ... but one in this many submissions or fewer never is


@dataclass(frozen=True, slots=True)
class UnitMatch:
    """Two units matched: how many fingerprints they share, and that over the smaller one's (0..1)."""

    left: Unit
    right: Unit
    shared: int
    similarity: float


@dataclass(frozen=True, slots=True)
class Pair:
    """Two submissions compared: code score, behaviour score (None: not played) in 0..1, and their matched units."""

    left: str
    right: str
    code: float
    flagged: bool
    behaviour: float | None = None
    matches: tuple[UnitMatch, ...] = ()

    def with_behaviour(self, score: float | None) -> Pair:
        """This pair with its behaviour score."""
        return Pair(self.left, self.right, self.code, self.flagged, score, self.matches)


def fingerprints(tokens: Sequence[str], k: int = K, window: int = WINDOW) -> set[int]:
    """The winnowed hashes of ``tokens``' k-grams (a stream shorter than k is one k-gram)."""
    if not tokens:
        return set()
    joined = ["\x1f".join(tokens[i:i + k]) for i in range(max(1, len(tokens) - k + 1))]
    hashes = [zlib.crc32(gram.encode()) for gram in joined]
    if len(hashes) <= window:
        return {min(hashes)}
    kept = set()
    for start in range(len(hashes) - window + 1):
        kept.add(min(hashes[start:start + window]))
    return kept


def rank_pairs(submissions: Sequence[Submission], base: Sequence[Submission] = (), flag_at: float = FLAG_AT,
               behaviour: Callable[[str, str], float | None] | None = None) -> list[Pair]:
    """Every pair of ``submissions``, highest code score first; code in ``base`` is not counted.

    ``behaviour(left_name, right_name)``, when given, adds the pair's behaviour score.
    """
    import numpy as np

    try:
        from scipy.optimize import linear_sum_assignment
        from scipy.sparse import csr_matrix
    except ImportError:
        raise SimilarityError("comparing submissions needs scipy: pip install -r requirements-tournament.txt") from None

    ignored = {h for sub in base for unit in sub.units for h in fingerprints(unit.tokens)}
    prints = [[fingerprints(unit.tokens) - ignored for unit in sub.units] for sub in submissions]
    spread = Counter(h for units in prints for h in set().union(*units))
    common = max(COMMON_FLOOR, COMMON_SHARE * len(submissions))
    ignored = {h for h, count in spread.items() if count > common}
    owners, sizes, rows, columns, columns_of = [], [], [], [], {}
    unit_at: list[Unit] = []
    for index, (sub, units) in enumerate(zip(submissions, prints)):
        for unit, hashes in zip(sub.units, units):
            hashes -= ignored
            if not hashes:
                continue
            row = len(unit_at)
            unit_at.append(unit)
            owners.append(index)
            sizes.append(len(hashes))
            for h in hashes:
                rows.append(row)
                columns.append(columns_of.setdefault(h, len(columns_of)))
    weight = [0] * len(submissions)
    for owner, size in zip(owners, sizes):
        weight[owner] += size
    matrix = csr_matrix((np.ones(len(rows), dtype=np.int32), (rows, columns)), shape=(len(unit_at), len(columns_of)))
    shared = (matrix @ matrix.T).tocoo()
    owner = np.asarray(owners, dtype=np.int64)
    left_owner, right_owner = owner[shared.row], owner[shared.col]
    keep = left_owner < right_owner
    key = left_owner[keep] * len(submissions) + right_owner[keep]
    order = np.argsort(key, kind="stable")
    key, left_rows, right_rows, counts = key[order], shared.row[keep][order], shared.col[keep][order], shared.data[keep][order]
    bounds = np.flatnonzero(np.diff(key)) + 1
    found: dict[tuple[int, int], Pair] = {}
    for start, end in zip(np.concatenate(([0], bounds)), np.concatenate((bounds, [len(key)]))):
        if start == end:
            continue
        a, b = divmod(int(key[start]), len(submissions))
        lefts, left_index = np.unique(left_rows[start:end], return_inverse=True)
        rights, right_index = np.unique(right_rows[start:end], return_inverse=True)
        block = np.zeros((len(lefts), len(rights)), dtype=np.int64)
        block[left_index, right_index] = counts[start:end]
        chosen_rows, chosen_columns = linear_sum_assignment(block, maximize=True)
        matches = []
        for r, c in zip(chosen_rows, chosen_columns):
            if block[r, c] > 0:
                i, j = int(lefts[r]), int(rights[c])
                matches.append(UnitMatch(unit_at[i], unit_at[j], int(block[r, c]),
                                         float(block[r, c]) / min(sizes[i], sizes[j])))
        code = min(1.0, sum(m.shared for m in matches) / max(min(weight[a], weight[b]), MIN_WEIGHT))
        found[a, b] = Pair(submissions[a].name, submissions[b].name, round(code, 4), code >= flag_at,
                           matches=tuple(sorted(matches, key=lambda m: (m.left.path, m.left.line))))
    pairs = []
    for a in range(len(submissions)):
        for b in range(a + 1, len(submissions)):
            pair = found.get((a, b)) or Pair(submissions[a].name, submissions[b].name, 0.0, 0.0 >= flag_at)
            if behaviour is not None:
                pair = pair.with_behaviour(behaviour(pair.left, pair.right))
            pairs.append(pair)
    pairs.sort(key=lambda p: (-p.code, -(p.behaviour or 0.0), p.left, p.right))
    return pairs


def strongest_pairs(pairs: Sequence[Pair]) -> dict[str, Pair]:
    """Each submission's pair of the highest code score (then behaviour score), by submission name."""
    strongest: dict[str, Pair] = {}
    for pair in pairs:  # ranked: the first pair a submission is in is its strongest
        for name in (pair.left, pair.right):
            strongest.setdefault(name, pair)
    return strongest


CSV_FIELDS = ("left", "right", "code_score", "behaviour_score", "flagged", "left_submission", "right_submission")


def pairs_csv(pairs: Sequence[Pair], names: Mapping[str, str] | None = None) -> str:
    """One row per pair: the two students (``names``: submission -> the roster's name; else the submission's),
    the code and behaviour scores (0..1, blank: not played), flagged, and the two submissions' names."""
    names = names or {}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for pair in pairs:
        behaviour = "" if pair.behaviour is None else f"{pair.behaviour:.4f}"
        writer.writerow((names.get(pair.left, pair.left), names.get(pair.right, pair.right), f"{pair.code:.4f}",
                         behaviour, "yes" if pair.flagged else "no", pair.left, pair.right))
    return out.getvalue()
