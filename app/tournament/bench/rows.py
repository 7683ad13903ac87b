"""One bench game and its row: the shared configuration, playing one (agent, map) game, the row it fills."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from pathlib import Path

from app.backends.games import play
from app.backends.kinds import declared_elsewhere, import_modules
from app.backends.kinds.course_files import CourseFiles
from app.backends.params import params_for
from app.core import BattleshipError, GameResult, Outcome, gamelog
from app.core.rules import DEFAULT_PROFILE, RulesProfile, get_profile
from app.solver.coach import coach_game
from app.solver.playable import load_game_map


class RowStatus(StrEnum):
    """Whether a game was scored (``OK``) or not (it timed out, or could not be played)."""

    OK = "ok"
    TIMEOUT = "timeout"
    ERROR = "error"


class FailureKind(StrEnum):
    """What went wrong in a game, most severe first; ``NONE`` ("", false) when nothing did."""

    TIMEOUT = "timeout"  # the game outlived its timeout: its worker was killed
    APP = "app"  # the app failed to play the game, twice (a crash of the bench, a worker that died): not the agent's
    ERROR = "error"  # the game could not be played (bad map, agent that cannot start), the same twice
    AGENT = "agent"  # the agent crashed, timed out or stalled: the engine solved the game as it stood
    LOAD_ERRORS = "load-errors"  # some of the agent's files did not load: it played with what did
    ILLEGAL = "illegal"  # some of the agent's actions were rejected
    NONE = ""


@dataclass(frozen=True, slots=True)
class BenchConfig:
    """What every game of a bench shares: rules, limits, seed and agent parameters.

    Plain data (picklable), unlike ``RulesProfile``; ``profile()`` rebuilds the profile.
    """

    rules: str = DEFAULT_PROFILE
    fires: int | None = None
    guesses: int | None = None
    max_steps: int | None = None
    seed: int = 0
    params: tuple[tuple[str, str], ...] = ()
    pick_first: bool = False
    step_seconds: float | None = None
    coach: bool = False  # grade each game with the coach too (luck-adjusted score; seconds more per game)
    keep_log: bool = False  # keep each game's log (``app.core.gamelog``) in its row: the students' pages replay it
    course_main: str = ""  # with course_env: CLIPS agents play against this course's own MAIN and ENV files
    course_env: str = ""
    #: modules declaring agent kinds outside ``app.backends.kinds``, registered here: each worker imports them
    kinds: tuple[str, ...] = field(default_factory=declared_elsewhere)

    def course(self) -> CourseFiles | None:
        """The course's own files the games are played with, if any."""
        return CourseFiles(Path(self.course_main), Path(self.course_env)) if self.course_main else None

    def profile(self) -> RulesProfile:
        """The rules profile with the configured limits."""
        return get_profile(self.rules).with_limits(self.fires, self.guesses, self.max_steps)


@dataclass(frozen=True, slots=True)
class BenchTask:
    """One game to play: an agent (name or path) on a map file.

    ``name``: the agent as the bench was asked for it, when ``agent`` is a copy of
    its files (a cluster's chunk plays from a temporary folder): its row is
    named so, and its ``AGENT:KEY`` parameters are the ones given under it.
    """

    agent: str
    map_path: str
    name: str = ""

    @property
    def asked(self) -> str:
        """The agent as the bench was asked for it (its row's name, the prefix of its own parameters)."""
        return self.name or self.agent


@dataclass
class GameRow:
    """The outcome of one (agent, map) game: one row of the results file.

    ``status`` says whether the game was scored; ``failure`` is the most severe
    ``FailureKind`` of the game (``FailureKind.NONE`` when nothing went wrong).
    Filled field by field as the game is played, so not frozen.
    """

    agent: str
    map: str
    map_path: str
    rules: str
    seed: int
    status: RowStatus = RowStatus.OK
    failure: FailureKind = FailureKind.NONE
    score: int | None = None
    oracle: int | None = None
    percent_of_oracle: float | None = None
    fok: int | None = None
    fko: int | None = None
    gok: int | None = None
    gko: int | None = None
    safe: int | None = None
    sink: int | None = None
    fires_left: int | None = None
    guesses_left: int | None = None
    precision: float | None = None
    recall: float | None = None
    actions: int | None = None
    rejected: int | None = None
    steps: int | None = None
    seconds: float = 0.0
    stop_reason: str = ""
    error: str = ""
    load_errors: int = 0  # how many errors loading the agent's files reported (its row is marked load-errors)
    luck_adjusted: float | None = None  # with BenchConfig.coach: the coach's luck-adjusted score
    coach_seconds: float | None = None  # ... and how long the coach took
    # the details (not CSV columns: ``DETAIL_FIELDS``)
    load_messages: list[str] = field(default_factory=list)  # what loading said, file:line: message
    #: what the confinement refused the agent in this game (the system call or the path it tried to open): the
    #: place the report reads it from: what the agent host's child saw the agent try (``Game.refusals``)
    refusals: list[str] = field(default_factory=list)
    log: str = ""  # with BenchConfig.keep_log: the game's log (JSON Lines text)

    @property
    def scored(self) -> bool:
        """True when the game ended with a score."""
        return self.status == RowStatus.OK and self.score is not None

    def to_dict(self) -> dict:
        """The row as a JSON-ready dict (the CSV header's keys, and the details that are not empty)."""
        values = asdict(self)
        for name in DETAIL_FIELDS:
            if not values[name]:
                del values[name]
        return values

    @classmethod
    def from_dict(cls, data: dict) -> GameRow:
        """A row back from ``to_dict`` (or a CSV row of strings)."""
        kinds = {f.name: f.type for f in fields(cls)}
        values = {}
        for name, kind in kinds.items():
            value = data.get(name)
            if name in DETAIL_FIELDS:
                values[name] = value or ("" if kind == "str" else [])
                continue
            if kind in _ENUMS:
                values[name] = _ENUMS[kind](value or "")
                continue
            if isinstance(value, str) and kind != "str":
                value = _parse_cell(value, kind)
            values[name] = value if value is not None or "None" in kind else ("" if kind == "str" else 0)
        return cls(**values)


