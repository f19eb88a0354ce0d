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

* bets decided by the drawing alone (baccarat's ``state`` path): :meth:`CompiledDeal.batch_linear`,
  one pass for all of them (each column scaled by its own bet's ``scale``); exact by residues
  modulo ``2**64`` and, where ``max|digit| * (N)_6`` could reach ``2**63``, modulo 26-bit primes,
  column by column (see that method);
* bets that read single cards (pairs, first cards, Dragon Tiger, suits): their positional table's
  :meth:`~odds.engine.positional.PositionalTable.batch_dot`, int64 where ``max|pay * scale| *
  (N)_P < 2**63`` bounds every intermediate, else Python integers;
* bets a game defines in code (player-dealer baccarat's policies): ``game.count`` shoe by shoe
  (exact, slower).

Denominators ``scale * (N)_P`` are computed with Python integers and narrowed to int64 only when
they fit.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Sequence

import numpy as np

from ..cards import RANKS, SUITS
from ..counting import falling
from ..shoe import Shoe

COUNT_LIMIT = 2**56
"""Card counts of a kind must be below this (then every int64 sum of 52 counts is exact)."""

INT64_SAFE = 2**62
"""Results below this in magnitude are handed out as int64 (:func:`_narrow`), so that a caller
may add or subtract two of them in int64."""

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

        game = self.game
        state_columns = getattr(game, "state_columns", None)
        columns = []
        self._tables = {}
        for bet in self.bet_ids:
            rule = self.paytable.rule(bet)
            column = state_columns(bet, self.pays[bet], self.scale[bet], self.paytable) if state_columns else None
            if column is not None:
                self.compiled_bets.append(bet)
                columns.append(column)
            elif rule.conditions is not None:
                self.positional_bets.append(bet)
                self._tables[bet] = compile_bet(game.deal, game.id, rule).table
            else:
                self.generic_bets.append(bet)
        if self.compiled_bets:
            self._compiled = game.compiled()
            self._folded = self._compiled.fold(np.array(columns, dtype=object).T)

    @property
    def paths(self) -> dict[str, str]:
        """Bet id -> the path that evaluates it (for messages and tests)."""
        out = {}
        for name, bets in (("compiled", self.compiled_bets), ("positional", self.positional_bets),
                           ("generic", self.generic_bets)):
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
        n = comps.sum(axis=1).tolist()
        if self.compiled_bets:
            compiled = self._compiled
            sums = np.asarray(compiled.batch_linear(value_counts(comps), self._folded), dtype=object)
            totals = [falling(int(x), compiled.max_cards) for x in n]
            for j, bet in enumerate(self.compiled_bets):
                den = np.array([self.scale[bet] * t for t in totals], dtype=object)
                out[bet] = (_narrow(sums[:, j]), _narrow(den))
        for bet in self.positional_bets:
            table = self._tables[bet]
            rule = self.paytable.rule(bet)
            column = [int(self.pays[bet][o.key] * self.scale[bet]) for o in rule.outcomes]
            counts = comps if table.needs_suits else rank_counts(comps)
            num = table.batch_dot(counts, np.array(column, dtype=object)[:, None], max(map(abs, column)))[:, 0]
            den = np.array([self.scale[bet] * falling(x, table.depth) for x in n], dtype=object)
            out[bet] = (_narrow(np.asarray(num, dtype=object)), _narrow(den))
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


def _narrow(values: np.ndarray) -> np.ndarray:
    """An object array of Python ints as int64 when every entry fits, else unchanged."""
    ints = values.tolist()
    if all(-INT64_SAFE < int(x) < INT64_SAFE for x in ints):
        return np.array(ints, dtype=np.int64).reshape(values.shape)
    return values
