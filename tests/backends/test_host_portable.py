"""The portable agent host (``BATTLESHIP_LAB_HOST=spawn``, what Windows and macOS take; issue 37).

Three hosts: ``zygote`` (Linux's default), ``spawn`` (a new interpreter per game, the child still confining itself
with Linux's measures) and ``bare``: ``spawn`` with a child that has no Linux layer at all (``BARE_SITE``, put on
its path through the documented hook ``BATTLESHIP_LAB_CHILD_SITE``: no ``resource``, ``fcntl``, ``pyseccomp``, no
fork, pidfd, ``killpg``, ``SIGKILL``, ``SIGALRM`` or ``setitimer``, and ``sys.platform`` reads ``darwin``). What
holds there is what the portable host itself holds: the process, the time caps, the memory watch, the scratch
quota, the printout caps and the tree kill.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from app.backends import host
from app.backends.drivers import create_driver
from app.backends.host import environment, oslayer, process, spawn, warm
from app.backends.host import layers as host_layers
from app.backends.registry import resolve
from app.backends.runner import MAX_BYTES, Match
from app.core import Game
from app.core.formats import load_map
from tests.backends.test_sandbox import Setting
from tests.helpers import SLEEPER, running
from tests.paths import MAPS_DIR, ROOT

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the zygote and /proc are Linux's")

BARE_SITE = '''"""A child with no Linux layer (tests/backends/test_host_portable.py)."""
import os
import signal
import sys
import sysconfig

import psutil  # noqa: F401  (its backend is chosen by sys.platform at import: the machine's own)

sysconfig.get_paths()  # its data module is named after the real platform
for name in ("fcntl", "resource", "termios", "pyseccomp", "seccomp"):
    sys.modules[name] = None
for owner, names in ((os, ("fork", "forkpty", "pidfd_open", "killpg", "wait4", "waitid")),
                     (signal, ("SIGKILL", "SIGALRM", "setitimer", "ITIMER_REAL"))):
    for name in names:
        if hasattr(owner, name):
            delattr(owner, name)
sys.platform = "darwin"
'''
HOSTS = ("zygote", "spawn", "bare")
PORTABLE = ("spawn", "bare")
BENCH_MAPS = [MAPS_DIR / "bench" / name for name in ("k0-0001.map", "k2-0001.map", "k4-0001.map")]


def _drain() -> None:
    """End the warm and prepared children (started under another host), on the spawner thread after what it has
    queued; forget what the last child reported."""
    def drain() -> None:
        with warm._WARM_LOCK:
            idle, prepared = list(warm._WARM), list(warm._PREPARED.values())
            warm._WARM.clear()
            warm._PREPARED.clear()
        for child in idle:
            child.close()
            child.take_files()
        for future in prepared:
            warm._discard(future)

    process.SPAWNER.submit(drain).result()
    warm._REPORTED = None


@pytest.fixture(scope="module")
def bare_site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("bare-site")
    (folder / "sitecustomize.py").write_text(BARE_SITE)
    return folder


def use_host(monkeypatch, kind: str, bare_site: Path) -> None:
    """New children start under ``kind`` (``HOSTS``) from now on, until the test ends."""
    monkeypatch.setenv(host.HOST_VARIABLE, "zygote" if kind == "zygote" else "spawn")
    if kind == "bare":
        monkeypatch.setenv(environment.CHILD_SITE, str(bare_site))
    else:
        monkeypatch.delenv(environment.CHILD_SITE, raising=False)
    _drain()


@pytest.fixture
def hosted(request, monkeypatch, bare_site):
    """The host named by the test's parameter; the pool emptied again after the test."""
    use_host(monkeypatch, request.param, bare_site)
    yield request.param
    _drain()


def play(agent: str, map_path: Path, step_seconds: float | None = None, seed: int | None = 7):
    game = Game(load_map(map_path))
    log: list[str] = []
    match = Match(game, create_driver(resolve(agent), seed=seed, step_seconds=step_seconds), on_log=log.append)
    try:
        match.run()
    finally:
        match.close()
    return game.result(), log, match


