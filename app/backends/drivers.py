"""The one place that decides how an agent's driver runs: in its own confined process, or in the app's.

It sits above both ``app.backends.host`` (the confined process) and
``app.backends.kinds`` (the in-process drivers each kind builds); neither
knows the other's caller.
"""

from __future__ import annotations

from app.backends import host
from app.backends.base import Driver
from app.backends.host.driver import HostedDriver
from app.backends.kinds import AgentSpec, create_local_driver
from app.backends.registry import check_inside

__all__ = ["create_driver", "create_local_driver"]


def create_driver(spec: AgentSpec, seed: int | None = None, step_seconds: float | None = None,
                  sandbox: bool | None = None) -> Driver:
    """A fresh driver for ``spec`` (one per game); ``step_seconds`` caps one step (Python default 10 s, CLIPS 5 s).

    The agent runs in its own confined process (``app.backends.host``) unless
    ``sandbox`` is False, or None and the sandbox is switched off (``--no-sandbox``).
    """
    check_inside(spec)
    if sandbox if sandbox is not None else host.enabled():
        return HostedDriver(spec, seed=seed, step_seconds=step_seconds)
    return create_local_driver(spec, seed=seed, step_seconds=step_seconds)
