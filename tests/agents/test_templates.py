"""The agent templates work as they are, on every example and course map."""

from __future__ import annotations

import pytest

from app.backends.drivers import create_driver
from app.backends.registry import resolve
from app.backends.runner import Match
from app.core import Game, Outcome
from app.core.formats import load_map
from tests.paths import COURSE_MAPS, MAPS_DIR, ROOT

TEMPLATES = sorted(str(p) for p in (ROOT / "agents" / "templates").iterdir() if p.suffix in (".py", ".clp"))
MAPS = sorted(MAPS_DIR.glob("*.map")) + sorted(COURSE_MAPS.glob("*.clp"))


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.rsplit("/", 1)[-1])
@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.name)
def test_template_plays_cleanly(template, map_path):
    game = Game(load_map(map_path))
    match = Match(game, create_driver(resolve(template)))
    try:
        result = match.run()
    finally:
        match.close()
    assert result.stop_reason == "solved by the agent"
    assert all(e.outcome is not Outcome.REJECTED for e in result.events)
    assert result.statistics.gko == 0 and result.statistics.fko == 0  # it only flags sure cells