# ----- the switch ---------------------------------------------------------------------------------------------
def test_the_switch_names_the_host_and_refuses_anything_else(monkeypatch):
    monkeypatch.setenv(host.HOST_VARIABLE, "spawn")
    assert host.kind() == "spawn"
    monkeypatch.setenv(host.HOST_VARIABLE, "zygote")
    assert host.kind() == "zygote"
    monkeypatch.delenv(host.HOST_VARIABLE)
    assert host.kind() == "zygote"  # Linux's default
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "run", "--agent", "random", "--map",
                           str(MAPS_DIR / "four-known.map")], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, BATTLESHIP_LAB_HOST="fork"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "error: BATTLESHIP_LAB_HOST='fork': expected one of zygote, spawn\n"


def test_off_linux_the_zygote_is_not_available(monkeypatch):
    monkeypatch.setenv(host.HOST_VARIABLE, "zygote")
    monkeypatch.setattr(sys, "platform", "win32")
    assert host.kind() == "spawn"


# ----- the same games ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("agent", ["incrocio", "random", "bayes"])
def test_spawned_children_play_as_the_zygotes(monkeypatch, bare_site, agent):
    results = {}
    for kind in HOSTS:
        use_host(monkeypatch, kind, bare_site)
        results[kind] = [play(agent, path)[0].to_dict() for path in BENCH_MAPS]
    _drain()
    assert results["spawn"] == results["zygote"]
    assert results["bare"] == results["zygote"]
    assert all(row["stop_reason"] for row in results["zygote"])


# ----- what the status says -----------------------------------------------------------------------------------
@pytest.mark.parametrize("hosted", HOSTS, indirect=True)
def test_the_status_is_what_the_childs_process_reports(hosted):
    status = host_layers.status()
    if hosted == "bare":  # the app's own platform is Linux: the words come from the child
        assert status.startswith("agent in its own process, not confined; missing: seccomp (not Linux)"), status
        assert "rlimits" in status and "sandbox-exec" in status
    else:
        assert status.startswith("agent confined (") and "rlimits" in status.split(";")[0], status
    result, _, match = play("random", BENCH_MAPS[0])
    assert result.stop_reason
    assert status == host_layers.status()


# ----- the hostile agents that need no Linux layer --------------------------------------------------------------
@pytest.mark.parametrize("hosted", PORTABLE, indirect=True)
@pytest.mark.parametrize(("agent", "step_seconds", "reason"), [
    pytest.param("exit3.py", 2.0, "agent process died: exit code 3", id="os_exit"),
    pytest.param("segfault.py", 2.0, "agent process died: signal 11 (SIGSEGV)", id="segfault"),
    pytest.param("native_loop.py", 0.5, "its process was ended", id="busy_native_loop_is_killed"),
    pytest.param("allocate.py", 2.0, "over the memory limit of 1 GiB", id="allocating_10_gb"),
    pytest.param("dup_null.py", 1.0, "the agent process was ended (it closed its channel)", id="channel_replaced"),
])
def test_a_python_agent_whose_process_dies_or_is_ended(tmp_path, hosted, agent, step_seconds, reason):
    setting = Setting(tmp_path, agent)
    result, _, _ = play(str(setting.agent), setting.secret, step_seconds=step_seconds)
    assert reason in result.stop_reason and "\n" not in result.stop_reason, result.stop_reason


@pytest.mark.parametrize("hosted", PORTABLE, indirect=True)
@pytest.mark.parametrize("value", ["None", "nan"])
def test_the_app_owns_the_step_cap(tmp_path, hosted, value):
    setting = Setting(tmp_path, "step_cap.py")
    setting.agent.write_text(setting.agent.read_text().replace("VALUE", value))
    result, _, _ = play(str(setting.agent), setting.secret, step_seconds=1.0)
    assert "its process was ended" in result.stop_reason, result.stop_reason


