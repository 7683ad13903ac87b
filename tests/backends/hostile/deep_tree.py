"""Makes a folder tree 1,500 deep in its scratch folder (through descriptors: no path grows), then solves."""
import os

from agents.base import Agent
from app.core import Action


class DeepTree(Agent):
    def act(self, observation):
        fd = os.open(".", os.O_RDONLY)
        for _ in range(1500):
            os.mkdir("d", dir_fd=fd)
            inner = os.open("d", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        with open(os.open("leaf.txt", os.O_WRONLY | os.O_CREAT, dir_fd=fd), "w") as leaf:
            leaf.write("deep\n")
        os.close(fd)
        return Action.solve()


AGENT = DeepTree
