"""load-order.txt entries stay inside the agent's folder (docs/sandbox.md, "Inputs an agent must not reach").

The hostile agent ``hostile/load_order_escape/`` lists the teacher's secret map
in its load order: where that was honoured, the map went on the agent process's
reading list and the agent played the oracle. Each way of naming it (``..``, an
absolute path, a symbolic link) must be refused with one line naming the file,
the line and the problem, in ``run``, ``bench`` and ``bench --cluster local``,
and a spec that names an outside file anyway is refused where the driver is made.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.backends.drivers import create_driver
from app.backends.kinds import CLIPS, AgentSpec
from app.backends.registry import LOAD_ORDER, discover, resolve
from app.core import AgentError
from tests.helpers import OPEN_GRID
from tests.paths import ROOT

HOSTILE = Path(__file__).parent / "hostile" / "load_order_escape"
ORACLE = 350  # OPEN_GRID under unito-2019: 5 fires on ships, 15 right flags, 10 ships sunk
WAYS = ("dotdot", "absolute", "symlink")


class Escape:
    """The hostile folder agent copied beside a secret map, its load order naming the map one of ``WAYS``."""

    def __init__(self, tmp_path: Path, way: str):
        self.secret = tmp_path / "secret-maps" / "gen-0001.map"
        self.secret.parent.mkdir()
        self.secret.write_text("\n".join(OPEN_GRID) + "\n")
        self.folder = tmp_path / "submissions" / "load_order_escape"
        self.folder.mkdir(parents=True)
        (self.folder / "agent.clp").write_text((HOSTILE / "agent.clp").read_text().replace("SECRET", str(self.secret)))
        entry = {"dotdot": "../../secret-maps/gen-0001.map", "absolute": str(self.secret), "symlink": "map.clp"}[way]
        if way == "symlink":
            (self.folder / "map.clp").symlink_to(self.secret)
        (self.folder / LOAD_ORDER).write_text((HOSTILE / LOAD_ORDER).read_text().replace("ESCAPE", entry))
        self.line = f"{self.folder / LOAD_ORDER}:3: "

    def refused(self, stderr: str) -> None:
        """``stderr`` is the one-line refusal naming the load order's line 3."""
        assert "Traceback" not in stderr
        lines = stderr.strip().splitlines()
        assert any(line.startswith(f"error: {self.line}") or self.line in line for line in lines), stderr
        said = " ".join(lines)
        assert "outside the agent's folder" in said or "absolute path" in said, stderr


def main_py(*args: str, cwd: Path, timeout: float = 240) -> subprocess.CompletedProcess:
    """``python main.py ARGS`` with a time bound."""
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=timeout, cwd=cwd)


@pytest.mark.parametrize("way", WAYS)
def test_run_refuses_the_agent_instead_of_playing_the_oracle(tmp_path, way):
    escape = Escape(tmp_path, way)
    done = main_py("run", "--agent", str(escape.folder), "--map", str(escape.secret), "--json", "--allow-load-errors",
                   cwd=tmp_path)
    if done.returncode == 0:  # what the unconfined load order allowed: the row scores the oracle
        score = json.loads(done.stdout.splitlines()[-1])["score"]
        pytest.fail(f"the agent played ({way}) and scored {score} (oracle {ORACLE})")
    escape.refused(done.stderr)