DETAIL_FIELDS = ("load_messages", "refusals", "log")
ROW_FIELDS = tuple(f.name for f in fields(GameRow) if f.name not in DETAIL_FIELDS)  # the CSV columns
_ENUMS = {"RowStatus": RowStatus, "FailureKind": FailureKind}  # field annotations (text) -> their enum


def _parse_cell(text: str, kind: str):
    if text == "":
        return None
    if kind.startswith("int"):
        return int(text)
    return float(text)


def play_row(task: BenchTask, config: BenchConfig, map_cache: dict | None = None) -> GameRow:
    """Play one game in this process and describe it; never raises for a bad map or agent."""
    row = GameRow(task.asked, Path(task.map_path).stem, task.map_path, config.rules, config.seed)
    started = time.perf_counter()
    try:
        import_modules(config.kinds)
        profile = config.profile()
        key = (task.map_path, config.pick_first)
        game_map = map_cache.get(key) if map_cache is not None else None
        if game_map is None:
            game_map = load_game_map(task.map_path, pick_first=config.pick_first)
            if map_cache is not None:
                map_cache[key] = game_map
        row.map = game_map.name
        game = play(task.agent, game_map, profile, seed=config.seed,
                    params=params_for(dict(config.params), task.asked), step_seconds=config.step_seconds,
                    course=config.course(), map_file=task.map_path)
        row.seconds = time.perf_counter() - started
        result = game.result()
    except BattleshipError as error:
        return failed_row(row, FailureKind.ERROR, str(error), time.perf_counter() - started)
    except Exception as error:  # a bench of hundreds of games reports a crash and goes on
        return failed_row(row, FailureKind.APP, f"{type(error).__name__}: {error}", time.perf_counter() - started)
    fill_row(row, result)
    row.refusals = list(game.refusals)
    if config.keep_log:
        row.log = gamelog.dumps(game, config.seed)
    if config.coach:
        coach_row(row, game)
    return row


def coach_row(row: GameRow, game) -> GameRow:
    """Add the coach's luck-adjusted score of ``game`` (finished) to ``row``; a failure is noted, not raised."""
    started = time.perf_counter()
    try:
        report = coach_game(game)
    except Exception as error:  # the game's own figures stay good
        row.error = f"coach: {type(error).__name__}: {error}"
        return row
    row.luck_adjusted = round(report.luck_adjusted, 2)
    row.coach_seconds = round(time.perf_counter() - started, 3)
    return row


def fill_row(row: GameRow, result: GameResult) -> GameRow:
    """Copy a solved game's statistics into ``row`` and classify its failure (if any)."""
    s = result.statistics
    row.map = result.map_name or row.map
    row.score, row.oracle = result.score, result.oracle
    row.percent_of_oracle = _rounded(result.percent_of_oracle)
    row.fok, row.fko, row.gok, row.gko = s.fok, s.fko, s.gok, s.gko
    row.safe, row.sink, row.fires_left, row.guesses_left = s.safe, s.sink, s.fires_left, s.guesses_left
    row.precision, row.recall = _rounded(result.precision, 4), _rounded(result.recall, 4)
    row.actions = sum(not e.by_engine for e in result.events)
    row.rejected = sum(e.outcome is Outcome.REJECTED for e in result.events)
    row.steps = result.steps
    row.stop_reason = result.stop_reason
    row.status, row.failure = RowStatus.OK, FailureKind.NONE
    row.load_errors = len(result.load_errors)
    row.load_messages = list(result.load_errors)
    if result.agent_failed:
        row.failure = FailureKind.AGENT
    elif row.load_errors:
        row.failure = FailureKind.LOAD_ERRORS
    elif row.rejected:
        row.failure = FailureKind.ILLEGAL
    row.seconds = round(row.seconds, 4)
    return row


def failed_row(row: GameRow, kind: FailureKind, message: str, seconds: float) -> GameRow:
    """``row`` marked as not scored because of ``kind`` (timeout or error), with the message and the time."""
    row.status = RowStatus.TIMEOUT if kind is FailureKind.TIMEOUT else RowStatus.ERROR
    row.failure = kind
    row.error = message
    row.seconds = round(seconds, 4)
    return row


def retried(first: GameRow) -> bool:
    """True when a game that ended so is played once more: it could not be played (not a timeout, which a slow
    agent earns), which may be for the app's reasons (a transient one: a worker lost, the agent's process unable to
    import what it needs) as well as the agent's or the map's."""
    return first.status == RowStatus.ERROR


def after_retry(first: GameRow, second: GameRow) -> GameRow:
    """The row of a game played twice (``retried``): the second when it was played; the same error twice, from a
    map or an agent that cannot be loaded, stays an ``error``; anything else is the app's failure (``app``), never
    counted as the agent's."""
    if second.status != RowStatus.ERROR:
        return second
    if first.failure == second.failure == FailureKind.ERROR and first.error == second.error:
        return second
    second.failure = FailureKind.APP
    second.error = f"the app could not play this game, twice: {first.error}; then: {second.error}"
    return second


def _rounded(value: float | None, digits: int = 2) -> float | None:
    return None if value is None else round(value, digits)
