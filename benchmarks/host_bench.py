"""Benchmark of confinement speed (issue 33): whole games confined against the same games in-process.

    python benchmarks/host_bench.py [--rounds 3] [--bench-maps 30] [--jobs 2] [--random-games 30] [--no-templates]

1. Course-style CLIPS agents: the real-size ones (the shipped agents and the
   template) on the maps of ``maps/`` and the first of ``maps/bench`` (40
   games), then the course cases of ``tests/data/course-cases`` (a few rules
   each) on the maps of ``maps/``: every (agent, map) pair is a game; each
   game is played ``--rounds`` times each way, in-process and confined
   interleaved, and its best time each way is kept (as the issue measured).
   Prints the median and total of both, their ratios and the p90 of the
   per-game ratios (target within 1.15x).
2. The Python baseline agent ``random`` on the same maps, interleaved: the
   median per-game difference confined minus in-process (target at most 2 ms).
3. ``bench`` over ``maps/bench`` (the first ``--bench-maps`` maps) with every
   shipped agent, in-process (``--no-sandbox``) and confined, one after the
   other (target: confined within 1.0x).
4. ``--phases AGENT``: where one game's time goes, in-process and confined (creating the driver, playing, closing;
   the confined process's page faults).
Every confined game starts in a process no agent ran in (docs/sandbox.md, "Speed"); a CLIPS agent's games from
its third on fork from its loaded template (issue 41, docs/sandbox.md "Templates"), but with ``--no-templates``:
run it with and without, one after the other, for the figures before and after. Prints figures, asserts nothing; the
machine's load average is printed too.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.backends import host  # noqa: E402
from app.backends.drivers import create_driver  # noqa: E402
from app.backends.host import layers as host_layers  # noqa: E402
from app.backends.host import warm  # noqa: E402
from app.backends.registry import discover, resolve  # noqa: E402
from app.backends.runner import Match  # noqa: E402
from app.cli import run_command  # noqa: E402
from app.core import PROFILES, Game  # noqa: E402
from app.core.formats import load_map  # noqa: E402

#: real-size course agents (the shipped CLIPS agents and the template), and the course cases (a few rules each)
REAL_AGENTS = ("incrocio", "probabilistico", "bdi", str(ROOT / "agents/templates/my_agent.clp"))
CASE_AGENTS = tuple(str(p) for p in sorted((ROOT / "tests/data/course-cases").glob("*.clp")))


def _busy(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def round_trip_floor(work: float, count: int = 400) -> list[float]:
    """Round trips of a small message over a UNIX socket pair between this process and a forked one (the host's
    channel), each side doing ``work`` seconds of CPU per message first (as the engine and an agent do a step):
    the least a step through another process costs on this machine now."""
    ours, theirs = socket.socketpair()
    pid = os.fork()
    if pid == 0:
        ours.close()
        channel = Connection(theirs.detach())
        for _ in range(count):
            message = channel.recv_bytes()
            _busy(work)
            channel.send_bytes(message)
        os._exit(0)
    theirs.close()
    channel = Connection(ours.detach())
    times = []
    for _ in range(count):
        _busy(work)
        started = time.perf_counter()
        channel.send_bytes(b"x" * 300)
        channel.poll(0.5)
        channel.recv_bytes()
        times.append(time.perf_counter() - started - work)
    os.waitpid(pid, 0)
    return times


def one_game(spec, game_map, profile, sandbox: bool) -> float:
    """Wall time of one whole game, from creating the driver to closing it."""
    started = time.perf_counter()
    match = Match(Game(game_map, profile), create_driver(spec, sandbox=sandbox))
    try:
        match.run()
    finally:
        match.close()
    return time.perf_counter() - started


def paired_games(agents, maps, profile, rounds: int) -> list[tuple[str, float, float]]:
    """(game, best in-process time, best confined time) of each (agent, map), the two ways interleaved."""
    rows = []
    for agent in agents:
        spec = resolve(agent)
        for path in maps:
            game_map = load_map(path)
            one_game(spec, game_map, profile, False)  # warm-up: imports, file cache, a loaded environment
            one_game(spec, game_map, profile, True)  # and a child made ready for the agent's next game
            inside, confined = [], []
            for _ in range(rounds):
                inside.append(one_game(spec, game_map, profile, False))
                confined.append(one_game(spec, game_map, profile, True))
            rows.append((f"{Path(agent).stem}@{path.stem}", min(inside), min(confined)))
    return rows


def phases(spec, maps, profile, sandbox: bool) -> tuple[list[tuple[float, float, float]], list[int]]:
    """Each game's (create, play, close) wall times in turn on ``maps``, and its process's minor page faults (read
    before it is closed): where a game's time goes, in-process or confined."""
    times, faults = [], []
    for path in maps:
        game_map = load_map(path)
        started = time.perf_counter()
        driver = create_driver(spec, sandbox=sandbox)
        created = time.perf_counter()
        match = Match(Game(game_map, profile), driver)
        match.run()
        played = time.perf_counter()
        if sandbox:
            stat = Path(f"/proc/{driver._child.process.pid}/stat").read_text()
            faults.append(int(stat.rsplit(")", 1)[1].split()[7]))
        match.close()
        times.append((created - started, played - created, time.perf_counter() - played))
    return times, faults


