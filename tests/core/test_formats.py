"""Map and puzzle formats: round trips, real course files, and every kind of bad input."""

from __future__ import annotations

import pytest

from app.core import Cell, MapError, Piece
from app.core.formats import bimaru, clp, detect, dumps, load_map, native, read, save
from tests.helpers import OPEN_GRID, grid_map
from tests.paths import BIMARU_DIR, COURSE_MAPS, MAPS_DIR

COURSE_FILES = sorted(COURSE_MAPS.glob("*.clp"))
EXAMPLE_MAPS = sorted(MAPS_DIR.glob("*.map"))


class TestNative:
    @pytest.mark.parametrize("path", EXAMPLE_MAPS, ids=lambda p: p.name)
    def test_round_trip(self, path):
        game_map = load_map(path)
        again = native.parse(native.dump(game_map))
        assert again.same_game(game_map) and again.name == game_map.name
        assert native.dump(again) == native.dump(game_map)

    def test_header_metadata(self):
        text = "# name: Harbour\n# author: Ada\n# notes: a test\n" + "\n".join(OPEN_GRID) + "\n"
        game_map = native.parse(text)
        assert (game_map.name, game_map.author, game_map.notes) == ("Harbour", "Ada", "a test")
        assert native.dump(game_map) == text

    def test_known_cells_upper_case(self):
        game_map = grid_map(OPEN_GRID, **{"0_2": "k", "5_5": "k"})
        assert dict(game_map.known) == {Cell(0, 2): Piece.LEFT, Cell(5, 5): Piece.WATER}

    def test_crlf_and_comments(self):
        text = "# a comment\r\n" + "\r\n".join(OPEN_GRID) + "\r\n\r\n"
        assert native.parse(text).same_game(grid_map(OPEN_GRID))


class TestCourseClp:
    @pytest.mark.parametrize("path", COURSE_FILES, ids=lambda p: p.name)
    def test_real_files_load_and_round_trip(self, path):
        game_map = load_map(path)
        assert game_map.is_valid()
        again = clp.parse(clp.dump(game_map))
        assert again.same_game(game_map)

    def test_non_standard_fleet_is_flagged(self):
        game_map = load_map(COURSE_MAPS / "case1.clp")
        assert not game_map.is_standard and game_map.fleet == (4, 3, 3, 2, 2, 1)
        for path in COURSE_FILES:
            if path.name != "case1.clp":
                assert load_map(path).is_standard, path.name

    def test_known_cells_read(self):
        game_map = load_map(COURSE_MAPS / "mappa1.clp")
        assert game_map.known[Cell(4, 3)] is Piece.MIDDLE and len(game_map.known) == 6

    def test_missing_counts_are_derived(self):
        game_map = load_map(COURSE_MAPS / "case1.clp")
        assert sum(game_map.row_counts) == sum(game_map.fleet) == sum(game_map.col_counts)

    def test_tolerates_tabs_comments_extra_spaces_and_sub_as_boat_ver(self):
        text = (
            "; a course map\r\n(deffacts   battle-field\r\n"
            "\t( boat-ver (name s1) (y 3) (xs 5 ) (size 1) (status safe)) ; a sub written vertical\r\n"
            "(boat-hor (name n2)   (x 0)\t(ys 0 1) (size 2) (status safe safe))\r\n)\r\n"
        )
        game_map = clp.parse(text)
        assert game_map.fleet == (2, 1) and game_map.piece_at(Cell(5, 3)) is Piece.SUB

    def test_keeps_fact_order_when_not_canonical(self):
        base = clp.dump(grid_map(OPEN_GRID, **{"0_2": "k"}))
        lines = base.splitlines()
        k_cell = next(i for i, line in enumerate(lines) if line.startswith("(k-cell"))
        moved = lines[:k_cell] + lines[k_cell + 1:-1] + [lines[k_cell], ")"]
        game_map = clp.parse("\n".join(moved))
        assert game_map.fact_order[-1] == ("k-cell", Cell(0, 2))
        assert clp.parse(base).fact_order is None


