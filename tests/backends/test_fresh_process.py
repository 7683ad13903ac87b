"""Every game starts in a process no agent ran in (issue 33): nothing an agent leaves in its process reaches the
next game of the same agent, even when that game's process was made ready while the first one played."""

from __future__ import annotations

import os
from pathlib import Path

from app.backends.drivers import create_driver
from app.backends.host import warm
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import Game
from app.core.formats import load_map
from tests.backends.test_sandbox import needs_linux
from tests.paths import ROOT

# counts its games in the interpreter (a module global would start again with a re-import; ``builtins`` does not)
COUNTER = '''
import builtins, os
from agents.base import Agent
from app.core import Action


class Counter(Agent):
    def act(self, observation):
        builtins.games_here = getattr(builtins, "games_here", 0) + 1
        self.log(f"game {builtins.games_here} in process {os.getpid()}")
        return Action.solve()


AGENT = Counter
'''


def play(agent: Path) -> list[str]:
    log: list[str] = []
    match = Match(Game(load_map(ROOT / "maps" / "four-known.map")), create_driver(resolve(str(agent)), sandbox=True),
                  on_log=log.append)
    try:
        match.run()
    finally:
        match.close()
    return [line for line in log if "in process" in line]


@needs_linux
def test_each_game_of_an_agent_gets_a_process_of_its_own(tmp_path):
    agent = tmp_path / "counter.py"
    agent.write_text(COUNTER)
    lines = [play(agent) for _ in range(4)]  # the third and fourth games take a child prepared meanwhile
    assert all(len(found) == 1 for found in lines), lines
    assert all("game 1 in process" in found[0] for found in lines), lines
    pids = {found[0].rsplit(" ", 1)[1] for found in lines}
    assert len(pids) == 4 and str(os.getpid()) not in pids, lines


@needs_linux
def test_a_prepared_child_is_only_taken_by_a_game_of_its_agent(tmp_path):
    agent = tmp_path / "counter.py"
    agent.write_text(COUNTER)
    play(agent)
    play(agent)  # its second game: a child is made ready for its third
    key = next(key for key in warm._PREPARED if str(agent) in str(key))
    other = tmp_path / "other.py"
    other.write_text(COUNTER)
    assert "game 1 in process" in play(other)[0], "another agent's game took that child"
    prepared = warm._PREPARED[key].result(timeout=60)
    line = play(agent)[0]
    assert line.endswith(f"game 1 in process {prepared.process.pid}"), (line, prepared.process.pid)


def test_a_child_is_prepared_only_for_an_agent_that_comes_back_before_its_child_would_be_ended(monkeypatch):
    """A bench of many agents, maps outer, brings each agent back after all the others: a child made ready for its
    next game would be ended unused (``PREPARED`` are kept), so none is made; a few agents in turn get theirs."""
    made = []
    monkeypatch.setattr(warm, "_prepared_child", lambda requests, memory: made.append(requests) or object())
    monkeypatch.setattr(warm, "_SEEN", {})
    monkeypatch.setattr(warm, "_PREPARED", {})
    many = [("agent", str(n)) for n in range(warm.PREPARED + 2)]
    for _ in range(3):
        for key in many:
            warm.prepare(key, [("create", (key,))], 1 << 30)
    assert made == []
    few = many[:3]
    for _ in range(3):
        for key in few:
            warm.prepare(key, [("create", (key,))], 1 << 30)
            warm.take_prepared(key)  # the game takes it
    assert len(made) == 2 * len(few)  # not in the first round: each came back after all the others
