"""What one step back costs: the game played again from its start to the position before (prints, asserts nothing).

    python benchmarks/stepback_bench.py [--rounds 5] [--in-process]

One bdi game (maps/bench/k0-0003.map, agent parameter max-age=20, rules unito-2019: 54 steps, about 5,100 rule
firings) is played forward with the trace on, as the GUI plays it. Then, at two positions — inside the turn of
the step where about 1,000 firings have been made, and inside the last step's turn (about 5,000) — one step back
is timed as the GUI's worker does it: the game in hand closed, a fresh driver made (in the agent host unless
``--in-process``), the game played again to the position one rule firing before, the driver's facts read (what
the Facts tab shows); through the standby, the game in hand is closed after that, as the GUI does. Three ways, taking turns, ``--rounds`` times each:

- ``standby``: what the GUI does: a second game kept at the start of the step before (``rewind.Standby``,
  brought there between steps, not timed) is played on to the position: one step untraced, the turn traced;
- ``untraced``: the game played again from its start, the steps before the position untraced (their traces were
  recorded on the way forward), the trace begun at the position's step (``app.analysis.rewind.replay``; what the
  GUI does when the standby is not ready, e.g. right after a step back);
- ``traced``: the whole game played again with the trace on from its start (no optimisation).

Every way's state reached (the turn's trace so far, every fact) is checked equal. Prints the median and the
lowest time per position and way, and what keeping the standby costs per step (playing one step, untraced).
Target: at most 150 ms.

``--gui`` times it in the main window instead (offscreen): the same game played there step by step to the two
positions (two rule firings into the turn), then Rule back (Shift+F11), from the key press to the window showing
the position (the board, the Facts and Rules tabs updated), and Step rule forward again, ``--rounds`` times;
before each press the standby has caught up (as it has while one looks at the window).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.analysis.rewind import Position, Standby, replay  # noqa: E402
from app.backends.base import PauseRequest  # noqa: E402
from app.backends.drivers import create_driver  # noqa: E402
from app.backends.registry import resolve  # noqa: E402
from app.backends.runner import Match  # noqa: E402
from app.backends.step_checks import CheckedDriver  # noqa: E402
from app.core import PROFILES, Game  # noqa: E402
from app.core.formats import load_map  # noqa: E402

MAP = ROOT / "maps" / "bench" / "k0-0003.map"
AGENT, PARAMS = "bdi", {"max-age": "20"}
SPEC = resolve(AGENT)  # the GUI's worker has it in hand
PLACES = (1_000, 5_000)  # firings made before the position (about)


def new_match(sandbox: bool, tracing: bool) -> Match:
    """A fresh game and driver as the GUI's worker makes them (the live protocol checks around the driver)."""
    game_map = load_map(MAP)
    driver = CheckedDriver(create_driver(SPEC, seed=0, sandbox=sandbox), game_map.name, "unito-2019",
                           timing=False)
    driver.tracing = tracing
    return Match(Game(game_map, PROFILES["unito-2019"]), driver, params=PARAMS, markers=True)  # as the window


def forward(sandbox: bool) -> tuple[Match, list[tuple[int, int]]]:
    """The game played with the trace on; (step, rule firings of its turn) of each step."""
    match = new_match(sandbox, True)
    turns = []
    match.on_trace = lambda trace: turns.append((trace.step, len(trace.firings)))
    match.run()
    return match, turns


