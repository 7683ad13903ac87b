"""``arena serve``'s process: the web application under uvicorn, and the arena's player beside it.

The player (``Arena.player``) is a thread that claims queued games and has them played by worker processes or
a Dask cluster: no agent runs in this process, and the event loop keeps answering while a batch plays. The
socket listens before uvicorn starts, so the address printed is the one that answers (``--port 0``: a free
port). Ctrl+C or SIGTERM stops both cleanly: uvicorn finishes the requests in flight, the player stops taking
games; a game left half played is queued again when the arena next starts (``Arena.create``).
"""

from __future__ import annotations

import signal
import socket
import sys
from collections.abc import Callable

import uvicorn

from app.arena.playing import ArenaPlayer
from app.core import BattleshipError


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (0: a free port): a client that connects before uvicorn
    runs waits in the backlog. BattleshipError when the address is taken or not this machine's."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise BattleshipError(f"cannot listen on {host}:{port} ({exc.strerror or exc})") from None
    return sock


def address(sock: socket.socket) -> str:
    """The URL a bound socket answers at."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if sock.family == socket.AF_INET6 else f"http://{host}:{port}/"


def serve(app, player: ArenaPlayer, host: str, port: int, announce: Callable[[str], None] = print,
          forwarded_allow_ips: str = "127.0.0.1") -> None:
    """Serve the ASGI ``app`` (``app.arena.web.make_app``) on ``host``:``port`` and run ``player`` (the arena's,
    not started) beside it until Ctrl+C or SIGTERM; ``announce`` is told the address once it listens. The scheme
    and client a reverse proxy at ``forwarded_allow_ips`` sends (``X-Forwarded-Proto: https``) are believed, so
    the sign-in cookie is marked Secure behind TLS."""
    sock = bind(host, port)
    config = uvicorn.Config(app, log_level="warning", access_log=False, proxy_headers=True,
                            forwarded_allow_ips=forwarded_allow_ips, timeout_graceful_shutdown=10)
    server = uvicorn.Server(config)
    previous = signal.signal(signal.SIGTERM, _interrupt)  # uvicorn raises it again once it has shut down
    player.start()
    try:
        announce(address(sock))
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        print("arena: stopping (games in progress are queued again at the next start)", file=sys.stderr)
        player.stop()
        player.join()
        sock.close()


def _interrupt(signum, frame) -> None:
    """SIGTERM as Ctrl+C: the same clean stop."""
    raise KeyboardInterrupt
