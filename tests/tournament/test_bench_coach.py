"""``bench --coach``: each row gains the coach's luck-adjusted score, the table two columns; off by default."""

from __future__ import annotations

import pytest

from app.solver.coach import coach_game
from app.tournament import bench
from tests.paths import MAPS_DIR

FOUR_KNOWN = str(MAPS_DIR / "four-known.map")


def test_a_coached_row_has_the_luck_adjusted_score_and_the_table_shows_it():
    task = bench.BenchTask("cross", FOUR_KNOWN)
    plain = bench.play_row(task, bench.BenchConfig())
    coached = bench.play_row(task, bench.BenchConfig(coach=True))
    assert plain.luck_adjusted is None and plain.coach_seconds is None
    assert coached.score == plain.score and coached.coach_seconds > 0
    from app.backends.games import play
    from app.core import PROFILES
    from app.solver.playable import load_game_map

    again = coach_game(play("cross", load_game_map(FOUR_KNOWN), PROFILES["unito-2019"]))
    assert coached.luck_adjusted == pytest.approx(again.luck_adjusted, abs=0.01)
    assert "luck-adj" not in bench.format_table(bench.summarize([plain]))
    table = bench.format_table(bench.summarize([coached]))
    assert "luck-adj" in table and f"{coached.luck_adjusted:.1f}" in table
    back = bench.GameRow.from_dict({k: "" if v is None else str(v) for k, v in coached.to_dict().items()})
    assert back.luck_adjusted == coached.luck_adjusted and back.coach_seconds == coached.coach_seconds
