"""Game logs as JSON Lines: the map, the profile and every step; they replay exactly.

Line 1 is a header ``{"type": "game", ...}`` holding the map (native text),
the rules profile with its limits, the agent and the seed; then one
``{"type": "step", ...}`` line per event, each after the
``{"type": "note", "step": N, "text": ...}`` lines said while the agent
decided it (its printouts, why the game stopped), and after it, when the game
was traced, a ``{"type": "trace", "step": N, ...}`` line (a CLIPS agent's
rule firings, fact changes and agenda for that step), and when the markers the
agent draws changed at that step, a ``{"type": "markers", "step": N,
"markers": [[x, y, value, label, colour], ...]}`` line (app/core/markers.py;
logs from before markers have none); last a
``{"type": "result", ...}`` line with the statistics and the score. Notes are
shown by replays and never change them.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from app.core.errors import BattleshipError, LogError, MapError
from app.core.events import GameResult, StepEvent
from app.core.fileio import atomic_write_bytes, atomic_write_text, read_text
from app.core.formats import clp, native
from app.core.game import Game
from app.core.grid import Cell, Piece
from app.core.markers import capped_markers
from app.core.rules import get_profile

LOG_FORMAT = "battleship-lab-log"
LOG_VERSION = 1


def interleaved(game: Game) -> Iterator[StepEvent | tuple[int, str]]:
    """The game's events with its notes, each note (step, text) just before the step it came before."""
    notes = sorted(game.notes, key=lambda note: note[0])  # stable: in the order said within a step
    said = 0
    for event in game.events:
        while said < len(notes) and notes[said][0] <= event.step:
            yield notes[said]
            said += 1
        yield event
    yield from notes[said:]


def dumps(game: Game, seed: int | None = None) -> str:
    """The JSON Lines text of a game (finished or not)."""
    header = {
        "type": "game",
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "map_name": game.map.name,
        "map": native.dump(game.map) if not game.map.warnings else clp.dump(game.map),
        **({"map_format": "clp"} if game.map.warnings else {}),  # a map only a course file can hold
        "rules": game.profile.name,
        "limits": {"fires": game.profile.fires, "guesses": game.profile.guesses, "max_steps": game.profile.max_steps},
        "agent": game.agent,
        "seed": seed,
    }
    lines = [json.dumps(header)]
    for item in interleaved(game):
        if isinstance(item, StepEvent):
            lines.append(json.dumps({"type": "step", **item.to_dict()}))
            trace = game.traces.get(item.step)
            if trace is not None:
                lines.append(json.dumps({"type": "trace", **(trace if isinstance(trace, dict) else trace.to_dict())}))
            markers = game.markers.get(item.step)
            if markers is not None:
                lines.append(json.dumps({"type": "markers", "step": item.step,
                                         "markers": [marker.to_list() for marker in markers]}))
        else:
            lines.append(json.dumps({"type": "note", "step": item[0], "text": item[1]}))
    if game.over:
        result = game.result().to_dict()
        del result["actions"]
        lines.append(json.dumps({"type": "result", **result}))
    return "\n".join(lines) + "\n"


def save(game: Game, path: str | Path, seed: int | None = None) -> Path | None:
    """Write the game's log to ``path`` atomically, and the files the agent wrote into a folder beside it
    (``files_folder``); that folder, or None when the agent wrote none."""
    try:
        atomic_write_text(path, dumps(game, seed))
    except OSError as exc:
        raise LogError(f"{path}: cannot write the log ({exc.strerror or exc})") from None
    if not game.written_files:
        return None
    for name in game.written_files:  # names relative to the scratch folder only
        if Path(name).is_absolute() or ".." in Path(name).parts:
            raise LogError(f"{path}: the agent's file name {name!r} is not a plain relative path")
    folder = files_folder(path)
    for name, data in game.written_files.items():
        target = folder / name
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(target, data)
        except OSError as exc:
            raise LogError(f"{target}: cannot save the file the agent wrote ({exc.strerror or exc})") from None
    return folder


def files_folder(log_path: str | Path) -> Path:
    """Where the files an agent wrote are saved beside its game log: ``game.jsonl`` -> ``game.agent-files/``."""
    path = Path(log_path)
    return path.with_name(f"{path.stem}.agent-files")


@dataclass
class Replay:
    """A replayed log: the game rebuilt by the engine and where it disagrees with the log."""

    game: Game
    seed: int | None
    mismatches: list[str] = field(default_factory=list)
    recorded_score: int | None = None

    @property
    def result(self) -> GameResult:
        """The engine's result of the replayed game."""
        return self.game.result()


def _records(text: str, path: str) -> list[tuple[int, dict]]:
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"{path}:{number}: not JSON ({exc.msg})") from None
        if not isinstance(record, dict) or "type" not in record:
            raise LogError(f"{path}:{number}: expected an object with a \"type\"")
        records.append((number, record))
    return records