def report_phases(agent: str, profile) -> None:
    """Print where a game's time goes, for ``agent`` on 30 maps of maps/bench, from its 4th game on (the first
    make what later games use: a prepared child, a loaded template)."""
    spec = resolve(agent)
    maps = sorted((ROOT / "maps" / "bench").glob("*.map"))[:30]
    for sandbox in (False, True):
        times, faults = phases(spec, maps, profile, sandbox)
        create, play, close = (statistics.median(row[part] for row in times[3:]) * 1000 for part in range(3))
        print(f"4. {agent} {'confined' if sandbox else 'in-process'}, games 4-{len(maps)}: median create "
              f"{create:.1f} ms, play {play:.1f} ms, close {close:.1f} ms"
              + (f", page faults {statistics.median(faults[3:]):.0f}" if faults else ""))


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def report(title: str, rows: list[tuple[str, float, float]], rounds: int) -> None:
    """Print part 1's figures for one group of games."""
    inside = [row[1] for row in rows]
    confined = [row[2] for row in rows]
    ratios = [c / i for _, i, c in rows]
    print(f"1. {title}: {len(rows)} games, best of {rounds} each way: median in-process "
          f"{statistics.median(inside) * 1000:.1f} ms, confined {statistics.median(confined) * 1000:.1f} ms "
          f"= {statistics.median(confined) / statistics.median(inside):.2f}x; total {sum(inside):.3f} s / "
          f"{sum(confined):.3f} s = {sum(confined) / sum(inside):.2f}x; per-game ratio median "
          f"{statistics.median(ratios):.2f}, p90 {p90(ratios):.2f}; median difference "
          f"{statistics.median(c - i for _, i, c in rows) * 1000:+.1f} ms (target within 1.15x)")


def bench_seconds(agents: list[str], maps: list[str], jobs: int, sandbox: bool) -> tuple[float, int, dict]:
    """Wall time of one bench (agent processes on or off), the number of scored games and each agent's median
    game time."""
    from app.tournament.bench import Bench

    host.set_enabled(sandbox)  # the bench's worker processes read it from the environment
    try:
        started = time.perf_counter()
        rows = dict(Bench(agents, maps, jobs=jobs).run())
        seconds = time.perf_counter() - started
        per_agent = {agent: statistics.median(row.seconds for row in rows.values() if row.agent == agent)
                     for agent in agents}
        return seconds, sum(row.scored for row in rows.values()), per_agent
    finally:
        host.set_enabled(None)


def process_floor(namespaces: bool, count: int = 60) -> list[float]:
    """Wall time of forking this process (it imported numpy, clipspy and the drivers, as the zygote does), the
    child moving into a user and a network namespace (``namespaces``) as the host's children do, ending, and
    being reaped: the least a fresh process per game costs here, before confining itself and loading its agent."""
    import ctypes

    from app.backends.host.confine import _CLONE_NEWNET, _CLONE_NEWUSER

    libc = ctypes.CDLL(None, use_errno=True)
    times = []
    for _ in range(count):
        started = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            if namespaces:
                libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET)
            os._exit(0)
        os.waitpid(pid, 0)
        times.append(time.perf_counter() - started)
    return times


