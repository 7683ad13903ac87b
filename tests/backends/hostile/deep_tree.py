"""Makes a folder tree 990 deep in its scratch folder (through descriptors: no path grows), then solves: deeper than
a recursive walk gets with Python's recursion limit, under the quota of 1,000 files and folders."""
import os

from agents.base import Agent
from app.core import Action


class DeepTree(Agent):
    def act(self, observation):
        fd = os.open(".", os.O_RDONLY)
        for _ in range(990):
            os.mkdir("d", dir_fd=fd)
            inner = os.open("d", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        with open(os.open("leaf.txt", os.O_WRONLY | os.O_CREAT, dir_fd=fd), "w") as leaf:
            leaf.write("deep\n")
        os.close(fd)
        return Action.solve()


AGENT = DeepTree
