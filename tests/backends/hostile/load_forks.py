"""Starts a process and a thread at its module's top level, each sleeping on: loaded in a template (which may
fork), the app must end the template and the process before any game (docs/sandbox.md, "Templates")."""
import os
import threading
import time

from agents.base import Agent
from app.core import Action

if "MODE" == "process" and os.fork() == 0:
    time.sleep(600)
    os._exit(0)
if "MODE" == "thread":
    threading.Thread(target=time.sleep, args=(600,), daemon=True).start()


class LoadForks(Agent):
    def act(self, observation):
        return Action.solve()


AGENT = LoadForks