@pytest.mark.parametrize("hosted", PORTABLE, indirect=True)
@pytest.mark.parametrize("mode", ["bytes", "files"])
def test_the_scratch_folder_has_a_quota(tmp_path, hosted, mode):
    setting = Setting(tmp_path, "disk_fill.py")
    setting.agent.write_text(setting.agent.read_text().replace("MODE", mode))
    result, _, _ = play(str(setting.agent), setting.secret, step_seconds=20)
    assert "in its scratch folder" in result.stop_reason and "process was ended" in result.stop_reason, result


@pytest.mark.parametrize("hosted", PORTABLE, indirect=True)
@pytest.mark.parametrize("name", ["printout_flood.py", "printout_flood.clp"])
def test_printout_is_capped_in_bytes(tmp_path, hosted, name):
    setting = Setting(tmp_path, name)
    result, log, _ = play(str(setting.agent), setting.secret, step_seconds=20)
    assert sum(map(len, log)) < len(result.events) * (MAX_BYTES + 4096), sum(map(len, log))
    assert any("KiB of printout per step" in line for line in log)


@pytest.mark.parametrize("hosted", HOSTS, indirect=True)
def test_an_agent_sleeping_past_its_cap_ends_within_it_and_leaves_no_process(tmp_path, hosted):
    marker = f"battleship-lab-portable-sleeper-{hosted}-{os.getpid()}"
    agent = tmp_path / "sleeper.py"
    agent.write_text(SLEEPER.replace("MARKER", marker))
    started = time.monotonic()
    result, _, _ = play(str(agent), MAPS_DIR / "four-known.map", step_seconds=1.0)
    assert time.monotonic() - started < 1.0 + 3.0 + 10.0  # the cap, the parent's grace, the processes' start
    assert "took more than 1 s for step 1" in result.stop_reason, result.stop_reason
    deadline = time.monotonic() + 5.0  # a killed process may take a moment to be gone from /proc
    while running(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert running(marker) == []


@pytest.mark.parametrize("hosted", PORTABLE, indirect=True)
def test_a_killed_child_takes_what_it_started_along(tmp_path, hosted):
    """A child ended mid-step (here: cancelled) ends with the programs it started (the bare child may start one)."""
    marker = f"battleship-lab-portable-cancel-{hosted}-{os.getpid()}"
    agent = tmp_path / "sleeper.py"
    agent.write_text(SLEEPER.replace("MARKER", marker))
    driver = create_driver(resolve(str(agent)), step_seconds=60.0)
    match = Match(Game(load_map(MAPS_DIR / "four-known.map")), driver)
    try:
        match.step()
        child = driver._child
        stepping = threading.Thread(target=match.step)
        stepping.start()
        deadline = time.monotonic() + 20.0
        while hosted == "bare" and not running(marker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert (running(marker) != []) == (hosted == "bare")  # seccomp refuses it in the confined child
        driver.request_cancel()
        stepping.join(20.0)
        assert not stepping.is_alive() and child.process.exited()
    finally:
        match.close()
    deadline = time.monotonic() + 5.0
    while running(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert running(marker) == []


# ----- the scratch folder where there are no folder descriptors (Windows) ----------------------------------------
@pytest.mark.parametrize("descriptors", [True, False], ids=["descriptors", "paths"])
def test_the_scratch_folder_is_read_measured_and_removed(tmp_path, monkeypatch, descriptors):
    """Both walks (``scratch._walk_paths`` is Windows') on a tree with a link to a folder outside: the link is an
    entry, never followed, and removing the tree leaves the outside folder whole. Files in a subfolder count
    towards the quota (until issue 37 a walk cut at the quota's count yielded fewer entries than it visited: 3,000
    files in a subfolder were under it)."""
    from app.backends.host import scratch

    monkeypatch.setattr(scratch, "_DESCRIPTORS", descriptors)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("mine")
    top = tmp_path / "agent"
    (top / "a" / "b").mkdir(parents=True)
    (top / "a" / "b" / "leaf.txt").write_text("leaf\n")
    (top / "results.txt").write_text("kept\n")
    (top / "a" / "out").symlink_to(outside, target_is_directory=True)
    files, sizes = scratch.read_files(top)
    assert files == {"a/b/leaf.txt": b"leaf\n", "results.txt": b"kept\n"} and sizes["results.txt"] == 5
    for number in range(scratch.QUOTA_FILES + 100):
        (top / "a" / f"f{number}").touch()
    assert scratch.over_quota(top) == f"more than {scratch.QUOTA_FILES} files and folders"
    scratch.empty(top)
    assert not top.exists()
    assert (outside / "keep.txt").read_text() == "mine"


def test_the_run_header_says_what_the_agents_process_reports(bare_site):
    """The app is Linux here; the agent's process is not: the header says what the agent's process holds."""
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "run", "--agent", "random", "--map",
                           str(MAPS_DIR / "four-known.map")], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, BATTLESHIP_LAB_HOST="spawn", BATTLESHIP_LAB_CHILD_SITE=str(bare_site)))
    assert done.returncode == 0, done.stderr
    header = done.stdout.splitlines()[0]
    assert header.endswith("; agent in its own process, not confined; missing: seccomp (not Linux), landlock (not "
                           "Linux), rlimits, namespaces (not Linux), sandbox-exec (no /usr/bin/sandbox-exec on this "
                           "Mac)"), header


