"""A bench killed outright (SIGKILL, no chance to clean up) never leaves a corrupt results file."""

from __future__ import annotations

import os
import signal
import subprocess
import time

from app.tournament.bench import load_results
from tests.test_bench import bench_at_first_checkpoint


def test_killed_bench_leaves_a_valid_results_file(tmp_path):
    out = tmp_path / "results.json"
    with bench_at_first_checkpoint(tmp_path, 0.05, out, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True) as process:
        time.sleep(0.7)  # let it be mid-run, possibly mid-checkpoint
        os.killpg(process.pid, signal.SIGKILL)  # the bench and its workers, with no clean-up
        process.wait(timeout=30)
    rows = load_results(out)  # parses: the file is whole, old or new
    assert 1 <= len(rows) <= 6
    assert all(r.status == "ok" and r.score is not None for r in rows)
