"""The window plays CLIPS agents against a course's own MAIN and ENV, set in Game Limits… (as --course-main and
--course-env): tests/data/course-edition's agent, written for a MAIN with an extra template, plays its game."""

from __future__ import annotations

from tests.gui.conftest import wait_over
from tests.paths import COURSE_MAPS, DATA

EDITION = DATA / "course-edition"
AGENT = EDITION / "corner_agent.clp"


def test_course_files_set_in_game_limits_play_the_agent_as_its_course_does(qtbot, window, interaction):
    window.load_map(str(COURSE_MAPS / "mappa1.clp"))
    window.select_agent(str(AGENT))
    interaction.limits_answers.append((5, 20, 100, str(EDITION / "main.clp"), str(EDITION / "env.clp")))
    window.game_settings.limits_action.trigger()
    assert interaction.course_offered == [("", "")]
    assert window.session.spec.kind == "course-files" and window.setup.course.main == (EDITION / "main.clp")
    window.controls.run_action.trigger()
    wait_over(qtbot, window)
    assert [event.text for event in window.session.events][:3] == ["fire 9 0", "fire 9 9", "guess 9 9"]
    assert window.session.result.stop_reason == "solved by the agent"
    interaction.limits_answers.append((5, 20, 100, "", ""))  # back to the app's own MAIN and ENV
    window.game_settings.limits_action.trigger()
    assert interaction.course_offered[-1] == (str(EDITION / "main.clp"), str(EDITION / "env.clp"))
    assert window.setup.course is None and window.session.spec.kind == "clips"


def test_one_course_file_alone_changes_nothing_and_says_why(window, interaction):
    window.load_map(str(COURSE_MAPS / "mappa1.clp"))
    assert not window.game_settings.set_limits(5, 20, 100, str(EDITION / "main.clp"), "")
    assert "go together" in window.banner_text() and window.setup.course is None
