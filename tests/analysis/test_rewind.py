"""Step back (app.analysis.rewind): a game played again from its start to an earlier position reaches the state it
had there on the way forward (trace, facts, agenda) at every rule firing of a few small games, and forward again it
plays the same game."""

from __future__ import annotations

import pytest

from app.analysis.rewind import Position, Standby, back_one_firing, back_one_step, before_firing, replay
from app.backends.base import PauseRequest
from app.backends.drivers import create_driver, create_local_driver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import PROFILES, Game, gamelog
from app.core.formats import load_map
from tests.paths import DATA, MAPS_DIR

# small games: every firing of each is stepped back to (bdi's turns are ~80 firings, incrocio's 4 to 120; the course
# case's one; bdi's ends at the step limit, with MAIN's own solve)
GAMES = [
    ("incrocio", MAPS_DIR / "bench" / "k0-0001.map", 3, {}),
    ("bdi", MAPS_DIR / "bench" / "k0-0002.map", 1, {}),
    (str(DATA / "course-cases" / "kcell_after_fire.clp"), MAPS_DIR / "four-known.map", 4, {}),
]


def _match(agent: str, map_path, max_steps: int, params: dict, tracing: bool, local: bool = True) -> Match:
    spec = resolve(agent)
    driver = create_local_driver(spec, seed=0) if local else create_driver(spec, seed=0)
    driver.tracing = tracing
    profile = PROFILES["unito-2019"].with_limits(max_steps=max_steps)
    return Match(Game(load_map(map_path), profile), driver, params=params)


def _state(paused, driver) -> tuple:
    """What must be the same at a position: the turn's trace so far (its firings, the facts changed since the
    step began, the agenda and focus stack) and every fact with its index."""
    return paused.trace, paused.fired, paused.next_rule, tuple(driver.working_memory())


def _probe(match: Match, rules: frozenset[str]):
    """At a step's start: pause before the turn's first firing (a breakpoint on every rule), to read the agenda."""
    return match.advance(PauseRequest(None, rules))


def _forward(agent, map_path, max_steps, params):
    """The game played forward one rule firing at a time: the state at every position, and the game."""
    match = _match(agent, map_path, max_steps, params, tracing=True)
    match.start()
    rules = frozenset(match.driver.rule_names())
    seen: dict[Position, tuple] = {}
    while not match.game.over:
        step = len(match.game.events)
        paused = _probe(match, rules)
        while paused is not None:
            seen[Position(step, paused.fired)] = _state(paused, match.driver)
            paused = match.advance(PauseRequest(1))
    match.close()
    return seen, match.game, rules


@pytest.mark.parametrize("agent, map_path, max_steps, params", GAMES, ids=["incrocio", "bdi", "course-case"])
def test_every_firing_stepped_back_to_then_forward_again(agent, map_path, max_steps, params):
    seen, played, rules = _forward(agent, map_path, max_steps, params)
    assert len(seen) > max_steps  # mid-turn positions were recorded, not only the steps' starts
    for position, state in seen.items():
        match = _match(agent, map_path, max_steps, params, tracing=False)
        try:
            reached = replay(match, position, played.events, tracing=True)
            assert reached.diverged is None
            paused = reached.pause if position.fired else _probe(match, rules)
            assert _state(paused, match.driver) == state, position
            forward = match.advance(PauseRequest(1))  # and forward again: the next firing's state
            if forward is not None:
                assert _state(forward, match.driver) == seen[Position(position.step, forward.fired)], position
        finally:
            match.close()


def test_played_on_from_a_position_the_game_and_its_log_are_the_ones_played_straight():
    agent, map_path, max_steps, params = GAMES[0]
    straight = _match(agent, map_path, max_steps, params, tracing=True)
    straight.run()
    straight.close()
    for position in (Position(0, 3), Position(1), Position(1, 50), Position(2, 2)):
        match = _match(agent, map_path, max_steps, params, tracing=False)
        replay(match, position, straight.game.events, tracing=True)
        match.run()
        match.close()
        game = match.game
        assert game.events == straight.game.events
        assert game.result() == straight.game.result()
        assert {s: t for s, t in game.traces.items()} == {s: t for s, t in straight.game.traces.items()
                                                         if s >= position.step}
        game.traces = straight.game.traces  # the steps before the position were traced on the way forward
        assert gamelog.dumps(game, seed=0) == gamelog.dumps(straight.game, seed=0)


