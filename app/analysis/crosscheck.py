"""Checking a CLIPS agent's game against the course's own environment (``main.py crosscheck``).

The same agent files play the same map twice: once in a plain CLIPS
environment with the course's ``main.clp`` and ``env.clp`` (the course's way:
load MAIN, ENV, the map file and the agent, ``(reset)``, ``(run)``; MAIN gets
what ``run`` gives every agent besides: CLIPS 6.3's functions and the inert
marker templates, so that an agent that draws markers loads), once
through the app (the engine and the CLIPS bridge). Each side gives a
``GameRecord``: every exec fact the agent asserted, the statistics and the
moves left as the agent's facts hold them, the score, and how the game ended
(a course environment with no rule left to fire while the game runs hangs:
``agent-stalled``). ``first_difference`` says where two records part.

Both sides run in the agent host like every game (``course_side``: the course's side is a driver of its
own kind there), confined, under the same caps counted the same way (the rule firings and seconds of one agent
turn); with the host off (``--no-sandbox``) both run in this process, where a loop inside one rule's actions is
not stopped (app/backends/clips/watchdog.py) and an agent that calls (exit) is refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from app.backends.base import AgentFailure, FactRow, StartContext
from app.backends.clips.course_files import CAPPED, SOLVED, STALLED
from app.backends.clips.running import DEFAULT_MAX_FIRINGS, DEFAULT_TIME_LIMIT
from app.backends.drivers import create_driver
from app.backends.kinds.course_side import course_spec
from app.backends.registry import AgentSpec
from app.backends.runner import Match
from app.core import BattleshipError, Game, RulesProfile
from app.solver.playable import load_game_map

STAT_NAMES = {"num_fire_ok": "fok", "num_fire_ko": "fko", "num_guess_ok": "gok", "num_guess_ko": "gko",
              "num_safe": "safe", "num_sink": "sink"}
_CAP_WORDS = ("without ending its turn", "over the time limit")  # the bridge's reasons for its two caps
_SCORE = re.compile(r"Your score is\s+(-?\d+)")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one side did with a game, in the terms of the course's facts."""

    stop: str  # SOLVED, STALLED, CAPPED, or "failed: reason" (an error)
    score: int | None
    statistics: tuple[tuple[str, int], ...]  # (fok, n) ... in the course's slot order
    moves_left: tuple[int, int]  # fires, guesses
    exec_facts: tuple[tuple[object, ...], ...]  # (step, action, x, y) in the order asserted
    k_cells: tuple[tuple[object, ...], ...] = ()  # (x, y, content) of every k-cell fact at the end, sorted

    @property
    def finished(self) -> bool:
        """True when the game was solved (by the agent or at the step limit)."""
        return self.stop == SOLVED

    def to_dict(self) -> dict:
        """The fields of ``cases/expected.jsonl`` for this record."""
        return {"course_finished": self.finished, "course_stop": self.stop, "score": self.score,
                "statistics": dict(self.statistics),
                "moves_left": {"fires": self.moves_left[0], "guesses": self.moves_left[1]},
                "exec_facts": [list(fact) for fact in self.exec_facts]}


def _exec_text(fact: Sequence[object]) -> str:
    step, action, x, y = fact
    return f"step {step}: {action}" + ("" if action == "solve" else f" {x} {y}")


def first_difference(course: GameRecord, app: GameRecord) -> str | None:
    """None when both sides did the same; else the first difference in one line."""
    for index in range(max(len(course.exec_facts), len(app.exec_facts))):
        mine = course.exec_facts[index] if index < len(course.exec_facts) else None
        theirs = app.exec_facts[index] if index < len(app.exec_facts) else None
        if mine != theirs:
            return (f"exec #{index + 1}: course {_exec_text(mine) if mine else 'none'}, "
                    f"app {_exec_text(theirs) if theirs else 'none'}")
    if course.stop != app.stop:
        return f"end: course {course.stop}, app {app.stop}"
    if course.k_cells != app.k_cells:
        only_course = sorted(set(course.k_cells) - set(app.k_cells), key=str)
        only_app = sorted(set(app.k_cells) - set(course.k_cells), key=str)
        shown = "; ".join([f"course only {' '.join(map(str, fact))}" for fact in only_course[:3]]
                          + [f"app only {' '.join(map(str, fact))}" for fact in only_app[:3]])
        return f"k-cells at the end: {shown}"
    if course.statistics != app.statistics:
        changed = [f"{key} {value}/{other}" for (key, value), (_, other) in zip(course.statistics, app.statistics)
                   if value != other]
        return "statistics (course/app): " + ", ".join(changed)
    if course.moves_left != app.moves_left:
        return (f"moves left (fires, guesses): course {course.moves_left[0]}, {course.moves_left[1]}; "
                f"app {app.moves_left[0]}, {app.moves_left[1]}")
    if course.score != app.score:
        return f"score: course {course.score}, app {app.score}"
    return None


def _facts_record(facts: Iterable[tuple[str, int, Mapping[str, object]]], stop: str, score: int | None,
                  stats_template: str, exec_template: str, moves_template: str) -> GameRecord:
    """The record of the statistics, moves and exec facts among ``facts`` ((template, index, slots) each)."""
    statistics = {name: 0 for name in STAT_NAMES.values()}
    moves = (0, 0)
    execs = []
    k_cells = []
    for name, index, fact in facts:
        if name == "k-cell":
            k_cells.append(tuple(_plain(fact[slot]) for slot in ("x", "y", "content")))
        elif name == stats_template:
            statistics = {short: fact[slot] for slot, short in STAT_NAMES.items()}
        elif name == moves_template:
            moves = (fact["fires"], fact["guesses"])
        elif name == exec_template:
            execs.append((index, tuple(_plain(fact[slot]) for slot in ("step", "action", "x", "y"))))
    execs.sort(key=lambda item: item[0])
    return GameRecord(stop, score, tuple(statistics.items()), moves, tuple(fact for _, fact in execs),
                      tuple(sorted(k_cells, key=str)))