def position_at(turns: list[tuple[int, int]], firings: int) -> Position:
    """Inside the turn of the step where ``firings`` rule firings are reached (the middle of that turn)."""
    made = 0
    for step, fired in turns:
        if made + fired >= firings or step == turns[-1][0]:
            return Position(step, max(1, fired // 2))
        made += fired
    raise ValueError("no turns")


def go_to(target: Position, played, sandbox: bool, way: str, standby: Standby | None) -> tuple[Match, tuple]:
    """A match played to ``target`` (a fresh one, or ``standby``'s); what it shows there (the turn's trace, the
    facts)."""
    if way == "standby":
        match, reached = standby.take(target, played, tracing=True)
        pause = reached.pause
        return match, (pause.trace if pause is not None else None, tuple(match.driver.working_memory()))
    traced = way == "traced"
    match = new_match(sandbox, traced)
    if traced:
        match.start()
        while len(match.game.events) < target.step:
            match.step()
        pause = match.advance(PauseRequest(target.fired)) if target.fired else None
    else:
        pause = replay(match, target, played, tracing=True).pause
    return match, (pause.trace if pause is not None else None, tuple(match.driver.working_memory()))


def gui_times(rounds: int) -> None:
    """Rule back in the main window (see the module docstring)."""
    import tempfile

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PyQt5.QtCore import QSettings

    from app.gui.app import make_application
    from app.gui.main_window import MainWindow

    app = make_application()
    folder = tempfile.TemporaryDirectory()
    window = MainWindow(settings=QSettings(str(Path(folder.name) / "settings.ini"), QSettings.IniFormat))
    window.show()
    session = window.session
    session.params = dict(PARAMS)

    def wait(done, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            if time.monotonic() > deadline:
                raise SystemExit("the window did not get there in time")
            app.processEvents()
            time.sleep(0.001)

    def standby_ready() -> bool:  # read across threads: a benchmark's look, not the app's
        match = session._worker.standby.match
        return match is not None and len(match.game.events) == session.steps_done - 1

    window.load_map(str(MAP))
    window.select_agent(AGENT)
    print(f"the main window, offscreen; load average {os.getloadavg()[0]:.1f}")
    for place in (17, 53):  # the steps where about 1,000 and 5,000 firings are made
        while session.steps_done < place:
            window.step()
            wait(lambda: not session.busy and session.started and session.ready)
        for fired in (1, 2):
            window.step_rule()
            wait(lambda fired=fired: not session.busy and session.paused_turn is not None
                 and session.paused_turn.fired == fired)
        seconds = []
        for _ in range(max(1, rounds)):
            wait(standby_ready)
            started = time.perf_counter()
            window.controls.back_rule_action.trigger()
            wait(lambda: not session.busy and session.paused_turn is not None and session.paused_turn.fired == 1)
            seconds.append(time.perf_counter() - started)
            window.step_rule()
            wait(lambda: not session.busy and session.paused_turn is not None and session.paused_turn.fired == 2)
        print(f"Rule back inside step {place}'s turn: median {statistics.median(seconds) * 1000:6.1f} ms, lowest "
              f"{min(seconds) * 1000:6.1f} ms")
        window.step()
        wait(lambda: not session.busy and session.paused_turn is None)
    session.shutdown()
    window.close()
    folder.cleanup()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="step backs per position and way (default 5)")
    parser.add_argument("--in-process", action="store_true", help="the agent in this process (default: the agent "
                                                                   "host, as the app runs it)")
    parser.add_argument("--gui", action="store_true", help="time Rule back in the main window (offscreen)")
    args = parser.parse_args(argv)
    if args.gui:
        gui_times(args.rounds)
        return 0
    sandbox = not args.in_process
    straight, turns = forward(sandbox)
    played = straight.game.events
    firings = sum(fired for _, fired in turns)
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}; {AGENT} {PARAMS} on {MAP.name}: {len(played)} steps, {firings} rule firings "
          f"traced; agent {'in the agent host' if sandbox else 'in-process'}")
    straight.close()
    current = None
    for place in PLACES:
        now = position_at(turns, place)
        target = Position(now.step, now.fired - 1)
        before = sum(fired for step, fired in turns if step < target.step) + target.fired
        expected = None
        times: dict[str, list[float]] = {"standby": [], "untraced": [], "traced": []}
        follow: list[float] = []
        for _ in range(max(1, args.rounds)):
            for way in times:
                standby = None
                if way == "standby":  # between steps, in the GUI: the standby a step behind the game
                    standby = Standby(lambda: new_match(sandbox, False))
                    standby.follow(played[:target.step - 1])
                    started = time.perf_counter()
                    standby.follow(played[:target.step])
                    follow.append(time.perf_counter() - started)
                started = time.perf_counter()
                if current is not None and way != "standby":  # the GUI closes it once the position is shown
                    current.close()
                new, state = go_to(target, played, sandbox, way, standby)
                times[way].append(time.perf_counter() - started)
                if current is not None and way == "standby":
                    current.close()
                current = new
                expected = expected or state
                if state != expected:
                    raise SystemExit(f"the state reached at {target} differs between the runs")
        for way, seconds in times.items():
            print(f"back to step {target.step}, firing {target.fired} of its turn ({before:5d} firings before): "
                  f"{way:<8} median {statistics.median(seconds) * 1000:6.1f} ms, lowest {min(seconds) * 1000:6.1f} ms")
        print(f"  the standby following the game one step: median {statistics.median(follow) * 1000:.1f} ms")
    if current is not None:
        current.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
