"""Writes 900 small files (900 "the agent wrote" notes) and two of 12 MiB (more than is kept of them), then solves."""
from agents.base import Agent
from app.core import Action


class FilesSpam(Agent):
    def act(self, observation):
        for number in range(900):
            with open(f"note{number:03}.txt", "w") as handle:
                handle.write("n")
        for name in ("big1.bin", "big2.bin"):
            with open(name, "wb") as handle:
                handle.write(bytes(12 << 20))
        return Action.solve()


AGENT = FilesSpam
