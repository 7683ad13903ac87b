"""Asks the kernel to signal the app: a pipe of its own with F_SETOWN (its parent, then its parent's process group),
F_SETSIG (SIGKILL) and O_ASYNC, then a write on the pipe (the kernel sends the SIGIO-turned-SIGKILL to the owner).
Never aims at pid 1 or its own group. Solves at once, saying what was refused."""
import fcntl
import os
import signal

from agents.base import Agent
from app.core import Action

F_SETSIG = 10


class FcntlOwner(Agent):
    def act(self, observation):
        parent = os.getppid()
        if parent <= 1:
            return Action.solve()
        group = os.getpgid(parent)
        targets = [parent] + ([-group] if group > 1 and group != os.getpgid(0) else [])
        for target in targets:
            read, write = os.pipe()
            try:
                fcntl.fcntl(read, fcntl.F_SETOWN, target)
                fcntl.fcntl(read, F_SETSIG, int(signal.SIGKILL))
                fcntl.fcntl(read, fcntl.F_SETFL, fcntl.fcntl(read, fcntl.F_GETFL) | os.O_ASYNC)
                os.write(write, b"x")
                self.log(f"asked the kernel to signal {target}")
            except OSError as exc:
                self.log(f"owner {target} refused ({exc.strerror})")
            finally:
                os.close(read)
                os.close(write)
        return Action.solve()


AGENT = FcntlOwner
