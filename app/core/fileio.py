"""Reading user files safely and writing files atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from app.core.errors import BattleshipError, MapError

MAX_TEXT_BYTES = 1_000_000


def read_text(path: str | Path, error: type[BattleshipError] = MapError, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The text of a user's file, decoded as UTF-8 (a BOM is dropped).

    Every failure raises ``error`` with a one-line message naming the file:
    missing, a folder, unreadable, too large, not UTF-8, or empty.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise _make(error, f"{path}: is a folder, not a file")
        if size > max_bytes:
            raise _make(error, f"{path}: file is too large ({size / 1e6:.1f} MB; at most {max_bytes / 1e6:.1f} MB)")
        data = path.read_bytes()
    except FileNotFoundError:
        raise _make(error, f"{path}: no such file") from None
    except PermissionError:
        raise _make(error, f"{path}: permission denied") from None
    except OSError as exc:
        raise _make(error, f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise _make(
            error, f"{path}:{line}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise _make(error, f"{path}:{line}: binary data (NUL byte), not a text file")
    if not text.strip():
        raise _make(error, f"{path}: file is empty")
    return text


def _make(error: type[BattleshipError], text: str) -> BattleshipError:
    if error is MapError:
        return MapError(text)
    return error(text)


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the whole new one."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the whole new one."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    try:
        mode = path.stat().st_mode & 0o777  # keep the mode of the file replaced
    except OSError:
        mode = 0o644  # not mkstemp's 0600: results and maps are for sharing
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
