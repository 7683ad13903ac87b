"""Signals its parent (the app) and every process: refused. Signal 0 only asks whether it may (harmless if not refused)."""
import os

from agents.base import Agent
from app.core import Action


class Killer(Agent):
    def act(self, observation):
        for target, who in ((os.getppid(), "parent"), (-1, "everyone")):
            try:
                os.kill(target, 0)
                self.log(f"may signal {who}")
            except PermissionError:
                self.log(f"signalling {who} refused")
        return Action.solve()


AGENT = Killer
