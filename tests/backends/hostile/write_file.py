"""Writes a file in its working folder (kept with the game), then one outside it (refused)."""
from pathlib import Path

from agents.base import Agent
from app.core import Action


class Writer(Agent):
    def act(self, observation):
        Path("notes.txt").write_text("mine\n")
        Path("OUTSIDE").write_text("escaped\n")
        return Action.solve()


AGENT = Writer
