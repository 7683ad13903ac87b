"""Replaces its process's ends of the channel to the app (the descriptors on its command line) with /dev/null, then
loops in native code holding the GIL: the app reads the end of its replies while the process lives on."""
import os
import sys

from agents.base import Agent


class DupNull(Agent):
    def act(self, observation):
        null = os.open("/dev/null", os.O_RDWR)
        for word in sys.argv[1:-1]:
            if word.isdigit():
                os.dup2(null, int(word))
        return sum(range(10**13))


AGENT = DupNull
