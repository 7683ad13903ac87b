"""A version's files on disk: the names a submission may use, and writing them under a folder.

A submission names its files relative to the submitted folder (``load-order.txt`` included); the intake checks
them in a temporary copy and the player plays them from a cached one, both written here, under ``AGENT_FOLDER``."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

NAME_CHARS = 255
AGENT_FOLDER = "agent"  # the folder a version's files are written in (its messages name files relative to it)


class Refused(Exception):
    """A submission the arena does not take: the HTTP status, a one-line message, and for the day's limit the
    seconds until the next submission is taken."""

    def __init__(self, status: int, message: str, retry_after: int | None = None):
        super().__init__(message)
        self.status, self.message, self.retry_after = status, message, retry_after


def clean_name(name: str) -> str:
    """A submitted file's name as stored: relative, ``/``-separated, inside the folder, printable, at most
    ``NAME_CHARS`` long; Refused (400) otherwise."""
    if not isinstance(name, str) or not name or len(name) > NAME_CHARS or not name.isprintable():
        raise Refused(400, f"{str(name)[:80]!r}: a file name has 1 to {NAME_CHARS} printable characters")
    path = PurePosixPath(name.replace("\\", "/"))
    if path.is_absolute() or ".." in path.parts or path.parts[:1] in ((), (".",)) or ":" in path.parts[0]:
        raise Refused(400, f"{name!r}: a file name must be relative to the submitted folder, without '..'")
    return str(path)


def write_files(folder: Path, files: list[tuple[str, bytes]]) -> None:
    """Write a version's files under ``folder`` by their relative names."""
    for name, data in files:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
