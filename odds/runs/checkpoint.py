"""A run's checkpoint file: what a long run has done so far, so that a run stopped at any moment
(Ctrl-C, SIGTERM, a crash, a power cut) can go on from it.

The file is JSON: ``{"odds_checkpoint": FORMAT, "kind", "arguments", "done", "state",
"digest"}`` - ``arguments`` what the run was asked (a resumed run must be asked the same),
``done`` the ranges of units (shoes) it holds, ``state`` the caller's sums, ``digest`` a SHA-256
of the rest (a damaged or hand-edited file is refused, not trusted). It is written whole or not
at all (:func:`odds.files.write_text`: a temporary file, then a rename), at most every
:data:`EVERY` seconds, and always at the end of a run and when it is stopped.

Read back, it is untrusted input: :func:`read` checks its size, its JSON, its digest, its kind
and its arguments; the caller checks its state (:mod:`odds.depletion.checkpoint`). Each failure is
one line naming the file and what was wrong.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable

from ..errors import OddsError, shown

FORMAT = 1
EVERY = 10.0
"""Seconds between two writes of a checkpoint while a run goes on."""

MAX_BYTES = 64 << 20


def _digest(body: dict) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _label(path) -> str:
    return f"checkpoint {shown(os.fspath(path), 200)}"


def write(path, kind: str, arguments: dict, done: list, state: dict) -> None:
    """Write the checkpoint, whole or not at all."""
    from ..files import write_text

    body = {"odds_checkpoint": FORMAT, "kind": kind, "arguments": arguments, "done": done, "state": state}
    write_text(path, json.dumps({**body, "digest": _digest(body)}, separators=(",", ":")) + "\n", "--checkpoint")


def read(path, kind: str, arguments: dict, names: Callable[[str], str] = str) -> tuple[list, dict] | None:
    """``(done, state)`` of the checkpoint at ``path``, None when there is no file yet. Refused in
    one line: a file that is not a checkpoint, damaged, of another kind, or written for other
    ``arguments`` (``names(key)`` says an argument as the user gave it, e.g. ``--seed``)."""
    from ..files import decode_text, read_limited, usable

    if not usable(path, "--checkpoint").exists():
        return None
    label = _label(path)
    try:
        data = json.loads(decode_text(read_limited(path, MAX_BYTES, "checkpoint"), path, "checkpoint"))
    except (ValueError, RecursionError):
        raise OddsError(f"{label}: not a checkpoint of odds (not JSON); give another file or remove it") from None
    if (
        not isinstance(data, dict)
        or data.get("odds_checkpoint") != FORMAT
        or set(data)
        != {
            "odds_checkpoint",
            "kind",
            "arguments",
            "done",
            "state",
            "digest",
        }
    ):
        raise OddsError(f"{label}: not a checkpoint of this odds; give another file or remove it")
    body = {k: v for k, v in data.items() if k != "digest"}
    if data["digest"] != _digest(body):
        raise OddsError(f"{label}: the file is damaged (its digest does not match); remove it to start again")
    if data["kind"] != kind:
        raise OddsError(f"{label}: a checkpoint of {shown(str(data['kind']), 40)}, not of {kind}")
    theirs = data["arguments"]
    if not isinstance(theirs, dict):
        raise OddsError(f"{label}: not a checkpoint of this odds; give another file or remove it")
    for key in list(arguments) + [k for k in theirs if k not in arguments]:
        if theirs.get(key) != arguments.get(key):
            said = _clip(json.dumps(theirs[key])) if key in theirs else "nothing"  # JSON escapes what it shows
            raise OddsError(
                f"{label} was written for other arguments ({names(key)}: {said} there, "
                f"{_clip(json.dumps(arguments.get(key)))} now); run with the same arguments, or another file"
            )
    return data["done"], data["state"]


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def ranges(done, planned: int, label: str) -> list[tuple[int, int]]:
    """The ``done`` ranges of a checkpoint, checked: ``[start, stop)`` pairs of whole numbers
    inside ``[0, planned)``, sorted, not overlapping.

    >>> ranges([[0, 5], [7, 9]], 10, "x")
    [(0, 5), (7, 9)]
    """
    if not isinstance(done, list) or len(done) > planned:
        raise OddsError(f"{label}: its list of shoes done is not valid")
    out, last = [], 0
    for item in done:
        if not (isinstance(item, list) and len(item) == 2 and all(type(x) is int for x in item)):
            raise OddsError(f"{label}: its list of shoes done is not valid")
        if not last <= item[0] < item[1] <= planned:
            raise OddsError(f"{label}: its list of shoes done is not valid")
        out.append((item[0], item[1]))
        last = item[1]
    return out


def merge_ranges(ranges: list) -> list[list[int]]:
    """Sorted ranges with touching ones joined.

    >>> merge_ranges([(4, 6), (0, 2), (2, 4), (8, 9)])
    [[0, 6], [8, 9]]
    """
    out: list[list[int]] = []
    for start, stop in sorted(ranges):
        if out and start <= out[-1][1]:
            out[-1][1] = max(out[-1][1], stop)
        else:
            out.append([start, stop])
    return out


def missing(done: list, planned: int) -> list[tuple[int, int]]:
    """The ranges of ``[0, planned)`` not in ``done`` (sorted, apart).

    >>> missing([(2, 4), (6, 10)], 10)
    [(0, 2), (4, 6)]
    """
    out, at = [], 0
    for start, stop in done:
        if start > at:
            out.append((at, start))
        at = max(at, stop)
    if at < planned:
        out.append((at, planned))
    return out


class Clock:
    """Says when a checkpoint is due: every :data:`EVERY` seconds."""

    def __init__(self, every: float | None = None):
        self.every = EVERY if every is None else every
        self.last = time.monotonic()

    def due(self) -> bool:
        if time.monotonic() - self.last >= self.every:
            self.last = time.monotonic()
            return True
        return False
