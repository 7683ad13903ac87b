"""``grade`` on the small class of tests/data/grade-class: pages, gradebook, manifest, resume, offline replay.

The class: alice (a folder with a load order), bob.clp (a single file, S002 on the roster), carol (a Python
agent), dave (a rule that does not load) and eve (a load order reaching outside her folder: not played).
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess

import pytest

from app.cli import main
from app.core import BattleshipError
from app.report.gradebook import COLUMNS, Figures, read_scheme
from tests.paths import MAPS_DIR, ROOT

CLASS = ROOT / "tests" / "data" / "grade-class"
MAPS = [str(MAPS_DIR / "bench" / f"k{k}-0001.map") for k in (0, 2)]
STUDENTS = {"alice", "S002", "carol", "dave", "eve"}
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    out = tmp_path_factory.mktemp("graded") / "out"
    args = ["grade", str(CLASS), "--maps", *MAPS, "--out", str(out), "--roster", str(CLASS / "roster.csv"),
            "--baseline", "random", "--jobs", "1", "--no-progress"]
    assert main(args) == 0
    return out, args


def test_a_page_per_student_and_none_needs_the_network(graded):
    out, _ = graded
    pages = {p.stem: p.read_text() for p in (out / "students").glob("*.html")}
    assert set(pages) == STUDENTS
    for name, page in pages.items():
        assert not re.search(r"https?://", page), name
        assert "<link" not in page and "src=" not in page  # nothing loaded from anywhere: style, script inline
    assert "Rank <b>" in pages["alice"] and "Alice Rossi" in pages["alice"]
    assert "a classmate" in pages["alice"] and "Bob Bianchi" not in pages["alice"]  # anonymised
    assert "random (shipped agent)" in pages["alice"] and "incrocio (shipped agent)" in pages["alice"]
    for page in pages.values():  # the scheme that gave the grade, on every page
        assert "Grades (reference scheme) come from the lower end of the 95% interval" in page
        assert re.search(r"probabilistico&#39;s lower end \(-?\d+\.\d\)", page)
    assert "Your grade: <b" in pages["eve"] and "misspelt" not in pages["dave"] and "Missing function declaration for" in pages["dave"]
    assert "not played" in pages["eve"] and "outside the agent&#39;s folder" in pages["eve"]
    games = json.loads(re.search(r'<script id="games" type="application/json">(.*?)</script>', pages["alice"],
                                 re.S).group(1))
    assert len(games) == 2 and games[0]["steps"] and games[0]["result"]["score"] is not None
    assert "The coach's advice" in pages["carol"] or "The coach's advice" in pages["alice"]


def test_the_gradebook_has_a_row_per_student_with_what_an_lms_imports(graded):
    out, _ = graded
    rows = list(csv.DictReader((out / "gradebook.csv").open()))
    assert tuple(rows[0]) == COLUMNS
    assert {r["identifier"] for r in rows} == STUDENTS
    by_id = {r["identifier"]: r for r in rows}
    assert by_id["S002"]["name"] == "Bob Bianchi" and by_id["S002"]["feedback_link"] == "students/S002.html"
    assert by_id["eve"]["grade"] == "F" and by_id["eve"]["feedback"].startswith("not played:")
    assert "2 games played with load errors" in by_id["dave"]["feedback"]
    thresholds = json.loads((out / "manifest.json").read_text())["scheme"]["thresholds"]
    played = sorted((r for r in rows if r["mean_score"]), key=lambda r: -float(r["mean_score"]))
    letters = [t["grade"] for t in thresholds]
    for better, worse in zip(played, played[1:]):  # never a better grade for a lower mean
        assert letters.index(better["grade"]) <= letters.index(worse["grade"])
    for row in played:  # the grade's threshold was reached, or a classmate with a lower mean reached it
        step = thresholds[letters.index(row["grade"])]
        lower = [float(r["score_lower_95"]) for r in played if float(r["mean_score"]) <= float(row["mean_score"])]
        assert step["value"] is None or max(lower) >= step["value"]
    assert sorted(int(r["rank"]) for r in rows if r["rank"])[0] == 1  # ranked among the students


def test_the_manifest_says_what_was_run(graded):
    out, _ = graded
    manifest = json.loads((out / "manifest.json").read_text())
    assert re.fullmatch(r"[0-9a-f]{12}", manifest["app_build"]) and "python" in manifest["versions"]
    assert set(manifest["maps"]) == set(MAPS) and manifest["seeds"] == [0] and manifest["rules"] == ["unito-2019"]
    alice = manifest["agents"]["alice"]
    assert len(alice["files"]) == 3 and all(re.fullmatch(r"[0-9a-f]{64}", h) for h in alice["files"].values())
    assert manifest["agents"]["eve"]["error"] and manifest["agents"]["random"]["baseline"]
    scheme = manifest["scheme"]
    assert scheme["name"] == "reference" and scheme["by"] == "lower" and 'by = "lower"' in scheme["text"]
    assert [t["from"] for t in scheme["thresholds"]] == ["probabilistico's lower end", "incrocio's lower end",
                                                    "bdi's lower end", "cross's lower end", None]
    assert all(isinstance(t["value"], float) for t in scheme["thresholds"][:4])
    assert all(manifest["agents"][a]["reference"] for a in ("probabilistico", "incrocio", "bdi", "cross"))
    assert (out / "report" / "index.html").is_file() and (out / "similarity" / "pairs.csv").is_file()


def test_a_second_run_plays_only_what_is_missing(graded, capsys):
    out, args = graded
    assert main(args) == 0
    assert "0 to play (18 already in" in capsys.readouterr().err


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)")
def test_the_replay_plays_to_the_end_offline_in_chromium(graded, tmp_path):
    out, _ = graded
    page = out / "students" / "alice.html"
    games = json.loads(re.search(r'<script id="games" type="application/json">(.*?)</script>', page.read_text(),
                                 re.S).group(1))
    done = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}",
         "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND",  # any network request would fail
         "--virtual-time-budget=30000", "--dump-dom", f"{page.as_uri()}?game=1&autoplay"],
        capture_output=True, text=True, timeout=120)
    replayed = re.search(r'data-replayed="(-?\d+)"', done.stdout)
    assert replayed, done.stderr[-2000:]
    assert int(replayed.group(1)) == games[1]["result"]["score"]
    assert "final score" in done.stdout


def figures(mean, lower, percent=None, rank=None):
    return Figures(float(mean), float(lower), percent, rank)


REFERENCES = {"probabilistico": figures(117, 90), "incrocio": figures(95, 70), "bdi": figures(-43, -70),
              "cross": figures(-129, -150)}


class TestScheme:
    def test_the_default_grades_on_the_lower_end_against_reference_agents(self):
        scheme = read_scheme()
        assert scheme.name == "reference" and scheme.references == ("probabilistico", "incrocio", "bdi", "cross")
        class_ = {"strong": figures(200, 150), "level": figures(95, 70), "lucky": figures(120, -60),
                  "weak": figures(-140, -160), "absent": None}
        grades, steps = scheme.grade_class(class_, REFERENCES)
        # "lucky" scored more than "level" on average but so unevenly that its interval reaches below bdi's
        # lower end: a C by its figure, lifted to "level"'s B, never below a lower mean's grade
        assert grades == {"strong": "A", "level": "B", "lucky": "B", "weak": "F", "absent": "F"}
        assert [s.value for s in steps] == [90, 70, -70, -150, None]
        assert "A from probabilistico's lower end (90.0)" in scheme.explain(steps)

    def test_a_steady_classmate_with_a_lower_mean_lifts_an_uneven_one(self):
        grades, _ = read_scheme().grade_class({"uneven": figures(100, -100), "steady": figures(90, 80)},
                                             REFERENCES)
        assert grades == {"uneven": "B", "steady": "B"}

    def test_the_class_scheme_cuts_at_the_class_s_percentiles(self):
        scheme = read_scheme("class")
        class_ = {f"s{i}": figures(i * 10, i * 10) for i in range(21)}  # lower ends 0..200
        grades, steps = scheme.grade_class(class_, {})
        assert [s.value for s in steps] == [160, 100, 40, 10, None]
        assert [grades[f"s{i}"] for i in (20, 16, 15, 10, 4, 1, 0)] == ["A", "A", "B", "B", "C", "D", "F"]

    def test_the_oracle_scheme_is_the_former_default(self):
        scheme = read_scheme("oracle")
        class_ = {str(p): figures(p, p, percent=p) for p in (80, 50, 49.9, 20, 5, -40)}
        assert list(scheme.grade_class(class_, {})[0].values()) == ["A", "A", "B", "C", "D", "F"]

    def test_a_scheme_by_rank(self, tmp_path):
        path = tmp_path / "t.toml"
        path.write_text('by = "rank"\nnot_played = "0"\n[[grade]]\ngrade = 30\nfrom = 1\n[[grade]]\ngrade = 27\n'
                        'from = 3\n[[grade]]\ngrade = 18\n')
        scheme = read_scheme(path)
        class_ = {str(r): figures(-r, -r, rank=r) for r in (1, 2, 3, 4, 40)}
        class_["none"] = None
        assert list(scheme.grade_class(class_, {})[0].values()) == ["30", "27", "27", "18", "18", "0"]

    @pytest.mark.parametrize("text, problem", [
        ('by = "median"\n[[grade]]\ngrade = "A"\n', "by = 'median': expected one of lower, mean, percent, rank"),
        ('by = "mean"\n', "no \\[\\[grade\\]\\] entries"),
        ('[[grade]]\ngrade = "A"\nfrom = 10\n[[grade]]\ngrade = "B"\nfrom = 20\n', "list the grades best first"),
        ('[[grade]]\ngrade = "A"\nfrom = "ten"\n', "grade entry 1 \\(A\\): from must be a number, "),
        ('[[grade]]\ngrade = "A"\nfrom = { agent = 3 }\n', "grade entry 1 \\(A\\): from must be a number, "),
        ('[[grade]]\ngrade = "A"\nfrom = { class = 120 }\n', "grade entry 1 \\(A\\): from must be a number, "),
        ('by = "rank"\n[[grade]]\ngrade = "A"\nfrom = { agent = "cross" }\n', "grade entry 1 \\(A\\): by = .rank. takes ranks, not an agent"),
        ("by = \n", "not a TOML grading scheme"),
    ])
    def test_a_bad_scheme_is_one_line_naming_the_file(self, tmp_path, text, problem):
        path = tmp_path / "t.toml"
        path.write_text(text)
        with pytest.raises(BattleshipError, match=f"t.toml: {problem}"):
            read_scheme(path)

    def test_an_unknown_scheme_names_the_built_in_ones(self, tmp_path):
        with pytest.raises(BattleshipError, match="built-in schemes: reference, class, oracle"):
            read_scheme(tmp_path / "nope.toml")

    def test_thresholds_is_the_scheme_option_s_older_name(self, tmp_path, capsys):
        assert main(["grade", str(CLASS), "--maps", MAPS[0], "--out", str(tmp_path / "o"),
                     "--thresholds", str(tmp_path / "nope.toml")]) == 2
        error = capsys.readouterr().err
        assert "nope.toml: cannot read the grading scheme" in error and len(error.strip().splitlines()) == 1
        assert not (tmp_path / "o").exists()  # before any game


def test_two_submissions_with_the_same_files_each_get_their_games(tmp_path):
    for name in ("ann", "ben"):  # a copy down to the byte: the same games' keys
        (tmp_path / "class" / name).mkdir(parents=True)
        shutil.copy(CLASS / "bob.clp", tmp_path / "class" / name / "agent.clp")
    out = tmp_path / "out"
    assert main(["grade", str(tmp_path / "class"), "--maps", MAPS[0], "--out", str(out), "--jobs", "1",
                 "--no-coach", "--no-progress"]) == 0
    rows = {r["identifier"]: r for r in csv.DictReader((out / "gradebook.csv").open())}
    assert rows["ann"]["mean_score"] and rows["ann"]["mean_score"] == rows["ben"]["mean_score"]
    assert "1.00" in (out / "similarity" / "pairs.csv").read_text().splitlines()[1]
    assert rows["ann"]["strongest_pair"] == "ben (1.00, flagged)" and rows["ben"]["strongest_pair"] == "ann (1.00, flagged)"
