"""Desktop app benchmark: prints figures, asserts nothing.

    QT_QPA_PLATFORM=offscreen python benchmarks/gui_bench.py [--games N]

1. start-up: wall time from launching a fresh Python process to the main
   window shown with a map loaded and its board painted (target < 2 s);
2. fastest mode: steps carried out and rendered per second with the speed
   slider at "fastest" (target >= 30 steps/s), over several whole games;
3. GUI-thread blocking (target < 100 ms), two ways: the longest time one of
   the window's handlers (a report of a step, a board repaint) ran on the GUI
   thread, as wall time and as the GUI thread's own CPU time (which leaves out
   waiting for a core or for the GIL on a loaded machine); and the longest gap between ticks of a 1 ms timer on the GUI thread,
   which also counts time the OS did not schedule the process at all (read it
   next to the load average printed with it). For a quick agent at fastest
   speed, a CLIPS agent if one is installed, and an agent that computes 150 ms
   per step.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

MAPS = [ROOT / "maps" / name for name in ("four-known.map", "open-sea.map", "bimaru-example.map")]

STARTUP_CHILD = r"""
import sys, time
sys.path.insert(0, {root!r})
from PyQt5.QtCore import QSettings
from app.gui.app import make_application
from app.gui.interaction import ScriptedInteraction
from app.gui.main_window import MainWindow
app = make_application()
window = MainWindow(settings=QSettings({ini!r}, QSettings.IniFormat), interaction=ScriptedInteraction())
window.load_map({map!r})
window.show()
while window.board.paint_count == 0:
    app.processEvents()
print(time.time())
window.session.shutdown()
"""

SLOW_AGENT = '''
import time
from agents.base import Agent
from app.core import Action, all_cells


class Slow(Agent):
    name = "slow"

    def act(self, observation):
        time.sleep(0.15)
        for cell in all_cells():
            if observation.is_unknown(cell) and cell not in observation.flags:
                return Action.fire(*cell) if observation.fires_left else Action.guess(*cell)
        return Action.solve()


AGENT = Slow
'''


def startup_seconds(runs: int) -> list[float]:
    """Launch-to-window-painted times of fresh processes."""
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        code = STARTUP_CHILD.format(root=str(ROOT), ini=str(Path(tmp) / "s.ini"), map=str(MAPS[0]))
        for _ in range(runs):
            began = time.time()
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            shown = float(done.stdout.strip().splitlines()[-1])
            times.append(shown - began)
    return times


class BlockMeter:
    """Longest gap between ticks of a 1 ms timer on the GUI thread."""

    def __init__(self) -> None:
        from PyQt5.QtCore import QTimer

        self.longest = 0.0
        self._last = time.perf_counter()
        self.timer = QTimer()
        self.timer.setInterval(1)
        self.timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self._last)
        self._last = now

    def start(self) -> None:
        """Start measuring."""
        self.longest = 0.0
        self._last = time.perf_counter()
        self.timer.start()

    def stop(self) -> float:
        """Stop; the longest gap in seconds."""
        self.timer.stop()
        return self.longest


class HandlerTimer:
    """Times the window's GUI-thread handlers by wrapping them (report handling and board repaints)."""

    def __init__(self, window) -> None:
        self.longest = self.longest_cpu = 0.0  # wall time, and CPU time of the GUI thread
        self.agent_seconds: list[float] = []
        session = window.session
        session.reported.disconnect(window._on_report)
        original_report = window._on_report

        def on_report(report) -> None:
            self.agent_seconds.append(report.seconds)
            self._timed(original_report, report)

        session.reported.connect(on_report)
        original_paint = window.board.paintEvent
        window.board.paintEvent = lambda event: self._timed(original_paint, event)

    def _timed(self, function, *args) -> None:
        began, began_cpu = time.perf_counter(), time.thread_time()
        function(*args)
        self.longest = max(self.longest, time.perf_counter() - began)
        self.longest_cpu = max(self.longest_cpu, time.thread_time() - began_cpu)

    def reset(self) -> None:
        """Forget what was measured."""
        self.longest = self.longest_cpu = 0.0
        self.agent_seconds = []


def play_games(app, window, agent: str, games: int, meter: BlockMeter) -> tuple[int, int, float, float]:
    """Play ``games`` whole games at fastest speed; (steps, paints, seconds, longest timer gap)."""
    from PyQt5.QtCore import QEventLoop

    steps = paints = 0
    seconds = 0.0
    longest = 0.0
    window.select_agent(agent)
    window.set_fastest()
    for index in range(games):
        window.load_map(str(MAPS[index % len(MAPS)]))
        app.processEvents()
        paints_before = window.board.paint_count
        meter.start()
        began = time.perf_counter()
        loop = QEventLoop()
        window.game_finished.connect(loop.quit)
        window.run()
        if not window.session.over:
            loop.exec_()
        window.game_finished.disconnect(loop.quit)
        seconds += time.perf_counter() - began
        longest = max(longest, meter.stop())
        steps += window.session.steps_done
        paints += window.board.paint_count - paints_before
    return steps, paints, seconds, longest


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per agent in fastest mode (default 6)")
    parser.add_argument("--startups", type=int, default=3, help="fresh processes for the start-up time (default 3)")
    args = parser.parse_args()

    times = startup_seconds(args.startups)
    print(f"start-up to window shown: median {statistics.median(times):.2f} s, "
          f"worst {max(times):.2f} s over {len(times)} launches (target < 2 s)")

    from PyQt5.QtCore import QSettings

    from app.backends.registry import discover
    from app.gui.app import make_application
    from app.gui.interaction import ScriptedInteraction
    from app.gui.main_window import MainWindow

    app = make_application()
    with tempfile.TemporaryDirectory() as tmp:
        window = MainWindow(settings=QSettings(str(Path(tmp) / "s.ini"), QSettings.IniFormat),
                            interaction=ScriptedInteraction())
        window.resize(1320, 840)
        window.show()
        meter = BlockMeter()
        handlers = HandlerTimer(window)
        agents = ["cross", "random"]
        clips = [name for name, spec in discover().items() if spec.kind == "clips"]
        agents += clips[:1]
        for agent in agents:
            handlers.reset()
            steps, paints, seconds, longest = play_games(app, window, agent, args.games, meter)
            agent_ms = 1000 * statistics.mean(handlers.agent_seconds)
            print(f"fastest mode, {agent}: {steps} steps in {seconds:.2f} s = {steps / seconds:.0f} steps/s rendered "
                  f"({paints / seconds:.0f} board paints/s; the agent and engine took {agent_ms:.1f} ms a step on "
                  f"the worker); longest GUI-thread handler {handlers.longest * 1000:.0f} ms "
                  f"({handlers.longest_cpu * 1000:.0f} ms of CPU), longest timer gap "
                  f"{longest * 1000:.0f} ms (load average {os.getloadavg()[0]:.1f})")
        slow_path = Path(tmp) / "slow_agent.py"
        slow_path.write_text(SLOW_AGENT, encoding="utf-8")
        handlers.reset()
        steps, paints, seconds, longest = play_games(app, window, str(slow_path), 1, meter)
        print(f"agent computing 150 ms a step: {steps} steps in {seconds:.2f} s; longest GUI-thread handler "
              f"{handlers.longest * 1000:.0f} ms ({handlers.longest_cpu * 1000:.0f} ms of CPU), "
              f"longest timer gap {longest * 1000:.0f} ms "
              f"(load average {os.getloadavg()[0]:.1f})")
        print("targets: start-up < 2 s, >= 30 steps/s rendered, GUI thread blocked < 100 ms")
        window.close()


if __name__ == "__main__":
    main()
