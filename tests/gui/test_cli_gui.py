"""``python main.py gui ... --autorun --screenshot --quit-when-done`` works offscreen."""

import os
import subprocess
import sys

from PyQt5.QtGui import QImage

from tests.paths import MAPS_DIR, ROOT


def _gui(tmp_path, *args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "config"))
    return subprocess.run([sys.executable, "main.py", "gui", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_autorun_screenshot_and_quit(tmp_path):
    shot = tmp_path / "shot.png"
    done = _gui(tmp_path, "--map", str(MAPS_DIR / "four-known.map"), "--agent", "cross", "--autorun",
                "--screenshot", str(shot), "--quit-when-done")
    assert done.returncode == 0, done.stderr
    image = QImage(str(shot))
    assert not image.isNull() and image.width() > 600 and image.height() > 400


def test_bad_map_on_the_command_line_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.map"
    bad.write_text("nonsense\n", encoding="utf-8")
    done = _gui(tmp_path, "--map", str(bad), "--agent", "cross", "--autorun", "--quit-when-done")
    assert done.returncode == 2
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "bad.map" in errors[0]
    assert "Traceback" not in done.stderr


def test_agent_params_on_the_command_line(tmp_path):
    done = _gui(tmp_path, "--map", str(MAPS_DIR / "four-known.map"), "--agent", "bayes", "--agent-param",
                "bayes:plan_layouts=0", "--autorun", "--quit-when-done")
    assert done.returncode == 0, done.stderr
    bad = _gui(tmp_path, "--agent", "bayes", "--agent-param", "bayse:plan_layouts=0", "--quit-when-done")
    assert bad.returncode == 2 and "'bayse' is not an agent of this command" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_game_limits_on_the_command_line(tmp_path):
    done = _gui(tmp_path, "--map", str(MAPS_DIR / "four-known.map"), "--agent", "cross", "--max-steps", "0",
                "--autorun", "--quit-when-done")
    assert done.returncode == 2 and "max steps must be at least 1" in done.stderr
    assert "Traceback" not in done.stderr
    done = _gui(tmp_path, "--map", str(MAPS_DIR / "four-known.map"), "--agent", "cross", "--fires", "2",
                "--max-steps", "12", "--lang", "it", "--autorun", "--quit-when-done")
    assert done.returncode == 0, done.stderr
