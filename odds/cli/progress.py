"""What the ``odds`` program says on stderr while it builds a bet's exact table.

A table is built once per bet and stored; most builds take a fraction of a second and say
nothing. One that takes over a second says so: on a terminal a bar, redrawn in place; otherwise
one line when the second has passed, and one when it is done.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator

import click

QUIET_FOR = 1.0
"""Seconds a build runs before it is reported."""
WIDTH = 30


@contextlib.contextmanager
def report_build(bet_id: str) -> Iterator:
    """Entered around one build (:func:`odds.exact.report.reporting`); gives its progress hook."""
    start = time.monotonic()
    terminal = sys.stderr.isatty()
    state = {"shown": False, "done": 0.0}

    def progress(done: float) -> None:
        state["done"] = max(state["done"], min(done, 1.0))
        if time.monotonic() - start < QUIET_FOR:
            return
        if terminal:
            filled = int(WIDTH * state["done"])
            bar = "#" * filled + "-" * (WIDTH - filled)
            click.echo(f"\rbuilding the exact table of bet {bet_id} [{bar}] {state['done']:4.0%}", nl=False, err=True)
        elif not state["shown"]:
            click.echo(f"odds: building the exact table of bet {bet_id} (once: it is stored for later runs)", err=True)
        state["shown"] = True

    yield progress
    seconds = time.monotonic() - start
    if seconds >= QUIET_FOR:
        progress(1.0)
        end = "\n" if terminal else ""
        click.echo(f"{end}odds: bet {bet_id}: table built in {seconds:.1f} s", err=True)
