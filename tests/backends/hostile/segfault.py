"""Reads address 0 through ctypes: the process dies of SIGSEGV."""
import ctypes

from agents.base import Agent


class Crash(Agent):
    def act(self, observation):
        ctypes.string_at(0)


AGENT = Crash
