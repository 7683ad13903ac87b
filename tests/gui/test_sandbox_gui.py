"""The window survives the whole hostile corpus, each agent in its own process: the banner says why, the next game
plays, the score is the engine's; the files an agent wrote are listed and saved beside a game log."""

from __future__ import annotations

import sys

import pytest

from tests.backends.test_sandbox import CORPUS, HAS_LANDLOCK, SOLVED, Setting, corpus, ended_as_expected, listener
from tests.gui.conftest import wait_over

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the hostile corpus is Linux's")
__all__ = ["listener"]  # the fixture, shared with the backend tests


def play(qtbot, window, setting: Setting) -> None:
    assert window.load_map(str(setting.secret))
    assert window.select_agent(str(setting.agent))
    window.set_fastest()
    window.run()
    wait_over(qtbot, window, timeout=30000)


def test_the_whole_corpus_ends_cleanly_and_the_window_goes_on(qtbot, window, tmp_path, listener):
    for name, setting in corpus(tmp_path, listener).items():
        play(qtbot, window, setting)
        result = window.session.result
        assert result is not None and not window.session.busy, name
        ended_as_expected(name, setting, result.stop_reason, result.score, listener)
        if CORPUS[name] is SOLVED:
            assert not window.session.failed, name
        else:
            assert window.session.failed, name
            banner = window.banner_text()
            assert "\n" not in banner and any(text in banner for text in CORPUS[name]), (name, banner)
        assert "agent confined" in window.game_settings.sandbox_label.text()
    assert window.select_agent("cross")  # the window is usable: another agent plays to its end
    window.reset()
    window.run()
    wait_over(qtbot, window, timeout=30000)
    assert window.session.result is not None and not window.session.failed


def test_the_preference_runs_agents_in_the_apps_process(qtbot, window):
    from app.backends import host

    window.game_settings.sandbox_action.setChecked(True)
    try:
        assert not host.enabled() and "unconfined" in window.game_settings.sandbox_label.text()
        assert window.settings.value("agents/no_sandbox") == "true"
    finally:
        window.game_settings.sandbox_action.setChecked(False)
    assert host.enabled()  # back to confined for the tests that follow


@pytest.mark.skipif(not HAS_LANDLOCK, reason="this kernel has no Landlock: writes outside are not refused")
def test_the_files_an_agent_wrote_are_listed_and_saved_with_the_log(qtbot, window, tmp_path):
    setting = Setting(tmp_path, "open_write.clp")
    play(qtbot, window, setting)
    assert "the agent wrote results.txt (5 bytes)" in window.log_text()
    assert not setting.outside.exists()
    assert window.files.save_log(str(tmp_path / "game.jsonl"))
    assert (tmp_path / "game.agent-files" / "results.txt").read_bytes() == b"kept\n"
    assert f"saved in {tmp_path / 'game.agent-files'}" in window.log_text()
