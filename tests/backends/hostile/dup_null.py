"""Replaces its process's ends of the channel to the app (every socket it holds: the zygote's socket pair or the
portable host's TCP connection) with /dev/null, then loops in native code holding the GIL: the app reads the end of
its replies while the process lives on."""
import os
import stat

from agents.base import Agent


class DupNull(Agent):
    def act(self, observation):
        null = os.open("/dev/null", os.O_RDWR)
        for word in os.listdir("/proc/self/fd"):
            try:
                if stat.S_ISSOCK(os.fstat(int(word)).st_mode):
                    os.dup2(null, int(word))
            except OSError:
                continue  # the listing's own descriptor, gone
        return sum(range(10**13))


AGENT = DupNull
