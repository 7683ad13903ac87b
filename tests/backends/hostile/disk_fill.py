"""Fills its scratch folder at its first step: MODE "bytes" writes 6 files of 15 MiB (each under the per-file
limit), "files" writes 1,500 empty files; then waits 3 s in that step. Solves at its second step."""
import os
import time

from agents.base import Agent
from app.core import Action


class DiskFill(Agent):
    def act(self, observation):
        if observation.step > 0:
            return Action.solve()
        if "MODE" == "bytes":
            block = os.urandom(1 << 20)
            for number in range(6):
                with open(f"fill{number}.bin", "wb") as handle:
                    for _ in range(15):
                        handle.write(block)
        else:
            for number in range(1500):
                open(f"f{number}.txt", "w").close()
        time.sleep(3)
        return Action.fire(0, 0)


AGENT = DiskFill
