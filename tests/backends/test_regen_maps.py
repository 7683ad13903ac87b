"""Maps an agent cannot draw again: ``maps generate`` without ``--seed`` uses a secret random seed.

The hostile agent ``hostile/regen_oracle.py`` runs the app's own generator for
likely seeds (0, the old default, and seeds a bench or the docs use), keeps the
fleet whose counts and start cells match what it was told, and plays the oracle.
On maps made by the default command it must score below the oracle through
``run``, ``bench`` and ``bench --cluster local``; on maps made with ``--seed 0``
(asked for) it does play the oracle, so the agent is real.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import ROOT

REGEN = Path(__file__).parent / "hostile" / "regen_oracle.py"
COUNT = 3


def main_py(*args: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    """``python main.py ARGS`` with a time bound; a failure shows its stderr."""
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=timeout, cwd=cwd)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done


def generate(folder: Path, *extra: str) -> subprocess.CompletedProcess:
    """``maps generate`` of COUNT open maps (no cell known) into ``folder``."""
    return main_py("maps", "generate", "--count", str(COUNT), "--known", "0", "--out", str(folder), *extra,
                   cwd=folder.parent)


@pytest.fixture(scope="module")
def secret_maps(tmp_path_factory) -> Path:
    """Maps made as a teacher makes a secret set: the default command."""
    folder = tmp_path_factory.mktemp("teacher") / "secret-maps"
    generate(folder)
    return folder


def run_scores(maps: Path, cwd: Path) -> list[tuple[int, int]]:
    """(score, oracle) of the regen agent on each map, through ``run``."""
    scores = []
    for path in sorted(maps.glob("*.map")):
        done = main_py("run", "--agent", str(REGEN), "--map", str(path), "--json", cwd=cwd)
        result = json.loads(done.stdout.splitlines()[-1])
        scores.append((result["score"], result["oracle"]))
    return scores


def bench_scores(maps: Path, out: Path, *extra: str) -> list[tuple[int, int]]:
    """(score, oracle) of the regen agent on each map, through ``bench`` (with ``extra`` options)."""
    main_py("bench", "--agents", str(REGEN), "--maps", str(maps), "--no-progress", "--out", str(out), *extra,
            cwd=out.parent)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == COUNT and all(row["status"] == "ok" for row in rows), rows
    return [(row["score"], row["oracle"]) for row in rows]


def below_the_oracle(scores: list[tuple[int, int]]) -> None:
    assert len(scores) == COUNT
    assert all(score < oracle for score, oracle in scores), f"the agent drew the maps again: {scores}"


def test_run_cannot_regenerate_default_maps(secret_maps, tmp_path):
    below_the_oracle(run_scores(secret_maps, tmp_path))


def test_bench_cannot_regenerate_default_maps(secret_maps, tmp_path):
    below_the_oracle(bench_scores(secret_maps, tmp_path / "r.jsonl", "--jobs", "1"))


def test_bench_cluster_local_cannot_regenerate_default_maps(secret_maps, tmp_path):
    pytest.importorskip("distributed", reason="bench --cluster needs dask and distributed")
    below_the_oracle(bench_scores(secret_maps, tmp_path / "r.jsonl", "--cluster", "local", "--workers", "1"))


def test_the_agent_plays_the_oracle_on_maps_of_a_likely_seed(tmp_path):
    """Not a straw man: with ``--seed 0`` asked for, the agent draws the maps again and plays the oracle."""
    generate(tmp_path / "seed-0", "--seed", "0")
    scores = run_scores(tmp_path / "seed-0", tmp_path)
    assert all(score == oracle for score, oracle in scores), scores


def test_the_secret_seed_is_told_on_stderr_only_and_reproduces_the_maps(secret_maps, tmp_path):
    first = generate(tmp_path / "a")
    seed = re.search(r"secret random seed (\d+)", first.stderr).group(1)
    assert int(seed) > 10**6  # not a seed anyone would try
    assert seed not in first.stdout
    for path in (tmp_path / "a").iterdir():
        assert seed not in path.read_text(), f"{path} holds the seed"
    again = generate(tmp_path / "b", "--seed", seed)
    assert "secret random seed" not in again.stderr
    assert [p.read_text() for p in sorted((tmp_path / "a").iterdir())] == \
        [p.read_text() for p in sorted((tmp_path / "b").iterdir())]
    other = [p.read_text() for p in sorted(secret_maps.iterdir())]
    assert other != [p.read_text() for p in sorted((tmp_path / "a").iterdir())]  # each run its own seed
