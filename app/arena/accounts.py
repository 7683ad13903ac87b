"""Who may use the arena: the roster's students, the teacher, and their tokens.

A token is made once (``secrets``), written once to the tokens CSV (``identifier,token``) for the teacher to hand
out, and stored only as its SHA-256: a copy of the database does not let anyone in. A later start with a roster that
names new students gives them tokens in a new CSV beside the first (``tokens-2.csv``, ...)."""

from __future__ import annotations

import csv
import hashlib
import io
import secrets
import string
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.arena.schema import TEACHER, Student, Token
from app.core import BattleshipError
from app.core.fileio import atomic_write_text
from app.tournament.submissions import read_roster

#: a token's characters: letters and digits only, so that one never starts with ``-`` (``--token -abc`` would be read
#: as another option by a command line) nor needs quoting in a shell, a CSV or a URL
TOKEN_ALPHABET = string.ascii_letters + string.digits
TOKEN_LENGTH = 32  # about 190 bits


@dataclass(frozen=True, slots=True)
class Caller:
    """Who a token is: a roster identifier, or ``teacher``."""

    identifier: str
    teacher: bool


def token_digest(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def caller(session: Session, token: str | None) -> Caller | None:
    """The caller a token is (None: no token, or one the arena never made)."""
    if not token:
        return None
    identifier = session.scalar(select(Token.identifier).where(Token.digest == token_digest(token.strip())))
    return None if identifier is None else Caller(identifier, identifier == TEACHER)


def add_roster(session: Session, roster: str | Path) -> list[str]:
    """The roster's students not in the arena yet, added (numbered after the others); their identifiers. Those
    known already take the roster's name and e-mail (a corrected spelling); none is removed (their games stay).
    BattleshipError naming the file for a bad roster or one naming a student ``teacher``."""
    students = read_roster(roster)
    if TEACHER in students:
        raise BattleshipError(f"{roster}: the id {TEACHER!r} is the teacher's: give that student another id")
    known = {s.identifier: s for s in session.scalars(select(Student))}
    number = session.scalar(select(func.max(Student.number))) or 0
    added = []
    for student in students.values():
        if student.id in known:
            known[student.id].name, known[student.id].email = student.name, student.email
            continue
        number += 1
        session.add(Student(identifier=student.id, name=student.name, email=student.email, number=number))
        added.append(student.id)
    return added


def make_tokens(session: Session, identifiers: list[str]) -> list[tuple[str, str]]:
    """A new token for each identifier (its digest stored): (identifier, token) pairs to write out."""
    made = []
    for identifier in identifiers:
        token = "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))
        session.add(Token(digest=token_digest(token), identifier=identifier))
        made.append((identifier, token))
    return made


def has_teacher(session: Session) -> bool:
    """True once the teacher's token was made."""
    return session.scalar(select(Token.digest).where(Token.identifier == TEACHER)) is not None


def tokens_file(wanted: Path) -> Path:
    """Where new tokens are written: ``wanted``, or when it exists already (tokens handed out at an earlier
    start) the first free ``STEM-N.csv`` beside it: a tokens file is never overwritten."""
    path, number = wanted, 1
    while path.exists():
        number += 1
        path = wanted.with_name(f"{wanted.stem}-{number}{wanted.suffix}")
    return path


def write_tokens(path: Path, made: list[tuple[str, str]]) -> None:
    """The tokens CSV (``identifier,token``), written at once (a reader never sees half of it)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("identifier", "token"))
    writer.writerows(made)
    try:
        atomic_write_text(path, out.getvalue())
        path.chmod(0o600)  # the tokens are passwords: the teacher's eyes only
    except OSError as exc:
        raise BattleshipError(f"{path}: cannot write the tokens ({exc.strerror or exc})") from None
