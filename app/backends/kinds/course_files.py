"""The course-files kind: a CLIPS agent played against a course's own MAIN and ENV files (``--course-main``,
``--course-env``; app/backends/clips/course_files.py). Its spec's files: the course's main.clp and env.clp, the
map's course file, then the agent's files. No file is of this kind: ``course_files_spec`` makes its specs."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from app.backends.kinds.base import AgentKind, AgentSpec, Capability
from app.core import AgentError, BattleshipError, GameMap
from app.core.formats import dumps

if TYPE_CHECKING:
    from app.backends.base import Driver


def build(spec: AgentSpec, _seed: int | None, step_seconds: float | None) -> Driver:
    """A ``CourseFilesDriver`` for the spec's files."""
    try:  # lazy: start-up time (the bridge imports clipspy), and without clipspy one line when a CLIPS agent is chosen
        from app.backends.clips.course_files import CourseFilesDriver
    except ImportError as exc:
        raise AgentError(f"CLIPS agents need clipspy (pip install -r requirements.txt): {exc}") from None
    return CourseFilesDriver(spec) if step_seconds is None else CourseFilesDriver(spec, step_seconds)


# not loaded ahead (the default): its files include the map's course file, a game's own
COURSE_FILES = AgentKind("course-files", "CLIPS, the course's own MAIN and ENV", __name__, build=build,
                         shows=frozenset({Capability.DECLARED_K_CELLS}), is_agent_file=lambda _path: False)


@dataclass(frozen=True, slots=True)
class CourseFiles:
    """A course edition's own MAIN and ENV files, the rules of the games played with them."""

    main: Path
    env: Path

    def check(self) -> None:
        """BattleshipError (one line) naming a file that is missing."""
        for option, path in (("--course-main", self.main), ("--course-env", self.env)):
            if not Path(path).is_file():
                raise BattleshipError(f"{option} {path}: no such file")


def course_files(main: str | Path | None, env: str | Path | None) -> CourseFiles | None:
    """The course files named (None when neither is; an empty text names none); BattleshipError (one line) for
    one without the other, or a missing file."""
    main, env = (str(value).strip() if value is not None else "" for value in (main, env))
    if not main and not env:
        return None
    if not main or not env:
        raise BattleshipError("a course's main.clp and env.clp go together (--course-main and --course-env)")
    course = CourseFiles(Path(main).resolve(), Path(env).resolve())
    course.check()
    return course


def course_map_file(game_map: GameMap, map_file: str | Path | None, folder: Path) -> Path:
    """The map as a course file for the course's ENV: ``map_file`` itself when it is one (an edition's extra facts
    in it too), else ``game_map`` written as one into ``folder``."""
    if map_file is not None and Path(map_file).suffix.lower() == ".clp":
        return Path(map_file)
    written = folder / f"{game_map.name or 'map'}.clp"
    written.write_text(dumps(game_map, "clp"), encoding="utf-8")
    return written


@contextlib.contextmanager
def played_with(agent: AgentSpec, course: CourseFiles | None, game_map: GameMap,
                map_file: str | Path | None) -> Iterator[AgentSpec]:
    """The spec to play ``agent`` on ``game_map`` with: itself, or for a CLIPS agent with ``course``'s files its
    course-files spec, on the map's own course file (an edition's extra facts in it too), or on the map written as
    one for the game. Agents of other kinds never see MAIN or ENV: they play the app's game (a class's Python
    baseline beside CLIPS students)."""
    if course is None or agent.kind != "clips":
        yield agent
        return
    with tempfile.TemporaryDirectory(prefix="battleship-course-map-") as folder:
        yield course_files_spec(agent, course.main, course.env, course_map_file(game_map, map_file, Path(folder)))


def course_files_spec(agent: AgentSpec, main: Path, env: Path, map_file: Path) -> AgentSpec:
    """``agent`` (a CLIPS agent) played against the course's ``main`` and ``env`` on ``map_file`` (a course file)."""
    paths = tuple(Path(path).resolve() for path in (main, env, map_file, *agent.paths))
    return AgentSpec(agent.name, COURSE_FILES, paths, agent.description)
