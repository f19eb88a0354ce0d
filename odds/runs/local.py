"""Chunks of a run over local processes: :class:`concurrent.futures.ProcessPoolExecutor`, with
what it leaves to its user.

* **The job once per worker.** Every chunk needs the run's job (a count's spec, a batch's plan):
  it is handed to each worker once, by the pool's initializer (inherited without pickling where
  processes fork), and a task carries only its small chunk.
* **A bounded window.** At most ``window`` chunks are submitted and not yet taken back, so a
  long run holds a few chunks' results, never the whole list of futures.
* **A lost worker.** When a worker dies (killed, out of memory), the executor fails every chunk
  in flight (``BrokenProcessPool``) and stops its other workers; a new pool deals those chunks
  again (the figures are the same: a chunk's result depends only on the chunk), with a note on
  stderr. A chunk that was in flight at :data:`MAX_LOSSES` such deaths stops the run in one line
  naming the cause (the chunk itself may be what kills its worker).
* **Stopping.** Any exception while the pool runs - Ctrl-C's ``KeyboardInterrupt``, SIGTERM's
  :class:`~odds.runs.Stopped`, an error - cancels what is queued and ends every worker at once
  (SIGTERM, then SIGKILL after a second), so nothing is left behind. Workers ignore SIGINT (Ctrl-C
  reaches the whole process group: the parent alone decides), take the default action on SIGTERM,
  and on Linux ask to be ended when their parent dies, even by SIGKILL.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from ..errors import OddsError

MAX_LOSSES = 3
"""A chunk in flight when this many workers died stops the run instead of being dealt again."""

WAIT = 0.25
"""Seconds between looks at the futures: a signal is handled at once, this only bounds the loop."""

_JOB = None
"""The run's job in a worker process (set by :func:`_start_worker`)."""


def _start_worker(job) -> None:
    global _JOB
    _JOB = job
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a handler inherited from a forked parent must not outlive it
    _die_with_parent()


