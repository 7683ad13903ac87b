"""``main.py new-agent``: a shipped agent's copy that plays anywhere (its load order names only its own files),
and one-line errors for a bad name, an unknown source or a folder that exists."""

from __future__ import annotations

import shutil

import pytest

from app.backends.games import play
from app.backends.registry import LOAD_ORDER, resolve
from app.cli.new_agent import make_agent, shipped_sources
from app.core import get_profile
from app.solver.playable import load_game_map
from tests.cli.test_cli import assert_one_line_error, main
from tests.paths import MAPS_DIR, ROOT


@pytest.mark.parametrize("source", ["incrocio", "probabilistico", "bdi"])
def test_a_shipped_clips_agent_s_copy_holds_every_file_it_loads(tmp_path, source):
    folder = make_agent("mine", source, tmp_path)
    order = [line for line in (folder / LOAD_ORDER).read_text().splitlines() if not line.startswith("#")]
    assert order == [p.name for p in shipped_sources()[source]]
    assert all((folder / name).read_bytes() == path.read_bytes()
               for name, path in zip(order, shipped_sources()[source]))
    assert resolve(str(folder)).paths == tuple(folder / name for name in order)  # inside its folder: playable


def test_the_copy_plays_as_the_shipped_agent_from_another_folder(tmp_path):
    folder = make_agent("mine", "incrocio", tmp_path)
    moved = shutil.move(str(folder), str(tmp_path / "elsewhere"))  # handed in: no agents/clips/lib beside it
    game_map, profile = load_game_map(MAPS_DIR / "four-known.map"), get_profile("unito-2019")
    copy, shipped = play(str(moved), game_map, profile).result(), play("incrocio", game_map, profile).result()
    assert not copy.load_errors and copy.score == shipped.score and copy.steps == shipped.steps


def test_the_command_and_its_python_sources(tmp_path):
    done = main("new-agent", "mine", "--from", "cross", "--into", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "mine" / "cross_agent.py").read_bytes() == (ROOT / "agents" / "cross_agent.py").read_bytes()
    assert not (tmp_path / "mine" / LOAD_ORDER).exists()
    assert "run --agent" in done.stderr
    template = make_agent("starter", "template", tmp_path)
    assert (template / "my_agent.clp").is_file() and (template / LOAD_ORDER).is_file()


def test_bad_input_is_one_line(tmp_path):
    assert_one_line_error(main("new-agent", "mine", "--from", "nope", "--into", str(tmp_path)),
                          "--from nope: no such shipped agent or template", "incrocio")
    assert_one_line_error(main("new-agent", "../up", "--into", str(tmp_path)), "'../up': a name of letters")
    (tmp_path / "mine").mkdir()
    assert_one_line_error(main("new-agent", "mine", "--into", str(tmp_path)), "exists already")
