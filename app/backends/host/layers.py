"""What new agents run under, in words (the run header, ``grade``'s first line, the GUI's status bar).

Apart from the package's ``__init__``: it asks an agent process (``warm.py``), whose modules import the package for
``kind()``; the package importing it back would make the two a cycle.
"""

from __future__ import annotations

from app.backends.host import enabled, spawn
from app.backends.host.confine import status_line
from app.backends.host.warm import reported_layers


def status(wait: bool = True) -> str | None:
    """What new agents run under, for the run header and the GUI's status bar: what an agent process of this
    app says it enforces (it is started for that if none is yet; the next game takes it). None while that is not
    known yet and ``wait`` is False (the GUI asks again)."""
    if not enabled():
        return "agent in the app's own process, unconfined (--no-sandbox)"
    layers = reported_layers(wait)
    if layers is None:
        return None
    if spawn.LAYER_FAILED:  # the OS's layer could not start a child: they run without it
        layers = (layers[0], [*layers[1], f"{spawn.LAYER_FAILED} (children start without it)"])
    return status_line(*layers)
