"""A third agent kind added in one module and one registration line (``tests/backends/fake_kind.py``: ``.moves``
files listing actions) plays through ``run``, ``bench`` and the main window, confined or not."""

from __future__ import annotations

import json

import pytest

from app.backends import host, kinds
from app.backends.drivers import create_driver
from app.backends.host.driver import HostedDriver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.cli import main
from app.core import PROFILES, AgentError, Game
from app.solver.playable import load_game_map
from app.tournament.bench import load_results
from tests.backends.fake_kind import MOVES
from tests.paths import MAPS_DIR

FOUR_KNOWN = str(MAPS_DIR / "four-known.map")
MOVES_TEXT = "# three moves, then solve\nfire 0 0\n\nguess 2 1\nguess 2 2  # a flag\n"
ACTIONS = ["fire 0 0", "guess 2 1", "guess 2 2", "solve"]


@pytest.fixture
def agent(tmp_path):
    path = tmp_path / "lister.moves"
    path.write_text(MOVES_TEXT, encoding="utf-8")
    return path


@pytest.fixture
def sandbox_as_started():
    yield
    host.set_enabled(None)  # --no-sandbox switches it off for the process


def _expected(agent) -> Game:
    game = Game(load_game_map(FOUR_KNOWN), PROFILES["unito-2019"])
    for action in ACTIONS:
        game.apply(action)
    return game


class TestTheKind:
    def test_its_files_are_found_named_and_labelled_by_the_kind(self, agent):
        spec = resolve(str(agent))
        assert spec.kind is MOVES and spec.name == "lister" and kinds.for_file(agent) is MOVES
        assert ".moves" in kinds.endings() and ".moves (Moves)" in kinds.endings_text()
        assert not any(MOVES.can_show(capability) for capability in kinds.Capability)

    def test_a_bad_line_is_one_error_naming_file_and_line(self, tmp_path):
        path = tmp_path / "bad.moves"
        path.write_text("fire 0 0\nshoot 1 1\n", encoding="utf-8")
        with pytest.raises(AgentError, match=r"bad\.moves:2: .*unknown action 'shoot'"):
            kinds.create_local_driver(resolve(str(path)))


class TestPlayed:
    @pytest.mark.parametrize("sandbox", [[], ["--no-sandbox"]], ids=["confined", "in-process"])
    def test_run(self, agent, capsys, sandbox, sandbox_as_started):
        assert main(["run", "--agent", str(agent), "--map", FOUR_KNOWN, "--quiet", "--json", *sandbox]) == 0
        result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        expected = _expected(agent).result()
        assert [" ".join(str(item[key]) for key in ("action", "x", "y") if item.get(key) is not None)
                for item in result["actions"]] == ACTIONS
        assert (result["score"], result["steps"]) == (expected.score, expected.steps)

    def test_the_agent_host_child_finds_the_kind_by_its_module(self, agent):
        driver = create_driver(resolve(str(agent)), sandbox=True)
        assert isinstance(driver, HostedDriver)  # the child imported tests.backends.fake_kind to build it
        result = Match(Game(load_game_map(FOUR_KNOWN), PROFILES["unito-2019"]), driver).run()
        assert result.score == _expected(agent).result().score and result.steps == len(ACTIONS)

    def test_bench_in_its_worker_processes(self, agent, tmp_path, capsys):
        out = tmp_path / "results.csv"
        code = main(["bench", "--agents", f"{agent},cross", "--maps", FOUR_KNOWN, str(MAPS_DIR / "open-sea.map"),
                     "--jobs", "2", "--out", str(out), "--no-progress"])
        assert code == 0, capsys.readouterr().err
        rows = [row for row in load_results(out) if row.agent == str(agent)]
        assert len(rows) == 2 and all(row.status == "ok" and row.failure == "" for row in rows)
        four_known = next(row for row in rows if row.map_path == FOUR_KNOWN)
        assert (four_known.score, four_known.steps) == (_expected(agent).result().score, len(ACTIONS))

    def test_the_main_window(self, agent, qtbot, tmp_path):
        from app.gui.main_window import MainWindow
        from tests.gui.conftest import show_window, wait_over

        window = show_window(qtbot, tmp_path, MainWindow, (1200, 800))
        try:
            assert window.load_map(FOUR_KNOWN)
            assert window.select_agent(str(agent))
            assert not window.session.can_step_rule  # the kind shows no rule stepping
            window.set_fastest()
            window.run()
            wait_over(qtbot, window)
            assert window.session.result.score == _expected(agent).result().score
            assert int(window.view.score_panel.values()["score"]) == window.session.result.score
            assert [str(event.action) for event in window.session.events] == ACTIONS
        finally:
            window.session.shutdown()
