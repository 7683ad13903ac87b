"""Leaves state for the games from its module's top level (docs/sandbox.md, "Templates"): a list each game appends
to, a process and a signal tried at import; every game must see the list pristine and the process refused."""

import os
from pathlib import Path

from agents.base import Agent
from app.core import Action

SEEN = []
try:
    FORKED = os.fork()
    if FORKED == 0:
        os._exit(0)
except OSError as error:
    FORKED = f"refused ({type(error).__name__})"
try:
    os.kill(os.getppid(), 0)
    SIGNALLED = "reached"
except OSError as error:
    SIGNALLED = f"refused ({type(error).__name__})"


class LeaveState(Agent):
    def act(self, observation):
        SEEN.append(observation)
        Path("state.txt").write_text(f"module list: {len(SEEN)}; fork at load: {FORKED}; signal at load: {SIGNALLED}")
        return Action.solve()


AGENT = LeaveState
