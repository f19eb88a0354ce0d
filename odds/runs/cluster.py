"""Chunks of a run on a Dask cluster (``--scheduler ADDRESS``, or a library call's ``client=``).

* **The job once.** It is scattered to the workers once (``client.scatter``); a task carries its
  small chunk and a reference to the job, which a worker fetches once.
* **A bounded window.** At most twice the cluster's threads of chunks are submitted and not yet
  done (``as_completed``): the scheduler holds a few dozen tasks, however many chunks the run
  has, and the client's memory stays flat.
* **Merges on the workers.** A reduction's parts are merged where they are, :data:`FAN_IN` at a
  time, the merged parts again, as a tree; the client fetches a merged part once it holds
  :data:`FETCH_AT` chunks (the scheduler keeps every task of a tree while its root is held, so
  this bounds what it holds), and adds it to the total (and, now and then, the parts ready, for
  a checkpoint).
* **The cluster's size.** The caller splits the run by the cluster's threads, not this machine's.
* **Every wait bounded.** ``ODDS_DASK_TIMEOUT`` seconds (default 20; a bad value is an error only
  when Dask is used): to reach the scheduler, and for it to answer while the run goes on (it is
  asked every second); a scheduler that stops answering, a lost connection, no worker left for
  that long, a task that killed its workers, are each one line (:class:`~odds.errors.OddsError`),
  never distributed's tracebacks (its loggers are silenced while a scheduler given by address is
  used). A worker that leaves is a note; its chunks are dealt again by Dask elsewhere.
* **The same odds.** Each task checks that its worker runs the same odds as the client (the
  version and a digest of the source): a worker with another odds would give other figures.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import math
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ..errors import OddsError

FAN_IN = 4
"""Parts merged by one task on the workers."""

DEFAULT_TIMEOUT = 20.0

CHECK_EVERY = 1.0
"""Seconds between asking the scheduler for its workers while a run waits."""


def timeout() -> float:
    """``ODDS_DASK_TIMEOUT``: seconds any wait on the cluster may take (read when Dask is used)."""
    text = os.environ.get("ODDS_DASK_TIMEOUT")
    if text is None or not text.strip():
        return DEFAULT_TIMEOUT
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (0 < value <= 86400):
        from ..errors import shown

        raise OddsError(f"ODDS_DASK_TIMEOUT must be a number of seconds above 0 (up to 86400), not {shown(text, 40)}")
    return value


_STAMP: list = []


def stamp() -> str:
    """This process's odds: its version and a digest of its source files (cached)."""
    if not _STAMP:
        from .. import __version__

        root = Path(__file__).resolve().parent.parent
        digest = hashlib.sha256()
        for path in sorted(root.rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        _STAMP.append(f"{__version__} (source {digest.hexdigest()[:12]})")
    return _STAMP[0]


class OtherOdds(OddsError):
    """A worker runs another odds than the client."""


def _task(work: Callable, job, chunk, client_stamp: str):
    """A chunk on a worker, after checking the worker's odds is the client's."""
    if stamp() != client_stamp:
        raise OtherOdds(
            f"a Dask worker runs odds {stamp()}, this client odds {client_stamp}: install the same odds on the workers"
        )
    return work(job, chunk)


def _merge_parts(merge: Callable, start: Callable, parts: list):
    """One node of the merge tree: a fresh total of ``parts`` (inputs are left as they are: Dask
    may hold them for another task or run this one twice)."""
    total = start()
    for part in parts:
        merge(total, part)
    return total


LOGGERS = ("distributed", "tornado", "asyncio")


def _silence_distributed() -> dict:
    """distributed logs a lost scheduler as tracebacks on stderr: the run says it in one line.
    Returns the levels before, to put back."""
    before = {name: logging.getLogger(name).level for name in LOGGERS}
    for name in LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL + 10)
    return before


