"""A class's submissions as the teacher has them: a folder with one sub-folder per student, or single files.

A sub-folder's files are read in the order the app loads them (``app.backends.registry``): the files its
``load-order.txt`` lists, else its ``.clp`` files by name, else its ``.py`` files by name (those of its
sub-folders when it has none of its own: a zip unpacked one level deeper). A ``.clp`` or ``.py``
file directly in the folder is a submission of its own, named by the file. Names starting with ``.`` or
``_`` are left out (``__pycache__``, editors' files).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from app.backends.kinds import CLIPS, PYTHON, AgentKind
from app.backends.registry import LOAD_ORDER, resolve
from app.backends.similarity.clips_units import clips_units
from app.backends.similarity.python_units import python_units
from app.backends.similarity.units import SimilarityError, Unit
from app.core import AgentError

SUFFIXES = {".clp": CLIPS, ".py": PYTHON}  # the kinds whose code the normalisers read


@dataclass(frozen=True)
class Submission:
    """One student's work: its name (folder or file name), kind, files in load order and units."""

    name: str
    kind: AgentKind
    paths: tuple[Path, ...]
    units: tuple[Unit, ...] = field(repr=False, compare=False, default=())
    #: the names it defines -> their placeholders
    names: dict[str, str] = field(repr=False, compare=False, hash=False, default_factory=dict)

    @property
    def agent(self) -> str:
        """The agent text the app's registry resolves to these files (to play it)."""
        return ",".join(str(p) for p in self.paths)


def find_submissions(folder: str | Path) -> list[Submission]:
    """The submissions in ``folder`` (read), sorted by name; SimilarityError for a bad folder or file."""
    folder = Path(folder)
    if not folder.is_dir():
        raise SimilarityError(f"{folder}: no such folder of submissions")
    found = []
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if entry.name.startswith((".", "_")):
            continue
        if entry.is_dir():
            paths = _folder_files(entry)
            if paths:
                found.append(read_submission(entry.name, paths))
        elif entry.suffix in SUFFIXES:
            found.append(read_submission(entry.name, (entry,)))
    if len(found) < 2:
        raise SimilarityError(f"{folder}: {len(found)} submission(s) found (.clp or .py files, or a folder of them "
                              f"per student): nothing to compare")
    return found


def _folder_files(folder: Path) -> tuple[Path, ...]:
    """A student's files in load order (empty: the folder holds no agent files)."""
    if (folder / LOAD_ORDER).is_file():
        try:
            return resolve(str(folder.resolve())).paths  # a path, never a shipped agent's name
        except AgentError as error:
            raise SimilarityError(str(error)) from None
    for pattern in ("*", "**/*"):  # its own files, else those of the folders in it (a zip unpacked one level deeper)
        for suffix in SUFFIXES:
            files = tuple(sorted(p for p in folder.glob(pattern + suffix) if p.is_file()
                                 and not any(part.startswith((".", "_")) for part in p.relative_to(folder).parts)))
            if files:
                return files
    return ()


def read_submission(name: str, paths: tuple[Path, ...] | list[Path],
                    also_defined: dict[str, str] | None = None) -> Submission:
    """A submission of ``paths`` (all .clp or all .py), its units read; SimilarityError if one cannot be read.
    ``also_defined``: names to take as defined by it too (for a base file: those the submissions define)."""
    paths = tuple(Path(p) for p in paths)
    kinds = {SUFFIXES.get(p.suffix) for p in paths}
    if None in kinds or len(kinds) != 1:
        raise SimilarityError(f"{name}: a submission is .clp files or .py files, not {', '.join(p.name for p in paths)}")
    kind = kinds.pop()
    files = [(path, _text(path)) for path in paths]
    units, names = (clips_units if kind is CLIPS else python_units)(files, also_defined)
    return Submission(name, kind, paths, tuple(units), names)


def read_base(paths: list[str | Path], submissions: list[Submission] = ()) -> list[Submission]:
    """The starter files the teacher handed out (``--base``), each read as a submission of its own, taking the
    CLIPS functions any of ``submissions`` defines as defined (the starter calls the function each student
    writes). Only functions: a student's template or slot may be named as a symbol the starter uses."""
    defined = {name: kind for sub in submissions for name, kind in sub.names.items() if kind == "#F"}
    base = []
    for path in map(Path, paths):
        if not path.is_file():
            raise SimilarityError(f"{path}: no such base file")
        base.append(read_submission(path.name, (path,), defined))
    return base


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise SimilarityError(f"{path}: cannot read ({error.strerror})") from None
