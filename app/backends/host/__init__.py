"""The agent host: every agent in its own confined child process (issue 18).

- ``protocol``: the versioned request/reply messages;
- ``process``: starting (through the zygote or ``spawn``), watching, killing children and saying why one died;
- ``warm``: children started ahead of need (the warm pool, a child prepared for an agent's next game);
- ``zygote``: the process that imported what agents need and forks a fresh child for every game (Linux);
- ``spawn``: the portable host, a new interpreter per game, with ``windows`` and ``macos`` as each OS's layer;
- ``driver``: ``HostedDriver``, the parent's side of the driver interface;
- ``child``: the child's side (``python -m app.backends.host.child``);
- ``confine`` and ``landlock``: what the child does to itself before loading the agent.

``enabled()`` says whether agents run in a host process (the default) or in
the app's own process (``--no-sandbox``, the GUI preference, or the
environment variable ``BATTLESHIP_NO_SANDBOX=1``). ``kind()`` says how children are
started: ``BATTLESHIP_LAB_HOST=zygote`` (Linux's default) or ``spawn`` (the only one
elsewhere; on Linux it runs the path Windows and macOS take).
"""

from __future__ import annotations

import os
import sys

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


HOST_VARIABLE = "BATTLESHIP_LAB_HOST"
KINDS = ("zygote", "spawn")


def kind() -> str:
    """How agent processes start: ``zygote`` (forks of a process that imported what agents need; Linux only) or
    ``spawn`` (a new interpreter each, every OS). ``BATTLESHIP_LAB_HOST`` chooses; unset, Linux takes the zygote.
    Raises BattleshipError (one line) for any other value."""
    value = os.environ.get(HOST_VARIABLE, "").strip().lower()
    if value and value not in KINDS:
        from app.core.errors import BattleshipError

        raise BattleshipError(f"{HOST_VARIABLE}={os.environ[HOST_VARIABLE]!r}: expected one of {', '.join(KINDS)}")
    if sys.platform != "linux":
        return "spawn"  # the zygote forks and passes descriptors: Linux's
    return value or "zygote"


def status(wait: bool = True) -> str | None:
    """What new agents run under, for the run header and the GUI's status bar: what an agent process of this
    app says it enforces (it is started for that if none is yet; the next game takes it). None while that is not
    known yet and ``wait`` is False (the GUI asks again)."""
    if not enabled():
        return "agent in the app's own process, unconfined (--no-sandbox)"
    from app.backends.host.confine import status_line
    from app.backends.host.warm import reported_layers

    layers = reported_layers(wait)
    if layers is None:
        return None
    spawn = sys.modules.get("app.backends.host.spawn")  # imported where children are spawned
    if spawn is not None and spawn.LAYER_FAILED:  # the OS's layer could not start a child: they run without it
        layers = (layers[0], [*layers[1], f"{spawn.LAYER_FAILED} (children start without it)"])
    return status_line(*layers)
