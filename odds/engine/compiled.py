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

Two evaluation paths: :meth:`CompiledDeal.exact_counts` with Python integers (any shoe size) and
:meth:`CompiledDeal.batch_linear` with numpy int64 for many shoes at once, used only where a bound
proves no intermediate value can reach 2**63 (else it falls back to Python integers).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Hashable, Sequence

import numpy as np

from ..counting import falling

INT64_LIMIT = 2**63 - 1


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
    states: tuple

    # -- exact path -----------------------------------------------------------------------------
    def multiset_weights(self, counts: Sequence[int]) -> list[int]:
        """Exact weight of every multiset for this composition (Python ints), scaled to
        ``max_cards``-card deals."""
        n = sum(counts)
        if n < self.max_cards:
            raise ValueError(f"the shoe holds {n} cards; a round may need {self.max_cards}")
        fall_table = [[falling(c, k) for k in range(self.max_cards + 1)] for c in counts]
        scale = [falling(n - k, self.max_cards - k) for k in range(self.max_cards + 1)]
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

    def exact_counts(self, counts: Sequence[int]) -> dict[Hashable, int]:
        """Exact number of ordered ``max_cards``-card deals ending in each state.

        The counts sum to ``N (N - 1) ... (N - max_cards + 1)``.
        """
        weights = self.multiset_weights(counts)
        totals = [0] * len(self.states)
        for m, s, ways in self._table_rows:
            w = weights[m]
            if w:
                totals[s] += w * ways
        return {state: total for state, total in zip(self.states, totals) if total}

    # -- fast path ------------------------------------------------------------------------------
    def state_matrix(self, columns) -> list[list[int]]:
        """Fold the table with per-state integer columns: ``Q[m][b] = sum_s ways(m, s) * col[s][b]``
        (Python ints, so exact whatever the columns)."""
        cols = [[int(x) for x in row] for row in np.asarray(columns, dtype=object).tolist()]
        width = len(cols[0]) if cols else 0
        q = [[0] * width for _ in range(len(self.multisets))]
        for m, s, ways in self._table_rows:
            row, col = q[m], cols[s]
            for b in range(width):
                if col[b]:
                    row[b] += ways * col[b]
        return q

    def batch_linear(self, compositions: np.ndarray, folded: "FoldedColumns") -> list[list[int]]:
        """For each composition (row of kind counts), ``sum_s count(s) * col[s][b]`` for every
        column ``b``: exact integers.

        The fast path needs ``max|col| * N (N-1) ... (N - max_cards + 1) < 2**63`` for every shoe
        in the batch (8 decks: 30 * 5.0e15 = 1.5e17). Why that suffices: every multiset weight is
        at most that falling product (choosing ordered distinct cards) and the weights times their
        orderings sum to exactly it, so the true result and every weight fit in int64. The dot
        sum itself runs in float64 on limbs (see :meth:`_exact_sums`). Shoes
        outside the bound (with pays up to 30 to 1, above about 15 decks) are summed with Python integers.
        """
        comps = np.asarray(compositions, dtype=np.int64)
        if comps.ndim != 2 or comps.shape[1] != self.kinds:
            raise ValueError(f"compositions must have {self.kinds} columns")
        sizes = comps.sum(axis=1)
        if len(sizes) and sizes.min() < self.max_cards:
            raise ValueError(f"a shoe holds {int(sizes.min())} cards; a round may need {self.max_cards}")
        biggest = int(sizes.max()) if len(sizes) else 0
        if folded.blocks is None or folded.max_abs * falling(biggest, self.max_cards) > INT64_LIMIT:
            out = []
            for row in comps.tolist():
                sums = [0] * folded.width
                for weight, q_row in zip(self.multiset_weights(row), folded.q):
                    if weight:
                        for b, q in enumerate(q_row):
                            sums[b] += weight * q
                out.append(sums)
            return out
        out = np.empty((len(comps), folded.width), dtype=np.int64)
        for start in range(0, len(comps), self.CHUNK):
            chunk = comps[start : start + self.CHUNK]
            out[start : start + len(chunk)] = self._exact_sums(chunk, folded)
        return out.tolist()

    CHUNK = 256
    """Shoes per numpy pass."""

    def _exact_sums(self, comps: np.ndarray, folded: "FoldedColumns") -> np.ndarray:
        """``sum_m weight(m) * Q[m]`` for each shoe, exactly, without listing the weights.

        Split the kinds in two halves: a multiset ``m`` is a pair ``(a, b)`` of sub-multisets and
        ``weight(m) = A[a] * B[b] * scale(|a| + |b|)`` with ``A[a] = prod_(i in a) (c_i)_(k_i)`` (a
        few hundred values per shoe), likewise ``B``, and ``scale(k) = (N - k)_(max_cards - k)``.
        For each size ``j`` of ``b`` the sum is ``sum_b B[b] * sum_a A'[a] Q[a, b]`` with
        ``A'[a] = A[a] * scale(|a| + j)``: a dense matrix product over ``a`` (``folded.blocks``).

        Exactness: the product runs in float64 on limbs of ``A'`` of ``limb_bits`` bits, chosen so
        that ``2**limb_bits * max_b sum_m |Q[m, b]| <= 2**53``; every product and partial sum is
        then an integer below 2**53, which float64 holds exactly. The rest is int64 arithmetic,
        which wraps modulo 2**64; since the true result fits in int64 (proved by the caller), the
        wrapped result is the true one.
        """
        k_max = self.max_cards
        # falls[i, s, k] = c (c-1) ... (c-k+1) for the count c of kind i in shoe s (kind-major, so
        # each kind's table is contiguous for the gathers below)
        falls = np.ones((comps.shape[1], comps.shape[0], k_max + 1), dtype=np.int64)
        counts = comps.T
        for k in range(1, k_max + 1):
            falls[:, :, k] = falls[:, :, k - 1] * np.maximum(counts - (k - 1), 0)
        halves = []
        for kinds, subsets, _ in self._halves:
            part = np.take(falls[kinds[0]], subsets[:, 0], axis=1)
            for j, kind in enumerate(kinds[1:], start=1):
                part *= np.take(falls[kind], subsets[:, j], axis=1)
            halves.append(part)
        first, second = halves
        n = comps.sum(axis=1)
        scale = np.ones((len(n), k_max + 1), dtype=np.int64)
        for size in range(k_max + 1):
            for j in range(size, k_max):
                scale[:, size] *= n - j
        bits = folded.limb_bits
        mask = (1 << bits) - 1
        result = np.zeros((len(comps), folded.width), dtype=np.int64)
        for block in folded.blocks:
            a_part = first[:, block.a_index] * scale[:, block.a_sizes + block.b_size]
            # inner[s, b, c] = sum_a A'[s, a] Q[a, b, c], limb by limb (then wrapping int64)
            inner = np.zeros((len(comps), len(block.b_index) * folded.width), dtype=np.int64)
            top, shift = int(a_part.max()), 0
            while top >> shift:
                limb = ((a_part >> shift) & mask).astype(np.float64)
                inner += (limb @ block.q).astype(np.int64) << shift
                shift += bits
            b_part = second[:, block.b_index][:, None, :]
            result += np.matmul(b_part, inner.reshape(len(comps), len(block.b_index), folded.width))[:, 0, :]
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
    def _halves(self):
        """For each half of the kinds: the kinds, its distinct sub-multisets, and each
        multiset's sub-multiset index."""
        out = []
        for kinds in (list(range(self.kinds // 2)), list(range(self.kinds // 2, self.kinds))):
            sub = self.multisets[:, kinds]
            codes = (sub * (self.max_cards + 1) ** np.arange(len(kinds))).sum(axis=1)
            _, first, index = np.unique(codes, return_index=True, return_inverse=True)
            out.append((kinds, sub[first], index))
        return out

    def fold(self, columns: np.ndarray) -> "FoldedColumns":
        """Precompute ``Q`` for :meth:`batch_linear` (do it once per set of bets)."""
        columns = np.asarray(columns, dtype=object)
        max_abs = max((abs(int(x)) for x in columns.ravel()), default=0)
        width = columns.shape[1]
        if max_abs >= 2**31:
            return FoldedColumns(None, self.state_matrix(columns), max_abs, 0, width)
        # |Q| <= (orderings of a multiset, at most max_cards!) * max_abs: far inside int64
        q = np.zeros((len(self.multisets), width), dtype=np.int64)
        np.add.at(q, self.table_multiset, self.table_ways[:, None] * columns.astype(np.int64)[self.table_state])
        column_mass = int(np.abs(q).sum(axis=0).max()) if width else 0
        if column_mass >= 2**50:
            # columns too large for float64 limbs of at least 3 bits: Python integers only
            return FoldedColumns(None, q.tolist(), max(max_abs, 1), 0, width)
        return FoldedColumns(
            blocks=self._blocks(q),
            q=q.tolist(),
            max_abs=max(max_abs, 1),
            limb_bits=53 - max(column_mass, 1).bit_length(),
            width=width,
        )

    def _blocks(self, q: np.ndarray) -> list["Block"]:
        """``Q`` rearranged for :meth:`_exact_sums`: per size of the second half, a dense
        float64 matrix with a row per first-half sub-multiset and, per second-half one, a
        column per output column (zero where the pair is not a multiset of the table)."""
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
            dense[np.searchsorted(a_index, first_index[members]),
                  np.searchsorted(b_index, second_index[members])] = q[members]
            if len(b_index) and len(a_index):
                blocks.append(Block(size, a_index, first_sizes[a_index], b_index,
                                    dense.reshape(len(a_index), -1)))
        return blocks


@dataclass(frozen=True)
class Block:
    """One size ``b_size`` of the second half's sub-multisets (see ``CompiledDeal._exact_sums``)."""

    b_size: int
    a_index: np.ndarray
    a_sizes: np.ndarray
    b_index: np.ndarray
    q: np.ndarray


@dataclass(frozen=True)
class FoldedColumns:
    """Per-multiset column sums ``Q`` ready for :meth:`CompiledDeal.batch_linear`;
    ``blocks`` is None when only Python integers will do."""

    blocks: list[Block] | None
    q: list[list[int]]
    """``Q[m][b]`` as Python integers, for shoes beyond the fast path's bound."""
    max_abs: int
    limb_bits: int
    width: int


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
    multiset_code = np.zeros(len(grid), dtype=np.int64)
    for kind in range(kinds):
        multiset_code = multiset_code * (max_cards + 1) + ((grid == kind) & in_hand).sum(axis=1)
    state_codes, state_index = np.unique(codes, return_inverse=True)
    pair_codes, ways = np.unique(multiset_code * len(state_codes) + state_index, return_counts=True)
    multiset_codes, table_multiset = np.unique(pair_codes // len(state_codes), return_inverse=True)
    table_state = pair_codes % len(state_codes)
    multisets = np.zeros((len(multiset_codes), kinds), dtype=np.int64)
    rest = multiset_codes.copy()
    for kind in reversed(range(kinds)):
        multisets[:, kind] = rest % (max_cards + 1)
        rest //= max_cards + 1
    return CompiledDeal(
        kinds=kinds,
        max_cards=max_cards,
        multisets=multisets,
        table_multiset=table_multiset.astype(np.int64),
        table_state=table_state.astype(np.int64),
        table_ways=ways.astype(np.int64),
        states=tuple(decode(int(c)) for c in state_codes),
    )
