"""Where two games of the same map went differently: the first step whose action differs, the first rule firing
that differs (CLIPS agents, from the games' traces), both scores.

``diff_games`` compares two finished games (the GUI keeps the previous run of a map and calls it after a
reload); ``diff_agents`` plays both agents on the map first (same map, rules and seed), as ``python main.py diff``
does. Steps are numbered as the game log numbers them (``StepEvent.step``); a firing is placed by its step, its
place in that step's firings and its place among all the game's firings (each counted from 1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.backends.games import play
from app.core import Game, GameMap, RulesProfile, StepEvent
from app.core.events import load_note

MARKER_TEMPLATE = "board-marker"  # an agent's drawing (docs/markers.md): not compared
SHOWN_MADE = 4  # the facts a differing firing made, shown (all of them in --json)


@dataclass(frozen=True, slots=True)
class FiringAt:
    """One rule firing of a game and where it happened."""

    step: int  # the step whose turn fired it, numbered as the log numbers steps
    number: int  # its place among all the game's firings, from 1
    index: int  # its place among its step's firings, from 1
    rule: str  # MODULE::name
    basis: tuple[str, ...]  # the facts it matched, as CLIPS printed them ("*" for a not/exists pattern)
    made: tuple[str, ...] = ()  # the facts its actions asserted or modified, as they were then (traces that record it)

    def to_dict(self) -> dict:
        """JSON-ready."""
        return {"step": self.step, "number": self.number, "index": self.index, "rule": self.rule,
                "basis": list(self.basis), "made": list(self.made)}

    def describe(self) -> str:
        """e.g. ``AGENT::fire-best, firing 12 (step 3, its 2nd)``."""
        return f"{self.rule}, firing {self.number} (step {self.step}, #{self.index} of the step)"


@dataclass(frozen=True, slots=True)
class GameDiff:
    """Two games of one map compared: the first differing step and firing, both scores.

    ``first_step`` is None when both games took the same actions throughout; ``old_action``/``new_action`` are
    the actions at that step (None for a game that had ended before it). ``old_firing``/``new_firing``: the
    first firing that differs (rule or matched facts; None on a side whose firings had ended), both None when
    the firings agree or were not traced (``traced`` False: not both games were traced CLIPS games).
    """

    map_name: str
    rules: str
    old_agent: str
    new_agent: str
    first_step: int | None
    old_action: str | None
    new_action: str | None
    old_score: int
    new_score: int
    traced: bool
    old_firing: FiringAt | None = None
    new_firing: FiringAt | None = None
    notes: tuple[str, ...] = ()  # e.g. an agent played with what loaded of its files

    @property
    def delta(self) -> int:
        """New score minus old score."""
        return self.new_score - self.old_score

    @property
    def firings_differ(self) -> bool:
        """True when the traced firings differ somewhere."""
        return self.old_firing is not None or self.new_firing is not None

    def to_dict(self) -> dict:
        """One JSON object: ``first_step``, both actions, both scores, the delta and the first differing firings."""
        return {
            "map": self.map_name, "rules": self.rules, "old_agent": self.old_agent, "new_agent": self.new_agent,
            "first_step": self.first_step, "old_action": self.old_action, "new_action": self.new_action,
            "old_score": self.old_score, "new_score": self.new_score, "delta": self.delta, "traced": self.traced,
            "old_firing": self.old_firing.to_dict() if self.old_firing else None,
            "new_firing": self.new_firing.to_dict() if self.new_firing else None, "notes": list(self.notes),
        }

    def lines(self) -> list[str]:
        """The comparison in plain words, one fact a line."""
        found = [f"map {self.map_name}, rules {self.rules}: old {self.old_agent}, new {self.new_agent}"]
        if self.first_step is None:
            found.append("same actions throughout")
        else:
            found.append(f"first differing step: {self.first_step}")
            found.append(f"  old: {self.old_action or '(game over)'}")
            found.append(f"  new: {self.new_action or '(game over)'}")
        if not self.traced:
            found.append("rule firings: not compared (a game has none recorded: only CLIPS agents' turns are traced)")
        elif not self.firings_differ:
            found.append("rule firings: the same throughout")
        else:
            found.append("first differing rule firing:")
            for side, firing in (("old", self.old_firing), ("new", self.new_firing)):
                found.append(f"  {side}: {firing.describe() if firing else '(no more firings)'}")
                if firing and firing.basis:
                    found.append(f"       matched {', '.join(firing.basis)}")
                if firing and firing.made:
                    more = f" and {len(firing.made) - SHOWN_MADE} more" if len(firing.made) > SHOWN_MADE else ""
                    found.append(f"       made {', '.join(firing.made[:SHOWN_MADE])}{more}")
        sign = "+" if self.delta > 0 else ""
        found.append(f"score: old {self.old_score}, new {self.new_score}, delta {sign}{self.delta}")
        return found + [f"note: {note}" for note in self.notes]


def action_text(event: StepEvent) -> str:
    """How a step's action is shown and compared: its text, marked when the engine did it (automatic solve)."""
    return f"{event.text} [auto]" if event.by_engine else event.text


