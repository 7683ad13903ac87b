"""Game logs replay to the identical result; bad logs give LogError naming the line."""

from __future__ import annotations

import json

import pytest

from app.core import PROFILES, Game, LogError
from app.core.gamelog import dumps, files_folder, replay_file, replay_text, save
from tests.helpers import OPEN_GRID, grid_map

ACTIONS = ["fire 0 2", "fire 5 5", "guess 0 3", "guess 0 3", "unguess 0 3", "guess 9 9", "bogus", "solve"]


def played(rules: str = "unito-2019", actions=ACTIONS, **limits) -> Game:
    game = Game(grid_map(OPEN_GRID, **{"2_4": "k"}), PROFILES[rules].with_limits(**limits), agent="tester")
    for action in actions:
        if not game.over:
            game.apply(action)
    return game


class TestReplay:
    @pytest.mark.parametrize("rules", ["unito-2019", "unito-2022"])
    def test_identical_result(self, rules):
        game = played(rules)
        replay = replay_text(dumps(game, seed=3))
        assert replay.mismatches == []
        assert replay.result.to_dict() == game.result().to_dict()
        assert replay.seed == 3

    def test_step_limit_auto_solve(self):
        game = played(actions=["guess 1 1"] * 12, max_steps=10)
        assert game.events[-1].by_engine
        replay = replay_text(dumps(game))
        assert replay.mismatches == [] and replay.result.to_dict() == game.result().to_dict()

    def test_engine_stop_replays(self):
        game = played(actions=["fire 0 2"])
        game.stop("the agent stalled")
        replay = replay_text(dumps(game))
        assert replay.mismatches == [] and replay.result.stop_reason == "the agent stalled"

    def test_save_and_replay_file(self, tmp_path):
        game = played()
        path = tmp_path / "g.jsonl"
        save(game, path)
        assert replay_file(path).result.score == game.score()

    def test_tampered_outcome_is_reported(self):
        lines = dumps(played()).splitlines()
        step = json.loads(lines[1])
        step["outcome"] = "miss"
        lines[1] = json.dumps(step)
        replay = replay_text("\n".join(lines))
        assert any("log says miss, engine says hit" in m for m in replay.mismatches)

    def test_tampered_score_is_reported(self):
        lines = dumps(played()).splitlines()
        result = json.loads(lines[-1])
        result["score"] += 5
        lines[-1] = json.dumps(result)
        assert any("log says score" in m for m in replay_text("\n".join(lines)).mismatches)

    def test_log_cut_short(self):
        lines = dumps(played()).splitlines()[:3]
        replay = replay_text("\n".join(lines))
        assert replay.game.over and any("ends before" in m for m in replay.mismatches)


class TestNotes:
    def test_notes_come_before_their_step_and_replay_unchanged(self):
        game = Game(grid_map(OPEN_GRID, **{"2_4": "k"}), PROFILES["unito-2019"], agent="tester")
        game.note("tester: starting")
        game.note("tester: fire 0 2 looks good")
        game.apply("fire 0 2")
        game.apply("guess 0 3")
        game.note("tester: done")
        game.apply("solve")
        text = dumps(game)
        kinds = [(r["type"], r.get("step")) for r in map(json.loads, text.splitlines())]
        assert kinds == [("game", None), ("note", 0), ("note", 0), ("step", 0), ("step", 1), ("note", 2),
                         ("step", 2), ("result", None)]
        replay = replay_text(text)
        assert replay.mismatches == [] and replay.game.notes == game.notes
        assert replay.result.to_dict() == game.result().to_dict()

    def test_a_note_after_the_last_step_is_kept(self):
        game = played(actions=["fire 0 2"])
        game.note("said after the last step")
        replay = replay_text(dumps(game))
        assert replay.game.notes == [(1, "said after the last step")]

    def test_a_log_without_notes_still_replays(self):
        game = played()
        assert replay_text(dumps(game)).game.notes == []

    @pytest.mark.parametrize("record", ['{"type": "note", "text": "x"}', '{"type": "note", "step": -1, "text": "x"}',
                                        '{"type": "note", "step": 2, "text": 5}'])
    def test_a_bad_note_names_its_line(self, record):
        lines = dumps(played()).splitlines()
        lines.insert(2, record)
        with pytest.raises(LogError, match=r"g.jsonl:3: a note needs a step \(a whole number\) and a text"):
            replay_text("\n".join(lines), "g.jsonl")


