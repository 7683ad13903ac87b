"""The .clp reader: forms, strings and comments, and where unbalanced parentheses are."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.backends.clips.source import read, read_file, tokens

ROOT = Path(__file__).resolve().parents[2]


def problems(text: str) -> list[str]:
    return [problem.describe("s.clp") for problem in read(text).problems]


class TestTokens:
    def test_comments_and_strings_hide_their_parentheses(self):
        text = '; a comment (\n(defrule r "doc )" (a) => (printout t ";(" crlf))\n'
        assert [t.text for t in tokens(text) if t.text in "()"] == ["(", "(", ")", "(", ")", ")"]
        assert not problems(text)

    def test_escaped_quote_stays_in_the_string(self):
        text = r'(deffacts f (note "say \"hi\" (")))' "\n"
        assert problems(text) == ["s.clp:1: this `)` closes nothing (`(deffacts f` of line 1 ended at line 1)"]

    def test_lines_and_columns(self):
        toks = list(tokens('(a\n   (b "x\ny") c)'))
        assert [(t.text, t.line, t.column, t.first_on_line) for t in toks][3:] == [
            ("b", 2, 4, False), ('"x\ny"', 2, 6, False), (")", 3, 2, False), ("c", 3, 4, False), (")", 3, 5, False)]


class TestParenProblems:
    def test_missing_close_in_a_rule_is_named_where_it_opens(self):
        text = ("(defmodule AGENT (import MAIN ?ALL))\n"
                "(defrule first\n"
                "   (status (step ?s))\n"
                "   =>\n"
                "   (assert (exec (step ?s) (action solve))\n"
                "   (pop-focus))\n"
                "\n"
                "(defrule second\n"
                "   (a)\n"
                "   =>\n"
                "   (assert (b)))\n")
        assert problems(text) == ["s.clp:5: `(assert` opened here is not closed before `(defrule second` at line 8"]
        assert [form.opener for form in read(text).forms] == ["(defmodule AGENT", "(defrule first", "(defrule second"]

    def test_a_rule_missing_its_last_close(self):
        text = "(defrule first\n   (a)\n   =>\n   (assert (b))\n(defrule second (a) => (x))\n"
        assert problems(text) == ["s.clp:1: `(defrule first` opened here is not closed before `(defrule second` "
                                  "at line 5"]

    def test_missing_close_at_the_end_of_the_file(self):
        text = "(defrule first\n   (a)\n   =>\n   (assert (b)\n   (pop-focus))\n"
        assert problems(text) == ["s.clp:4: `(assert` opened here is not closed at the end of the file"]

    def test_one_close_too_many(self):
        text = "(defrule first\n   (a)\n   =>\n   (assert (b))))\n(defrule second (a) => (x))\n"
        assert problems(text) == ["s.clp:4: this `)` closes nothing (`(defrule first` of line 1 ended at line 4)"]

    def test_a_rule_closed_early_leaves_its_rest_outside(self):
        text = "(defrule first\n   (a)\n   =>\n   (assert (b)))\n   (pop-focus))\n"
        assert problems(text) == ["s.clp:4: `(defrule first` of line 1 is closed here, before `(pop-focus` at "
                                  "line 5: one `)` too many?"]

    def test_string_never_closed(self):
        assert problems('(defrule r (a) => (printout t "hi crlf))\n(defrule s (a) => (x))\n') == [
            's.clp:1: a string starts here and is never closed (a missing `"`)']

    @pytest.mark.parametrize("path", sorted((ROOT / "agents").rglob("*.clp")) + sorted(
        (ROOT / "resources" / "clips").glob("*.clp")), ids=lambda p: p.name)
    def test_shipped_files_read_clean(self, path):
        reading = read_file(path)
        assert reading.problems == [] and reading.forms
        assert all(form.end_line is not None for form in reading.forms)
