"""A class's submissions as the teacher has them: a folder with one sub-folder per student, or single files.

Which entries are submissions and their files in load order: ``app.tournament.submissions`` (the one way
``bench``, ``similar`` and ``grade`` find them); here each one's files are read into units.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from app.backends.kinds import CLIPS, PYTHON, AgentKind
from app.backends.registry import AGENTS_DIR, discover
from app.core import BattleshipError
from app.core.paths import RESOURCES
from app.similarity.clips_units import clips_units
from app.similarity.python_units import python_units
from app.similarity.units import SimilarityError, Unit
from app.tournament.submissions import find

SUFFIXES = {".clp": CLIPS, ".py": PYTHON}  # the kinds whose code the normalisers read
TEMPLATES = (AGENTS_DIR / "templates" / "my_agent.clp", AGENTS_DIR / "templates" / "my_agent.py")


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


def find_submissions(folder: str | Path, skipped: list[tuple[str, str]] | None = None) -> list[Submission]:
    """The submissions in ``folder`` (found by ``app.tournament.submissions.find``, read), sorted by name;
    SimilarityError for a bad folder or file, or, with ``skipped``, those left out as (name, why)."""
    try:
        entries = find(folder)
    except BattleshipError as error:
        raise SimilarityError(str(error)) from None
    found = []
    for entry in entries:
        try:
            if not entry.paths:
                raise SimilarityError(entry.error)
            found.append(read_submission(entry.name, entry.paths, root=entry.path))
        except SimilarityError as error:
            if skipped is None:
                raise
            skipped.append((entry.name, str(error)))
    if len(found) < 2:
        raise SimilarityError(f"{folder}: {len(found)} submission(s) found (.clp or .py files, or a folder of them "
                              f"per student): nothing to compare")
    return found


def read_submission(name: str, paths: tuple[Path, ...] | list[Path],
                    also_defined: dict[str, str] | None = None, root: Path | None = None) -> Submission:
    """A submission of ``paths`` (all .clp or all .py), its units read; SimilarityError if one cannot be read.
    ``also_defined``: names to take as defined by it too (for a base file: those the submissions define);
    ``root``: the submission's folder (or file): its units and errors name files from there (``alice/rules.clp``),
    never by the grading machine's paths."""
    paths = tuple(Path(p) for p in paths)
    kinds = {SUFFIXES.get(p.suffix) for p in paths}
    if None in kinds or len(kinds) != 1:
        raise SimilarityError(f"{name}: a submission is .clp files or .py files, not {', '.join(p.name for p in paths)}")
    kind = kinds.pop()
    files = [(_shown(path, root), _text(path)) for path in paths]
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
        base.append(read_submission(path.name, (path,), defined, root=path))
    return base


def shipped_base() -> list[Path]:
    """The files every student may hold without copying anyone: the game's MAIN and ENV modules, the shipped
    agents' shared CLIPS library and the templates (``similar`` and ``grade`` discount them by default)."""
    return [*sorted((RESOURCES / "clips").glob("*.clp")), *sorted((AGENTS_DIR / "clips" / "lib").glob("*.clp")),
            *TEMPLATES]


def starters() -> list[Submission]:
    """What a student may hand in unchanged: each shipped agent (as ``new-agent --from NAME`` copies it) and
    each template, read as submissions named so."""
    found = [read_submission(f"the template {path.name}", (path,), root=path) for path in TEMPLATES]
    for name, spec in discover().items():
        if all(AGENTS_DIR in path.resolve().parents and path.suffix in SUFFIXES for path in spec.paths):
            found.append(read_submission(f"the shipped agent {name}", spec.paths, root=spec.paths[0].parent))
    return found


def unchanged_starters(submissions: list[Submission]) -> dict[str, str]:
    """The submissions that are a starter with nothing changed but names, comments and layout (the same
    canonical units), by name: which starter."""
    def units(sub: Submission) -> Counter:
        return Counter(unit.tokens for unit in sub.units)

    known = [(starter.name, units(starter)) for starter in starters()]
    return {sub.name: name for sub in submissions for name, made in known if units(sub) == made}


def _shown(path: Path, root: Path | None) -> Path:
    """How a file of a submission is named in what the similarity check shows: from the submission's folder
    (its name first), or the file's own name (no root: the file and its folder's name)."""
    if root is None:
        return Path(path.parent.name) / path.name
    if path == root or not path.is_relative_to(root):
        return Path(path.name)
    return Path(root.name) / path.relative_to(root)


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise SimilarityError(f"{path}: cannot read ({error.strerror})") from None
