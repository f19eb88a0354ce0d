"""What building a bet's exact table costs, known before it is built, and the limit on it.

A bet that reads single cards gets a positional table (:func:`odds.exact.positional.build_table`):
every sequence of kinds at the positions it reads is settled once. Its cost is the number of rows
actually enumerated - with the drawing, a round that ends after four cards is one row, not one per
kind of the cards it never deals, so ``player_suited and player_wins`` (two cards with suits, the
drawing: 27 million sequences in all) settles 9.5 million rows. :func:`rows` counts them exactly,
in a few milliseconds, from the kinds' values (the drawing reads nothing finer); past
:data:`MAX_ROWS` the bet is refused with the estimate, before any of the work (a 170-byte bet once
ran for minutes in 8 GB).

>>> from odds.games import get_game
>>> from odds.exact.positional import CardModel, Reading
>>> deal = get_game("baccarat").deal
>>> model = CardModel(deal.name, deal.positions, deal.state, deal.features, deal.always_dealt)
>>> rows(model, Reading(("card", "value", "card", "value", "value", "value"), True))
9467680
>>> rows(model, Reading(("card", "card", "card", "card", None, None), False))
7311616
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..lazy import numpy as np

MAX_ROWS = 10_000_000
"""Rows a bet's exact table may settle (docs/limits.md): about 50 s and 4 GiB at most."""
MICROSECONDS_PER_ROW = 5
BYTES_PER_ROW = 400
"""What a row costs at most, measured on a busy two-core machine: 1.5 to 5 us and 90 to 500 bytes
of peak memory (the drawing settled per row, and many distinct multisets, cost the most): 9.5
million rows of ``player_suited and player_wins`` took 33 s and 1.5 GB, 16.7 million rows of a
bet reading two suits, two ranks and the drawing 81 s and 7.7 GB."""


def cost(count: int) -> tuple[float, int]:
    """``(seconds, bytes)`` a table of ``count`` rows may take to build.

    >>> cost(MAX_ROWS)
    (50.0, 4000000000)
    """
    return count * MICROSECONDS_PER_ROW / 1_000_000, count * BYTES_PER_ROW


def rows(model: Any, reading: Any, restrict: dict[int, Sequence[int]] | None = None) -> int:
    """The rows :func:`odds.exact.positional.build_table` would settle for ``reading`` (with
    ``restrict``: only those kinds at those positions), counted as it enumerates them: every
    combination of the kinds read, except that with the drawing a later position is enumerated
    only for the rounds that deal it - which depends on the cards' values alone, so the count
    runs over values, each weighted by how many kinds have it."""
    from .positional import KINDS, _kind_arrays

    read_at = [p for p, r in enumerate(reading.resolution) if r is not None]
    allowed = [
        np.asarray((restrict or {}).get(p, range(KINDS[reading.resolution[p]])), dtype=np.int64) for p in read_at
    ]
    always = model.always_dealt
    if not reading.drawing or always is None or model.state is None:
        out = 1
        for kinds in allowed:
            out *= len(kinds)
        return out
    weight = {
        p: np.bincount(_kind_arrays(reading.resolution[p], kinds)[0], minlength=10).astype(object)
        for p, kinds in zip(read_at, allowed)
    }
    first = [p for p in read_at if p < always]
    later = [p for p in read_at if p >= always]
    grid = np.indices([10] * len(first)).reshape(len(first), -1).T
    values = np.zeros((len(grid), model.positions), dtype=np.int64)
    weights = np.ones(len(grid), dtype=object)
    for column, p in enumerate(first):
        values[:, p] = grid[:, column]
        weights = weights * weight[p][grid[:, column]]
    keep = weights != 0
    values, weights = values[keep], weights[keep]
    total = 0
    for p in later:
        done = model.state(values)["used"] <= p
        total += int(weights[done].sum())
        values, weights = values[~done], weights[~done]
        if not len(values):
            return total
        values = np.repeat(values, 10, axis=0)
        values[:, p] = np.tile(np.arange(10), len(values) // 10)
        weights = np.repeat(weights, 10) * np.tile(weight[p], len(weights))
    return total + int(weights.sum())


def check(model: Any, reading: Any, restrict: dict[int, Sequence[int]] | None = None) -> None:
    """Refuse, before any work, a table past :data:`MAX_ROWS`, saying what it would cost."""
    from ..errors import OddsError

    count = rows(model, reading, restrict)
    if count > MAX_ROWS:
        seconds, memory = cost(count)
        read = [r for r in reading.resolution if r is not None]
        raise OddsError(
            f"the bet reads {len(read)} card positions ({', '.join(r or '-' for r in reading.resolution)}"
            f"{', and the drawing' if reading.drawing else ''}): its exact table would settle {count:,} rows "
            f"(about {seconds:,.0f} s and {memory / 2**30:,.1f} GiB to build), more than the {MAX_ROWS:,} "
            f"allowed; read fewer card positions, or fewer of them with ranks or suits"
        )