def first_differing_step(old: Game, new: Game) -> tuple[int | None, str | None, str | None]:
    """The first step where the two games' actions differ, with both actions; (None, None, None) if none does."""
    for index in range(max(len(old.events), len(new.events))):
        before = old.events[index] if index < len(old.events) else None
        after = new.events[index] if index < len(new.events) else None
        old_text = action_text(before) if before else None
        new_text = action_text(after) if after else None
        if old_text != new_text:
            return (before or after).step, old_text, new_text
    return None, None, None


def firings(traces: Mapping[int, object]) -> list[FiringAt]:
    """Every rule firing of a game's traces (``Game.traces``: step -> its ``StepTrace`` as recorded, or its plain
    data as a game log holds it), in firing order."""
    found: list[FiringAt] = []
    for step in sorted(traces):
        trace = traces[step]
        data = trace if isinstance(trace, dict) else trace.to_dict()
        asserted: dict[int, list[str | None]] = {}  # each fact's texts as asserted (or modified) here, in order
        for change in data.get("changes", ()):
            if change["change"] in ("asserted", "modified"):
                drawn = change["template"] == MARKER_TEMPLATE  # what the agent drew is not what it decided
                asserted.setdefault(change["index"], []).append(None if drawn else change["text"])
        for index, firing in enumerate(data.get("firings", ()), start=1):
            basis = tuple("*" if fact["index"] is None else fact["text"] for fact in firing["basis"])
            texts = (asserted[fact].pop(0) if asserted.get(fact) else f"f-{fact}" for fact in firing.get("made", ()))
            made = tuple(text for text in texts if text is not None)
            found.append(FiringAt(step, len(found) + 1, index, f"{firing['module']}::{firing['rule']}", basis, made))
    return found


def first_differing_firing(old: Game, new: Game) -> tuple[FiringAt | None, FiringAt | None]:
    """The first firing where the games differ (another rule, the same rule on other facts, or making other
    facts: a rule whose function computed another target), on each side."""
    old_firings, new_firings = firings(old.traces), firings(new.traces)
    for index in range(max(len(old_firings), len(new_firings))):
        before = old_firings[index] if index < len(old_firings) else None
        after = new_firings[index] if index < len(new_firings) else None
        if before is None or after is None or (before.rule, before.basis, before.made) != (
                after.rule, after.basis, after.made):
            return before, after
    return None, None


def diff_games(old: Game, new: Game) -> GameDiff:
    """Compare two finished games of the same map (``old`` the earlier version's)."""
    step, old_action, new_action = first_differing_step(old, new)
    traced = bool(old.traces) and bool(new.traces)
    old_firing, new_firing = first_differing_firing(old, new) if traced else (None, None)
    notes = tuple(f"{side} agent {game.agent}: {load_note(game.load_errors)} (check-agent lists them)"
                  for side, game in (("old", old), ("new", new)) if game.load_errors)
    return GameDiff(old.map.name, old.profile.name, old.agent, new.agent, step, old_action, new_action,
                    old.score(), new.score(), traced, old_firing, new_firing, notes)


def play_both(old_agent: str, new_agent: str, game_map: GameMap, profile: RulesProfile, seed: int = 0,
              params: Mapping[str, str] | None = None, step_seconds: float | None = None) -> tuple[Game, Game]:
    """Both agents (names or paths) played on ``game_map`` with the same rules and seed, traced: (old, new)."""
    def ignore(trace: object) -> None:
        """Tracing on: the traces are kept in the game."""

    old, new = (play(agent, game_map, profile, seed=seed, params=params, step_seconds=step_seconds, on_trace=ignore)
                for agent in (old_agent, new_agent))
    old.agent, new.agent = old_agent, new_agent  # as the user named them (two versions share a name)
    return old, new


def diff_agents(old_agent: str, new_agent: str, game_map: GameMap, profile: RulesProfile, seed: int = 0,
                params: Mapping[str, str] | None = None, step_seconds: float | None = None) -> GameDiff:
    """Play both agents (names or paths) on ``game_map`` with the same rules and seed, traced, and compare."""
    return diff_games(*play_both(old_agent, new_agent, game_map, profile, seed, params, step_seconds))
