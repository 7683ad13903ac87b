"""The portable agent host: each game's child started as a new interpreter with ``subprocess`` (issue 37).

What Windows and macOS take, and Linux with ``BATTLESHIP_LAB_HOST=spawn``. It
uses nothing one OS lacks: no fork, no descriptor passing, no pidfd, no process
group signal of its own, no ``wait4``. The channel is a TCP connection on
127.0.0.1 that the child opens back to a port the app listens on for it alone,
with a one-time key the child reads from its standard input (the null device
after that) and sends first: another local program that connects is refused. The
messages on it are ``protocol.py``'s, with its reply cap, as on Linux's socket
pair. Its process tree is ended with psutil (every OS) and by what the OS adds
(``layer()``: a Job Object on Windows, the process group on macOS and Linux);
its peak memory is what ``sample`` saw (the app polls its resident memory, which
also enforces the memory limit where the OS has no ``RLIMIT_AS``).
"""

from __future__ import annotations

import contextlib
import hmac
import os
import secrets
import socket
import subprocess
import sys
import time
from pathlib import Path

import psutil

from app.backends.host.oslayer import KILL, Layer, ProcessGroup

CONNECT_SECONDS = 60.0  # the child connects before its imports: a loaded machine's interpreter start-up
KEY_BYTES = 32
KEY_SECONDS = 5.0  # for the key, once connected
DESCENDANTS_EVERY = 5  # memory samples between two looks for the processes a child started
#: why the OS's layer could not start a child this session ('' while it could): children start without it then
LAYER_FAILED = ""


def layer() -> Layer:
    """The OS's layer, its module imported only on that OS; the base layer once it failed (``LAYER_FAILED``)."""
    if LAYER_FAILED:
        return ProcessGroup() if os.name == "posix" else Layer()
    if sys.platform == "win32":
        from app.backends.host.windows import JobObject  # lazy: Windows' module, importable there only

        return JobObject()
    if sys.platform == "darwin":
        from app.backends.host.macos import MacLayer  # lazy: macOS's module, imported there only

        return MacLayer()
    return ProcessGroup()


