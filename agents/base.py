"""The Python agent interface, re-exported for agent files: ``from agents.base import Agent``.

The class lives in ``app.core.agent`` (the framework must not import this
plugin folder); see there, and docs/python-agents.md, for the contract.
"""

from app.core.agent import Agent

__all__ = ["Agent"]
