"""The exact expected value of a set of bets for many shoe compositions at once.

A composition is a row of 52 card counts (rank-major, suits ``s h d c``, as
:meth:`odds.shoe.Shoe.card_counts`). For each bet the evaluator gives, per row, the expected value
of one unit bet on the next round dealt from a random order of exactly those cards, as an exact
fraction ``num / den`` with

    num = sum_outcomes scale * pays(outcome) * count(outcome),   den = scale * total deals

(``scale`` = the least common multiple of the pays' denominators, so ``num`` is an integer).

Which path computes ``num`` depends on the bet; every path is exact for any pays and any shoe
size, and the tests compare each with ``game.count`` (the sheet path) on random compositions
(``tests/test_exactness.py``: 1 to 200 decks, pays with large co-prime denominators):

* value bets of a game with a compiled table (baccarat): :meth:`CompiledDeal.batch_linear`, one
  pass for all of them (each column scaled by its own bet's ``scale``); exact by residues modulo
  ``2**64`` and, where ``max|digit| * (N)_6`` could reach ``2**63``, modulo 26-bit primes,
  column by column (see that method); ``den = scale * (N)_6`` in Python integers;
* baccarat's pair and first-card bets: :func:`first_card_counts`, vectorised;
* games whose round uses exactly two cards (Dragon Tiger): the round compiled over the 52 x 52
  ordered pairs of card kinds from ``play_dealt``, then :func:`two_card_numerator`
  (``num = c^T P c - diag(P) . c``);
* anything else: ``game.count`` shoe by shoe (exact, slower).

The pair, first-card and two-card formulas run in numpy int64 only for a bet whose range is
proved for the batch in front of them: the same formula is first run on intervals
(:func:`odds.engine.ranges.fits_int64`: every card count in ``[0, its largest value in the
batch]``), which bounds every intermediate, numerator and denominator included; if any bound
passes ``2**63 - 1``, that bet (only) runs in Python integers. The shipped pays stay in int64 up
to about 1,000 decks (Dragon Tiger's past 100,000); a player pair priced ``11/1000000`` leaves it
at 1,745 cards, where ``10**6 * (N)_4`` passes ``2**63 - 1``. :meth:`Evaluator.numerators`
returns, per bet, int64 arrays where the values are proved to fit, else object arrays of
Python ints.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Sequence

import numpy as np

from ..cards import RANKS, SUITS
from ..counting import falling
from ..engine.ranges import fits_int64
from ..shoe import Shoe

COUNT_LIMIT = 2**56
"""Card counts of a kind must be below this (then every int64 sum of 52 counts is exact)."""

INT64_SAFE = 2**62
"""Results below this in magnitude are handed out as int64 (:func:`_narrow`), so that a caller
may add or subtract two of them in int64."""

FIRST_CARD_BETS = {"player-pair", "banker-pair", "either-pair", "perfect-pair", "dragon", "tiger",
                   "dragon-tiger-tie", "tiger-pair"}
"""Baccarat bets read off the first cards (see :func:`odds.games.baccarat.first_card_counts`)."""

CARD_OF_KIND = [(rank, suit) for rank in RANKS for suit in SUITS]
"""Card kind index (0..51) -> ``(rank, suit)``."""


def value_counts(comps52: np.ndarray) -> np.ndarray:
    """Rows of 52 card counts -> rows of 10 baccarat-value counts (index = value; 0 = T J Q K)."""
    ranks = rank_counts(comps52)
    return np.concatenate([ranks[:, 9:].sum(axis=1, keepdims=True), ranks[:, :9]], axis=1)


def rank_counts(comps52: np.ndarray) -> np.ndarray:
    """Rows of 52 card counts -> rows of 13 rank counts (index = rank - 1)."""
    comps52 = np.asarray(comps52, dtype=np.int64)
    return comps52.reshape(len(comps52), 13, 4).sum(axis=2)


class _NotTwoCards(Exception):
    """Raised by the probe draw when a round asks for a third card."""


class Evaluator:
    """Exact expected values of ``bet_ids`` (all pays from ``paytable``) for many compositions."""

    def __init__(self, game, paytable, bet_ids: Sequence[str]):
        self.game = game
        self.bet_ids = list(bet_ids)
        self.pays = {b: paytable.bet(b).pays for b in self.bet_ids}
        self.scale = {b: lcm(*(p.denominator for p in self.pays[b].values())) for b in self.bet_ids}
        self.paytable = paytable
        self.compiled_bets: list[str] = []
        self.first_card_bets: list[str] = []
        self.two_card_bets: list[str] = []
        self.generic_bets: list[str] = []
        self._proofs: dict[str, np.ndarray] = {}
        self._pair_int64: dict[str, np.ndarray] = {}
        self._scaled_pays = {b: {k: int(v * self.scale[b]) for k, v in self.pays[b].items()} for b in self.bet_ids}
        self._plan()

    # -- which path each bet takes ------------------------------------------------------------------
    def _plan(self) -> None:
        game = self.game
        compiled = game.compiled() if hasattr(game, "compiled") and hasattr(game, "state_columns") else None
        columns = []
        for bet in self.bet_ids:
            column = None
            if compiled is not None and compiled.kinds == 10 and game.bets[bet].resolution == "value":
                column = game.state_columns(bet, self.pays[bet], self.scale[bet])
            if column is not None:
                self.compiled_bets.append(bet)
                columns.append(column)
            elif bet in FIRST_CARD_BETS and getattr(game, "settle", {}).get(bet, 0) is None:
                self.first_card_bets.append(bet)
            else:
                self.generic_bets.append(bet)
        if self.compiled_bets:
            self._compiled = compiled
            self._folded = compiled.fold(np.array(columns, dtype=object).T)
        if self.generic_bets:
            matrices = self._two_card_matrices(self.generic_bets)
            if matrices is not None:
                self.two_card_bets, self.generic_bets = self.generic_bets, []
                self._pair_matrices = matrices

    def _two_card_matrices(self, bets) -> dict[str, np.ndarray] | None:
        """If every round of the game draws exactly two cards, each bet's scaled pay on each
        ordered pair of card kinds (52 x 52, from ``play_dealt``); else None."""
        if not hasattr(self.game, "play_dealt"):
            return None
        matrices = {b: np.zeros((52, 52), dtype=object) for b in bets}  # Python ints: any pay
        pays = {b: {k: int(v * self.scale[b]) for k, v in self.pays[b].items()} for b in bets}
        for i in range(52):
            for j in range(52):
                cards = [CARD_OF_KIND[i], CARD_OF_KIND[j]]

                def draw():
                    if not cards:
                        raise _NotTwoCards
                    return cards.pop(0)

                try:
                    outcomes, _ = self.game.play_dealt(draw)
                except (_NotTwoCards, NotImplementedError):
                    return None
                if cards:
                    return None  # a round that used fewer than two cards
                for b in bets:
                    matrices[b][i, j] = pays[b][outcomes[b]]
        return matrices

    @property
    def paths(self) -> dict[str, str]:
        """Bet id -> the path that evaluates it (for messages and tests)."""
        out = {}
        for name, bets in (("compiled", self.compiled_bets), ("first-cards", self.first_card_bets),
                           ("two-card", self.two_card_bets), ("generic", self.generic_bets)):
            out.update(dict.fromkeys(bets, name))
        return out

    # -- evaluation ---------------------------------------------------------------------------------
    def numerators(self, comps52) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """``{bet: (num, den)}``: arrays (int64, or object holding Python ints, chosen per bet
        and per array) with ``EV = num / den`` exactly for each composition row."""
        comps = np.asarray(comps52, dtype=np.int64).reshape(-1, 52)
        if not len(comps):  # a shoe in which no round was dealt
            return {b: (np.zeros(0, dtype=np.int64), np.ones(0, dtype=np.int64)) for b in self.bet_ids}
        if int(comps.max()) >= COUNT_LIMIT:  # (below it, no int64 sum of counts can wrap)
            raise ValueError(f"a composition holds {int(comps.max())} cards of one kind; at most {COUNT_LIMIT - 1}")
        out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        n = comps.sum(axis=1)
        if self.compiled_bets:
            compiled = self._compiled
            sums = np.asarray(compiled.batch_linear(value_counts(comps), self._folded), dtype=object)
            totals = [falling(int(x), compiled.max_cards) for x in n.tolist()]
            for j, bet in enumerate(self.compiled_bets):
                den = np.array([self.scale[bet] * t for t in totals], dtype=object)
                out[bet] = (_narrow(sums[:, j]), _narrow(den))
        if self.first_card_bets:
            out.update(self._first_card_numerators(comps))
        if self.two_card_bets:
            out.update(self._two_card_numerators(comps))
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
                out[b] = (_narrow(np.array(nums[b], dtype=object)), _narrow(np.array(dens[b], dtype=object)))
        return {b: out[b] for b in self.bet_ids}

    def _int64_proved(self, bet: str, formula, hi: np.ndarray) -> bool:
        """Whether ``formula`` runs in int64 with no intermediate (numerator and denominator
        included) past ``2**63 - 1`` on every composition whose counts are at most ``hi`` (the
        batch's column maxima): proved by running it on intervals
        (:func:`odds.engine.ranges.fits_int64`). A proof for ``hi`` covers every batch whose
        maxima are at most ``hi`` (interval arithmetic is monotone), so it is kept; a new proof
        first tries the union of the kept box and this batch's (the shoes of a count run differ
        by a few cards: after a few shoes one box covers them all)."""
        proved = self._proofs.get(bet)
        if proved is not None:
            if (hi <= proved).all():
                return True
            union = np.maximum(hi, proved)
            if fits_int64(formula, union[None, :]):
                self._proofs[bet] = union
                return True
        if fits_int64(formula, hi[None, :]):
            self._proofs[bet] = hi
            return True
        return False

    def _two_card_numerators(self, comps: np.ndarray):
        """Two-card rounds: over ordered pairs of distinct cards, ``num = c^T P c - diag(P) . c``
        (:func:`two_card_numerator`), in int64 for each bet whose range is proved, else in Python
        integers (that bet only)."""
        out = {}
        hi = comps.max(axis=0)
        for bet in self.two_card_bets:
            matrix, scale = self._pair_matrices[bet], self.scale[bet]

            def formula(cards, matrix=matrix, scale=scale):
                return two_card_numerator(matrix, scale, cards)

            if self._int64_proved(bet, formula, hi):
                if bet not in self._pair_int64:
                    self._pair_int64[bet] = matrix.astype(np.int64)
                out[bet] = two_card_numerator(self._pair_int64[bet], scale, comps)
            else:
                out[bet] = two_card_numerator(matrix, scale, comps.astype(object))
        return out

    def _first_card_numerators(self, comps: np.ndarray):
        """Pair and first-card bets, vectorised (:func:`first_card_counts`), in int64 for each bet
        whose range is proved, else in Python integers (that bet only)."""
        out = {}
        hi = comps.max(axis=0)
        shared = None  # the int64 rank counts and sizes, for every bet proved in int64
        for bet in self.first_card_bets:
            pay = self._scaled_pays[bet]
            scale = self.scale[bet]

            def formula(cards, ranks=None, n=None, bet=bet, pay=pay, scale=scale):
                return first_card_numerator(bet, pay, scale, cards, ranks, n)

            if self._int64_proved(bet, formula, hi):
                if shared is None:
                    shared = (comps.reshape(len(comps), 13, 4).sum(axis=2), comps.sum(axis=1))
                out[bet] = formula(comps, *shared)
            else:
                out[bet] = formula(comps.astype(object))
        return out

    def exact(self, comps52) -> dict[str, list[Fraction]]:
        """``{bet: [EV as a Fraction per composition]}``."""
        return {b: [Fraction(int(x), int(y)) for x, y in zip(num.tolist(), den.tolist())]
                for b, (num, den) in self.numerators(comps52).items()}

    def evaluate(self, comps52) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """``{bet: (positive, ev)}``: whether each EV is above zero (decided exactly, on the
        integer numerator) and the EV as float64 (for sums and charts)."""
        out = {}
        for bet, (num, den) in self.numerators(comps52).items():
            if num.dtype == object or den.dtype == object:
                ev = np.array([int(x) / int(y) for x, y in zip(num.tolist(), den.tolist())], dtype=np.float64)
                positive = np.array([int(x) > 0 for x in num.tolist()], dtype=bool)
            else:
                ev = num.astype(np.float64) / den.astype(np.float64)
                positive = num > 0
            out[bet] = (positive, ev)
        return out


def first_card_counts(bet: str, cards, ranks=None, n=None):
    """Outcome counts of a pair or first-card bet and their total, per row of 52 card counts
    (as :func:`odds.games.baccarat.first_card_counts`: over ordered 4-card deals for the pairs,
    2-card deals for the Dragon / Tiger bets; the common factor of the unused cards cancels in
    the ratio). Written with ``+ - * // sum reshape`` only, so that the same code runs on int64,
    on Python integers and on intervals (:mod:`odds.engine.ranges`). ``ranks`` (13 rank counts
    per row) and ``n`` (cards per row) are derived from ``cards`` unless given.

    >>> aces_and_kings = np.array([[2, 0] + [0] * 48 + [1, 1]])  # As As Kd Kc: 8 of 24 orders pair the player
    >>> counts, total = first_card_counts("player-pair", aces_and_kings)
    >>> {k: int(v[0]) for k, v in counts.items()}, int(total[0])
    ({'pair': 8, 'no-pair': 16}, 24)
    """
    ranks = cards.reshape(len(cards), 13, 4).sum(axis=2) if ranks is None else ranks
    n = cards.sum(axis=1) if n is None else n

    def f2(c):
        return c * (c - 1)

    def f4(c):
        return c * (c - 1) * (c - 2) * (c - 3)

    def pair_stats(c):
        s2 = f2(c).sum(axis=1)
        one = s2 * (n - 2) * (n - 3)
        both = s2 * s2 - (f2(c) ** 2).sum(axis=1) + f4(c).sum(axis=1)
        return one, both

    if bet in ("dragon", "tiger", "dragon-tiger-tie"):
        equal = f2(ranks).sum(axis=1)
        total2 = n * (n - 1)
        if bet == "dragon-tiger-tie":
            return {"tie": equal, "no-tie": total2 - equal}, total2
        higher = (n * n - (ranks * ranks).sum(axis=1)) // 2  # sum over r > s of c_r c_s
        return {"dragon-wins": higher, "tie": equal, "tiger-wins": higher}, total2
    total4 = n * (n - 1) * (n - 2) * (n - 3)
    if bet in ("player-pair", "banker-pair", "either-pair", "perfect-pair"):
        one, both = pair_stats(cards if bet == "perfect-pair" else ranks)
        hit = one if bet in ("player-pair", "banker-pair") else 2 * one - both
        keys = ("perfect-pair", "no-perfect-pair") if bet == "perfect-pair" else ("pair", "no-pair")
        return {keys[0]: hit, keys[1]: total4 - hit}, total4
    if bet != "tiger-pair":
        raise ValueError(f"{bet} is not a first-card bet")
    one, both = pair_stats(ranks)
    same_rank = f4(ranks).sum(axis=1)
    groups = f2(cards).reshape(len(cards), 13, 4)
    cross = sum(groups[:, :, i] * groups[:, :, j] for i in range(4) for j in range(i + 1, 4))
    same_cards = f4(cards).sum(axis=1) + 4 * cross.sum(axis=1)
    return {"same-cards": same_cards, "same-rank": same_rank - same_cards,
            "both-pairs": both - same_rank, "one-pair": 2 * one - 2 * both,
            "no-pair": total4 - 2 * one + both}, total4


def first_card_numerator(bet: str, pay: dict[str, int], scale: int, cards, ranks=None, n=None):
    """``(num, den)`` of a first-card bet: ``sum_k pay[k] * count[k]`` over ``scale * total``
    (``pay``: the pays times ``scale``, integers)."""
    counts, total = first_card_counts(bet, cards, ranks, n)
    return sum(pay[k] * c for k, c in counts.items()), scale * total


def two_card_numerator(matrix, scale: int, cards):
    """``(num, den)`` of a bet on a two-card round with scaled pay ``matrix[i, j]`` when card
    kinds ``i`` then ``j`` are dealt: over ordered pairs of distinct cards,
    ``num = c^T P c - diag(P) . c`` and ``den = scale * N (N - 1)``."""
    n = cards.sum(axis=1)
    return ((cards @ matrix) * cards).sum(axis=1) - cards @ matrix.diagonal(), scale * n * (n - 1)


def _narrow(values: np.ndarray) -> np.ndarray:
    """An object array of Python ints as int64 when every entry fits, else unchanged."""
    ints = values.tolist()
    if all(-INT64_SAFE < int(x) < INT64_SAFE for x in ints):
        return np.array(ints, dtype=np.int64).reshape(values.shape)
    return values