class TestBimaru:
    @pytest.mark.parametrize("path", sorted(BIMARU_DIR.glob("*.txt")), ids=lambda p: p.name)
    def test_real_puzzles_parse_and_round_trip(self, path):
        puzzle = read(path)
        assert isinstance(puzzle, bimaru.Puzzle)
        assert bimaru.parse(bimaru.dump(puzzle)) == puzzle

    def test_spaces_and_tabs_mixed(self):
        text = "ROW 2\t3 2 2 3 0 1 3 2 2\nCOLUMN\t 6 0 1 0 2 1 3 1 2 4\n1\nHINT \t0 0 T\n"
        puzzle = bimaru.parse(text)
        assert puzzle.hints == {Cell(0, 0): Piece.TOP}

    def test_map_to_puzzle(self):
        game_map = grid_map(OPEN_GRID, **{"0_2": "k"})
        puzzle = bimaru.parse(dumps(game_map, "bimaru"))
        assert puzzle.row_counts == game_map.row_counts and puzzle.hints == {Cell(0, 2): Piece.LEFT}

    def test_solution_text_is_the_published_format(self):
        """The example map (the rules' Bimaru example, published as instance01) prints exactly its answer file."""
        game_map = load_map(MAPS_DIR / "bimaru-example.map")
        assert bimaru.solution_text(game_map) == (BIMARU_DIR / "instance01.out").read_text()
        assert bimaru.puzzle_of(game_map) == bimaru.parse((BIMARU_DIR / "instance01.txt").read_text())


    def test_puzzle_is_an_immutable_value(self):
        import pickle

        puzzle = bimaru.Puzzle((2,) * 10, (2,) * 10)
        assert puzzle.hints == {} and puzzle.name == ""
        assert puzzle.hints is not bimaru.Puzzle((2,) * 10, (2,) * 10).hints  # no shared default
        named = bimaru.Puzzle((2,) * 10, (2,) * 10, {}, name="other")
        assert puzzle == named  # the name is not compared
        assert puzzle != bimaru.Puzzle((2,) * 10, (2,) * 10, {Cell(0, 0): Piece.WATER})
        assert repr(named) == f"Puzzle(row_counts={(2,) * 10}, col_counts={(2,) * 10}, hints={{}}, name='other')"
        assert pickle.loads(pickle.dumps(named)) == named
        with pytest.raises(AttributeError, match="immutable"):
            puzzle.name = "x"
        with pytest.raises(TypeError):
            hash(puzzle)


class TestDetectAndSave:
    def test_detect(self):
        assert detect("(deffacts x)") == "clp"
        assert detect("ROW 1 2") == "bimaru"
        assert detect("\n".join(OPEN_GRID)) == "native"

    @pytest.mark.parametrize("suffix, fmt", [(".map", "native"), (".clp", "clp"), (".txt", "bimaru")])
    def test_save_then_read(self, tmp_path, suffix, fmt):
        game_map = grid_map(OPEN_GRID, **{"0_2": "k"})
        path = tmp_path / f"out{suffix}"
        assert save(game_map, path, fmt) == fmt
        loaded = read(path)
        if fmt == "bimaru":
            assert loaded == bimaru.puzzle_of(game_map)
        else:
            assert loaded.same_game(game_map)
        assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left


def write(tmp_path, name: str, data: str | bytes):
    path = tmp_path / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


