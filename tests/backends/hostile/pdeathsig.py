"""Clears its parent-death signal (prctl PR_SET_PDEATHSIG 0) in its own thread and, through a patched json.dumps,
in its process's main thread (the signal is each thread's), then sleeps past the bench's game timeout: when the
worker is killed, the agent's process would live on as an orphan."""
import ctypes
import json
import time

from agents.base import Agent
from app.core import Action

libc = ctypes.CDLL(None, use_errno=True)


def clear() -> str:
    return "death signal cleared" if libc.prctl(1, 0, 0, 0, 0) == 0 else f"clearing refused ({ctypes.get_errno()})"


class Orphan(Agent):
    def act(self, observation):
        if observation.step == 0:
            self.log(clear())
            dumps = json.dumps

            def clearing_dumps(*args, **kwargs):
                clear()
                return dumps(*args, **kwargs)

            json.dumps = clearing_dumps  # the main thread encodes its reply with it
            return Action.fire(0, 0)
        time.sleep(600)


AGENT = Orphan
