"""Positional tables: exact counts of bets that read single cards (ranks, suits, values by position).

A bet written as conditions reads some features; each feature says which card positions (in
dealing order) it reads and how finely - baccarat value, rank, or card (rank and suit) - and
whether it needs the drawing (:mod:`odds.bets.features`). The engine enumerates, once per bet,
every sequence of *kinds* at those resolutions (a value-level position takes 10 kinds, a rank-level
one 13, a card-level one 52; a position the bet never reads is not enumerated), settles each
sequence with the game's rules and the bet's conditions, and groups the sequences by the multiset
of kinds they use. That is the table: ``(multiset, outcome, orderings)``.

Why a multiset suffices. The kinds form a laminar family: a card lies in one rank, a rank in one
value. The number of ordered ways to deal distinct physical cards into positions whose kinds are
given depends only on the multiset of kinds, and is, taking the finest kinds first:

    prod over cards k     (c_k)_(m_k)
    prod over ranks r     (c_r - cards of rank r already taken)_(m_r)
    prod over values v    (c_v - cards and ranks of value v already taken)_(m_v)
    times                 (N - m)_(P - m)     for the positions not read (any of the other cards)

with ``(x)_j = x (x-1) ... (x-j+1)``, ``m`` kinds read in all and ``P`` the cards a round may use
(6 for baccarat: "ordered six-card deals"). Summing orderings times that weight over the table
counts every outcome exactly, for any composition.

Suit symmetry. Most card-level bets (pairs, Perfect Pair, Tiger Pair) do not care which suits
appear, only how they repeat within a rank. When every multiset's outcome counts are the same for
every permutation of the suits within each rank, the members of each orbit are merged into one
term whose weight is the sum over the orbit - per rank, a sum over suit multisets of one shape
(e.g. "two of one suit") - so a Perfect Pair table shrinks from 341,000 terms to a few thousand.
The merge is checked, not assumed: an orbit is merged only when all its members are present with
equal counts.

Exactness: :meth:`PositionalTable.counts` uses Python integers. :meth:`PositionalTable.batch_dot`
(many shoes at once, for batches and depletion) uses numpy int64 only when
``max|column| * (N)_P < 2**63``, which bounds every intermediate (each partial product of a term's
factors counts ordered partial deals, at most ``(N)_P``, and the terms' orderings times weights sum
to ``(N)_P``), and Python integers otherwise.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from functools import cached_property
from math import factorial
from collections.abc import Callable

import numpy as np

from ..cards import baccarat_value
from .intmath import Packing, falling, row_keys

KINDS = {"value": 10, "rank": 13, "card": 52}
SLOT_BASE = {"value": 0, "rank": 10, "card": 23}
NO_SLOT = 75
"""Slot ids: values 0-9, ranks 10-22 (A..K), cards 23-74 (rank-major, suits s h d c); 75: none."""
RADIX = 76
INT64_LIMIT = 2**63 - 1
CHUNK_ROWS = 1 << 20
ENUMERATION_LIMIT = 60_000_000
"""Most sequences a bet's table may enumerate (a bet reading four cards with suits: 52**4 = 7.3M)."""

RANK_VALUE = [baccarat_value(r) for r in range(1, 14)]
RANK_TO_VALUE = np.array([[RANK_VALUE[r] == v for v in range(10)] for r in range(13)], dtype=np.int64)


@dataclass(frozen=True)
class Reading:
    """What a bet needs from the deal: per position, the resolution it is read at (None: not
    read), and whether the drawing is needed (then every dealt card's value is read)."""

    resolution: tuple[str | None, ...]
    drawing: bool

    @property
    def finest(self) -> str:
        """The finest resolution read: what the shoe must know (``value``, ``rank`` or ``card``)."""
        order = ["value", "rank", "card"]
        levels = [order.index(r) for r in self.resolution if r is not None]
        return order[max(levels)] if levels else "value"

    @property
    def size(self) -> int:
        """Sequences the table enumerates."""
        out = 1
        for r in self.resolution:
            if r is not None:
                out *= KINDS[r]
        return out


