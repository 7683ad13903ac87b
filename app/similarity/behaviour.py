"""The behavioural fingerprint: each submission plays the same few maps; two that decide alike score near 1.

A submission's decisions on a map are its actions in order (``fire 3 4``, ``guess 0 1``, ..., the engine's
automatic solve left out). Two submissions' behaviour score is the mean, over the maps both played, of
``difflib.SequenceMatcher``'s ratio of their decision lists (1: the same decisions in the same order). A game
that could not be played (the agent does not load, crashes) gives no decisions for that map.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from app.backends.games import play
from app.core import BattleshipError, get_profile
from app.core.paths import SHIPPED_MAPS
from app.core.rules import DEFAULT_PROFILE
from app.similarity.sources import Submission
from app.solver.playable import load_game_map

#: maps/bench maps played when the teacher names none (``similar --maps``): three, with 0, 2 and 4 cells known
DEFAULT_MAPS = ("k0-0001.map", "k2-0001.map", "k4-0001.map")
MAPS_DIR = SHIPPED_MAPS / "bench"
Decisions = dict[str, tuple[str, ...]]  # map name -> the actions in order


def default_maps() -> list[Path]:
    """The maps played when none are named."""
    return [MAPS_DIR / name for name in DEFAULT_MAPS]


def decisions(agent: str, map_paths: Sequence[str | Path], rules: str = DEFAULT_PROFILE,
              step_seconds: float | None = None) -> Decisions:
    """The decisions ``agent`` (registry text) takes on each map (a map it could not play is left out)."""
    profile = get_profile(rules)
    found: Decisions = {}
    for path in map_paths:
        try:
            game = play(agent, load_game_map(path), profile, seed=0, step_seconds=step_seconds)
        except BattleshipError:
            continue
        result = game.result()
        if result.load_errors:
            continue
        found[str(path)] = game_decisions(result.events)
    return found


def game_decisions(events) -> tuple[str, ...]:
    """A game's decisions: the agent's actions in order (the engine's automatic solve left out)."""
    return tuple(str(e.action) for e in events if e.action is not None and not e.by_engine)


def play_all(submissions: Sequence[Submission], map_paths: Sequence[str | Path], jobs: int = 2,
             on_done: Callable[[str], None] | None = None) -> dict[str, Decisions]:
    """Every submission's decisions on ``map_paths``, by submission name (``jobs`` games at once)."""
    def one(sub: Submission) -> tuple[str, Decisions]:
        played = decisions(sub.agent, map_paths)
        if on_done is not None:
            on_done(sub.name)
        return sub.name, played

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return dict(pool.map(one, submissions))


def behaviour_score(left: Decisions, right: Decisions) -> float | None:
    """How alike two submissions decided, 0..1 (None: no map both played)."""
    common = [name for name in left if name in right]
    if not common:
        return None
    ratios = [difflib.SequenceMatcher(None, left[name], right[name], autojunk=False).ratio() if left[name] or right[name]
              else 1.0 for name in common]
    return round(sum(ratios) / len(ratios), 4)
