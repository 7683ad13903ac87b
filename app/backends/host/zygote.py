"""The zygote: ``python -m app.backends.host.zygote CONTROL_FD PARENT_PID`` (Linux).

One per app process, started once: it imports what every agent needs (numpy,
clipspy, the drivers), loads the CLIPS protocol modules (MAIN and ENV, the
app's own) for each rules profile, and then only forks. Each fork is a fresh agent host
for one game (``child.main``): no agent ever ran in the zygote, and a child
serves one game and ends, so every game starts in a process no agent ran in.
The zygote never runs agent code and never loads an agent's files; it is not
confined (as the app is not), its children confine themselves before they
load an agent (docs/sandbox.md, "Speed").

The app asks over the control socket (``forks.py``): ``fork`` a child, ``template`` a loaded template, ``reap``
one.
"""

from __future__ import annotations

import os
import socket
import sys
from multiprocessing.connection import Connection

import app.solver.bayes.decisions  # noqa: F401  (warmed up here: see main)
from app.backends.host import child, forks, landlock
from app.backends.host import template as host_template
from app.backends.host.confine import compile_seccomp, readable_paths
from app.core import PROFILES
from app.core.paths import ROOT
from app.solver.bayes.policy import one_blas_thread


def _fork(control: socket.socket, scratch: str, channel: int, stderr: int, template: bool = False) -> int:
    """A child serving one game over ``channel``; its pid (in the zygote). ``template``: a loaded template
    instead (``template.py``), ``channel`` its control socket. Nothing of the zygote's reaches the agent but
    what it imported (``forks.start``)."""
    zygote = os.getpid()

    def run() -> None:
        child.reseed()
        if template:
            host_template.main(socket.socket(fileno=channel), zygote)
        else:
            child.main(Connection(channel), zygote)

    return forks.start(control, scratch, channel, stderr, run)


def main(control_fd: int, parent: int) -> None:
    """Load what every agent needs, say so, then fork children on request."""
    child.die_with(parent)
    child._warm_up()  # the drivers, the child's server and what it imports (calls, confine, refusals, the runner)
    # what a child would otherwise import or work out after the fork, once per game
    import resource  # noqa: F401

    compile_seccomp()
    readable_paths((), ROOT)  # the app's root, as the app sends it
    landlock.abi_version()
    # the app's own search (the bayes agent's, imported above) and its one-BLAS-thread switch, which inspects the
    # loaded libraries: about 20 ms that each of that agent's games paid again in its process
    with one_blas_thread():
        pass
    try:  # MAIN and ENV of each rules profile, loaded once here: a CLIPS agent's process loads only its agent
        from app.backends.clips.loading import protocols_ahead  # lazy: the child's import order (clipspy optional)

        protocols_ahead(PROFILES.values())
    except ImportError:  # no clipspy: CLIPS agents report it when chosen
        pass
    control = socket.socket(fileno=control_fd)
    control.sendall(b'{"ready": true}')
    forks.serve(control, ("fork", "template"),
                lambda name, folder, channel, stderr: _fork(control, folder, channel, stderr, name == "template"))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
    os._exit(0)