class Session:
    """A client for one run: connected to ``where.scheduler`` (and closed after) or the caller's
    ``where.client``; turns every fault into one :class:`OddsError` line and cancels the run's
    futures on the way out."""

    def __init__(self, where):
        try:
            import distributed
        except ImportError:
            raise OddsError("--scheduler needs Dask: pip install 'odds[dask]'") from None
        self.distributed = distributed
        self.timeout = timeout()
        self.address = where.scheduler
        self.client = where.client
        self.owned = self.client is None
        self.futures: set = set()
        self.workers: set = set()
        self.alone_since: float | None = None
        self.checked = 0.0
        self.heard = time.monotonic()  # the scheduler's last answer (a call returned, results came)
        self.gone = False
        self.levels: dict = {}

    def __enter__(self) -> Session:
        try:
            return self._connect()
        except BaseException as exc:
            self.__exit__(type(exc), exc, None)
            raise

    def _connect(self) -> Session:
        if self.owned:
            self.levels = _silence_distributed()
            probe_scheduler(self.address, self.timeout)
            try:
                self.client = self.distributed.Client(self.address, timeout=f"{self.timeout}s", set_as_default=False)
            except Exception as exc:  # noqa: BLE001 - OSError, TimeoutError, ValueError, CommClosedError ...
                raise OddsError(f"cannot reach the Dask scheduler at {self.address}: {_short(exc)}") from None
        else:
            self.address = getattr(getattr(self.client, "scheduler", None), "address", "the client's scheduler")
        self.workers = set(self.nthreads())
        return self

    def __exit__(self, kind, exc, trace) -> None:
        with contextlib.suppress(Exception):
            if self.futures and not self.gone:
                self.bounded(self.client.cancel, list(self.futures), force=True)
        self.futures.clear()
        if self.owned and self.client is not None and not self.gone:
            with contextlib.suppress(Exception):
                self.bounded(self.client.close)
        if not self.gone:  # (a client left to a dead scheduler may still log its end: kept quiet)
            for name, level in self.levels.items():
                logging.getLogger(name).setLevel(level)

    # -- asking the scheduler, bounded ---------------------------------------------------------------

    def bounded(self, call: Callable, *args, within: float | None = None, **kwargs):
        """``call(*args, **kwargs)``, given up after ``within`` seconds (default the timeout):
        distributed's blocking calls wait forever for a scheduler that stopped (SIGSTOP, a hung
        machine), whatever their own timeouts say, so the call runs in a thread of its own and this
        one stops waiting."""
        box: dict = {}

        def attempt() -> None:
            try:
                box["value"] = call(*args, **kwargs)
            except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread
                box["error"] = exc

        thread = threading.Thread(target=attempt, name="odds-dask-call", daemon=True)
        thread.start()
        thread.join(self.timeout if within is None else within)
        if thread.is_alive():
            self.gone = True
            raise SchedulerGone(
                f"the Dask scheduler at {self.address} did not answer within {self.timeout:g} s "
                f"(ODDS_DASK_TIMEOUT); the run is stopped, its figures would be incomplete"
            )
        if "error" in box:
            raise self.fault(box["error"]) from None
        self.heard = time.monotonic()
        return box["value"]

    def nthreads(self, within: float | None = None) -> dict:
        """Threads of each worker, as the scheduler says within the timeout."""
        return dict(self.bounded(self.client.nthreads, within=within))

    def fault(self, exc: BaseException) -> OddsError:
        """One line for what went wrong with the cluster."""
        error = self._fault(exc)
        self.gone = self.gone or isinstance(error, SchedulerGone)
        return error

    def _fault(self, exc: BaseException) -> OddsError:
        if isinstance(exc, OddsError):
            return exc
        name = exc.__class__.__name__
        if isinstance(exc, TimeoutError) or "Timeout" in name:
            return SchedulerGone(
                f"the Dask scheduler at {self.address} did not answer within {self.timeout:g} s "
                f"(ODDS_DASK_TIMEOUT); the run is stopped, its figures would be incomplete"
            )
        if name == "KilledWorker":
            return OddsError(
                f"a chunk of the run killed every Dask worker that ran it ({_short(exc)}); "
                f"stopping rather than give incomplete figures"
            )
        if name in ("CommClosedError", "StreamClosedError", "CancelledError", "FutureCancelledError") or isinstance(
            exc, OSError
        ):
            return SchedulerGone(f"lost the Dask scheduler at {self.address} ({name}); the figures would be incomplete")
        return OddsError(f"the Dask run failed ({name}: {_short(exc)}); the figures would be incomplete")

    def check(self, pending: int) -> None:
        """Every :data:`CHECK_EVERY` seconds: the scheduler still answers; a note for each worker
        that left (Dask deals its chunks again elsewhere); an error when no worker has been left
        for the timeout (nothing would ever finish)."""
        now = time.monotonic()
        if now - self.checked < CHECK_EVERY:
            return
        self.checked = now
        # The run waits on the scheduler between checks, so its silence started at the last answer
        # (at most a check's interval ago while waiting): the timeout counts from there, and a
        # scheduler stopped just after answering is reported within ODDS_DASK_TIMEOUT of the stop.
        silent = min(now - self.heard, CHECK_EVERY, self.timeout / 2)
        present = set(self.nthreads(within=self.timeout - silent))
        for lost in sorted(self.workers - present):
            print(f"note: lost Dask worker {lost}; its chunks are done again on the others", file=sys.stderr)
        self.workers = present
        if present:
            self.alone_since = None
        elif self.alone_since is None:
            self.alone_since = now
        elif now - self.alone_since > self.timeout:
            raise OddsError(
                f"no Dask worker left for {self.timeout:g} s with {pending} chunk(s) of work to do; "
                f"start workers or run without --scheduler"
            )

    def threads(self) -> int:
        """The cluster's threads, waiting up to the timeout for a first worker to join."""
        deadline = time.monotonic() + self.timeout
        while True:
            threads = sum(self.nthreads().values())
            if threads:
                return threads
            if time.monotonic() > deadline:
                raise OddsError(
                    f"the Dask scheduler at {self.address} has no worker (waited {self.timeout:g} s); "
                    f"start workers or run without --scheduler"
                )
            time.sleep(0.2)

    # -- tasks ---------------------------------------------------------------------------------------

    def scatter(self, job):
        return self.bounded(self.client.scatter, job, broadcast=True, hash=False)

    def submit(self, function, *args):
        future = self.client.submit(function, *args, pure=False)
        self.futures.add(future)
        return future

    def release(self, future) -> None:
        self.futures.discard(future)

    def result(self, future, release: bool = True):
        """A finished future's value (an error of the task raised as one line)."""
        value = self.bounded(future.result)
        if release:
            self.release(future)
        return value

    def wait_ready(self, done) -> list:
        """The futures done (of an ``as_completed``) now, if any; else a short wait, with a look at
        the scheduler (:meth:`check`) once a second."""
        ready = done.next_batch(block=False) if done.has_ready() else []
        if ready:
            self.heard = time.monotonic()  # the scheduler said these are done
        else:
            time.sleep(0.02)
            self.check(done.count())
        return ready


