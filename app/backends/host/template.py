"""A loaded template: one agent loaded once, in a confined process that plays no game and forks each game's process
(Linux, the zygote's host; docs/sandbox.md, "Templates").

The zygote forks it (``zygote.py``, ``{"template": FOLDER}``). It moves into namespaces of its own, makes itself
the subreaper of everything below it, then serves the app over its control socket (``SOCK_SEQPACKET``):

1. the agent's requests, as a prepared child gets them (CREATE, then ``preload``): it confines itself like a game's
   process but for the fork (``confine(may_fork=True)``: writes only under its own folder, where its games' folders
   are made) and loads the agent; each answered as a child answers it;
2. ``{"seal": true}``: it says it is loaded (``{"sealed": true}``); the app checks from outside, in /proc, that
   the load started nothing (no process below it, no thread but its one), else ends it with what it started;
3. then the zygote's requests, ``fork`` (a game's process) and ``reap``, until the app closes the socket; it
   then waits for its games' processes and ends.

A game's process adds the last restrictions (the game's own seccomp filter, which refuses fork and signals to
any other process; Landlock writing only in its own scratch folder), reseeds, and serves its game as any child
does (``server.serve``) with the loaded agent.
"""

from __future__ import annotations

import ctypes
import os
import socket
import sys
import traceback
from multiprocessing.connection import Connection
from pathlib import Path

from app.backends.host import child, forks
from app.backends.host.confine import apply_landlock, apply_seccomp, isolate
from app.backends.host.protocol import encode_reply, unpack
from app.backends.host.server import Host, report_load_overruns, serve

_PR_SET_CHILD_SUBREAPER = 36


def _send(control: socket.socket, message: bytes) -> None:
    """One message to the app: ``write``, since the template's filter refuses ``sendto`` as a game's does."""
    os.write(control.fileno(), message)


def _load(control: socket.socket, host: Host) -> bool:
    """Answer the agent's requests until the seal; True when loaded (the app then checks from outside what the
    load started: ``forkers.Template``)."""
    while True:
        message = os.read(control.fileno(), 1 << 20)
        if not message:
            return False
        if message.startswith(b"{"):
            break
        kind, args = unpack(message)
        # CREATE: the template's own confinement, which may fork its games' processes
        reply = host.load_template(args) if kind == "create" else host.handle(kind, args)
        _send(control, encode_reply(reply))
        if "error" in reply and kind == "create":
            return False
    _send(control, b'{"sealed": true}')
    return True


def _game(control: socket.socket, host: Host, scratch: str, channel: int, stderr: int) -> int:
    """A game's process, forked from this template, serving one game over ``channel``; its pid (here).

    The fork is made with the refusal recorder aside, and the game's process keeps it aside until its last
    restrictions are in place (``_restrict`` arms it again): what runs until then is the host's own doing (the
    fork, the game's parent-death signal, its seccomp filter and Landlock layer, through ctypes and ``open``),
    which the agent's inherited audit hook would otherwise note as the agent's. No agent code runs meanwhile: the
    process has one thread (the app checked the template's) and the agent's code runs only from the game's first
    request on.
    """
    template = os.getpid()

    def play() -> None:
        child.die_with(template)  # before the game's filter, which refuses it: ends with the template
        child.reseed()
        _restrict(host, Path(scratch))
        serve(Connection(channel), host.isolated, host)

    with host.recorder.aside():
        return forks.start(control, scratch, channel, stderr, play)


def _restrict(host: Host, scratch: Path) -> None:
    """The game's last restrictions, over the template's: its own seccomp filter (no fork, signals only to
    itself) and Landlock (writes only in ``scratch``). Where the template had one and the game cannot add
    it, the game's process ends (the app reports its end): never a game less confined than it says."""
    fields, _, _, _, root = host.template
    seccomp = apply_seccomp()
    landlock = apply_landlock(tuple(Path(p) for p in fields["paths"]), Path(root), scratch)
    for name, problem in (("seccomp", seccomp), ("landlock", landlock)):
        if problem and name in host.status.split(";")[0]:
            os._exit(70)
    host.recorder.moved([scratch, Path(os.devnull)])  # and it notes again: the agent's code comes next


def _wait_for_games() -> None:
    """The app closed the control socket: the games still playing end in their own time (the app kills them)."""
    while True:
        try:
            os.wait()
        except ChildProcessError:
            return


def main(control: socket.socket, zygote: int) -> None:
    """Load the agent the app sends, confined, then fork its games' processes on request."""
    child.die_with(zygote)
    isolated = isolate()
    ctypes.CDLL(None).prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)  # what the agent forks stays below it
    host = Host(isolated)

    report_load_overruns(lambda reply: _send(control, reply))
    try:
        if _load(control, host):
            forks.serve(control, ("fork",), lambda _, folder, channel, stderr: _game(control, host, folder, channel,
                                                                                    stderr))
            _wait_for_games()
    except Exception:  # the app reads its end; its stderr file says why
        traceback.print_exc(file=sys.stderr)
        raise
