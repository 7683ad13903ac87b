"""``main.py coach``: a saved game graded as text or JSON; bad logs are one-line errors."""

from __future__ import annotations

import json

from tests.cli.test_cli import assert_one_line_error, main
from tests.paths import MAPS_DIR


def test_coach_prints_the_decisions_and_json(tmp_path):
    log = tmp_path / "game.jsonl"
    played = main("run", "--agent", "cross", "--map", str(MAPS_DIR / "four-known.map"), "--quiet", "--json",
                  "--log", str(log))
    assert played.returncode == 0, played.stderr
    score = json.loads(played.stdout.strip().splitlines()[-1])["score"]
    text = main("coach", str(log))
    assert text.returncode == 0, text.stderr
    assert "fire" in text.stdout and f"actual score {score}" in text.stdout and "luck-adjusted" in text.stdout
    as_json = main("coach", str(log), "--json")
    report = json.loads(as_json.stdout)
    assert report["score"] == score and report["agent"] == "cross"
    assert report["decisions"] and min(d["loss"] for d in report["decisions"]) >= 0
    assert report["luck_adjusted"] == round(score - report["luck"], 3)


def test_coach_bad_logs_are_one_line_errors(tmp_path):
    assert_one_line_error(main("coach", str(tmp_path / "missing.jsonl")), "missing.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "game"}\n')
    assert_one_line_error(main("coach", str(bad)), "bad.jsonl:1")
