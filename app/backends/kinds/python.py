"""The Python kind: an ``Agent`` subclass in a ``.py`` file (``AGENT = YourAgentClass``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from app.backends.kinds.base import AgentKind, AgentSpec
from app.core import AgentError

if TYPE_CHECKING:
    from app.backends.base import Driver


def agent_name(paths: tuple[Path, ...]) -> str:
    """The file name without ``.py`` and without a trailing ``_agent``."""
    stem = paths[0].stem
    return stem[: -len("_agent")] if stem.endswith("_agent") else stem


def _load_class(path: Path):
    from app.core.agent import Agent

    module_name = f"_battleship_agent_{abs(hash(str(path)))}"
    module = sys.modules.get(module_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(module_name, path)
        if spec is None or spec.loader is None:
            raise AgentError(f"{path}: cannot load as a Python module")
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except SyntaxError as exc:
            raise AgentError(f"{path}:{exc.lineno}: syntax error: {exc.msg}") from None
        except (Exception, SystemExit) as exc:  # an agent file that calls exit() must not end the app
            raise AgentError(f"{path}: failed to import: {type(exc).__name__}: {exc}") from None
        sys.modules[module_name] = module
    cls = getattr(module, "AGENT", None)
    if cls is None:
        candidates = [v for v in vars(module).values()
                      if isinstance(v, type) and issubclass(v, Agent) and v is not Agent and v.__module__ == module_name]
        if len(candidates) != 1:
            raise AgentError(f"{path}: define AGENT = YourAgentClass (a subclass of agents.base.Agent)")
        cls = candidates[0]
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise AgentError(f"{path}: AGENT must be a subclass of agents.base.Agent")
    return cls


def build(spec: AgentSpec, seed: int | None, step_seconds: float | None) -> Driver:
    """The agent's class imported from its file, an instance made with ``seed``, run by a ``PythonDriver``."""
    from app.backends.python_runner import DEFAULT_STEP_SECONDS, PythonDriver

    cls = _load_class(spec.paths[0])
    try:
        agent = cls(seed=seed)
    except (Exception, SystemExit) as exc:
        raise AgentError(f"{spec.paths[0]}: creating the agent failed: {type(exc).__name__}: {exc}") from None
    if spec.name and agent.name == "agent":
        agent.name = spec.name
    return PythonDriver(agent, step_seconds or DEFAULT_STEP_SECONDS)


PYTHON = AgentKind("python", "Python", __name__, endings=(".py",), build=build, agent_name=agent_name)
