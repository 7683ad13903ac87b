"""A CLIPS driver's "why not?" after the game: answered as of its last step, the stop left as it was."""

from __future__ import annotations

from app.backends.clips.matches import RuleMatches
from tests.backends.test_clips_stepping import new_match


def test_after_the_game_the_stop_is_not_the_answer_and_stays():
    with new_match("bdi") as (match, _):
        while not match.game.over:
            match.step()
        found = match.driver.why_not("AGENT::execute-action")
        assert found.game_over
        assert "currently running" not in found.verdict()  # not "the status says stopped": the agent's own facts
        status = found.disjuncts[0].patterns[0]
        assert "currently running" in status.text and len(status.facts) == 1
        assert RuleMatches.from_dict(found.to_dict()) == found
        assert match.driver.why_not("AGENT::execute-action").game_over  # the status was put back to stopped


def test_during_the_game_the_answer_is_not_marked():
    with new_match("bdi") as (match, _):
        match.step()
        assert not match.driver.why_not("AGENT::execute-action").game_over