def main(argv: list[str] | None = None) -> int:
    """Run the three measures and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="plays of each game each way, best kept (default 3)")
    parser.add_argument("--random-games", type=int, default=30, help="games of random each way in part 2 (default 30)")
    parser.add_argument("--bench-maps", type=int, default=30, help="maps of maps/bench in part 3 (default 30; 0: skip)")
    parser.add_argument("--jobs", type=int, default=2, help="bench worker processes (default 2)")
    parser.add_argument("--rules", default="unito-2019", choices=sorted(PROFILES))
    parser.add_argument("--skip-course", action="store_true", help="skip part 1")
    parser.add_argument("--phases", metavar="AGENT", help="part 4: where AGENT's game time goes (create, play, close)")
    parser.add_argument("--no-templates", dest="templates", action="store_false",
                        help=f"confined games do not fork from loaded templates ({warm.TEMPLATE_VARIABLE}=0): the "
                             "figure before them")
    args = parser.parse_args(argv)
    os.environ[warm.TEMPLATE_VARIABLE] = "1" if args.templates else "0"  # the bench's worker processes inherit it
    profile = PROFILES[args.rules]
    maps = sorted((ROOT / "maps").glob("*.map"))
    real_maps = maps + sorted((ROOT / "maps/bench").glob("*.map"))[:10 - len(maps)]
    print(f"{host_layers.status()}; templates {'on' if args.templates else 'off'}; load average "
          f"{os.getloadavg()[0]:.2f}")
    for work in (0.0, 0.0003):
        trips = round_trip_floor(work)
        print(f"0. the floor: a socket pair round trip to another process, {work * 1e6:.0f} us of work each side "
              f"a message: median {statistics.median(trips) * 1e6:.0f} us, p90 {p90(trips) * 1e6:.0f} us "
              f"(work not counted)")
    import app.backends.clips.driver  # noqa: F401  (what the zygote imports, for the fork's cost)
    for namespaces in (False, True):
        forks = process_floor(namespaces)
        print(f"0. the floor: a fresh process (fork, {'namespaces, ' if namespaces else ''}exit, reap): median "
              f"{statistics.median(forks) * 1000:.2f} ms, p90 {p90(forks) * 1000:.2f} ms")
    if not args.skip_course:
        for title, agents, on in (("real-size course agents", REAL_AGENTS, real_maps),
                                  ("course cases", CASE_AGENTS, maps)):
            report(title, paired_games(agents, on, profile, args.rounds), args.rounds)
    if args.random_games:
        spec = resolve("random")
        one_game(spec, load_map(maps[0]), profile, False)
        one_game(spec, load_map(maps[0]), profile, True)
        differences, inside, confined = [], [], []
        for index in range(args.random_games):
            game_map = load_map(maps[index % len(maps)])
            i = one_game(spec, game_map, profile, False)
            c = one_game(spec, game_map, profile, True)
            inside.append(i)
            confined.append(c)
            differences.append(c - i)
        print(f"2. random: {args.random_games} games each way: median in-process {statistics.median(inside) * 1000:.2f} ms, "
              f"confined {statistics.median(confined) * 1000:.2f} ms; median difference "
              f"{statistics.median(differences) * 1000:+.2f} ms (target at most +2 ms)")
    if args.bench_maps:
        agents = sorted(discover())
        bench_maps = [str(p) for p in sorted((ROOT / "maps" / "bench").glob("*.map"))[:args.bench_maps]]
        before, scored_before, games_before = bench_seconds(agents, bench_maps, args.jobs, False)
        after, scored_after, games_after = bench_seconds(agents, bench_maps, args.jobs, True)
        print(f"3. bench, {len(agents)} agents x {len(bench_maps)} maps of maps/bench, {args.jobs} workers: in-process "
              f"{before:.1f} s ({scored_before} scored), confined {after:.1f} s ({scored_after} scored) "
              f"= {after / before:.2f}x (target within 1.0x)")
        print("   median game in bench, in-process / confined: " + ", ".join(
            f"{agent} {games_before[agent] * 1000:.0f} / {games_after[agent] * 1000:.0f} ms" for agent in agents))
    if args.phases:
        report_phases(args.phases, profile)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))
