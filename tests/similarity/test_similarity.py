"""Copies found (``app.similarity``): every disguise of a copy is flagged, different agents are not,
starter code given as base is not counted, and unreadable submissions are one-line errors.

``tests/data/similarity/class`` is a small class: ``counter`` (a CLIPS agent) and ``lines`` (a Python agent),
each with one disguised copy per disguise (made by ``benchmarks/similarity_corpus.py``), and two other CLIPS
agents, ``edges`` and ``sweeper``.
"""

from __future__ import annotations

import csv
import io

import pytest

from app.cli.new_agent import make_agent
from app.similarity.behaviour import behaviour_score, decisions, play_all
from app.similarity.clips_units import clips_units
from app.similarity.compare import compare_class
from app.similarity.page import write_page
from app.similarity.pairs import CSV_FIELDS, FLAG_AT, fingerprints, pairs_csv, rank_pairs, strongest_pairs
from app.similarity.python_units import python_units
from app.similarity.sources import find_submissions, read_base, read_submission, unchanged_starters
from app.similarity.units import SimilarityError
from tests.paths import DATA, MAPS_DIR, ROOT

SIMILARITY = DATA / "similarity"
CLASS = SIMILARITY / "class"
TEMPLATE = ROOT / "agents" / "templates" / "my_agent.clp"
CLIPS_DISGUISES = ("rename", "rules", "patterns", "salience", "comments", "split", "dead", "combined")
PYTHON_DISGUISES = ("rename", "rules", "comments", "dead", "combined")


@pytest.fixture(scope="module")
def class_pairs():
    submissions = find_submissions(CLASS)
    return {frozenset((p.left, p.right)): p for p in rank_pairs(submissions)}


def _copy_name(stem: str) -> str:
    return next(p.name for p in CLASS.iterdir() if p.name == stem or p.stem == stem)


class TestDisguises:
    @pytest.mark.parametrize("disguise", CLIPS_DISGUISES)
    def test_a_disguised_clips_copy_is_flagged(self, class_pairs, disguise):
        pair = class_pairs[frozenset(("counter", _copy_name(f"counter-{disguise}")))]
        assert pair.flagged and pair.code >= 0.95, pair

    @pytest.mark.parametrize("disguise", PYTHON_DISGUISES)
    def test_a_disguised_python_copy_is_flagged(self, class_pairs, disguise):
        pair = class_pairs[frozenset(("lines", _copy_name(f"lines-{disguise}")))]
        assert pair.flagged and pair.code >= 0.95, pair

    @pytest.mark.parametrize("other", ["edges.clp", "sweeper.clp", "lines"])
    def test_different_agents_are_not_flagged(self, class_pairs, other):
        for name in ("counter", "counter-combined"):
            pair = class_pairs[frozenset((name, other))]
            assert not pair.flagged and pair.code < FLAG_AT, pair

    def test_pairs_are_ranked_with_the_copies_first(self):
        pairs = rank_pairs(find_submissions(CLASS))
        codes = [p.code for p in pairs]
        assert codes == sorted(codes, reverse=True)
        assert len(pairs) == 17 * 16 // 2
        assert {p.flagged for p in pairs[:8]} == {True}


class TestCanonicalForm:
    def test_renamed_reordered_and_resalienced_rules_read_the_same(self, tmp_path):
        original = """(defmodule AGENT (import MAIN ?ALL) (export ?ALL))
(deftemplate seen (slot x) (slot y))
(defrule mark (declare (salience 10))
   (k-cell (x ?x) (y ?y) (content water))   ; a comment
   (status (step ?s) (currently running))
   (not (seen (x ?x) (y ?y)))
   =>
   (assert (seen (x ?x) (y ?y))))
"""
        disguised = """(defmodule AGENT (import MAIN ?ALL) (export ?ALL))
(deftemplate visited (slot y) (slot x))
(defrule remember "other words"
   (status (currently running) (step ?n))
   (not (visited (y ?b) (x ?a)))
   (k-cell (content water) (y ?b) (x ?a))
   => (assert (visited (x ?a) (y ?b))))
"""
        units_a, _ = clips_units([(tmp_path / "a.clp", original)])
        units_b, _ = clips_units([(tmp_path / "b.clp", disguised)])
        assert [u.tokens for u in units_a] == [u.tokens for u in units_b]
        assert [u.label for u in units_b] == ["defmodule AGENT", "deftemplate visited", "defrule remember"]
        assert units_b[2].line == 3 and units_b[2].text.startswith("(defrule remember")

    def test_a_rule_waiting_for_a_fact_nothing_asserts_is_left_out(self, tmp_path):
        text = """(defrule live (status (step ?s)) => (assert (seen ?s)))
(defrule also-live (seen ?s) => (assert (done ?s)))
(defrule dead (ghost ?s) (status (step ?s)) => (assert (ghost-done ?s)))
(defrule feeds-itself (echo ?s) => (assert (echo (+ ?s 1))))
"""
        units, _ = clips_units([(tmp_path / "a.clp", text)])
        assert [u.label for u in units] == ["defrule live", "defrule also-live"]

    def test_python_names_and_order_do_not_matter(self, tmp_path):
        a = "def f(xs):\n    total = 0\n    for x in xs:\n        total += x  # sum\n    return total\n\nf([1])\n"
        b = "def g(values):\n    acc = 0\n    for v in values:\n        acc += v\n    return acc\n\ng([1])\n"
        assert [u.tokens for u in python_units([(tmp_path / "a.py", a)])[0]] == \
            [u.tokens for u in python_units([(tmp_path / "b.py", b)])[0]]

    def test_winnowing_keeps_a_hash_per_window(self):
        tokens = [f"t{i}" for i in range(40)]
        kept = fingerprints(tokens, k=5, window=4)
        assert 0 < len(kept) <= 36 and fingerprints(tokens, k=5, window=4) == kept
        assert fingerprints(tokens[:3]) and not fingerprints([])


