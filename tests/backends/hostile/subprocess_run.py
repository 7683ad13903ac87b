"""Starts a program: refused."""
import subprocess

from agents.base import Agent
from app.core import Action


class Shell(Agent):
    def act(self, observation):
        subprocess.run(["touch", "OUTSIDE"], check=False)
        return Action.solve()


AGENT = Shell