def reading_of(specs, names, positions: int) -> Reading:
    """The :class:`Reading` of a bet reading the features ``names`` (``specs``: the game's
    feature specs). The drawing needs every position's value."""
    order = [None, "value", "rank", "card"]
    level = [0] * positions
    drawing = False
    for name in names:
        spec = specs[name]
        drawing |= spec.drawing
        for position, resolution in spec.reads:
            level[position] = max(level[position], order.index(resolution))
    if drawing:
        level = [max(x, 1) for x in level]
    return Reading(tuple(order[x] for x in level), drawing)


@dataclass(frozen=True)
class CardModel:
    """How a card game deals and what its features are, for the positional tables.

    ``state(values)`` plays the drawing over rows of card values (None for games without one) and
    returns arrays including ``used`` (cards each round uses); ``features(state, values, ranks,
    suits, names)`` returns the named features' arrays."""

    name: str
    positions: int
    state: Callable | None
    features: Callable
    always_dealt: int | None = None
    """Positions every round deals (baccarat: 4); beyond them a round may end early."""


# -- building a table --------------------------------------------------------------------------------


def _kind_arrays(resolution: str | None, kinds: np.ndarray):
    """(value, rank, suit) arrays of kind indices at a resolution; -1 where not known."""
    minus = np.full(kinds.shape, -1, dtype=np.int64)
    if resolution is None:
        return minus, minus, minus
    if resolution == "value":
        return kinds, minus, minus
    if resolution == "rank":
        ranks = kinds + 1
        return np.asarray(RANK_VALUE, dtype=np.int64)[kinds], ranks, minus
    ranks = kinds // 4 + 1
    return np.asarray(RANK_VALUE, dtype=np.int64)[ranks - 1], ranks, kinds % 4


def build_table(
    model: CardModel, reading: Reading, decide: Callable, outcomes: int, restrict: dict[int, list[int]] | None = None
) -> PositionalTable:
    """Enumerate every sequence of kinds the reading needs, settle it, and group by multiset.

    ``decide(state, values, ranks, suits) -> outcome index per row`` settles a chunk of rows (a
    bet's conditions); there are ``outcomes`` outcomes. ``restrict`` (position -> the kinds it
    may hold, at its resolution) enumerates only those kinds there: for cards already seen,
    whose other kinds a condition would discard anyway.
    """
    from ..errors import OddsError

    size = 1
    for p, r in enumerate(reading.resolution):
        if r is not None:
            size *= len((restrict or {}).get(p, range(KINDS[r])))
    if size > ENUMERATION_LIMIT:
        raise OddsError(
            f"the bet reads {sum(r is not None for r in reading.resolution)} card positions "
            f"({', '.join(r or '-' for r in reading.resolution)}): an exact table would "
            f"enumerate {size:,} sequences, more than the {ENUMERATION_LIMIT:,} allowed; "
            f"read fewer positions with suits"
        )
    read_at = [p for p, r in enumerate(reading.resolution) if r is not None]
    allowed = [
        np.asarray((restrict or {}).get(p, range(KINDS[reading.resolution[p]])), dtype=np.int64) for p in read_at
    ]
    keys_all, ways_all = [], []
    for kinds in _enumerate(model, reading, read_at, allowed):
        keys, ways = _settle_chunk(model, reading, read_at, kinds, decide, outcomes)
        keys_all.append(keys)
        ways_all.append(ways)
    keys = np.concatenate(keys_all)
    ways = np.concatenate(ways_all)
    unique, inverse = np.unique(keys, return_inverse=True)
    totals = _sum_by(inverse, ways, len(unique))
    return PositionalTable.from_keys(model.positions, unique, totals, outcomes)


def _product_chunks(allowed, chunk_rows: int = CHUNK_ROWS):
    """Every combination of the allowed kinds (one column per read position), in chunks of at
    most about ``chunk_rows`` rows (chunked over the leading positions)."""
    sizes = [len(a) for a in allowed]
    lead = 0
    while lead < len(sizes) and int(np.prod(sizes[lead:], dtype=np.int64)) > chunk_rows:
        lead += 1
    for prefix in itertools.product(*(range(s) for s in sizes[:lead])):
        tail = sizes[lead:]
        grid = np.indices(tail).reshape(len(tail), -1).T.astype(np.int64) if tail else np.zeros((1, 0), np.int64)
        kinds = np.empty((len(grid), len(sizes)), dtype=np.int64)
        kinds[:, :lead] = np.asarray(prefix, dtype=np.int64)
        kinds[:, lead:] = grid
        for j, a in enumerate(allowed):
            kinds[:, j] = a[kinds[:, j]]
        yield kinds