def test_in_the_agent_host_too():
    """The app plays agents confined: the replay traces from the position there as well."""
    agent, map_path, max_steps, params = GAMES[0]
    seen, played, _rules = _forward(agent, map_path, max_steps, params)
    position = Position(1, 30)
    match = _match(agent, map_path, max_steps, params, tracing=False, local=False)
    try:
        reached = replay(match, position, played.events, tracing=True)
        assert reached.pause is not None
        assert _state(reached.pause, match.driver) == seen[position]
    finally:
        match.close()


def test_python_agent_back_one_step():
    map_path = MAPS_DIR / "bench" / "k0-0001.map"
    straight = _match("bayes", map_path, 8, {}, tracing=False)
    beliefs = []
    straight.start()
    while not straight.game.over:
        beliefs.append(straight.driver.belief())
        straight.step()
    straight.close()
    now = Position.after(straight.game.events)  # over at the step limit: the engine's solve is no step
    back = back_one_step(now)
    assert back == Position(now.step - 1)
    match = _match("bayes", map_path, 8, {}, tracing=False)
    reached = replay(match, back, straight.game.events)
    assert reached.pause is None and reached.diverged is None
    assert match.game.events == straight.game.events[:back.step]
    assert (match.driver.belief() == beliefs[back.step]).all()
    match.run()
    match.close()
    assert match.game.events == straight.game.events


def test_a_game_that_is_not_played_again_the_same_is_caught():
    agent, map_path, max_steps, params = GAMES[0]
    straight = _match(agent, map_path, max_steps, params, tracing=False)
    straight.run()
    straight.close()
    other = _match("random", map_path, max_steps, {}, tracing=False)
    reached = replay(other, Position(3), straight.game.events)
    other.close()
    assert reached.diverged is not None
    line = reached.describe_divergence(straight.game.events, other.game.events)
    assert line.startswith(f"the agent did not play the same game again (step {reached.diverged}: ")


def test_positions_back():
    assert back_one_step(Position(4, 7)) == Position(4)
    assert back_one_step(Position(4)) == Position(3)
    assert back_one_step(Position(0)) is None
    assert back_one_firing(Position(4, 7), 30) == Position(4, 6)
    assert back_one_firing(Position(4, 1), 30) == Position(4)
    assert back_one_firing(Position(4), 30) == Position(3, 29)  # just before the last firing of step 3's turn
    assert back_one_firing(Position(4), 1) == Position(3)
    assert back_one_firing(Position(4), None) == Position(3)  # not traced: the step's start
    assert back_one_firing(Position(0), 5) is None
    assert before_firing(2, 1) == Position(2) and before_firing(2, 9) == Position(2, 8)
    assert Position(2, 3).describe() == "step 2, after 3 rule firings of its turn"
    assert Position(2).describe() == "the start of step 2"


def test_the_standby_follows_the_game_and_steps_back_to_the_same_state():
    agent, map_path, _, params = GAMES[0]
    max_steps = 5
    seen, played, rules = _forward(agent, map_path, max_steps, params)
    made = []

    def make():
        made.append(_match(agent, map_path, max_steps, params, tracing=False))
        return made[-1]

    standby = Standby(make)
    for steps in range(1, 5):  # the game moves a step at a time: the standby a step behind it
        standby.follow(played.events[:steps])
        assert Position.after(standby.match.game.events) == Position(steps - 1)
    assert len(made) == 1
    now = Position(4, 3)  # inside step 4's turn: back one firing, to step 4 after two
    match, reached = standby.take(Position(4, 2), played.events, tracing=True)
    assert standby.match is None and reached.diverged is None
    assert _state(reached.pause, match.driver) == seen[Position(4, 2)]
    match.close()
    standby.follow(played.events[:now.step])  # past it now: a fresh one, from the start
    assert len(made) == 2 and Position.after(standby.match.game.events) == Position(3)
    assert standby.take(Position(2), played.events, tracing=True) is None  # behind it: the whole game again
    match, reached = standby.take(Position(3), played.events, tracing=True)
    assert _state(_probe(match, rules), match.driver) == seen[Position(3)]
    match.close()
    standby.close()
