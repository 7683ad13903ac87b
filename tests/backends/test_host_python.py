"""A Python agent in the agent host runs on its child's main thread (``python_runner.run_on_main_thread``), with the
step cap kept by a timer signal: every way a step can end reads as it does in the app's own process, where a worker
thread runs the agent."""

from __future__ import annotations

import pytest

from app.backends.drivers import create_driver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import PROFILES, Game
from app.core.formats import load_map
from tests.paths import MAPS_DIR

STEPS = {
    "spins": "while True:\n                pass",
    "sleeps": "import time\n            time.sleep(30)",
    "raises": "raise ValueError('no idea where to fire')",
    "plays": "return Action.fire(observation.step, 0)",
}

AGENT = """from agents.base import Agent
from app.core import Action


class Stepper(Agent):
    def act(self, observation):
        if observation.step < 2:
            return Action.fire(observation.step, 0)
        if True:
            {step}
        return Action.fire(observation.step, 0)


AGENT = Stepper
"""


def _play(path, sandbox: bool) -> dict:
    game = Game(load_map(MAPS_DIR / "four-known.map"), PROFILES["unito-2022"])
    match = Match(game, create_driver(resolve(str(path)), step_seconds=0.4, sandbox=sandbox))
    try:
        match.run()
    finally:
        match.close()
    return game.result().to_dict()


@pytest.mark.parametrize("how", sorted(STEPS))
def test_a_step_ends_alike_in_the_host_and_in_process(tmp_path, how):
    path = tmp_path / f"{how}.py"
    path.write_text(AGENT.format(step=STEPS[how]))
    inside, hosted = _play(path, sandbox=False), _play(path, sandbox=True)
    assert hosted == inside
    if how in ("spins", "sleeps"):  # the child's own timer, not the parent's kill (the cap plus its grace)
        assert "took more than 0.4 s for step 2: stopped" in hosted["stop_reason"]
    elif how == "raises":
        assert "raised ValueError: no idea where to fire at " in hosted["stop_reason"]
    else:
        assert hosted["steps"] > 2
