"""What course agents commonly get wrong, found by playing them: ``check-agent``.

- The per-step checks (``CheckedDriver``, ``Finding``) live in
  ``app.backends.step_checks``, shared with ``run`` and the app's live warnings.
- ``source_findings`` reads a CLIPS agent's files without CLIPS: unbalanced
  parentheses, and rules that assert an ``exec`` without ``(pop-focus)``.
- ``check_agent`` plays an agent on maps under rules profiles, twice each
  with one seed, and adds its load errors and any difference between the runs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from app.backends.drivers import create_driver
from app.backends.registry import AgentSpec
from app.backends.runner import Match
from app.backends.step_checks import CheckedDriver, Finding, FindingKind, action_findings
from app.core import Game, GameMap, GameResult, RulesProfile

__all__ = ["CheckReport", "CheckedDriver", "Finding", "FindingKind", "action_findings", "check_agent",
           "load_errors", "play_checked", "run_difference", "shown_path", "source_findings"]


def shown_path(path: str | Path) -> str:
    """``path`` as a user would write it: relative to the working folder when it is inside it."""
    text = str(path)
    try:
        relative = os.path.relpath(text)
    except ValueError:  # another drive (Windows)
        return text
    return text if relative.startswith("..") else relative


def source_findings(paths: Iterable[Path]) -> list[Finding]:
    """What reading a CLIPS agent's files shows: unbalanced parentheses, exec without (pop-focus)."""
    from app.backends.clips.source import read_file  # lazy: start-up time (the CLIPS bridge imports clipspy)

    findings = []
    for path in paths:
        shown = shown_path(path)
        try:
            reading = read_file(path)
        except OSError:
            continue  # the driver reports an unreadable file
        findings += [Finding(FindingKind.PARENS, None, problem.describe(shown)) for problem in reading.problems]
        for form in reading.forms:
            if form.head == "defrule" and form.end_line is not None and _asserts_exec_without_pop(form):
                name = form.atoms()[1] if len(form.atoms()) > 1 else "?"
                findings.append(Finding(FindingKind.NO_POP_FOCUS, None, (
                    f"{shown}:{form.line}: rule {name} asserts an exec but never calls (pop-focus): its turn goes "
                    f"on, and another exec asserted later in it replaces this one")))
    return findings


def _asserts_exec_without_pop(rule) -> bool:
    """Whether the right-hand side of ``rule`` (a defrule form) asserts an exec and has no (pop-focus)/(return)."""
    atoms = rule.items
    arrow = next((index for index, item in enumerate(atoms) if getattr(item, "text", None) == "=>"), None)
    if arrow is None:
        return False
    asserts_exec = pops = False
    for item in atoms[arrow + 1:]:
        if not hasattr(item, "forms"):
            continue
        for form in (item, *item.forms()):
            if form.head in ("pop-focus", "return"):
                pops = True
            elif form.head == "assert" and any(child.head == "exec" for child in form.items if hasattr(child, "head")):
                asserts_exec = True
    return asserts_exec and not pops


def load_errors(spec: AgentSpec, profile: RulesProfile) -> list[str]:
    """Load ``spec`` now and return what loading reported (file:line: text; [] when everything loaded).

    AgentError when the agent cannot be used at all (a Python file that does not
    import, CLIPS files of which nothing loads). For the GUI, as soon as an agent is picked.
    """
    driver = create_driver(spec)  # a Python agent is imported here
    try:
        preload = getattr(driver, "preload", None)
        return preload(profile) if preload is not None else []
    finally:
        driver.close()


def play_checked(spec: AgentSpec, game_map: GameMap, profile: RulesProfile, seed: int = 1,
                 params: Mapping[str, str] | None = None, step_seconds: float | None = None,
                 on_log: Callable[[str], None] | None = None) -> tuple[GameResult, CheckedDriver]:
    """One game of ``spec`` on ``game_map`` under ``profile``, checked; the result and the driver (its findings)."""
    inner = create_driver(spec, seed=seed, step_seconds=step_seconds)  # in its host process, as every game
    driver = CheckedDriver(inner, game_map.name, profile.name)
    game = Game(game_map, profile, agent=driver.name)
    match = Match(game, driver, on_log=on_log, params=dict(params or {}))
    try:
        result = match.run()
    finally:
        match.close()
    return result, driver


def run_difference(first: GameResult, second: GameResult) -> str:
    """Where two results of the same game differ ("" when they do not)."""
    for one, other in zip(first.events, second.events):
        if one.to_dict() != other.to_dict():
            return f"step {one.step}: {one.text} ({one.outcome.value}), then {other.text} ({other.outcome.value})"
    if len(first.events) != len(second.events):
        return f"one run took {len(first.events)} steps, the other {len(second.events)}"
    if first.score != second.score:
        return f"scores {first.score} and {second.score}"
    return ""


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What ``check_agent`` found, and what it played."""

    agent: str
    games: int
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        """Nothing is wrong."""
        return not self.findings


def check_agent(spec: AgentSpec, maps: Sequence[GameMap], profiles: Sequence[RulesProfile], seed: int = 1,
                params: Mapping[str, str] | None = None, step_seconds: float | None = None,
                runs: int = 2) -> CheckReport:
    """Play ``spec`` on every map under every profile, ``runs`` times each with ``seed``; what went wrong.

    Load errors are reported once (from the first game), the source of a CLIPS
    agent is read, and runs of one game that differ are reported as nondeterminism.
    """
    findings: list[Finding] = source_findings(spec.paths) if spec.kind == "clips" else []
    games = 0
    load_checked = False
    for game_map in maps:
        for profile in profiles:
            results = []
            for run in range(runs):
                result, driver = play_checked(spec, game_map, profile, seed, params, step_seconds)
                games += 1
                if not load_checked:
                    load_checked = True
                    messages = list(driver.inner.load_errors())
                    for path in spec.paths:
                        messages = [message.replace(str(path), shown_path(path)) for message in messages]
                    said = {finding.message for finding in findings}  # the reader's paren problems come first
                    findings += [Finding(FindingKind.LOAD_ERROR, None, message) for message in messages
                                 if message not in said]
                if run == 0:
                    findings += driver.findings
                results.append(result)
            for other in results[1:]:
                difference = run_difference(results[0], other)
                if difference:
                    findings.append(Finding(FindingKind.NONDETERMINISTIC, None, (
                        f"two runs with seed {seed} differ at {difference}: an agent must play the same game "
                        f"for the same seed (draw from the seed it is given, not from the clock or an unseeded "
                        f"random)"), game_map.name, profile.name))
                    break
    return CheckReport(spec.name, games, tuple(findings))
