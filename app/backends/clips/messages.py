"""CLIPS output routing and error-message parsing for the bridge."""

from __future__ import annotations

import re
from dataclasses import dataclass

import clips

# "[PRNTUTIL2] /path/agent.clp, Line 5: Syntax Error: ..."
_MESSAGE = re.compile(r"^\[(?P<code>[A-Z0-9]+)\]\s*(?:(?P<file>.+?), Line (?P<line>\d+):\s*)?(?P<text>.*)$")
# "ERROR:" / "WARNING:" followed by the start of the offending construct
_CONSTRUCT = re.compile(r"^\((?P<kind>def[a-z-]+)\s+(?P<name>[^\s()]+)")


@dataclass(frozen=True, slots=True)
class ClipsMessage:
    """One CLIPS error or warning: where (file, line if CLIPS gave one) and what."""

    code: str
    text: str
    file: str | None = None
    line: int | None = None
    construct: str = ""

    def describe(self, default_file: str | None = None) -> str:
        """``file:line: text [CODE] (in defrule X)``."""
        where = self.file or default_file or ""
        if where and self.line is not None:
            where += f":{self.line}"
        where = f"{where}: " if where else ""
        inside = f" (in {self.construct})" if self.construct else ""
        return f"{where}{self.text} [{self.code}]{inside}"


def parse_messages(text: str) -> list[ClipsMessage]:
    """The messages CLIPS wrote to stderr/stdwrn, in order."""
    messages: list[ClipsMessage] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        match = _MESSAGE.match(lines[index].strip())
        index += 1
        if not match:
            continue
        body = [match.group("text").strip()]
        # continuation lines of the message, up to a blank line or ERROR:/WARNING:
        while index < len(lines) and lines[index].strip() and not lines[index].startswith(("ERROR:", "WARNING:", "[")):
            body.append(lines[index].strip())
            index += 1
        construct = ""
        probe = index
        while probe < len(lines) and not lines[probe].strip():
            probe += 1
        if probe < len(lines) and lines[probe].strip() in ("ERROR:", "WARNING:") and probe + 1 < len(lines):
            found = _CONSTRUCT.match(lines[probe + 1].strip())
            if found:
                construct = f"{found.group('kind')} {found.group('name')}"
        line = match.group("line")
        messages.append(ClipsMessage(match.group("code"), " ".join(b for b in body if b),
                                     match.group("file"), int(line) if line else None, construct))
    return messages


class CaptureRouter(clips.Router):
    """Captures everything CLIPS prints: ``printout t`` text and error/warning text, apart."""

    NAME = "battleship-lab-capture"
    OUTPUT = ("stdout",)
    ERRORS = ("stderr", "stdwrn")

    #: characters of ``printout t`` kept between two ``take_output`` calls (an endless printing loop
    #: runs until the step's time cap: without a limit it fills memory)
    LIMIT = 1_000_000

    def __init__(self) -> None:
        super().__init__(self.NAME, 60)
        self.output: list[str] = []
        self.errors: list[str] = []
        self._kept = 0
        self._dropped = 0

    def query(self, name: str) -> bool:
        """Every standard logical name (``t`` is ``stdout`` in CLIPS 6.4)."""
        return name in self.OUTPUT or name in self.ERRORS

    def write(self, name: str, message: str) -> None:
        """Keep the text (printouts up to ``LIMIT`` characters); nothing reaches the real stdout."""
        if name not in self.OUTPUT:
            self.errors.append(message)
        elif self._kept < self.LIMIT:
            self._kept += len(message)
            self.output.append(message)
        else:
            self._dropped += len(message)

    def take_output(self) -> str:
        """The printed text since the last call (after a line saying how much was dropped, if any)."""
        if not self.output:
            return ""
        text = "".join(self.output)
        self.output.clear()
        if self._dropped:  # said first, so that a cap on lines further on keeps it
            text = (f"[the agent printed {self._kept + self._dropped} characters in one go: the first "
                    f"{self._kept} are kept, {self._dropped} dropped]\n") + text
        self._kept = self._dropped = 0
        return text

    def take_errors(self) -> str:
        """The error and warning text since the last call."""
        if not self.errors:
            return ""
        text = "".join(self.errors)
        self.errors.clear()
        return text