class TestBase:
    """Two students who both kept the starter's rules: alike without --base, told apart with it."""

    @pytest.fixture
    def starter_class(self, tmp_path):
        template = TEMPLATE.read_text(encoding="utf-8")
        for name in ("edges", "sweeper"):
            own = (SIMILARITY / "agents" / f"{name}.clp").read_text(encoding="utf-8")
            own = "\n".join(line for line in own.splitlines() if not line.startswith("(defmodule"))
            (tmp_path / f"{name}.clp").write_text(template + "\n" + own, encoding="utf-8")
        return tmp_path

    def test_starter_code_given_as_base_is_not_counted(self, starter_class):
        submissions = find_submissions(starter_class)
        without = rank_pairs(submissions)[0]
        with_base = rank_pairs(submissions, read_base([TEMPLATE], submissions))[0]
        assert without.code > with_base.code
        assert not with_base.flagged and with_base.code < 0.3, with_base
        assert not any("flag-next-to-known-end" in m.left.label for m in with_base.matches)

    def test_a_copy_of_the_starter_alone_scores_nothing(self, tmp_path):
        (tmp_path / "a.clp").write_text(TEMPLATE.read_text(encoding="utf-8"), encoding="utf-8")
        (tmp_path / "b.clp").write_text(TEMPLATE.read_text(encoding="utf-8").replace("?piece", "?p"), encoding="utf-8")
        submissions = find_submissions(tmp_path)
        assert rank_pairs(submissions)[0].flagged
        assert rank_pairs(submissions, read_base([TEMPLATE], submissions))[0].code == 0.0


class TestShippedFiles:
    @pytest.fixture
    def library_class(self, tmp_path):
        """Two students who both load the shipped CLIPS library, each with a strategy of their own."""
        for name, strategy in (("anna", "edges"), ("bruno", "sweeper")):
            folder = make_agent(name, "incrocio", tmp_path)
            own = (SIMILARITY / "agents" / f"{strategy}.clp").read_text(encoding="utf-8")
            (folder / "strategy.clp").write_text(own.split("\n", 1)[1] if own.startswith("(defmodule") else own,
                                                 encoding="utf-8")
        return tmp_path

    def test_the_shipped_library_is_not_counted_by_default(self, library_class):
        counted = compare_class(library_class, shipped=False)[1][0]
        assert counted.flagged and counted.code > 0.9, counted  # the library alone made them copies
        pair = compare_class(library_class)[1][0]
        assert not pair.flagged and pair.code < 0.3, pair

    def test_an_unchanged_starter_is_named(self, tmp_path):
        make_agent("anna", "incrocio", tmp_path)
        make_agent("bruno", "template", tmp_path)
        changed = make_agent("carla", "probabilistico", tmp_path)
        (changed / "strategy.clp").write_text((changed / "strategy.clp").read_text(encoding="utf-8")
                                              .replace("(> ", "(>= "), encoding="utf-8")
        commented = make_agent("dario", "cross", tmp_path)
        (commented / "cross_agent.py").write_text("# mine now\n" + (commented / "cross_agent.py").read_text(
            encoding="utf-8").replace("class CrossAgent", "class MyAgent").replace("AGENT = CrossAgent",
                                                                                  "AGENT = MyAgent"))
        assert unchanged_starters(find_submissions(tmp_path)) == {
            "anna": "the shipped agent incrocio", "bruno": "the template my_agent.clp",
            "dario": "the shipped agent cross"}  # renamed and recommented only: still the starter


