"""End-to-end smoke: the CLI plays a game and the log replays to the same result."""

import json
import subprocess
import sys

from tests.paths import MAPS_DIR, ROOT


def test_run_then_replay_gives_same_result(tmp_path):
    log = tmp_path / "game.jsonl"
    run = subprocess.run(
        [sys.executable, "main.py", "run", "--agent", "cross", "--map", str(MAPS_DIR / "four-known.map"),
         "--log", str(log), "--json"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    replay = subprocess.run(
        [sys.executable, "main.py", "replay", str(log), "--json", "--quiet"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    first = json.loads(run.stdout.strip().splitlines()[-1])
    second = json.loads(replay.stdout.strip().splitlines()[-1])
    assert first == second
    s = first["statistics"]
    assert first["score"] == 10 * s["fok"] + 10 * s["gok"] + 15 * s["sink"] - 25 * s["fko"] - 15 * s["gko"] - 10 * s["safe"]
