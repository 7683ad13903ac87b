"""Results files: a bench's rows as CSV or JSON (written atomically), and back."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from app.backends.bench.rows import ROW_FIELDS, GameRow
from app.backends.bench.summary import summarize
from app.core import BattleshipError
from app.core.fileio import atomic_write_text


def rows_to_csv(rows: Iterable[GameRow]) -> str:
    """The rows as CSV text with a header line."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=ROW_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        values = row.to_dict()
        writer.writerow({k: ("" if values[k] is None else values[k]) for k in ROW_FIELDS})
    return buffer.getvalue()


def rows_to_json(rows: Sequence[GameRow], meta: dict | None = None, agents: Sequence[str] | None = None) -> str:
    """A JSON document: ``meta`` fields, ``summary`` (per agent) and ``rows`` (per game)."""
    document = dict(meta or {})
    document["summary"] = [s.to_dict() for s in summarize(rows, agents)]
    document["rows"] = [row.to_dict() for row in rows]
    return json.dumps(document, indent=1) + "\n"


def results_format(path: str | Path) -> str:
    """``csv`` or ``json`` from the file's extension; a clear error otherwise."""
    suffix = Path(path).suffix.lower()
    if suffix in (".csv", ".json"):
        return suffix[1:]
    raise BattleshipError(f"{path}: the results file must end in .csv or .json")


def save_results(path: str | Path, rows: Sequence[GameRow], meta: dict | None = None,
                 agents: Sequence[str] | None = None) -> None:
    """Write the rows atomically as CSV or JSON (by extension)."""
    if results_format(path) == "csv":
        text = rows_to_csv(rows)
    else:
        text = rows_to_json(rows, meta, agents)
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise BattleshipError(f"{path}: cannot write the results ({exc.strerror or exc})") from None


def load_results(path: str | Path) -> list[GameRow]:
    """Rows back from a results file written by ``save_results``."""
    from app.core.fileio import read_text

    text = read_text(path, BattleshipError, max_bytes=100_000_000)
    try:
        if results_format(path) == "csv":
            return [GameRow.from_dict(r) for r in csv.DictReader(io.StringIO(text))]
        return [GameRow.from_dict(r) for r in json.loads(text)["rows"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise BattleshipError(f"{path}: not a bench results file ({exc})") from None
