"""The agent host: every agent in its own confined child process (issue 18).

- ``protocol``: the versioned request/reply messages;
- ``process``: starting (through the zygote), preparing ahead, killing children and saying why one died;
- ``zygote``: the process that imported what agents need and forks a fresh child for every game;
- ``driver``: ``HostedDriver``, the parent's side of the driver interface;
- ``child``: the child's side (``python -m app.backends.host.child``);
- ``confine`` and ``landlock``: what the child does to itself before loading the agent.

``enabled()`` says whether agents run in a host process (the default) or in
the app's own process (``--no-sandbox``, the GUI preference, or the
environment variable ``BATTLESHIP_NO_SANDBOX=1``).
"""

from __future__ import annotations

import os

_enabled: bool | None = None
_ENVIRONMENT = os.environ.get("BATTLESHIP_NO_SANDBOX")  # as the app was started


def enabled() -> bool:
    """True when new drivers run their agent in a host process."""
    if _enabled is not None:
        return _enabled
    return os.environ.get("BATTLESHIP_NO_SANDBOX", "") in ("", "0")


def set_enabled(value: bool | None) -> None:
    """Run agents in host processes (True), in-process (False), or as the environment says (None)."""
    global _enabled
    _enabled = value
    # processes started from here on (bench workers) follow
    if value is not None:
        os.environ["BATTLESHIP_NO_SANDBOX"] = "" if value else "1"
    elif _ENVIRONMENT is None:
        os.environ.pop("BATTLESHIP_NO_SANDBOX", None)
    else:
        os.environ["BATTLESHIP_NO_SANDBOX"] = _ENVIRONMENT


def status() -> str:
    """What new agents run under, for the run header and the GUI's status bar."""
    if not enabled():
        return "agent in the app's own process, unconfined (--no-sandbox)"
    from app.backends.host.confine import available, status_line

    return status_line(*available())
