"""What students see holds no path of the grading machine: every path made relative to the submission.

A student's page, the gradebook's feedback (pasted into the LMS) and the copy report quote load errors,
check-agent's findings, crash messages and the agents' own printout, which name files by the absolute paths
the games were played with (``/home/teacher/exams/2026-secret/rossi/rules.clp:12``). ``PathScrubber`` cuts
the known folders off such paths: a submission's own folder (``rules.clp:12``), the class's folder (``rossi:
...``), the maps' folders (the map's file name), the output folder, the app's folder and Python's.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from app.core.paths import ROOT


@dataclass(frozen=True, slots=True)
class PathScrubber:
    """Folder prefixes (with their trailing separator) and what each becomes, longest first."""

    prefixes: tuple[tuple[str, str], ...]

    def text(self, text: str) -> str:
        """``text`` with every known folder cut off the paths in it."""
        for prefix, becomes in self.prefixes:
            if prefix in text:
                text = text.replace(prefix, becomes)
        return text

    def data(self, value):
        """``value`` (strings, lists, tuples and dicts of them, as a game's embedded log) with ``text`` applied."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {key: self.data(item) for key, item in value.items()}
        if isinstance(value, list | tuple):
            return type(value)(self.data(item) for item in value)
        return value


def _spellings(folder: Path) -> set[str]:
    """The ways a folder's path may be written in a message: as given, absolute, resolved; each with ``/`` and
    the system's separator after it."""
    forms = {str(folder), str(folder.absolute()), str(folder.resolve())}
    return {form.rstrip("/\\") + end for form in forms if form not in (".", "") for end in {"/", os.sep}}


def path_scrubber(submissions: Iterable[Path], class_folder: Path, others: Iterable[Path] = ()) -> PathScrubber:
    """A scrubber for a graded class: each submission (a student's folder, or a single file whose folder is the
    class's) becomes relative to itself, the class folder and ``others`` (the maps' folders, the output) are cut
    off, and so are the app's own folder and Python's installation."""
    prefixes: dict[str, str] = {}
    for folder in [*others, Path(sys.base_prefix), Path(sys.prefix), ROOT, class_folder]:
        for form in _spellings(folder):
            prefixes.setdefault(form, "")
    for path in submissions:
        if path.is_dir():
            for form in _spellings(path):
                prefixes[form] = ""
    return PathScrubber(tuple(sorted(prefixes.items(), key=lambda item: -len(item[0]))))
