"""The window survives hostile agents run in their own processes: the banner says why, the next game plays."""

from __future__ import annotations

import sys

import pytest

from tests.backends.test_sandbox import Setting
from tests.gui.conftest import wait_over

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the hostile corpus is Linux's")


@pytest.mark.parametrize("name, reason", [
    ("segfault.py", "agent process died: signal 11 (SIGSEGV)"),
    ("exit3.py", "agent process died: exit code 3"),
    ("allocate.py", "over the memory limit of 1 GiB"),
])
def test_a_dying_agent_ends_its_game_and_the_window_goes_on(qtbot, window, tmp_path, name, reason):
    setting = Setting(tmp_path, name)
    assert window.load_map(str(setting.secret))
    assert window.select_agent(str(setting.agent))
    window.set_fastest()
    window.run()
    wait_over(qtbot, window, timeout=30000)
    assert reason in window.banner_text() and "\n" not in window.banner_text()
    assert window.session.failed and not window.session.busy
    assert "agent confined" in window.sandbox_label.text()
    assert window.select_agent("cross")  # the window is usable: another agent plays to its end
    window.reset()
    window.run()
    wait_over(qtbot, window, timeout=30000)
    assert window.session.result is not None and not window.session.failed


def test_the_preference_runs_agents_in_the_apps_process(qtbot, window):
    from app.backends import host

    window.sandbox_action.setChecked(True)
    try:
        assert not host.enabled() and "unconfined" in window.sandbox_label.text()
        assert window.settings.value("agents/no_sandbox") == "true"
    finally:
        window.sandbox_action.setChecked(False)
    assert host.enabled()  # back to confined for the tests that follow


def test_the_files_an_agent_wrote_are_listed_in_the_log(qtbot, window, tmp_path):
    setting = Setting(tmp_path, "open_write.clp")
    assert window.load_map(str(setting.secret))
    assert window.select_agent(str(setting.agent))
    window.set_fastest()
    window.run()
    wait_over(qtbot, window, timeout=30000)
    assert "the agent wrote results.txt (5 bytes)" in window.log_text()
    assert not setting.outside.exists()
