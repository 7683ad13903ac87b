"""``arena submit`` and ``arena standings`` against a real HTTP server on 127.0.0.1: what they print, their exit
codes, the token from the environment, and one line for every refusal."""

from __future__ import annotations

import argparse
import json

import pytest

from app.cli import run_command
from app.cli.arena_client import TOKEN_ENV, add_standings_parser, add_submit_parser
from tests.arena.fake_arena import STANDINGS, SUBMITTED, Answer, version_answer


@pytest.fixture
def agent(tmp_path):
    path = tmp_path / "mine.clp"
    path.write_text("; mine\n")
    return str(path)


def arena_cli(argv: list[str]) -> int:
    """``arena SUBCOMMAND ...`` as app/cli/arena.py registers these two (the parser the web engineer builds)."""
    parser = argparse.ArgumentParser(prog="arena")
    sub = parser.add_subparsers(dest="action", required=True)
    add_submit_parser(sub)
    add_standings_parser(sub)
    args = parser.parse_args(argv)
    return run_command(lambda: args.func(args))


def test_submit_prints_the_version_then_the_load_verdict(fake_arena, agent, capsys):
    fake_arena.answer("POST", "/api/submissions", Answer(201, SUBMITTED))
    fake_arena.answer("GET", "/api/versions/17", Answer(200, version_answer("queued")),
                 Answer(200, version_answer("loading")), Answer(200, version_answer("playing", played=12)))
    assert arena_cli(["submit", agent, "--server", fake_arena.url, "--token", "tok", "--wait", "30"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"submitted {agent} as version 3 (id 17): 150 games queued",
                                f"your page: {fake_arena.url}/students/ada", "loads: 12 of 150 games played"]
    assert err.split() == ["queued", "loading", "playing"]


def test_submit_of_a_version_that_does_not_load_exits_1_with_clips_message(fake_arena, agent, capsys):
    fake_arena.answer("POST", "/api/submissions", Answer(201, SUBMITTED))
    fake_arena.answer("GET", "/api/versions/17", Answer(200, version_answer(
        "failed", load_error="[PRSUTILS1] mine.clp:3:\n  Syntax Error: Check appropriate syntax for defrule.")))
    assert arena_cli(["submit", agent, "--server", fake_arena.url, "--token", "tok"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == (
        "does not load: [PRSUTILS1] mine.clp:3: Syntax Error: Check appropriate syntax for defrule.")


def test_submit_no_wait_takes_the_token_from_the_environment(fake_arena, agent, capsys, monkeypatch):
    monkeypatch.setenv(TOKEN_ENV, "from-env")
    fake_arena.answer("POST", "/api/submissions", Answer(201, SUBMITTED))
    assert arena_cli(["submit", agent, "--server", fake_arena.url, "--no-wait"]) == 0
    assert [r.path for r in fake_arena.requests] == ["/api/submissions"]
    assert fake_arena.requests[0].headers["Authorization"] == "Bearer from-env"


def test_submit_without_a_token_says_how_to_give_one(fake_arena, agent, capsys, monkeypatch):
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    assert arena_cli(["submit", agent, "--server", fake_arena.url]) == 2
    assert capsys.readouterr().err == f"error: no token: give --token T or set {TOKEN_ENV} (your teacher gave " \
                                      "you the token)\n"
    assert fake_arena.requests == []


def test_a_refused_submission_is_one_line_and_exit_2(fake_arena, agent, capsys):
    fake_arena.answer("POST", "/api/submissions", Answer(429, {"error": "20 a day"}, {"Retry-After": "600"}))
    assert arena_cli(["submit", agent, "--server", fake_arena.url, "--token", "tok"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: too many submissions: try again in 10 min")


def test_standings_table_marks_your_row(fake_arena, capsys):
    fake_arena.answer("GET", "/api/standings", Answer(200, STANDINGS))
    assert arena_cli(["standings", "--server", fake_arena.url, "--token", "tok"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "150 maps (map set term), 3 students"
    assert lines[1].split()[:4] == ["#", "student", "version", "games"]
    assert lines[2].split()[:6] == ["1", "Student", "7", "5", "150/150", "44.2"]
    assert lines[3].split()[:3] == ["2", "Ada", "(you)"] and "39.0–44.0" in lines[3] and "71.2%" in lines[3]
    assert lines[4].split()[0] == "-" and "20/150" in lines[4]  # not ranked until its games are played
    assert "+12/-3" in lines[2] and lines[4].split()[-4:-2] == ["-", "-"]  # a first version: no verdict, no maps
    assert fake_arena.requests[-1].headers["Authorization"] == "Bearer tok"


def test_standings_json_is_the_server_s_answer(fake_arena, capsys, monkeypatch):
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    fake_arena.answer("GET", "/api/standings", Answer(200, STANDINGS))
    assert arena_cli(["standings", "--server", fake_arena.url, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == STANDINGS
    assert "Authorization" not in fake_arena.requests[-1].headers


def test_standings_of_an_empty_arena(fake_arena, capsys):
    fake_arena.answer("GET", "/api/standings", Answer(200, {"maps": 150, "map_set": "term", "rows": []}))
    assert arena_cli(["standings", "--server", fake_arena.url]) == 0
    assert capsys.readouterr().out == "150 maps (map set term), 0 students: nobody has submitted yet\n"


def test_the_load_verdict_of_a_version_with_one_game_has_no_interval():
    from app.cli.arena_client import load_verdict

    assert load_verdict(version_answer("playing", played=1, mean=12.0, low=None, high=None)) == (
        "loads: 1 of 150 games played; mean 12.0", 0)
    assert load_verdict(version_answer("stopped", stopped="its first 5 games failed: agent error")) == (
        "stopped: its first 5 games failed: agent error", 1)
