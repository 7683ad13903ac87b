"""Reading ``.clp`` text without CLIPS: its forms, and where its parentheses do not balance.

CLIPS reports a missing ``)`` where it finally notices, often a construct
later ("Missing function declaration for 'defrule'" at the next rule). This
reader follows parentheses, strings and ``;`` comments itself, so it can name
the form left open and the line of its unmatched ``(``: a form is taken to
have ended too late when a child of it starts a line no deeper than the form
itself (how hand-indented CLIPS is laid out).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

#: keywords that start a construct: one of them inside another form means that form was left open
CONSTRUCTS = frozenset({"defrule", "deftemplate", "deffacts", "deffunction", "defmodule", "defglobal",
                        "defgeneric", "defmethod", "defclass", "definstances", "defmessage-handler"})


@dataclass(frozen=True, slots=True)
class Token:
    """One token: ``(``, ``)``, a string (with its quotes) or an atom, with where it starts."""

    text: str
    line: int
    column: int
    first_on_line: bool


@dataclass(slots=True, eq=False)
class Form:
    """A parenthesised form: its head (the first atom, "" if none), where its ``(`` and ``)`` are, its items."""

    head: str
    line: int
    column: int
    first_on_line: bool
    opener: str = "("  # how the form starts, e.g. ``(defrule second`` or ``(assert``
    items: list[Form | Token] = field(default_factory=list)
    end_line: int | None = None  # None: never closed

    def forms(self) -> Iterator[Form]:
        """The forms inside this one, at any depth, in text order."""
        for item in self.items:
            if isinstance(item, Form):
                yield item
                yield from item.forms()

    def atoms(self) -> list[str]:
        """The atoms directly inside this form."""
        return [item.text for item in self.items if isinstance(item, Token)]


@dataclass(frozen=True, slots=True)
class ParenProblem:
    """Where the parentheses of a file go wrong: ``line`` is the line to look at."""

    line: int
    message: str

    def describe(self, path: str | Path) -> str:
        """``path:line: message``."""
        return f"{path}:{self.line}: {self.message}"


@dataclass(slots=True)
class Reading:
    """A file read: its top-level forms and the problems found on the way."""

    forms: list[Form] = field(default_factory=list)
    problems: list[ParenProblem] = field(default_factory=list)


def tokens(text: str) -> Iterator[Token]:
    """The tokens of ``text``; a string left open runs to the end (its token has no closing quote)."""
    line, column, index, length = 1, 0, 0, len(text)
    first = True
    while index < length:
        char = text[index]
        if char == "\n":
            line, column, index, first = line + 1, 0, index + 1, True
            continue
        if char in " \t\r\f\v":
            index += 1
            column += 1
            continue
        if char == ";":
            end = text.find("\n", index)
            index = length if end < 0 else end
            continue
        start_line, start_column = line, column
        if char in "()":
            index += 1
            column += 1
            yield Token(char, start_line, start_column, first)
        elif char == '"':
            end = index + 1
            while end < length and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            end = min(end + 1, length)
            piece = text[index:end]
            newlines = piece.count("\n")
            line += newlines
            column = (len(piece) - piece.rfind("\n") - 1) if newlines else column + len(piece)
            index = end
            yield Token(piece, start_line, start_column, first)
        else:
            end = index
            while end < length and text[end] not in ' \t\r\n\f\v()";':
                end += 1
            yield Token(text[index:end], start_line, start_column, first)
            column += end - index
            index = end
        first = False


def read(text: str) -> Reading:
    """The top-level forms of ``text`` and its paren problems (each named once, at its first sign)."""
    reading = Reading()
    problems = reading.problems
    stack: list[Form] = []
    closed: Form | None = None  # the last top-level form that was closed
    stream = list(tokens(text))
    for index, token in enumerate(stream):
        if token.text == "(":
            head, name = (_atom(stream, index + 1), _atom(stream, index + 2))
            opener = "(" + (f"{head} {name}" if head in CONSTRUCTS and name else head)
            form = Form(head, token.line, token.column, token.first_on_line, opener)
            if stack:
                stack[-1].items.append(form)
            stack.append(form)
            _placed(form, stack, reading, closed)
        elif token.text == ")":
            if not stack:
                if not problems:
                    after = (f" (`{closed.opener}` of line {closed.line} ended at line {closed.end_line})"
                             if closed is not None else "")
                    problems.append(ParenProblem(token.line, f"this `)` closes nothing{after}"))
                continue
            form = stack.pop()
            form.end_line = token.line
            if not stack:
                closed = form
        else:
            if token.text.startswith('"') and (len(token.text) < 2 or not token.text.endswith('"')):
                problems.append(ParenProblem(token.line, 'a string starts here and is never closed (a missing `"`)'))
                break
            if stack:
                stack[-1].items.append(token)
    for form in stack[:1]:
        if not any(form is f for f in reading.forms):
            reading.forms.append(form)
        if not problems:
            problems.append(_left_open(form, "at the end of the file"))
    return reading


def _atom(stream: list[Token], index: int) -> str:
    """The text of ``stream[index]`` if it is an atom (not a parenthesis or a string), else ""."""
    if index < len(stream) and stream[index].text not in "()" and not stream[index].text.startswith('"'):
        return stream[index].text
    return ""


def _placed(form: Form, stack: list[Form], reading: Reading, closed: Form | None) -> None:
    """When ``form`` opens: a construct inside another form ends that one (a problem); a form at the
    top that is no construct follows one closed too early (a problem). Top-level forms go to ``reading.forms``."""
    problems = reading.problems
    if form.head in CONSTRUCTS and len(stack) > 1:
        outer = stack[0]
        stack[-2].items.pop()  # the construct is not part of the form left open
        problems.append(_left_open(outer, f"before `{form.opener}` at line {form.line}"))
        if not any(outer is f for f in reading.forms):
            reading.forms.append(outer)
        del stack[:-1]
    if len(stack) == 1:
        if form.head not in CONSTRUCTS and closed is not None and not problems:
            problems.append(ParenProblem(
                closed.end_line or form.line,
                f"`{closed.opener}` of line {closed.line} is closed here, before `{form.opener}` at line "
                f"{form.line}: one `)` too many?"))
        reading.forms.append(form)


def _left_open(construct: Form, before: str) -> ParenProblem:
    """The problem of ``construct``, never closed: the form in it most likely missing its ``)``."""
    suspect = _suspect(construct)
    return ParenProblem(suspect.line, f"`{suspect.opener}` opened here is not closed {before}")


def _suspect(construct: Form) -> Form:
    """The first form in ``construct`` with a child that starts a line no deeper than the form's own ``(``
    (that child was meant to follow it); failing that the innermost form still open."""
    for form in construct.forms():
        for item in form.items:
            if isinstance(item, Form) and item.first_on_line and item.line > form.line and item.column <= form.column:
                return form
    form = construct
    while True:
        inner = [item for item in form.items if isinstance(item, Form) and item.end_line is None]
        if not inner:
            return form
        form = inner[-1]


def read_file(path: str | Path) -> Reading:
    """``read`` of a file's text (undecodable bytes replaced)."""
    return read(Path(path).read_text(encoding="utf-8", errors="replace"))
