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
   per step;
4. a 500-firing step on screen (target < 50 ms): a CLIPS agent written for it
   fires 500 rules each step; with the Rules tab shown, the longest
   GUI-thread handler over steps played, a turn paused at a breakpoint after
   497 firings, and the user's work on the list (typing a rule filter,
   picking a module, picking a firing).
   ``--trace-only`` measures this part alone.
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
while window.view.board.paint_count == 0:
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


# 500 rule firings a step: go-on-agent, begin, spin x 495, act, go-on-env, take-exec
BUSY_AGENT = """(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deftemplate counter (slot step) (slot n))
(defrule begin (declare (salience 60)) (status (step ?s) (currently running)) (not (counter (step ?s)))
  => (assert (counter (step ?s) (n 0))))
(defrule spin (declare (salience 50)) (status (step ?s) (currently running))
  ?c <- (counter (step ?s) (n ?n&:(< ?n 495))) => (modify ?c (n (+ ?n 1))))
(defrule act (declare (salience 10)) (status (step ?s) (currently running)) (moves (guesses ?g&:(> ?g 0)))
  (counter (step ?s) (n 495))
  => (assert (exec (step ?s) (action guess) (x (mod ?s 10)) (y (div ?s 10)))) (pop-focus))
"""


def wait_idle(app, window, steps_done: int | None = None) -> None:
    """Process events until the session has no request in hand (and ``steps_done`` steps, if given)."""
    while window.session.busy or (steps_done is not None and window.session.steps_done < steps_done):
        app.processEvents()
        time.sleep(0.001)


def busy_step_figures(app, window, handlers: HandlerTimer, folder: Path, steps: int) -> None:
    """Print the longest GUI-thread handler with a 500-firing step on screen (section 4 of the docstring)."""
    path = folder / "busy.clp"
    path.write_text(BUSY_AGENT, encoding="utf-8")
    window.load_map(str(MAPS[0]))
    window.select_agent(str(path))
    from app.gui.main_tabs import RulesTab

    panel = window.tabs.panel(RulesTab).panel
    window.tabs.setCurrentWidget(panel)
    app.processEvents()
    handlers.reset()
    for done in range(1, steps + 1):
        window.step()
        wait_idle(app, window, done)
    fired = len(panel.shown.firings) if panel.shown is not None else 0
    stepping, stepping_cpu = handlers.longest, handlers.longest_cpu
    handlers.reset()
    panel.breaks.set_names({"AGENT::act"})
    window.step()
    wait_idle(app, window)
    paused = window.session.paused_turn
    pausing, pausing_cpu = handlers.longest, handlers.longest_cpu
    handlers.reset()
    for text in ("s", "sp", "spi", "spin", ""):
        handlers._timed(panel.filter_edit.setText, text)
    for module in ("AGENT", "MAIN", "All modules"):
        handlers._timed(panel.module_box.setCurrentText, module)
    handlers._timed(panel.firings.setCurrentItem, panel.firings.topLevelItem(250))
    handlers._timed(app.processEvents)
    print(f"a {fired}-firing step on screen (Rules tab shown), {steps} steps: longest GUI-thread handler "
          f"{stepping * 1000:.0f} ms ({stepping_cpu * 1000:.0f} ms of CPU); a turn paused at a breakpoint after "
          f"{paused.fired if paused else '?'} firings: {pausing * 1000:.0f} ms ({pausing_cpu * 1000:.0f} ms of CPU); "
          f"filtering, picking a module, picking a firing: {handlers.longest * 1000:.0f} ms "
          f"({handlers.longest_cpu * 1000:.0f} ms of CPU) (target < 50 ms; load average {os.getloadavg()[0]:.1f})")
    panel.breaks.set_names(())


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
        original_report = session._on_report  # a report reaches the session, and through it every panel, here

        def on_report(report) -> None:
            self.agent_seconds.append(report.seconds)
            self._timed(original_report, report)

        session._on_report = on_report  # taken by the next game's worker connection
        original_paint = window.view.board.paintEvent
        window.view.board.paintEvent = lambda event: self._timed(original_paint, event)

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
        paints_before = window.view.board.paint_count
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
        paints += window.view.board.paint_count - paints_before
    return steps, paints, seconds, longest


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per agent in fastest mode (default 6)")
    parser.add_argument("--startups", type=int, default=3, help="fresh processes for the start-up time (default 3)")
    parser.add_argument("--busy-steps", type=int, default=5, help="500-firing steps played (default 5)")
    parser.add_argument("--trace-only", action="store_true", help="only the 500-firing step figures (part 4)")
    args = parser.parse_args()

    if not args.trace_only:
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
        busy_step_figures(app, window, handlers, Path(tmp), args.busy_steps)
        if args.trace_only:
            window.close()
            return
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
