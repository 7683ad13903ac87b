"""The headless commands as a user runs them: output, exit codes, one-line errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from app.cli import SUMMARIES, build_parser
from app.cli import main as cli_main
from tests.paths import COURSE_MAPS, MAPS_DIR, ROOT


def main(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          env=env, timeout=120)


def assert_one_line_error(proc, *words):
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    for word in words:
        assert word in lines[0]


class TestRun:
    def test_prints_steps_and_table(self):
        proc = main("run", "--agent", "cross", "--map", str(MAPS_DIR / "open-sea.map"))
        assert proc.returncode == 0, proc.stderr
        assert "step   0  fire" in proc.stdout
        assert "% of oracle" in proc.stdout and "oracle 350" in proc.stdout

    def test_json_result(self):
        proc = main("run", "--agent", "random", "--map", str(COURSE_MAPS / "mappa1.clp"), "--quiet", "--json",
                    "--rules", "unito-2022", "--seed", "5")
        result = json.loads(proc.stdout.strip().splitlines()[-1])
        assert set(result) == {"score", "oracle", "statistics", "rules", "map", "agent", "steps",
                               "stop_reason", "actions"}
        assert result["rules"] == "unito-2022" and result["map"] == "mappa1" and result["agent"] == "random"
        assert set(result["statistics"]) == {"fok", "fko", "gok", "gko", "safe", "sink", "fires_left",
                                             "guesses_left"}
        assert len(result["actions"]) == result["steps"]
        assert set(result["actions"][0]) == {"step", "action", "x", "y", "outcome"}
        assert "step   0" not in proc.stdout

    def test_limits(self):
        proc = main("run", "--agent", "random", "--map", str(MAPS_DIR / "open-sea.map"), "--quiet", "--json",
                    "--fires", "1", "--guesses", "2")
        result = json.loads(proc.stdout.strip().splitlines()[-1])
        assert [a["action"] for a in result["actions"]] == ["fire", "guess", "guess", "solve"]

    @pytest.mark.parametrize("args, words", [
        (["--agent", "cross", "--map", "nope.map"], ["nope.map", "no such file"]),
        (["--agent", "nobody", "--map", "maps/open-sea.map"], ["unknown agent 'nobody'"]),
        (["--agent", "cross", "--map", "README.md"], ["README.md:"]),
        (["--agent", "cross", "--map", "maps/open-sea.map", "--fires", "-1"], ["fires must be"]),
        (["--agent", "cross", "--map", "maps/open-sea.map", "--rules", "house"], ["invalid choice"]),
        (["--map", "maps/open-sea.map"], ["--agent"]),
    ])
    def test_bad_input(self, args, words):
        assert_one_line_error(main("run", *args), *words)


class TestMaps:
    def test_check_reports_each_file(self):
        files = sorted(str(p) for p in COURSE_MAPS.glob("*.clp"))
        proc = main("maps", "check", *files)
        assert proc.returncode == 0
        lines = proc.stdout.strip().splitlines()
        assert len(lines) == len(files) and all(": ok (" in line for line in lines)
        assert "NON-STANDARD" in next(line for line in lines if "case1" in line)

    def test_check_fails_on_a_bad_file(self, tmp_path):
        bad = tmp_path / "bad.map"
        bad.write_text("..........\n")
        proc = main("maps", "check", str(MAPS_DIR / "open-sea.map"), str(bad))
        assert proc.returncode == 1
        assert f"{bad}: only 1 grid rows" in proc.stdout

    def test_check_reports_a_map_the_course_plays_as_a_problem(self):
        touching = ROOT / "tests" / "data" / "course-cases" / "maps" / "touching.clp"
        proc = main("maps", "check", str(touching))
        assert proc.returncode == 1
        assert proc.stdout.startswith(f"{touching}: problem: ships (8, 4)-(8, 5) and (9, 5) touch")
        assert "the course plays it as it is" in proc.stdout

    def test_run_plays_it_with_a_one_line_warning(self):
        contradicting = ROOT / "tests" / "data" / "course-cases" / "maps" / "contradicting.clp"
        proc = main("run", "--agent", "cross", "--map", str(contradicting), "--quiet")
        assert proc.returncode == 0, proc.stderr
        warnings = proc.stderr.strip().splitlines()
        assert len(warnings) == 3 and all(line.startswith(f"warning: {contradicting}: known cell") for line in warnings)
        assert "score" in proc.stdout

    @pytest.mark.parametrize("rules, score", [("unito-2019", 0), ("unito-2022", -500)])
    def test_a_map_with_no_ships_is_played_as_the_course_plays_it(self, rules, score):
        all_water = ROOT / "tests" / "data" / "course-cases" / "maps" / "all_water.clp"
        proc = main("run", "--agent", "cross", "--map", str(all_water), "--rules", rules, "--quiet")
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr.strip() == f"warning: {all_water}: the map has no ships (the course plays it as it is; so does the app)"
        assert f"score {score} (oracle 0)" in proc.stdout

    def test_convert_round_trip(self, tmp_path):
        clp = tmp_path / "m.clp"
        back = tmp_path / "m.map"
        assert main("maps", "convert", str(MAPS_DIR / "four-known.map"), str(clp)).returncode == 0
        assert main("maps", "convert", str(clp), str(back)).returncode == 0
        assert back.read_text().splitlines()[-10:] == (MAPS_DIR / "four-known.map").read_text().splitlines()[-10:]

    def test_convert_needs_a_format(self, tmp_path):
        assert_one_line_error(main("maps", "convert", str(MAPS_DIR / "open-sea.map"), str(tmp_path / "x.dat")),
                              "--to")


class TestReplay:
    def test_same_result_as_run(self, tmp_path):
        log = tmp_path / "g.jsonl"
        run = main("run", "--agent", "cross", "--map", str(COURSE_MAPS / "test_a_obs.clp"), "--log", str(log),
                   "--json", "--quiet")
        replay = main("replay", str(log), "--json", "--quiet")
        assert replay.returncode == 0
        assert json.loads(run.stdout.splitlines()[-1]) == json.loads(replay.stdout.splitlines()[-1])

    def test_disagreeing_log_exits_1(self, tmp_path):
        log = tmp_path / "g.jsonl"
        main("run", "--agent", "cross", "--map", str(MAPS_DIR / "open-sea.map"), "--log", str(log), "--quiet")
        lines = log.read_text().splitlines()
        first = next(i for i, line in enumerate(lines) if '"type": "step"' in line)
        lines[first] = (lines[first].replace('"hit"', '"miss"') if '"hit"' in lines[first]
                        else lines[first].replace('"miss"', '"hit"'))
        log.write_text("\n".join(lines) + "\n")
        proc = main("replay", str(log), "--quiet")
        assert proc.returncode == 1 and "disagrees with the engine" in proc.stderr

    def test_replay_shows_what_the_agent_said_as_run_did(self, tmp_path):
        log = tmp_path / "g.jsonl"
        run = main("run", "--agent", "incrocio", "--map", str(MAPS_DIR / "four-known.map"), "--log", str(log))
        replay = main("replay", str(log))
        assert replay.returncode == 0, replay.stderr
        said = [line for line in run.stdout.splitlines() if line.startswith("  incrocio: ")]
        assert said and replay.stdout.splitlines() == run.stdout.splitlines()[1:]  # all but the run's header

    def test_bad_log(self, tmp_path):
        log = tmp_path / "g.jsonl"
        log.write_text("garbage\n")
        assert_one_line_error(main("replay", str(log)), "g.jsonl:1: not JSON")


def test_gui_without_display_explains_and_names_headless_commands():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    proc = main(env=env)
    assert proc.returncode == 2
    assert "no display" in proc.stderr and "run" in proc.stderr and "Traceback" not in proc.stderr


class TestOneSubcommandParser:
    """main() imports only the module of the subcommand it is given; ``--help`` and unknown names none."""

    NAMES = list(SUMMARIES)

    def test_help_lists_every_subcommand(self):
        proc = main("--help")
        assert proc.returncode == 0
        for name in self.NAMES:
            assert re.search(rf"\n    {name}\s", proc.stdout), name  # a long name has its help on the next line

    @pytest.mark.parametrize("name", NAMES)
    def test_subcommand_help_is_the_full_parsers(self, name, capsys):
        with pytest.raises(SystemExit) as full_exit:
            build_parser().parse_args([name, "--help"])
        full = capsys.readouterr().out
        with pytest.raises(SystemExit) as own_exit:
            cli_main([name, "--help"])
        assert full_exit.value.code == own_exit.value.code == 0
        assert capsys.readouterr().out == full

    def test_unknown_subcommand_is_an_error_naming_the_choices(self):
        proc = main("nope")
        assert_one_line_error(proc, "invalid choice: 'nope'", "solve")

    def test_help_is_the_full_parsers_and_imports_no_subcommand(self):
        code = ("import sys; from app.cli import main\n"
                "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
                "print(' '.join(m for m in sys.modules if m.startswith('app.cli.')), file=sys.stderr)")
        proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert proc.stdout == build_parser().format_help()
        assert proc.stderr.split() == []

    def test_a_subcommand_imports_only_its_module(self):
        code = ("import sys; from app.cli import main\n"
                "try:\n    main(['replay', '--help'])\nexcept SystemExit:\n    pass\n"
                "print(' '.join(m for m in sys.modules if m.startswith('app.cli.')), file=sys.stderr)")
        proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
        subcommands = {f"app.cli.{name.replace('-', '_')}" for name in SUMMARIES}
        assert set(proc.stderr.split()) & subcommands == {"app.cli.replay"}
