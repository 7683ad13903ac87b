"""The course's side of a crosscheck, played as an agent is: in the agent host, confined, under the bridge's caps.

``CourseSide`` is a driver of its own kind (``course-side``, registered when this module is imported, not by the package, so naming an agent loads no CLIPS: the host's
child imports it by name). Its spec's files are the course's ``main.clp`` and ``env.clp``, the map file and the
agent's files; ``start`` loads them as the course's console does (``course_files.CourseRun``); each
``next_action`` runs the course's game to its next stop and says how it stands (``TURN``, "", while it goes
on): each call is at most one agent turn, under the caps the bridge puts on one, and in the host under the
host's own cap on the call, which also ends a loop inside one rule's actions. The agent's writes land in the host
child's scratch folder, like every game's. Unlike ``CourseFilesDriver`` the engine plays no part: this is the
course's game alone, the reference the app's is compared with.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from app.backends.base import Driver, StartContext
from app.backends.clips.course_files import RunsCourseFiles
from app.backends.kinds.base import AgentKind, AgentSpec, register
from app.core import Observation


class CourseSide(RunsCourseFiles, Driver):
    """The course's own MAIN and ENV playing a map with an agent (spec paths: main, env, map, agent files...)."""

    def start(self, observation: Observation, context: StartContext) -> None:
        """Load the course's files, the map and the agent as the course's console does, then ``(reset)``."""
        self.load_run(context)

    def next_action(self, observation: Observation) -> str:
        """Run the course's game to its next stop: "" while it goes on, else how it ended (``CourseRun``)."""
        stop = self._run.run_to_stop()
        self.firings = self._run.firings
        self._lines += self._run.output()
        return stop


def _build(spec: AgentSpec, _seed: int | None, step_seconds: float | None) -> CourseSide:
    return CourseSide(spec) if step_seconds is None else CourseSide(spec, step_seconds)


# not loaded ahead (the default): its files include the game's map
COURSE_SIDE = AgentKind("course-side", "the course's environment", __name__, build=_build,
                        is_agent_file=lambda _path: False)
register(COURSE_SIDE)


def course_spec(main_file: Path, env_file: Path, map_file: Path, agent_files: Sequence[Path]) -> AgentSpec:
    """The spec of the course's side of a game: its files, resolved, in the order ``start`` loads them."""
    paths = tuple(Path(path).resolve() for path in (main_file, env_file, map_file, *agent_files))
    return AgentSpec(f"course:{Path(agent_files[0]).stem}", COURSE_SIDE, paths)
