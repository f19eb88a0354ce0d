"""Who hears about a table being built: a building bet is reported to whoever asked.

The library reports nothing unless asked; the ``odds`` program asks, and shows a line on stderr (a
bar on a terminal) when a bet's table takes over a second to build (:mod:`odds.cli.progress`).
Kept apart from :mod:`odds.exact.plan` so that the command line can ask without importing the
exact layer.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator

Report = Callable[[str], contextlib.AbstractContextManager[Callable[[float], None]]]
"""Entered around a bet's build (its id), giving the ``progress(fraction done)`` function."""

_REPORT: contextvars.ContextVar[Report | None] = contextvars.ContextVar("odds_build_report", default=None)


@contextlib.contextmanager
def reporting(report: Report) -> Iterator[None]:
    """Within the block, a bet whose table is built (not loaded) is reported: ``report(bet id)``
    is entered around the build and gives a ``progress(fraction done)`` function."""
    token = _REPORT.set(report)
    try:
        yield
    finally:
        _REPORT.reset(token)


@contextlib.contextmanager
def building(bet_id: str) -> Iterator[Callable[[float], None]]:
    """Around a build: the ``progress(fraction done)`` of whoever asked (or one that does nothing)."""
    report = _REPORT.get()
    if report is None:
        yield lambda done: None
        return
    with report(bet_id) as progress:
        yield progress
