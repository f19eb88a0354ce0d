"""How far a long run is, on stderr: a bar redrawn in place on a terminal, or - with
``--progress`` when stderr is a pipe or a log - a line now and then. Both say the units done (of
how many), the rate and the time left.

    shoes  4,200/10,000 [############----------------]  42%  350/s  0:00:16 left
    progress: 4,200 of 10,000 shoes (42%), 350 shoes/s, 0:00:16 left

Nothing is shown when stderr is not a terminal and ``--progress`` was not given (data on stdout,
messages on stderr, and a log is not filled with bars).
"""

from __future__ import annotations

import sys
import time

BAR_EVERY = 0.2
"""Seconds between redraws of the bar."""
LINE_EVERY = 10.0
"""Seconds between two progress lines."""
WIDTH = 28


def clock(seconds: float) -> str:
    """``H:MM:SS``.

    >>> clock(3725.4)
    '1:02:05'
    """
    seconds = int(round(seconds))
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


class Progress:
    """Call it with the units done since the last call; :meth:`close` ends the display. ``mode``:
    ``"bar"``, ``"lines"`` or None (nothing shown)."""

    def __init__(self, total: int | None, unit: str, mode: str | None, stream=None, done: int = 0):
        self.total, self.unit, self.mode = total, unit, mode
        self.stream = stream or sys.stderr
        self.done = self.start_done = done
        self.start = self.shown = time.monotonic()
        self.drawn = False
        self.lines = 0

    @classmethod
    def for_command(cls, total: int | None, unit: str, asked: bool, stream=None) -> Progress:
        """A bar on a terminal; lines when ``asked`` (``--progress``) otherwise; else nothing.
        ``total`` None: not known ahead (a batch read as it goes): units done and rate only."""
        stream = stream or sys.stderr
        terminal = getattr(stream, "isatty", lambda: False)()
        return cls(total, unit, "bar" if terminal else ("lines" if asked else None), stream)

    def skip(self, n: int) -> None:
        """Units done before this run (a checkpoint's): counted as done, not in the rate."""
        self.done += n
        self.start_done += n

    def __call__(self, n: int) -> None:
        self.done += n
        if self.mode is None:
            return
        now = time.monotonic()
        finished = self.total is not None and self.done >= self.total
        first = not self.lines and self.mode == "lines"  # a first line at once: the run is under way
        if first or now - self.shown >= (BAR_EVERY if self.mode == "bar" else LINE_EVERY) or finished:
            self.lines += 1
            self.shown = now
            self.show(now)

    def figures(self, now: float) -> tuple[float, str]:
        elapsed = max(now - self.start, 1e-9)
        rate = (self.done - self.start_done) / elapsed
        if self.total is None:
            return rate, ""
        left = clock((self.total - self.done) / rate) if rate > 0 else "?"
        return rate, left

    def show(self, now: float) -> None:
        rate, left = self.figures(now)
        if self.total is None:
            text = f"{self.done:,} {self.unit}, {rate:,.0f} {self.unit}/s"
            text = f"\r{text} " if self.mode == "bar" else f"progress: {text}\n"
        elif self.mode == "bar":
            share = self.done / self.total if self.total else 1.0
            filled = int(WIDTH * share)
            text = (
                f"\r{self.unit}  {self.done:,}/{self.total:,} [{'#' * filled}{'-' * (WIDTH - filled)}] "
                f"{share:4.0%}  {rate:,.0f}/s  {left} left "
            )
        else:
            share = self.done / self.total if self.total else 1.0
            text = (
                f"progress: {self.done:,} of {self.total:,} {self.unit} ({share:.0%}), "
                f"{rate:,.1f} {self.unit}/s, {left} left\n"
            )
        self.drawn = self.drawn or self.mode == "bar"
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # stderr closed: the run goes on without it
            self.mode = None

    def close(self) -> None:
        """End the bar's line (a message after it starts on a line of its own)."""
        if self.drawn:
            try:
                self.stream.write("\n")
                self.stream.flush()
            except (OSError, ValueError):
                pass
            self.drawn = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
