"""What an A/B comparison found: the paired games map by map, the mean delta with its bootstrap interval,
wins/ties/losses, Wilcoxon's test, the maps that got better and worse, and the verdict in plain words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from app.tournament.ab.sequential import Design, Verdict
from app.tournament.bench.rows import GameRow
from app.tournament.stats import bootstrap_ci, paired_wilcoxon


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
    verdict: Verdict
    pairs: tuple[PairedMap, ...]  # the maps the verdict used, in the order they were fed to the test
    maps_total: int  # maps in the folder(s) asked for
    left_out: tuple[PairedMap, ...] = ()  # maps with a game that was not scored: not in the figures
    mean_delta: float = 0.0
    interval: tuple[float | None, float | None] = (None, None)
    wins: int = 0
    ties: int = 0
    losses: int = 0
    wilcoxon_statistic: float | None = None
    wilcoxon_p: float | None = None
    seconds: float = 0.0
    games_played: int = 0  # games played by this run (the others were read from a results file)
    notes: tuple[str, ...] = field(default=())

    @property
    def maps_used(self) -> int:
        """How many maps the verdict rests on."""
        return len(self.pairs)

    @property
    def better_maps(self) -> list[str]:
        """The maps where the new agent scored more, biggest gain first."""
        return [p.map_name for p in sorted(self.pairs, key=lambda p: -p.delta) if p.delta > 0]

    @property
    def worse_maps(self) -> list[str]:
        """The maps where the new agent scored less, biggest loss first."""
        return [p.map_name for p in sorted(self.pairs, key=lambda p: p.delta) if p.delta < 0]

    def summary(self) -> str:
        """The verdict in plain words, e.g. ``better by 23 ± 9 points a game; 41 maps better, 12 worse``."""
        low, high = self.interval
        spread = f" ± {(high - low) / 2:.0f}" if low is not None and high is not None else ""
        size = f"{abs(self.mean_delta):.0f}{spread} points a game"
        counts = f"{self.wins} maps better, {self.losses} worse, {self.ties} the same"
        used = f"{self.maps_used} of {self.maps_total} maps"
        d = f"{self.design.delta:g}"
        if self.verdict is Verdict.BETTER:
            return f"better by {size}; {counts} ({used})"
        if self.verdict is Verdict.WORSE:
            return f"worse by {size}; {counts} ({used})"
        if self.verdict is Verdict.NO_DIFFERENCE:
            return f"no difference larger than {d} points a game (mean delta {self.mean_delta:+.0f}{spread}); " \
                   f"{counts} ({used})"
        return (f"undecided after {used}: mean delta {self.mean_delta:+.0f}{spread} points a game; {counts}; more "
                f"maps are needed to tell a difference of {d} points at these error rates")

    def to_dict(self) -> dict:
        """One JSON object: ``verdict``, ``maps_used``, ``mean_delta`` and its ``interval``, and the rest."""
        return {
            "verdict": self.verdict.value, "summary": self.summary(), "new_agent": self.new_agent,
            "old_agent": self.old_agent, "maps_used": self.maps_used, "maps_total": self.maps_total,
            "mean_delta": self.mean_delta, "interval": list(self.interval), "confidence": 0.95,
            "wins": self.wins, "ties": self.ties, "losses": self.losses,
            "wilcoxon": {"statistic": self.wilcoxon_statistic, "p_value": self.wilcoxon_p},
            "alpha": self.design.alpha, "beta": self.design.beta, "delta": self.design.delta,
            "min_maps": self.design.min_maps, "better_maps": self.better_maps, "worse_maps": self.worse_maps,
            "left_out": [p.to_dict() for p in self.left_out], "maps": [p.to_dict() for p in self.pairs],
            "games_played": self.games_played, "seconds": round(self.seconds, 2), "notes": list(self.notes),
        }

    def lines(self) -> list[str]:
        """The report printed by ``bench --versus``."""
        low, high = self.interval
        interval = f"[{low:+.1f}, {high:+.1f}]" if low is not None and high is not None else "(too few maps)"
        test = (f"W = {self.wilcoxon_statistic:g}, p = {self.wilcoxon_p:.3g}" if self.wilcoxon_p is not None
                else "not computed (all deltas are 0, or too few maps)")
        found = [
            f"A/B: new {self.new_agent} against old {self.old_agent}",
            f"maps used: {self.maps_used} of {self.maps_total}"
            + (f" ({self.games_played} games played in {self.seconds:.1f} s)" if self.games_played else ""),
            f"mean delta (new - old): {self.mean_delta:+.1f} points a game, 95% bootstrap interval {interval}",
            f"wins/ties/losses: {self.wins}/{self.ties}/{self.losses}",
            f"Wilcoxon signed-rank (paired by map): {test}",
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


def compare(new_agent: str, old_agent: str, design: Design, verdict: Verdict | None, pairs: Sequence[PairedMap],
            maps_total: int, seconds: float = 0.0, games_played: int = 0,
            notes: Sequence[str] = ()) -> Comparison:
    """The figures over ``pairs`` (the maps fed to the sequential test, in order; unscored pairs are left out)."""
    used = tuple(p for p in pairs if p.scored)
    deltas = np.array([p.delta for p in used], dtype=float)
    statistic, p_value = paired_wilcoxon(deltas)
    return Comparison(
        new_agent, old_agent, design, verdict or Verdict.UNDECIDED, used, maps_total,
        left_out=tuple(p for p in pairs if not p.scored),
        mean_delta=float(deltas.mean()) if len(deltas) else 0.0, interval=bootstrap_ci(deltas),
        wins=int(np.sum(deltas > 0)), ties=int(np.sum(deltas == 0)), losses=int(np.sum(deltas < 0)),
        wilcoxon_statistic=statistic, wilcoxon_p=p_value, seconds=seconds, games_played=games_played,
        notes=tuple(notes))
