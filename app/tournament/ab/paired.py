"""What an A/B comparison found: the paired games map by map, the verdict with its mean delta and anytime-valid
interval (one ``Judgement`` of the sequential test, so the two never disagree), wins/ties/losses, the maps that got
better and worse, and the verdict in plain words."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from app.tournament.ab.sequential import Design, Judgement, Verdict, judge
from app.tournament.bench.rows import GameRow


@dataclass(frozen=True, slots=True)
class PairedMap:
    """One map played by both agents (the rows are bench rows, so a tournament file's games fit)."""

    map_name: str
    map_path: str
    new: GameRow
    old: GameRow

    @property
    def scored(self) -> bool:
        """True when both games ended with a score (a timed-out or unplayable game leaves its map out)."""
        return self.new.scored and self.old.scored

    @property
    def delta(self) -> int:
        """The new agent's score minus the old one's (both scored)."""
        return int(self.new.score) - int(self.old.score)

    def to_dict(self) -> dict:
        """JSON-ready: the map, both scores and the delta (None when a game was not scored)."""
        return {"map": self.map_name, "map_path": self.map_path, "new_score": self.new.score,
                "old_score": self.old.score, "delta": self.delta if self.scored else None}


@dataclass(frozen=True, slots=True)
class Comparison:
    """The figures of an A/B comparison over the maps it used."""

    new_agent: str
    old_agent: str
    design: Design
    judgement: Judgement  # the verdict, mean delta and interval over ``pairs``
    pairs: tuple[PairedMap, ...]  # the maps the verdict used, in the order they were fed to the test
    maps_total: int  # maps in the folder(s) asked for
    left_out: tuple[PairedMap, ...] = ()  # maps with a game that was not scored: not in the figures
    seconds: float = 0.0
    games_played: int = 0  # games played by this run (the others were read from a results file)
    notes: tuple[str, ...] = field(default=())

    @property
    def verdict(self) -> Verdict:
        """better, worse, the same or undecided."""
        return self.judgement.verdict

    @property
    def mean_delta(self) -> float:
        """The mean of the new agent's score minus the old one's over the maps used."""
        return self.judgement.mean

    @property
    def interval(self) -> tuple[float | None, float | None]:
        """The confidence sequence's bounds on the mean delta (None while unbounded)."""
        low, high = self.judgement.low, self.judgement.high
        return (low if math.isfinite(low) else None, high if math.isfinite(high) else None)

    @property
    def maps_used(self) -> int:
        """How many maps the verdict rests on."""
        return len(self.pairs)

    @property
    def wins(self) -> int:
        """Maps where the new agent scored more."""
        return sum(p.delta > 0 for p in self.pairs)

    @property
    def losses(self) -> int:
        """Maps where the new agent scored less."""
        return sum(p.delta < 0 for p in self.pairs)

    @property
    def ties(self) -> int:
        """Maps where both scored the same."""
        return sum(p.delta == 0 for p in self.pairs)

    @property
    def better_maps(self) -> list[str]:
        """The maps where the new agent scored more, biggest gain first."""
        return [p.map_name for p in sorted(self.pairs, key=lambda p: -p.delta) if p.delta > 0]

    @property
    def worse_maps(self) -> list[str]:
        """The maps where the new agent scored less, biggest loss first."""
        return [p.map_name for p in sorted(self.pairs, key=lambda p: p.delta) if p.delta < 0]

    def summary(self) -> str:
        """The verdict in plain words, e.g. ``better by 25 points a game (between +3 and +47); ...``."""
        judgement = self.judgement
        between = f"between {judgement.low:+.0f} and {judgement.high:+.0f}" if judgement.bounded \
            else "the interval still unbounded"
        counts = f"{self.wins} maps better, {self.losses} worse, {self.ties} the same"
        used = f"{self.maps_used} of {self.maps_total} maps"
        d = f"{self.design.delta:g}"
        if self.verdict is Verdict.BETTER:
            return f"better by {abs(self.mean_delta):.0f} points a game ({between}); {counts} ({used})"
        if self.verdict is Verdict.WORSE:
            return f"worse by {abs(self.mean_delta):.0f} points a game ({between}); {counts} ({used})"
        if self.verdict is Verdict.SAME:
            return f"the same within ±{d} points a game (mean delta {self.mean_delta:+.0f}, {between}); " \
                   f"{counts} ({used})"
        return (f"undecided after {used}: mean delta {self.mean_delta:+.0f} points a game ({between}); {counts}; "
                f"about {judgement.more_maps} more maps like these are likely needed to tell better, worse or the "
                f"same within ±{d}")

    def to_dict(self) -> dict:
        """One JSON object: ``verdict``, ``maps_used``, ``mean_delta`` and its ``interval``, and the rest."""
        return {
            "verdict": self.verdict.value, "summary": self.summary(), "new_agent": self.new_agent,
            "old_agent": self.old_agent, "maps_used": self.maps_used, "maps_total": self.maps_total,
            "mean_delta": self.mean_delta, "interval": list(self.interval),
            "confidence": self.judgement.confidence, "more_maps": self.judgement.more_maps,
            "wins": self.wins, "ties": self.ties, "losses": self.losses,
            "alpha": self.design.alpha, "beta": self.design.beta, "delta": self.design.delta,
            "better_maps": self.better_maps, "worse_maps": self.worse_maps,
            "left_out": [p.to_dict() for p in self.left_out], "maps": [p.to_dict() for p in self.pairs],
            "games_played": self.games_played, "seconds": round(self.seconds, 2), "notes": list(self.notes),
        }

    def lines(self) -> list[str]:
        """The report printed by ``bench --versus``."""
        judgement = self.judgement
        found = [
            f"A/B: new {self.new_agent} against old {self.old_agent}",
            f"maps used: {self.maps_used} of {self.maps_total}"
            + (f" ({self.games_played} games played in {self.seconds:.1f} s)" if self.games_played else ""),
            f"mean delta (new - old): {self.mean_delta:+.1f} points a game, {judgement.confidence:.0%} confidence "
            f"sequence {judgement.interval_text(1)} (valid after any map)",
            f"wins/ties/losses: {self.wins}/{self.ties}/{self.losses}",
            f"maps better: {_listed(self.better_maps)}",
            f"maps worse: {_listed(self.worse_maps)}",
        ]
        if self.left_out:
            found.append(f"left out (a game not scored): {_listed([p.map_name for p in self.left_out])}")
        found += [f"note: {note}" for note in self.notes]
        found.append(f"verdict: {self.summary()}")
        return found


def _listed(names: Sequence[str], shown: int = 12) -> str:
    if not names:
        return "none"
    more = f" and {len(names) - shown} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


def compare(new_agent: str, old_agent: str, design: Design, pairs: Sequence[PairedMap], maps_total: int,
            seconds: float = 0.0, games_played: int = 0, notes: Sequence[str] = ()) -> Comparison:
    """The figures over ``pairs`` (the maps fed to the sequential test, in order; unscored pairs are left out): the
    verdict is the test's on their deltas, so a comparison rebuilt from stored pairs says what the live one said."""
    used = tuple(p for p in pairs if p.scored)
    return Comparison(new_agent, old_agent, design, judge([p.delta for p in used], design), used, maps_total,
                      left_out=tuple(p for p in pairs if not p.scored), seconds=seconds, games_played=games_played,
                      notes=tuple(notes))