def test_an_agent_process_that_cannot_start_is_one_line(tmp_path):
    """A broken installation (the child's interpreter ends before it connects): one line naming why, no traceback."""
    (tmp_path / "sitecustomize.py").write_text('raise SystemExit("no interpreter here")\n')
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "run", "--agent", "random", "--map",
                           str(MAPS_DIR / "four-known.map"), "--quiet"], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, BATTLESHIP_LAB_HOST="spawn", BATTLESHIP_LAB_CHILD_SITE=str(tmp_path)))
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr == ("error: agent random: its process could not start (the agent process ended before it "
                           "connected (exit code 1): SystemExit: no interpreter here)\n")


# ----- an OS layer that cannot start a child ----------------------------------------------------------------------
class _Refused(oslayer.ProcessGroup):
    """An OS layer under which no interpreter starts (as an untried Job Object or sandbox profile might)."""

    def command(self, scratch, port):
        return [sys.executable, "-c", "raise SystemExit(7)", "--"]


def test_children_start_without_an_os_layer_that_cannot_start_them_and_the_status_says_so(monkeypatch, bare_site):
    use_host(monkeypatch, "spawn", bare_site)
    monkeypatch.setattr(spawn, "LAYER_FAILED", "")
    monkeypatch.setattr(spawn, "layer", lambda: oslayer.ProcessGroup() if spawn.LAYER_FAILED else _Refused())
    try:
        result, _, _ = play("random", BENCH_MAPS[0])
        assert result.stop_reason == "solved by the agent"
        assert spawn.LAYER_FAILED.startswith("_Refused: the agent process ended before it connected (exit code 7)")
        assert host_layers.status().endswith("(children start without it)")
    finally:
        _drain()


# ----- the app's root changing under a game ---------------------------------------------------------------------
@pytest.mark.parametrize("hosted", ["zygote", "spawn"], indirect=True)
def test_a_python_agent_imports_after_the_apps_root_changed(hosted):
    """A bench writing its --out file in the repository's root changes the root's modification time: Python then
    lists the folder again, which the confined process may not do; the agents' package is imported before."""
    play("random", BENCH_MAPS[0])  # the process (and its imports) there before the root changes
    before = os.stat(ROOT)
    os.utime(ROOT, ns=(before.st_atime_ns, before.st_mtime_ns + 10**9))
    try:
        result, _, _ = play("random", BENCH_MAPS[0])
    finally:
        os.utime(ROOT, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert result.stop_reason == "solved by the agent", result.stop_reason
