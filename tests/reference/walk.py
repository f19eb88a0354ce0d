"""Tallying a reference dealer's outcomes over a shoe - three ways, none shared with ``odds``.

* :func:`every_ordering` walks every distinct ordering of a small shoe
  (``more_itertools.distinct_permutations``); each is equally likely, so a probability is a
  count of orderings over their number.
* :func:`exact_walk` walks the tree of cards the dealer actually reads, weighting each branch
  by how many of that card are left: exact probabilities for any composition, 8 decks included.
* :func:`monte_carlo` deals seeded random rounds, for a loose check on full shoes.

Each returns ``{(bet id, outcome key): probability}`` (Fractions, or floats for Monte Carlo).

>>> from reference.dealers import dragon_tiger
>>> shoe = [(1, "s"), (1, "s"), (13, "h")]
>>> every_ordering(dragon_tiger, shoe)[("tie", "tie")] == exact_walk(dragon_tiger, shoe)[("tie", "tie")]
True
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from more_itertools import distinct_permutations

SUITS = "shdc"
RANK_LETTERS = "A23456789TJQK"


def card_text(card) -> str:
    """``(12, "h")`` -> ``"Qh"``: the spelling ``odds.shoe.Shoe.from_cards`` reads."""
    return RANK_LETTERS[card[0] - 1] + card[1]


def shoe_text(cards) -> str:
    return ",".join(card_text(c) for c in cards)


def parse(text: str) -> list[tuple[int, str]]:
    """``"As,Ah,Td"`` -> ``[(1, "s"), (1, "h"), (10, "d")]`` (every card with its suit)."""
    return [(RANK_LETTERS.index(t[0]) + 1, t[1]) for t in text.split(",")]


def decks(n: int) -> list[tuple[int, str]]:
    return [(rank, suit) for _ in range(n) for rank in range(1, 14) for suit in SUITS]


def every_ordering(dealer, cards) -> dict:
    """Outcome probabilities over every distinct ordering of ``cards``."""
    tally: Counter = Counter()
    orderings = 0
    for order in distinct_permutations(cards):
        orderings += 1
        for bet, key in dealer(order).items():
            tally[bet, key] += 1
    return {k: Fraction(n, orderings) for k, n in tally.items()}


class _NeedMore(Exception):
    """The dealer asked for a card past the prefix dealt so far."""


class _Prefix:
    def __init__(self, cards):
        self.cards = cards

    def __getitem__(self, i):
        if i >= len(self.cards):
            raise _NeedMore
        return self.cards[i]


def exact_walk(dealer, cards) -> dict:
    """Exact outcome probabilities for a random order of ``cards`` (a list, duplicates allowed).

    Depth-first over the cards the dealer reads: a prefix ``c1..ck`` has probability
    ``n(c1)/N * n(c2)/(N-1) ...`` with the counts left at each step. Integer weights over the
    common denominator N(N-1)...(N-L+1), L the longest prefix, keep it exact and fast.
    """
    counts = Counter(cards)
    kinds = sorted(counts)
    total = len(cards)
    leaves: list[tuple[int, int, dict]] = []  # (product of counts, prefix length, outcome)

    def walk(prefix, weight):
        try:
            out = dealer(_Prefix(prefix))
        except _NeedMore:
            for kind in kinds:
                left = counts[kind]
                if left:
                    counts[kind] = left - 1
                    prefix.append(kind)
                    walk(prefix, weight * left)
                    prefix.pop()
                    counts[kind] = left
            return
        leaves.append((weight, len(prefix), out))

    walk([], 1)
    longest = max(length for _, length, _ in leaves)

    def falling(n, k):
        out = 1
        for i in range(k):
            out *= n - i
        return out

    denominator = falling(total, longest)
    tally: Counter = Counter()
    for weight, length, out in leaves:
        scaled = weight * falling(total - length, longest - length)  # the unread cards, any order
        for bet, key in out.items():
            tally[bet, key] += scaled
    return {k: Fraction(n, denominator) for k, n in tally.items()}


def monte_carlo(dealer, cards, rounds: int, seed: int, depth: int = 6) -> tuple[dict, int]:
    """Outcome frequencies over ``rounds`` seeded random deals of ``depth`` cards off a fresh shoe."""
    rng = random.Random(seed)
    tally: Counter = Counter()
    for _ in range(rounds):
        for bet, key in dealer(rng.sample(cards, depth)).items():
            tally[bet, key] += 1
    return {k: n / rounds for k, n in tally.items()}, rounds