class SchedulerGone(OddsError):
    """The scheduler stopped answering or went away: nothing more can be asked of it."""


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 160 else text[:157] + "..."


def dask_reduce(work, job, split, merge, start, where, size, progress, snapshot, state):
    """:func:`odds.runs.reduce_chunks` on Dask (see the module docstring)."""
    with Session(where) as session:
        threads = session.threads()
        todo = iter(split(threads))
        window = 2 * threads
        job_ref = session.scatter(job)
        me = stamp()
        done = session.distributed.as_completed([], loop=session.client.loop)
        covers: dict = {}  # future -> the chunks its part holds
        chunk_tasks: set = set()
        ready: list = []  # futures done and not yet in a merge
        total, taken = start(), []  # the parts fetched so far, and their chunks

        exhausted = []

        def feed() -> None:
            while len(chunk_tasks) < window and not exhausted:
                chunk = next(todo, None)
                if chunk is None:
                    exhausted.append(True)
                    return
                future = session.submit(_task, work, job_ref, chunk, me)
                covers[future] = [chunk]
                chunk_tasks.add(future)
                done.add(future)

        def merge_ready(least: int) -> None:
            while len(ready) >= max(2, least):
                group, ready[:] = ready[:FAN_IN], ready[FAN_IN:]
                future = session.submit(_merge_parts, merge, start, group)
                covers[future] = [c for f in group for c in covers.pop(f)]
                for f in group:
                    session.release(f)
                done.add(future)

        def fetch(future) -> None:
            """Bring a part home: its tasks leave the scheduler (which keeps every task a held
            part depends on, to compute it again if a worker is lost)."""
            merge(total, session.result(future))
            taken.extend(covers.pop(future))

        def take_snapshot(final: bool) -> str:
            now, held = start(), list(taken)
            merge(now, total)
            for future in ready:
                merge(now, session.result(future, release=False))
                held += covers[future]
            return snapshot(now, held, final=final) or ""

        last_snapshot = time.monotonic()
        try:
            feed()
            while chunk_tasks or done.count() or ready:
                for future in session.wait_ready(done):
                    if future.status != "finished":
                        session.result(future)  # raises the task's error, in one line
                    if future in chunk_tasks:
                        chunk_tasks.discard(future)
                        progress(size(covers[future][0]))
                    ready.append(future)
                finishing = exhausted and not (chunk_tasks or done.count())
                for future in [f for f in ready if finishing or len(covers[f]) >= FETCH_AT]:
                    ready.remove(future)
                    fetch(future)
                feed()
                merge_ready(FAN_IN)
                if snapshot and time.monotonic() - last_snapshot > SNAPSHOT_EVERY:
                    take_snapshot(False)
                    last_snapshot = time.monotonic()
        except KeyboardInterrupt:
            if snapshot:
                with contextlib.suppress(Exception):
                    state["kept"] = take_snapshot(True)
            raise
        if snapshot:
            snapshot(total, taken, final=True)
        return total