def _die_with_parent() -> None:
    """Linux: SIGKILL this worker when the process that started it ends, however it ends
    (``prctl(PR_SET_PDEATHSIG)``); elsewhere nothing (the parent ends its workers itself)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
        pass


def start_method() -> str:
    """Fork where it is safe and cheap (Linux: a worker inherits the job and whatever the parent
    built for it, such as compiled tables), spawn elsewhere (the job is pickled once per worker)."""
    return "fork" if sys.platform.startswith("linux") else "spawn"


def _call(work: Callable, chunk):
    return work(_JOB, chunk)


class LocalPool:
    """``workers`` processes holding ``job``; :meth:`run` deals chunks to them. A context
    manager: leaving it, by any exception too, ends every worker."""

    def __init__(self, job, workers: int, note: Callable[[str], None] | None = None):
        self.job, self.workers = job, workers
        self.note = note or (lambda text: print(text, file=sys.stderr, flush=True))
        self.method = start_method()
        self.executor: ProcessPoolExecutor | None = None
        self.processes: list = []

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close(kill=exc[0] is not None)

    def _start(self) -> ProcessPoolExecutor:
        if self.executor is None:
            context = multiprocessing.get_context(self.method)
            self.executor = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_start_worker, initargs=(self.job,)
            )
        return self.executor

    def _submit(self, work: Callable, chunk):
        future = self._start().submit(_call, work, chunk)
        # the executor's own processes (its Process objects: the only handle on them before Python
        # 3.14's terminate_workers), kept to end them on a stop and to say how a lost one died
        self.processes = list(getattr(self.executor, "_processes", {}).values()) or self.processes
        return future

    def close(self, kill: bool = False) -> None:
        """Shut the pool down: at once, ending the workers, when ``kill`` (a stop or an error),
        else after the workers finish (there is no work left by then)."""
        executor, self.executor = self.executor, None
        if executor is None:
            return
        if not kill:
            executor.shutdown(wait=True)
            return
        executor.shutdown(wait=False, cancel_futures=True)
        end_processes(self.processes)
        self.processes = []
        # the executor's manager thread sees its workers gone and ends; waited for here, so the
        # interpreter's exit does not join it in the middle of that (a stop once printed its
        # "Exception ignored in: threading" traceback under the one line)
        manager = getattr(executor, "_executor_manager_thread", None)
        if manager is not None and manager.is_alive():
            manager.join(2.0)

    def run(self, work: Callable, chunks: Iterable, *, ordered: bool = False, window: int | None = None) -> Iterator:
        """``(chunk, work(job, chunk))`` for every chunk, as they finish (``ordered``: in the order
        of ``chunks``). At most ``window`` (default twice the workers) chunks are out at once -
        in flight, or done and waiting for an earlier one. ``chunks`` is read only as far as the
        window needs (a stream may be endless or fail: an error reading it is raised after the
        chunks before it, as a chunk's own error is, in order when ``ordered``)."""
        window = window or 2 * self.workers
        todo = enumerate(chunks)
        flight: dict = {}  # future -> (index, chunk)
        held: dict = {}  # ordered: index -> (chunk, part or error), waiting for the ones before it
        losses: dict = {}  # index -> workers lost while it was in flight
        again: deque = deque()
        after = None  # the error that ended the stream of chunks, raised when the rest is out
        following = 0
        while True:
            while after is None and len(flight) + len(held) < window:
                if again:
                    item = again.popleft()
                else:
                    try:
                        item = next(todo, None)
                    except (OddsError, OSError) as exc:
                        after = exc
                        break
                    if item is None:
                        break
                flight[self._submit(work, item[1])] = item
            if not flight and not held:
                if after is not None:
                    raise after
                return
            done, _ = wait(flight, timeout=WAIT, return_when=FIRST_COMPLETED)
            lost = []
            for future in done:
                index, chunk = flight.pop(future)
                try:
                    part = future.result()
                except BrokenProcessPool:
                    lost.append((index, chunk))
                    continue
                except Exception as exc:  # noqa: BLE001 - the chunk's own error (a bad line): raised in turn
                    if not ordered:
                        raise
                    part = exc
                if ordered:
                    held[index] = (chunk, part)
                else:
                    yield chunk, part
            if lost:
                lost += list(flight.values())  # the executor failed every chunk in flight at once
                flight.clear()
                self._redeal(sorted(lost), losses, again)
            while ordered and following in held:
                chunk, part = held.pop(following)
                following += 1
                if isinstance(part, Exception):
                    raise part
                yield chunk, part

    def _redeal(self, lost: list, losses: dict, again: deque) -> None:
        processes = self.processes
        self.close(kill=True)  # every worker ended and reaped: the lost one's exit code is known
        cause = death_cause(processes)
        for index, _ in lost:
            losses[index] = losses.get(index, 0) + 1
            if losses[index] >= MAX_LOSSES:
                raise OddsError(
                    f"a worker process died {MAX_LOSSES} times while running the same chunk of work "
                    f"({cause}); stopping rather than give incomplete figures"
                )
        self.note(f"note: a worker process died ({cause}); its work is done again, the figures are unchanged")
        again.extend(lost)


def death_cause(processes) -> str:
    """How the pool's dead workers ended, in words: ``killed by SIGKILL``, ``exit code 3``."""
    causes = []
    for process in processes:
        code = process.exitcode
        if code is None or code == -signal.SIGTERM:  # alive, or ended by the executor after the loss
            continue
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            what = f"killed by {name}" + (" - out of memory?" if code == -signal.SIGKILL else "")
        else:
            what = f"exit code {code}"
        if what not in causes:
            causes.append(what)
    return ", ".join(causes) or "ended abruptly"


def end_processes(processes, grace: float = 1.0) -> None:
    """End processes at once: SIGTERM, then SIGKILL to any still there after ``grace`` seconds,
    and reap them all (no zombie, no orphan)."""
    import time

    for process in processes:
        if process.exitcode is None:
            try:
                process.terminate()
            except (OSError, ValueError):  # already reaped
                pass
    deadline = time.monotonic() + grace
    for process in processes:
        try:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.exitcode is None:
                process.kill()
                process.join(1.0)
        except (OSError, ValueError, AssertionError):
            pass
