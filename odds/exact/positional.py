"""Positional tables: exact counts of bets that read single cards (values, ranks, suits by position),
alone or with the drawing.

A bet written as conditions reads some features; each feature says which card positions (in
dealing order) it depends on and how - baccarat value, rank, suit or card - and whether a position
it reads may not be dealt (:mod:`odds.bets.features`). The table of a bet is a polynomial in the
shoe's 52 card counts: ``(multiset of card groups, outcome, orderings)`` terms, each weighing the
ordered deals whose cards fall in those groups.

Groups. A position is read at a *group* of cards: a base - its baccarat value, its rank, or any
card - and a suit part - any suit, the suits of an atom, or one suit (:mod:`odds.exact.suits`).
The groups one bet uses form a laminar family (two groups are nested or disjoint): a position that
reads a suit takes the finest base any position reads (a rank base with a rank read anywhere, else
a value base), so every group is some (base, suit set) with bases ordered value > rank and suit
sets ordered all > atom > suit. The number of ordered ways to deal distinct physical cards into
positions whose groups are given depends only on the multiset of groups, and is, taking the finest
groups first:

    prod over the term's groups g   (c_g - cards of the term in groups strictly inside g)_(m_g)
    times                           (N - m)_(P - m)     for the positions not read

with ``c_g`` the shoe's cards in ``g``, ``(x)_j = x (x-1) ... (x-j+1)``, ``m`` positions read in
all and ``P`` the cards a round may use (6 for baccarat: "ordered six-card deals"). Summing
orderings times that weight over the table counts every outcome exactly, for any composition.

Building a table, without enumerating card sequences:

1. *Base rows*: every sequence of bases the bet reads (values and ranks by position). With the
   drawing, the positions every round deals are enumerated first and a later one only for the
   rounds that deal it: 339,400 value sequences for baccarat, where 10**6 would repeat each round
   once per kind of each card it never uses.
2. *Signatures*: the conditions are split into the largest parts that read no suit; a base row's
   signature is the value of those parts, the drawing's state and the ranks the suit features
   read. Rows with one signature settle alike for every suit pattern.
3. *Suit patterns* (:mod:`odds.exact.suits`): each signature is settled once per pattern of the
   suits it reads (5 patterns for three suits compared with each other; 64 colourings of six cards)
   on a representative, and checked on a second member of each pattern (a mis-declared feature
   falls back to concrete suits). A position whose suit changes no outcome of a signature is no
   longer read for it.
4. *The last outcome takes the rest*: only rows settling in another outcome become terms; the
   last outcome's count is the deals' total less the others' (for Contrast Bonus 0.68 million of 13
   million rows).
5. *Terms*: each pattern is expanded into its concrete suit groups, the rows are grouped by
   multiset of groups (packed keys, :class:`odds.exact.intmath.Packing`), and the factors written.

Suit symmetry. Most card-level bets (pairs, Perfect Pair, Tiger Pair) do not care which suits
appear, only how they repeat within a rank. When every multiset's outcome counts are the same for
every permutation of the suits within each rank, the members of each orbit are merged into one
term whose weight is the sum over the orbit - per rank, a sum over suit multisets of one shape
(e.g. "two of one suit"). The merge is checked, not assumed: an orbit is merged only when all its
members are present with equal counts.

Exactness: :meth:`PositionalTable.counts` uses Python integers. :meth:`PositionalTable.batch_dot`
(many shoes at once, for batches and depletion) uses numpy int64 only when
``max(1, max|column|) * (N)_D < 2**63``: the result is then an integer below ``2**63`` in size
(a sum of counts adding up to ``(N)_D``, times column entries), and int64 arithmetic is the ring of
integers modulo ``2**64`` (numpy wraps, never raises), so every product and sum computed in it -
whatever its intermediates - leaves the exact result. Past the bound, Python integers.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from math import factorial
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import baccarat_value
from .intmath import WORD, Packing, falling, row_keys, signed_word
from .suits import ALL_SUITS, Patterns, SuitReading

if TYPE_CHECKING:
    from numpy.typing import ArrayLike
    from ..bets.condition import Checked
    from ..bets.features import FeatureSpec
    from ..shoe import Shoe

Factor = tuple[Any, ...]
"""A factor of a table's terms: its kind first (``("card", k, m)``, ``("shape", r, shape)`` ...)."""

INT64_LIMIT = 2**63 - 1
BASE_ROWS_LIMIT = 20_000_000
"""Most base rows a table may enumerate (13 ranks at six positions with the drawing: 1.6 million)."""
SETTLE_LIMIT = 2_000_000
"""Most (signature, suit pattern) pairs a table may settle: up to 25 us each (the features of six
cards and the conditions, measured on a busy two-core machine), about 50 s at the limit. The
shipped bets settle at most 205,888 (Contrast Bonus, All Red / All Black)."""
MULTISET_LIMIT = 1_000_000
"""Most multisets of card groups a table may hold before its terms are written (a few arrays of
52 small counts each: about 1 GiB at the limit); the shipped bets' tables hold at most 50,000."""
SETTLE_CHUNK = 65_536
"""Pairs settled at once (their feature arrays stay within a few hundred MiB)."""
TERM_ROWS_LIMIT = 60_000_000
"""Most concrete rows a table may group into terms."""
CHUNK = 1 << 21
"""Concrete rows grouped per pass (their arrays stay within a few hundred MiB)."""
BATCH_TERMS = 2000
"""A table of more terms counts one shoe through :meth:`PositionalTable.batch_dot` (numpy), a
smaller one term by term in Python integers; both exact (tests count small tables both ways)."""

RANK_VALUE = [baccarat_value(r) for r in range(1, 14)]
RANK_TO_VALUE = np.array([[RANK_VALUE[r] == v for v in range(10)] for r in range(13)], dtype=np.int64)

# -- card groups -------------------------------------------------------------------------------------
#
# A group is a base (0: any card, 1 + v: value v, 11 + r: rank index r) and a suit mask (bit s =
# suit s, s h d c): its id is base * 16 + mask. NO_GROUP marks a position not read (or not dealt).

