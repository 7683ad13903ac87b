"""A class's submissions as the teacher has them: the one way ``bench``, ``similar`` and ``grade`` find them.

A folder of submissions holds one entry per student (names starting with ``.`` or ``_`` are left out:
``__pycache__``, editors' files, ``__MACOSX``):

- a ``.clp`` or ``.py`` file is a submission of its own, named by the file name;
- a sub-folder is one student's, named by the folder. Its files, in the order they are loaded:
  1. the files its ``load-order.txt`` lists (one per line, relative to the folder, ``#`` comments; every
     entry must stay inside the folder: ``app.backends.registry``);
  2. else its ``.clp`` files, by name (``01-facts.clp``, ``02-rules.clp``, ...);
  3. else its ``.py`` file (several: the one defining ``AGENT``);
  and when the folder holds none of these itself, those of the folders inside it (a zip unpacked one level
  deeper).

A submission that cannot be played (a load order naming a file outside the folder, two Python files that
both define ``AGENT``, a folder with no agent file) is still a submission: its ``error`` says why, in one line,
and the class goes on without it. A roster CSV (``read_roster``) gives each submission's student id, name and
e-mail; without one the identity is the submission's name.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

from app.backends.kinds import for_file
from app.backends.registry import load_order_file, resolve
from app.core import AgentError, BattleshipError
from app.core.fileio import decode

_AGENT_DEFINED = re.compile(r"^AGENT\s*=", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Found:
    """One submission: its ``name`` (folder or file name), where it is, its files in load order, the agent
    text that plays it (``app.backends.registry.resolve`` reads it), or the ``error`` saying why it cannot."""

    name: str
    path: Path
    paths: tuple[Path, ...] = ()
    agent: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        """True when the submission can be played."""
        return not self.error


def _hidden(path: Path, folder: Path) -> bool:
    return any(part.startswith((".", "_")) for part in path.relative_to(folder).parts)


def find(folder: str | Path) -> list[Found]:
    """Every submission in ``folder``, sorted by name (entries that are not agents left out); BattleshipError
    when ``folder`` is not a folder or holds no submission."""
    folder = Path(folder)
    if not folder.is_dir():
        raise BattleshipError(f"{folder}: no such folder of submissions")
    found = []
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if entry.name.startswith((".", "_")):
            continue
        if entry.is_dir():
            submission = _folder(entry)
            if submission is not None:
                found.append(submission)
        elif entry.is_file() and for_file(entry) is not None and for_file(entry).build is not None:
            found.append(Found(entry.name, entry, (entry,), str(entry)))
    if not found:
        raise BattleshipError(f"{folder}: a folder of submissions holds no .clp or .py file or student folder")
    return found


def _folder(folder: Path) -> Found | None:
    """The submission in a student's folder (None: no agent file in it at all)."""
    if load_order_file(folder):
        try:
            spec = resolve(str(folder.resolve()))  # a path, never a shipped agent's name
        except AgentError as error:
            return Found(folder.name, folder, error=str(error))
        return Found(folder.name, folder, spec.paths, str(folder))
    for pattern in ("*", "*/**/*"):  # its own files, else those of the folders in it
        clips = _files(folder, pattern + ".clp")
        if clips:
            return Found(folder.name, folder, clips, ",".join(str(p) for p in clips))
        python = _files(folder, pattern + ".py")
        if len(python) == 1:
            return Found(folder.name, folder, python, str(python[0]))
        if python:
            defining = [p for p in python if _AGENT_DEFINED.search(p.read_text(encoding="utf-8", errors="replace"))]
            if len(defining) == 1:
                return Found(folder.name, folder, python, str(defining[0]))
            return Found(folder.name, folder, python, error=(
                f"{folder}: {len(python)} .py files and {len(defining) or 'none'} of them defining AGENT: "
                "a Python agent is one file defining AGENT (keep one, or leave helpers without it)"))
    return None


def _files(folder: Path, pattern: str) -> tuple[Path, ...]:
    return tuple(sorted(p for p in folder.glob(pattern) if p.is_file() and not _hidden(p, folder)))


@dataclass(frozen=True, slots=True)
class Student:
    """Who a submission is: the id the gradebook uses, the name and e-mail (from the roster, or the folder)."""

    id: str
    name: str
    email: str = ""


ROSTER_COLUMNS = ("id", "name", "email")


def read_roster(path: str | Path) -> dict[str, Student]:
    """The roster CSV: a header with ``id`` and ``name`` (``email`` optional), one student a line; by id.
    A submission is matched to its student by the folder (or file) name: the id, or the e-mail's part before
    ``@``. BattleshipError naming the file and line for a bad roster."""
    path = Path(path)
    try:
        text = decode(path.read_bytes())  # Excel on Windows saves its CSV in the Windows code page
    except (OSError, UnicodeDecodeError) as exc:
        raise BattleshipError(f"{path}: cannot read the roster ({getattr(exc, 'strerror', None) or exc})") from None
    reader = csv.DictReader(text.splitlines())
    heads = [h.strip().lower() for h in reader.fieldnames or []]
    missing = [c for c in ROSTER_COLUMNS[:2] if c not in heads]
    if missing:
        raise BattleshipError(f"{path}:1: the roster needs the columns id, name (and optionally email); "
                              f"{', '.join(missing)} missing")
    students: dict[str, Student] = {}
    for number, row in enumerate(reader, start=2):
        row = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items()}
        if not row.get("id"):
            raise BattleshipError(f"{path}:{number}: a student with no id")
        if row["id"] in students:
            raise BattleshipError(f"{path}:{number}: student id {row['id']} listed twice")
        students[row["id"]] = Student(row["id"], row.get("name") or row["id"], row.get("email", ""))
    return students


def identify(found: list[Found], roster: dict[str, Student] | None = None) -> dict[str, Student]:
    """Each submission's student, by submission name: the roster's (matched by id or e-mail user, the file's
    suffix left out) or, without a roster, the name itself."""
    by_key: dict[str, Student] = {}
    for student in (roster or {}).values():
        by_key[student.id.lower()] = student
        if student.email:
            by_key.setdefault(student.email.split("@")[0].lower(), student)
    students = {}
    for submission in found:
        key = Path(submission.name).stem.lower() if submission.path.is_file() else submission.name.lower()
        students[submission.name] = by_key.get(key) or Student(submission.name, submission.name)
    return students
