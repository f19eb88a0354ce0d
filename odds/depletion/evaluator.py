"""The exact expected value of a set of bets for many shoe compositions at once.

A composition is a row of 52 card counts (rank-major, suits ``s h d c``, as
:meth:`odds.shoe.Shoe.card_counts`). For each bet the evaluator gives, per row, the expected value
of one unit bet on the next round dealt from a random order of exactly those cards, as an exact
fraction ``num / den`` with

    num = sum_outcomes scale * pays(outcome) * count(outcome),   den = scale * total deals

(``scale`` = the least common multiple of the pays' denominators, so ``num`` is an integer).

Which path computes ``num`` depends on the bet (the bet engine decides, :mod:`odds.bets.engine`);
every path is exact and a test compares each with ``game.count`` (the sheet path) on random
compositions:

* bets decided by the drawing alone (baccarat's ``state`` path): the compiled table, one pass for
  all of them (each column scaled by its own bet's ``scale``);
* bets that read single cards (pairs, first cards, Dragon Tiger, suits): their positional table,
  one pass for every bet sharing a table;
* bets a game defines in code (player-dealer baccarat's policies): ``game.count`` shoe by shoe
  (exact, slower).

The first two run through :mod:`odds.exact.kernels` (exact in one machine word; the proofs are
in that module): matrix products for the drawing and for bets that read which rank a card is, and
for bets whose ranks are interchangeable (pairs, suited pairs, Dragon Tiger's dragon/tiger/tie) a
product over the ranks of small polynomials in int64 (:class:`~odds.exact.kernels.SymmetricSum`),
whenever ``max|pay * scale| * (N)_D < 2**63`` for the batch's
largest ``N`` - the shipped drawing bets up to 824 cards (15 decks), the bets on single cards up
to hundreds of decks (perfect pair: 469) - in passes of
:data:`CHUNK` compositions (four times as many for the small kernels), with one BLAS thread
(:func:`odds.threads.single_threaded_blas`); beyond it, or when a bet's pays are too large for the kernel's
weights (``2**40``), through :meth:`~odds.exact.drawing.CompiledDeal.batch_linear` and
:meth:`~odds.exact.positional.PositionalTable.batch_dot`, exact for any shoe. Both give the same
integers (``tests/test_factored.py``). Denominators ``scale * (N)_D`` are computed with Python
integers and narrowed to int64 when they fit.

A counting run evaluates a chunk of shoes in one pass (:meth:`Evaluator.evaluate_chunk`): the
same figures, bit for bit, as a call per shoe, at about a third of the cost (docs/speed.md).
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from collections.abc import Sequence

from ..lazy import numpy as np

from ..cards import RANKS, SUITS
from ..exact.intmath import falling
from ..shoe import Shoe
from ..threads import single_threaded_blas

COUNT_LIMIT = 2**56
"""Card counts of a kind must be below this (then every int64 sum of 52 counts is exact)."""

INT64_SAFE = 2**62
"""Results below this in magnitude are handed out as int64 (:func:`_narrow`), so that a caller
may add or subtract two of them in int64."""

CARD_OF_KIND = [(rank, suit) for rank in RANKS for suit in SUITS]
"""Card kind index (0..51) -> ``(rank, suit)``."""


def value_counts(comps52: np.ndarray, ranks: np.ndarray | None = None) -> np.ndarray:
    """Rows of 52 card counts -> rows of 10 baccarat-value counts (index = value; 0 = T J Q K);
    ``ranks``: their :func:`rank_counts`, if known.

    >>> value_counts(np.arange(52)[None, :]).tolist()
    [[696, 6, 22, 38, 54, 70, 86, 102, 118, 134]]
    """
    ranks = rank_counts(comps52) if ranks is None else ranks
    out = np.empty((len(ranks), 10), dtype=np.int64)
    out[:, 1:] = ranks[:, :9]
    np.add(ranks[:, 9], ranks[:, 10], out=out[:, 0])
    out[:, 0] += ranks[:, 11]
    out[:, 0] += ranks[:, 12]
    return out


def rank_counts(comps52: np.ndarray) -> np.ndarray:
    """Rows of 52 card counts -> rows of 13 rank counts (index = rank - 1). (Four strided adds:
    numpy's sum over an axis of four is several times slower.)

    >>> rank_counts(np.arange(52)[None, :]).tolist()[0][:3]
    [6, 22, 38]
    """
    suits = np.asarray(comps52, dtype=np.int64).reshape(-1, 13, 4)
    out = suits[:, :, 0] + suits[:, :, 1]
    out += suits[:, :, 2]
    out += suits[:, :, 3]
    return out


CHUNK = 256
"""Compositions per pass of the fast path (its working arrays stay in the CPU's caches)."""


class Evaluator:
    """Exact expected values of ``bet_ids`` (all pays from ``paytable``) for many compositions."""

    def __init__(self, game, paytable, bet_ids: Sequence[str]):
        self.game = game
        self.bet_ids = list(bet_ids)
        self.pays = {b: paytable.bet(b).pays for b in self.bet_ids}
        self.scale = {b: lcm(*(p.denominator for p in self.pays[b].values())) for b in self.bet_ids}
        self.paytable = paytable
        self.compiled_bets: list[str] = []
        self.positional_bets: list[str] = []
        self.generic_bets: list[str] = []
        self._plan()

    # -- which path each bet takes ------------------------------------------------------------------
    def _plan(self) -> None:
        from ..bets.engine import compile_bet
        from ..exact.kernels import compiled_sum, positional_sum

        game = self.game
        state_columns = getattr(game, "state_columns", None)
        columns = []
        self._tables = {}
        self._columns = {}
        for bet in self.bet_ids:
            rule = self.paytable.rule(bet)
            column = state_columns(bet, self.pays[bet], self.scale[bet], self.paytable) if state_columns else None
            if column is not None:
                self.compiled_bets.append(bet)
                columns.append(column)
            elif rule.conditions is not None:
                self.positional_bets.append(bet)
                self._tables[bet] = compile_bet(game.deal, game.id, rule).table
                self._columns[bet] = [int(self.pays[bet][o.key] * self.scale[bet]) for o in rule.outcomes]
            else:
                self.generic_bets.append(bet)
        heavy = None
        if self.compiled_bets:
            self._compiled = game.compiled()
            self._folded = self._compiled.fold(np.array(columns, dtype=object).T)
            if self._compiled.kinds == 10:  # the cards of each value in a deck: 16 tens, 4 of the others
                heavy = [16] + [4] * 9
            self._compiled_sum = compiled_sum(self._compiled, self._folded, heavy)
        # positional bets on the same table (pairs, first cards) share one pass: their columns side by side
        self._groups = []
        by_table: dict = {}
        for bet in self.positional_bets:
            table = self._tables[bet]
            key = (table.factors, table.terms.tobytes(), table.ways.shape[1], table.depth)
            by_table.setdefault(key, []).append(bet)
        for bets in by_table.values():
            table = self._tables[bets[0]]
            same = [b for b in bets if np.array_equal(self._tables[b].ways, table.ways)]
            for group in [same] + [[b] for b in bets if b not in same]:
                first = self._tables[group[0]]
                matrix = np.array([self._columns[b] for b in group], dtype=object).T
                self._groups.append((group, first, positional_sum(first, matrix)))

    @property
    def paths(self) -> dict[str, str]:
        """Bet id -> the path that evaluates it (for messages and tests)."""
        out = {}
        for name, bets in (
            ("compiled", self.compiled_bets),
            ("positional", self.positional_bets),
            ("generic", self.generic_bets),
        ):
            out.update(dict.fromkeys(bets, name))
        return {b: out[b] for b in self.bet_ids}

    # -- evaluation ---------------------------------------------------------------------------------
    def _raw(self, comps: np.ndarray) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """``{bet: (num, den)}`` for rows of 52 counts (at least one row), each array int64 or
        object, not narrowed."""
        with single_threaded_blas():
            return self._raw_sums(comps)

    def _raw_sums(self, comps: np.ndarray) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        ranks = rank_counts(comps)
        n = ranks.sum(axis=1)
        largest = int(n.max())
        falls: dict[int, list[int]] = {}

        sizes, size_of_row = np.unique(n, return_inverse=True)
        size_of_row = size_of_row.reshape(-1)

        def denominators(depth: int, scale: int) -> np.ndarray:
            """``scale * (N)_depth`` per row: int64 when every one is below 2**62, else Python ints."""
            if depth not in falls:
                falls[depth] = [falling(int(x), depth) for x in sizes.tolist()]
            table = falls[depth]
            if table[-1] * scale < INT64_SAFE:  # (N)_depth grows with N: the largest row bounds all
                return np.array(table, dtype=np.int64)[size_of_row] * scale
            return np.array([x * scale for x in table], dtype=object)[size_of_row]

        if self.compiled_bets:
            compiled = self._compiled
            kernel = self._compiled_sum
            values = value_counts(comps, ranks)
            if int(n.min()) < compiled.max_cards:  # (as batch_linear says it)
                raise ValueError(f"a shoe holds {int(n.min())} cards; a round may need {compiled.max_cards}")
            if kernel is not None and kernel.kernel.applies(largest):
                digit_sums = _chunked(kernel.sums, values, kernel.kernel.width, _chunk(kernel.kernel))
                folded = self._folded
                if folded.one_digit:
                    sums = digit_sums
                else:
                    sums = np.empty((len(comps), folded.width), dtype=object)
                    for j, owned in enumerate(folded.digits):
                        value = digit_sums[:, owned[0]].astype(object)
                        for t, b in enumerate(owned[1:], start=1):
                            value = value + digit_sums[:, b].astype(object) * (1 << (8 * t))
                        sums[:, j] = value
            else:
                sums = np.asarray(compiled.batch_linear(values, self._folded), dtype=object)
            for j, bet in enumerate(self.compiled_bets):
                out[bet] = (sums[:, j], denominators(compiled.max_cards, self.scale[bet]))
        for group, table, kernel in self._groups:
            counts = comps if table.needs_suits else ranks
            if kernel is not None and kernel.kernel.applies(largest):
                sums = _chunked(kernel.sums, counts, len(group), _chunk(kernel.kernel))
            else:
                matrix = np.array([self._columns[b] for b in group], dtype=object).T
                bound = max(abs(x) for b in group for x in self._columns[b])
                sums = np.asarray(table.batch_dot(counts, matrix, bound), dtype=object)
            for j, bet in enumerate(group):
                out[bet] = (sums[:, j], denominators(table.depth, self.scale[bet]))
        if self.generic_bets:
            nums = {b: [] for b in self.generic_bets}
            dens = {b: [] for b in self.generic_bets}
            for row in comps.tolist():
                counts = self.game.count(Shoe.from_card_counts(row), self.generic_bets, self.paytable)
                for b in self.generic_bets:
                    oc = counts[b]
                    nums[b].append(sum(int(self.pays[b][k] * self.scale[b]) * c for k, c in oc.counts.items()))
                    dens[b].append(self.scale[b] * oc.total)
            for b in self.generic_bets:
                out[b] = (np.array(nums[b], dtype=object), np.array(dens[b], dtype=object))
        return {b: out[b] for b in self.bet_ids}

    def _checked(self, comps52) -> np.ndarray:
        comps = np.asarray(comps52, dtype=np.int64).reshape(-1, 52)
        if len(comps) and int(comps.max()) >= COUNT_LIMIT:  # (below it, no int64 sum of counts can wrap)
            raise ValueError(f"a composition holds {int(comps.max())} cards of one kind; at most {COUNT_LIMIT - 1}")
        return comps

    def numerators(self, comps52) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """``{bet: (num, den)}``: arrays (int64, or object holding Python ints, chosen per bet
        and per array) with ``EV = num / den`` exactly for each composition row."""
        comps = self._checked(comps52)
        if not len(comps):  # a shoe in which no round was dealt
            return {b: (np.zeros(0, dtype=np.int64), np.ones(0, dtype=np.int64)) for b in self.bet_ids}
        return {b: (_narrow(num), _narrow(den)) for b, (num, den) in self._raw(comps).items()}

    def exact(self, comps52) -> dict[str, list[Fraction]]:
        """``{bet: [EV as a Fraction per composition]}``."""
        return {
            b: [Fraction(int(x), int(y)) for x, y in zip(num.tolist(), den.tolist())]
            for b, (num, den) in self.numerators(comps52).items()
        }

    def evaluate(self, comps52, shoe_starts: Sequence[int] | None = None) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """``{bet: (positive, ev)}``: whether each EV is above zero (decided exactly, on the
        integer numerator) and the EV as float64 (for sums and charts).

        The float is ``float(num) / float(den)`` when every ``|num|`` and ``den`` of the row's
        shoe is below ``2**62``, else the correctly rounded ``num / den`` of Python integers - the
        same choice per shoe whatever else is in the batch (``shoe_starts``: the first row of each
        shoe; None: the rows are one shoe), so a run's figures do not depend on how its shoes are
        grouped."""
        comps = self._checked(comps52)
        if not len(comps):
            return {b: (np.zeros(0, dtype=bool), np.zeros(0, dtype=np.float64)) for b in self.bet_ids}
        starts = np.asarray([0] if shoe_starts is None else shoe_starts, dtype=np.int64)
        out = {}
        for bet, (num, den) in self._raw(comps).items():
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


def _chunk(kernel) -> int:
    """Rows per pass of a kernel: its own ``rows_per_pass`` if it says, else :data:`CHUNK`, or four
    times as many for a factored kernel whose parts per row are few (its working arrays still fit
    in the caches; fewer passes, less overhead: measured, such kernels take half the time per row
    at 1,024 rows as at 256)."""
    if getattr(kernel, "rows_per_pass", None):
        return kernel.rows_per_pass
    return CHUNK * 4 if kernel.elements < SMALL_KERNEL else CHUNK


SMALL_KERNEL = 1200
"""Parts per row (both sides' elements) below which a kernel takes :func:`_chunk`'s longer passes."""


def _chunked(sums, counts: np.ndarray, width: int, chunk: int = CHUNK) -> np.ndarray:
    """``sums`` over the rows in chunks of at most ``chunk`` (the kernels' working arrays are
    reused whatever the number of rows): ``(rows, width)`` int64."""
    rows = len(counts)
    out = np.empty((rows, width), dtype=np.int64)
    for start in range(0, rows, chunk):
        part = counts[start : start + chunk]
        out[start : start + len(part)] = sums(part).T
    return out


def _as_int64(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(below 2**62 in size, the values as int64 where so, 0 elsewhere)``."""
    if values.dtype != object:
        values = values.astype(np.int64)
        small = (values < INT64_SAFE) & (values > -INT64_SAFE)
        return small, np.where(small, values, 0)
    ints = values.tolist()
    small = np.array([-INT64_SAFE < int(x) < INT64_SAFE for x in ints], dtype=bool)
    return small, np.array([int(x) if ok else 0 for x, ok in zip(ints, small.tolist())], dtype=np.int64)


def _narrow(values: np.ndarray) -> np.ndarray:
    """An object array of Python ints as int64 when every entry fits, else unchanged."""
    ints = values.tolist()
    if all(-INT64_SAFE < int(x) < INT64_SAFE for x in ints):
        return np.array(ints, dtype=np.int64).reshape(values.shape)
    return values