NO_GROUP = 24 * 16
GROUP_RADIX = NO_GROUP + 1


def group_id(base: str | None, kind: int, mask: int) -> int:
    """The id of a group: ``base`` None (any card), ``"value"`` or ``"rank"`` (``kind``: the value
    or the rank index 0-12), and a suit mask."""
    code = 0 if base is None else 1 + kind if base == "value" else 11 + kind
    return code * 16 + mask


def _group_cards() -> np.ndarray:
    """``[id, card kind]``: whether the card kind (``4 * rank index + suit``) lies in the group:
    its rank in the base's ranks and its suit in the mask (mask 0 and NO_GROUP: no card)."""
    value = np.asarray(RANK_VALUE, dtype=np.int64)
    in_base = np.zeros((24, 13), dtype=bool)  # base code -> its ranks
    in_base[0] = True
    in_base[1:11] = value[None, :] == np.arange(10)[:, None]
    in_base[11:] = np.eye(13, dtype=bool)
    in_mask = (np.arange(16)[:, None] >> np.arange(4)[None, :] & 1).astype(bool)  # mask -> its suits
    out = np.zeros((GROUP_RADIX, 52), dtype=bool)
    out[:NO_GROUP] = (in_base[:, None, :, None] & in_mask[None, :, None, :]).reshape(NO_GROUP, 52)
    return out


GROUP_CARDS = _group_cards()


