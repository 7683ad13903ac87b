"""The one way bench, similar and grade find a class's submissions, and who each one is (the roster)."""

from __future__ import annotations

import pytest

from app.core import BattleshipError
from app.tournament.submissions import Student, find, identify, read_roster


@pytest.fixture
def class_folder(tmp_path):
    (tmp_path / "ann.clp").write_text("; ann\n")
    (tmp_path / "bob").mkdir()
    (tmp_path / "bob" / "b.clp").write_text("; b\n")
    (tmp_path / "bob" / "load-order.txt").write_text("b.clp\n")
    (tmp_path / "cat" / "project").mkdir(parents=True)  # a zip unpacked one level deeper
    (tmp_path / "cat" / "project" / "agent.py").write_text("AGENT = None\n")
    (tmp_path / "dan").mkdir()
    (tmp_path / "dan" / "helpers.py").write_text("X = 1\n")
    (tmp_path / "dan" / "main.py").write_text("AGENT = None\n")
    (tmp_path / "eve").mkdir()
    (tmp_path / "eve" / "one.py").write_text("AGENT = 1\n")
    (tmp_path / "eve" / "two.py").write_text("AGENT = 2\n")
    (tmp_path / "notes.txt").write_text("not an agent")
    (tmp_path / "__MACOSX").mkdir()
    return tmp_path


def test_each_entry_is_a_submission_with_its_files_in_load_order(class_folder):
    found = {f.name: f for f in find(class_folder)}
    assert list(found) == ["ann.clp", "bob", "cat", "dan", "eve"]
    assert found["bob"].agent == str(class_folder / "bob")
    assert found["cat"].agent == str(class_folder / "cat" / "project" / "agent.py")
    assert found["dan"].agent == str(class_folder / "dan" / "main.py")  # the file defining AGENT
    assert len(found["dan"].paths) == 2


def test_a_submission_that_cannot_be_played_says_why_in_one_line(class_folder):
    eve = {f.name: f for f in find(class_folder)}["eve"]
    assert not eve.ok and "2 .py files and 2 of them defining AGENT" in eve.error and "\n" not in eve.error


def test_a_folder_with_no_submission_is_an_error(tmp_path):
    with pytest.raises(BattleshipError, match="holds no .clp or .py file"):
        find(tmp_path)


def test_the_roster_names_each_submission_by_id_or_email(class_folder, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name,email\nann,Ann Rossi,ann@uni.it\nS2,Bob Bianchi,bob@uni.it\n")
    students = identify(find(class_folder), read_roster(roster))
    assert students["ann.clp"] == Student("ann", "Ann Rossi", "ann@uni.it")
    assert students["bob"].id == "S2"
    assert students["cat"] == Student("cat", "cat")  # not on the roster: named by its folder


@pytest.mark.parametrize("text, problem", [
    ("name,email\nAnn,a@b\n", "roster.csv:1: the roster needs the columns id, name"),
    ("id,name\nann,Ann\nann,Ann again\n", "roster.csv:3: student id ann listed twice"),
    ("id,name\n,Nobody\n", "roster.csv:2: a student with no id"),
])
def test_a_bad_roster_names_the_line(tmp_path, text, problem):
    (tmp_path / "roster.csv").write_text(text)
    with pytest.raises(BattleshipError, match=problem):
        read_roster(tmp_path / "roster.csv")
