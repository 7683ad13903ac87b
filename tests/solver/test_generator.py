"""Random maps: legal, reproducible, the known cells asked for, and unique puzzles that solve back to the map."""

from __future__ import annotations

import random

import pytest

from app.cli import main
from app.core.formats import bimaru, read
from app.core.grid import STANDARD_FLEET, Piece
from app.solver.fast import Constraints, count_solutions
from app.solver.generator import generate_map, map_seed, random_ships
from app.solver.playable import puzzle_to_map


class TestRandomShips:
    def test_legal_and_reproducible(self):
        for seed in range(5):
            first = generate_map(random.Random(seed), known=0)
            again = generate_map(random.Random(seed), known=0)
            assert first.is_valid() and first.is_standard
            assert first.same_game(again)

    def test_small_fleet(self):
        ships = random_ships(random.Random(3), (3, 1))
        assert sorted(s.length for s in ships) == [1, 3]

    def test_every_legal_placement_can_come_out(self):
        # fleet (4,): 140 placements; 3000 uniform draws miss one with probability < 140 * (139/140)**3000 ~ 1e-7
        rng = random.Random(11)
        seen = {random_ships(rng, (4,))[0].cells for _ in range(3000)}
        assert len(seen) == 140


class TestKnownCells:
    @pytest.mark.parametrize("ships,water", [(0, 0), (1, 1), (2, 2), (5, 0), (0, 7)])
    def test_split_ship_and_water(self, ships, water):
        game_map = generate_map(random.Random(ships * 10 + water), known_ships=ships, known_water=water)
        pieces = list(game_map.known.values())
        assert sum(p.is_ship for p in pieces) == ships
        assert sum(p is Piece.WATER for p in pieces) == water
        assert all(game_map.piece_at(c) == p for c, p in game_map.known.items())

    def test_known_over_all_cells(self):
        game_map = generate_map(random.Random(1), known=6)
        assert len(game_map.known) == 6

    @pytest.mark.parametrize("seed", range(6))
    def test_unique_puzzle_solves_back_to_the_map(self, seed, tmp_path):
        game_map = generate_map(random.Random(seed), known=seed % 3, unique=True, name="u")
        c = Constraints.from_map(game_map)
        assert count_solutions(c) == 1
        path = tmp_path / "u.txt"
        path.write_text(bimaru.dump(bimaru.puzzle_of(game_map)))
        puzzle = read(path)
        assert puzzle_to_map(puzzle, path).same_game(game_map)


class TestGenerateCommand:
    def test_writes_reproducible_files(self, tmp_path, capsys):
        args = ["maps", "generate", "--count", "3", "--known-ships", "1", "--known-water", "1", "--seed", "9"]
        assert main(args + ["--out", str(tmp_path / "a")]) == 0
        assert main(args + ["--out", str(tmp_path / "b")]) == 0
        names = sorted(p.name for p in (tmp_path / "a").iterdir())
        assert names == ["gen-0001.map", "gen-0002.map", "gen-0003.map"]
        for name in names:
            assert (tmp_path / "a" / name).read_text() == (tmp_path / "b" / name).read_text()
            game_map = read(tmp_path / "a" / name)
            assert game_map.fleet == STANDARD_FLEET and len(game_map.known) == 2

    def test_map_does_not_depend_on_count(self, tmp_path):
        main(["maps", "generate", "--count", "1", "--known", "2", "--seed", "5", "--out", str(tmp_path / "a")])
        main(["maps", "generate", "--count", "2", "--known", "2", "--seed", "5", "--out", str(tmp_path / "b")])
        assert (tmp_path / "a" / "gen-0001.map").read_text() == (tmp_path / "b" / "gen-0001.map").read_text()
        assert map_seed(5, 1) != map_seed(5, 2)

    @pytest.mark.parametrize("fmt,ext", [("clp", ".clp"), ("bimaru", ".txt")])
    def test_other_formats(self, tmp_path, fmt, ext):
        assert main(["maps", "generate", "--count", "1", "--known", "3", "--out", str(tmp_path), "--format", fmt,
                     "--unique"]) == 0
        item = read(tmp_path / f"gen-0001{ext}")
        assert item is not None

    @pytest.mark.parametrize("extra", [
        ["--known", "2", "--known-ships", "1"],
        [],
        ["--known-ships", "21"],
        ["--known", "101"],
    ])
    def test_bad_options_fail_in_one_line(self, tmp_path, capsys, extra):
        assert main(["maps", "generate", "--count", "1", "--out", str(tmp_path)] + extra) == 2
        err = capsys.readouterr().err
        assert err.startswith("error:") and err.count("\n") == 1
        assert not list(tmp_path.iterdir())
