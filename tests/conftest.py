"""Test setup: offscreen Qt before anything imports it, and the project on sys.path."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# the user's data folder (platformdirs): a throw-away one, so a test's default batch results file and the like
# never land among the real user's files
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="battleship-lab-tests-")
atexit.register(shutil.rmtree, os.environ["XDG_DATA_HOME"], True)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# the fake arena server the arena client's tests share (tests/arena/ and tests/gui/)
pytest_plugins = ["tests.arena.fake_arena"]
