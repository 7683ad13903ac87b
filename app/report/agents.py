"""What happened to each agent besides its scores: load errors, ``check-agent``'s findings, confinement refusals.

``AgentNotes`` gathers, per agent, what the teacher must see before reading a score: the errors loading its
files reported (``file:line: message``, from the games' records), the games it played with them, what
``check-agent`` found (given by the caller: ``grade`` runs it), why a submission was not played at all, and
what the confinement refused it. Refusals are read from each game record's ``refusals`` list: what the agent
host's child saw the agent try (``app.backends.host.refusals``; docs/sandbox.md, "What the report is told").
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from app.core import BattleshipError
from app.core.paths import ROOT
from app.report.standings import absolute_path, rules_options, shell_command
from app.tournament.bench.inputs import expand_maps

NOTES_SHOWN = 8  # per kind, per agent: more are counted, not listed


@dataclass(slots=True)
class AgentNotes:
    """One agent's load errors, findings, refusals and (for a submission not played) why."""

    agent: str
    load_errors: list[str] = field(default_factory=list)
    games_with_load_errors: int = 0
    findings: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    not_played: str = ""

    @property
    def empty(self) -> bool:
        """Nothing to tell."""
        return not (self.load_errors or self.findings or self.refusals or self.not_played)


def agent_notes(records: Sequence[dict], findings: Mapping[str, Sequence[str]] | None = None,
                not_played: Mapping[str, str] | None = None) -> dict[str, AgentNotes]:
    """Each agent's notes from its (current) records, ``findings`` (``check-agent``'s, by agent) and
    ``not_played`` (submissions that could not be played, by name: why)."""
    notes: dict[str, AgentNotes] = {}
    for record in records:
        note = notes.setdefault(record["agent"], AgentNotes(record["agent"]))
        messages = record.get("load_messages") or []
        if record.get("load_errors") or messages:
            note.games_with_load_errors += 1
        for message in messages:
            if message not in note.load_errors:
                note.load_errors.append(message)
        for refusal in record.get("refusals") or []:
            if refusal not in note.refusals:
                note.refusals.append(refusal)
    for agent, found in (findings or {}).items():
        note = notes.setdefault(agent, AgentNotes(agent))
        note.findings += [f for f in found if f not in note.findings and f not in note.load_errors]
    for agent, why in (not_played or {}).items():
        notes.setdefault(agent, AgentNotes(agent)).not_played = why
    return notes


def missing_baseline(baseline: str, agents: Sequence[str], records: Sequence[dict], results: str | Path) -> str:
    """The one-line error for a ``--baseline`` the results do not hold, with the command that plays it."""
    return (f"--baseline {baseline}: no such agent in the results ({', '.join(agents)}); play it on the same "
            f"maps, rules and seed first: {add_agent_command(baseline, records, results)}")


def add_agent_command(agent: str, records: Sequence[dict], results: str | Path) -> str:
    """``bench --resume`` playing ``agent`` on the maps, rules and seed of ``records`` into ``results``."""
    record = records[0]
    maps = sorted({absolute_path(r.get("map_path", "")) for r in records})
    folders = {str(Path(m).parent) for m in maps}
    if len(folders) == 1 and _all_of_folder(maps, Path(folders.pop())):
        maps = [str(Path(maps[0]).parent)]
    parts = [sys.executable, str(ROOT / "main.py"), "bench", "--agents", agent, "--maps", *maps,
             "--rules", record.get("rules", ""), "--seed", str(record.get("seed", 0))]
    parts += rules_options(record, params=False)
    parts += ["--out", str(Path(results).resolve()), "--resume"]
    return shell_command(parts)


def _all_of_folder(maps: list[str], folder: Path) -> bool:
    try:
        return sorted(expand_maps([str(folder)])) == maps
    except BattleshipError:
        return False