class TestBadInput:
    """Each malformed input gives a MapError naming the file, the line and the problem."""

    def check(self, path, *words, line=None):
        with pytest.raises(MapError) as info:
            read(path)
        text = str(info.value)
        assert text.startswith(str(path)), text
        if line is not None:
            assert text.startswith(f"{path}:{line}:"), text
        for word in words:
            assert word in text, text
        assert "\n" not in text

    def test_empty_file(self, tmp_path):
        self.check(write(tmp_path, "e.map", ""), "empty")

    def test_whitespace_only(self, tmp_path):
        self.check(write(tmp_path, "e.map", "  \n\t\n"), "empty")

    def test_truncated_native(self, tmp_path):
        self.check(write(tmp_path, "t.map", "\n".join(OPEN_GRID[:6])), "only 6 grid rows", "truncated")

    def test_truncated_clp(self, tmp_path):
        text = (COURSE_MAPS / "mappa1.clp").read_text()
        self.check(write(tmp_path, "t.clp", text[: len(text) // 2]), "never closed", "truncated")

    def test_truncated_bimaru(self, tmp_path):
        self.check(write(tmp_path, "t.txt", "ROW 2 3 2 2 3 0 1 3 2 2\n"), "COLUMN", "truncated")

    def test_counts_disagree_with_ships(self, tmp_path):
        text = (COURSE_MAPS / "mappa1.clp").read_text().replace("(k-per-row (row 3) (num 3))",
                                                                   "(k-per-row (row 3) (num 4))")
        path = write(tmp_path, "c.clp", text)
        line = text.splitlines().index("(k-per-row (row 3) (num 4))") + 1
        self.check(path, "row 3 count is 4 but its ships have 3 cells", line=line)

    def test_column_count_disagrees(self, tmp_path):
        text = (COURSE_MAPS / "mappa1.clp").read_text().replace("(k-per-col (col 9) (num 1))",
                                                                   "(k-per-col (col 9) (num 0))")
        self.check(write(tmp_path, "c.clp", text), "column 9 count is 0")

    def test_touching_ships_native(self, tmp_path):
        rows = list(OPEN_GRID)
        rows[4] = "..c...lr.."  # a sub at (4, 2) touches the 2-ship's bottom (3, 1) diagonally
        self.check(write(tmp_path, "touch.map", "\n".join(rows)), "touch", line=4)

    def test_touching_ships_clp_load_with_a_warning(self, tmp_path):
        text = ("(deffacts m\n(boat-hor (name a) (x 0) (ys 0 1) (size 2) (status safe safe))\n"
                "(boat-hor (name b) (x 1) (ys 2) (size 1) (status safe))\n)\n")
        game_map = read(write(tmp_path, "touch.clp", text))  # the course plays it (docs/rules.md)
        assert len(game_map.warnings) == 1 and "touch" in game_map.warnings[0] and "(line 2)" in game_map.warnings[0]
        assert "touch" in game_map.problems()[0].message

    def test_adjacent_ships_in_a_line(self, tmp_path):
        rows = list(OPEN_GRID)
        rows[9] = "........cc"
        self.check(write(tmp_path, "line.map", "\n".join(rows)), "touching ships", line=10)

    def test_ragged_grid(self, tmp_path):
        rows = list(OPEN_GRID)
        rows[3] = rows[3] + ".."
        self.check(write(tmp_path, "r.map", "\n".join(rows)), "row 3 has 12 cells, expected 10", line=4)

    def test_unknown_letter(self, tmp_path):
        rows = list(OPEN_GRID)
        rows[2] = ".x..c....m"
        self.check(write(tmp_path, "u.map", "\n".join(rows)), "unknown letter 'x'", line=3)

    def test_unknown_hint_letter(self, tmp_path):
        text = "ROW 2 3 2 2 3 0 1 3 2 2\nCOLUMN 6 0 1 0 2 1 3 1 2 4\n1\nHINT 0 0 Q\n"
        self.check(write(tmp_path, "h.txt", text), "unknown hint letter 'Q'", line=4)

    def test_non_utf8(self, tmp_path):
        data = ("\n".join(OPEN_GRID[:3]) + "\n").encode() + b"\x81\x8d junk\n"  # not cp1252 either
        self.check(write(tmp_path, "b.map", data), "not UTF-8 nor Windows text", line=4)

    def test_ten_megabyte_junk(self, tmp_path):
        self.check(write(tmp_path, "junk.map", b"x" * 10_000_000), "too large")

    def test_binary(self, tmp_path):
        self.check(write(tmp_path, "bin.map", b"abc\x00def"), "binary")

    def test_missing_file(self, tmp_path):
        self.check(tmp_path / "nope.map", "no such file")

    def test_folder(self, tmp_path):
        with pytest.raises(MapError, match="is a folder"):
            read(tmp_path)

    def test_no_ships(self, tmp_path):
        self.check(write(tmp_path, "w.map", "\n".join(["." * 10] * 10)), "no ships")

    def test_known_cell_disagrees_with_grid_clp_loads_with_a_warning(self, tmp_path):
        text = (COURSE_MAPS / "mappa1.clp").read_text().replace("(k-cell (x 4) (y 3) (content middle))",
                                                                   "(k-cell (x 4) (y 3) (content sub))")
        game_map = read(write(tmp_path, "k.clp", text))  # the course plays it (docs/rules.md)
        assert game_map.warnings[0].startswith("known cell (4, 3) says sub but the map has middle there (line ")

    def test_cell_fact_disagrees_with_boats(self, tmp_path):
        text = (COURSE_MAPS / "mappa1.clp").read_text().replace(
            "(cell (x 0) (y 0) (content water) (status none))", "(cell (x 0) (y 0) (content boat) (status none))")
        self.check(write(tmp_path, "k.clp", text), "cell (0, 0) says boat but no boat covers it", line=2)

    def test_boat_size_mismatch(self, tmp_path):
        text = "(deffacts m\n(boat-hor (name a) (x 0) (ys 0 1) (size 3) (status safe safe))\n)\n"
        self.check(write(tmp_path, "s.clp", text), "size 3 but lists 2 cells", line=2)

    def test_hint_count_mismatch(self, tmp_path):
        text = "ROW 2 3 2 2 3 0 1 3 2 2\nCOLUMN 6 0 1 0 2 1 3 1 2 4\n3\nHINT 0 0 T\n"
        self.check(write(tmp_path, "h.txt", text), "announces 3 hints but has 1")

    def test_non_ascii_digit_hint_count(self, tmp_path):
        text = "ROW 2 3 2 2 3 0 1 3 2 2\nCOLUMN 6 0 1 0 2 1 3 1 2 4\n\u00b21\n"
        self.check(write(tmp_path, "h.txt", text), "expected the number of hints", line=3)

    def test_unbalanced_close(self, tmp_path):
        self.check(write(tmp_path, "u.clp", "(deffacts m)\n)\n"), "unbalanced", line=2)
