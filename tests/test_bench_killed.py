"""A bench killed outright (SIGKILL, no chance to clean up) never leaves a corrupt results file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from app.backends.bench import load_results
from tests.paths import COURSE_MAPS, MAPS_DIR, ROOT
from tests.test_bench import write_agent

MAPS = [str(MAPS_DIR / "four-known.map"), str(COURSE_MAPS / "mappa1.clp"), str(MAPS_DIR / "open-sea.map")]


def test_killed_bench_leaves_a_valid_results_file(tmp_path):
    slow = write_agent(tmp_path, "slow", "time.sleep(0.05)")
    out = tmp_path / "results.json"
    process = subprocess.Popen(
        [sys.executable, "main.py", "bench", "--agents", f"cross,{slow}", "--maps", *MAPS, "--jobs", "1",
         "--out", str(out), "--no-progress"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not out.exists() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.02)
        assert out.exists(), "no checkpoint was written"
        time.sleep(0.7)  # let it be mid-run, possibly mid-checkpoint
        os.killpg(process.pid, signal.SIGKILL)  # the bench and its workers, with no clean-up
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    rows = load_results(out)  # parses: the file is whole, old or new
    assert 1 <= len(rows) <= 6
    assert all(r.status == "ok" and r.score is not None for r in rows)