@cache
def contained() -> np.ndarray:
    """``[a, b]``: group ``a`` lies strictly inside group ``b``: its cards are among ``b``'s, and
    it is smaller or, holding the same cards, has the finer base (a rank inside the value it is
    the only rank of: its cards are taken first). Made when a table is first built (a table
    loaded from the store never needs it)."""
    cards = GROUP_CARDS.astype(np.float64)  # a product of 0/1 rows: at most 52, exact in float64 (BLAS)
    size = cards.sum(axis=1)
    subset = (cards @ cards.T) == size[:, None]
    fineness = np.array([0 if i // 16 == 0 else 1 if i // 16 < 11 else 2 for i in range(GROUP_RADIX)])
    valid = size > 0
    inside = subset & ((size[:, None] < size[None, :]) | (fineness[:, None] > fineness[None, :]))
    contained: np.ndarray = inside & valid[:, None] & valid[None, :] & ~np.eye(GROUP_RADIX, dtype=bool)
    return contained


@dataclass(frozen=True)
class Reading:
    """What a bet needs from the deal: per position the base it is read at (``value``, ``rank``
    or None), how suits are read (:class:`odds.exact.suits.SuitReading`), whether the drawing's
    state is played (``state``) and whether a position read may not be dealt (``drawing``)."""

    base: tuple[str | None, ...]
    suits: SuitReading
    state: bool
    drawing: bool

    @property
    def read(self) -> tuple[int, ...]:
        """The positions read (at a base, for a suit, or both)."""
        return tuple(p for p, b in enumerate(self.base) if b is not None or self.suits.levels[p] is not None)

    @property
    def resolution(self) -> tuple[str | None, ...]:
        """Per position the finest kind of card read: ``card`` (rank and suit) where a suit is
        read, else the base (for enumerations over kinds of card: the multiplier overlays)."""
        return tuple("card" if self.suits.levels[p] is not None else b for p, b in enumerate(self.base))


def reading_of(specs: Mapping[str, FeatureSpec], conditions: Sequence[Checked | None], positions: int) -> Reading:
    """The :class:`Reading` of a bet (``conditions``: its checked conditions, None for the last;
    ``specs``: the game's feature specs)."""
    from .suits import suit_reading

    names = sorted(set[str]().union(*(c.features for c in conditions if c is not None)))
    order: list[str | None] = [None, "value", "rank"]
    level = [0] * positions
    state = drawing = False
    for name in names:
        spec = specs[name]
        state |= spec.state or spec.drawing
        drawing |= spec.drawing
        for position, resolution in spec.reads:
            wanted = {"value": 1, "rank": 2, "card": 2, "suit": 0}[resolution]
            level[position] = max(level[position], wanted)
    suits = suit_reading(conditions, specs, positions)
    finest = max(level, default=0)
    for p, suit_level in enumerate(suits.levels):
        if suit_level is not None:  # a suit group takes the finest base (laminar family)
            level[p] = finest
    return Reading(tuple(order[x] for x in level), suits, state, drawing)


@dataclass(frozen=True)
class CardModel:
    """How a card game deals and what its features are, for the positional tables.

    ``state(values)`` plays the drawing over rows of card values (None for games without one) and
    returns arrays including ``used`` (cards each round uses); ``features(state, values, ranks,
    suits, names)`` returns the named features' arrays."""

    name: str
    positions: int
    state: Callable[..., Any] | None
    features: Callable[..., Any]
    always_dealt: int | None = None
    """Positions every round deals (baccarat: 4); beyond them a round may end early."""


@dataclass(frozen=True)
class Bet:
    """What the builder asks of a bet: ``decide(state, values, ranks, suits)`` -> the outcome
    index of each row; ``parts(state, values, ranks)`` -> the values of the parts of its
    conditions that read no suit, as int64 columns (the signature); ``outcomes``."""

    decide: Callable[..., Any]
    parts: Callable[..., Any]
    outcomes: int


# -- building a table --------------------------------------------------------------------------------


def build_table(
    model: CardModel,
    reading: Reading,
    bet: Bet,
    restrict: dict[int, list[int]] | None = None,
    progress: Callable[[float], None] | None = None,
) -> PositionalTable:
    """The table of a bet (module docstring). ``restrict`` (position -> the bases it may hold:
    values or rank indices) enumerates only those there: for cards already seen, whose other
    kinds a condition would send to the last outcome anyway. ``progress(fraction done)`` is
    called now and then."""
    tick = progress or (lambda done: None)
    base = _base_rows(model, reading, restrict or {})
    tick(0.1)
    rows = base.emitted(reading, bet, tick)
    tick(0.9)
    return rows.table(model.positions, reading, bet.outcomes)


class _Refused(Exception):
    pass


def too_big(what: str, size: int, limit: int) -> Exception:
    """The error of a table past a limit (its reason; the caller names the file and bet)."""
    from ..errors import OddsError

    return OddsError(f"an exact table would {what} {size:,} rows, more than the {limit:,} allowed")


@dataclass
class _BaseRows:
    """Every base sequence a bet reads, with what the drawing makes of it."""

    kinds: np.ndarray
    """(rows, positions): the value or rank index read at each position (0 at a position read only
    for its suit), -1 where not read or not dealt."""
    values: np.ndarray
    ranks: np.ndarray
    state: dict[str, np.ndarray] | None

    def emitted(self, reading: Reading, bet: Bet, tick: Callable[[float], None]) -> _Rows:
        """The rows that settle in an outcome other than the last, as concrete groups."""
        minus = np.full(self.kinds.shape, -1, dtype=np.int64)
        if not reading.suits.any:
            outcome = bet.decide(self.state, self.values, self.ranks, minus)
            keep = np.flatnonzero(outcome != bet.outcomes - 1)
            ids = self.group_ids(reading)[keep]
            return _Rows.of(ids, outcome[keep], bet.outcomes)
        suited = [p for p, level in enumerate(reading.suits.levels) if level is not None]
        first, inverse, sig_dealt = self.signatures(bet, suited)
        order = np.argsort(inverse, kind="stable")
        starts = np.searchsorted(inverse[order], np.arange(len(first)))
        counts = np.bincount(inverse, minlength=len(first))
        base_ids = self.group_ids(reading)
        rows = _Rows.empty(bet.outcomes)
        groups: dict[tuple[int, ...], list[int]] = {}
        for s, dealt in enumerate(sig_dealt):
            groups.setdefault(dealt, []).append(s)
        settled = sum(len(s) * len(reading.suits.patterns(d).codes) for d, s in groups.items())
        if settled > SETTLE_LIMIT:
            raise too_big("settle", settled, SETTLE_LIMIT)
        done = 0
        for dealt, listed in groups.items():
            sigs = np.array(listed, dtype=np.int64)
            outcome = self.settle(reading, bet, first[sigs], dealt)
            if outcome is None:  # the suits are not exchangeable as declared: read them one by one
                return self.emitted(_concrete(reading), bet, tick)
            for kept, members, table in _drop_unread(reading.suits, dealt, sigs, outcome):
                patterns = reading.suits.patterns(kept)
                rows.add(base_ids, order, starts[members], counts[members], table, patterns, kept, bet.outcomes - 1)
            done += len(sigs)
            tick(0.1 + 0.6 * done / len(first))
        return rows

    @cached_property
    def state_id(self) -> np.ndarray:
        """The drawing's state of each row as one number (rows with one id share every array)."""
        state = self.state
        if state is None:
            raise ValueError("rows without a drawing have no state")
        columns = np.stack([np.asarray(state[k], dtype=np.int64) for k in sorted(state)], axis=1)
        (keys,) = row_keys(columns - columns.min(axis=0, initial=0))
        ids: np.ndarray = np.unique(keys, return_inverse=True)[1].reshape(-1)
        return ids

    def group_ids(self, reading: Reading) -> np.ndarray:
        """(rows, positions) group ids (int16) with every suit read as any suit (NO_GROUP where
        not read)."""
        out = np.full(self.kinds.shape, NO_GROUP, dtype=np.int16)
        for p, base in enumerate(reading.base):
            kinds = self.kinds[:, p]
            offset = 0 if base is None else 1 if base == "value" else 11
            out[:, p] = np.where(kinds >= 0, (offset + kinds) * 16 + ALL_SUITS, NO_GROUP)
        return out

    def signatures(self, bet: Bet, suited: list[int]) -> tuple[np.ndarray, np.ndarray, list[tuple[int, ...]]]:
        """``(a row of each signature, the signature of each row, the suited positions each
        signature deals)``: rows of one signature settle alike for every suit pattern (module
        docstring). ``suited`` is never empty (the reading reads a suit), so neither are the
        columns; each is non-negative, as :func:`row_keys` needs - a part of a condition is a
        yes/no value or a text's code (:func:`odds.bets.condition.evaluate_node`), then the
        drawing's state and whether each suited position is dealt (a negative column would be
        refused by ``row_keys``, never keyed wrong)."""
        columns = [np.asarray(c, dtype=np.int64) for c in bet.parts(self.state, self.values, self.ranks)]
        if self.state is not None:
            columns.append(self.state_id)
        columns += [(self.kinds[:, p] >= 0).astype(np.int64) for p in suited]
        (keys,) = row_keys(np.stack(columns, axis=1))
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        inverse = inverse.reshape(-1)
        dealt = [tuple(p for p in suited if self.kinds[row, p] >= 0) for row in first.tolist()]
        return first, inverse, dealt

    def settle(self, reading: Reading, bet: Bet, rows: np.ndarray, dealt: tuple[int, ...]) -> np.ndarray | None:
        """(signatures, patterns) outcomes of these representative rows; None when a random other
        member of some pattern settles otherwise (a feature does not read suits as it declares:
        the declarations are tested, this is a net)."""
        patterns = reading.suits.patterns(dealt)
        n = len(patterns.codes)
        step = max(1, SETTLE_CHUNK // n)
        if len(rows) > step:  # in blocks: a bet's features over every pair at once took 5 KB a pair
            parts = [self.settle(reading, bet, rows[i : i + step], dealt) for i in range(0, len(rows), step)]
            settled = [p for p in parts if p is not None]
            return None if len(settled) < len(parts) else np.concatenate(settled)
        at = np.repeat(rows, n)
        state = None if self.state is None else {k: v[at] for k, v in self.state.items()}
        values, ranks = self.values[at], self.ranks[at]
        symmetric = reading.suits != reading.suits.concrete()
        rng = np.random.default_rng(len(at))
        out = []
        for suits_of in [np.tile(patterns.suits, (len(rows), 1))] + (
            [patterns.sample(np.tile(np.arange(n), len(rows)), rng)] if symmetric else []
        ):
            suits = np.full((len(at), self.kinds.shape[1]), -1, dtype=np.int64)
            if dealt:
                suits[:, list(dealt)] = suits_of
            out.append(np.asarray(bet.decide(state, values, ranks, suits)).reshape(len(rows), n))
        if symmetric and not np.array_equal(out[0], out[1]):
            return None
        outcomes: np.ndarray = out[0]
        return outcomes


def _concrete(reading: Reading) -> Reading:
    return Reading(reading.base, reading.suits.concrete(), reading.state, reading.drawing)


def _drop_unread(
    suits: SuitReading, dealt: tuple[int, ...], sigs: np.ndarray, outcome: np.ndarray
) -> Iterator[tuple[tuple[int, ...], np.ndarray, np.ndarray]]:
    """Split the signatures by the suited positions whose suit changes some outcome: for each
    position in turn, the signatures whose outcomes agree on every pattern that differs only there
    no longer read it. Yields ``(positions kept, signatures, outcomes per pattern of those)``."""
    groups = [(dealt, sigs, outcome)]
    for position in dealt:
        split = []
        for kept, members, table in groups:  # (each still keeps this position: only earlier ones were dropped)
            k = kept.index(position)
            fiber = suits.patterns(kept).without(k)
            rest = kept[:k] + kept[k + 1 :]
            width = len(suits.patterns(rest).codes)
            low = np.full((width, len(members)), np.iinfo(np.int64).max, dtype=np.int64)
            high = np.full((width, len(members)), -1, dtype=np.int64)
            np.minimum.at(low, fiber, table.T)
            np.maximum.at(high, fiber, table.T)
            drop = (low == high).all(axis=0)
            if drop.any():
                split.append((rest, members[drop], low.T[drop]))
            if (~drop).any():
                split.append((kept, members[~drop], table[~drop]))
        groups = split
    merged: dict[tuple[int, ...], list[tuple[np.ndarray, np.ndarray]]] = {}
    for kept, members, table in groups:
        merged.setdefault(kept, []).append((members, table))
    for kept, parts in merged.items():
        yield kept, np.concatenate([m for m, _ in parts]), np.concatenate([t for _, t in parts])


_BASE_ROWS: dict[str, _BaseRows] = {}
"""The last base rows built, by deal and reading: the bets of a paytable read the same ones (every
bet on suits with the drawing reads the 339,400 value sequences). Read only."""


def _base_rows(model: CardModel, reading: Reading, restrict: dict[int, list[int]]) -> _BaseRows:
    """Every base sequence the reading needs (the drawing's early stop where positions may not be
    dealt), with the values, ranks and state of each (kept for the next bet)."""
    key = repr((model.name, reading.base, reading.read, reading.state, reading.drawing, sorted(restrict.items())))
    if key not in _BASE_ROWS:
        if len(_BASE_ROWS) >= 2:
            _BASE_ROWS.pop(next(iter(_BASE_ROWS)))
        _BASE_ROWS[key] = _build_base_rows(model, reading, restrict)
    return _BASE_ROWS[key]


def _build_base_rows(model: CardModel, reading: Reading, restrict: dict[int, list[int]]) -> _BaseRows:
    read_at = list(reading.read)
    allowed = []
    for p in read_at:
        base = reading.base[p]
        full = range(10) if base == "value" else range(13) if base == "rank" else range(1)
        allowed.append(np.asarray(restrict.get(p, full) if base is not None else full, dtype=np.int64))
    size = int(np.prod([len(a) for a in allowed], dtype=np.float64)) if allowed else 1
    if size > BASE_ROWS_LIMIT and not (reading.drawing and model.always_dealt is not None):
        raise too_big("enumerate", size, BASE_ROWS_LIMIT)
    chunks = list(_enumerate(model, reading, read_at, allowed))
    kinds = np.full((sum(len(c) for c in chunks), model.positions), -1, dtype=np.int64)
    if read_at:
        kinds[:, read_at] = np.concatenate(chunks) if chunks else np.zeros((0, len(read_at)), dtype=np.int64)
    if len(kinds) > BASE_ROWS_LIMIT:
        raise too_big("enumerate", len(kinds), BASE_ROWS_LIMIT)
    values, ranks = _values_ranks(reading, kinds)
    state = None
    if reading.state and model.state is not None:
        state = model.state(values)
        used = state["used"]
        # a round that ends early is counted once, by the cards it used: a read position it does
        # not deal must hold its first kind (every other kind there would repeat the same round)
        keep = np.ones(len(kinds), dtype=bool)
        for j, p in enumerate(read_at):
            undealt = used <= p
            keep &= ~(undealt & (kinds[:, p] > allowed[j][0]))
            kinds[undealt, p] = -1
        kinds = kinds[keep]
        values, ranks = _values_ranks(reading, kinds)
        state = {k: v[keep] for k, v in state.items()}
    return _BaseRows(kinds, values, ranks, state)


_RANK_VALUE = np.asarray(RANK_VALUE + [0], dtype=np.int64)  # index -1 (not read): value 0


def _values_ranks(reading: Reading, kinds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows of card values (0 where not known: the drawing reads only what the bet declares) and
    ranks (A = 1 ... K = 13; -1 where not read)."""
    values = np.zeros(kinds.shape, dtype=np.int64)
    ranks = np.full(kinds.shape, -1, dtype=np.int64)
    for p, base in enumerate(reading.base):
        if base == "value":
            np.maximum(kinds[:, p], 0, out=values[:, p])
        elif base == "rank":
            values[:, p] = _RANK_VALUE[kinds[:, p]]
            ranks[:, p] = np.where(kinds[:, p] >= 0, kinds[:, p] + 1, -1)
    return values, ranks


def _product_chunks(allowed: Sequence[np.ndarray], chunk_rows: int = 1 << 20) -> Iterator[np.ndarray]:
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


def _enumerate(
    model: CardModel, reading: Reading, read_at: list[int], allowed: list[np.ndarray]
) -> Iterator[np.ndarray]:
    """The base sequences, in chunks (one column of kinds per read position; -1 at a position the
    round does not deal).

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
    for head in _product_chunks([allowed[j] for j in first], max(1, (1 << 20) // growth)):
        pending = np.full((len(head), len(read_at)), -1, dtype=np.int64)
        pending[:, first] = head
        for j in later:
            position = read_at[j]
            kinds = np.full((len(pending), model.positions), -1, dtype=np.int64)
            kinds[:, read_at] = pending
            used = model.state(_values_ranks(reading, kinds)[0])["used"]
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


class _Rows:
    """Concrete rows (group ids per position, outcome), grouped as they come: ``(multiset and
    outcome key, orderings)``."""

    def __init__(self, outcomes: int):
        self.outcomes = outcomes
        self.keys: list[np.ndarray] = []
        self.ways: list[np.ndarray] = []
        self.total = 0

    @classmethod
    def empty(cls, outcomes: int) -> _Rows:
        return cls(outcomes)

    @classmethod
    def of(cls, ids: np.ndarray, outcome: np.ndarray, outcomes: int) -> _Rows:
        rows = cls(outcomes)
        rows.group(ids, outcome)
        return rows

    def group(self, ids: np.ndarray, outcome: np.ndarray) -> None:
        """Add concrete rows: their multisets (ids sorted per row) and outcomes, packed, counted."""
        if not len(ids):
            return
        self.total += len(ids)
        if self.total > TERM_ROWS_LIMIT:
            raise too_big("group", self.total, TERM_ROWS_LIMIT)
        ids = np.sort(ids.astype(np.int16), axis=1)
        packing = _packing(ids.shape[1], self.outcomes)
        keys = packing.pack([ids[:, i] for i in range(ids.shape[1])] + [outcome])
        unique, counts = np.unique(keys, return_counts=True)
        self.keys.append(unique)
        self.ways.append(counts.astype(np.int64))

    def add(
        self,
        base_ids: np.ndarray,
        order: np.ndarray,
        starts: np.ndarray,
        counts: np.ndarray,
        table: np.ndarray,
        patterns: Patterns,
        kept: tuple[int, ...],
        last: int,
    ) -> None:
        """The rows of some signatures (``starts``, ``counts`` into ``order``: their base rows)
        for each pattern of the ``kept`` positions whose outcome in ``table`` is not ``last``,
        every pattern expanded into its concrete suit groups."""
        members, pattern = np.nonzero(table != last)
        if not len(members):
            return
        outcome = table[members, pattern]
        n_rows = counts[members]
        sizes = patterns.sizes[pattern] * n_rows
        if int(sizes.sum()) + self.total > TERM_ROWS_LIMIT:
            raise too_big("group", int(sizes.sum()) + self.total, TERM_ROWS_LIMIT)
        flat = np.concatenate(patterns.expansions)
        flat_start = np.concatenate([[0], np.cumsum(patterns.sizes)[:-1]])
        # in chunks of (signature, pattern) pairs of about CHUNK concrete rows each
        chunk_of = (np.cumsum(sizes) - sizes) // CHUNK
        bounds = np.concatenate([[0], np.flatnonzero(np.diff(chunk_of)) + 1, [len(members)]])
        for lo, hi in zip(bounds[:-1].tolist(), bounds[1:].tolist()):
            # the base rows of each pair, then each expanded into its suit assignments
            rows_of = n_rows[lo:hi]
            pair = np.repeat(np.arange(hi - lo), rows_of)
            offset = np.arange(len(pair)) - np.repeat(np.cumsum(rows_of) - rows_of, rows_of)
            base_row = order[np.repeat(starts[members[lo:hi]], rows_of) + offset]
            n_sigma = patterns.sizes[pattern[lo:hi]][pair]
            row = np.repeat(base_row, n_sigma)
            which = np.repeat(pair, n_sigma)
            sigma = np.arange(len(row)) - np.repeat(np.cumsum(n_sigma) - n_sigma, n_sigma)
            ids = base_ids[row]
            if kept:
                ids[:, list(kept)] += (flat[flat_start[pattern[lo:hi]][which] + sigma] - ALL_SUITS).astype(np.int16)
            self.group(ids, outcome[lo:hi][which])

    def table(self, positions: int, reading: Reading, outcomes: int) -> PositionalTable:
        """The table of the rows grouped so far."""
        if self.keys:
            keys = np.concatenate(self.keys)
            ways = np.concatenate(self.ways)
            keys, inverse = np.unique(keys, return_inverse=True)
            ways = np.bincount(inverse.reshape(-1), weights=ways, minlength=len(keys))
            assert ways.max(initial=0) < 2**53  # float64 bincount: exact below 2**53
            ways = ways.astype(np.int64)
            *columns, outcome = _packing(positions, outcomes).unpack(keys)
            ids = np.stack(columns, axis=1)
        else:
            ids = np.zeros((0, positions), dtype=np.int64)
            outcome = ways = np.zeros(0, dtype=np.int64)
        read = len(reading.read)
        depth = positions if reading.drawing else read
        return PositionalTable.from_groups(positions, depth, ids, outcome, ways, outcomes)


def _packing(positions: int, outcomes: int) -> Packing:
    """A multiset of groups (ids sorted, one per position) and an outcome as one key: int64 while
    ``385**positions * outcomes`` fits (baccarat: up to 3,600 outcomes), Python integers past it
    (:class:`odds.exact.intmath.Packing`)."""
    return Packing((GROUP_RADIX,) * positions + (outcomes,))


# -- the table -----------------------------------------------------------------------------------


def _shape(multiplicities: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted((m for m in multiplicities if m), reverse=True))


def _orbit_size(shape: tuple[int, ...]) -> int:
    """Distinct multisets of the 4 suits with this shape (parts = how often each suit appears)."""
    if not shape:
        return 1
    size = factorial(4) // factorial(4 - len(shape))
    for part in set(shape):
        size //= factorial(shape.count(part))
    return size


@cache
def orbit_sizes() -> np.ndarray:
    """Suit shape code (see :meth:`PositionalTable.from_groups`) -> how many suit multisets have it."""
    sizes = np.zeros(7**4, dtype=np.int64)
    for m in itertools.product(range(7), repeat=4):
        if sum(m) <= 6:
            a, b, c, d = sorted(m, reverse=True)
            sizes[((a * 7 + b) * 7 + c) * 7 + d] = _orbit_size(_shape(m))
    return sizes


@cache
def suit_multisets(size: int) -> list[tuple[int, ...]]:
    """The multisets of ``size`` suits, as how often each suit (s h d c) appears.

    >>> suit_multisets(1)
    [(0, 0, 0, 1), (0, 0, 1, 0), (0, 1, 0, 0), (1, 0, 0, 0)]
    """
    return [m for m in itertools.product(range(size + 1), repeat=4) if sum(m) == size]


_CARD_GROUP = np.full(GROUP_RADIX, -1, dtype=np.int64)
"""Group id -> its card kind, for the groups of one rank and one suit (-1 for the others)."""
for _r in range(13):
    for _s in range(4):
        _CARD_GROUP[(11 + _r) * 16 + (1 << _s)] = 4 * _r + _s


@dataclass(frozen=True)
class PositionalTable:
    """Terms ``(factors, orderings per outcome)``: the count of outcome ``o`` (but the last) for a
    shoe is ``sum over terms of ways[t, o] * prod of the term's factors``; the last outcome takes
    every other deal: ``(N)_depth`` less the others (so its column of ``ways`` is zero).

    Factors: ``("card", k, m)`` = (c_k)_m; ``("shape", r, shape)`` = the sum over suit multisets of
    rank r with that shape of prod (c_(r,s))_(m_s); ``("rank", r, finer, m)`` = (c_r - finer)_m;
    ``("value", v, finer, m)`` = (c_v - finer)_m; ``("group", id, finer, m)`` = (c_g - finer)_m for
    any other group (a value or rank with some suits, or some suits of any rank: ``GROUP_CARDS``);
    ``("rest", m)`` = (N - m)_(P - m); ``("one",)`` = 1.
    """

    positions: int
    factors: tuple[Factor, ...]
    terms: np.ndarray
    """(T, width) factor indices per term, padded with the index of the constant factor."""
    ways: np.ndarray
    """(T, outcomes) orderings (the last column zero)."""
    depth: int
    """Positions the counts are out of: ``(N)_depth`` deals (the positions every term reads, all
    of them when a round may end early)."""

    @property
    def needs_suits(self) -> bool:
        return any(f[0] in ("card", "shape", "group") for f in self.factors)

    @property
    def needs_ranks(self) -> bool:
        return any(f[0] == "rank" for f in self.factors) or self.needs_suits

    @classmethod
    def from_groups(
        cls, positions: int, depth: int, ids: ArrayLike, outcome: ArrayLike, ways: ArrayLike, outcomes: int
    ) -> PositionalTable:
        """The table from rows ``(group ids sorted, outcome, orderings)``, suit orbits merged
        where every member is present with equal counts (module docstring). Vectorised: a table
        may hold hundreds of thousands of multisets."""
        slot_ids = np.asarray(ids, dtype=np.int64).reshape(-1, positions)
        (multiset_keys,) = row_keys(slot_ids)
        _, first, inverse = np.unique(multiset_keys, return_index=True, return_inverse=True)
        inverse = inverse.reshape(-1)
        table = np.zeros((len(first), outcomes), dtype=np.int64)
        np.add.at(table, (inverse, np.asarray(outcome, dtype=np.int64)), np.asarray(ways, dtype=np.int64))
        slots = slot_ids[first]
        m_count = len(first)
        if m_count > MULTISET_LIMIT:
            raise too_big("hold", m_count, MULTISET_LIMIT)
        # per multiset: cards per (rank, suit); every other group as it is
        card = _CARD_GROUP[slots]
        card_counts = np.zeros((m_count, 52), dtype=np.int16)  # at most 6 a card: small arrays
        t, j = np.nonzero(card >= 0)
        np.add.at(card_counts, (t, card[t, j]), 1)
        suit_counts = card_counts.reshape(m_count, 13, 4)
        coarse = np.where(card >= 0, NO_GROUP, slots)
        coarse.sort(axis=1)
        shape_codes = (-np.sort(-suit_counts, axis=2) @ np.array([343, 49, 7, 1], dtype=np.int16)).astype(np.int64)
        # suit orbits: the same other groups (all of any suit), the same suit shape per rank
        whole = ((coarse == NO_GROUP) | (coarse % 16 == ALL_SUITS)).all(axis=1)
        if whole.any():
            keyed = np.flatnonzero(whole)
            (orbit_keys,) = row_keys(np.concatenate([coarse[keyed], shape_codes[keyed]], axis=1))
            _, first_o, orbit, present = np.unique(
                orbit_keys, return_index=True, return_inverse=True, return_counts=True
            )
            orbit = orbit.reshape(-1)
            leader = keyed[first_o]
            size = np.ones(len(first_o), dtype=np.int64)
            for rank in range(13):
                size *= orbit_sizes()[shape_codes[leader, rank]]
            differs = (table[keyed] != table[leader[orbit]]).any(axis=1)
            uneven = np.bincount(orbit, weights=differs, minlength=len(first_o)) > 0
            merge = (size > 1) & (present == size) & ~uneven
            merged_rows = leader[merge]
            single = keyed[~merge[orbit]]
            rows = np.concatenate([merged_rows, single, np.flatnonzero(~whole)])
            merged = np.zeros(len(rows), dtype=bool)
            merged[: len(merged_rows)] = True
        else:
            rows = np.arange(m_count)
            merged = np.zeros(m_count, dtype=bool)
        slots, suit_counts, shapes, card = slots[rows], suit_counts[rows], shape_codes[rows], card[rows]
        # each slot's group: how many slots of the term lie strictly inside it, how many hold it
        inside = np.zeros(slots.shape, dtype=np.int64)
        same = np.zeros(slots.shape, dtype=np.int64)
        inside_of = contained()
        for p in range(positions):
            for q in range(positions):
                inside[:, p] += inside_of[slots[:, q], slots[:, p]]
                same[:, p] += slots[:, q] == slots[:, p]
        lead = np.ones(slots.shape, dtype=bool)
        lead[:, 1:] = slots[:, 1:] != slots[:, :-1]
        term_parts: list[np.ndarray] = []
        code_parts: list[np.ndarray] = []

        def add(term: np.ndarray, code: np.ndarray) -> None:
            term_parts.append(term)
            code_parts.append(code)

        # merged orbits: each rank's suit shape; every other group by kind
        t, r = np.nonzero(shapes * merged[:, None])
        add(t, _code(2, r, shapes[t, r], 0))
        use = lead & (slots != NO_GROUP) & ~(merged[:, None] & (card >= 0))
        t, i = np.nonzero(use)
        gid = slots[t, i]
        base, mask = gid // 16, gid % 16
        kind = np.where(card[t, i] >= 0, 1, np.where(mask == ALL_SUITS, np.where(base >= 11, 3, 4), 6))
        a = np.where(kind == 1, card[t, i], np.where(kind == 3, base - 11, np.where(kind == 4, base - 1, gid)))
        add(t, _code(kind, a, inside[t, i], same[t, i]))  # no group lies inside a card: its b is 0
        used = (slots != NO_GROUP).sum(axis=1)
        t = np.flatnonzero(used < positions)
        add(t, _code(5, used[t], 0, 0))
        term_of, factor_code = np.concatenate(term_parts), np.concatenate(code_parts)
        order = np.lexsort((factor_code, term_of))  # stable layout: each term's factors sorted
        term_of, factor_code = term_of[order], factor_code[order]
        unique_codes, factor_id = np.unique(np.concatenate([[0], factor_code]), return_inverse=True)
        factor_id = factor_id.reshape(-1)[1:]
        slot = np.arange(len(term_of)) - np.searchsorted(term_of, term_of)
        width = int(slot.max()) + 1 if len(slot) else 1
        terms = np.full((len(rows), width), int(np.searchsorted(unique_codes, 0)), dtype=np.int64)
        terms[term_of, slot] = factor_id
        factors = tuple(_decode_factor(int(c)) for c in unique_codes)
        return cls(positions, factors, terms, table[rows], depth)

    def to_arrays(self) -> dict[str, np.ndarray]:
        """The table as plain arrays (for :mod:`odds.exact.store`)."""
        return {
            "positions": np.array(self.positions),
            "depth": np.array(self.depth),
            "factors": np.array(json.dumps(self.factors)),
            "terms": self.terms,
            "ways": self.ways,
        }

    @classmethod
    def from_arrays(cls, arrays: Mapping[str, np.ndarray]) -> PositionalTable:
        factors = tuple(
            tuple(tuple(x) if isinstance(x, list) else x for x in f) for f in json.loads(str(arrays["factors"]))
        )
        return cls(
            int(arrays["positions"]),
            factors,
            np.asarray(arrays["terms"], dtype=np.int64),
            np.asarray(arrays["ways"], dtype=np.int64),
            int(arrays["depth"]),
        )

    # -- one shoe, exactly -------------------------------------------------------------------------
    def counts(self, shoe: Shoe) -> list[int]:
        """Exact count of each outcome, out of ``(N)_P`` ordered deals (Python integers).

        Big tables go through :meth:`batch_dot` (numpy; int64 where its bound proves it, else
        Python integers), times the orderings of the positions no term reads; small ones term by
        term in Python integers. The last outcome takes the deals the others do not."""
        outcomes = self.ways.shape[1]
        unread = falling(shoe.total - self.depth, self.positions - self.depth)
        if len(self.terms) > BATCH_TERMS:
            rows = np.array([shoe.card_counts() if self.needs_suits else shoe.ranks()], dtype=np.int64)
            identity = np.eye(outcomes, dtype=np.int64)
            identity[-1] = 0
            per_read = self.batch_dot(rows, identity.astype(object), 1)[0]
            totals = [int(x) * unread for x in per_read]
        else:
            values = _factor_values(self.factors, self.positions, shoe)
            totals = [0] * outcomes
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
        totals[-1] = falling(shoe.total, self.positions) - sum(totals[:-1])
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
                values.append(sum(1 for m in suit_multisets(sum(f[2])) if _shape(m) == f[2]))
            elif kind == "rank":
                values.append(unit ** f[3])
            elif kind == "value":
                values.append(value_units[f[1]] ** f[3])
            elif kind == "group":  # a group reads suits: one unit a card kind in it
                values.append(int(GROUP_CARDS[f[1]].sum()) ** f[3])
            else:  # rest
                values.append(n ** (self.positions - f[1]))
        weights = np.array(values, dtype=object)[self.terms].prod(axis=1)  # Python integers: exact
        totals = [int(x) for x in self.ways.T.astype(object) @ weights]
        totals[-1] = n**self.positions - sum(totals[:-1])  # the last outcome takes the rest
        return totals, n**self.positions

    # -- many shoes at once ------------------------------------------------------------------------
    def batch_dot(self, counts: np.ndarray, columns: ArrayLike, bound: int) -> np.ndarray:
        """``sum over outcomes of count(shoe, o) * columns[o]`` for each shoe (rows of 52 card
        counts, or of 13 rank counts when the table needs no suits): exact integers, shape
        ``(shoes, columns)``, out of ``(N)_D`` deals with ``D`` = :attr:`depth` (the positions
        the terms read; the others only multiply every count alike, so they are left out).

        ``bound`` = max |column entry|; int64 when ``max(1, bound) * (N)_D`` is below 2**63 (module
        docstring), else Python integers."""
        counts = np.asarray(counts, dtype=np.int64)
        pays = np.asarray(columns, dtype=object)
        if not len(counts):
            return np.zeros((0, pays.shape[1]), dtype=np.int64)
        n = counts.sum(axis=1)
        n_max = int(n.max())
        exact_int64 = max(1, bound) * falling(n_max, self.depth) <= INT64_LIMIT
        dtype = np.int64 if exact_int64 else object
        key = (tuple(map(tuple, pays.tolist())), dtype is object)
        q = self._q_cache.get(key)
        if q is None:
            # the last outcome takes the rest: (N)_D * its column, plus each other's difference
            q = _product(self.ways, pays - pays[-1])
            if dtype is not object and q.dtype == object:
                # past int64 where the result is not (a shoe of D cards or fewer: (N)_D is D! or
                # 0): the result is exact modulo 2**64 all the same (module docstring)
                q = signed_word(q % WORD)
            q = q.astype(dtype)
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
        totals = np.array([falling(int(x), self.depth) for x in n.tolist()], dtype=object)
        last = (totals[:, None] * pays[-1][None, :]).astype(dtype)
        sums: np.ndarray = out + last
        return sums

    @cached_property
    def _q_cache(self) -> dict[tuple[Any, ...], np.ndarray]:
        return {}

    @cached_property
    def _flat_factors(self) -> tuple[Callable[[np.ndarray], np.ndarray], np.ndarray]:
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


def _product(ways: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """``ways @ columns`` exactly (``ways``, ``columns``: integers): in int64 when
    ``max |ways| * max over columns of sum |entry|`` is at most 2**63 - 1 - then every
    product and partial sum is at most that in size - else in Python integers (object). A user
    bet's table holds about 100,000 terms: 20 ms of Python multiplications, 1 ms in int64.

    >>> _product(np.array([[2, 0], [3, 0]]), np.array([[1], [-1]], dtype=object)).tolist()
    [[2], [3]]
    >>> _product(np.array([[2**62, 0]]), np.array([[2], [0]], dtype=object)).tolist()  # past int64
    [[9223372036854775808]]
    """
    most = max((sum(abs(int(x)) for x in column) for column in columns.T.tolist()), default=0)
    largest = max(int(ways.max(initial=0)), -int(ways.min(initial=0)))  # Python integers: no wrap
    if largest * most <= INT64_LIMIT:
        product: np.ndarray = ways.astype(np.int64) @ columns.astype(np.int64)
        return product
    out: np.ndarray = ways.astype(object) @ columns
    return out


_FIELD = 1 << 12


def _code(kind: np.ndarray | int, a: np.ndarray | int, b: np.ndarray | int, c: np.ndarray | int) -> np.ndarray:
    """A factor as one integer: kind (0 one, 1 card, 2 shape, 3 rank, 4 value, 5 rest, 6 group)
    and up to three small fields."""
    code: np.ndarray = ((np.asarray(kind, dtype=np.int64) * _FIELD + a) * _FIELD + b) * _FIELD + c
    return code


def _decode_factor(code: int) -> Factor:
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
    if kind == 6:
        return ("group", a, b, c)
    return ("rest", a)


def _shoe_counts(shoe: Shoe, needs_suits: bool) -> tuple[list[int], list[int], list[int], int]:
    """(52 card counts, or none when not ``needs_suits``; 13 rank counts, 10 value counts, N) of
    a shoe."""
    ranks = list(shoe.ranks())
    cards = list(shoe.card_counts()) if needs_suits else []
    values = [0] * 10
    for r, c in enumerate(ranks):
        values[RANK_VALUE[r]] += c
    return cards, ranks, values, sum(ranks)


def _factor_values(factors: Sequence[Factor], positions: int, shoe: Shoe) -> list[int]:
    needs_suits = any(f[0] in ("card", "shape", "group") for f in factors)
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
            out.append(sum(_prod_falling(suit_counts, m) for m in suit_multisets(sum(shape)) if _shape(m) == shape))
        elif kind == "rank":
            out.append(falling(ranks[f[1]] - f[2], f[3]))
        elif kind == "value":
            out.append(falling(values[f[1]] - f[2], f[3]))
        elif kind == "group":
            in_group = sum(c for c, inside in zip(cards, GROUP_CARDS[f[1]].tolist()) if inside)
            out.append(falling(in_group - f[2], f[3]))
        else:  # rest
            out.append(falling(n - f[1], positions - f[1]))
    return out


def _prod_falling(counts: Sequence[int], multiplicities: Sequence[int]) -> int:
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


def _flat_factor_plan(
    factors: Sequence[Factor], positions: int
) -> tuple[Callable[[np.ndarray], np.ndarray], np.ndarray]:
    """How to compute every factor of a table for many shoes at once: from falling-factorial
    tables of the cards, ranks, values, groups, suits within ranks and the shoe size, each one
    numpy step, then gathered. Returns ``(values(counts) -> (shoes, factors) array, identity
    index)``."""
    depth = positions + 1
    kind = [f[0] for f in factors]
    pick = {
        k: [i for i, x in enumerate(kind) if x == k] for k in ("one", "card", "rank", "value", "shape", "rest", "group")
    }
    card_at = (
        np.array([factors[i][1] for i in pick["card"]], dtype=np.int64),
        np.array([factors[i][2] for i in pick["card"]], dtype=np.int64),
    )
    rank_at = tuple(np.array([factors[i][j] for i in pick["rank"]], dtype=np.int64) for j in (1, 2, 3))
    value_at = tuple(np.array([factors[i][j] for i in pick["value"]], dtype=np.int64) for j in (1, 2, 3))
    groups = sorted({factors[i][1] for i in pick["group"]})
    group_members = GROUP_CARDS[groups].T.astype(np.int64) if groups else np.zeros((52, 0), np.int64)  # (52, groups)
    group_at = (
        np.array([groups.index(factors[i][1]) for i in pick["group"]], dtype=np.int64),
        np.array([factors[i][2] for i in pick["group"]], dtype=np.int64),
        np.array([factors[i][3] for i in pick["group"]], dtype=np.int64),
    )
    shapes = sorted({factors[i][2] for i in pick["shape"]})
    shape_multisets = {
        shape: np.array([m for m in suit_multisets(sum(shape)) if _shape(m) == shape], dtype=np.int64)
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
        elif pick["card"] or pick["group"] or shapes:
            raise ValueError("these factors read suits: give 52 card counts, not 13 rank counts")
        else:
            cards, ranks = counts[:, :0], counts
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
        if pick["group"]:
            in_group = cards @ group_members.astype(counts.dtype)
            table = _falling_table(in_group[:, :, None] - taken, depth)
            out[:, pick["group"]] = table[:, group_at[0], group_at[1], group_at[2]]
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
