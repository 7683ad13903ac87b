"""Reading user files safely and writing files atomically, as students' editors and Windows make them.

A student's file may come from Notepad: UTF-8 with a byte order mark, or the
Windows code page (cp1252: an Italian comment "è già colpita"), with CRLF line
ends. Each is read as the text it is. On Windows a file another program holds
open (a spreadsheet showing the results) cannot be replaced for a moment: a
write tries again briefly, then says so in one line.
"""

from __future__ import annotations

import errno
import os
import sys
import tempfile
import time
from pathlib import Path

from app.core.errors import BattleshipError, FileWriteError, MapError

MAX_TEXT_BYTES = 1_000_000
#: the code page Windows editors save in where the text is not UTF-8 (Notepad before 2019, most IDEs' default)
WINDOWS_ENCODING = "cp1252"
#: how long a write waits for another program to let go of the file it replaces (Windows refuses meanwhile)
REPLACE_WAIT = 1.0
REPLACE_TRIES = 10


def read_text(path: str | Path, error: type[BattleshipError] = MapError, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The text of a user's file (``decode``: UTF-8 or the Windows code page, lines ending in ``\\n``).

    Every failure raises ``error`` with a one-line message naming the file:
    missing, a folder, unreadable (a path too long too), too large, not text, or empty.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise _make(error, f"{path}: is a folder, not a file")
        if size > max_bytes:
            raise _make(error, f"{path}: file is too large ({size / 1e6:.1f} MB; at most {max_bytes / 1e6:.1f} MB)")
        data = path.read_bytes()
    except FileNotFoundError as exc:
        raise _make(error, f"{path}: {_TOO_LONG if _too_long(path, exc) else 'no such file'}") from None
    except PermissionError:
        raise _make(error, f"{path}: permission denied") from None
    except OSError as exc:
        raise _make(error, f"{path}: cannot read ({_reason(path, exc)})") from None
    try:
        text = decode(data)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise _make(
            error, f"{path}:{line}: not UTF-8 nor Windows text (byte 0x{data[exc.start]:02x} at offset "
                   f"{exc.start}): save it as UTF-8"
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise _make(error, f"{path}:{line}: binary data (NUL byte), not a text file")
    if not text.strip():
        raise _make(error, f"{path}: file is empty")
    return text


def decode(data: bytes) -> str:
    """``data`` as text: UTF-8 (a byte order mark dropped), else the Windows code page; line ends as ``\\n``.

    UTF-8 first: text in the Windows code page with accents is almost never
    valid UTF-8, so the two are told apart. UnicodeDecodeError (of the UTF-8
    reading) when it is neither.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as not_utf8:
        try:
            text = data.decode(WINDOWS_ENCODING)
        except UnicodeDecodeError:
            raise not_utf8 from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _make(error: type[BattleshipError], text: str) -> BattleshipError:
    if error is MapError:
        return MapError(text)
    return error(text)


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the whole new one."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the whole new one.

    ``FileWriteError`` (an ``OSError`` too) with a one-line message naming the
    file when it cannot be written: a name too long for the system, a folder
    that refuses, a file another program keeps open past ``REPLACE_WAIT``.
    """
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    try:
        mode = path.stat().st_mode & 0o777  # keep the mode of the file replaced
    except OSError:
        mode = 0o644  # not mkstemp's 0600: results and maps are for sharing
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise FileWriteError(path, _reason(path, exc)) from None
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        _replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError) and not isinstance(exc, FileWriteError):
            raise FileWriteError(path, _reason(path, exc)) from None
        raise


def _replace(tmp: str, path: Path) -> None:
    """``os.replace``, tried again for ``REPLACE_WAIT`` while the target is held: Windows refuses to replace a
    file another program has open (an editor, a spreadsheet, a virus scanner looking at it)."""
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(tmp, path)
            return
        except PermissionError:
            if attempt == REPLACE_TRIES - 1:
                raise FileWriteError(path, "permission denied: is it open in another program? Close it and "
                                           "try again") from None
            time.sleep(REPLACE_WAIT / REPLACE_TRIES)


#: Windows' limit on a path's length where long paths are not turned on (MAX_PATH, its final NUL aside)
WINDOWS_MAX_PATH = 259
_TOO_LONG = "the path is too long for this system: move it to a shorter folder or give it a shorter name"


def _too_long(path: Path, exc: OSError) -> bool:
    """Whether ``exc`` says ``path`` is too long: the system says so, or Windows says "not found" of a path past
    MAX_PATH (it does so unless long paths are turned on)."""
    if exc.errno == errno.ENAMETOOLONG or getattr(exc, "winerror", None) == 206:
        return True
    return (sys.platform == "win32" and exc.errno in (errno.ENOENT, errno.EINVAL)
            and len(str(path.absolute())) > WINDOWS_MAX_PATH)


def _reason(path: Path, exc: OSError) -> str:
    """Why reading or writing ``path`` failed, in words (a path too long for the system says so)."""
    if _too_long(path, exc) and not isinstance(exc, PermissionError):
        return _TOO_LONG
    return exc.strerror or str(exc)
