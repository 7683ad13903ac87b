"""Maps, results and logs as students' Windows machines make and hold them (issue 37): Notepad's encodings and
line ends, folders with spaces and accents, a file another program keeps open, a path too long."""

from __future__ import annotations

import errno
import os
import sys

import pytest

from app.core import BattleshipError, MapError, fileio
from app.core.errors import FileWriteError
from app.core.fileio import atomic_write_text, read_text
from app.core.formats import dumps, load_map, save
from app.tournament.bench.results import save_results
from tests.paths import MAPS_DIR

FOUR_KNOWN = MAPS_DIR / "four-known.map"
NOTES = "# notes: la nave è già colpita\n"


@pytest.fixture
def student_folder(tmp_path):
    """A user folder as on a student's Windows laptop: a space and an accent in it."""
    folder = tmp_path / "Niccolò Rossi" / "mappe del corso"
    folder.mkdir(parents=True)
    return folder


def _as_notepad_saves(folder, text: str, encoding: str, name: str = "mappa.map"):
    path = folder / name
    path.write_bytes(text.replace("\n", "\r\n").encode(encoding))
    return path


class TestMapsAsNotepadSavesThem:
    @pytest.mark.parametrize("encoding", ["cp1252", "utf-8-sig", "utf-8"])
    @pytest.mark.parametrize("fmt", ["native", "clp"])
    def test_load_as_the_same_map(self, student_folder, encoding, fmt):
        reference = load_map(FOUR_KNOWN)
        text = dumps(reference, fmt)
        if fmt == "native":
            text = NOTES + text
        else:
            text = "; la nave è già colpita\n" + text
        name = "mappa.map" if fmt == "native" else "mappa.clp"
        game_map = load_map(_as_notepad_saves(student_folder, text, encoding, name))
        assert dict(game_map.known) == dict(reference.known) and game_map.ships == reference.ships
        if fmt == "native":
            assert game_map.notes.startswith("la nave è già colpita")

    def test_an_error_names_the_students_file_and_line(self, student_folder):
        rows = dumps(load_map(FOUR_KNOWN), "native").splitlines()
        rows[-3] = rows[-3] + "x"
        path = _as_notepad_saves(student_folder, NOTES + "\n".join(rows) + "\n", "cp1252")
        with pytest.raises(MapError, match=rf"^{path}:{len(rows) - 1}: row \d+ has 11 cells"):
            load_map(path)

    def test_old_mac_line_ends_read_as_lines(self, student_folder):
        path = student_folder / "mac.map"
        path.write_bytes(FOUR_KNOWN.read_bytes().replace(b"\n", b"\r"))
        assert dict(load_map(path).known) == dict(load_map(FOUR_KNOWN).known)


class TestAFileAnotherProgramHolds:
    """Windows refuses to replace a file another program has open (os.replace raises PermissionError)."""

    def test_a_short_hold_is_waited_for(self, student_folder, monkeypatch):
        target = student_folder / "risultati.csv"
        target.write_text("old\n")
        real_replace, refusals = os.replace, []

        def held_twice(source, destination):
            if len(refusals) < 2:
                refusals.append(destination)
                raise PermissionError(errno.EACCES, "Access is denied", str(destination))
            real_replace(source, destination)

        monkeypatch.setattr(fileio.os, "replace", held_twice)
        monkeypatch.setattr(fileio, "REPLACE_WAIT", 0.01)
        atomic_write_text(target, "new\n")
        assert target.read_text() == "new\n" and len(refusals) == 2
        assert os.listdir(student_folder) == ["risultati.csv"]

    def test_a_long_hold_is_one_line_naming_the_file_and_nothing_is_half_written(self, student_folder, monkeypatch):
        target = student_folder / "risultati.csv"
        target.write_text("old\n")

        def held(source, destination):
            raise PermissionError(errno.EACCES, "Access is denied", str(destination))

        monkeypatch.setattr(fileio.os, "replace", held)
        monkeypatch.setattr(fileio, "REPLACE_WAIT", 0.01)
        with pytest.raises(FileWriteError) as info:
            atomic_write_text(target, "new\n")
        assert str(info.value) == (f"{target}: cannot write (permission denied: is it open in another program? "
                                   "Close it and try again)")
        assert isinstance(info.value, BattleshipError) and "\n" not in str(info.value)
        assert target.read_text() == "old\n"
        assert os.listdir(student_folder) == ["risultati.csv"]  # no temporary file left behind

    def test_the_results_writer_says_so_in_its_own_words(self, student_folder, monkeypatch):
        def held(source, destination):
            raise PermissionError(errno.EACCES, "Access is denied", str(destination))

        monkeypatch.setattr(fileio.os, "replace", held)
        monkeypatch.setattr(fileio, "REPLACE_WAIT", 0.01)
        target = student_folder / "bench.csv"
        with pytest.raises(BattleshipError, match=rf"^{target}: cannot write the results \(permission denied: is "
                                                  r"it open in another program\?"):
            save_results(target, [])


class TestLongPaths:
    """Windows' paths stop at 260 characters unless long paths are on; Linux's names at 255 bytes."""

    def test_reading_one_is_one_line(self, tmp_path):
        path = tmp_path / ("m" * 300 + ".map")
        with pytest.raises(MapError) as info:
            read_text(path)
        assert str(info.value).startswith(f"{path}: ") and "\n" not in str(info.value)

    def test_writing_one_is_one_line_that_says_the_path_is_too_long(self, tmp_path):
        path = tmp_path / ("m" * 300 + ".map")
        with pytest.raises(MapError, match=r"cannot write \(the path is too long for this system"):
            save(load_map(FOUR_KNOWN), path)

    def test_windows_not_found_past_max_path_is_said_to_be_too_long(self, tmp_path, monkeypatch):
        """Windows answers "path not found" for a path past 260 characters unless long paths are on."""
        path = tmp_path / ("cartella molto lunga " * 6) / ("mappa " * 20 + ".map")
        assert len(str(path)) > fileio.WINDOWS_MAX_PATH
        with pytest.raises(MapError, match=r": no such file$"):
            read_text(path)
        monkeypatch.setattr(sys, "platform", "win32")
        with pytest.raises(MapError) as info:
            read_text(path)
        assert str(info.value) == f"{path}: the path is too long for this system: move it to a shorter folder or " \
                                  "give it a shorter name"

    def test_windows_too_long_error_is_worded_the_same(self, tmp_path, monkeypatch):
        def too_long(*args, **kwargs):
            error = OSError(errno.EINVAL, "The filename or extension is too long")
            error.winerror = 206
            raise error

        monkeypatch.setattr(fileio.tempfile, "mkstemp", too_long)
        with pytest.raises(FileWriteError, match=r"the path is too long for this system"):
            atomic_write_text(tmp_path / "a.map", "x")
