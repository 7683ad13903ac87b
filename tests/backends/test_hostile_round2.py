"""The second round of hostile agents (issue 27; docs/sandbox.md, "Threat model"): each one did harm before the
agent host's second round of confinement, each test shows it no longer does.

Every command runs in a session of its own (an agent that signals its parent's process group reaches no
process of the test's), under a time limit, with its own temporary folder; the only processes a test ends
are those it started (found by a working directory inside the test's own temporary folder).
"""

from __future__ import annotations

import json
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.backends import host
from app.backends.drivers import create_driver
from app.backends.registry import resolve
from app.backends.runner import MAX_BYTES, MAX_FILE_NOTES, Match
from app.core import Game
from app.core.formats import load_map
from tests.backends.test_sandbox import Setting, needs_linux
from tests.paths import ROOT

pytestmark = needs_linux


def listening() -> str:
    """The TCP ports listening on this machine now, as Python set items (the socket agent leaves them alone)."""
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as lines:
            ports |= {int(line.split()[1].rsplit(":", 1)[1], 16) for line in list(lines)[1:] if line.split()[3] == "0A"}
    return ",".join(map(str, sorted(ports)))


def hostile(tmp_path: Path, name: str, port: int = 0, **words: str) -> Setting:
    """``Setting`` for a hostile agent, with its other placeholders (``VALUE``, ``MODE``, ``SKIP``) replaced."""
    setting = Setting(tmp_path, name, port=port)
    words.setdefault("SKIP", listening())
    text = setting.agent.read_text()
    for word, value in words.items():
        text = text.replace(word, value)
    setting.agent.write_text(text)
    return setting


def command(tmp_path: Path, *args: str, timeout: float = 120, preexec=None) -> subprocess.CompletedProcess:
    """``main.py ARGS`` in a session of its own, its temporary folder ``tmp_path/tmp``; fails the test when it
    outlives ``timeout`` (its whole session is ended: only what the test started)."""
    temporary = tmp_path / "tmp"
    temporary.mkdir(exist_ok=True)
    environment = dict(os.environ, TMPDIR=str(temporary))
    process = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=environment,
                               start_new_session=True, preexec_fn=preexec)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        end_agents_in(temporary)
        pytest.fail(f"main.py {' '.join(args)} ran over {timeout} s")
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def run_json(tmp_path: Path, setting: Setting, *extra: str, timeout: float = 120, preexec=None) -> tuple[dict, str]:
    """``run --json`` of the setting's agent on its map: (the result, everything printed)."""
    done = command(tmp_path, "run", "--agent", str(setting.agent), "--map", str(setting.secret), "--json", *extra,
                   timeout=timeout, preexec=preexec)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said[-3000:]
    assert "Traceback" not in said
    return json.loads(done.stdout.splitlines()[-1]), said


def bench_rows(tmp_path: Path, agents: list[str], maps: list[Path], *extra: str, timeout: float = 240) -> list[dict]:
    """``bench`` (in a session of its own): its rows from ``--out``."""
    out = tmp_path / "results.json"
    done = command(tmp_path, "bench", "--agents", ",".join(agents), "--maps", *map(str, maps), "--out", str(out),
                   "--no-progress", *extra, timeout=timeout)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    return json.loads(out.read_text())["rows"]


