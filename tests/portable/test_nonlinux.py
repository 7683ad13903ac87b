"""The app's commands on a Python that is not Linux (``sim/sitecustomize.py``), against the same commands on Linux.

Two ways, each a parametrization: the app's process alone is simulated (its agents' processes are real Linux ones,
started by the portable host), or the app and each agent's process (``BATTLESHIP_LAB_CHILD_SITE``, the host's
documented test hook). Either way the app cannot reach a CLIPS function through ctypes, fork, signal a process
group or set an alarm, and ``sys.platform`` reads ``darwin``. The results are compared with the same command run
here on Linux in the same test, never with figures written down.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import SLEEPER, running
from tests.paths import MAPS_DIR, ROOT

SIM = Path(__file__).resolve().parent / "sim"
MODES = ("app", "app+agent")
BENCH_MAPS = [str(MAPS_DIR / "bench" / name) for name in ("k0-0001.map", "k2-0001.map", "k4-0001.map")]
CLASS = ROOT / "tests" / "data" / "grade-class"
TIMEOUT = 600


def _environment(mode: str | None) -> dict[str, str]:
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("PYTHONPATH", "BATTLESHIP_LAB_CHILD_SITE")}
    environment["QT_QPA_PLATFORM"] = "offscreen"
    if mode is not None:
        environment["PYTHONPATH"] = str(SIM)
    if mode == "app+agent":
        environment["BATTLESHIP_LAB_CHILD_SITE"] = str(SIM)
    return environment


def command(mode: str | None, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """``python main.py ARGS`` on Linux (``mode`` None) or simulated (see the module docstring)."""
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=cwd, env=_environment(mode),
                          capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)


def succeeded(done: subprocess.CompletedProcess, code: int = 0) -> subprocess.CompletedProcess:
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == code, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    return done


PLATFORM_AGENT = """import sys

from agents.base import Agent


class Where(Agent):
    def act(self, observation):
        try:
            import fcntl  # noqa: F401
            has_fcntl = True
        except ImportError:
            has_fcntl = False
        raise RuntimeError(f"platform={sys.platform} fcntl={has_fcntl}")


AGENT = Where
"""


@pytest.mark.parametrize("mode", MODES)
def test_the_harness_reaches_the_processes_it_names(tmp_path, mode):
    agent = tmp_path / "where.py"
    agent.write_text(PLATFORM_AGENT)
    for sandbox in ((), ("--no-sandbox",)):
        done = command(mode, "run", "--agent", str(agent), "--map", str(MAPS_DIR / "four-known.map"), "--json",
                       "--quiet", *sandbox)
        assert "Traceback" not in done.stderr, done.stderr
        reason = json.loads(done.stdout.strip().splitlines()[-1])["stop_reason"]
        simulated = bool(sandbox) or mode == "app+agent"  # --no-sandbox: the agent runs in the app's process
        assert ("platform=darwin fcntl=False" if simulated else "platform=linux fcntl=True") in reason, reason


def _game(mode: str | None, agent: str, map_path: str, *more: str) -> dict:
    done = succeeded(command(mode, "run", "--agent", agent, "--map", map_path, "--json", "--quiet", *more))
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return {key: result[key] for key in ("score", "statistics", "steps", "stop_reason", "actions")}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("agent", ["incrocio", "bdi", "cross", "bayes", "random"])
def test_run_plays_as_on_linux_confined_and_not(mode, agent):
    map_path = BENCH_MAPS[1]
    linux = _game(None, agent, map_path)
    assert _game(mode, agent, map_path) == linux
    assert _game(mode, agent, map_path, "--no-sandbox") == linux


def test_a_traced_clips_game_explains_as_on_linux():
    args = ("run", "--agent", "incrocio", "--map", str(MAPS_DIR / "four-known.map"), "--trace", "why")
    linux = _after_header(succeeded(command(None, *args)).stdout)
    assert _after_header(succeeded(command("app+agent", *args)).stdout) == linux
    assert _after_header(succeeded(command("app", *args, "--no-sandbox")).stdout) == linux


def _after_header(text: str) -> str:
    """``run``'s printout without its first line (what confines the agent, which differs by system)."""
    return text.split("\n", 1)[1]