def replay_text(text: str, path: str = "<log>") -> Replay:
    """Re-play a log's actions through the engine; LogError if the log is malformed."""
    records = _records(text, path)
    if not records or records[0][1].get("type") != "game":
        raise LogError(f"{path}:1: not a game log (the first line must be the game header)")
    number, header = records[0]
    try:
        if header.get("map_format") == "clp":  # touching ships or contradicting k-cells (docs/rules.md)
            game_map = dataclasses.replace(clp.parse(str(header["map"]), f"{path}:{number} (map)"),
                                           name=str(header.get("map_name") or ""))
        else:
            game_map = native.parse(str(header["map"]), f"{path}:{number} (map)")
            game_map = type(game_map).create(game_map.ships, game_map.known, game_map.row_counts,
                                             game_map.col_counts, name=str(header.get("map_name") or ""))
        limits = header.get("limits") or {}
        if not isinstance(limits, dict) or not all(
            isinstance(limits.get(k), int) and not isinstance(limits.get(k), bool) or limits.get(k) is None
            for k in ("fires", "guesses", "max_steps")
        ):
            raise TypeError("limits must be whole numbers")
        profile = get_profile(str(header["rules"])).with_limits(
            limits.get("fires"), limits.get("guesses"), limits.get("max_steps")
        )
    except KeyError as exc:
        raise LogError(f"{path}:{number}: the game header has no {exc.args[0]!r}") from None
    except (MapError, BattleshipError, TypeError) as exc:
        raise LogError(f"{path}:{number}: bad game header: {exc}") from None
    game = Game(game_map, profile, agent=str(header.get("agent") or ""))
    seed = header.get("seed")
    replay = Replay(game, seed if isinstance(seed, int) else None)
    done = 0  # step records read so far
    for number, record in records[1:]:
        kind = record.get("type")
        if kind == "result":
            replay.recorded_score = record.get("score")
            errors = record.get("load_errors") or []
            if not isinstance(errors, list) or not all(isinstance(error, str) for error in errors):
                raise LogError(f"{path}:{number}: load_errors must be a list of texts")
            game.load_errors = tuple(errors)  # a game played with load errors stays marked in its replay
            continue
        if kind == "note":
            step, said = record.get("step"), record.get("text")
            if type(step) is not int or step < 0 or not isinstance(said, str):
                raise LogError(f"{path}:{number}: a note needs a step (a whole number) and a text")
            game.notes.append((step, said))
            continue
        if kind == "trace":
            if type(record.get("step")) is not int:
                raise LogError(f"{path}:{number}: a trace needs a step (a whole number)")
            game.traces[record["step"]] = {key: value for key, value in record.items() if key != "type"}
            continue
        if kind == "markers":
            step, markers = record.get("step"), record.get("markers")
            if type(step) is not int or step < 0 or not isinstance(markers, list):
                raise LogError(f"{path}:{number}: a markers record needs a step (a whole number) and a list of markers")
            game.markers[step] = capped_markers(markers)  # capped as the agent's were: a log is data from anywhere
            continue
        if kind != "step":
            raise LogError(f"{path}:{number}: unknown record type {kind!r}")
        done += 1
        if done <= len(game.events):
            event = game.events[done - 1]  # the engine already produced it (automatic solve)
        elif game.over:
            replay.mismatches.append(f"line {number}: the log goes on after the game was solved")
            break
        elif record.get("by_engine"):
            event = game.stop(str(record.get("reason") or "stopped"))
        else:
            action = record.get("action")
            if not isinstance(action, str):
                raise LogError(f"{path}:{number}: step has no action")
            x, y = record.get("x"), record.get("y")
            before, declared = _declared(record, "declared_before", path, number), _declared(record, "declared", path,
                                                                                            number)
            if before:
                game.declare(before)
            event = game.apply(action if x is None and y is None else f"{action} {x} {y}", declared)
        recorded = record.get("outcome")
        if recorded != event.outcome.value:
            replay.mismatches.append(
                f"line {number}: step {event.step} {event.text}: log says {recorded}, engine says {event.outcome.value}"
            )
    if not game.over:
        replay.mismatches.append("the log ends before the game was solved; solved here as it stands")
        game.stop("log ended")
    if replay.recorded_score is not None and replay.recorded_score != game.score():
        replay.mismatches.append(f"log says score {replay.recorded_score}, engine says {game.score()}")
    return replay


def _declared(record: dict, key: str, path: str, number: int) -> list[tuple[Cell, Piece]]:
    """A step record's k-cells the agent asserted itself (``[[x, y, content], ...]``); LogError if malformed."""
    items = record.get(key) or []
    try:
        return [(Cell(int(x), int(y)), Piece(content)) for x, y, content in items]
    except (TypeError, ValueError):
        raise LogError(f"{path}:{number}: {key} must be a list of [x, y, content]") from None


def rerun(game: Game, events: Iterable[StepEvent]) -> Iterator[Game]:
    """Carry out recorded ``events`` again on ``game`` (fresh, same map and profile); yields it after each.

    The engine is deterministic, so the game passes through the recorded
    positions; an automatic solve already produced by the engine is not
    carried out twice. LogError if the events go on after the game is solved.
    """
    for index, event in enumerate(events):
        if index >= len(game.events):
            if game.over:
                raise LogError(f"step {event.step}: the events go on after the game was solved")
            if event.by_engine:
                game.stop(event.reason or "stopped")
            else:
                if event.declared_before:
                    game.declare(event.declared_before)
                game.apply(event.action if event.action is not None else event.text, event.declared)
        yield game


def replay_file(path: str | Path) -> Replay:
    """Replay the log at ``path``."""
    return replay_text(read_text(path, LogError, max_bytes=20_000_000), str(path))