@pytest.mark.parametrize("way", WAYS)
def test_bench_of_a_class_refuses_the_agent_and_plays_the_others(tmp_path, way):
    escape = Escape(tmp_path, way)
    out = tmp_path / "r.jsonl"
    done = main_py("bench", "--agents", f"random,{escape.folder.parent}", "--maps", str(escape.secret),
                   "--jobs", "1", "--no-progress", "--out", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    escape.refused(done.stderr)
    assert [json.loads(line)["agent"] for line in out.read_text().splitlines()] == ["random"]


def test_bench_refuses_a_single_agent_before_any_game(tmp_path):
    escape = Escape(tmp_path, "dotdot")
    out = tmp_path / "r.jsonl"
    done = main_py("bench", "--agents", f"random,{escape.folder}", "--maps", str(escape.secret),
                   "--jobs", "1", "--no-progress", "--out", str(out), cwd=tmp_path)
    assert done.returncode != 0, done.stdout
    escape.refused(done.stderr)
    assert not out.exists()


def test_bench_cluster_local_refuses_the_agent_before_any_game(tmp_path):
    pytest.importorskip("distributed", reason="bench --cluster needs dask and distributed")
    escape = Escape(tmp_path, "dotdot")
    out = tmp_path / "r.jsonl"
    done = main_py("bench", "--agents", str(escape.folder), "--maps", str(escape.secret), "--cluster", "local",
                   "--workers", "1", "--no-progress", "--out", str(out), cwd=tmp_path)
    assert done.returncode != 0, done.stdout
    escape.refused(done.stderr)
    assert not out.exists()


class TestEntries:
    """The registry's check, entry by entry: a clear one-line error, file and line."""

    def test_entries_inside_the_folder_load_in_order(self, tmp_path):
        (tmp_path / "sub").mkdir()
        for name in ("a.clp", "sub/b.clp"):
            (tmp_path / name).write_text("; module\n")
        (tmp_path / "c.clp").symlink_to(tmp_path / "a.clp")  # a link that stays inside is the file it names
        (tmp_path / LOAD_ORDER).write_text("sub/b.clp\nsub/../a.clp  # comment\nc.clp\n")
        spec = resolve(str(tmp_path))
        assert spec.paths == ((tmp_path / "sub" / "b.clp").resolve(), (tmp_path / "a.clp").resolve(),
                              (tmp_path / "a.clp").resolve())
        assert spec.folder == tmp_path.resolve()

    @pytest.mark.parametrize(("entry", "problem"), [
        ("../outside.clp", "is outside the agent's folder"),
        ("sub/../../outside.clp", "is outside the agent's folder"),
        ("/etc/hostname", "is an absolute path"),
        ("linked.clp", "is outside the agent's folder"),
    ])
    def test_an_entry_leaving_the_folder_is_refused(self, tmp_path, entry, problem):
        folder = tmp_path / "agent"
        folder.mkdir()
        (folder / "a.clp").write_text("; module\n")
        (tmp_path / "outside.clp").write_text("; not the agent's\n")
        (folder / "linked.clp").symlink_to(tmp_path / "outside.clp")
        (folder / LOAD_ORDER).write_text(f"# order\na.clp\n{entry}\n")
        with pytest.raises(AgentError) as raised:
            resolve(str(folder))
        message = str(raised.value)
        assert "\n" not in message
        assert message.startswith(f"{folder / LOAD_ORDER}:3: {entry} {problem}")

    def test_the_shipped_agents_share_their_library(self):
        for name in ("incrocio", "probabilistico", "bdi"):
            spec = discover()[name]
            assert spec.folder is not None
            assert all(path.is_relative_to(spec.folder) for path in spec.paths)
            assert resolve(str(ROOT / "agents" / "clips" / name)).paths == spec.paths


class TestWhereTheDriverIsMade:
    """The second check: a spec naming a file outside its folder never gets a driver (nor a process)."""

    @pytest.mark.parametrize("sandbox", [True, False], ids=["hosted", "in-process"])
    def test_an_outside_file_is_refused(self, tmp_path, sandbox):
        escape = Escape(tmp_path, "dotdot")
        spec = AgentSpec("sneaky", CLIPS, (escape.folder / "agent.clp", escape.secret),
                         folder=escape.folder)
        with pytest.raises(AgentError, match="not a file inside the agent's folder"):
            create_driver(spec, sandbox=sandbox)

    def test_a_file_swapped_for_a_link_after_resolve_is_refused(self, tmp_path):
        escape = Escape(tmp_path, "dotdot")
        (escape.folder / LOAD_ORDER).write_text("agent.clp\nmap.clp\n")
        (escape.folder / "map.clp").write_text("; harmless when resolved\n")
        spec = resolve(str(escape.folder))
        (escape.folder / "map.clp").unlink()
        (escape.folder / "map.clp").symlink_to(escape.secret)
        with pytest.raises(AgentError, match="not a file inside the agent's folder"):
            create_driver(spec)

    def test_a_shipped_folder_agent_still_starts(self):
        driver = create_driver(resolve("incrocio"))
        try:
            assert driver.name == "incrocio"
        finally:
            driver.close()


def test_the_hostile_agent_plays_the_oracle_where_it_can_read_the_map(tmp_path):
    """Not a straw man: unconfined (``--no-sandbox``) and listing only its rules, it reads the map and plays the oracle."""
    escape = Escape(tmp_path, "dotdot")
    (escape.folder / LOAD_ORDER).write_text("agent.clp\n")
    done = main_py("run", "--no-sandbox", "--agent", str(escape.folder), "--map", str(escape.secret), "--json",
                   cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["score"] == ORACLE