def _scores(path: Path) -> list[tuple]:
    with path.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows
    return sorted((row["agent"], row["map"], row["score"], row.get("stop_reason", "")) for row in rows)


@pytest.mark.parametrize("mode", MODES)
def test_bench_with_two_jobs_scores_as_on_linux(tmp_path, mode):
    def bench(where: str | None, out: Path) -> list[tuple]:
        succeeded(command(where, "bench", "--agents", "incrocio,cross,random", "--maps", *BENCH_MAPS,
                          "--jobs", "2", "--out", str(out), "--no-progress"))
        return _scores(out)

    linux = bench(None, tmp_path / "linux.csv")
    assert not [row for row in linux if "error" in row[3].lower()]
    assert bench(mode, tmp_path / "simulated.csv") == linux


def _gradebook(out: Path) -> list[dict]:
    with (out / "gradebook.csv").open(newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("mode", MODES)
def test_grade_grades_the_class_as_on_linux(tmp_path, mode):
    def grade(where: str | None, out: Path) -> list[dict]:
        for maps in (BENCH_MAPS[:1], BENCH_MAPS[:2]):  # the second run resumes: its games are appended
            succeeded(command(where, "grade", str(CLASS), "--maps", *maps, "--out", str(out),
                              "--roster", str(CLASS / "roster.csv"), "--baseline", "random", "--jobs", "2",
                              "--no-progress"))
        return _gradebook(out)

    assert grade(mode, tmp_path / "simulated") == grade(None, tmp_path / "linux")


@pytest.mark.parametrize("mode", MODES)
def test_an_agent_sleeping_past_its_cap_ends_within_it_and_leaves_no_process(tmp_path, mode):
    marker = f"battleship-lab-sleeper-{mode}-{os.getpid()}"
    agent = tmp_path / "sleeper.py"
    agent.write_text(SLEEPER.replace("MARKER", marker))
    done = command(mode, "run", "--agent", str(agent), "--map", str(MAPS_DIR / "four-known.map"), "--json",
                   "--quiet", "--step-timeout", "1")
    assert "Traceback" not in done.stderr, done.stderr
    reason = json.loads(done.stdout.strip().splitlines()[-1])["stop_reason"]
    assert "took more than 1 s for step 1" in reason, reason
    deadline = time.monotonic() + 5.0  # a killed process may take a moment to be gone from /proc
    while running(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert running(marker) == []


@pytest.mark.parametrize("mode", MODES)
def test_the_window_opens_and_plays(tmp_path, mode):
    picture = tmp_path / "window.png"
    succeeded(command(mode, "gui", "--map", str(MAPS_DIR / "four-known.map"), "--agent", "incrocio", "--autorun",
                      "--quit-when-done", "--screenshot", str(picture)))
    assert picture.stat().st_size > 10_000


def test_every_other_command_answers_as_on_linux(tmp_path):
    """``replay``, ``coach``, ``diff``, ``check-agent``, ``bench --versus``, ``similar``, ``report``, ``maps``,
    ``solve``: the same exit and the same words, the app and the agents' processes simulated."""
    log = tmp_path / "game.jsonl"
    succeeded(command("app+agent", "run", "--agent", "incrocio", "--map", BENCH_MAPS[0], "--log", str(log),
                      "--quiet"))
    results = tmp_path / "class.jsonl"
    succeeded(command(None, "bench", "--agents", "random,cross", "--maps", *BENCH_MAPS[:2], "--out", str(results),
                      "--no-progress"))
    incrocio = ROOT / "agents" / "clips" / "incrocio"
    commands = [
        ("replay", str(log), "--quiet"),
        ("coach", str(log)),
        ("diff", str(incrocio), str(ROOT / "agents" / "clips" / "bdi"), "--map", BENCH_MAPS[0]),
        ("check-agent", str(ROOT / "agents" / "cross_agent.py"), "--count", "2"),
        ("bench", "--agents", "cross", "--versus", "random", "--maps", *BENCH_MAPS, "--no-progress"),
        ("similar", str(CLASS), "--no-behaviour"),
        ("maps", "check", *BENCH_MAPS),
        ("solve", str(ROOT / "maps" / "bimaru-example.map")),
    ]
    for args in commands:
        linux = command(None, *args)
        simulated = command("app+agent", *args)
        assert "Traceback" not in simulated.stderr, (args, simulated.stderr)
        assert (simulated.returncode, _steady(simulated.stdout)) == (linux.returncode, _steady(linux.stdout)), args
    report = tmp_path / "report"
    succeeded(command("app+agent", "report", str(results), "--out", str(report), "--baseline", "random"))
    assert (report / "index.html").is_file()


def test_the_class_arena_serves_and_scores_as_on_linux(tmp_path):
    """A teacher's own Mac or Windows PC: ``arena serve`` (its player's game processes simulated too) plays a
    version a student sends with ``arena submit`` from a simulated system, and ``arena standings`` gives the scores
    a plain ``bench`` gives on Linux."""
    pytest.importorskip("starlette", reason="the arena's server side (requirements-arena.txt) is not installed")
    from tests.arena.web_helpers import Server, make_class, read_tokens, wait_until

    roster, maps = make_class(tmp_path, 2)
    server = Server(tmp_path, roster, maps, environment=_environment("app+agent"))
    try:
        token = read_tokens(server.tokens_file)["rossi"]
        succeeded(command("app+agent", "arena", "submit", "cross", "--server", server.address, "--token", token))

        def played() -> dict | None:
            done = succeeded(command("app+agent", "arena", "standings", "--server", server.address, "--json"))
            rows = json.loads(done.stdout)["rows"]
            return rows[0] if rows and rows[0]["games"] == 2 and rows[0]["mean"] is not None else None

        row = wait_until(played, 180, "the version's 2 games")
    finally:
        assert server.stop() == 0
    plain = tmp_path / "plain.csv"
    succeeded(command(None, "bench", "--agents", "cross", "--maps", str(maps), "--out", str(plain), "--no-progress"))
    with plain.open(encoding="utf-8") as source:
        scores = [float(r["score"]) for r in csv.DictReader(source)]
    assert row["mean"] == pytest.approx(sum(scores) / len(scores))


def _steady(text: str) -> str:
    """``text`` without what differs from run to run (timings)."""
    import re

    return re.sub(r"\d+(\.\d+)? ?(s|ms|games/s)\b", "T", text)


COURSE_ENV = ROOT.parent / "shared" / "course-env"


@pytest.mark.skipif(not COURSE_ENV.is_dir(), reason="../shared/course-env (the course's own main.clp/env.clp, kept "
                                                    "out of the repo) is absent")
def test_crosscheck_against_the_course_answers_as_on_linux():
    edition = COURSE_ENV / "unito-2019"
    args = ("crosscheck", "--course-main", str(edition / "main.clp"), "--course-env", str(edition / "env.clp"),
            "--agent", str(COURSE_ENV / "cases" / "order.clp"), "--map",
            *(str(ROOT / "tests" / "data" / "course-maps" / name) for name in ("mappa1.clp", "case1.clp")))
    linux = succeeded(command(None, *args))
    assert succeeded(command("app", *args)).stdout == linux.stdout


ENDLESS_AT_LOAD = """(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deffunction forever () (while TRUE do (bind ?x 1)) 1)
(defglobal ?*x* = (forever))
"""


@pytest.mark.parametrize("mode", [None, "app+agent"], ids=["linux", "app+agent"])
def test_an_endless_value_at_load_ends_at_the_load_limit_with_the_words_of_the_apps_own_process(tmp_path, mode):
    """Nothing stops CLIPS inside one definition: the agent's own process reports it at the limit and ends."""
    agent = tmp_path / "forever.clp"
    agent.write_text(ENDLESS_AT_LOAD)
    done = command(mode, "run", "--agent", str(agent), "--map", str(MAPS_DIR / "four-known.map"), "--quiet")
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode != 0
    assert done.stderr.strip().splitlines()[-1] == (
        f"error: {agent}: loading ran over the time limit of 10 s: stopped (a defglobal's or a default's value "
        "that never ends?)")
