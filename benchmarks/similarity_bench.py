"""Benchmark: does ``similar`` find disguised copies, without flagging different agents, fast enough?

    python benchmarks/similarity_bench.py [--copies 3] [--seed 1] [--timed 200] [--behaviour]

Builds the seeded corpus of ``similarity_corpus.py`` (every real-size agent, and ``--copies`` disguised copies
per disguise, each disguise alone and all combined) in a temporary folder and prints, at the threshold
``similar`` flags at (``FLAG_AT``), with the corpus's base files given as ``--base``:

- recall of disguised pairs: the (original, disguised copy) pairs flagged, overall and per disguise; also
  over every pair of one family (two disguised copies of one agent);
- the false-positive rate among genuinely different agents: pairs of submissions of different families
  flagged, and among the originals alone; the highest such score, the lowest copy's score;
- the time of ``python main.py similar DIR --no-behaviour`` on ``--timed`` submissions of the corpus (the whole
  command: start, reading, ranking; code similarity only), and of the ranking in this process;
- with ``--behaviour``: the time to play the originals on the three default maps (the behaviour score's cost
  per submission).

Targets (issue 32): recall >= 95 %, false positives <= 2 %, 200 submissions <= 60 s. Figures only.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.similarity.pairs import FLAG_AT, rank_pairs  # noqa: E402
from app.similarity.sources import find_submissions, read_base  # noqa: E402
from benchmarks.similarity_corpus import write_corpus  # noqa: E402


def _share(hits: int, total: int) -> str:
    return f"{hits}/{total} = {100 * hits / total:.1f} %" if total else "none"


def quality(folder: Path, manifest: dict) -> None:
    """Print recall and false positives over the whole corpus."""
    family = manifest["submissions"]
    started = time.perf_counter()
    submissions = find_submissions(folder)
    pairs = rank_pairs(submissions, read_base(manifest["base"], submissions))
    seconds = time.perf_counter() - started
    print(f"corpus: {len(submissions)} submissions of {len(set(family.values()))} agents, {len(pairs)} pairs "
          f"(read and ranked in {seconds:.1f} s); flagged at code score >= {FLAG_AT}")
    copies = [p for p in pairs if family[p.left] == family[p.right]
              and (p.left.endswith("-original") or p.right.endswith("-original"))]
    within = [p for p in pairs if family[p.left] == family[p.right]]
    different = [p for p in pairs if family[p.left] != family[p.right]]
    originals = [p for p in different if p.left.endswith("-original") and p.right.endswith("-original")]
    print(f"recall, original vs disguised copy: {_share(sum(p.flagged for p in copies), len(copies))}")
    by_disguise: dict[str, list] = defaultdict(list)
    for pair in copies:
        copy = pair.right if pair.left.endswith("-original") else pair.left
        by_disguise[copy[len(family[copy]) + 1:].split("-")[0]].append(pair)
    for disguise, group in sorted(by_disguise.items()):
        lowest = min(group, key=lambda p: p.code)
        print(f"  {disguise:<9} {_share(sum(p.flagged for p in group), len(group)):<22} lowest {lowest.code:.2f} "
              f"({lowest.left} — {lowest.right})")
    print(f"recall, any two submissions of one agent: {_share(sum(p.flagged for p in within), len(within))}")
    print(f"false positives, submissions of different agents: "
          f"{_share(sum(p.flagged for p in different), len(different))}")
    print(f"false positives, originals only: {_share(sum(p.flagged for p in originals), len(originals))}")
    top = max(different, key=lambda p: p.code)
    low = min(within, key=lambda p: p.code)
    print(f"highest score of different agents: {top.code:.2f} ({top.left} — {top.right}); "
          f"lowest of one agent: {low.code:.2f} ({low.left} — {low.right})")


def timing(folder: Path, manifest: dict, count: int) -> None:
    """Print the time of the ``similar`` command, code only, on ``count`` submissions of the corpus."""
    names = sorted(manifest["submissions"])
    picked = names[:: max(1, len(names) // count)][:count]
    with tempfile.TemporaryDirectory() as scratch:
        subset = Path(scratch) / "class"
        subset.mkdir()
        for name in picked:
            (subset / name).symlink_to(folder / name)
        base = [arg for path in manifest["base"] for arg in ("--base", path)]
        command = [sys.executable, str(ROOT / "main.py"), "similar", str(subset), "--no-behaviour", *base,
                   "--csv", str(Path(scratch) / "pairs.csv")]
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        seconds = time.perf_counter() - started
        if done.returncode:
            print(f"similar failed: {done.stderr.strip()}")
            return
        rows = sum(1 for _ in open(Path(scratch) / "pairs.csv", encoding="utf-8")) - 1
        print(f"time, similar --no-behaviour on {len(picked)} submissions ({rows} pairs): {seconds:.1f} s "
              f"(code similarity only; target <= 60 s)")


def behaviour_cost(folder: Path, manifest: dict) -> None:
    """Print the time to play the originals on the default maps (the behaviour score's cost)."""
    from app.similarity.behaviour import default_maps, play_all

    originals = [s for s in find_submissions(folder) if s.name.endswith("-original")]
    started = time.perf_counter()
    played = play_all(originals, default_maps(), jobs=2)
    seconds = time.perf_counter() - started
    games = sum(len(d) for d in played.values())
    print(f"behaviour: {len(originals)} submissions x {len(default_maps())} maps ({games} games played) in "
          f"{seconds:.1f} s, {seconds / len(originals):.1f} s a submission (2 at once)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=3, help="disguised copies per disguise and agent (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timed", type=int, default=200, help="submissions the command is timed on (default 200)")
    parser.add_argument("--behaviour", action="store_true", help="also time the behaviour score's games")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "corpus"
        manifest = write_corpus(folder, args.seed, args.copies)
        quality(folder, manifest)
        timing(folder, manifest, args.timed)
        if args.behaviour:
            behaviour_cost(folder, manifest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