def _env_facts(env) -> Iterator[tuple[str, int, Mapping[str, object]]]:
    """Every fact of a CLIPS environment as (template, index, slots)."""
    for fact in env.facts():
        yield fact.template.name, fact.index, fact


_SLOT = re.compile(r'\(([^\s()]+) ("(?:[^"\\]|\\.)*"|[^\s()"]+)\)')


def _row_facts(rows: Iterable[FactRow]) -> Iterator[tuple[str, int, Mapping[str, object]]]:
    """Every fact of an agent's working memory (``Driver.working_memory``, as the agent host sends it) as
    (template, index, slots): single-field slots read back from the fact's text, as CLIPS prints them."""
    for row in rows:
        yield row.template, row.index, {name: _clips_value(text) for name, text in _SLOT.findall(row.text)}


def _clips_value(text: str) -> object:
    """A single field as CLIPS prints it: an integer, a float, a string (unquoted) or a symbol (as text)."""
    if text.startswith('"'):
        return re.sub(r"\\(.)", r"\1", text[1:-1])
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _plain(value: object) -> object:
    """A slot value as JSON would hold it (symbols as text)."""
    return value if isinstance(value, int | float) else str(value)


# ----- the course's side --------------------------------------------------
def play_course(main_file: Path, env_file: Path, map_file: Path, agent_files: Sequence[Path], profile: RulesProfile,
                max_firings: int, time_limit: float) -> GameRecord:
    """Play the map with the course's MAIN and ENV files as an agent is played: in the agent host unless it is off
    (``course_side.CourseSide``), each agent turn under the bridge's caps."""
    driver = create_driver(course_spec(main_file, env_file, map_file, agent_files), step_seconds=time_limit)
    observation = Game(load_game_map(map_file), profile).observation()
    lines: list[str] = []
    try:
        driver.start(observation, StartContext(profile, params={"max_firings": str(max_firings)}))
        stop = ""
        while not stop:
            try:
                stop = driver.next_action(observation)
            except AgentFailure as failure:  # the host ended the child at its cap (a loop inside one rule)
                stop = CAPPED if any(words in str(failure) for words in _CAP_WORDS) else f"failed: {failure}"
            lines += driver.output()
        scores = _SCORE.findall("\n".join(lines))
        return _facts_record(_row_facts(driver.working_memory() or []), stop, int(scores[-1]) if scores else None,
                             "statistics", "exec", "moves")
    finally:
        driver.close()


# ----- the app's side -----------------------------------------------------
def play_app(agent_files: Sequence[Path], map_file: Path, profile: RulesProfile, max_firings: int,
             time_limit: float) -> GameRecord:
    """Play the map through the app (engine + CLIPS bridge, in the agent host unless it is off); the record read
    from the agent's facts at the end."""
    game_map = load_game_map(map_file)
    spec = AgentSpec(agent_files[0].stem, "clips", tuple(path.resolve() for path in agent_files))
    driver = create_driver(spec, step_seconds=time_limit)
    game = Game(game_map, profile, agent=driver.name)
    match = Match(game, driver, params={"max_firings": str(max_firings)})
    try:
        match.run()
        result = game.result()
        if game.stalled:
            stop, score = STALLED, None
        elif result.stop_reason in ("solved by the agent", "step limit reached"):
            stop, score = SOLVED, result.score
        else:
            capped = any(words in result.stop_reason for words in _CAP_WORDS)
            stop, score = (CAPPED if capped else f"failed: {result.stop_reason}"), None
        rows = driver.working_memory()
        if not rows:
            raise BattleshipError(f"{map_file}: the agent did not start: {result.stop_reason}")
        record = _facts_record(_row_facts(rows), stop, score, "statistics", "exec", "moves")
        if stop == SOLVED:  # the one authority's figures, which the bridge mirrored into the facts
            stats = result.statistics
            record = GameRecord(stop, score, tuple((key, getattr(stats, key)) for key in STAT_NAMES.values()),
                                (stats.fires_left, stats.guesses_left), record.exec_facts, record.k_cells)
        return record
    finally:
        match.close()


@dataclass(frozen=True, slots=True)
class Comparison:
    """One game played both ways."""

    map_file: Path
    rules: str
    course: GameRecord
    app: GameRecord

    @property
    def difference(self) -> str | None:
        """The first difference, None when the same."""
        return first_difference(self.course, self.app)

    def describe(self) -> str:
        """``SAME  map  rules  score ...`` or ``DIFF  map  rules  first difference``."""
        where = f"{self.map_file.name}  {self.rules}"
        difference = self.difference
        if difference is None:
            ending = f"score {self.course.score}" if self.course.finished else self.course.stop
            return f"SAME  {where}  {ending}, {len(self.course.exec_facts)} exec facts"
        return f"DIFF  {where}  {difference}"


def crosscheck(main_file: Path, env_file: Path, agent_files: Sequence[Path], map_file: Path,
               profile: RulesProfile, max_firings: int | None = None, time_limit: float | None = None) -> Comparison:
    """Play ``map_file`` both ways under ``profile`` (the course's files must be of that edition)."""
    max_firings = max_firings or DEFAULT_MAX_FIRINGS
    time_limit = time_limit or DEFAULT_TIME_LIMIT
    course = play_course(main_file, env_file, map_file, agent_files, profile, max_firings, time_limit)
    app = play_app(agent_files, map_file, profile, max_firings, time_limit)
    return Comparison(map_file, profile.name, course, app)
