"""Raises its memory limit to the hard one the app was given, asks for the real-time scheduler and a negative nice
value (root may), then solves; it logs what it got."""
import os
import resource

from agents.base import Agent
from app.core import Action


class Raiser(Agent):
    def act(self, observation):
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        try:
            resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
            self.log(f"memory limit raised to {hard}")
        except (OSError, ValueError) as exc:
            self.log(f"raising the memory limit refused ({exc})")
        try:
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
            self.log("real-time scheduling granted")
        except OSError as exc:
            self.log(f"real-time scheduling refused ({exc.strerror})")
        try:
            os.setpriority(os.PRIO_PROCESS, 0, -5)
            self.log("negative nice granted")
        except OSError as exc:
            self.log(f"negative nice refused ({exc.strerror})")
        return Action.solve()


AGENT = Raiser
