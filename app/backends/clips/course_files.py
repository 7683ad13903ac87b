"""A course's own MAIN and ENV files as the rules of a game (``--course-main``, ``--course-env``): any edition.

Editions of the course changed MAIN (extra templates such as ``map-size``, ``d-cell``, ``light-cell``) and ENV;
an agent written for one only plays as its course played it against those very files. ``CourseRun`` loads them
as the course's CLIPS console does (MAIN, ENV, the map's course file, the agent's files; ``(reset)``) and runs
the game stop by stop: a breakpoint on each of ENV's rules stops the run where an environment turn begins, so
each run is at most one agent turn, capped as the bridge caps one (rule firings and seconds, between chunks of
firings). MAIN also gets what the app's own MAIN gives every agent: CLIPS 6.3's functions that 6.4 dropped and
the inert marker templates, unless the course's MAIN defines them.

``CourseFilesDriver`` plays an agent so, one step at a time, for the engine: after each agent turn it answers the
exec facts of the step (newest first; the engine carries out the newest one the course could, as the course's
ENV does), and the course's ENV carries the same action out on its own facts at the start of the next run. The
engine keeps the score under the game's rules profile (the course's own ``Your score is`` line goes to the log).
Its spec's files are: the course's ``main.clp`` and ``env.clp``, the map's course file, the agent's files.
ENV's rules are fired one a run, so the k-cells asserted outside them are the agent's: they go to the engine
(``declared_k_cells``), which scores them as the course does. What the engine is not told: what a changed ENV
does beyond the standard actions and reveals (its score is the rules profile's; the course's own line is logged).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

import clips
from clips._clips import lib

from app.backends.base import AgentFailure, Driver, FactRow, StartContext, runner_param
from app.backends.clips.loading import (
    compatibility_functions,
    describe,
    exit_ends_the_app,
    fact_rows,
    marker_templates,
    refuse_exit,
)
from app.backends.clips.messages import CaptureRouter
from app.backends.clips.pool import destroy_quietly
from app.backends.clips.running import CHUNK, DEFAULT_MAX_FIRINGS, DEFAULT_TIME_LIMIT
from app.core import Action, BattleshipError, Cell, Observation, Piece

PIECES = {piece.value: piece for piece in Piece}

SOLVED = "solved"
STALLED = "agent-stalled"
CAPPED = "capped"  # stopped at the caps (rule firings or seconds per turn): the course's own would run on
TURN = ""  # stopped where an environment turn begins: the game goes on


class CourseRun:
    """One game's CLIPS environment with a course's files (see the module docstring)."""

    def __init__(self, paths: Sequence[Path], max_firings: int, time_limit: float):
        self.paths = tuple(Path(path) for path in paths)
        self.max_firings = max_firings
        self.time_limit = time_limit
        self.firings = 0
        self.agent_k_cells: list[tuple[Cell, Piece]] = []  # asserted by the agent's rules, not yet taken
        self._k_cell_mark = 0  # the index of the newest k-cell seen
        self.env = clips.Environment()
        self.router = CaptureRouter()
        self.env.add_router(self.router)

    def load(self) -> None:
        """Load the course's MAIN and ENV, the map and the agent's files, then ``(reset)``; BattleshipError when
        a course file or the map cannot be read or reports a load error (the agent's errors are its own, as in
        the course's console)."""
        main_file, env_file, map_file, *agent_files = self.paths
        if exit_ends_the_app():
            refuse_exit(agent_files)  # in the app's own process it would end the app
        for index, path in enumerate((main_file, env_file, map_file, *agent_files)):
            self._load(path, strict=index < 3)
            if index == 0:
                self._add_to_main()
        self.env.reset()
        cenv = self.env._env
        current = lib.GetCurrentModule(cenv)
        lib.SetCurrentModule(cenv, lib.FindDefmodule(cenv, b"ENV"))  # env.rules() lists the current module's
        for rule in self.env.rules():
            rule.add_breakpoint()
        lib.SetCurrentModule(cenv, current)

    def _load(self, path: Path, strict: bool) -> None:
        try:
            path.read_bytes()
        except OSError as exc:
            raise BattleshipError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
        try:
            self.env.load(str(path))
        except clips.CLIPSError:
            pass  # the errors are read below
        errors = describe(self.router.take_errors(), str(path))
        if errors and strict:
            raise BattleshipError(f"{path}: does not load in CLIPS: {errors[0]}")

    def _add_to_main(self) -> None:
        """The app's additions to MAIN that the course's MAIN does not define already (an edition may have its own)."""
        env = self.env
        defined = {construct.name for construct in (*env.functions(), *env.templates())}
        for construct in marker_templates() + compatibility_functions():
            if construct.split()[1].removeprefix("MAIN::") not in defined:
                env.build(construct)

    def run_to_stop(self) -> str:
        """Run to the next stop: TURN where an environment turn begins, else how the game ended: SOLVED, STALLED
        (no rule left while it runs: the course hangs), CAPPED, or "failed: ..." on an error."""
        cenv = self.env._env
        env_module = lib.FindDefmodule(cenv, b"ENV")
        fired, started = 0, time.perf_counter()
        while True:
            at_env = lib.GetFocus(cenv) == env_module
            if at_env:  # ENV's rules one a run, not counted in the agent's turn: what they assert is theirs
                count = lib.Run(cenv, 1)
                self.firings += count
                if count:
                    fired, started = 0, time.perf_counter()
                    continue
            else:
                self.new_k_cells()  # the environment's, up to here
                count = lib.Run(cenv, CHUNK)
                self.agent_k_cells += self.new_k_cells()
                fired += count
                self.firings += count
                if time.perf_counter() - started > self.time_limit:
                    return CAPPED
                if count == CHUNK:
                    if fired >= self.max_firings:
                        return CAPPED
                    continue
            step, currently = self.status()
            if self.router.errors and currently != "stopped":
                text = " ".join(self.router.take_errors().split())
                return f"failed: step {step}: CLIPS error: {text[:200]}"
            if count and lib.GetFocus(cenv) == env_module:  # at a breakpoint
                return TURN
            return SOLVED if currently == "stopped" else STALLED

    def new_k_cells(self) -> list[tuple[Cell, Piece]]:
        """The k-cells asserted since the last call (integer x and y, a piece's content), oldest first."""
        found = []
        for fact in self.env.facts():
            if fact.template.name == "k-cell" and fact.index > self._k_cell_mark:
                self._k_cell_mark = fact.index
                x, y, content = fact["x"], fact["y"], str(fact["content"])
                if type(x) is int and type(y) is int and content in PIECES:
                    found.append((Cell(x, y), PIECES[content]))
        return found

    def status(self) -> tuple[int | None, str]:
        """MAIN's status fact now: (step, currently)."""
        for fact in self.env.facts():
            if fact.template.name == "status":
                return fact["step"], str(fact["currently"])
        return None, "none"

    def execs(self, step: int) -> list[Action | str]:
        """The exec facts for ``step``, newest first, as actions (their text when not well-formed)."""
        found = [fact for fact in self.env.facts() if fact.template.name == "exec" and fact["step"] == step]
        return [_action(fact) for fact in sorted(found, key=lambda fact: fact.index, reverse=True)]

    def output(self) -> list[str]:
        """What was printed since the last call."""
        text = self.router.take_output() if self.router.output else ""
        return text.rstrip("\n").split("\n") if text else []

    def close(self) -> None:
        """Destroy the environment."""
        destroy_quietly([self.env])


def _action(fact) -> Action | str:
    kind = str(fact["action"])
    if kind == "solve":
        return Action.solve()
    text = f"{kind} {fact['x']} {fact['y']}"
    try:
        return Action.parse(text)
    except BattleshipError:
        return text


class RunsCourseFiles:
    """What a driver that plays a ``CourseRun`` says and ends alike (``CourseFilesDriver``, and the course's side of
    a crosscheck, ``kinds/course_side.py``): its printout, the environment's facts, its end."""

    def __init__(self, spec, time_limit: float = DEFAULT_TIME_LIMIT):
        self.spec = spec
        self.name = spec.name
        self.max_firings = DEFAULT_MAX_FIRINGS
        self.time_limit = time_limit
        self.firings = 0
        self._run: CourseRun | None = None
        self._lines: list[str] = []

    def load_run(self, context: StartContext) -> CourseRun:
        """Load the spec's files into a new ``CourseRun`` as the course's console does, capped at this run's
        ``max_firings`` a turn (the game's parameter, when given); the run."""
        max_firings = runner_param(context.params, "max_firings")
        if max_firings is not None:
            self.max_firings = int(max_firings)
        self._run = CourseRun(self.spec.paths, self.max_firings, self.time_limit)
        self._run.load()
        return self._run

    def output(self) -> list[str]:
        """What the agent and the course's environment printed."""
        lines, self._lines = self._lines, []
        return lines

    def working_memory(self) -> list[FactRow]:
        """Every fact of the course's environment now."""
        return [] if self._run is None else fact_rows(self._run.env)

    def close(self) -> None:
        """Destroy the environment."""
        run, self._run = self._run, None
        if run is not None:
            run.close()


class CourseFilesDriver(RunsCourseFiles, Driver):
    """An agent played against a course's own MAIN and ENV, one step at a time (see the module docstring)."""

    def start(self, observation: Observation, context: StartContext) -> None:
        """Load the course's files, the map and the agent, and reset."""
        self.load_run(context)
        map_k_cells = len(observation.start_known)  # the map's deffacts come first; then the agent's own
        self._run.agent_k_cells = self._run.new_k_cells()[map_k_cells:]

    def declared_k_cells(self) -> list[tuple[Cell, Piece]]:
        """The k-cells the agent asserted itself (in its deffacts, or in its last turn), oldest first."""
        declared, self._run.agent_k_cells = self._run.agent_k_cells, []
        return declared

    def next_action(self, observation: Observation) -> Action | str | tuple[Action | str, ...] | None:
        """Run the course's game to the end of the agent's turn for this step: its execs (newest first), or None
        when it left none (the course's game hangs there: the engine solves it as it stands)."""
        run = self._run
        while True:
            stop = run.run_to_stop()
            self.firings = run.firings
            self._lines += run.output()
            step, _ = run.status()
            if stop == TURN:
                execs = run.execs(step) if step == observation.step else []
                if not execs:
                    continue  # the environment's own turn (its first pass, the action the engine took)
                return execs[0] if len(execs) == 1 else tuple(execs)
            if stop == CAPPED:
                raise AgentFailure(f"step {observation.step}: the agent ran over the caps of its turn "
                                   f"({self.max_firings} rule firings or {self.time_limit:g} s): stopped")
            if stop.startswith("failed"):
                raise AgentFailure(stop.removeprefix("failed: "))
            self._lines.append(f"the course's environment stopped at step {step}: {stop}")
            return None