def _enumerate(model, reading, read_at, allowed):
    """The sequences to settle, in chunks (one column of kinds per read position; -1 at a
    position the round does not deal).

    With the drawing, the positions every round deals are enumerated first, and a later
    position only for the rounds that deal it: a round that ends early appears once, not once
    per kind of the cards it never uses (about three times fewer rows for baccarat)."""
    always = model.always_dealt
    if not reading.drawing or always is None or model.state is None:
        yield from _product_chunks(allowed)
        return
    first = [j for j, p in enumerate(read_at) if p < always]
    later = [j for j, p in enumerate(read_at) if p >= always]
    growth = int(np.prod([len(allowed[j]) for j in later], dtype=np.int64)) if later else 1
    for head in _product_chunks([allowed[j] for j in first], max(1, CHUNK_ROWS // growth)):
        pending = np.full((len(head), len(read_at)), -1, dtype=np.int64)
        pending[:, first] = head
        for j in later:
            position = read_at[j]
            values = np.zeros((len(pending), model.positions), dtype=np.int64)
            for i, p in enumerate(read_at):
                dealt = pending[:, i] >= 0
                values[dealt, p] = _kind_arrays(reading.resolution[p], pending[dealt, i])[0]
            used = model.state(values)["used"]
            done = used <= position
            if done.any():
                yield pending[done]
            pending = pending[~done]
            if not len(pending):
                break
            expanded = np.repeat(pending, len(allowed[j]), axis=0)
            expanded[:, j] = np.tile(allowed[j], len(pending))
            pending = expanded
        if len(pending):
            yield pending


def _settle_chunk(model, reading, read_at, kinds, decide, outcomes: int):
    undealt_kinds = kinds < 0
    kinds = np.where(undealt_kinds, 0, kinds)
    rows = len(kinds)
    positions = model.positions
    values = np.full((rows, positions), -1, dtype=np.int64)
    ranks = values.copy()
    suits = values.copy()
    slots = np.full((rows, positions), NO_SLOT, dtype=np.int64)
    for j, p in enumerate(read_at):
        res = reading.resolution[p]
        values[:, p], ranks[:, p], suits[:, p] = _kind_arrays(res, kinds[:, j])
        slots[:, p] = np.where(undealt_kinds[:, j], NO_SLOT, SLOT_BASE[res] + kinds[:, j])
    state = None
    if reading.drawing:
        state = model.state(values)
        used = state["used"]
        # a round that ends early is counted once, by the cards it used: its undealt positions
        # must hold kind 0 (every other kind there would repeat the same round)
        keep = np.ones(rows, dtype=bool)
        for j, p in enumerate(read_at):
            undealt = used <= p
            keep &= ~(undealt & (kinds[:, j] != 0))
            slots[undealt, p] = NO_SLOT
        values, ranks, suits, slots = values[keep], ranks[keep], suits[keep], slots[keep]
        state = {k: v[keep] for k, v in state.items()}
    outcome = decide(state, values, ranks, suits)
    slots.sort(axis=1)
    keys = multiset_outcome_packing(positions, outcomes).pack(
        [slots[:, i] for i in reversed(range(positions))] + [outcome]
    )
    unique, counts = np.unique(keys, return_counts=True)
    return unique, counts.astype(np.int64)


def multiset_outcome_packing(positions: int, outcomes: int) -> Packing:
    """A multiset of slots (sorted, one per position; the last position's slot most significant)
    and an outcome as one key: int64 while
    ``RADIX**positions * outcomes`` fits (baccarat: ``76**6 * outcomes``, up to 47 million
    outcomes), Python integers past it (:class:`odds.exact.intmath.Packing`)."""
    return Packing((RADIX,) * positions + (outcomes,))


# -- the table -----------------------------------------------------------------------------------


def _shape(multiplicities) -> tuple[int, ...]:
    return tuple(sorted((m for m in multiplicities if m), reverse=True))


def _orbit_size(shape: tuple[int, ...]) -> int:
    """Distinct multisets of the 4 suits with this shape (parts = how often each suit appears)."""
    if not shape:
        return 1
    size = factorial(4) // factorial(4 - len(shape))
    for part in set(shape):
        size //= factorial(shape.count(part))
    return size


ORBIT_SIZES = np.zeros(7**4, dtype=np.int64)
for _m in itertools.product(range(7), repeat=4):
    if sum(_m) <= 6:
        ORBIT_SIZES[int(np.dot(sorted(_m, reverse=True), [343, 49, 7, 1]))] = _orbit_size(_shape(_m))
"""Suit shape code (see :meth:`PositionalTable.from_keys`) -> how many suit multisets have it."""

SUIT_MULTISETS = {
    size: [m for m in itertools.product(range(size + 1), repeat=4) if sum(m) == size] for size in range(1, 7)
}


@dataclass(frozen=True)
class PositionalTable:
    """Terms ``(factors, orderings per outcome)``: the count of outcome ``o`` for a shoe is
    ``sum over terms of ways[t, o] * prod of the term's factors`` (module docstring).

    Factors: ``("card", k, m)`` = (c_k)_m; ``("shape", r, shape)`` = the sum over suit multisets of
    rank r with that shape of prod (c_(r,s))_(m_s); ``("rank", r, finer, m)`` = (c_r - finer)_m;
    ``("value", v, finer, m)`` = (c_v - finer)_m; ``("rest", m)`` = (N - m)_(P - m).
    """

    positions: int
    factors: tuple[tuple, ...]
    terms: np.ndarray
    """(T, 8) factor indices per term, padded with the index of the constant factor."""
    ways: np.ndarray
    """(T, outcomes) orderings."""

    @property
    def needs_suits(self) -> bool:
        return any(f[0] in ("card", "shape") for f in self.factors)

    @property
    def needs_ranks(self) -> bool:
        return any(f[0] == "rank" for f in self.factors) or self.needs_suits

    @classmethod
    def from_keys(cls, positions: int, keys: np.ndarray, ways: np.ndarray, outcomes: int) -> PositionalTable:
        """The table from ``(key of multiset and outcome, orderings)`` pairs
        (:func:`multiset_outcome_packing`), suit orbits merged where every member is present with
        equal counts (module docstring). Vectorised: a table may hold hundreds of thousands of
        multisets."""
        *columns, outcome = multiset_outcome_packing(positions, outcomes).unpack(keys)
        # (the last position's slot is the most significant: columns come last slot first)
        all_slots = np.stack(columns[::-1], axis=1) if columns else np.zeros((len(outcome), 0), dtype=np.int64)
        (multiset_keys,) = row_keys(all_slots[:, ::-1])
        _, first, inverse = np.unique(multiset_keys, return_index=True, return_inverse=True)
        table = _sum_by(inverse.reshape(-1) * outcomes + outcome, ways, len(first) * outcomes).reshape(-1, outcomes)
        m_count = len(first)
        slots = all_slots[first]
        # per multiset: cards per (rank, suit), ranks read at rank level, values read at value level
        suit_counts = _slot_counts(slots, SLOT_BASE["card"], 52).reshape(m_count, 13, 4)
        rank_counts = _slot_counts(slots, SLOT_BASE["rank"], 13)
        value_counts = _slot_counts(slots, SLOT_BASE["value"], 10)
        shape_codes = -np.sort(-suit_counts, axis=2) @ np.array([343, 49, 7, 1], dtype=np.int64)
        # suit orbits: same coarse slots, same suit shape per rank
        coarse = np.concatenate([rank_counts, value_counts, shape_codes], axis=1)
        coarse = np.ascontiguousarray(coarse.astype(np.int16))
        as_bytes = coarse.view(np.dtype((np.void, coarse.dtype.itemsize * coarse.shape[1]))).ravel()
        _, first, orbit, present = np.unique(as_bytes, return_index=True, return_inverse=True, return_counts=True)
        orbit = orbit.reshape(-1)
        size = np.ones(len(first), dtype=np.int64)
        for r in range(13):
            size *= ORBIT_SIZES[shape_codes[first, r]]
        differs = (table != table[first[orbit]]).any(axis=1)
        uneven = np.bincount(orbit, weights=differs, minlength=len(first)) > 0
        merge = (size > 1) & (present == size) & ~uneven
        # the terms: one per merged orbit (its first member, suit shapes), one per other multiset
        merged_rows = first[merge]
        single_rows = np.flatnonzero(~merge[orbit])
        rows = np.concatenate([merged_rows, single_rows])
        merged = np.concatenate([np.ones(len(merged_rows), bool), np.zeros(len(single_rows), bool)])
        suits, ranks, values, shapes = suit_counts[rows], rank_counts[rows], value_counts[rows], shape_codes[rows]
        taken_rank = suits.sum(axis=2)
        taken_value = (taken_rank + ranks) @ RANK_TO_VALUE
        term_of, factor_code = [], []

        def add(term, code):
            term_of.append(term)
            factor_code.append(code)

        # cards (or, merged, each rank's suit shape), then ranks, values and the unread positions
        t, r = np.nonzero(shapes * merged[:, None])
        add(t, _code(2, r, shapes[t, r], 0))
        t, r, s = np.nonzero(suits * ~merged[:, None, None])
        add(t, _code(1, 4 * r + s, 0, suits[t, r, s]))
        t, r = np.nonzero(ranks)
        add(t, _code(3, r, taken_rank[t, r], ranks[t, r]))
        t, v = np.nonzero(values)
        add(t, _code(4, v, taken_value[t, v], values[t, v]))
        used = suits.sum(axis=(1, 2)) + ranks.sum(axis=1) + values.sum(axis=1)
        t = np.flatnonzero(used < positions)
        add(t, _code(5, used[t], 0, 0))
        term_of, factor_code = np.concatenate(term_of), np.concatenate(factor_code)
        order = np.lexsort((factor_code, term_of))  # stable layout: each term's factors sorted
        term_of, factor_code = term_of[order], factor_code[order]
        unique_codes, factor_id = np.unique(np.concatenate([[0], factor_code]), return_inverse=True)
        factor_id = factor_id[1:]
        slot = np.arange(len(term_of)) - np.searchsorted(term_of, term_of)
        width = int(slot.max()) + 1 if len(slot) else 1
        terms = np.full((len(rows), width), int(np.searchsorted(unique_codes, 0)), dtype=np.int64)
        terms[term_of, slot] = factor_id
        factors = tuple(_decode_factor(int(c)) for c in unique_codes)
        return cls(positions, factors, terms, table[rows])

    def to_arrays(self) -> dict[str, np.ndarray]:
        """The table as plain arrays (for :mod:`odds.exact.store`)."""
        return {
            "positions": np.array(self.positions),
            "factors": np.array(json.dumps(self.factors)),
            "terms": self.terms,
            "ways": self.ways,
        }

    @classmethod
    def from_arrays(cls, arrays) -> PositionalTable:
        factors = tuple(
            tuple(tuple(x) if isinstance(x, list) else x for x in f) for f in json.loads(str(arrays["factors"]))
        )
        return cls(
            int(arrays["positions"]),
            factors,
            np.asarray(arrays["terms"], dtype=np.int64),
            np.asarray(arrays["ways"], dtype=np.int64),
        )

    # -- one shoe, exactly -------------------------------------------------------------------------
    def counts(self, shoe) -> list[int]:
        """Exact count of each outcome, out of ``(N)_P`` ordered deals (Python integers).

        Big tables go through :meth:`batch_dot` (numpy; int64 where its bound proves it, else
        Python integers), times the orderings of the positions no term reads; small ones term by
        term in Python integers."""
        if len(self.terms) > 2000:
            rows = np.array([shoe.card_counts() if self.needs_suits else shoe.ranks()], dtype=np.int64)
            outcomes = self.ways.shape[1]
            identity = np.eye(outcomes, dtype=np.int64).astype(object)
            per_read = self.batch_dot(rows, identity, 1)[0]
            unread = falling(shoe.total - self.depth, self.positions - self.depth)
            return [int(x) * unread for x in per_read]
        values = _factor_values(self.factors, self.positions, shoe)
        totals = [0] * self.ways.shape[1]
        for term, ways in zip(self.terms.tolist(), self.ways.tolist()):
            w = 1
            for f in term:
                w *= values[f]
                if not w:
                    break
            if w:
                for o, n in enumerate(ways):
                    if n:
                        totals[o] += n * w
        return totals

    def counts_with_replacement(self) -> tuple[list[int], int]:
        """Exact count of each outcome from an infinite shoe (cards drawn with replacement, each
        of the 52 equally likely), and the total: ordered sequences of cards (``52**P``) when the
        table reads suits, else of ranks (``13**P``).

        With replacement a kind of ``c`` units drawn ``m`` times weighs ``c**m`` and nothing is
        taken from the coarser kinds: a card is one unit, a rank 4 (1 when counting ranks), a
        value its ranks' units; a suit shape sums ``1`` over its suit multisets (their number);
        the positions no term reads ``N**(P - m)``."""
        unit = 4 if self.needs_suits else 1  # units of a rank
        n = 13 * unit
        value_units = [0] * 10
        for r in range(13):
            value_units[RANK_VALUE[r]] += unit
        values = []
        for f in self.factors:
            kind = f[0]
            if kind in ("one", "card"):
                values.append(1)
            elif kind == "shape":
                values.append(sum(1 for m in SUIT_MULTISETS[sum(f[2])] if _shape(m) == f[2]))
            elif kind == "rank":
                values.append(unit ** f[3])
            elif kind == "value":
                values.append(value_units[f[1]] ** f[3])
            else:  # rest
                values.append(n ** (self.positions - f[1]))
        weights = np.array(values, dtype=object)[self.terms].prod(axis=1)  # Python integers: exact
        totals = [int(x) for x in self.ways.T.astype(object) @ weights]
        return totals, n**self.positions

    # -- many shoes at once ------------------------------------------------------------------------
    def batch_dot(self, counts: np.ndarray, columns, bound: int) -> np.ndarray:
        """``sum over terms of weight(shoe, t) * (ways[t] @ columns)`` for each shoe (rows of 52 card
        counts, or of 13 rank counts when the table needs no suits): exact integers, shape
        ``(shoes, columns)``, out of ``(N)_D`` deals with ``D`` = :attr:`depth` (the positions
        every term reads; the unread ones only multiply every term alike, so they are left out).

        ``bound`` = max |column entry|; int64 when ``max(1, bound) * max((N)_D, orderings of a
        term)`` is below 2**63 - every intermediate is then too (module docstring) - else Python
        integers."""
        counts = np.asarray(counts, dtype=np.int64)
        if not len(counts):
            return np.zeros((0, np.shape(columns)[1]), dtype=np.int64)
        n_max = int(counts.sum(axis=1).max())
        most_ways = int(self.ways.sum(axis=1).max()) if len(self.ways) else 0
        exact_int64 = max(1, bound) * max(falling(n_max, self.depth), most_ways) <= INT64_LIMIT
        dtype = np.int64 if exact_int64 else object
        key = (tuple(map(tuple, np.asarray(columns, dtype=object).tolist())), dtype is object)
        q = self._q_cache.get(key)
        if q is None:
            q = (self.ways.astype(object) @ np.asarray(columns, dtype=object)).astype(dtype)
            self._q_cache[key] = q
        flat, terms = self._flat_factors
        values = flat(counts.astype(dtype))
        out = np.zeros((len(counts), q.shape[1]), dtype=dtype)
        step = max(1, 2_000_000 // max(1, len(self.terms) * terms.shape[1]))
        for start in range(0, len(counts), step):
            block = values[start : start + step]
            weights = block[:, terms[:, 0]]
            for j in range(1, terms.shape[1]):
                weights = weights * block[:, terms[:, j]]
            out[start : start + step] = weights @ q
        return out

    @cached_property
    def depth(self) -> int:
        """Positions counted by :meth:`batch_dot`: the positions every term reads when that is the
        same for every term (a bet without the drawing: Player Pair reads 2), else all of them."""
        read = set()
        for row in self.terms.tolist():
            k = 0
            for f in row:
                factor = self.factors[f]
                if factor[0] == "rest":
                    k = factor[1]
                    break
            else:
                k = self.positions
            read.add(k)
        return read.pop() if len(read) == 1 else self.positions

    @cached_property
    def _q_cache(self) -> dict:
        return {}

    @cached_property
    def _flat_factors(self):
        """``(values(counts) -> (shoes, K) array of every factor value, the terms as columns of
        it)``: the factors computed by kind, vectorised (a few hundred columns per shoe). When
        every term reads :attr:`depth` positions, their common factor for the unread positions is
        replaced by 1."""
        values, index = _flat_factor_plan(self.factors, self.positions)
        terms = index[self.terms]
        if self.depth < self.positions:
            one = self.factors.index(("one",))
            rest = [i for i, f in enumerate(self.factors) if f[0] == "rest"]
            terms = np.where(np.isin(terms, rest), index[one], terms)
        return values, terms


def _slot_counts(slots: np.ndarray, base: int, kinds: int) -> np.ndarray:
    """Per multiset (row of slot ids), how many of its slots are each kind ``base .. base+kinds-1``."""
    inside = (slots >= base) & (slots < base + kinds)
    rows, cols = np.nonzero(inside)
    flat = rows * kinds + slots[rows, cols] - base
    return _sum_by(flat, np.ones(len(flat), dtype=np.int64), len(slots) * kinds).reshape(len(slots), kinds)


def _sum_by(index: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """``out[i] = sum of values where index == i`` (exact: non-negative int64 values whose sums
    stay below 2**53, which float64 bincount holds exactly: orderings of at most 60 million
    enumerated sequences)."""
    values = np.asarray(values, dtype=np.int64)
    assert not len(values) or (values.min() >= 0 and int(values.sum()) < 2**53)
    return np.bincount(np.asarray(index, dtype=np.int64).reshape(-1), weights=values, minlength=size).astype(np.int64)


_FIELD = 1 << 12


def _code(kind, a, b, c) -> np.ndarray:
    """A factor as one integer: kind (0 one, 1 card, 2 shape, 3 rank, 4 value, 5 rest) and up to
    three small fields."""
    return ((np.asarray(kind, dtype=np.int64) * _FIELD + a) * _FIELD + b) * _FIELD + c


def _decode_factor(code: int) -> tuple:
    rest, c = divmod(code, _FIELD)
    rest, b = divmod(rest, _FIELD)
    kind, a = divmod(rest, _FIELD)
    if kind == 0:
        return ("one",)
    if kind == 1:
        return ("card", a, c)
    if kind == 2:
        digits = [b // 343 % 7, b // 49 % 7, b // 7 % 7, b % 7]
        return ("shape", a, tuple(d for d in digits if d))
    if kind == 3:
        return ("rank", a, b, c)
    if kind == 4:
        return ("value", a, b, c)
    return ("rest", a)


def _shoe_counts(shoe, needs_suits: bool):
    """(52 card counts or None, 13 rank counts, 10 value counts, N) of a shoe."""
    ranks = list(shoe.ranks())
    cards = list(shoe.card_counts()) if needs_suits else None
    values = [0] * 10
    for r, c in enumerate(ranks):
        values[RANK_VALUE[r]] += c
    return cards, ranks, values, sum(ranks)


def _factor_values(factors, positions, shoe) -> list[int]:
    needs_suits = any(f[0] in ("card", "shape") for f in factors)
    cards, ranks, values, n = _shoe_counts(shoe, needs_suits)
    out = []
    for f in factors:
        kind = f[0]
        if kind == "one":
            out.append(1)
        elif kind == "card":
            out.append(falling(cards[f[1]], f[2]))
        elif kind == "shape":
            _, r, shape = f
            suit_counts = cards[4 * r : 4 * r + 4]
            out.append(sum(_prod_falling(suit_counts, m) for m in SUIT_MULTISETS[sum(shape)] if _shape(m) == shape))
        elif kind == "rank":
            out.append(falling(ranks[f[1]] - f[2], f[3]))
        elif kind == "value":
            out.append(falling(values[f[1]] - f[2], f[3]))
        else:  # rest
            out.append(falling(n - f[1], positions - f[1]))
    return out


def _prod_falling(counts, multiplicities) -> int:
    out = 1
    for c, m in zip(counts, multiplicities):
        if m:
            out *= falling(c, m)
    return out


def _falling_table(x: np.ndarray, depth: int) -> np.ndarray:
    """``out[..., k] = (x)_k = x (x-1) ... (x-k+1)`` for k < depth, clipped at 0 (so a negative
    or too small x gives 0), in x's dtype (int64 or object)."""
    steps = np.maximum(x[..., None] - np.arange(depth - 1, dtype=np.int64), 0)
    ones = np.ones(x.shape + (1,), dtype=x.dtype)
    return np.concatenate([ones, np.cumprod(steps, axis=-1).astype(x.dtype)], axis=-1)


def _flat_factor_plan(factors, positions: int):
    """How to compute every factor of a table for many shoes at once: from falling-factorial
    tables of the cards, ranks, values, suits within ranks and the shoe size, each one numpy
    step, then gathered. Returns ``(values(counts) -> (shoes, factors) array, identity index)``."""
    depth = positions + 1
    kind = [f[0] for f in factors]
    pick = {k: [i for i, x in enumerate(kind) if x == k] for k in ("one", "card", "rank", "value", "shape", "rest")}
    card_at = (
        np.array([factors[i][1] for i in pick["card"]], dtype=np.int64),
        np.array([factors[i][2] for i in pick["card"]], dtype=np.int64),
    )
    rank_at = tuple(np.array([factors[i][j] for i in pick["rank"]], dtype=np.int64) for j in (1, 2, 3))
    value_at = tuple(np.array([factors[i][j] for i in pick["value"]], dtype=np.int64) for j in (1, 2, 3))
    shapes = sorted({factors[i][2] for i in pick["shape"]})
    shape_multisets = {
        shape: np.array([m for m in SUIT_MULTISETS[sum(shape)] if _shape(m) == shape], dtype=np.int64)
        for shape in shapes
    }
    shape_at = [(factors[i][1], shapes.index(factors[i][2])) for i in pick["shape"]]
    rest_at = np.array([factors[i][1] for i in pick["rest"]], dtype=np.int64)
    suit_index = np.arange(4)

    def values(counts: np.ndarray) -> np.ndarray:
        rows = len(counts)
        if counts.shape[1] == 52:
            cards = counts
            ranks = counts.reshape(rows, 13, 4).sum(axis=2)
        else:
            cards, ranks = None, counts
        vals = ranks @ RANK_TO_VALUE.astype(counts.dtype)
        n = ranks.sum(axis=1)
        taken = np.arange(depth, dtype=np.int64)
        out = np.empty((rows, len(factors)), dtype=counts.dtype)
        out[:, pick["one"]] = 1
        if pick["card"]:
            out[:, pick["card"]] = _falling_table(cards, depth)[:, card_at[0], card_at[1]]
        if pick["rank"]:
            table = _falling_table(ranks[:, :, None] - taken, depth)
            out[:, pick["rank"]] = table[:, rank_at[0], rank_at[1], rank_at[2]]
        if pick["value"]:
            table = _falling_table(vals[:, :, None] - taken, depth)
            out[:, pick["value"]] = table[:, value_at[0], value_at[1], value_at[2]]
        if shapes:
            by_suit = _falling_table(cards.reshape(rows, 13, 4), depth)  # (rows, 13, 4, depth)
            sums = np.stack(
                [by_suit[:, :, suit_index, shape_multisets[shape]].prod(axis=3).sum(axis=2) for shape in shapes], axis=2
            )  # (rows, 13, shapes)
            for column, (rank, which) in zip(pick["shape"], shape_at):
                out[:, column] = sums[:, rank, which]
        if pick["rest"]:
            table = _falling_table(n[:, None] - taken, depth)  # [m, k] = (N - m)_k
            out[:, pick["rest"]] = table[:, rest_at, positions - rest_at]
        return out

    return values, np.arange(len(factors))