FETCH_AT = 32
"""A merged part that holds this many chunks is fetched by the client: the tasks of a tree of
parts stay on the scheduler as long as its root is held, so a run holds at most a few trees of
32 chunks, however many chunks it has (the client merges a part every 32 chunks)."""

SNAPSHOT_EVERY = 30.0
"""Seconds between checkpoints of a Dask run (each fetches the parts ready)."""


def dask_map(work, job, chunks: Iterable, where, window: int | None) -> Iterator:
    """:func:`odds.runs.map_chunks` on Dask: the parts in order, a bounded window in flight."""
    with Session(where) as session:
        window = window or 2 * session.threads()
        job_ref = session.scatter(job)
        me = stamp()
        todo = iter(chunks)
        queue: list = []
        after = None
        while True:
            while after is None and len(queue) < window:
                try:
                    chunk = next(todo, None)
                except (OddsError, OSError) as exc:
                    after = exc
                    break
                if chunk is None:
                    break
                queue.append((chunk, session.submit(_task, work, job_ref, chunk, me)))
            if not queue:
                if after is not None:
                    raise after
                return
            chunk, future = queue[0]
            while not future.done():
                time.sleep(0.02)
                session.check(len(queue))
            queue.pop(0)
            yield chunk, session.result(future)


def probe_scheduler(address: str, timeout: float) -> None:
    """Reach the scheduler and hear its handshake within ``timeout`` seconds, or fail in one line:
    a bad address, nothing listening, a server that is not Dask (it answers garbage) or one that
    accepts and never answers (distributed's own connect waits for the handshake forever)."""
    import asyncio

    from distributed.comm import connect

    async def probe():
        comm = await asyncio.wait_for(connect(address, timeout=timeout), timeout)
        await comm.close()

    try:
        asyncio.run(probe())
    except TimeoutError:
        raise OddsError(
            f"cannot reach the Dask scheduler at {address}: no answer within {timeout:g} s "
            f"(is it a Dask scheduler? ODDS_DASK_TIMEOUT sets the wait)"
        ) from None
    except (OSError, ValueError, TypeError, OverflowError) as exc:  # OverflowError: a port beyond 65535
        raise OddsError(f"cannot reach the Dask scheduler at {address}: {str(exc)[:160]}") from None
    except (MemoryError, Exception) as exc:  # noqa: BLE001 - what a non-Dask server's bytes decode to
        raise OddsError(f"{address} does not answer as a Dask scheduler ({exc.__class__.__name__})") from None
