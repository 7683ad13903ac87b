"""Games in the course's own CLIPS environment and through the app are the same (docs/rules.md, "The course's game").

The course's ``main.clp``/``env.clp`` are not ours and not in the repo: the games
against them are skipped, with the reason, when ``../shared/course-env`` is absent.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.analysis.crosscheck import GameRecord, crosscheck, first_difference
from app.core import PROFILES
from tests.backends.test_clips_course_game import course_line, recorded
from tests.paths import COURSE_CASES, COURSE_ENV, COURSE_MAPS, ROOT

CASE_MAPS = ("mappa1.clp", "test_a_obs.clp")
OUR_CASES = sorted(COURSE_CASES.glob("*.clp"))
ABSENT = "../shared/course-env (the course's own main.clp/env.clp, kept out of the repo) is absent"


def _expected() -> list:
    path = COURSE_ENV / "cases" / "expected.jsonl"
    if not path.is_file():
        return [pytest.param(None, marks=pytest.mark.skip(reason=ABSENT), id="course-env-absent")]
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [pytest.param(line, id=f"{line['case']}-{line['map']}-{line['rules']}") for line in lines]


def _course(rules: str) -> tuple[Path, Path]:
    return COURSE_ENV / rules / "main.clp", COURSE_ENV / rules / "env.clp"


@pytest.mark.parametrize("expected", _expected())
def test_every_course_case_is_the_same_and_as_the_course_recorded(expected):
    main, env = _course(expected["rules"])
    comparison = crosscheck(main, env, [COURSE_ENV / "cases" / f"{expected['case']}.clp"],
                            COURSE_MAPS / expected["map"], PROFILES[expected["rules"]])
    assert comparison.difference is None, comparison.describe()
    recorded = {key: expected[key] for key in ("course_finished", "course_stop", "score", "statistics",
                                                "moves_left", "exec_facts")}
    assert comparison.course.to_dict() == recorded


@pytest.mark.skipif(not COURSE_ENV.is_dir(), reason=ABSENT)
@pytest.mark.parametrize("rules", sorted(PROFILES))
@pytest.mark.parametrize("case", OUR_CASES, ids=lambda path: path.stem)
def test_our_cases_are_the_same_on_every_course_map(case, rules):
    maps = sorted(COURSE_MAPS.glob("*.clp")) + sorted((COURSE_CASES / "maps").glob("*.clp"))
    assert maps and OUR_CASES
    main, env = _course(rules)
    for map_file in maps:
        comparison = crosscheck(main, env, [case], map_file, PROFILES[rules])
        assert comparison.difference is None, comparison.describe()


@pytest.mark.skipif(not COURSE_ENV.is_dir(), reason=ABSENT)
@pytest.mark.parametrize("line", recorded(), ids=lambda line: f"{line['case']}-{line['map']}-{line['rules']}")
def test_our_recorded_games_are_what_the_course_does(line):
    # tests/backends/test_clips_course_game.py plays the app against these records where the course's files are absent
    assert course_line(line["case"], line["map"], line["rules"]) == line


def _record(**changes) -> GameRecord:
    values = {"stop": "solved", "score": -10, "statistics": (("fok", 0), ("fko", 1)), "moves_left": (4, 20),
              "exec_facts": ((0, "fire", 1, 2), (1, "solve", "nil", "nil"))}
    values.update(changes)
    return GameRecord(**values)


class TestFirstDifference:
    def test_same_records(self):
        assert first_difference(_record(), _record()) is None

    def test_the_first_exec_that_differs_is_named(self):
        other = _record(exec_facts=((0, "guess", 1, 2), (1, "solve", "nil", "nil")), score=-99)
        assert first_difference(_record(), other) == "exec #1: course step 0: fire 1 2, app step 0: guess 1 2"

    def test_a_missing_exec(self):
        other = _record(exec_facts=((0, "fire", 1, 2),), stop="agent-stalled")
        assert first_difference(_record(), other) == "exec #2: course step 1: solve, app none"

    def test_the_k_cells_the_agent_sees_at_the_end(self):
        other = _record(k_cells=((1, 1, "top"),))
        assert first_difference(_record(), other) == "k-cells at the end: app only 1 1 top"

    def test_statistics_then_moves_then_score(self):
        assert first_difference(_record(), _record(statistics=(("fok", -1), ("fko", 1)))) == \
            "statistics (course/app): fok 0/-1"
        assert "moves left" in first_difference(_record(), _record(moves_left=(3, 20)))
        assert first_difference(_record(), _record(score=5)) == "score: course -10, app 5"


class TestCommand:
    def run(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(ROOT / "main.py"), "crosscheck", *args], capture_output=True,
                              text=True, timeout=300)

    def test_a_missing_file_is_bad_input(self, tmp_path):
        done = self.run("--course-main", str(tmp_path / "main.clp"), "--course-env", str(tmp_path / "env.clp"),
                        "--agent", str(OUR_CASES[0]), "--map", str(COURSE_MAPS / "mappa1.clp"))
        assert done.returncode == 2 and "main.clp: no such file" in done.stderr
        assert "Traceback" not in done.stderr

    def test_a_file_that_does_not_load_is_bad_input(self, tmp_path):
        broken = tmp_path / "main.clp"
        broken.write_text("(defmodule MAIN (export ?ALL))\n(deftemplate exec (slot step)\n")
        done = self.run("--course-main", str(broken), "--course-env", str(broken), "--agent", str(OUR_CASES[0]),
                        "--map", str(COURSE_MAPS / "mappa1.clp"))
        assert done.returncode == 2 and "main.clp" in done.stderr and "Traceback" not in done.stderr

    @pytest.mark.skipif(not COURSE_ENV.is_dir(), reason=ABSENT)
    def test_a_looping_agent_is_capped_on_both_sides(self, tmp_path):
        loop = tmp_path / "loop.clp"
        loop.write_text("(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))\n"
                        "(deftemplate AGENT::counter (slot n))\n(deffacts AGENT::start (counter (n 0)))\n"
                        "(defrule AGENT::spin ?c <- (counter (n ?n)) => (modify ?c (n (+ ?n 1))))\n")
        main, env = _course("unito-2019")
        done = self.run("--course-main", str(main), "--course-env", str(env), "--agent", str(loop), "--map",
                        str(COURSE_MAPS / "mappa1.clp"), "--max-firings", "5000")
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.startswith("SAME  mappa1.clp  unito-2019  capped")

    @pytest.mark.skipif(not COURSE_ENV.is_dir(), reason=ABSENT)
    def test_the_course_side_is_confined_like_every_game(self, tmp_path):
        # an agent that writes a file where it runs: its writes land in its process's scratch folder on both sides
        leaky = tmp_path / "leaky.clp"
        leaky.write_text("(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))\n"
                         "(defrule AGENT::go (status (step ?s) (currently running)) =>\n"
                         '  (open "leak.txt" out "w") (printout out "x") (close out)\n'
                         "  (assert (exec (step ?s) (action solve))) (pop-focus))\n")
        main, env = _course("unito-2019")
        work = tmp_path / "work"
        work.mkdir()
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "crosscheck", "--course-main", str(main),
                               "--course-env", str(env), "--agent", str(leaky), "--map",
                               str(COURSE_MAPS / "mappa1.clp")], capture_output=True, text=True, timeout=300, cwd=work)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.startswith("SAME  mappa1.clp  unito-2019  score"), done.stdout
        assert list(work.iterdir()) == []  # nothing written where the command ran

    @pytest.mark.skipif(not COURSE_ENV.is_dir(), reason=ABSENT)
    def test_both_sides_cap_a_turn_alike(self):
        # long_turn's turns are 5,004 firings, the cap checked every 2,000 on both sides: 4,000 stops it, 4,001 not
        main, env = _course("unito-2019")
        ends = {}
        for cap in ("4000", "4001"):
            done = self.run("--course-main", str(main), "--course-env", str(env), "--agent",
                            str(COURSE_CASES / "long_turn.clp"), "--map", str(COURSE_MAPS / "mappa1.clp"),
                            "--max-firings", cap)
            assert done.returncode == 0, done.stdout + done.stderr
            ends[cap] = done.stdout.splitlines()[0].split("  ")[3]
        assert ends == {"4000": "capped, 0 exec facts", "4001": "score -185, 4 exec facts"}

    @pytest.mark.skipif(not COURSE_ENV.is_dir(), reason=ABSENT)
    def test_same_exits_0_and_a_difference_exits_1(self, tmp_path):
        main, env = _course("unito-2019")
        maps = [str(COURSE_MAPS / name) for name in CASE_MAPS]
        done = self.run("--course-main", str(main), "--course-env", str(env), "--agent",
                        str(COURSE_ENV / "cases" / "order.clp"), "--map", *maps)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.splitlines()[-1] == "2/2 SAME"
        # the 2022 edition's ENV against the app's 2019 rules: its misses reveal water
        other = _course("unito-2022")[1]
        done = self.run("--course-main", str(main), "--course-env", str(other), "--agent",
                        str(COURSE_ENV / "cases" / "order.clp"), "--map", maps[0])
        assert done.returncode == 1
        assert done.stdout.startswith("DIFF  mappa1.clp  unito-2019  k-cells at the end: course only 9 0 water")