class TestBadInput:
    def test_no_such_folder(self, tmp_path):
        with pytest.raises(SimilarityError, match="no such folder of submissions"):
            find_submissions(tmp_path / "missing")

    def test_a_folder_with_nothing_to_compare(self, tmp_path):
        (tmp_path / "notes.txt").write_text("hello")
        (tmp_path / "only.clp").write_text("(defrule a (x) => (assert (y)))")
        with pytest.raises(SimilarityError, match="1 submission"):
            find_submissions(tmp_path)

    def test_an_unbalanced_clips_file_names_its_line(self, tmp_path):
        path = tmp_path / "bad.clp"
        path.write_text("(defrule a\n   (x ?y\n   =>\n   (assert (y)))\n\n(defrule b (z) => (assert (w)))\n")
        with pytest.raises(SimilarityError, match=r"bad\.clp:2: .*not closed"):
            read_submission("bad", [path])

    def test_a_python_syntax_error_names_its_line(self, tmp_path):
        path = tmp_path / "bad.py"
        path.write_text("def act(self):\n    return (\n")
        with pytest.raises(SimilarityError, match=r"bad\.py:2: syntax error"):
            read_submission("bad", [path])

    def test_a_missing_base_file(self, tmp_path):
        with pytest.raises(SimilarityError, match="no such base file"):
            read_base([tmp_path / "starter.clp"])

    def test_a_load_order_naming_a_missing_file(self, tmp_path):
        for name in ("a", "b"):
            (tmp_path / name).mkdir()
            (tmp_path / name / "x.clp").write_text("(defrule r (x) => (assert (y)))")
        (tmp_path / "b" / "load-order.txt").write_text("x.clp\nmissing.clp\n")
        with pytest.raises(SimilarityError, match=r"load-order\.txt:2: no such file missing\.clp"):
            find_submissions(tmp_path)


class TestOutputs:
    def test_csv_has_one_row_per_pair(self):
        pairs = rank_pairs(find_submissions(CLASS))
        rows = list(csv.DictReader(io.StringIO(pairs_csv(pairs))))
        assert len(rows) == len(pairs)
        assert tuple(rows[0]) == CSV_FIELDS
        assert (rows[0]["left"], rows[0]["right"]) == (rows[0]["left_submission"], rows[0]["right_submission"])
        assert rows[0]["flagged"] == "yes" and float(rows[0]["code_score"]) >= FLAG_AT
        assert rows[0]["behaviour_score"] == ""  # not played
        assert rows[-1]["flagged"] == "no"

    def test_page_shows_each_flagged_pair_side_by_side(self, tmp_path):
        submissions = [read_submission("counter", [CLASS / "counter" / "counter.clp"]),
                       read_submission("copy", [CLASS / "counter-rename.clp"]),
                       read_submission("edges", [CLASS / "edges.clp"])]
        path = write_page(rank_pairs(submissions), tmp_path, "three")
        page = path.read_text(encoding="utf-8")
        assert page.count('<section class="pair"') == 1
        assert "(defrule fire-at-crossing" in page  # the original's rule, as written
        assert "http" not in page and "<script" not in page  # self-contained
        assert "counter/counter.clp:" in page and "counter-rename.clp:" in page  # from the submission, not
        assert str(ROOT) not in page  # the grading machine's path

    def test_the_roster_s_names_in_the_csv_and_the_page(self, tmp_path):
        pairs = rank_pairs([read_submission("counter", [CLASS / "counter" / "counter.clp"]),
                            read_submission("copy", [CLASS / "counter-rename.clp"])])
        names = {"counter": "Anna Rossi", "copy": "Bruno Verdi"}
        row = next(csv.DictReader(io.StringIO(pairs_csv(pairs, names))))
        assert {row["left"], row["right"]} == {"Anna Rossi", "Bruno Verdi"}
        assert {row["left_submission"], row["right_submission"]} == {"counter", "copy"}
        page = write_page(pairs, tmp_path, "two", names).read_text(encoding="utf-8")
        assert "Anna Rossi (counter)" in page and "Bruno Verdi (copy)" in page
        assert strongest_pairs(pairs)["copy"] is pairs[0]


class TestBehaviour:
    def test_a_copy_decides_alike_and_another_agent_does_not(self):
        submissions = [read_submission("counter", [CLASS / "counter" / "counter.clp"]),
                       read_submission("copy", [CLASS / "counter-rename.clp"]),
                       read_submission("edges", [CLASS / "edges.clp"])]
        played = play_all(submissions, [MAPS_DIR / "four-known.map"], jobs=2)
        assert played["counter"] and played["counter"] == played["copy"]
        assert behaviour_score(played["counter"], played["copy"]) == 1.0
        assert behaviour_score(played["counter"], played["edges"]) < 1.0
        assert behaviour_score(played["counter"], {}) is None

    def test_an_agent_that_played_despite_a_load_error_has_decisions(self):
        misspelt = ROOT / "tests" / "backends" / "broken_agents" / "misspelt.clp"
        played = decisions(str(misspelt), [MAPS_DIR / "four-known.map"])
        assert list(played.values()) == [("solve",)]  # its rule that loaded decided


def test_a_student_folder_unpacked_one_level_deeper_is_read(tmp_path):
    nested = tmp_path / "rossi" / "project"
    nested.mkdir(parents=True)
    (nested / "agent.clp").write_text((SIMILARITY / "agents" / "counter.clp").read_text(encoding="utf-8"))
    (tmp_path / "rossi" / "__MACOSX").mkdir()
    (tmp_path / "rossi" / "__MACOSX" / "._agent.clp").write_text("junk (((")
    (tmp_path / "copy.clp").write_text((CLASS / "counter-rename.clp").read_text(encoding="utf-8"))
    submissions = find_submissions(tmp_path)
    assert [s.name for s in submissions] == ["copy.clp", "rossi"]
    assert submissions[1].paths == (nested / "agent.clp",)
    assert rank_pairs(submissions)[0].flagged
