"""The tournament's results store: one JSON line per game, keyed by (agent hash, map hash, rules, seed).

Games are appended as they (or their chunk) finish, each batch in one
``write`` on a file opened for appending and then synced, so a kill loses at
most the batch being written; a torn last line is dropped (and cut off before
the next append). ``--resume`` reads the keys back and plays only the others,
and the games not scored (``kept_keys``): a later copy of a key wins.
The key uses file *contents*, not names: a resubmitted agent or a changed map
is a new game, a renamed file is not.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from app.backends.registry import resolve
from app.core import BattleshipError
from app.tournament.bench.rows import BenchConfig, GameRow, RowStatus

STORE_SUFFIX = ".jsonl"
KEY_FIELDS = ("agent_hash", "map_hash", "rules_key", "seed")
EXTRA_FIELDS = (*KEY_FIELDS[:3], "known", "host", "finished")
_HASH_CHARS = 16


@dataclass(frozen=True, slots=True)
class GameKey:
    """What makes two games the same game: the agent's files, the map file, the rules and the seed."""

    agent_hash: str
    map_hash: str
    rules_key: str
    seed: int


def digest_files(files: Sequence[tuple[str, bytes]]) -> str:
    """A short SHA-256 of named contents (names and bytes, in order)."""
    sha = hashlib.sha256()
    for name, data in files:
        sha.update(name.encode("utf-8") + b"\0" + len(data).to_bytes(8, "big") + data)
    return sha.hexdigest()[:_HASH_CHARS]


def agent_files(agent: str) -> list[tuple[str, bytes]]:
    """The agent's files as (name, contents), in load order (names relative to the first file's folder)."""
    spec = resolve(agent)
    base = spec.paths[0].parent
    files = []
    for path in spec.paths:
        try:
            files.append((os.path.relpath(path, base), path.read_bytes()))
        except OSError as exc:
            raise BattleshipError(f"{path}: cannot read the agent file ({exc.strerror or exc})") from None
    return files


def map_bytes(path: str | Path) -> bytes:
    """A map file's contents (a one-line error when it cannot be read)."""
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise BattleshipError(f"{path}: cannot read the map ({exc.strerror or exc})") from None


def map_hash(path: str | Path) -> str:
    """The key of a map: the hash of its file's contents."""
    return digest_files([("map", map_bytes(path))])


def rules_key(config: BenchConfig) -> str:
    """Everything of the configuration that can change a game's result, as one short text."""
    parts = [config.rules]
    for name in ("fires", "guesses", "max_steps"):
        value = getattr(config, name)
        if value is not None:
            parts.append(f"{name}={value}")
    if config.pick_first:
        parts.append("pick-first")
    parts += [f"{key}={value}" for key, value in sorted(config.params)]
    if config.course_main:  # played with a course's own MAIN and ENV: their contents, so a --resume never mixes
        files = [(name, Path(path).read_bytes()) for name, path in (("main", config.course_main),
                                                                    ("env", config.course_env))]
        parts.append(f"course={digest_files(files)}")
    return ";".join(parts)


def game_key(record: dict) -> GameKey:
    """The key of a stored record."""
    return GameKey(str(record["agent_hash"]), str(record["map_hash"]), str(record["rules_key"]), int(record["seed"]))


def make_record(row: GameRow, key: GameKey, known: int | None, host: str | None = None) -> dict:
    """A stored line: the row, its key, the map's cells known at start, the machine and the time."""
    record = row.to_dict()
    record.update(asdict(key))
    record["known"] = known
    record["host"] = host or socket.gethostname()
    record["finished"] = round(time.time(), 3)
    return record


class ResultStore:
    """An append-only JSON Lines file of game records."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        if self.path.suffix.lower() != STORE_SUFFIX:
            raise BattleshipError(f"{path}: a tournament results file must end in {STORE_SUFFIX}")

    def exists(self) -> bool:
        """True when the file exists and holds at least one byte."""
        try:
            return self.path.stat().st_size > 0
        except OSError:
            return False

    def records(self) -> list[dict]:
        """Every complete record, in file order (a torn last line is ignored; a later copy of a key wins)."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise BattleshipError(f"{self.path}: cannot read the results ({exc.strerror or exc})") from None
        lines = data.split(b"\n")
        complete, torn = lines[:-1], lines[-1]
        found: dict[GameKey, dict] = {}
        for number, line in enumerate(complete, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                found[game_key(record)] = record
            except (ValueError, KeyError, TypeError) as exc:
                raise BattleshipError(f"{self.path}:{number}: not a results line ({exc})") from None
        del torn  # a line without its newline was being written when the run stopped: not a game
        return list(found.values())

    def keys(self) -> set[GameKey]:
        """The keys of the games already stored."""
        return {game_key(r) for r in self.records()}

    def kept_keys(self, timeouts: bool = False) -> set[GameKey]:
        """The keys of the stored games ``--resume`` keeps: the scored ones, whatever the agent did in them (and
        with ``timeouts``, those killed by the per-game timeout too: ``grade`` keeps a hung agent's games).

        A game not scored (status ``timeout`` or ``error``: the bench's per-game
        timeout killed it, its worker process died or was killed, a cluster
        worker kept dying, the agent or map could not be loaded) is played again.
        """
        kept = (RowStatus.OK, RowStatus.TIMEOUT) if timeouts else (RowStatus.OK,)
        return {game_key(r) for r in self.records() if r.get("status") in kept}

    def rows(self) -> list[GameRow]:
        """The stored games as bench rows."""
        return [GameRow.from_dict(r) for r in self.records()]

    def append(self, records: Iterable[dict]) -> None:
        """Add records at the end in one write, then sync (cutting off a torn last line first)."""
        text = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records)
        if not text:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # O_BINARY: Windows' os.open is in text mode without it (each "\n" written as "\r\n", the torn-line
            # cut's offsets off)
            descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND | getattr(os, "O_BINARY", 0), 0o644)
            try:
                _cut_torn_line(descriptor)
                os.write(descriptor, text.encode("utf-8"))
                os.fsync(descriptor)
            finally:
                os.close(descriptor)
        except OSError as exc:
            raise BattleshipError(f"{self.path}: cannot append the results ({exc.strerror or exc})") from None


def _cut_torn_line(descriptor: int) -> None:
    size = os.fstat(descriptor).st_size
    if not size:
        return
    tail_start = max(0, size - 65536)
    while True:
        os.lseek(descriptor, tail_start, os.SEEK_SET)  # not os.pread: Windows has none (O_APPEND writes at the end)
        tail = os.read(descriptor, size - tail_start)
        if tail.endswith(b"\n"):
            return
        cut = tail.rfind(b"\n")
        if cut >= 0:
            os.ftruncate(descriptor, tail_start + cut + 1)
            return
        if tail_start == 0:
            os.ftruncate(descriptor, 0)
            return
        tail_start = max(0, tail_start - 65536)
