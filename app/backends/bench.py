"""The batch layer: every (agent, map) game of a comparison, in a pool of worker processes.

Used by ``python main.py bench`` and by the GUI's Compare view (no Qt here).
Each game is played exactly as ``python main.py run`` plays it (same loader,
same ``play``), so a bench row has the score of the single run with the same
agent, map, rules and seed. Workers are long-lived processes fed one game at a
time through a pipe; a game that outlives its timeout has its worker killed
(and replaced) and is recorded as a failure, so a hung agent never hangs the
bench. Drivers (CLIPS environments are not picklable) are created in the worker.
"""

from __future__ import annotations

import csv
import glob
import io
import json
import math
import multiprocessing
import os
import signal
import statistics
import threading
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, fields
from multiprocessing.connection import Connection, wait
from pathlib import Path

from app.core import BattleshipError, GameResult, Outcome
from app.core.fileio import atomic_write_text
from app.core.formats import EXTENSIONS
from app.core.rules import DEFAULT_PROFILE, RulesProfile, get_profile

#: What a game's ``failure`` field can say, most severe first ("" = no failure).
FAILURE_KINDS = ("timeout", "error", "agent", "illegal")
DEFAULT_TIMEOUT = 60.0
_POLL_SECONDS = 0.5


@dataclass(frozen=True)
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

    def profile(self) -> RulesProfile:
        """The rules profile with the configured limits."""
        return get_profile(self.rules).with_limits(self.fires, self.guesses, self.max_steps)


@dataclass(frozen=True)
class BenchTask:
    """One game to play: an agent (name or path) on a map file."""

    agent: str
    map_path: str


@dataclass
class GameRow:
    """The outcome of one (agent, map) game: one row of the results file.

    ``status`` is ``ok`` (the game was scored), ``timeout`` or ``error`` (no
    score). ``failure`` is "" or the most severe of ``FAILURE_KINDS``: the game
    timed out, could not be played, the agent crashed or stalled (the engine
    solved the game as it stood), or some of its actions were rejected.
    """

    agent: str
    map: str
    map_path: str
    rules: str
    seed: int
    status: str = "ok"
    failure: str = ""
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

    @property
    def scored(self) -> bool:
        """True when the game ended with a score."""
        return self.status == "ok" and self.score is not None

    def to_dict(self) -> dict:
        """The row as a JSON-ready dict (the keys are the CSV header)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> GameRow:
        """A row back from ``to_dict`` (or a CSV row of strings)."""
        kinds = {f.name: f.type for f in fields(cls)}
        values = {}
        for name, kind in kinds.items():
            value = data.get(name)
            if isinstance(value, str) and kind != "str":
                value = _parse_cell(value, kind)
            values[name] = value if value is not None or "None" in kind else ("" if kind == "str" else 0)
        return cls(**values)


ROW_FIELDS = tuple(f.name for f in fields(GameRow))


def _parse_cell(text: str, kind: str):
    if text == "":
        return None
    if kind.startswith("int"):
        return int(text)
    return float(text)


# ----- one game ---------------------------------------------------------------

def play_row(task: BenchTask, config: BenchConfig, map_cache: dict | None = None) -> GameRow:
    """Play one game in this process and describe it; never raises for a bad map or agent."""
    from app.backends.games import load_game_map, play

    row = GameRow(task.agent, Path(task.map_path).stem, task.map_path, config.rules, config.seed)
    started = time.perf_counter()
    try:
        profile = config.profile()
        key = (task.map_path, config.pick_first)
        game_map = map_cache.get(key) if map_cache is not None else None
        if game_map is None:
            game_map = load_game_map(task.map_path, pick_first=config.pick_first)
            if map_cache is not None:
                map_cache[key] = game_map
        row.map = game_map.name
        game = play(task.agent, game_map, profile, seed=config.seed, params=dict(config.params),
                    step_seconds=config.step_seconds)
        row.seconds = time.perf_counter() - started
        result = game.result()
    except BattleshipError as error:
        return _failed(row, "error", str(error), time.perf_counter() - started)
    except Exception as error:  # a bench of hundreds of games reports a crash and goes on
        return _failed(row, "error", f"{type(error).__name__}: {error}", time.perf_counter() - started)
    return fill_row(row, result)


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
    row.status, row.failure = "ok", ""
    if result.agent_failed:
        row.failure = "agent"
    elif row.rejected:
        row.failure = "illegal"
    row.seconds = round(row.seconds, 4)
    return row


def _failed(row: GameRow, kind: str, message: str, seconds: float) -> GameRow:
    row.status = "timeout" if kind == "timeout" else "error"
    row.failure = kind
    row.error = message
    row.seconds = round(seconds, 4)
    return row


def _rounded(value: float | None, digits: int = 2) -> float | None:
    return None if value is None else round(value, digits)


# ----- the worker pool --------------------------------------------------------

def _worker_main(conn: Connection, config: BenchConfig) -> None:
    """A worker process: play the games sent through ``conn`` until it sends None."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    except ValueError:
        pass
    import app.backends.games  # noqa: F401  (warm up now, not in the first game's time)
    import app.backends.python_runner  # noqa: F401

    cache: dict = {}
    conn.send(("ready", None, None))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        index, task = message
        conn.send(("done", index, play_row(task, config, cache)))