class Spawned:
    """A child started as a new interpreter: its ``channel`` (a ``multiprocessing.connection.Connection``), its
    pid, its end, and the tree kill."""

    def __init__(self, scratch: Path, stderr, environment: dict[str, str]) -> None:
        """Start the child under the OS's layer; if the child cannot start under it (a layer never run on the
        system at hand: a Job Object's limit, a sandbox profile that refuses what the interpreter needs), once
        more without it, for this child and the session's next (``LAYER_FAILED``): the tree kill, the memory
        watch and the caps still hold, and the child reports the layer missing in the status line."""
        global LAYER_FAILED
        try:
            self._start(layer(), scratch, stderr, dict(environment))
        except OSError as exc:
            plain = ProcessGroup() if os.name == "posix" else Layer()
            if LAYER_FAILED or type(self._layer) is type(plain):
                raise  # not the layer's doing
            LAYER_FAILED = f"{type(self._layer).__name__}: {exc}"
            with contextlib.suppress(OSError, ValueError):
                stderr.seek(0)
                stderr.truncate()
            self._start(plain, scratch, stderr, dict(environment))

    def _start(self, layer: Layer, scratch: Path, stderr, environment: dict[str, str]) -> None:
        self._layer = layer
        self.peak = 0  # bytes: the most resident memory ``sample`` saw
        self.returncode: int | None = None
        with socket.create_server(("127.0.0.1", 0)) as server:
            port = server.getsockname()[1]
            key = secrets.token_bytes(KEY_BYTES)
            self._popen = subprocess.Popen(
                [*self._layer.command(scratch, port), self._layer.interpreter(environment), "-m",
                 "app.backends.host.child", "--port", str(port), str(os.getpid())],
                cwd=scratch, env=environment, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=stderr,
                **self._layer.popen_options())
            self.pid = self._popen.pid
            self._process = psutil.Process(self.pid)  # it knows its start time (not reaped yet: it exists)
            self._descendants: list[psutil.Process] = []
            self._samples = 0
            try:
                self._layer.attach(self.pid)
                with self._popen.stdin:
                    self._popen.stdin.write(key.hex().encode())
                self.channel = _accept(server, key, self._popen)
            except OSError as exc:
                self.kill()
                self.reap()
                raise OSError(f"{exc}{_last_line(stderr)}") from None
            except BaseException:
                self.kill()
                self.reap()
                raise

    def exited(self) -> bool:
        """True once the child has ended."""
        return self.returncode is not None or self._popen.poll() is not None

    def wait_exit(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the child's end; True once it ended."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._popen.wait(timeout)
        return self.exited()

    def reap(self) -> int:
        """Wait for the ended (or killed) child; the peak of its resident memory that ``sample`` saw, in
        kilobytes (0: never sampled)."""
        if self.returncode is None:
            self.returncode = self._popen.wait()
            self._layer.release()
        return self.peak >> 10

    def limit_memory(self, limit: int) -> None:
        """The agent's memory limit (bytes): the OS layer's where it has one (the app's ``sample`` watch holds
        it everywhere)."""
        self._layer.limit_memory(limit)

    def sample(self) -> int:
        """The resident memory of the child and what it started, now (bytes; 0 once it ended); the peak is
        kept. What it started is looked for every ``DESCENDANTS_EVERY`` samples (a walk of every process, about
        1 ms), its memory read at each."""
        if self._samples % DESCENDANTS_EVERY == 0:
            with contextlib.suppress(psutil.Error):
                self._descendants = self._process.children(recursive=True)
        self._samples += 1
        total = 0
        for member in (self._process, *self._descendants):
            with contextlib.suppress(psutil.Error):
                total += member.memory_info().rss
        self.peak = max(self.peak, total)
        return total

    def kill(self) -> None:
        """End the child and its descendants (it is not reaped yet: its pid is still its own)."""
        if self.exited():
            return
        try:
            members = [self._process, *self._process.children(recursive=True)]
        except psutil.Error:
            members = [self._process]
        self._layer.kill(self.pid)
        for member in members:
            with contextlib.suppress(psutil.Error):
                member.send_signal(KILL)
        with contextlib.suppress(OSError):
            self._popen.send_signal(KILL)


def _last_line(stderr) -> str:
    """': ' and the last line the child wrote to its standard error (why an interpreter did not start), or ''."""
    try:
        stderr.seek(0)
        lines = stderr.read()[-4096:].decode("utf-8", "replace").strip().splitlines()
    except (OSError, ValueError):
        return ""
    return f": {lines[-1]}" if lines else ""


def _accept(server: socket.socket, key: bytes, popen: subprocess.Popen):
    """The child's connection, once it sent ``key``; OSError if it ends or does not connect in time."""
    from multiprocessing.connection import Connection

    deadline = time.monotonic() + CONNECT_SECONDS
    while time.monotonic() < deadline:
        if popen.poll() is not None:
            raise OSError(f"the agent process ended before it connected (exit code {popen.returncode})")
        server.settimeout(0.25)
        try:
            connection, _ = server.accept()
        except TimeoutError:
            continue
        connection.settimeout(KEY_SECONDS)  # a local program that connects and says nothing holds the start no longer
        try:
            sent = _read_exactly(connection, KEY_BYTES)
        except OSError:
            sent = b""
        if not hmac.compare_digest(sent, key):
            connection.close()  # another local program: not the child
            continue
        connection.settimeout(None)
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return Connection(connection.detach())
    raise OSError(f"the agent process did not connect within {CONNECT_SECONDS:g} s")


def _read_exactly(connection: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = connection.recv(size - len(data))
        if not chunk:
            break
        data += chunk
    return data


def connect(port: int):
    """The child's side: its channel to the app (the key read from standard input, which is closed then)."""
    from multiprocessing.connection import Connection

    text = b""
    while len(text) < 2 * KEY_BYTES:  # from the descriptor, not sys.stdin (None under pythonw.exe)
        chunk = os.read(0, 2 * KEY_BYTES - len(text))
        if not chunk:
            break
        text += chunk
    key = bytes.fromhex(text.decode("ascii"))
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)  # the pipe goes: nothing more comes from it
    os.close(null)
    connection = socket.create_connection(("127.0.0.1", port))
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    connection.sendall(key)
    return Connection(connection.detach())
