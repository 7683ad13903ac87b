"""The whole ``grade`` pipeline on a class of 30 submissions x 50 maps, bad ones among them; prints its figures.

The class is made in a temporary folder (or ``--class-dir``) from the repo's agents (each shipped agent as a
student's copy: folder agents with the shared library copied in), tests/data/similarity (the class of disguised
copies and its agents), a course case, the two templates, and three bad submissions: a rule that does not load
(tests/backends/broken_agents/misspelt.clp), an agent that loops for ever (killed by --timeout-per-game), and
an agent that opens a map file by its path (tests/backends/hostile/read_map.py's way: the sandbox refuses it).

    python benchmarks/grade_bench.py [--maps 50] [--jobs 2] [--timeout-per-game 5] [--out DIR]

Prints the wall time of the run, of each part (from the manifest), and the time of the students' pages alone
(per page), then runs it again to show that a second run plays nothing.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOOPS = '''"""Loops for ever on its first step (a student's bug): the bench's --timeout-per-game kills it."""
from agents.base import Agent


class Loop(Agent):
    def act(self, observation):
        while True:
            pass


AGENT = Loop
'''
PEEKS = '''"""Opens the hidden map by its path to read the ships: the sandbox refuses it."""
from agents.base import Agent
from app.core import Action


class Peek(Agent):
    def act(self, observation):
        with open("SECRET", encoding="utf-8") as secret:
            self.log("READ: " + secret.read()[:40])
        return Action.solve()


AGENT = Peek
'''


def make_class(folder: Path, secret_map: Path) -> list[str]:
    """Write the 30 submissions into ``folder``; their names."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("bayes_agent", "cross_agent", "random_agent"):
        (folder / f"shipped-{name.split('_')[0]}").mkdir()
        shutil.copy(ROOT / "agents" / f"{name}.py", folder / f"shipped-{name.split('_')[0]}" / f"{name}.py")
    for name in ("bdi", "incrocio", "probabilistico"):
        target = folder / f"shipped-{name}"
        shutil.copytree(ROOT / "agents" / "clips" / name, target)
        order = (target / "load-order.txt").read_text().replace("../lib/", "lib/")
        (target / "load-order.txt").write_text(order)
        if "lib/" in order:
            shutil.copytree(ROOT / "agents" / "clips" / "lib", target / "lib")
    similarity = ROOT / "tests" / "data" / "similarity"
    for entry in sorted((similarity / "class").iterdir()):
        (shutil.copytree if entry.is_dir() else shutil.copy)(entry, folder / entry.name)
    shutil.copy(similarity / "agents" / "twostage.clp", folder / "twostage.clp")
    shutil.copy(ROOT / "tests" / "data" / "course-cases" / "sixth_fire.clp", folder / "course-sixth-fire.clp")
    shutil.copy(ROOT / "agents" / "templates" / "my_agent.clp", folder / "template-clips.clp")
    shutil.copy(ROOT / "agents" / "templates" / "my_agent.py", folder / "template_python.py")
    shutil.copy(ROOT / "tests" / "backends" / "broken_agents" / "misspelt.clp", folder / "bad-load-error.clp")
    (folder / "bad_hangs.py").write_text(LOOPS)
    (folder / "bad_escape.py").write_text(PEEKS.replace("SECRET", str(secret_map)))
    return sorted(p.name for p in folder.iterdir())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", type=int, default=50, help="maps of maps/bench played (default 50)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout-per-game", type=float, default=5.0)
    parser.add_argument("--out", help="the grade output folder (default: a temporary one)")
    parser.add_argument("--class-dir", help="where to make the class (default: a temporary one)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="grade-bench-"))
    class_dir = Path(args.class_dir) if args.class_dir else work / "class"
    out = Path(args.out) if args.out else work / "out"
    maps_dir = work / "maps"
    maps_dir.mkdir()
    for path in sorted((ROOT / "maps" / "bench").glob("*.map"))[::3][:args.maps]:  # every k0..k4 level
        shutil.copy(path, maps_dir / path.name)
    names = make_class(class_dir, next(maps_dir.iterdir()))
    print(f"class: {len(names)} submissions in {class_dir}; {len(list(maps_dir.iterdir()))} maps; out {out}")
    command = [sys.executable, str(ROOT / "main.py"), "grade", str(class_dir), "--maps", str(maps_dir), "--out",
               str(out), "--jobs", str(args.jobs), "--timeout-per-game", str(args.timeout_per_game),
               "--baseline", "random", "--no-progress"]
    for run in ("first run", "second run (resumed: nothing to play)"):
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        wall = time.perf_counter() - started
        if done.returncode != 0:
            print(done.stderr[-3000:])
            return done.returncode
        manifest = json.loads((out / "manifest.json").read_text())
        seconds = manifest["seconds"]
        pages = len(list((out / "students").glob("*.html")))
        print(f"{run}: wall {wall:.1f} s; games {seconds['games_played_now']:.1f} s, check-agent "
              f"{seconds['check_agent']:.1f} s, coach {seconds['coach']:.1f} s, "
              f"students' pages {seconds['students_pages']:.2f} s for {pages} pages "
              f"({seconds['students_pages'] / max(1, pages):.3f} s a page); games in the report {manifest['games']}")
    sizes = sorted(p.stat().st_size for p in (out / "students").glob("*.html"))
    print(f"pages: {sizes[0] // 1024}-{sizes[-1] // 1024} KiB; gradebook rows "
          f"{len((out / 'gradebook.csv').read_text().splitlines()) - 1}")
    for line in done.stderr.splitlines():
        if "not played" in line or "left out" in line or "flagged" in line:
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