def agents_in(folder: Path) -> list[int]:
    """Processes whose working directory lies inside ``folder`` (agent processes the test started)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if Path(os.readlink(entry / "cwd")).is_relative_to(folder):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def end_agents_in(folder: Path) -> list[int]:
    """Wait up to 5 s for the agent processes inside ``folder`` to end; SIGKILL those left (the test's own)."""
    deadline = time.monotonic() + 5
    while agents_in(folder) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = agents_in(folder)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return left


@pytest.fixture
def listener():
    """A port on this machine the socket agents aim at; the test checks nobody connected."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(5)
        sock.settimeout(0.2)
        yield sock


def nobody_connected(listener) -> None:
    with pytest.raises(TimeoutError):
        listener.accept()


def no_socket(reason: str) -> None:
    assert "connected" not in reason, reason
    assert "io_uring refused" in reason, reason


# ----- 1. sockets through io_uring ------------------------------------------------------------------------
def test_io_uring_sockets_through_run(tmp_path, listener):
    setting = hostile(tmp_path, "io_uring_connect.py", port=listener.getsockname()[1])
    result, _ = run_json(tmp_path, setting, "--step-timeout", "5")
    no_socket(result["stop_reason"])
    nobody_connected(listener)


def test_io_uring_sockets_through_bench(tmp_path, listener):
    setting = hostile(tmp_path, "io_uring_connect.py", port=listener.getsockname()[1])
    rows = bench_rows(tmp_path, [str(setting.agent), "random"], [setting.secret], "--jobs", "1")
    row = next(row for row in rows if row["agent"] != "random")
    no_socket(row["stop_reason"] or row["error"])
    nobody_connected(listener)


def test_io_uring_cannot_reach_the_dask_scheduler(tmp_path, listener):
    """Under ``--cluster local`` the scheduler listens on 127.0.0.1 in the teacher's bench process: the agent
    looks for every listening port and connects through io_uring."""
    pytest.importorskip("distributed")
    setting = hostile(tmp_path, "io_uring_connect.py", port=listener.getsockname()[1])
    rows = bench_rows(tmp_path, [str(setting.agent), "random"], [setting.secret], "--cluster", "local",
                      "--workers", "1")
    assert len(rows) == 2, rows
    row = next(row for row in rows if row["agent"] != "random")
    no_socket(row["stop_reason"] or row["error"])
    random_row = next(row for row in rows if row["agent"] == "random")
    assert not random_row["error"] and random_row["status"] != "failed", random_row
    nobody_connected(listener)


def test_the_child_sees_no_network_and_little_environment(tmp_path, monkeypatch):
    """The child's own namespace has no interface up; its environment names none of the app's folders (a
    teacher's PYTHONPATH may lead to the secret maps)."""
    from app.backends.host.environment import KEPT_ENVIRONMENT, child_environment

    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "secret"))
    assert str(tmp_path) not in " ".join(child_environment().values())
    setting = hostile(tmp_path, "exit3.py")
    driver = create_driver(resolve(str(setting.agent)))
    try:
        assert "namespaces" in driver.confinement()
        pid = driver._child.process.pid
        assert os.readlink(f"/proc/{pid}/ns/net") != os.readlink("/proc/self/ns/net")
        environment = dict(item.decode().split("=", 1) for item in
                           Path(f"/proc/{pid}/environ").read_bytes().split(b"\0") if item)
        own = {"PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "PYTHONNOUSERSITE", "PYTHONPATH"}
        assert set(environment) <= set(KEPT_ENVIRONMENT) | own, environment
    finally:
        driver.close()


# ----- 2. a CLIPS agent writing into its request channel ---------------------------------------------------
def test_clips_agent_cannot_write_requests_to_its_own_process(tmp_path):
    setting = hostile(tmp_path, "clips_inject.clp")
    result, log, match = setting.play()
    assert "injected.txt" not in match.written_files, "Python ran in the CLIPS agent's process"
    assert result.stop_reason == "solved by the agent"
    assert any("could not reopen the request channel" in line for line in log), log


def test_clips_agent_cannot_write_requests_through_run(tmp_path):
    setting = hostile(tmp_path, "clips_inject.clp")
    log = tmp_path / "game.jsonl"
    result, said = run_json(tmp_path, setting, "--log", str(log))
    assert result["stop_reason"] == "solved by the agent"
    assert "could not reopen the request channel" in said and "injected.txt" not in said
    assert not (tmp_path / "game.agent-files" / "injected.txt").exists()


def test_a_forged_request_is_refused_by_the_codec():
    """Even a request that reached the child could name no class but the protocol's, and holds no pickle."""
    from app.backends.host.protocol import pack, unpack

    pickled = b"\x80\x04cbuiltins\nexec\n(Vprint(1)\ntR."
    with pytest.raises(ValueError):
        unpack(pickled)
    import marshal

    with pytest.raises(ValueError, match="unknown tag"):
        unpack(marshal.dumps(("call", ("\0Popen", ("echo",)))))
    assert unpack(pack("call", (("start", (), {}), [], True)))[0] == "call"


# ----- 3. signals through a descriptor's owner ------------------------------------------------------------
def test_fcntl_owner_signals_nothing_through_run(tmp_path):
    setting = hostile(tmp_path, "fcntl_owner.py")
    result, said = run_json(tmp_path, setting, "--step-timeout", "5")
    assert result["stop_reason"] == "solved by the agent"
    assert "asked the kernel" not in said and "refused" in said, said


def test_fcntl_owner_signals_nothing_through_bench(tmp_path):
    setting = hostile(tmp_path, "fcntl_owner.py")
    rows = bench_rows(tmp_path, [str(setting.agent), "random"], [setting.secret], "--jobs", "1")
    assert len(rows) == 2 and all(row["status"] != "timeout" for row in rows), rows
    assert next(row for row in rows if row["agent"] != "random")["stop_reason"] == "solved by the agent"


# ----- 4. declared k-cells from a Python agent ------------------------------------------------------------
def test_python_agent_declaring_cells_learns_nothing(tmp_path):
    setting = hostile(tmp_path, "declare_cells.py")
    result, log, _ = setting.play()
    said = " ".join(log)
    assert "patched 1 drivers" in said, said
    assert all(not event.declared and not event.declared_before for event in result.events)
    start_known = len(Game(load_map(setting.secret)).observation().known)
    learned = int(said.split("learned ")[1].split()[0])
    assert learned <= start_known + 1, said  # its own fire, nothing more


def test_python_agent_declaring_cells_learns_nothing_through_run(tmp_path):
    setting = hostile(tmp_path, "declare_cells.py")
    result, said = run_json(tmp_path, setting)
    assert "patched 1 drivers" in said
    start_known = len(Game(load_map(setting.secret)).observation().known)
    assert int(said.split("learned ")[1].split()[0]) <= start_known + 1, said
    assert result["actions"] and all("declared" not in action for action in result["actions"])


# ----- 7. hangs -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["None", "nan"])
def test_the_app_owns_the_step_cap(tmp_path, value):
    setting = hostile(tmp_path, "step_cap.py", VALUE=value)
    result, _ = run_json(tmp_path, setting, "--step-timeout", "1", timeout=60)
    assert "its process was ended" in result["stop_reason"], result["stop_reason"]


def test_end_of_channel_while_the_child_lives_does_not_hang(tmp_path):
    setting = hostile(tmp_path, "dup_null.py")
    result, _ = run_json(tmp_path, setting, "--step-timeout", "2", timeout=60)
    assert "agent process was ended" in result["stop_reason"] or "took more than" in result["stop_reason"], result
    assert not agents_in(tmp_path / "tmp")


# ----- 8. orphans and leaked scratch folders --------------------------------------------------------------
@pytest.mark.parametrize("cluster", [(), ("--cluster", "local", "--workers", "1")], ids=["bench", "cluster"])
def test_a_killed_worker_leaves_no_agent_process_nor_folder(tmp_path, cluster):
    if cluster:
        pytest.importorskip("distributed")
    setting = hostile(tmp_path, "pdeathsig.py")
    temporary = tmp_path / "tmp"
    bench_rows(tmp_path, [str(setting.agent)], [setting.secret], "--timeout-per-game", "4", "--step-timeout", "60",
               *(cluster or ("--jobs", "1")), timeout=300)
    left = end_agents_in(temporary)
    assert not left, f"{len(left)} agent processes outlived their killed worker"
    # a later app process sweeps what the killed ones left
    done = command(tmp_path, "run", "--agent", "random", "--map", str(setting.secret))
    assert done.returncode == 0, done.stderr
    stale = [path.name for path in temporary.iterdir() if path.name.startswith("battleship-agent")]
    assert not stale, stale


def test_the_sweep_ends_the_children_of_an_app_process_that_died(tmp_path):
    """The second layer behind the death signal: a later app process ends the recorded children of one that
    died (only a process whose pid and start time match its record) and removes its folder."""
    from app.backends.host import scratch

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        folder = tmp_path / f"battleship-agents-{gone.pid}-1"
        (folder / "agent-x" / "deep").mkdir(parents=True)
        (folder / f"{sleeper.pid}.child").write_text(scratch._start_time(sleeper.pid))
        (folder / "99999999.child").write_text("12345")  # a record of a process long gone: nothing is signalled
        assert scratch.sweep(tmp_path) == [sleeper.pid]
        assert sleeper.wait(5) == -signal.SIGKILL
        assert not folder.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


# ----- 9. crash and resources -----------------------------------------------------------------------------
def test_a_deep_folder_tree_is_read_and_removed(tmp_path):
    setting = hostile(tmp_path, "deep_tree.py")
    result, said = run_json(tmp_path, setting, "--step-timeout", "10")
    assert result["stop_reason"] == "solved by the agent"
    assert "leaf.txt (5 bytes)" in said
    assert not list((tmp_path / "tmp").iterdir())


@pytest.mark.parametrize("mode", ["bytes", "files"])
def test_the_scratch_folder_has_a_quota(tmp_path, mode):
    setting = hostile(tmp_path, "disk_fill.py", MODE=mode)
    result, _, _ = setting.play(step_seconds=20)
    assert "in its scratch folder" in result.stop_reason and "process was ended" in result.stop_reason, result


@pytest.mark.parametrize("sandbox", [True, False], ids=["host", "no_sandbox"])
@pytest.mark.parametrize("name", ["printout_flood.py", "printout_flood.clp"])
def test_printout_is_capped_in_bytes(tmp_path, name, sandbox):
    setting = hostile(tmp_path, name)
    host.set_enabled(sandbox)
    try:
        game = Game(load_map(setting.secret))
        log: list[str] = []
        match = Match(game, create_driver(resolve(str(setting.agent)), step_seconds=20), on_log=log.append)
        try:
            match.run()
        finally:
            match.close()
    finally:
        host.set_enabled(None)
    steps = len(game.events)
    assert sum(map(len, log)) < steps * (MAX_BYTES + 4096), sum(map(len, log))
    assert any("KiB of printout per step" in line for line in log)


def test_hard_limits_and_scheduling_are_not_the_agents(tmp_path):
    """The app runs with a finite hard memory limit (as under Slurm or ``ulimit -H -v``), as root may: the agent
    can raise neither its memory limit, nor its priority."""
    def finite_hard_limit():
        resource.setrlimit(resource.RLIMIT_AS, (64 << 30, 64 << 30))

    setting = hostile(tmp_path, "limits_raise.py")
    result, said = run_json(tmp_path, setting, "--step-timeout", "5", preexec=finite_hard_limit)
    assert result["stop_reason"] == "solved by the agent"
    for refused in ("raising the memory limit refused", "real-time scheduling refused", "negative nice refused"):
        assert refused in said, said


# ----- 10. the notes of the files written -----------------------------------------------------------------
def test_file_notes_are_capped_and_give_real_sizes(tmp_path):
    setting = hostile(tmp_path, "files_spam.py")
    result, log, match = setting.play(step_seconds=20)
    assert result.stop_reason == "solved by the agent"
    wrote = [line for line in log if line.startswith("the agent wrote")]
    assert len(wrote) == MAX_FILE_NOTES + 1, len(wrote)
    assert "the agent wrote big2.bin (12582912 bytes, 4194304 kept)" in wrote
    assert wrote[-1] == f"the agent wrote {902 - MAX_FILE_NOTES} more files"


def test_the_apps_default_caps_are_the_drivers():
    from app.backends.host.driver import DEFAULT_CAPS
    from app.backends.python_runner import DEFAULT_STEP_SECONDS

    pytest.importorskip("clips")
    from app.backends.clips.running import DEFAULT_TIME_LIMIT

    assert DEFAULT_CAPS == {"python": DEFAULT_STEP_SECONDS, "clips": DEFAULT_TIME_LIMIT}



# ----- each layer on its own (the others off): two independent layers per class of attack --------------------
LAYER_SCRIPT = """
import fcntl, os, signal, socket, sys
sys.path.insert(0, {root!r})
from pathlib import Path
from app.backends.host import confine, landlock
layer, port, sleeper = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if layer == "landlock":
    landlock.restrict([Path(sys.prefix), Path("/usr/lib"), Path("/lib")], [Path.cwd()])
elif layer == "seccomp":
    assert confine.apply_seccomp() == ""
elif layer == "namespaces":
    assert confine.isolate() == ""
said = []
if layer != "namespaces":  # namespaces keep no signal from a process of the same user: not that layer's job
    try:
        os.kill(sleeper, 0)
        said.append("may signal")
    except PermissionError:
        said.append("signal refused")
    read, write = os.pipe()
    try:
        fcntl.fcntl(read, fcntl.F_SETOWN, sleeper)
        fcntl.fcntl(read, 10, int(signal.SIGKILL))  # F_SETSIG
        fcntl.fcntl(read, fcntl.F_SETFL, fcntl.fcntl(read, fcntl.F_GETFL) | os.O_ASYNC)
        os.write(write, b"x")
        said.append("owner set")
    except PermissionError:
        said.append("owner refused")
try:
    with socket.create_connection(("127.0.0.1", port), timeout=2):
        said.append("connected")
except OSError as exc:
    said.append("connect refused")
print(" ".join(said))
"""


@pytest.mark.parametrize(("layer", "stops"), [
    ("landlock", {"signal refused", "connect refused"}),  # ABI 6 scoping (also the owner's SIGIO), ABI 4 TCP
    ("seccomp", {"signal refused", "owner refused", "connect refused"}),
    ("namespaces", {"connect refused"}),
])
def test_each_layer_alone(tmp_path, listener, layer, stops):
    """One layer applied in a process of the test's own; it aims at the test's listener and at a ``sleep`` the
    test started (the only process it may signal: if the layer fails, only that one dies)."""
    from app.backends.host import landlock

    if layer == "landlock" and landlock.abi_version() < 6:
        pytest.skip("this kernel's Landlock has no signal scoping (ABI 6)")
    script = tmp_path / "layer.py"
    script.write_text(LAYER_SCRIPT.format(root=str(ROOT)))
    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        done = subprocess.run([sys.executable, str(script), layer, str(listener.getsockname()[1]), str(sleeper.pid)],
                              capture_output=True, text=True, timeout=60, cwd=tmp_path)
        said = done.stdout.strip()
        assert done.returncode == 0, done.stderr
        assert all(words in said for words in stops), said
        time.sleep(0.2)
        assert sleeper.poll() is None, "the owner's signal reached the test's process"
        nobody_connected(listener)
    finally:
        sleeper.kill()
        sleeper.wait()
