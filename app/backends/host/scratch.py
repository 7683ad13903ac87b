"""The agents' scratch folders: one folder per app process, walked and removed without recursion, with a quota.

Each app process (the GUI, ``run``, every bench worker) keeps its children's
scratch folders in one folder of its own, ``battleship-agents-PID-START``
under the system's temporary folder, with a record of each child (its pid and
start time). A process killed before it could clean up (a bench worker past
its game's timeout) leaves that folder: the next app process that starts a
child sweeps it, ending the children recorded there that still run (only those
whose pid and start time match the record) and removing the folder.

An agent controls what is in its folder: a tree thousands of folders deep,
thousands of files, symbolic links. Every walk here is iterative and works
through directory descriptors (no path grows with the depth; links are not
followed); going back up checks that the folder is the one it came from.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil

KEPT_BYTES = 16 << 20  # what is kept of the files an agent wrote in one game
QUOTA_BYTES = 64 << 20  # what the agent may keep on disk in its scratch folder at the end of a step
QUOTA_FILES = 1000  # files and folders in it
READ_ENTRIES = 10_000  # entries looked at when its files are read (their names go to the game's notes)
_PREFIX = "battleship-agents-"
_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
#: a file's bytes as they are: Windows' ``os.open`` is in text mode without O_BINARY (CRLF read as LF, Ctrl-Z as
#: the end); no link followed, no wait on a fifo (POSIX)
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_DESCRIPTORS = os.open in os.supports_dir_fd and os.scandir in os.supports_fd  # not on Windows
_own: dict[int, Path] = {}  # this process's folder, by pid (a forked bench worker makes its own)


class _Moved(OSError):
    """A folder changed place while it was walked (the agent's threads may still run)."""


@dataclass
class _Frame:
    pending: list[tuple[str, bool]]  # (name, is a folder) still to visit
    identity: tuple[int, int]  # (st_dev, st_ino) of the folder
    name: str = ""  # its name in its parent
    prefix: str = ""  # its path relative to the top, with a trailing "/"


def _listing(fd: int) -> list[tuple[str, bool]]:
    with os.scandir(fd) as entries:
        return sorted(((entry.name, entry.is_dir(follow_symlinks=False)) for entry in entries), reverse=True)


def _walk(top: Path, limit: int | None) -> Iterator[tuple[str, int | None, str, str]]:
    """(kind, folder descriptor, name, path relative to ``top``) for each entry beneath ``top``, depth first:
    ("file", ...) for anything but a folder, ("dir", parent descriptor, ...) for a folder once its entries were
    visited. Stops after ``limit`` entries (None: none). Raises OSError when ``top`` cannot be opened. Where the
    OS has no folder descriptors (Windows), ``_walk_paths``."""
    if not _DESCRIPTORS:
        yield from _walk_paths(top, limit)
        return
    fd = os.open(top, _FLAGS)
    try:
        info = os.fstat(fd)
        stack = [_Frame(_listing(fd), (info.st_dev, info.st_ino))]
        count = 0
        while stack:
            frame = stack[-1]
            if frame.pending:
                name, is_dir = frame.pending.pop()
                count += 1
                if limit is not None and count > limit:
                    return
                if not is_dir:
                    yield "file", fd, name, frame.prefix + name
                    continue
                try:
                    inner = os.open(name, _FLAGS, dir_fd=fd)
                except OSError:
                    continue
                os.close(fd)
                fd = inner
                info = os.fstat(fd)
                stack.append(_Frame(_listing(fd), (info.st_dev, info.st_ino), name, frame.prefix + name + "/"))
                continue
            stack.pop()
            if not stack:
                return
            parent = os.open("..", _FLAGS, dir_fd=fd)
            info = os.fstat(parent)
            os.close(fd)
            fd = parent
            if (info.st_dev, info.st_ino) != stack[-1].identity:
                raise _Moved("a folder moved while it was walked")
            yield "dir", fd, frame.name, frame.prefix[:-1]
    finally:
        os.close(fd)


def _walk_paths(top: Path, limit: int | None) -> Iterator[tuple[str, None, str, str]]:
    """``_walk`` by paths (the descriptor is None, the name a whole path): for Windows, which has no folder
    descriptors. A link or a junction (any reparse point) is an entry, never a folder to go into: removing a tree
    must not follow one out of it."""
    stack = [(str(top), "", _path_listing(str(top)))]
    count = 0
    while stack:
        folder, prefix, pending = stack[-1]
        if pending:
            name, is_dir = pending.pop()
            count += 1
            if limit is not None and count > limit:
                return
            path = os.path.join(folder, name)
            if not is_dir:
                yield "file", None, path, prefix + name
                continue
            with contextlib.suppress(OSError):  # a folder that cannot be listed is left out
                stack.append((path, prefix + name + "/", _path_listing(path)))
            continue
        stack.pop()
        if stack:
            yield "dir", None, folder, prefix[:-1]


def _path_listing(folder: str) -> list[tuple[str, bool]]:
    with os.scandir(folder) as entries:
        return sorted(((entry.name, entry.is_dir(follow_symlinks=False) and not _reparse_point(entry))
                       for entry in entries), reverse=True)


def _reparse_point(entry: os.DirEntry) -> bool:
    """A Windows link or junction (``is_dir`` without following is true for a junction)."""
    attributes = getattr(entry.stat(follow_symlinks=False), "st_file_attributes", 0)
    return bool(attributes & getattr(stat, "FILE_ATTRIBUTE_REPARSE_POINT", 0))


def read_files(top: Path) -> tuple[dict[str, bytes], dict[str, int]]:
    """The files beneath ``top`` (at most ``KEPT_BYTES`` of data in all) and each one's real size, by path
    relative to ``top``; symbolic links and what cannot be read are left out."""
    files: dict[str, bytes] = {}
    sizes: dict[str, int] = {}
    room = KEPT_BYTES
    with contextlib.suppress(OSError):
        for kind, fd, name, relative in _walk(top, READ_ENTRIES):
            if kind != "file":
                continue
            try:
                handle = os.open(name, _READ_FLAGS, dir_fd=fd)
            except OSError:
                continue  # a link, a socket, a fifo
            try:
                info = os.fstat(handle)
                if not stat.S_ISREG(info.st_mode):
                    continue
                data = b""
                while len(data) < min(room, info.st_size):
                    chunk = os.read(handle, min(room, info.st_size) - len(data))
                    if not chunk:
                        break
                    data += chunk
            except OSError:
                continue
            finally:
                os.close(handle)
            files[relative], sizes[relative] = data, info.st_size
            room -= len(data)
    ordered = sorted(files)
    return {name: files[name] for name in ordered}, {name: sizes[name] for name in ordered}


def over_quota(top: Path) -> str:
    """'' or how the folder is past its quota: more than ``QUOTA_FILES`` entries or ``QUOTA_BYTES`` on disk.

    Called after every step: a folder without subfolders (the usual case) costs one listing and a stat per file.
    """
    try:
        with os.scandir(top) as entries:
            flat = [entry for entry in entries]
    except OSError:
        return ""
    if len(flat) <= QUOTA_FILES and not any(entry.is_dir(follow_symlinks=False) for entry in flat):
        return _verdict(len(flat), sum(_used(entry.stat(follow_symlinks=False)) for entry in flat))
    count = used = 0
    try:
        # every entry is yielded once (a folder once its entries were): counted until one past the quota (a walk
        # cut at that many entries would yield fewer, the folders it had not finished)
        for kind, fd, name, _ in _walk(top, None):
            count += 1
            if count > QUOTA_FILES:
                break
            if kind == "file":
                with contextlib.suppress(OSError):
                    used += _used(os.stat(name, dir_fd=fd, follow_symlinks=False))
    except OSError:
        return ""
    return _verdict(count, used)


def _used(info: os.stat_result) -> int:
    """Bytes on disk (a sparse file counts what it holds), or its size where blocks are not told."""
    blocks = getattr(info, "st_blocks", None)
    return info.st_size if blocks is None else blocks * 512


def _verdict(count: int, used: int) -> str:
    if count > QUOTA_FILES:
        return f"more than {QUOTA_FILES} files and folders"
    if used > QUOTA_BYTES:
        return f"more than {QUOTA_BYTES >> 20} MiB"
    return ""


def empty(top: Path, remove: bool = True) -> None:
    """Delete everything beneath ``top`` (and ``top`` itself when ``remove``), however deep; what cannot be
    deleted stays (the sweep of a later app process tries again)."""
    with contextlib.suppress(OSError):
        for kind, fd, name, _ in _walk(top, None):
            with contextlib.suppress(OSError):
                if kind == "dir":
                    os.rmdir(name, dir_fd=fd)
                else:
                    _remove(name, fd)
    if remove:
        with contextlib.suppress(OSError):
            os.rmdir(top)


def _remove(name: str, fd: int | None) -> None:
    """Remove an entry that is not a folder to go into: a file, a link, or (Windows) a junction, which only
    ``rmdir`` removes (the junction itself, never what it points to)."""
    try:
        os.unlink(name, dir_fd=fd)
    except OSError:
        os.rmdir(name, dir_fd=fd)


def _start_time(pid: int) -> str:
    """The process's start time ('' when it has ended): with the pid, it names one process (a pid is reused, not
    with the same start time). Where there is a ``/proc`` (Linux, whatever ``sys.platform`` says), its clock
    ticks since boot, as every version of the app has written them; elsewhere psutil's creation time."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except FileNotFoundError:
        if Path("/proc/self/stat").exists():
            return ""  # Linux, and the process has ended
    except (OSError, IndexError):
        return ""
    try:
        return repr(psutil.Process(pid).create_time())
    except psutil.Error:
        return ""


def app_folder() -> Path:
    """This process's folder for its children's scratch folders (made, and stale ones swept, at first use)."""
    pid = os.getpid()
    folder = _own.get(pid)
    if folder is None:
        base = Path(tempfile.gettempdir())
        sweep(base)
        folder = base / f"{_PREFIX}{pid}-{_start_time(pid) or 0}"
        folder.mkdir(mode=0o700, exist_ok=True)
        _own[pid] = folder
    return folder


def record(scratch: Path, pid: int) -> None:
    """Note a child started in this process's folder (its pid and start time), for a later sweep."""
    with contextlib.suppress(OSError):
        (app_folder() / f"{pid}.child").write_text(f"{_start_time(pid)}\n")


def forget(pid: int) -> None:
    """The child ``pid`` was reaped: its record goes."""
    folder = _own.get(os.getpid())
    if folder is not None:
        with contextlib.suppress(OSError):
            (folder / f"{pid}.child").unlink()


def finish() -> None:
    """Remove this process's folder (at exit, after its children ended)."""
    folder = _own.pop(os.getpid(), None)
    if folder is not None:
        empty(folder)


def _alive(pid: int, start: str) -> bool:
    return _start_time(pid) == start


def sweep(base: Path) -> list[int]:
    """End the recorded children of app processes that ended, and remove their folders; the pids ended."""
    ended = []
    with contextlib.suppress(OSError):
        for folder in base.glob(f"{_PREFIX}*"):
            pid, _, start = folder.name[len(_PREFIX):].partition("-")
            if not pid.isdigit() or int(pid) == os.getpid() or _alive(int(pid), start):
                continue
            for entry in folder.glob("*.child"):
                with contextlib.suppress(OSError, ValueError):
                    child, started = int(entry.stem), entry.read_text().strip()
                    if started and _kill_if(child, started):
                        ended.append(child)
            empty(folder)
    return ended


def _kill_if(pid: int, start: str) -> bool:
    """Kill ``pid`` if it is still the process recorded (same start time): through a pidfd where there is one (a
    pid reused between the check and the kill cannot be hit), else through psutil (which checks again)."""
    if not hasattr(os, "pidfd_open"):
        try:
            process = psutil.Process(pid)
            if _start_time(pid) != start:
                return False
            process.send_signal(getattr(signal, "SIGKILL", signal.SIGTERM))  # SIGTERM: TerminateProcess on Windows
        except psutil.Error:
            return False
        return True
    try:
        handle = os.pidfd_open(pid)
    except OSError:
        return False
    try:
        if _start_time(pid) != start:  # the pid went to another process
            return False
        signal.pidfd_send_signal(handle, signal.SIGKILL)
        return True
    except OSError:
        return False
    finally:
        os.close(handle)
