"""The course's side of a crosscheck, played as an agent is: in the agent host, confined, under the bridge's caps.

``CourseSide`` is a driver of its own kind (``course-side``, registered when
this module is imported: the host's child imports it by name). Its spec's files
are the course's ``main.clp`` and ``env.clp``, the map file and the agent's
files; ``start`` loads them into a plain CLIPS environment as the course's
console does (MAIN gets what ``run`` gives every agent besides: CLIPS 6.3's
functions that 6.4 dropped and the inert marker templates) and resets it;
each ``next_action`` runs the course's game to its next stop and says how it
stands ("" while it goes on). A breakpoint on each of ENV's rules stops the
run where the environment's turn begins, so each call is at most one agent
turn, under the caps the bridge puts on one: rule firings and seconds (between
chunks of firings), and in the host the host's own cap on the call, which also
ends a loop inside one rule's actions. The agent's files are read and its
writes land in the host child's scratch folder, like every game's.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

import clips
from clips._clips import lib

from app.backends.base import Driver, FactRow, StartContext, runner_param
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
from app.backends.kinds import AgentKind, AgentSpec, register
from app.core import BattleshipError, Observation

SOLVED = "solved"
STALLED = "agent-stalled"
CAPPED = "capped"  # stopped at the caps (rule firings or seconds per turn): the course's own would run on


class CourseSide(Driver):
    """The course's own MAIN and ENV playing a map with an agent (spec paths: main, env, map, agent files...)."""

    def __init__(self, spec: AgentSpec, time_limit: float = DEFAULT_TIME_LIMIT):
        self.spec = spec
        self.name = spec.name
        self.paths = tuple(Path(path) for path in spec.paths)
        self.max_firings = DEFAULT_MAX_FIRINGS
        self.time_limit = time_limit
        self.env: clips.Environment | None = None
        self.router: CaptureRouter | None = None
        self.firings = 0
        self._lines: list[str] = []

    def start(self, observation: Observation, context: StartContext) -> None:
        """Load the course's files, the map and the agent as the course's console does, then ``(reset)``.
        BattleshipError when the course's files or the map cannot be read or report a load error."""
        max_firings = runner_param(context.params, "max_firings")
        if max_firings is not None:
            self.max_firings = int(max_firings)
        main_file, env_file, map_file, *agent_files = self.paths
        if exit_ends_the_app():
            refuse_exit(agent_files)  # in the app's own process it would end the app
        self.env = env = clips.Environment()
        self.router = CaptureRouter()
        env.add_router(self.router)
        for index, path in enumerate((main_file, env_file, map_file, *agent_files)):
            self._load(path, strict=index < 3)
            if index == 0:
                self._add_to_main()
        env.reset()
        cenv = env._env
        current = lib.GetCurrentModule(cenv)
        lib.SetCurrentModule(cenv, lib.FindDefmodule(cenv, b"ENV"))  # env.rules() lists the current module's
        for rule in env.rules():
            rule.add_breakpoint()
        lib.SetCurrentModule(cenv, current)

    def _load(self, path: Path, strict: bool) -> None:
        """Load one file; BattleshipError when it cannot be read, or (``strict``: the course's files and the map)
        when CLIPS reports an error in it. The agent's own errors stay in CLIPS's output, as in the course."""
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

    def next_action(self, observation: Observation) -> str:
        """Run the course's game to its next stop: "" at the start of an environment turn (the game goes on),
        else how it ended: SOLVED, STALLED (no rule left while it runs: the course hangs), CAPPED, "failed: ..."."""
        cenv = self.env._env
        env_module = lib.FindDefmodule(cenv, b"ENV")
        fired, started = 0, time.perf_counter()
        while True:
            count = lib.Run(cenv, CHUNK)
            fired += count
            self.firings += count
            if time.perf_counter() - started > self.time_limit:
                return CAPPED
            if count == CHUNK:
                if fired >= self.max_firings:
                    return CAPPED
                continue
            step, currently = self._status()
            if self.router.errors and currently != "stopped":
                text = " ".join(self.router.take_errors().split())
                return f"failed: step {step}: CLIPS error: {text[:200]}"
            if count and lib.GetFocus(cenv) == env_module:  # at a breakpoint: the environment's turn
                return ""
            return SOLVED if currently == "stopped" else STALLED

    def _status(self) -> tuple[int | None, str]:
        for fact in self.env.facts():
            if fact.template.name == "status":
                return fact["step"], str(fact["currently"])
        return None, "none"

    def output(self) -> list[str]:
        """What was printed since the last call (the course's ``Your score is N`` among it)."""
        if self.router is not None and self.router.output:
            self._lines += self.router.take_output().rstrip("\n").split("\n")
        lines, self._lines = self._lines, []
        return lines

    def working_memory(self) -> list[FactRow]:
        """Every fact of the course's environment now."""
        return [] if self.env is None else fact_rows(self.env)

    def close(self) -> None:
        """Destroy the environment."""
        env, self.env, self.router = self.env, None, None
        if env is not None:
            destroy_quietly([env])


def _build(spec: AgentSpec, _seed: int | None, step_seconds: float | None) -> CourseSide:
    return CourseSide(spec) if step_seconds is None else CourseSide(spec, step_seconds)


COURSE_SIDE = AgentKind("course-side", "the course's environment", __name__, build=_build,
                        is_agent_file=lambda _path: False)
register(COURSE_SIDE)


def course_spec(main_file: Path, env_file: Path, map_file: Path, agent_files: Sequence[Path]) -> AgentSpec:
    """The spec of the course's side of a game: its files, resolved, in the order ``start`` loads them."""
    paths = tuple(Path(path).resolve() for path in (main_file, env_file, map_file, *agent_files))
    return AgentSpec(f"course:{Path(agent_files[0]).stem}", COURSE_SIDE, paths)
