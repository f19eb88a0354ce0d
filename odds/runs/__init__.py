"""Long runs: one way to deal a run's chunks of work here, over local processes or on a Dask
cluster - for ``count``, ``batch``, ``simulate`` and the windows sweep alike.

A run is a **job** (what every chunk needs: a count's spec, a batch's plan; picklable, sent to
each worker once), its **chunks** (small picklable descriptions: a range of shoes, a block of
lines), and a module-level **work** function ``work(job, chunk) -> part``. Then either

* :func:`reduce_chunks`: the parts are added up with ``merge(total, part)`` (a count's tallies:
  integer sums, so the order does not matter), or
* :func:`map_chunks`: the parts come back in the order of the chunks (a batch's rows).

:class:`Where` says where the chunks run: in this process (one worker), in local processes
(:mod:`.local`, :class:`concurrent.futures.ProcessPoolExecutor`) or on a Dask cluster
(:mod:`.cluster`). A stop (Ctrl-C's ``KeyboardInterrupt``, SIGTERM's :class:`Stopped` inside
:func:`stopping_on_signals`) ends every worker and comes out as :class:`RunStopped`, which says
how far the run got.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..errors import OddsError


class Stopped(KeyboardInterrupt):
    """SIGTERM (or SIGHUP) received: raised in the main thread as Ctrl-C raises
    ``KeyboardInterrupt``, so whatever cleans up after one cleans up after the other."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class RunStopped(KeyboardInterrupt):
    """A run stopped by a signal, its workers ended: how far it got (``done`` of ``total``
    ``unit``) and what was kept (``kept``: a sentence, e.g. where the checkpoint is)."""

    def __init__(self, signum: int, done: int, total: int | None, unit: str, kept: str = ""):
        self.signum, self.done, self.total, self.unit, self.kept = signum, done, total, unit, kept
        super().__init__(self.message())

    def message(self) -> str:
        how = "Ctrl-C" if self.signum == signal.SIGINT else signal.Signals(self.signum).name
        far = f"{self.done:,} of {self.total:,}" if self.total is not None else f"{self.done:,}"
        return f"stopped by {how} after {far} {self.unit}" + (f"; {self.kept}" if self.kept else "")

    @property
    def exit_code(self) -> int:
        """The shell's convention: 128 + the signal's number (130 after Ctrl-C, 143 after SIGTERM)."""
        return 128 + self.signum


def signal_of(exc: KeyboardInterrupt) -> int:
    return getattr(exc, "signum", signal.SIGINT)


@contextlib.contextmanager
def stopping_on_signals():
    """SIGTERM and SIGHUP raise :class:`Stopped` in the main thread while this is active, as
    Ctrl-C raises ``KeyboardInterrupt`` (for the command line: a library call leaves the
    process's signal handlers alone). Elsewhere than in the main thread, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise Stopped(signum)

    wanted = [signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    before = {signum: signal.signal(signum, stop) for signum in wanted}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


@contextlib.contextmanager
def signals_held():
    """SIGINT, SIGTERM and SIGHUP wait until the block is done (main thread): a stop then finds
    the run's total and the list of what it holds in step. Each signal caught meanwhile is raised
    again after the block, to the handler it would have met."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    wanted = [signal.SIGINT, signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    before = {signum: signal.getsignal(signum) for signum in wanted}
    before = {signum: handler for signum, handler in before.items() if handler is not None}
    for signum in before:
        signal.signal(signum, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
        for signum in dict.fromkeys(caught):
            signal.raise_signal(signum)


@dataclass
class Where:
    """Where a run's chunks go: ``client`` (a ``distributed.Client``) or ``scheduler`` (a Dask
    scheduler's address, connected to for the run), else ``workers`` local processes (1: this
    process, no pool)."""

    workers: int = 1
    scheduler: str | None = None
    client: object = None

    def __post_init__(self):
        if self.client is not None and self.scheduler is not None:
            raise OddsError("give a Dask client or a scheduler address, not both")
        if self.workers is None:
            self.workers = os.cpu_count() or 1
        if self.workers < 1:
            raise OddsError(f"--workers must be at least 1, not {self.workers}")

    @property
    def on_dask(self) -> bool:
        return self.client is not None or self.scheduler is not None


def reduce_chunks(
    work: Callable,
    job,
    split: Callable[[int], list],
    merge: Callable,
    start: Callable,
    where: Where,
    *,
    size: Callable = lambda chunk: 1,
    progress: Callable[[int], None] | None = None,
    snapshot: Callable | None = None,
    unit: str = "chunks",
    done_before: int = 0,
    planned: int | None = None,
):
    """Run the chunks ``split(parallel)`` gives for the run's parallelism (local workers, or the
    cluster's threads) and add their parts up: a fresh ``start()`` total, ``merge(total, part)``
    in place (on Dask, on the workers, :data:`~.cluster.FAN_IN` parts at a time in a tree);
    returns the total.

    ``size(chunk)`` is what a chunk counts for in ``progress(n)`` (called as chunks finish) and in
    a stop's message (``done_before`` already done of ``planned`` ``unit``). ``snapshot(total,
    chunks, final)``, if given, is called with a total and the chunks it holds as the run goes
    (a checkpoint), and last with ``final`` at the end or at a stop; what it returns (a sentence)
    goes into the stop's message."""
    state = {"done": done_before, "kept": ""}

    def counted(n: int) -> None:
        state["done"] += n
        if progress:
            progress(n)

    try:
        if where.on_dask:
            from .cluster import dask_reduce

            return dask_reduce(work, job, split, merge, start, where, size, counted, snapshot, state)
        return _local_reduce(work, job, split(where.workers), merge, start(), where, size, counted, snapshot, state)
    except KeyboardInterrupt as exc:
        raise RunStopped(signal_of(exc), state["done"], planned, unit, state["kept"]) from None


def _local_reduce(work, job, chunks, merge, total, where, size, progress, snapshot, state):
    taken: list = []

    def add(chunk, part) -> None:
        with signals_held():  # a stop between the two would leave a total the checkpoint cannot tell
            merge(total, part)
            taken.append(chunk)
        progress(size(chunk))
        if snapshot:
            snapshot(total, taken, final=False)

    try:
        if where.workers == 1 or len(chunks) == 1:
            for chunk in chunks:
                add(chunk, work(job, chunk))
        else:
            from .local import LocalPool

            with LocalPool(job, where.workers) as pool:
                for chunk, part in pool.run(work, chunks):
                    add(chunk, part)
    except KeyboardInterrupt:
        if snapshot:
            state["kept"] = snapshot(total, taken, final=True) or ""
        raise
    if snapshot:
        snapshot(total, taken, final=True)
    return total


def map_chunks(
    work: Callable, job, chunks: Iterable, where: Where, *, window: int | None = None
) -> Iterator[tuple[object, object]]:
    """``(chunk, work(job, chunk))`` for every chunk, in the order of ``chunks``, which is read
    only as far as needed (at most ``window`` chunks out at once). An error of a chunk, or of
    reading ``chunks``, is raised after the parts of the chunks before it."""
    if where.on_dask:
        from .cluster import dask_map

        yield from dask_map(work, job, chunks, where, window)
    elif where.workers == 1:
        for chunk in chunks:
            yield chunk, work(job, chunk)
    else:
        from .local import LocalPool

        with LocalPool(job, where.workers) as pool:
            yield from pool.run(work, chunks, ordered=True, window=window)