class TestBadLogs:
    @pytest.mark.parametrize("text, words", [
        ("not json\n", ":1: not JSON"),
        ('{"type": "step"}\n', "not a game log"),
        ("[1, 2]\n", 'an object with a "type"'),
        ('{"type": "game", "rules": "unito-2019"}\n', "no 'map'"),
        ('{"type": "game", "map": "xx", "rules": "unito-2019"}\n', "bad game header"),
    ])
    def test_errors(self, text, words):
        with pytest.raises(LogError, match=words.replace("(", r"\(")):
            replay_text(text, "g.jsonl")

    def test_unknown_rules(self):
        header = json.loads(dumps(played()).splitlines()[0])
        header["rules"] = "house-rules"
        with pytest.raises(LogError, match="unknown rules profile"):
            replay_text(json.dumps(header))


class TestCourseGames:
    """What only the course's environment does is kept in the log, so a replay scores the same."""

    def test_k_cells_the_agent_asserted_are_replayed(self):
        from app.core import Cell, Piece
        from app.core.gamelog import rerun

        game = Game(grid_map(OPEN_GRID), PROFILES["unito-2019"])
        game.declare([(Cell(2, 1), Piece.TOP)])  # the agent's deffacts
        game.apply("guess 5 5", declared=[(Cell(5, 5), Piece.SUB), (Cell(2, 4), Piece.WATER)])
        game.apply("fire 2 4")  # a k-cell is there already: nothing revealed
        game.apply("solve", declared=[(Cell(9, 9), Piece.SUB)])
        replay = replay_text(dumps(game))
        assert replay.mismatches == [] and replay.result.statistics == game.statistics()
        assert (game.statistics().fok, game.statistics().fko) == (-1, 1)  # 0, -1 (water), +1 (the fire), -1 (at solve)
        again = Game(grid_map(OPEN_GRID), PROFILES["unito-2019"])
        for _ in rerun(again, game.events):
            pass
        assert again.statistics() == game.statistics() and again.events[1].revealed is None

    def test_a_map_only_a_course_file_holds_is_replayed(self):
        from app.core.formats import load_map
        from tests.paths import DATA

        game_map = load_map(DATA / "course-cases" / "maps" / "touching.clp")
        game = Game(game_map, PROFILES["unito-2022"])
        for action in ("fire 9 5", "fire 8 5", "guess 8 4", "solve"):
            game.apply(action)
        replay = replay_text(dumps(game))
        assert replay.mismatches == [] and replay.result.score == game.score()
        assert replay.game.map.warnings == game_map.warnings


class TestAgentFiles:
    def test_saved_in_a_folder_beside_the_log(self, tmp_path):
        game = played()
        game.written_files = {"results.txt": b"facts\n", "sub/more.txt": b""}
        folder = save(game, tmp_path / "game.jsonl")
        assert folder == files_folder(tmp_path / "game.jsonl") == tmp_path / "game.agent-files"
        assert (folder / "results.txt").read_bytes() == b"facts\n"
        assert (folder / "sub" / "more.txt").read_bytes() == b""

    def test_none_written_no_folder(self, tmp_path):
        assert save(played(), tmp_path / "game.jsonl") is None
        assert [path.name for path in tmp_path.iterdir()] == ["game.jsonl"]

    @pytest.mark.parametrize("name", ["../escape.txt", "/tmp/escape.txt"])
    def test_a_name_outside_the_folder_is_refused(self, tmp_path, name):
        game = played()
        game.written_files = {name: b"x"}
        with pytest.raises(LogError, match="not a plain relative path"):
            save(game, tmp_path / "game.jsonl")
        assert not (tmp_path / "escape.txt").exists()
