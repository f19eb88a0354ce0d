"""The compiled-table enumerator.

The chance of an ordered deal of cards drawn without replacement depends only on the multiset of
cards it uses: for a shoe holding ``c_i`` cards of kind ``i`` (``N`` in all), an ordered deal that
uses ``k_i`` cards of each kind has weight

    prod_i c_i (c_i - 1) ... (c_i - k_i + 1)   out of   N (N - 1) ... (N - k + 1).

So a game's rules are compiled once into a table: for every multiset of up to ``max_cards`` card
kinds and every end state, the number of orderings the rules turn into that state. Evaluating a
shoe is then one weight per multiset and a sum - exact integers, no game tree. A round that ends
with ``k < max_cards`` cards is scaled by ``(N - k) ... (N - max_cards + 1)``, the orderings of the
unused cards, so every count is out of the same total ``N (N - 1) ... (N - max_cards + 1)``
("ordered max_cards-card deals").

Two evaluation paths: :meth:`CompiledDeal.exact_counts` for one shoe (int64 where a bound proves
every sum exact - up to 1,450 cards, 27 decks - else Python integers: any shoe size) and
:meth:`CompiledDeal.batch_linear` with numpy for many shoes at once, also exact for any pays and
any shoe size: float64 only on integers below 2**53, the rest modulo 2**64 (uint64) and, where a
bound says the sum may not fit in int64, modulo a few 26-bit primes, rebuilt by the Chinese
remainder theorem (:mod:`odds.exact.intmath`), pay column by pay column.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from . import intmath
from .intmath import PRIMES, falling, moduli_needed

if TYPE_CHECKING:
    from numpy.typing import ArrayLike  # numpy.typing costs every command ~10 ms at run time


@dataclass(frozen=True)
class CompiledDeal:
    """A game's rules compiled over multisets of card kinds.

    ``multisets[m]`` is the count of each kind in multiset ``m`` (shape ``(M, kinds)``);
    the table lists ``(multiset, state, orderings)`` triples as three parallel arrays;
    ``states[s]`` is the end state (any hashable) with index ``s``.
    """

    kinds: int
    max_cards: int
    multisets: np.ndarray
    table_multiset: np.ndarray
    table_state: np.ndarray
    table_ways: np.ndarray
    states: tuple[Hashable, ...]

    # -- exact path -----------------------------------------------------------------------------
    def multiset_weights(self, counts: Sequence[int], replacement: bool = False) -> list[int]:
        """Exact weight of every multiset for this composition (Python ints), scaled to
        ``max_cards``-card deals. With ``replacement`` (an infinite shoe) a kind of ``c`` cards
        drawn ``k`` times weighs ``c**k`` instead of ``(c)_k``, and the unused positions ``N**(max
        - k)``: the counts are then of the ``N**max_cards`` ordered sequences."""
        n = sum(counts)
        if n < self.max_cards and not replacement:
            raise ValueError(f"the shoe holds {n} cards; a round may need {self.max_cards}")
        draws = (lambda c, k: c**k) if replacement else falling
        fall_table = [[draws(c, k) for k in range(self.max_cards + 1)] for c in counts]
        scale = [draws(n - (0 if replacement else k), self.max_cards - k) for k in range(self.max_cards + 1)]
        weights = []
        for row, size in self._multiset_rows:
            w = scale[size]
            for kind, k in enumerate(row):
                if k:
                    w *= fall_table[kind][k]
                    if not w:
                        break
            weights.append(w)
        return weights

    def exact_counts(self, counts: Sequence[int], replacement: bool = False) -> dict[Hashable, int]:
        """Exact number of ordered ``max_cards``-card deals ending in each state.

        The counts sum to ``N (N - 1) ... (N - max_cards + 1)`` (with ``replacement``: to
        ``N**max_cards``, :meth:`multiset_weights`).
        """
        exact64 = self._int64_weights(counts, replacement)
        if exact64 is not None:
            per_state = np.zeros(len(self.states), dtype=np.int64)
            np.add.at(per_state, self.table_state, exact64[self.table_multiset] * self.table_ways)
            totals = per_state.tolist()
        else:
            weights = self.multiset_weights(counts, replacement)
            totals = [0] * len(self.states)
            for m, s, ways in self._table_rows:
                w = weights[m]
                if w:
                    totals[s] += w * ways
        return {state: total for state, total in zip(self.states, totals) if total}

    def _int64_weights(self, counts: Sequence[int], replacement: bool = False) -> np.ndarray | None:
        """:meth:`multiset_weights` as int64 when :meth:`exact_counts` may sum in int64, else None.

        Every weight, and every partial product of it, is at most the deals' total ``(N)_max``
        (``N**max`` with replacement): ``prod_i (c_i)_(k_i) <= (N)_k`` (ordered draws of those
        cards among all), and ``(N)_j (N - k)_(max - k) <= (N)_max`` for ``j <= k``. So with that
        total below 2**63 each weight is exact in int64. The counts are then sums of
        ``weight * orderings`` over some of the table's rows, every term at least 0, so each is at
        most their sum over every row, ``sum_m weight_m * orderings of multiset m`` - summed here
        in Python integers (a correct table gives the total itself): below 2**63, every sum and
        partial sum in int64 is exact. Any shoe up to 1,450 cards takes this path (about 50 ms of
        Python integers saved); past it, or for a table whose orderings break the bound, Python
        integers."""
        n = sum(counts)
        if n < self.max_cards and not replacement:
            raise ValueError(f"the shoe holds {n} cards; a round may need {self.max_cards}")
        every = n**self.max_cards if replacement else falling(n, self.max_cards)
        orderings = self._orderings
        if every >= 2**63 or orderings is None or min(counts, default=0) < 0:
            return None
        draws = (lambda c, k: c**k) if replacement else falling
        falls = np.array([[draws(c, k) for k in range(self.max_cards + 1)] for c in counts], dtype=np.int64)
        scale = np.array(
            [draws(n - (0 if replacement else k), self.max_cards - k) for k in range(self.max_cards + 1)],
            dtype=np.int64,
        )
        multisets = np.asarray(self.multisets, dtype=np.int64)
        weights: np.ndarray = scale[multisets.sum(axis=1)] * falls[np.arange(self.kinds), multisets].prod(axis=1)
        reach = sum(w * k for w, k in zip(weights.tolist(), orderings.tolist()))
        return weights if reach < 2**63 else None

    @cached_property
    def _orderings(self) -> np.ndarray | None:
        """Each multiset's orderings over every end state (int64: each table row's at most
        ``2**63 // rows``, else None)."""
        ways = np.asarray(self.table_ways, dtype=np.int64)
        if len(ways) and (int(ways.min()) < 0 or int(ways.max()) * len(ways) >= 2**63):
            return None
        out = np.zeros(len(self.multisets), dtype=np.int64)
        np.add.at(out, np.asarray(self.table_multiset, dtype=np.int64), ways)
        return out

    # -- fast path ------------------------------------------------------------------------------
    COUNT_LIMIT = 2**32
    """Shoes holding this many cards of one kind or more are summed with Python integers (then
    every int64 sum of counts is far from wrapping); no real shoe comes near."""

    def batch_linear(self, compositions: ArrayLike, folded: FoldedColumns) -> list[list[int]]:
        """For each composition (row of kind counts), ``sum_s count(s) * col[s][b]`` for every
        column ``b``: exact Python integers, a list per composition.

        Fast path, exact for any pays and any shoe size (below :attr:`COUNT_LIMIT` cards of a
        kind): each column is cut into balanced base-256 digits (:meth:`fold`), each digit
        column ``d`` is summed modulo ``2**64`` and, when ``max|d| * (N)_6 >= 2**63`` for the
        batch's largest ``N``, also modulo as many 26-bit primes as that bound needs
        (:func:`~odds.exact.intmath.moduli_needed`); the Chinese remainder theorem rebuilds each
        sum and the digits are put back together. ``max|d| * (N)_6`` bounds the sum because the
        multiset weights times their orderings add up to exactly ``(N)_6``, the ordered deals.
        With digits in ``[-128, 127]`` no prime is needed while ``128 (N)_6 < 2**63``: up to 647
        cards (12 decks) whatever the pays; one prime covers 250 decks, two 5,000. The modular
        work is done per digit column, so a bet that needs it does not slow the others. (Shoes with a kind count at or past :attr:`COUNT_LIMIT` are summed with
        Python integers, row by row.)
        """
        try:
            comps = np.asarray(compositions, dtype=np.int64)
        except OverflowError:
            comps = np.asarray(compositions, dtype=object)
        if comps.ndim != 2 or comps.shape[1] != self.kinds:
            raise ValueError(f"compositions must have {self.kinds} columns")
        if not len(comps):
            return []
        small = comps.dtype != object and int(comps.max()) < self.COUNT_LIMIT
        # every int64 sum of counts is exact below COUNT_LIMIT; else sum in Python integers
        smallest = int(comps.sum(axis=1).min()) if small else min(sum(row) for row in comps.tolist())
        if smallest < self.max_cards:
            raise ValueError(f"a shoe holds {smallest} cards; a round may need {self.max_cards}")
        if small:
            return [
                row
                for start in range(0, len(comps), self.CHUNK)
                for row in self._exact_sums(comps[start : start + self.CHUNK], folded).tolist()
            ]
        if comps.dtype == object:
            return [self._python_sums(row, folded) for row in comps.tolist()]
        fast = np.flatnonzero(comps.max(axis=1) < self.COUNT_LIMIT)
        done: dict[int, list[int]] = {}
        for start in range(0, len(fast), self.CHUNK):
            rows = fast[start : start + self.CHUNK]
            for i, sums in zip(rows.tolist(), self._exact_sums(comps[rows], folded).tolist()):
                done[i] = sums
        return [done[i] if i in done else self._python_sums(row, folded) for i, row in enumerate(comps.tolist())]

    CHUNK = 256
    """Shoes per numpy pass."""

    def _python_sums(self, row: Sequence[int], folded: FoldedColumns) -> list[int]:
        """One shoe's column sums with Python integers (the plain exact path)."""
        sums = [0] * folded.width
        for weight, q_row in zip(self.multiset_weights(row), folded.q):
            if weight:
                for b, q in enumerate(q_row):
                    sums[b] += weight * q
        return sums

    def _exact_sums(self, comps: np.ndarray, folded: FoldedColumns) -> np.ndarray:
        """The column sums of a chunk of shoes (int64 array when every sum is a one-digit column
        needing no prime, else an object array of Python ints)."""
        word = self._residue_sums(comps, folded)
        total = falling(int(comps.sum(axis=1).max()), self.max_cards)
        needs = [moduli_needed(m * total) for m in folded.digit_max]
        if not any(needs) and folded.one_digit:
            return intmath.signed_word(word)
        extra = []  # per prime: the digit columns that need it, and their residues
        for i in range(max(needs)):
            columns = tuple(b for b, k in enumerate(needs) if k > i)
            extra.append((columns, self._residue_sums(comps, folded, PRIMES[i], columns)))
        digit_sums = []
        for b, k in enumerate(needs):
            if not k:
                digit_sums.append(intmath.signed_word(word[:, b]).astype(object))
            else:
                rest = [res[:, columns.index(b)] for columns, res in extra[:k]]
                digit_sums.append(intmath.crt(word[:, b], rest, folded.digit_max[b] * total))
        out = np.empty((len(comps), folded.width), dtype=object)
        for j, owned in enumerate(folded.digits):
            value = digit_sums[owned[0]]
            for t, b in enumerate(owned[1:], start=1):
                value = value + digit_sums[b] * (1 << (intmath.DIGIT_BITS * t))
            out[:, j] = value
        return out

    def _residue_sums(
        self,
        comps: np.ndarray,
        folded: FoldedColumns,
        prime: int | None = None,
        columns: tuple[int, ...] | None = None,
    ) -> np.ndarray:
        """``sum_m weight(m) * Q[m, d]`` for each shoe and digit column ``d`` (all, or
        ``columns``), modulo ``2**64`` (``prime`` None: uint64, whose arithmetic wraps by
        definition) or modulo ``prime`` (int64 in ``[0, prime)``), without listing the weights.

        Split the kinds in two halves: a multiset ``m`` is a pair ``(a, b)`` of sub-multisets and
        ``weight(m) = A[a] * B[b] * scale(|a| + |b|)`` with ``A[a] = prod_(i in a) (c_i)_(k_i)`` (a
        few hundred values per shoe), likewise ``B``, and ``scale(k) = (N - k)_(max_cards - k)``.
        For each size ``j`` of ``b`` the sum is ``sum_b B[b] * sum_a A'[a] Q[a, b]`` with
        ``A'[a] = A[a] * scale(|a| + j)``: a dense matrix product over ``a`` (``folded.blocks``).

        Why each step is exact: the product over ``a`` runs in float64 on limbs of ``A'`` of
        ``limb_bits`` bits, chosen by :meth:`fold` so that ``2**limb_bits * max_d sum_m |Q[m, d]|
        <= 2**53``: every product and partial sum is an integer below ``2**53``, which float64
        holds exactly (in any order of summation). Everything else is ring arithmetic: uint64
        wraps modulo ``2**64`` by definition; modulo a prime ``p < 2**26`` every product of two
        residues is below ``2**52`` and the sum over ``b`` is cut into runs of at most
        ``(2**63 - 1) // (p - 1)**2`` terms, reduced after each run.
        """
        k_max = self.max_cards
        dtype = np.uint64 if prime is None else np.int64

        def reduce(x: np.ndarray) -> np.ndarray:  # in place
            return x if prime is None else np.remainder(x, prime, out=x)

        def products(factors: np.ndarray) -> np.ndarray:
            """Cumulative products along the last axis, with a leading 1 (in the ring)."""
            factors = factors.astype(np.uint64) if prime is None else factors % prime
            out = np.ones(factors.shape[:-1] + (factors.shape[-1] + 1,), dtype=dtype)
            if prime is None:
                np.cumprod(factors, axis=-1, out=out[..., 1:])  # wraps modulo 2**64
            else:
                for k in range(factors.shape[-1]):
                    out[..., k + 1] = out[..., k] * factors[..., k] % prime
            return out

        steps = np.arange(k_max)
        # falls[i, s, k] = c (c-1) ... (c-k+1) for the count c of kind i in shoe s (kind-major, so
        # each kind's table is contiguous for the gathers below)
        falls = products(np.maximum(comps.T[:, :, None] - steps, 0))
        halves = []
        for kinds, subsets, _ in self._halves:
            part = np.take(falls[kinds[0]], subsets[:, 0], axis=1)
            for j, kind in enumerate(kinds[1:], start=1):
                part *= np.take(falls[kind], subsets[:, j], axis=1)
                reduce(part)
            halves.append(part)
        first, second = halves
        # scale[s, k] = (N - k) (N - k - 1) ... (N - max_cards + 1): products from the top down
        scale = products(comps.sum(axis=1)[:, None] - steps[::-1])[:, ::-1]
        bits = folded.limb_bits
        mask = dtype((1 << bits) - 1)
        width = folded.digit_width if columns is None else len(columns)
        result = np.zeros((len(comps), width), dtype=dtype)
        for block, q in zip(folded.blocks, folded.block_matrices(columns)):
            a_part = first[:, block.a_index]
            a_part *= scale[:, block.a_sizes + block.b_size]
            reduce(a_part)
            # inner[s, b, d] = sum_a A'[s, a] Q[a, b, d], limb by limb
            inner = np.zeros((len(comps), len(block.b_index) * width), dtype=dtype)
            top, shift = int(a_part.max()), 0
            while top >> shift:
                limb = ((a_part >> dtype(shift)) & mask).astype(np.float64)
                product = (limb @ q).astype(np.int64)  # exact: an integer below 2**53
                if prime is None:
                    inner += product.view(np.uint64) << np.uint64(shift)
                else:
                    inner = (inner + product % prime * pow(2, shift, prime)) % prime
                shift += bits
            b_part = second[:, block.b_index][:, None, :]
            inner3 = inner.reshape(len(comps), len(block.b_index), width)
            if prime is None:
                result += np.matmul(b_part, inner3)[:, 0, :]
            else:
                run = max(1, (2**63 - 1) // (prime - 1) ** 2)
                for lo in range(0, len(block.b_index), run):
                    part = np.matmul(b_part[:, :, lo : lo + run], inner3[:, lo : lo + run, :])[:, 0, :]
                    result = (result + part % prime) % prime
        return result

    @cached_property
    def _multiset_rows(self) -> list[tuple[list[int], int]]:
        """Each multiset's counts and size as Python ints, for the exact path (built once)."""
        return list(zip(self.multisets.tolist(), self.multisets.sum(axis=1).tolist()))

    @cached_property
    def _table_rows(self) -> list[tuple[int, int, int]]:
        """The table's ``(multiset, state, orderings)`` triples as Python ints (built once)."""
        return list(zip(self.table_multiset.tolist(), self.table_state.tolist(), self.table_ways.tolist()))

    @cached_property
    def _halves(self) -> list[tuple[list[int], np.ndarray, np.ndarray]]:
        """For each half of the kinds: the kinds, its distinct sub-multisets, and each
        multiset's sub-multiset index."""
        out = []
        for kinds in (list(range(self.kinds // 2)), list(range(self.kinds // 2, self.kinds))):
            sub = self.multisets[:, kinds]
            (codes,) = intmath.row_keys(sub[:, ::-1])  # the last kind most significant
            _, first, index = np.unique(codes, return_index=True, return_inverse=True)
            out.append((kinds, sub[first], index))
        return out

    def fold(self, columns: ArrayLike) -> FoldedColumns:
        """Precompute ``Q`` for :meth:`batch_linear` (do it once per set of bets).

        ``columns[s][b]``: the integer pay of column ``b`` on end state ``s`` (any Python ints).
        Each column is cut into balanced base-256 digits (one digit when every entry is in
        ``[-128, 127]``, as for every shipped paytable); each digit column is folded in int64
        (``|Q| <= 720 * 128`` per multiset, far inside it).
        """
        columns = np.asarray(columns, dtype=object)
        if columns.ndim != 2 or columns.shape[0] != len(self.states):
            raise ValueError(f"columns must have one row per end state ({len(self.states)})")
        values = [[int(x) for x in row] for row in columns.tolist()]
        width = columns.shape[1]
        digits: list[tuple[int, ...]] = []
        digit_rows: list[list[int]] = []
        for j in range(width):
            column = [row[j] for row in values]
            if -128 <= min(column) and max(column) <= 127:  # one digit: the column itself
                digits.append((len(digit_rows),))
                digit_rows.append(column)
                continue
            count = max(intmath.digits_needed(x) for x in column)
            per_state = [intmath.balanced_digits(x, count) for x in column]
            digits.append(tuple(range(len(digit_rows), len(digit_rows) + count)))
            digit_rows.extend([state[t] for state in per_state] for t in range(count))
        d = np.array(digit_rows, dtype=np.int64).reshape(len(digit_rows), len(self.states)).T
        q = np.zeros((len(self.multisets), d.shape[1]), dtype=np.int64)
        np.add.at(q, self.table_multiset, self.table_ways[:, None] * d[self.table_state])
        mass = int(np.abs(q).sum(axis=0).max()) if d.shape[1] else 0
        return FoldedColumns(
            blocks=self._blocks(q),
            digit_q=q,
            limb_bits=53 - max(mass, 1).bit_length(),
            width=width,
            digits=tuple(digits),
            digit_max=tuple(int(x) for x in np.abs(d).max(axis=0)) if d.size else (0,) * d.shape[1],
        )

    def _blocks(self, q: np.ndarray) -> list[Block]:
        """``Q`` rearranged for :meth:`_residue_sums`: per size of the second half, a dense
        float64 matrix with a row per first-half sub-multiset and, per second-half one, a
        column per digit column (zero where the pair is not a multiset of the table)."""
        (_, first_subsets, first_index), (_, second_subsets, second_index) = self._halves
        first_sizes = first_subsets.sum(axis=1)
        second_sizes = second_subsets.sum(axis=1)
        width = q.shape[1]
        blocks = []
        for size in range(self.max_cards + 1):
            a_index = np.flatnonzero(first_sizes <= self.max_cards - size)
            b_index = np.flatnonzero(second_sizes == size)
            members = np.flatnonzero(second_sizes[second_index] == size)
            dense = np.zeros((len(a_index), len(b_index), width), dtype=np.float64)
            dense[np.searchsorted(a_index, first_index[members]), np.searchsorted(b_index, second_index[members])] = q[
                members
            ]
            if len(b_index) and len(a_index):
                blocks.append(Block(size, a_index, first_sizes[a_index], b_index, dense.reshape(len(a_index), -1)))
        return blocks


@dataclass(frozen=True)
class Block:
    """One size ``b_size`` of the second half's sub-multisets (see ``CompiledDeal._residue_sums``)."""

    b_size: int
    a_index: np.ndarray
    a_sizes: np.ndarray
    b_index: np.ndarray
    q: np.ndarray


@dataclass(frozen=True)
class FoldedColumns:
    """Per-multiset column sums ``Q`` ready for :meth:`CompiledDeal.batch_linear`.

    The fast path works on *digit columns*: column ``b`` is ``sum_t 256**t * D[digits[b][t]]``
    with every entry of a digit column ``D`` in ``[-128, 127]``."""

    blocks: list[Block]
    """Per size of the second half, the digit columns' ``Q`` as dense float64 matrices."""
    digit_q: np.ndarray
    """``Q[m, d]`` of the digit columns (int64: at most ``720 * 128`` in magnitude)."""
    limb_bits: int
    """Bits per float64 limb: ``2**limb_bits * max_d sum_m |Q[m, d]| <= 2**53``."""
    width: int
    """Number of columns."""
    digits: tuple[tuple[int, ...], ...] = ()
    """Per column, its digit columns, least significant first."""
    digit_max: tuple[int, ...] = ()
    """Per digit column, its largest ``|entry|`` (at most 128)."""
    _subsets: dict[tuple[int, ...], list[np.ndarray]] = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def q(self) -> list[list[int]]:
        """``Q[m][b]`` of the columns as Python integers, for the plain exact path (built on
        first use)."""
        exact = np.zeros((self.digit_q.shape[0], self.width), dtype=object)
        for j, owned in enumerate(self.digits):
            for t, b in enumerate(owned):
                exact[:, j] = exact[:, j] + self.digit_q[:, b].astype(object) * (1 << (intmath.DIGIT_BITS * t))
        return exact.tolist()

    def join(self, digit_sums: np.ndarray) -> np.ndarray:
        """The columns' sums from their digit columns' sums ``(rows, digit columns)`` (int64):
        the same array when every column is one digit, else Python integers."""
        if self.one_digit:
            return digit_sums
        out = np.empty((len(digit_sums), self.width), dtype=object)
        for j, owned in enumerate(self.digits):
            value = digit_sums[:, owned[0]].astype(object)
            for t, b in enumerate(owned[1:], start=1):
                value = value + digit_sums[:, b].astype(object) * (1 << (intmath.DIGIT_BITS * t))
            out[:, j] = value
        return out

    @property
    def digit_width(self) -> int:
        return len(self.digit_max)

    @property
    def one_digit(self) -> bool:
        """Whether every column is its own single digit column."""
        return all(len(d) == 1 for d in self.digits)

    def block_matrices(self, columns: tuple[int, ...] | None) -> list[np.ndarray]:
        """Each block's matrix restricted to some digit columns (all when None; cached)."""
        if columns is None or len(columns) == self.digit_width:
            return [block.q for block in self.blocks]
        if columns not in self._subsets:
            self._subsets[columns] = [
                np.ascontiguousarray(
                    block.q.reshape(len(block.a_index), len(block.b_index), -1)[:, :, list(columns)]
                ).reshape(len(block.a_index), -1)
                for block in self.blocks
            ]
        return self._subsets[columns]


def compile_deal(
    kinds: int,
    max_cards: int,
    play: Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]],
    decode: Callable[[int], Hashable],
) -> CompiledDeal:
    """Compile a game whose rounds use at most ``max_cards`` cards of ``kinds`` kinds.

    ``play`` takes every ordered sequence of ``max_cards`` kinds as an int array of shape
    ``(kinds**max_cards, max_cards)`` and returns, per row, the number of cards the round uses and
    an integer end-state code; ``decode`` turns a code into the state. A round that ends early is
    counted once (rows whose unused positions are not all kind 0 are dropped), by the multiset of
    the cards it used.
    """
    grid = np.indices((kinds,) * max_cards).reshape(max_cards, -1).T.astype(np.int64)
    used, codes = play(grid)
    position = np.arange(max_cards)[None, :]
    canonical = ~((position >= used[:, None]) & (grid != 0)).any(axis=1)
    grid, used, codes = grid[canonical], used[canonical], codes[canonical]
    in_hand = position < used[:, None]
    counts = [((grid == kind) & in_hand).sum(axis=1) for kind in range(kinds)]
    state_codes, state_index = np.unique(codes, return_inverse=True)
    # (multiset, state) pairs as keys: the kinds' counts (each at most max_cards), the state
    packing = intmath.Packing((max_cards + 1,) * kinds + (len(state_codes),))
    pair_codes, ways = np.unique(packing.pack(counts + [state_index.reshape(-1)]), return_counts=True)
    *pair_counts, table_state = packing.unpack(pair_codes)
    pair_multisets = np.stack(pair_counts, axis=1)
    (multiset_keys,) = intmath.row_keys(pair_multisets)
    _, first, table_multiset = np.unique(multiset_keys, return_index=True, return_inverse=True)
    multisets = pair_multisets[first]
    return CompiledDeal(
        kinds=kinds,
        max_cards=max_cards,
        multisets=multisets,
        table_multiset=table_multiset.astype(np.int64),
        table_state=table_state.astype(np.int64),
        table_ways=ways.astype(np.int64),
        states=tuple(decode(int(c)) for c in state_codes),
    )
