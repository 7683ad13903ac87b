"""The trace data does not change when its recording gets faster: whole traced games against stored traces.

``tests/data/traces/golden.json.xz`` holds every step's ``StepTrace.to_dict()``
of traced games of three course agents on two maps, as the recorder of commit
1e14ba5 (one fact snapshot per step, every basis fact printed at each firing)
produced them. Both ways of recording must give them: listening to a plain run,
and firing one rule at a time. The games are played as the window plays them, markers wanted (the
agents draw: their drawing rules are in the traces). Regenerate only when the trace's content is meant
to change (and say why in the commit)::

    PYTHONPATH=. python tests/backends/test_trace_golden.py --write
"""

from __future__ import annotations

import json
import lzma
import sys
from pathlib import Path

import pytest

from app.backends.base import PauseRequest
from app.backends.drivers import create_driver, create_local_driver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import Game
from app.core.formats import load_map
from tests.paths import MAPS_DIR

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "traces" / "golden.json.xz"  # beside this file
AGENTS = ("incrocio", "bdi", "probabilistico")
MAPS = ("four-known.map", "bench/k0-0001.map")
GAMES = [f"{agent} {map_name}" for agent in AGENTS for map_name in MAPS]


def traced_game(game: str, hosted: bool = False, markers: bool = True) -> list[dict]:
    """Every step's trace (plain data) of ``game`` (``"agent map"``), played with tracing on, in this process
    (or ``hosted``: in the agent host's child process, the trace crossing the pipe), markers wanted or not."""
    agent, map_name = game.split(" ")
    driver = (create_driver if hosted else create_local_driver)(resolve(agent), seed=0)
    driver.tracing = True
    traces = []
    match = Match(Game(load_map(MAPS_DIR / map_name)), driver, on_trace=traces.append, markers=markers)
    try:
        match.run()
    finally:
        match.close()
    return [trace.to_dict() for trace in traces]


def first_difference(expected: list[dict], got: list[dict]) -> str:
    """Where two games' traces first differ, in words (empty when they are equal)."""
    if len(expected) != len(got):
        return f"{len(got)} steps traced, expected {len(expected)}"
    for want, have in zip(expected, got):
        for key in want:
            if want[key] == have.get(key):
                continue
            items = [(n, a, b) for n, (a, b) in enumerate(zip(want[key], have[key])) if a != b] \
                if isinstance(want[key], list) else []
            where = f" item {items[0][0]}: expected {items[0][1]}, got {items[0][2]}" if items else \
                f": expected {want[key]!r:.300}, got {have.get(key)!r:.300}"
            return f"step {want['step']}, {key}{where}"
    return ""


@pytest.fixture(scope="module")
def golden() -> dict[str, list[dict]]:
    return json.loads(lzma.decompress(GOLDEN.read_bytes()))


@pytest.mark.parametrize("way", ["in-process", "hosted"])
@pytest.mark.parametrize("game", GAMES)
def test_trace_is_the_stored_one(golden, game, way):
    # traced, the driver fires one rule at a time (app/backends/clips/trace.py), in this process and in the app's
    # default, the agent host's child process
    got = json.loads(json.dumps(traced_game(game, hosted=way == "hosted")))  # tuples as lists, as stored
    assert sum(len(step["firings"]) for step in got) > 0
    assert first_difference(golden[game], got) == ""


#: what only drawing does (docs/markers.md): the shipped agents' drawing rules, and the facts they and the app assert
DRAWING_RULES = {"HEAT::heat-draw", "HEAT::heat-undraw-known", "AGENT::scores-of-an-earlier-step"}
DRAWING_FACTS = {"board-marker", "scores-drawn", "board-markers-wanted"}


def without_drawing(steps: list[dict]) -> list[tuple]:
    """Each step's rules fired and fact changes (no fact indices: the drawing's facts take some), drawing left out."""
    return [(step["step"], [f"{f['module']}::{f['rule']}" for f in step["firings"]
                            if f"{f['module']}::{f['rule']}" not in DRAWING_RULES],
             [(c["change"], c["template"], c["text"]) for c in step["changes"] if c["template"] not in DRAWING_FACTS])
            for step in steps]


@pytest.mark.parametrize("game", GAMES)
def test_with_no_markers_wanted_only_the_drawing_is_left_out(golden, game):
    # nothing shows them (bench, grade, the coach): the shipped agents skip their drawing and nothing else
    got = json.loads(json.dumps(traced_game(game, markers=False)))
    assert not any(f"{f['module']}::{f['rule']}" in DRAWING_RULES for step in got for f in step["firings"])
    assert not any(c["template"] in DRAWING_FACTS for step in got for c in step["changes"])
    assert any(f"{f['module']}::{f['rule']}" in DRAWING_RULES for step in golden[game] for f in step["firings"])
    assert without_drawing(got) == without_drawing(golden[game])


@pytest.mark.parametrize("game", [GAMES[1], GAMES[3]])
def test_turn_summaries_are_the_same_both_ways(game):
    # the protocol checks read them: the rule after which the exec existed, the agent's rules fired after it; each
    # turn played whole, and in parts of 7 rule firings (Step rule, breakpoints)
    agent, map_name = game.split(" ")
    summaries = {}
    for in_parts in (False, True):
        driver = create_local_driver(resolve(agent), seed=0)
        driver.tracing = True
        match = Match(Game(load_map(MAPS_DIR / map_name)), driver)
        seen = summaries[in_parts] = []
        try:
            while not match.game.over:
                while in_parts and match.advance(PauseRequest(firings=7)) is not None:
                    pass
                if not in_parts:
                    match.step()
                seen.append(driver.turn_summary())
        finally:
            match.close()
    assert any(summary.exec_rule for summary in summaries[False])
    assert summaries[False] == summaries[True]


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: PYTHONPATH=. python tests/backends/test_trace_golden.py --write")
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps({game: traced_game(game) for game in GAMES}, sort_keys=True, separators=(",", ":"))
    GOLDEN.write_bytes(lzma.compress(data.encode()))
    print(f"{GOLDEN}: {len(GAMES)} games, {GOLDEN.stat().st_size} bytes")
