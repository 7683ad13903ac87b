"""Rules profiles: scoring weights, what a miss reveals, and the resource limits.

Profiles are data looked up by name (``PROFILES["unito-2022"]``); limits can be
changed per game with ``with_limits``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from app.core.errors import BattleshipError

STAT_KEYS = ("fok", "fko", "gok", "gko", "safe", "sink", "fires_left", "guesses_left")


@dataclass(frozen=True, slots=True)
class Statistics:
    """The counts taken when a game is solved (docs/rules.md, "Scoring")."""

    fok: int = 0
    fko: int = 0
    gok: int = 0
    gko: int = 0
    safe: int = 0
    sink: int = 0
    fires_left: int = 0
    guesses_left: int = 0

    def as_dict(self) -> dict[str, int]:
        """The counts by their docs/rules.md names."""
        return {key: getattr(self, key) for key in STAT_KEYS}


@dataclass(frozen=True, slots=True)
class RulesProfile:
    """A scoring profile and its limits."""

    name: str
    description: str
    weights: Mapping[str, int]
    reveal_water: bool
    fires: int = 5
    guesses: int = 20
    max_steps: int = 100

    def score(self, stats: Statistics) -> int:
        """The score of a solved game's statistics."""
        return sum(weight * getattr(stats, key) for key, weight in self.weights.items())

    def formula(self) -> str:
        """The score formula as text, e.g. '10*fok + 10*gok - 25*fko ...'."""
        terms = []
        for key, weight in self.weights.items():
            sign = "-" if weight < 0 else "+"
            terms.append(f"{sign} {abs(weight)}*{key}")
        return " ".join(terms).lstrip("+ ")

    def with_limits(self, fires: int | None = None, guesses: int | None = None, max_steps: int | None = None) -> RulesProfile:
        """The same profile with other limits (None keeps a limit)."""
        changes = {k: v for k, v in (("fires", fires), ("guesses", guesses), ("max_steps", max_steps)) if v is not None}
        for key, value in changes.items():
            if value < 0 or (key == "max_steps" and value < 1):
                raise BattleshipError(f"{key.replace('_', ' ')} must be {'at least 1' if key == 'max_steps' else 'zero or more'}, not {value}")
        return dataclasses.replace(self, **changes)


PROFILES: Mapping[str, RulesProfile] = MappingProxyType(
    {
        "unito-2019": RulesProfile(
            name="unito-2019",
            description="the seed reports' rules: a miss reveals nothing",
            weights=MappingProxyType({"fok": 10, "gok": 10, "sink": 15, "fko": -25, "gko": -15, "safe": -10}),
            reveal_water=False,
        ),
        "unito-2022": RulesProfile(
            name="unito-2022",
            description="later rules: a miss reveals water; unused fires and flags cost points",
            weights=MappingProxyType(
                {"gok": 15, "sink": 20, "gko": -10, "safe": -10, "fires_left": -20, "guesses_left": -20}
            ),
            reveal_water=True,
        ),
    }
)
DEFAULT_PROFILE = "unito-2019"


def get_profile(name: str) -> RulesProfile:
    """The profile called ``name``; a clear error listing the known ones otherwise."""
    try:
        return PROFILES[name]
    except KeyError:
        raise BattleshipError(f"unknown rules profile '{name}' (known: {', '.join(PROFILES)})") from None
