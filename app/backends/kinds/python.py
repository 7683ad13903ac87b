"""The Python kind: an ``Agent`` subclass in a ``.py`` file (``AGENT = YourAgentClass``)."""

from __future__ import annotations

import importlib.util
import io
import sys
import tokenize
from pathlib import Path
from typing import TYPE_CHECKING

from app.backends.kinds.base import AgentKind, AgentSpec
from app.core import AgentError
from app.core.fileio import decode

if TYPE_CHECKING:
    from app.backends.base import Driver


def agent_name(paths: tuple[Path, ...]) -> str:
    """The file name without ``.py`` and without a trailing ``_agent``."""
    stem = paths[0].stem
    return stem[: -len("_agent")] if stem.endswith("_agent") else stem


def _source(path: Path) -> str:
    """The agent's source: in the encoding its coding line names, else UTF-8, else the Windows code page.

    Python reads a module as UTF-8 unless told otherwise; a student's file saved by Notepad on Windows, with
    "# è già colpita" in a comment, is in the Windows code page and would not import at all.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise AgentError(f"{path}: cannot read the agent file ({exc.strerror or exc})") from None
    head = b"\n".join(data.split(b"\n", 2)[:2]).decode("latin-1").encode("utf-8")  # the coding line, if any
    declared, _ = tokenize.detect_encoding(io.BytesIO(head).readline)  # SyntaxError for an unknown one
    if declared not in ("utf-8", "utf-8-sig"):
        return data.decode(declared)
    try:
        return decode(data)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise AgentError(f"{path}:{line}: not UTF-8 nor Windows text (byte 0x{data[exc.start]:02x}): save it "
                         "as UTF-8") from None


def _load_class(path: Path):
    from app.core.agent import Agent  # lazy: start-up time (naming an agent loads no game engine, numpy)

    module_name = f"_battleship_agent_{abs(hash(str(path)))}"
    module = sys.modules.get(module_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(module_name, path)
        if spec is None or spec.loader is None:
            raise AgentError(f"{path}: cannot load as a Python module")
        module = importlib.util.module_from_spec(spec)
        try:
            exec(compile(_source(path), str(path), "exec"), module.__dict__)  # noqa: S102 (the agent's code)
        except SyntaxError as exc:
            raise AgentError(f"{path}:{exc.lineno or 1}: syntax error: {exc.msg}") from None
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
    # lazy: start-up time (naming an agent, as the registry does, loads no runner, numpy)
    from app.backends.python_runner import DEFAULT_STEP_SECONDS, PythonDriver

    cls = _load_class(spec.paths[0])
    try:
        agent = cls(seed=seed)
    except (Exception, SystemExit) as exc:
        raise AgentError(f"{spec.paths[0]}: creating the agent failed: {type(exc).__name__}: {exc}") from None
    if spec.name and agent.name == "agent":
        agent.name = spec.name
    return PythonDriver(agent, step_seconds or DEFAULT_STEP_SECONDS)


# not loaded ahead: a module's top level is Python running in the template's own interpreter, where it could
# rewrite the template's code (its fork, its checks) for every later game; each game imports it afresh
PYTHON = AgentKind("python", "Python", __name__, endings=(".py",), build=build, agent_name=agent_name)
