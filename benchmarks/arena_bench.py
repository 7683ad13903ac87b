"""The class arena's figures (docs/benchmarks.md): a submission to the leaderboard, pages under load, disk.

For each ``--jobs`` (default 1 and 2) a fresh ``arena serve`` (SQLite, in a temporary folder) is started on the
150 maps of maps/bench with a class of ``--students``; each student in turn submits ``--agent`` (a shipped agent
by default, through ``app.arena.client`` as ``arena submit`` does), and the seconds from the submission to its
row on the leaderboard with every game played are printed. Then ``--readers`` threads (default 50) each read
``--reads`` pages (the leaderboard, ``/api/standings`` and their student's own page, in turn) twice: with the
queue idle, and while another version's games play; the response times' median, 95th percentile and
maximum, and the requests a second, are printed (a page is built at most once every ``FRESH_SECONDS`` for each
reader: see app/arena/web.py), then each page's size and the time to build it anew. Last, the database's size per 1,000 games (the SQLite file
and its write-ahead log, after a clean stop).

    python benchmarks/arena_bench.py [--jobs 1 2] [--maps maps/bench] [--agent agents/cross_agent.py]
                                     [--students 2] [--readers 50] [--reads 20]
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.arena import client  # noqa: E402
from app.arena.web import FRESH_SECONDS  # noqa: E402
from app.cli import run_command  # noqa: E402

_ADDRESS = re.compile(r"serving on (http://\S+/)")


class Arena:
    """``main.py arena serve`` on a free port of 127.0.0.1 in a child process, over a fresh class."""

    def __init__(self, folder: Path, maps: Path, students: int, jobs: int):
        self.folder = folder
        roster = folder / "roster.csv"
        roster.write_text("id,name\n" + "".join(f"s{n:02d},Student {n}\n" for n in range(1, students + 1)))
        self.database = folder / "arena.sqlite3"
        command = [sys.executable, str(ROOT / "main.py"), "arena", "serve", "--maps", str(maps), "--roster",
                   str(roster), "--db", f"sqlite:///{self.database}", "--tokens", str(folder / "tokens.csv"),
                   "--port", "0", "--jobs", str(jobs), "--per-day", "1000"]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=(folder / "server.log").open("w"),
                                        text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        found = None
        while not found and (line := self.process.stdout.readline()):  # after the line naming the tokens file
            found = _ADDRESS.search(line)
        if not found:
            self.process.kill()
            raise SystemExit(f"the arena did not start: {(folder / 'server.log').read_text()}")
        self.address = found.group(1)
        with (folder / "tokens.csv").open() as source:
            self.tokens = {row["identifier"]: row["token"] for row in csv.DictReader(source)}

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(120)


def submit_and_wait(arena: Arena, student: str, agent: str) -> tuple[float, float, float]:
    """Submit ``agent`` as ``student``; (seconds until its row shows every game, seconds until it loaded, seconds
    from queued to done by the server's clock: the games alone, not the leaderboard's up to ``FRESH_SECONDS``)."""
    token = arena.tokens[student]
    start = time.perf_counter()
    answer = client.submit(arena.address, token, [agent])
    loaded = None
    while True:
        version = client.version(arena.address, token, answer["id"])
        if loaded is None and version["phase"] not in ("queued", "loading"):
            loaded = time.perf_counter() - start
        if version["phase"] in ("failed", "stopped"):
            raise SystemExit(f"{agent}: {version['load_error'] or version['stopped']}")
        rows = client.standings(arena.address, token)["rows"]
        if any(row["you"] and row["version"] == version["version"] and row["games"] == answer["games"]
               for row in rows):
            phases = client.version(arena.address, token, answer["id"])["phases"]
            played = datetime.fromisoformat(phases["done"]) - datetime.fromisoformat(phases["queued"])
            return time.perf_counter() - start, loaded, played.total_seconds()
        time.sleep(0.2)


def readers(arena: Arena, count: int, reads: int) -> tuple[list[float], float, int]:
    """``count`` threads each reading ``reads`` pages; (every response's seconds, the wall time, failures)."""
    students = [s for s in arena.tokens if s != "teacher"]
    times: list[float] = []
    failures = [0]
    lock = threading.Lock()

    def read(number: int) -> None:
        student = students[number % len(students)]
        token = arena.tokens[student]
        paths = ["", "api/standings", f"students/{student}"]
        for n in range(reads):
            request = urllib.request.Request(arena.address + paths[n % 3],
                                             headers={"authorization": f"Bearer {token}"})
            start = time.perf_counter()
            try:
                with urllib.request.urlopen(request, timeout=120) as response:
                    response.read()
                    ok = response.status == 200
            except OSError:
                ok = False
            with lock:
                times.append(time.perf_counter() - start)
                failures[0] += not ok

    threads = [threading.Thread(target=read, args=(n,)) for n in range(count)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, time.perf_counter() - start, failures[0]


def load_line(label: str, result: tuple[list[float], float, int]) -> str:
    times, wall, failures = result
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"  {label}: {len(times)} requests, median {statistics.median(times) * 1000:.0f} ms, 95th percentile "
            f"{p95 * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms, {len(times) / wall:.1f} requests/s, "
            f"{failures} failed")


def page_bytes(arena: Arena, path: str) -> int:
    """The size of a page as s01 reads it."""
    request = urllib.request.Request(arena.address + path, headers={"authorization": f"Bearer {arena.tokens['s01']}"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return len(response.read())


def database_bytes(arena: Arena) -> int:
    """The SQLite file and its write-ahead log, in bytes."""
    return sum(path.stat().st_size for path in arena.folder.glob("arena.sqlite3*") if path.is_file())


def games_played(arena: Arena) -> int:
    import sqlite3

    with sqlite3.connect(arena.database) as connection:
        return connection.execute("SELECT COUNT(*) FROM games WHERE state = 'done'").fetchone()[0]


def run(args: argparse.Namespace) -> None:
    maps = Path(args.maps)
    maps_count = len(list(maps.glob("*.map")))
    print(f"maps: {maps} ({maps_count}), agent: {args.agent}, students: {args.students}, "
          f"cores: {os.cpu_count()}")
    for jobs in args.jobs:
        with tempfile.TemporaryDirectory(prefix="arena-bench-") as temporary:
            arena = Arena(Path(temporary), maps, args.students, jobs)
            try:
                print(f"--jobs {jobs}:")
                for number in range(1, args.students + 1):
                    total, loaded, played = submit_and_wait(arena, f"s{number:02d}", args.agent)
                    print(f"  submission {number} -> leaderboard: {total:.1f} s (loaded after {loaded:.1f} s; "
                          f"queued -> done {played:.1f} s)")
                if args.readers:
                    print(load_line(f"{args.readers} readers, queue idle", readers(arena, args.readers, args.reads)))
                    playing = threading.Thread(target=submit_and_wait, args=(arena, "s01", args.agent))
                    playing.start()
                    time.sleep(1.0)
                    print(load_line(f"{args.readers} readers, a version's {maps_count} games playing",
                                    readers(arena, args.readers, args.reads)))
                    playing.join()
                time.sleep(FRESH_SECONDS + 1)  # what was built for the readers is dropped: each page is built anew
                for path in ("", "api/standings", "students/s01"):
                    start = time.perf_counter()
                    size = page_bytes(arena, path)
                    print(f"  /{path}: {size} bytes, built in {(time.perf_counter() - start) * 1000:.0f} ms")
            finally:
                arena.stop()
            games = games_played(arena)
            size = database_bytes(arena)
            print(f"  database: {size / 1e6:.2f} MB for {games} games = {size / games * 1000 / 1e6:.2f} MB per "
                  f"1,000 games")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="worker processes, one run each")
    parser.add_argument("--maps", default=str(ROOT / "maps" / "bench"), help="the hidden maps (default maps/bench)")
    parser.add_argument("--agent", default=str(ROOT / "agents" / "cross_agent.py"), help="what each student submits")
    parser.add_argument("--students", type=int, default=2, help="students, each submitting once (default 2)")
    parser.add_argument("--readers", type=int, default=50, help="concurrent readers (default 50; 0: none)")
    parser.add_argument("--reads", type=int, default=20, help="pages each reader reads (default 20)")
    args = parser.parse_args()
    return run_command(lambda: run(args))


if __name__ == "__main__":
    sys.exit(main())
