"""``main.py similar``: the ranking printed, the CSV and HTML written; bad input is a one-line error."""

from __future__ import annotations

import csv

from tests.cli.test_cli import assert_one_line_error, main
from tests.paths import DATA, MAPS_DIR, ROOT

CLASS = DATA / "similarity" / "class"
AGENTS = DATA / "similarity" / "agents"


def test_ranks_pairs_and_writes_csv_and_html(tmp_path):
    pairs_csv, html = tmp_path / "pairs.csv", tmp_path / "report"
    done = main("similar", str(CLASS), "--no-behaviour", "--base", str(ROOT / "agents/templates/my_agent.clp"),
                "--csv", str(pairs_csv), "--html", str(html))
    assert done.returncode == 0, done.stderr
    assert "17 submissions, 136 pairs, 51 flagged" in done.stdout
    rows = list(csv.DictReader(pairs_csv.open(encoding="utf-8")))
    assert len(rows) == 136 and sum(r["flagged"] == "yes" for r in rows) == 51
    flagged = {frozenset((r["left"], r["right"])) for r in rows if r["flagged"] == "yes"}
    assert frozenset(("counter", "counter-split")) in flagged and frozenset(("lines", "lines-rename.py")) in flagged
    assert not any("edges.clp" in pair or "sweeper.clp" in pair for pair in flagged)
    assert (html / "similarity.html").read_text(encoding="utf-8").count('<section class="pair"') == 51


def test_the_roster_names_the_students_and_an_unchanged_starter_is_said(tmp_path):
    for name in ("counter.clp", "edges.clp"):
        (tmp_path / name).write_text((AGENTS / name).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "copy.clp").write_text((CLASS / "counter-rename.clp").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "lazy.clp").write_text((ROOT / "agents/templates/my_agent.clp").read_text(encoding="utf-8"))
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name,email\ncounter,Anna Rossi,\ncopy,Bruno Verdi,\nlazy,Carla Neri,\n")
    done = main("similar", str(tmp_path), "--no-behaviour", "--roster", str(roster), "--csv", str(tmp_path / "p.csv"),
                "--html", str(tmp_path / "html"))
    assert done.returncode == 0, done.stderr
    assert "Anna Rossi — Bruno Verdi" in done.stdout or "Bruno Verdi — Anna Rossi" in done.stdout
    assert "unchanged starter: Carla Neri is the template my_agent.clp" in done.stdout
    first = next(csv.DictReader((tmp_path / "p.csv").open(encoding="utf-8")))
    assert {first["left"], first["right"]} == {"Anna Rossi", "Bruno Verdi"}
    page = (tmp_path / "html" / "similarity.html").read_text(encoding="utf-8")
    assert "Anna Rossi (counter.clp)" in page and "Carla Neri (lazy.clp)" in page


def test_behaviour_score_from_the_maps_given(tmp_path):
    for name in ("counter.clp", "edges.clp"):
        (tmp_path / name).write_text((AGENTS / name).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "copy.clp").write_text((CLASS / "counter-rename.clp").read_text(encoding="utf-8"), encoding="utf-8")
    done = main("similar", str(tmp_path), "--maps", str(MAPS_DIR / "four-known.map"), "--csv", str(tmp_path / "p.csv"))
    assert done.returncode == 0, done.stderr
    rows = {frozenset((r["left"], r["right"])): r for r in csv.DictReader((tmp_path / "p.csv").open())}
    assert rows[frozenset(("copy.clp", "counter.clp"))]["behaviour_score"] == "1.0000"
    assert float(rows[frozenset(("counter.clp", "edges.clp"))]["behaviour_score"]) < 1


def test_bad_input_is_one_line(tmp_path):
    assert_one_line_error(main("similar", str(tmp_path / "missing")), "missing", "no such folder")
    (tmp_path / "a.clp").write_text("(defrule a (x) => (assert (y)))\n")
    (tmp_path / "b.clp").write_text("(defrule b\n   (x\n   =>\n   (assert (y)))\n")
    assert_one_line_error(main("similar", str(tmp_path), "--no-behaviour"), "b.clp:2:")
    (tmp_path / "b.clp").write_text("(defrule b (x) => (assert (z)))\n")
    assert_one_line_error(main("similar", str(tmp_path), "--no-behaviour", "--base", "nope.clp"), "nope.clp")
    assert_one_line_error(main("similar", str(tmp_path), "--threshold", "2"), "threshold")
