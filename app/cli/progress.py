"""The progress line of the commands that play many games (``bench``, ``bench --versus``, ``grade``) on stderr."""

from __future__ import annotations

import sys
import time


class Progress:
    """A one-line progress bar on stderr (a line every few seconds when stderr is not a terminal)."""

    def __init__(self, total: int, enabled: bool = True, stream=None):
        self.total = total
        self.done = 0
        self.failures = 0
        self.enabled = enabled
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.started = time.perf_counter()
        self.last_print = 0.0

    def update(self, failed: bool) -> None:
        """Count one finished game and redraw."""
        self.done += 1
        self.failures += failed
        now = time.perf_counter()
        if self.enabled and (self.tty or now - self.last_print >= 5.0 or self.done == self.total):
            self.last_print = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        elapsed = now - self.started
        fraction = self.done / self.total if self.total else 1.0
        eta = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        bar = "#" * int(fraction * 30)
        text = (f"[{bar:<30}] {self.done}/{self.total} games  {elapsed:.1f} s  eta {eta:.0f} s  "
                f"failures {self.failures}")
        if self.tty:
            self.stream.write("\r" + text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def note(self, text: str) -> None:
        """A line of its own on the stream (the bar is redrawn below it)."""
        self.stream.write(("\r\x1b[K" if self.tty else "") + text + "\n")
        if self.tty and self.enabled and self.done:
            self._draw(time.perf_counter())
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.enabled and self.tty and self.done:
            self.stream.write("\n")
            self.stream.flush()


class RateProgress:
    """A tqdm progress bar with games/s and ETA (a cluster's games come back a chunk at a time)."""

    def __init__(self, total: int, enabled: bool = True, stream=None):
        try:
            from tqdm import tqdm
        except ImportError:  # tqdm comes with dask's install; without it, the plain bar
            self.bar = None
            self.plain = Progress(total, enabled, stream)
            return
        self.bar = tqdm(total=total, disable=not enabled, file=stream or sys.stderr, unit="game",
                        dynamic_ncols=True, mininterval=1.0, smoothing=0.1)
        self.failures = 0

    def update(self, failed: bool) -> None:
        """Count one finished game."""
        if self.bar is None:
            return self.plain.update(failed)
        self.failures += failed
        if failed:
            self.bar.set_postfix(failures=self.failures, refresh=False)
        self.bar.update(1)

    def note(self, text: str) -> None:
        """A line above the bar."""
        if self.bar is None:
            return self.plain.note(text)
        self.bar.write(text, file=sys.stderr)

    def close(self) -> None:
        """End the bar."""
        if self.bar is None:
            return self.plain.close()
        self.bar.close()