@dataclass
class _Worker:
    process: multiprocessing.process.BaseProcess
    conn: Connection
    ready: bool = False
    index: int | None = None
    task: BenchTask | None = None
    started: float = 0.0


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


@dataclass
class Bench:
    """Every agent on every map: ``run()`` yields ``(index, GameRow)`` as games finish.

    ``index`` is the task's place in ``tasks``: maps outer, agents inner, so
    that a bench stopped early has played every agent on (nearly) the same
    maps; ``ordered`` sorts finished rows agent by agent. ``stop()``
    (thread-safe) ends ``run`` soon after; games in progress are dropped.
    Closing the iterator, an exception or Ctrl-C in the caller kills the workers.
    """

    agents: Sequence[str]
    maps: Sequence[str]
    config: BenchConfig = field(default_factory=BenchConfig)
    jobs: int = 0
    timeout: float | None = DEFAULT_TIMEOUT

    def __post_init__(self) -> None:
        self.tasks = [BenchTask(agent, str(path)) for path in self.maps for agent in self.agents]
        self._stop = threading.Event()

    def ordered(self, finished: dict[int, GameRow]) -> list[GameRow]:
        """Rows by task index -> a list agent by agent, maps in their order."""
        count = max(1, len(self.agents))
        return [finished[i] for i in sorted(finished, key=lambda i: (i % count, i // count))]

    def stop(self) -> None:
        """Ask ``run`` to end at its next check (games in progress are abandoned)."""
        self._stop.set()

    @property
    def stopped(self) -> bool:
        """True once ``stop`` was called."""
        return self._stop.is_set()

    def run(self) -> Iterator[tuple[int, GameRow]]:
        """Play the games in worker processes and yield each row when its game ends."""
        jobs = max(1, min(self.jobs or default_jobs(), len(self.tasks) or 1))
        pending = deque(enumerate(self.tasks))
        context = multiprocessing.get_context("spawn")
        workers: list[_Worker] = []
        try:
            for _ in range(min(jobs, len(pending))):
                workers.append(self._start_worker(context))
            while (pending or any(w.task for w in workers)) and not self._stop.is_set():
                for worker in workers:
                    if worker.ready and worker.task is None and pending:
                        worker.index, worker.task = pending.popleft()
                        worker.started = time.perf_counter()
                        worker.conn.send((worker.index, worker.task))
                finished: list[tuple[int, GameRow]] = []
                replace: list[_Worker] = []
                objects = [w.conn for w in workers] + [w.process.sentinel for w in workers]
                for ready in wait(objects, timeout=self._wait_time(workers)):
                    for worker in workers:
                        if ready is worker.conn and worker not in replace:
                            self._receive(worker, finished, replace)
                        elif ready == worker.process.sentinel and worker not in replace:
                            if worker.conn.poll():
                                self._receive(worker, finished, replace)
                            if worker not in replace:
                                self._lost(worker, finished, _death(worker))
                                replace.append(worker)
                if self.timeout is not None:
                    now = time.perf_counter()
                    for worker in workers:
                        if worker.task and worker not in replace and now - worker.started > self.timeout:
                            self._lost(worker, finished, f"timed out after {self.timeout:g} s", "timeout")
                            replace.append(worker)
                for worker in replace:
                    _kill(worker)
                    workers.remove(worker)
                    if pending and not self._stop.is_set():
                        workers.append(self._start_worker(context))
                yield from finished
        finally:
            for worker in workers:
                _kill(worker)

    def _start_worker(self, context) -> _Worker:
        parent, child = context.Pipe()
        process = context.Process(target=_worker_main, args=(child, self.config), daemon=True)
        # Started with SIGINT ignored, Python in the child never installs its Ctrl-C handler.
        in_main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if in_main else None
        try:
            process.start()
        finally:
            if in_main:
                signal.signal(signal.SIGINT, previous)
        child.close()
        return _Worker(process, parent)

    def _wait_time(self, workers: list[_Worker]) -> float:
        if self.timeout is None:
            return _POLL_SECONDS
        now = time.perf_counter()
        left = [self.timeout - (now - w.started) for w in workers if w.task]
        return max(0.01, min([_POLL_SECONDS, *left]))

    def _receive(self, worker: _Worker, finished: list, replace: list) -> None:
        try:
            kind, index, row = worker.conn.recv()
        except (EOFError, OSError):
            self._lost(worker, finished, _death(worker))
            replace.append(worker)
            return
        if kind == "ready":
            worker.ready = True
        elif index == worker.index:
            finished.append((index, row))
            worker.index = worker.task = None

    def _lost(self, worker: _Worker, finished: list, message: str, kind: str = "error") -> None:
        if worker.task is None:
            return
        task = worker.task
        row = GameRow(task.agent, Path(task.map_path).stem, task.map_path, self.config.rules, self.config.seed)
        finished.append((worker.index, _failed(row, kind, message, time.perf_counter() - worker.started)))
        worker.index = worker.task = None


def _death(worker: _Worker) -> str:
    worker.process.join(1.0)  # the pipe may close a moment before the exit code is known
    return f"the worker process died (exit code {worker.process.exitcode})"


def _kill(worker: _Worker) -> None:
    process = worker.process
    if process.is_alive() and worker.task is None:
        try:
            worker.conn.send(None)
        except OSError:
            pass
        process.join(0.2)
    if process.is_alive():
        process.kill()
        process.join(1.0)
    worker.conn.close()


# ----- inputs -----------------------------------------------------------------

def expand_maps(specs: Iterable[str]) -> list[str]:
    """Map files from folders (their map files, sorted), glob patterns and file names, in order, once each."""
    found: list[str] = []
    for spec in specs:
        path = Path(spec)
        if path.is_dir():
            matches = sorted(str(p) for p in path.iterdir() if p.is_file() and p.suffix.lower() in EXTENSIONS)
            if not matches:
                raise BattleshipError(f"{spec}: folder holds no map files ({', '.join(sorted(EXTENSIONS))})")
        elif glob.has_magic(spec):
            matches = sorted(p for p in glob.glob(spec) if Path(p).is_file())
            if not matches:
                raise BattleshipError(f"{spec}: pattern matches no files")
        elif path.is_file():
            matches = [spec]
        else:
            raise BattleshipError(f"{spec}: no such map file, folder or pattern")
        found.extend(matches)
    return list(dict.fromkeys(found))


def split_agents(text: str) -> list[str]:
    """Agent names or paths from ``A,B,...`` (a multi-file CLIPS agent is given as its folder)."""
    agents = [part.strip() for part in text.split(",") if part.strip()]
    if not agents:
        raise BattleshipError("--agents: no agent given")
    return list(dict.fromkeys(agents))


# ----- statistics -------------------------------------------------------------

@dataclass(frozen=True)
class AgentSummary:
    """One agent's line of the bench table (scores over the scored games)."""

    agent: str
    games: int
    scored: int
    mean: float | None
    median: float | None
    min: int | None
    max: int | None
    mean_percent_of_oracle: float | None
    fok: float | None
    fko: float | None
    gok: float | None
    gko: float | None
    sink: float | None
    precision: float | None
    recall: float | None
    mean_seconds: float | None
    max_seconds: float | None
    failures: int
    timeouts: int
    errors: int
    agent_failures: int
    illegal: int
    scores: tuple[int, ...] = field(repr=False, default=())

    def to_dict(self) -> dict:
        """JSON-ready (without the raw scores)."""
        data = asdict(self)
        data.pop("scores")
        return data


def summarize(rows: Iterable[GameRow], agents: Sequence[str] | None = None) -> list[AgentSummary]:
    """One summary per agent, in ``agents`` order (or first-seen order).

    Fires/flags/sinks are means per scored game; precision and recall pool
    every scored game's fires and flags.
    """
    by_agent: dict[str, list[GameRow]] = {a: [] for a in agents or ()}
    for row in rows:
        by_agent.setdefault(row.agent, []).append(row)
    return [_summary(agent, games) for agent, games in by_agent.items()]


def _mean(values: list[float]) -> float | None:
    return statistics.fmean(values) if values else None


def _summary(agent: str, rows: list[GameRow]) -> AgentSummary:
    scored = [r for r in rows if r.scored]
    scores = [r.score for r in scored]
    percents = [r.percent_of_oracle for r in scored if r.percent_of_oracle is not None]
    hits = sum(r.fok + r.gok for r in scored)
    shots = sum(r.fok + r.fko + r.gok + r.gko for r in scored)
    hidden = sum(r.fok + r.gok + r.safe for r in scored)
    seconds = [r.seconds for r in rows if r.status != "timeout"] or [r.seconds for r in rows]
    kinds = [r.failure for r in rows]
    return AgentSummary(
        agent=agent,
        games=len(rows),
        scored=len(scored),
        mean=_mean(scores),
        median=statistics.median(scores) if scores else None,
        min=min(scores) if scores else None,
        max=max(scores) if scores else None,
        mean_percent_of_oracle=_mean(percents),
        fok=_mean([r.fok for r in scored]),
        fko=_mean([r.fko for r in scored]),
        gok=_mean([r.gok for r in scored]),
        gko=_mean([r.gko for r in scored]),
        sink=_mean([r.sink for r in scored]),
        precision=hits / shots if shots else None,
        recall=hits / hidden if hidden else None,
        mean_seconds=_mean(seconds),
        max_seconds=max(seconds) if seconds else None,
        failures=sum(bool(k) for k in kinds),
        timeouts=kinds.count("timeout"),
        errors=kinds.count("error"),
        agent_failures=kinds.count("agent"),
        illegal=kinds.count("illegal"),
        scores=tuple(scores),
    )


TABLE_HEADS = ("agent", "games", "mean", "median", "min", "max", "% oracle", "fires ok/ko", "flags ok/ko",
               "sunk", "precision", "recall", "s/game", "max s", "failures")


def _fmt(value: float | None, digits: int = 1, suffix: str = "") -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.{digits}f}{suffix}"


def table_cells(summary: AgentSummary) -> list[str]:
    """The summary as the cells of ``TABLE_HEADS`` (text)."""
    failures = str(summary.failures)
    if summary.failures:
        parts = [f"{n} {name}" for n, name in ((summary.timeouts, "timeout"), (summary.errors, "error"),
                                              (summary.agent_failures, "agent"), (summary.illegal, "illegal")) if n]
        failures += f" ({', '.join(parts)})"
    return [
        summary.agent, str(summary.games), _fmt(summary.mean), _fmt(summary.median),
        "-" if summary.min is None else str(summary.min), "-" if summary.max is None else str(summary.max),
        _fmt(summary.mean_percent_of_oracle, 1, "%"),
        f"{_fmt(summary.fok)}/{_fmt(summary.fko)}", f"{_fmt(summary.gok)}/{_fmt(summary.gko)}",
        _fmt(summary.sink), _fmt(summary.precision, 3), _fmt(summary.recall, 3),
        _fmt(summary.mean_seconds, 3), _fmt(summary.max_seconds, 3), failures,
    ]


def format_table(summaries: Sequence[AgentSummary], markdown: bool = False) -> str:
    """The per-agent table as aligned text (or a Markdown table)."""
    rows = [list(TABLE_HEADS)] + [table_cells(s) for s in summaries]
    if markdown:
        lines = ["| " + " | ".join(rows[0]) + " |", "|" + "|".join("---" for _ in rows[0]) + "|"]
        lines += ["| " + " | ".join(r) + " |" for r in rows[1:]]
        return "\n".join(lines)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
                     for r in rows)


# ----- results files ----------------------------------------------------------

def rows_to_csv(rows: Iterable[GameRow]) -> str:
    """The rows as CSV text with a header line."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=ROW_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: ("" if v is None else v) for k, v in row.to_dict().items()})
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

