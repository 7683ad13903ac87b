"""The Python agent interface, re-exported for agent files: ``from agents.base import Agent``
(and ``Marker``, what ``Agent.markers`` may return).

The class lives in ``app.core.agent`` (the framework must not import this
plugin folder); see there, and docs/python-agents.md, for the contract.
"""

from app.core.agent import Agent
from app.core.markers import Marker

__all__ = ["Agent", "Marker"]
