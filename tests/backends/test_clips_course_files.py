"""Any edition of the course: CLIPS agents played against a course's own MAIN and ENV files (``--course-main``,
``--course-env``; app/backends/clips/course_files.py), checked against the course's side of a crosscheck.

``tests/data/course-edition/`` is ours: a MAIN that adds a ``map-size`` template (as editions of the course added
``map-size``, ``d-cell``, ``light-cell``), an ENV for it, and an agent written for them.
"""

from __future__ import annotations

import pytest

from app.analysis.crosscheck import play_course
from app.backends.clips.running import DEFAULT_MAX_FIRINGS, DEFAULT_TIME_LIMIT
from app.backends.games import play
from app.backends.kinds.course_files import CourseFiles
from app.cli import main
from app.core import PROFILES
from app.solver.playable import load_game_map
from tests.backends.test_clips_course_game import recorded
from tests.paths import COURSE_CASES, COURSE_ENV, COURSE_MAPS, DATA, MAPS_DIR

EDITION = DATA / "course-edition"
OURS = CourseFiles(EDITION / "main.clp", EDITION / "env.clp")
AGENT = EDITION / "corner_agent.clp"
RULES = PROFILES["unito-2019"]


def _played(game) -> list[list]:
    """The game's actions as the course's exec facts record them (step, action, x, y)."""
    return [[event.step, event.action.kind.value, *((event.action.x, event.action.y) if event.action.cell else
                                                     ("nil", "nil"))]
            for event in game.events if event.action is not None and not event.by_engine]


@pytest.mark.parametrize("map_path", [MAPS_DIR / "four-known.map", COURSE_MAPS / "mappa1.clp"], ids=lambda p: p.name)
def test_an_agent_for_a_changed_main_plays_as_its_course_plays_it(map_path, tmp_path):
    game = play(str(AGENT), load_game_map(map_path), RULES, course=OURS, map_file=map_path)
    course_map = map_path
    if map_path.suffix != ".clp":  # the course's side needs a course file: the one the app writes for the game
        from app.core.formats import dumps

        course_map = tmp_path / "map.clp"
        course_map.write_text(dumps(load_game_map(map_path), "clp"))
    course = play_course(OURS.main, OURS.env, course_map, [AGENT], RULES, DEFAULT_MAX_FIRINGS, DEFAULT_TIME_LIMIT)
    assert course.stop == "solved" and len(course.exec_facts) >= 4  # it fired twice, flagged, solved
    assert _played(game) == [list(fact) for fact in course.exec_facts]
    assert game.result().stop_reason == "solved by the agent"


def test_against_the_apps_own_main_the_same_agent_does_not_play():
    game = play(str(AGENT), load_game_map(COURSE_MAPS / "mappa1.clp"), RULES)
    assert [error.split(": ", 1)[0] for error in game.load_errors] == [f"{AGENT}:5"]  # its fire rule (map-size)
    assert game.stalled and game.step == 1


@pytest.mark.skipif(not COURSE_ENV.is_dir(), reason="../shared/course-env (the course's own files) is absent")
@pytest.mark.parametrize("line", recorded(), ids=lambda line: f"{line['case']}-{line['map']}-{line['rules']}")
def test_with_the_courses_own_files_our_cases_score_as_recorded(line):
    course = CourseFiles(COURSE_ENV / line["rules"] / "main.clp", COURSE_ENV / line["rules"] / "env.clp")
    map_path = COURSE_MAPS / line["map"]
    game = play(str(COURSE_CASES / f"{line['case']}.clp"), load_game_map(map_path), PROFILES[line["rules"]],
                course=course, map_file=map_path)
    played = [fact[:2] if fact[1] == "solve" else fact for fact in _played(game)]
    execs = [fact[:2] if fact[1] == "solve" else fact for fact in line["exec_facts"]]
    assert all(fact in execs for fact in played)  # each action carried out is one the course's agent asserted
    steps = sorted({fact[0] for fact in execs})  # one at every step the course played, none more; a game stalled
    ended = [steps] if line["course_finished"] else [steps, steps[:-1]]  # on an exec it cannot carry out: not that
    assert sorted({fact[0] for fact in played}) in ended
    if line["course_finished"]:
        result = game.result()
        assert result.score == line["score"]
        assert {key: getattr(result.statistics, key) for key in line["statistics"]} == line["statistics"]
    else:
        assert game.stalled


def test_bench_takes_the_course_files(capsys):
    code = main(["bench", "--agents", str(AGENT), "--maps", str(COURSE_MAPS / "mappa1.clp"), "--no-progress",
                 "--jobs", "1", "--course-main", str(OURS.main), "--course-env", str(OURS.env)])
    out = capsys.readouterr().out
    assert code == 0 and "corner_agent" in out and out.splitlines()[-1].split()[-1] == "0"  # no failure


def test_one_course_file_without_the_other_is_one_line(capsys):
    code = main(["run", "--agent", str(AGENT), "--map", str(COURSE_MAPS / "mappa1.clp"), "--course-main",
                 str(OURS.main)])
    err = capsys.readouterr().err
    assert code == 2 and "(--course-main and --course-env)" in err and "go together" in err and "Traceback" not in err


def test_a_tournament_keeps_games_played_with_course_files_apart():
    from app.tournament.bench import BenchConfig
    from app.tournament.bench.store import rules_key

    plain, course = BenchConfig(), BenchConfig(course_main=str(OURS.main), course_env=str(OURS.env))
    assert rules_key(plain) == "unito-2019" and rules_key(course).startswith("unito-2019;course=")
    assert course.course() == OURS and plain.course() is None


def test_a_python_agent_plays_the_apps_game_beside_them():
    game = play("cross", load_game_map(COURSE_MAPS / "mappa1.clp"), RULES, course=OURS,
                map_file=COURSE_MAPS / "mappa1.clp")
    plain = play("cross", load_game_map(COURSE_MAPS / "mappa1.clp"), RULES)
    assert _played(game) == _played(plain) and game.result().score == plain.result().score
