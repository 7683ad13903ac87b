"""Write ``tests/data/coach/reference.json``: a fixed set of finished games and the coach's grades of them.

    python tests/data/coach/make_reference.py

Plays each (agent, map, rules) of ``GAMES`` below, stores the game as its log text (so the
test replays exactly these games, whatever later changes to the agents) and every number
the coach reported for it, unrounded: each decision's fields, the losses by category, the
expected start and final scores, the luck-adjusted score. ``tests/solver/test_coach_reference.py``
grades the logs again and requires the same numbers to 1e-9: a change that only makes the
coach faster must leave them as they are. Run it with the coach as it was before such a
change (the file was made with the coach of commit f20865a, before issue 33's speed work); re-run it
only when the coach's grades are meant to change, and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from app.backends.games import play  # noqa: E402

from app.solver.playable import load_game_map  # noqa: E402
from app.core import PROFILES  # noqa: E402
from app.core.gamelog import dumps  # noqa: E402
from app.solver.coach import coach_game  # noqa: E402
from app.solver.coach.review import clear_cache  # noqa: E402

OUT = Path(__file__).with_name("reference.json")

#: (agent, map under maps/, rules): no cell known (many layouts: the lookahead), cells known (few
#: layouts: the exact planner), both rules profiles, a CLIPS agent, a Python one and bayes itself
GAMES = [
    ("cross", "bench/k0-0001.map", "unito-2019"),
    ("incrocio", "bench/k0-0002.map", "unito-2019"),
    ("random", "bench/k0-0003.map", "unito-2019"),
    ("bayes", "bench/k0-0004.map", "unito-2019"),
    ("incrocio", "bench/k4-0001.map", "unito-2019"),
    ("cross", "bench/k0-0005.map", "unito-2022"),
    ("probabilistico", "four-known.map", "unito-2022"),
]


def grades(report) -> dict:
    """Every number of a report, unrounded."""
    return {
        "expected_start": report.expected_start,
        "expected_final": report.expected_final,
        "luck_adjusted": report.luck_adjusted,
        "losses": report.losses,
        "decisions": [{"step": d.step, "kind": d.kind.value,
                       "cell": None if d.cell is None else [d.cell.x, d.cell.y],
                       "best": None if d.best is None else [d.best.x, d.best.y],
                       "loss": d.loss, "value": d.value, "best_value": d.best_value, "p_ship": d.p_ship,
                       "best_p_ship": d.best_p_ship, "bits": d.bits, "best_bits": d.best_bits, "luck": d.luck}
                      for d in report.decisions],
    }


def main() -> int:
    games = []
    for agent, map_path, rules in GAMES:
        game = play(agent, load_game_map(ROOT / "maps" / map_path), PROFILES[rules], seed=0)
        clear_cache()
        report = coach_game(game)
        games.append({"agent": agent, "map": map_path, "rules": rules, "log": dumps(game, seed=0),
                      "grades": grades(report)})
        print(f"{agent} {map_path} {rules}: {len(report.decisions)} decisions, lost {report.total_loss:.3f}, "
              f"{report.layouts}")
    OUT.write_text(json.dumps({"games": games}) + "\n")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
