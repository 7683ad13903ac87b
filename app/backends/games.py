"""Playing one game from names and files: the shared path of run, bench, the GUI and benchmarks."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from app.backends.drivers import create_driver
from app.backends.kinds.course_files import CourseFiles, played_with
from app.backends.params import params_for
from app.backends.registry import resolve
from app.backends.runner import Match
from app.backends.step_checks import CheckedDriver, Finding
from app.core import Game, GameMap, RulesProfile, StepEvent


def play(agent_text: str, game_map: GameMap, profile: RulesProfile, seed: int = 0,
         params: Mapping[str, str] | None = None, on_event: Callable[[StepEvent], None] | None = None,
         on_log: Callable[[str], None] | None = None, step_seconds: float | None = None,
         on_trace: Callable[[object], None] | None = None,
         on_finding: Callable[[Finding], None] | None = None, markers: bool = False,
         course: CourseFiles | None = None, map_file: str | Path | None = None) -> Game:
    """Play one game of an agent (name or path) on a map; returns the finished ``Game``.

    With ``on_trace``, a driver that can trace (CLIPS) records each step's trace: in the game (for the log)
    and handed to ``on_trace``. With ``on_finding``, the step's protocol checks (``app.backends.step_checks``)
    run as the game goes and hand each finding to it (live warnings). With ``markers``, what the agent draws is
    read after each step and kept in the game (for a log that shows it; ``Match``). A traced game always asks for
    them: it is played as the window plays it, so its firings and fact indices are the ones the Rules tab shows.
    With ``course``, a CLIPS agent plays against that course's own MAIN and ENV files (``map_file``: the map's
    file; a course file is loaded as it is: app/backends/kinds/course_files.py).
    """
    with played_with(resolve(agent_text), course, game_map, map_file) as spec:
        return _play(spec, agent_text, game_map, profile, seed, params, on_event, on_log, step_seconds, on_trace,
                     on_finding, markers)


def _play(spec, agent_text, game_map, profile, seed, params, on_event, on_log, step_seconds, on_trace, on_finding,
          markers) -> Game:
    driver = create_driver(spec, seed=seed, step_seconds=step_seconds)
    if on_finding is not None:
        driver = CheckedDriver(driver, game_map.name, profile.name, on_finding=on_finding, timing=False)
    driver.tracing = on_trace is not None
    game = Game(game_map, profile, agent=driver.name)
    if on_event is not None:
        game.subscribe(on_event)
    match = Match(game, driver, on_log=on_log, params=params_for(params or {}, agent_text), on_trace=on_trace,
                  markers=markers or on_trace is not None)
    try:
        match.run()
    finally:
        match.close()
    return game
