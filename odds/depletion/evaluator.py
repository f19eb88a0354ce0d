"""Exact expected values of a set of bets for the compositions of a counting run, and whether each
is positive.

A composition is a row of 52 card counts (rank-major, suits ``s h d c``, as
:meth:`odds.shoe.Shoe.card_counts`). The bets' plan (:class:`odds.exact.plan.Plan`) gives each
bet's expected value per row as an exact fraction ``num / den``; here a counting run's rounds
are decided positive on the exact numerator and their expectations turned into float64 for sums
and charts - a float chosen per shoe, so a run's figures do not depend on how its shoes are
grouped into chunks.

A counting run evaluates a chunk of shoes in one pass (:meth:`Evaluator.evaluate_chunk`): the
same figures, bit for bit, as a call per shoe, at about a third of the cost (docs/speed.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..cards import RANKS, SUITS
from ..exact.plan import INT64_SAFE, Plan
from ..lazy import numpy as np

CARD_OF_KIND = [(rank, suit) for rank in RANKS for suit in SUITS]
"""Card kind index (0..51) -> ``(rank, suit)``."""


class Evaluator:
    """Exact expected values of ``bet_ids`` (all pays from ``paytable``) for many compositions:
    the bets' :class:`~odds.exact.plan.Plan`, read the way a counting run needs."""

    def __init__(self, game, paytable, bet_ids: Sequence[str], fast: bool = True):
        self.game = game
        self.paytable = paytable
        self.bet_ids = list(bet_ids)
        self.plan = Plan(game, paytable, self.bet_ids, fast=fast)

    def numerators(self, comps52) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """``{bet: (num, den)}`` with ``EV = num / den`` exactly per composition
        (:meth:`odds.exact.plan.Plan.numerators`)."""
        return self.plan.numerators(_rows(comps52))

    def exact(self, comps52) -> dict[str, list[Fraction]]:
        """``{bet: [EV as a Fraction per composition]}``."""
        return self.plan.exact(_rows(comps52))

    def evaluate(self, comps52, shoe_starts: Sequence[int] | None = None) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """``{bet: (positive, ev)}``: whether each EV is above zero (decided exactly, on the
        integer numerator) and the EV as float64 (for sums and charts).

        The float is ``float(num) / float(den)`` when every ``|num|`` and ``den`` of the row's
        shoe is below ``2**62``, else the correctly rounded ``num / den`` of Python integers - the
        same choice per shoe whatever else is in the batch (``shoe_starts``: the first row of each
        shoe; None: the rows are one shoe), so a run's figures do not depend on how its shoes are
        grouped."""
        comps = _rows(comps52)
        if not len(comps):
            return {b: (np.zeros(0, dtype=bool), np.zeros(0, dtype=np.float64)) for b in self.bet_ids}
        starts = np.asarray([0] if shoe_starts is None else shoe_starts, dtype=np.int64)
        out = {}
        for bet, (num, den) in self.plan.sums(comps).items():
            small_num, num64 = _as_int64(num)
            small_den, den64 = _as_int64(den)
            small = small_num & small_den
            if small.all():
                ev = num64.astype(np.float64) / den64.astype(np.float64)
                positive = num64 > 0
            else:
                # a shoe with one big row takes the exact path for all its rows
                shoe_small = np.logical_and.reduceat(small, starts)
                row_small = np.repeat(shoe_small, np.diff(np.append(starts, len(small))))
                ev = np.empty(len(comps), dtype=np.float64)
                positive = np.empty(len(comps), dtype=bool)
                fast = np.flatnonzero(row_small)
                ev[fast] = num64[fast].astype(np.float64) / den64[fast].astype(np.float64)
                positive[fast] = num64[fast] > 0
                for i in np.flatnonzero(~row_small).tolist():
                    x, y = int(num[i]), int(den[i])
                    ev[i] = x / y
                    positive[i] = x > 0
            out[bet] = (positive, ev)
        return out

    def evaluate_shoes(self, shoes: Sequence[np.ndarray]) -> list[dict[str, tuple[np.ndarray, np.ndarray]]]:
        """:meth:`evaluate` for several shoes at once (each an array of compositions, one row per
        round), one result per shoe: the same figures, bit for bit, as one call per shoe (the
        float is chosen per shoe), at a fraction of the cost (one pass over every row).

        >>> from odds.games import get_game
        >>> from odds.paytable import load_paytable
        >>> from odds.shoe import Shoe
        >>> game = get_game("baccarat")
        >>> ev = Evaluator(game, load_paytable(game), ["banker", "player-pair"])
        >>> full = np.array([Shoe.decks(1).card_counts()] * 2)
        >>> one, two = ev.evaluate_shoes([full[:1], full])
        >>> bool((one["banker"][1] == two["banker"][1][:1]).all()), two["banker"][0].tolist()
        (True, [False, False])
        """
        sizes = [len(np.asarray(shoe).reshape(-1, 52)) for shoe in shoes]
        if not sizes:
            return []
        rows = np.concatenate([np.asarray(shoe, dtype=np.int64).reshape(-1, 52) for shoe in shoes])
        results = self.evaluate_chunk(rows, sizes)
        ends = np.cumsum(sizes).tolist()
        starts = [0] + ends[:-1]
        return [
            {b: (positive[start:end], ev[start:end]) for b, (positive, ev) in results.items()}
            for start, end in zip(starts, ends)
        ]

    def evaluate_chunk(self, rows, rounds: Sequence[int]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """:meth:`evaluate` of several shoes' rows one after the other (``rounds``: how many rows
        each shoe has), the float chosen per shoe: every bet's ``(positive, ev)`` over all rows."""
        sizes = np.asarray(rounds, dtype=np.int64)
        starts = (np.cumsum(sizes) - sizes)[sizes > 0]  # (a shoe without rounds has no row)
        return self.evaluate(rows, starts.tolist() if len(starts) else None)


def _rows(comps52) -> np.ndarray:
    return np.asarray(comps52, dtype=np.int64).reshape(-1, 52)


def _as_int64(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(below 2**62 in size, the values as int64 where so, 0 elsewhere)``."""
    if values.dtype != object:
        values = values.astype(np.int64)
        small = (values < INT64_SAFE) & (values > -INT64_SAFE)
        return small, np.where(small, values, 0)
    ints = values.tolist()
    small = np.array([-INT64_SAFE < int(x) < INT64_SAFE for x in ints], dtype=bool)
    return small, np.array([int(x) if ok else 0 for x, ok in zip(ints, small.tolist())], dtype=np.int64)
