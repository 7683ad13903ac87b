"""Drives a Python agent (an ``agents.base.Agent``) in-process."""

from __future__ import annotations

import numpy as np

from agents.base import Agent
from app.backends.base import AgentFailure, Driver, StartContext
from app.core import Action, Observation


class PythonDriver(Driver):
    """Calls ``agent.act`` once per step; any exception becomes an AgentFailure."""

    def __init__(self, agent: Agent):
        self.agent = agent
        self.name = agent.name

    def start(self, observation: Observation, context: StartContext) -> None:
        """Call the agent's ``start``."""
        self._call(self.agent.start, observation)

    def next_action(self, observation: Observation) -> Action | str | None:
        """The agent's action; anything that is not an Action is passed on as text."""
        action = self._call(self.agent.act, observation)
        if action is None or isinstance(action, (Action, str)):
            return action
        return repr(action)

    def _call(self, method, *args):
        try:
            return method(*args)
        except Exception as exc:  # the agent's bug must not take the app down
            where = ""
            tb = exc.__traceback__
            while tb is not None and tb.tb_next is not None:
                tb = tb.tb_next
            if tb is not None:
                where = f" at {tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}"
            raise AgentFailure(f"agent {self.name} raised {type(exc).__name__}: {exc}{where}") from exc

    def output(self) -> list[str]:
        """The agent's logged lines."""
        return self.agent.take_log()

    def belief(self) -> np.ndarray | None:
        """The agent's belief, if it is a 10x10 array."""
        try:
            belief = self.agent.belief()
        except Exception:
            return None
        if belief is None:
            return None
        belief = np.asarray(belief, dtype=float)
        return belief if belief.shape == (10, 10) else None
