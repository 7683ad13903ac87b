"""Checking a CLIPS agent's game against the course's own environment (``main.py crosscheck``).

The same agent files play the same map twice: once in a plain CLIPS
environment with the course's ``main.clp`` and ``env.clp`` (the course's way:
load MAIN, ENV, the map file and the agent, ``(reset)``, ``(run)``; MAIN gets
the app's ``board-marker`` and ``board-markers-wanted`` templates, which
nothing there reads or asserts, so that an agent that draws markers loads), once
through the app (the engine and the CLIPS bridge). Each side gives a
``GameRecord``: every exec fact the agent asserted, the statistics and the
moves left as the agent's facts hold them, the score, and how the game ended
(a course environment with no rule left to fire while the game runs hangs:
``agent-stalled``). ``first_difference`` says where two records part.

The course's side runs in this process under the bridge's caps (rule firings
and seconds per step, checked between chunks of firings), so a looping rule
chain stops; a loop inside one rule's actions is not stopped (clipspy offers
no way in: app/backends/clips/watchdog.py), and an agent that calls (exit) is
refused, as it would end this process.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import clips
from clips._clips import lib

from app.backends.base import FactRow
from app.backends.clips.driver import CHUNK, DEFAULT_MAX_FIRINGS, DEFAULT_TIME_LIMIT
from app.backends.clips.loading import compatibility_functions, describe, marker_templates, refuse_exit
from app.backends.clips.messages import CaptureRouter
from app.backends.clips.pool import destroy_quietly
from app.backends.drivers import create_driver
from app.backends.registry import AgentSpec
from app.backends.runner import Match
from app.core import BattleshipError, Game, RulesProfile
from app.solver.playable import load_game_map

STAT_NAMES = {"num_fire_ok": "fok", "num_fire_ko": "fko", "num_guess_ok": "gok", "num_guess_ko": "gko",
              "num_safe": "safe", "num_sink": "sink"}
SOLVED = "solved"
STALLED = "agent-stalled"
CAPPED = "capped"  # stopped at the caps (rule firings or seconds per step): the course's own would run on
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
def play_course(main_file: Path, env_file: Path, map_file: Path, agent_files: Sequence[Path],
                max_firings: int, time_limit: float) -> GameRecord:
    """Play the map in a plain CLIPS environment with the course's MAIN and ENV files, each of the agent's turns
    under the bridge's caps (``_run_capped``). MAIN gets what ``run`` gives every agent besides the course's
    constructs: CLIPS 6.3's functions that 6.4 dropped (``length``...) and the inert marker templates."""
    refuse_exit(agent_files)  # it would end this process
    env = clips.Environment()
    router = CaptureRouter()
    env.add_router(router)
    try:
        for index, path in enumerate((main_file, env_file, map_file, *agent_files)):
            _load(env, router, path, strict=index < 3)
            if index == 0:
                _add_to_main(env)
        env.reset()
        stop = _run_capped(env, router, max_firings, time_limit)
        output = router.take_output()
        scores = _SCORE.findall(output)
        return _facts_record(_env_facts(env), stop, int(scores[-1]) if scores else None, "statistics", "exec", "moves")
    finally:
        destroy_quietly([env])


def _add_to_main(env) -> None:
    """The app's additions to MAIN that a course's MAIN does not define already (an edition may have its own)."""
    defined = {construct.name for construct in (*env.functions(), *env.templates())}
    for construct in marker_templates() + compatibility_functions():
        name = construct.split()[1].removeprefix("MAIN::")
        if name not in defined:
            env.build(construct)


def _load(env, router, path: Path, strict: bool) -> None:
    """Load one file like the CLIPS console; BattleshipError when it cannot be read, or (``strict``: the
    course's files and the map) when CLIPS reports an error in it. The agent's errors are the app's to report."""
    try:
        path.read_bytes()
    except OSError as exc:
        raise BattleshipError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    try:
        env.load(str(path))
    except clips.CLIPSError:
        pass  # the errors are read below
    errors = describe(router.take_errors(), str(path))
    if errors and strict:
        raise BattleshipError(f"{path}: does not load in CLIPS: {errors[0]}")


def _status(env) -> tuple[int | None, str]:
    for fact in env.facts():
        if fact.template.name == "status":
            return fact["step"], str(fact["currently"])
    return None, "none"


def _run_capped(env, router, max_firings: int, time_limit: float) -> str:
    """``(run)`` with the caps the app puts on a turn: the rule firings and seconds from the end of one environment
    turn to the first rule of the next. A breakpoint on each of ENV's rules stops the run where the environment's
    turn begins (CLIPS fires the first rule of a run past its breakpoint, so ENV's turn goes on one rule a run);
    within a turn the caps are checked between chunks of firings, as the bridge does. SOLVED, STALLED, CAPPED, or
    "failed: ..." on an error."""
    cenv = env._env
    env_module = lib.FindDefmodule(cenv, b"ENV")
    current = lib.GetCurrentModule(cenv)
    lib.SetCurrentModule(cenv, env_module)  # env.rules() lists the current module's
    for rule in env.rules():
        rule.add_breakpoint()
    lib.SetCurrentModule(cenv, current)
    fired, started = 0, time.perf_counter()
    while True:
        count = lib.Run(cenv, CHUNK)
        fired += count
        if time.perf_counter() - started > time_limit:
            return CAPPED
        if count == CHUNK:
            if fired >= max_firings:
                return CAPPED
            continue
        if router.errors:
            step, currently = _status(env)
            if currently != "stopped":
                text = " ".join(router.take_errors().split())
                return f"failed: step {step}: CLIPS error: {text[:200]}"
        if count and lib.GetFocus(cenv) == env_module:  # at a breakpoint: the environment's turn
            fired, started = 0, time.perf_counter()
            continue
        return SOLVED if _status(env)[1] == "stopped" else STALLED


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
    course = play_course(main_file, env_file, map_file, agent_files, max_firings, time_limit)
    app = play_app(agent_files, map_file, profile, max_firings, time_limit)
    return Comparison(map_file, profile.name, course, app)
