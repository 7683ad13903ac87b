"""The fork server's loop, the zygote's and a loaded template's (``zygote.py``, ``template.py``): the app asks over
a control socket (``SOCK_SEQPACKET``, JSON), one request at a time, each with one reply.

- a request naming a folder (``{"fork": FOLDER}``; the zygote's ``{"template": FOLDER}`` too) with two descriptors
  passed along (the new process's channel or control socket, its stderr file): its pid;
- ``{"reap": PID}`` (a process the app saw end, or killed): its wait status and peak memory (kilobytes). A process
  is reaped only when the app asks, so its pid cannot be reused while the app holds it.

``start`` is how both start a process: the same first steps for a fresh child, a template and a game's process.
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Callable


def start(control: socket.socket, folder: str, channel: int, stderr: int, run: Callable[[], None]) -> int:
    """A new process that runs ``run()`` and ends; its pid (here). In it, nothing of the forking process's
    descriptors is left but ``channel`` (and ``stderr`` as its standard error); it has a session of its own and
    works in ``folder``. It never returns into the forking process's loop, and the agent's own threads cannot
    keep it alive."""
    pid = os.fork()
    if pid:
        os.close(channel)
        os.close(stderr)
        return pid
    code = 1
    try:
        control.close()
        os.dup2(stderr, 2)
        os.closerange(3, channel)
        os.closerange(channel + 1, 1 << 16)  # the stderr descriptor and anything else the forking process held
        os.setsid()  # a session and process group of its own, as a process the app started
        os.chdir(folder)
        run()
        code = 0
    finally:
        os._exit(code)


#: ``fork(request's name, its folder, channel, stderr)`` -> the new process's pid (in the forking process)
Fork = Callable[[str, str, int, int], int]


def serve(control: socket.socket, names: tuple[str, ...], fork: Fork) -> None:
    """Answer the app's requests until it closes the control socket. Replies are written with ``write`` (a
    template's filter refuses ``sendto``, as a game's does)."""
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(control, 1 << 16, 2)
        except OSError:
            return
        if not message:
            return
        try:
            request = json.loads(message)
            name = next((name for name in names if name in request), None)
            if name is not None:
                channel, stderr = fds
                reply = {"pid": fork(name, str(request[name]), channel, stderr)}
            else:
                pid, status, usage = os.wait4(int(request["reap"]), 0)
                reply = {"status": status, "max_rss": usage.ru_maxrss}
        except Exception as error:  # noqa: BLE001  (the app reads the error and starts a child another way)
            for fd in fds:
                try:
                    os.close(fd)
                except OSError:
                    pass
            reply = {"error": f"{type(error).__name__}: {error}"}
        os.write(control.fileno(), json.dumps(reply).encode())
