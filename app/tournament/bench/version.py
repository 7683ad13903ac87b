"""Which build of Battleship Lab plays the games: a hash of the code and CLIPS resources that decide a result."""

from __future__ import annotations

import functools
import hashlib
import platform
from importlib import metadata

from app.core.paths import ROOT

_SOURCES = (("app", "*.py"), ("resources/clips", "*"))
DEPENDENCIES = ("numpy", "clipspy", "scipy", "matplotlib", "jinja2", "statsmodels", "scikit-posthocs",
                "dask", "distributed")


@functools.cache
def app_build() -> str:
    """A short hash of every source file under ``app/`` and ``resources/clips/`` (names and contents)."""
    sha = hashlib.sha256()
    for folder, pattern in _SOURCES:
        for path in sorted((ROOT / folder).rglob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts:
                sha.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()[:12]


def versions() -> dict[str, str]:
    """Python's and each installed dependency's version (missing ones are left out)."""
    found = {"python": platform.python_version()}
    for name in DEPENDENCIES:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return found
